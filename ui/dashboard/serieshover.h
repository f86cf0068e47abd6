#pragma once

#include <QString>

#include <functional>

class QAbstractBarSeries;
class QXYSeries;

namespace mltco::ui {

class ChartView;

/// Hover tooltips with exact values, for any chart of the app. The text comes from the caller's data, never
/// from the plotted (scaled, rounded) coordinates, so a tooltip always shows the exact unscaled figure.

/// Calling either again for the same series and view replaces its tips.

/// While the pointer is over `series`, shows `tip(i)` for the point i nearest to it (by x).
void connectHoverTips(ChartView *view, QXYSeries *series, std::function<QString(int pointIndex)> tip);
/// While the pointer is over a bar of `series`, shows `tip(setIndex, categoryIndex)`; setIndex is the bar
/// set's position in the series.
void connectHoverTips(ChartView *view, QAbstractBarSeries *series,
                      std::function<QString(int setIndex, int categoryIndex)> tip);

/// Index of the point of `series` whose x is nearest `x`; -1 for an empty series.
int nearestPointIndex(const QXYSeries *series, double x);

} // namespace mltco::ui

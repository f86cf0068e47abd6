#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QAbstractBarSeries;
class QChart;
class QValueAxis;
class QXYSeries;

namespace mltco::ui {

class ChartView;

// Small helpers every calculator chart shares, so they look alike: same fonts, margins, colours and tooltips.
namespace calcchart {

inline constexpr QRgb kSpendColor = 0xff3b75af; ///< what is still paid
inline constexpr QRgb kSavedColor = 0xff8cc998; ///< what a measure saves
inline constexpr QRgb kMarkColor = 0xffc0392b;  ///< break-even lines, thresholds
inline constexpr QRgb kIdealColor = 0xff8a939c; ///< reference lines (ideal scaling)

/// A chart with the calculators' look: no animation (it is rebuilt on every keystroke), legend at the bottom.
QChart *makeChart(const QString &title);
/// A value axis with a title and a printf label format, attached to `chart` at `alignment`.
QValueAxis *addValueAxis(QChart *chart, Qt::Alignment alignment, const QString &title, double min, double max,
                         const QString &labelFormat);

/// Tooltip with the exact value of the point of `series` nearest the pointer.
void connectPointTips(ChartView *view, QXYSeries *series, std::function<QString(int pointIndex)> tip);
/// Tooltip with the exact value of the bar under the pointer.
void connectBarTips(ChartView *view, QAbstractBarSeries *series, std::function<QString(int setIndex, int index)> tip);

/// A stacked bar per step: what is still spent, with what the steps so far saved on top, so the first
/// bar is the bill before and each next bar what is left after one more measure. `spend` holds the spend
/// after each step; spend.front() is the bill before any. Money axis titled `axisTitle` (per month).
QChart *stepBarsChart(const QString &title, const QStringList &steps, const std::vector<double> &spend,
                      const QString &axisTitle, ChartView *view);

} // namespace calcchart
} // namespace mltco::ui

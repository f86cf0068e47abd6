#pragma once

#include "models/analytics/analysis.h"

#include <QString>

class QChart;

namespace mltco::ui::risk {

/// The fan chart: for each scenario a band from P10 to P90 of cumulative cost by month, and its P50 as a line.
QChart *fanChart(const tco::AnalysisResult &result);
/// A histogram of each scenario's totals over the trials (needs the result's samples), as outlines so that
/// overlapping scenarios stay readable.
QChart *histogramChart(const tco::AnalysisResult &result);
/// The tornado of one scenario: a bar per parameter from its total at low to its total at high, around the
/// plan's total, largest swing on top. At most `bars` bars; each input's name shortened in the middle to `labelWidth`
/// pixels at most (tornadoLabelWidth()).
QChart *tornadoChart(const tco::AnalysisResult &result, const QString &scenario, double baseTotal, int bars = 10,
                     int labelWidth = 240);
/// How wide the tornado's names may be in a view `viewWidth` pixels wide: QtCharts gives the axis beside the plot
/// at most two fifths of the chart and draws a longer name past the chart's edge, cut ("t of one engineer per
/// year"). In steps of 20 pixels, so that a small resize keeps the chart as it is; 240 at most.
int tornadoLabelWidth(int viewWidth);
/// The shape of one distribution (its density, from the quantile function), for the editor's preview.
QChart *distributionPreview(const tco::Uncertainty &entry);

/// "GPU demand per month (workload)" for a workload parameter, "Price per instance-hour": a tornado bar's label.
QString tornadoLabel(const tco::TornadoEntry &entry);

} // namespace mltco::ui::risk

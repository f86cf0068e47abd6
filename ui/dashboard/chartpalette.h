#pragma once

#include "models/tco/result.h"

#include <QColor>
#include <QFont>
#include <QString>

class QChart;

namespace mltco::ui {

/// The one definition of the colours and names charts use, so a category or a scenario looks the same on
/// every page (dashboard, scenario detail, reports). Other pages should include this header rather than pick
/// their own colours.
namespace palette {

/// Fill colour of a cost category. Resale (a credit) is green; the costs are distinct, print-safe hues.
QColor categoryColor(tco::Category category);
/// "Compute", "Capex", "Resale", ...: the category in words for legends and tooltips.
QString categoryLabel(tco::Category category);
/// Line colour of the scenario at `index` in the plan: 16 distinct colours, then they repeat.
QColor scenarioColor(int index);

/// Fonts and margins shared by the dashboard's charts: a compact title and axis titles small enough to fit
/// "Cumulative (USD millions)" along a short axis. Call after the chart's axes are added.
void styleChart(QChart *chart);

} // namespace palette
} // namespace mltco::ui

#pragma once

#include "models/analytics/fleetoptimizer.h"

class QChart;

namespace mltco::ui::fleet {

/// The fleet plan month by month (model.md §11.4): what the owned servers and the reserved instances serve at most
/// (stacked areas), against the demand's P10–P90 band and its median over the futures; what lies above the layers is
/// the burst's. In reference GPU-hours a month.
QChart *timelineChart(const tco::OptimizeAnswer &answer);

/// The efficient frontier: each risk level's optimum as its expected cost (mean NPV) against its cost in the worst
/// futures (CVaR at that level), joined from "cheapest on average" to "safest", the answer's point marked.
QChart *frontierChart(const tco::OptimizeAnswer &answer);

} // namespace mltco::ui::fleet

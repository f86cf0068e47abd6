#pragma once

#include "models/plan/planevaluation.h"

#include <QString>

#include <optional>

namespace mltco::ui {

/// The headline figures of an evaluated plan, worked out once per refresh so the cards, the charts and the
/// tests all read the same answer.
///
/// "Cheapest" compares only scenarios that meet demand (model.md §5: a scenario that serves less is cheaper
/// because it does less). Only when no scenario meets demand does it fall back to all of them, and says so.
struct DashboardSummary final
{
    int baseline = -1;                    ///< the plan's first scenario, what savings are measured against
    int cheapest = -1;                    ///< index of the cheapest scenario (see meetsDemandOnly)
    bool meetsDemandOnly = true;          ///< cheapest was chosen among scenarios that meet demand
    int cheaperWithUnmet = -1;            ///< the cheapest of all when it falls short of demand (else -1)
    double saving = 0.0;                  ///< baseline total - cheapest total
    std::optional<double> savingFraction; ///< saving / baseline total; none when the baseline costs nothing
    int unmetCount = 0;                   ///< scenarios that do not meet demand

    /// The break-even the headline asks about (tco::headlineBreakEven): the headline purchase against the plan's one
    /// counterpart, the cheapest cloud option that meets the demand.
    std::optional<tco::HeadlineBreakEven> breakEven;

    static DashboardSummary compute(const tco::PlanResult &result);
};

/// served / demand, 1 when there is no demand.
double servedFraction(const tco::ScenarioResult &result);
/// "62 %" (never rounded up to "100 %" for a scenario that falls short).
QString servedPercent(const tco::ScenarioResult &result);
/// "serves only 62 % of demand — cheaper because it does less", or empty when demand is met.
QString unmetDemandNote(const tco::ScenarioResult &result);
/// ", after tax at 21 %" when the plan takes the after-tax view (model.md §10.5), else empty: every money title
/// carries it so a figure is never read as pre-tax.
QString afterTaxNote(const tco::Workload &workload);
/// The scenario's name, flagged "(62 % of demand)" when it falls short; for legends and axis labels.
QString flaggedName(const tco::EvaluatedScenario &scenario);

} // namespace mltco::ui

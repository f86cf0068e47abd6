#include "ui/dashboard/dashboardsummary.h"

#include "models/report/format.h"

#include <QCoreApplication>

#include <cmath>

namespace mltco::ui {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("DashboardSummary", text);
}

} // namespace

DashboardSummary DashboardSummary::compute(const tco::PlanResult &result)
{
    DashboardSummary s;
    const auto &scenarios = result.scenarios;
    if (scenarios.empty())
        return s;
    s.baseline = 0;

    // The same cheapest as the report and the executive summary; only when none meets the demand does the card
    // fall back to the cheapest of all, and say so (the summary then recommends none).
    const int cheapestMeeting = tco::cheapestMeetingDemand(result);
    int cheapestAll = -1;
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        const tco::ScenarioResult &r = scenarios[i].result;
        if (cheapestAll < 0 || r.total < scenarios[static_cast<std::size_t>(cheapestAll)].result.total)
            cheapestAll = static_cast<int>(i);
        if (r.hasUnmetDemand())
            ++s.unmetCount;
    }
    s.meetsDemandOnly = cheapestMeeting >= 0;
    s.cheapest = s.meetsDemandOnly ? cheapestMeeting : cheapestAll;
    if (s.meetsDemandOnly && cheapestAll != cheapestMeeting)
        s.cheaperWithUnmet = cheapestAll;

    const double baselineTotal = scenarios.front().result.total;
    s.saving = baselineTotal - scenarios[static_cast<std::size_t>(s.cheapest)].result.total;
    if (std::fabs(baselineTotal) > 0.0)
        s.savingFraction = s.saving / baselineTotal;

    s.breakEven = tco::headlineBreakEven(result);
    return s;
}

double servedFraction(const tco::ScenarioResult &result)
{
    return result.demand > 0.0 ? result.served / result.demand : 1.0;
}

QString servedPercent(const tco::ScenarioResult &result)
{
    return report::servedShare(servedFraction(result));
}

QString unmetDemandNote(const tco::ScenarioResult &result)
{
    if (!result.hasUnmetDemand())
        return {};
    return tr("serves only %1 of demand — cheaper because it does less").arg(servedPercent(result));
}

QString afterTaxNote(const tco::Workload &workload)
{
    return workload.taxRate > 0.0 ? tr(", after tax at %1").arg(report::percent(workload.taxRate, 0)) : QString();
}

QString flaggedName(const tco::EvaluatedScenario &scenario)
{
    if (!scenario.result.hasUnmetDemand())
        return scenario.name;
    return tr("%1 (⚠ %2 of demand)").arg(scenario.name, servedPercent(scenario.result));
}

} // namespace mltco::ui

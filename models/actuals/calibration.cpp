#include "models/actuals/calibration.h"

#include "models/report/format.h"

#include <algorithm>
#include <cmath>

namespace mltco::actuals {

ObservedUse observeUse(const QList<MonthActual> &actuals)
{
    ObservedUse use;
    std::array<double, kPricingCategoryCount> hours{}, cost{};
    double total = 0.0;
    for (const MonthActual &m : actuals) {
        ++use.months;
        total += m.gpuHours;
        for (std::size_t c = 0; c < hours.size(); ++c) {
            hours[c] += m.gpuHoursByCategory[c];
            cost[c] += m.byCategory[c];
        }
    }
    if (use.months == 0)
        return use;
    use.gpuHoursPerMonth = total / use.months;
    const auto at = [](const auto &a, PricingCategory c) { return a[std::size_t(c)]; };
    if (total > 0) {
        use.onDemandShare = at(hours, PricingCategory::Standard) / total;
        use.dynamicShare = at(hours, PricingCategory::Dynamic) / total;
        use.committedShare = at(hours, PricingCategory::Committed) / total;
    }
    if (at(hours, PricingCategory::Standard) > 0)
        use.onDemandRate = at(cost, PricingCategory::Standard) / at(hours, PricingCategory::Standard);
    if (at(hours, PricingCategory::Committed) > 0)
        use.committedRate = at(cost, PricingCategory::Committed) / at(hours, PricingCategory::Committed);
    if (use.onDemandRate && use.committedRate && *use.onDemandRate > 0)
        use.effectiveDiscount = 1.0 - *use.committedRate / *use.onDemandRate;
    return use;
}

namespace {

// GPU-hours billed only while they work: what a pay-per-use scenario (elastic, or a hybrid's or mix's burst with its
// base) is billed for is the work done.
bool billsWork(tco::ScenarioKind kind)
{
    return kind == tco::ScenarioKind::Elastic || tco::isComposite(kind);
}

void suggest(QList<Suggestion> &out, tco::ParamId id, bool workload, std::optional<double> current, double value,
             const QString &reason)
{
    const tco::ParameterInfo &info = tco::parameterInfo(id);
    if (info.type == tco::ParamType::Integer)
        value = std::round(value);
    if (!std::isfinite(value) || !tco::isAllowedValue(info, value))
        return;
    if (current && std::abs(*current - value) <= 0.01 * std::max(std::abs(value), 1e-9))
        return;
    out.append(Suggestion{id, workload, current, value, reason});
}

} // namespace

QList<Suggestion> calibrationSuggestions(const ObservedUse &use, const tco::Workload &workload,
                                         const tco::Scenario &scenario)
{
    QList<Suggestion> out;
    if (use.months == 0)
        return out;
    const tco::ScenarioKind kind = tco::scenarioKind(scenario);
    const double speedup = tco::parameterValue(scenario, tco::ParamId::Speedup).value_or(1.0);
    // Billed GPU-hours are the work done only where GPUs are paid for while they work (elastic, and a hybrid's burst
    // with its base): an always-on box or a rented pool bills its idle hours too, so its hours are capacity paid for,
    // not demand, and are not offered as the workload's demand.
    const bool payPerUse = billsWork(kind);
    if (use.gpuHoursPerMonth > 0 && payPerUse)
        suggest(out, tco::ParamId::DemandGpuHours, true, tco::parameterValue(workload, tco::ParamId::DemandGpuHours),
                use.gpuHoursPerMonth * speedup,
                QStringLiteral("%1 GPU-hours a month billed on average over %2 months, × the scenario's speedup %3 "
                               "(the plan counts reference GPU-hours)")
                    .arg(report::grouped(use.gpuHoursPerMonth, 0))
                    .arg(use.months)
                    .arg(report::grouped(speedup, 2)));
    if (tco::usesParameter(kind, tco::ParamId::CommitFraction) && use.committedShare)
        suggest(out, tco::ParamId::CommitFraction, false, tco::parameterValue(scenario, tco::ParamId::CommitFraction),
                *use.committedShare,
                QStringLiteral("%1 of the billed GPU-hours ran under a commitment (on demand %2, spot %3)")
                    .arg(report::percent(*use.committedShare, 0), report::percent(use.onDemandShare.value_or(0), 0),
                         report::percent(use.dynamicShare.value_or(0), 0)));
    if (tco::usesParameter(kind, tco::ParamId::CommitDiscount) && use.effectiveDiscount)
        suggest(out, tco::ParamId::CommitDiscount, false, tco::parameterValue(scenario, tco::ParamId::CommitDiscount),
                *use.effectiveDiscount,
                QStringLiteral("committed GPU-hours cost %1 each against %2 on demand (effective cost, unused "
                               "commitment included)")
                    .arg(report::money(*use.committedRate), report::money(*use.onDemandRate)));
    return out;
}

QString demandNotSuggested(const ObservedUse &use, const tco::Workload &workload, const tco::Scenario &scenario,
                           const QString &scenarioName)
{
    const QList<Suggestion> offered = calibrationSuggestions(use, workload, scenario);
    if (std::any_of(offered.begin(), offered.end(),
                    [](const Suggestion &s) { return s.parameter == tco::ParamId::DemandGpuHours; }))
        return {};
    if (use.months == 0 || use.gpuHoursPerMonth <= 0)
        return QStringLiteral("The bills carry no GPU-hours, so they say nothing of the demand.");
    const tco::ScenarioKind kind = tco::scenarioKind(scenario);
    if (!billsWork(kind))
        return QStringLiteral("Demand from the billed GPU-hours is offered only against a pay-per-use scenario (elastic, "
                              "or a hybrid or mix that bursts): \u201c%1\u201d is billed for its idle hours too, so its "
                              "%2 GPU-hours a month are capacity paid for, not work done. Hold the bills against a "
                              "pay-per-use scenario to calibrate the demand.")
            .arg(scenarioName, report::grouped(use.gpuHoursPerMonth, 0));
    return QStringLiteral("The plan's demand already matches the %1 GPU-hours a month the bills show (within 1 %), or "
                          "the bills' figure is outside what the demand allows.")
        .arg(report::grouped(use.gpuHoursPerMonth, 0));
}

} // namespace mltco::actuals

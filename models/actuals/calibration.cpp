#include "models/actuals/calibration.h"

#include "models/report/format.h"

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
    const bool payPerUse = kind == tco::ScenarioKind::Elastic || tco::isComposite(kind);
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

} // namespace mltco::actuals

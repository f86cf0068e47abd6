// The parameter table's checks: what a workload, a scenario, a schedule, terms, a financing or a mix cannot be, and
// which assumptions change no figure under the others. The table itself and the generic access are in parameters.cpp.
#include "models/plan/parameters.h"

#include <cmath>

namespace mltco::tco {

using I = ParamId;

QStringList validateWorkload(const Workload &workload)
{
    QStringList problems;
    for (ParamId id : workloadParameters()) {
        const ParameterInfo &info = parameterInfo(id);
        const std::optional<double> value = parameterValue(workload, id);
        if (value && !isAllowedValue(info, *value))
            problems << QStringLiteral("%1: must be %2").arg(QLatin1String(info.key), allowedValues(info));
    }
    problems << validateDemandSteps(workload.demandSteps, workload.horizonMonths);
    return problems;
}

QStringList validateDemandSteps(const std::vector<DemandStep> &steps, int horizonMonths)
{
    QStringList problems;
    const ParameterInfo &info = parameterInfo(ParamId::DemandSteps);
    int previous = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const DemandStep &step = steps[i];
        const QString path = QStringLiteral("%1[%2]").arg(QLatin1String(info.key)).arg(i);
        if (step.month < 1 || step.month > horizonMonths)
            problems << QStringLiteral("%1: month %2 is outside the horizon (1 to %3)")
                            .arg(path)
                            .arg(step.month)
                            .arg(horizonMonths);
        else if (step.month <= previous)
            problems << QStringLiteral("%1: month %2 must come after month %3 of the step before")
                            .arg(path)
                            .arg(step.month)
                            .arg(previous);
        if (!std::isfinite(step.gpuHours) || step.gpuHours < 0 || step.gpuHours > info.max)
            problems << QStringLiteral("%1: gpu_hours must be a number from 0 to %2").arg(path, formatBound(info.max));
        previous = std::max(previous, step.month);
    }
    return problems;
}

QStringList validateScenario(const Scenario &scenario)
{
    QStringList problems;
    const ParameterInfo &tiersInfo = parameterInfo(ParamId::BulkDiscounts);
    for (ParamId id : scenarioParameters(scenarioKind(scenario))) {
        const ParameterInfo &info = parameterInfo(id);
        if (!isNumericParameter(id))
            continue;
        const std::optional<double> value = parameterValue(scenario, id);
        if (value && !isAllowedValue(info, *value))
            problems << QStringLiteral("%1: must be %2").arg(QLatin1String(info.key), allowedValues(info));
    }
    if (const auto *reserved = std::get_if<ReservedScenario>(&scenario))
        problems << reservedTermProblems(*reserved, 0);
    if (const auto *mix = std::get_if<MixScenario>(&scenario))
        problems << mixLayerProblems(*mix);
    if (const auto *purchase = std::get_if<PurchaseScenario>(&scenario)) {
        problems << financingProblems(*purchase) << generationProblems(*purchase, 0);
        const ParameterInfo &servers = parameterInfo(ParamId::Servers);
        for (std::size_t i = 0; i < purchase->bulkDiscounts.size(); ++i) {
            const BulkTier &tier = purchase->bulkDiscounts[i];
            if (tier.minServers < 1 || tier.minServers > servers.max || !isAllowedValue(tiersInfo, tier.fraction))
                problems << QStringLiteral("bulk_discounts[%1]: must be [min_servers, fraction] with min_servers an "
                                           "integer from 1 to %2 and fraction a number from 0 to %3")
                                .arg(i)
                                .arg(formatBound(servers.max), formatBound(tiersInfo.max));
        }
    }
    return problems;
}

QStringList purchaseScheduleProblems(const PurchaseScenario &s, int horizonMonths)
{
    QStringList problems;
    const bool toDemand = s.expansion == Expansion::ToDemand;
    if (toDemand && !s.purchases.empty())
        problems << QStringLiteral("purchases: a purchase schedule cannot be combined with expansion to_demand (the "
                                   "fleet would follow demand and the schedule at once)");
    if (toDemand && s.leadTimeMonths > 0)
        problems << QStringLiteral("lead_time_months: a lead time cannot be combined with expansion to_demand");
    if (horizonMonths < 1)
        return problems; // the workload's own problem says why; nothing can serve in no months
    const int lead = s.leadTimeMonths;
    const int first = std::max(1, s.availableFromMonth);
    if (s.servers > 0 && first + lead > horizonMonths)
        problems << QStringLiteral("lead_time_months: the servers bought in month %1 would enter service in month %2, "
                                   "after the %3-month horizon: they would never serve")
                        .arg(first)
                        .arg(first + lead)
                        .arg(horizonMonths);
    int previous = 0;
    for (std::size_t j = 0; j < s.purchases.size(); ++j) {
        const ScheduledPurchase &entry = s.purchases[j];
        const QString path = QStringLiteral("purchases[%1]: ").arg(j);
        if (entry.month <= previous)
            problems << path + QStringLiteral("month %1 must come after month %2 of the purchase before")
                                   .arg(entry.month)
                                   .arg(previous);
        else if (entry.servers < 1)
            problems << path + QStringLiteral("must buy at least one server");
        else if (entry.month + lead > horizonMonths)
            problems << path + (lead > 0 ? QStringLiteral("bought in month %1 with a %2-month lead time, they would "
                                                          "enter service in month %3, after the %4-month horizon: "
                                                          "they would never serve")
                                               .arg(entry.month)
                                               .arg(lead)
                                               .arg(entry.month + lead)
                                               .arg(horizonMonths)
                                         : QStringLiteral("month %1 is after the horizon (%2 months)")
                                               .arg(entry.month)
                                               .arg(horizonMonths));
        previous = std::max(previous, entry.month);
    }
    return problems;
}

QStringList generationProblems(const PurchaseScenario &s, int horizonMonths, bool averageLoadGiven)
{
    QStringList problems;
    const int first = s.availableFromMonth;
    const bool toDemand = s.expansion == Expansion::ToDemand;
    if (horizonMonths >= 1 && first > horizonMonths)
        problems << QStringLiteral("available_from_month: month %1 is after the %2-month horizon: nothing could be "
                                   "bought")
                        .arg(first)
                        .arg(horizonMonths);
    if (first > 1 && s.servers > 0 && !toDemand)
        problems << QStringLiteral("servers: %1 server(s) paid in month 1, before this hardware is on sale in month %2 "
                                   "(available_from_month); buy them with purchases from month %2, or set servers to 0")
                        .arg(s.servers)
                        .arg(first);
    for (std::size_t j = 0; j < s.purchases.size(); ++j)
        if (s.purchases[j].month < first)
            problems << QStringLiteral("purchases[%1]: paid in month %2, before this hardware is on sale in month %3 "
                                       "(available_from_month)")
                            .arg(j)
                            .arg(s.purchases[j].month)
                            .arg(first);
    if (s.successorMonth && horizonMonths >= 1 && *s.successorMonth > horizonMonths)
        problems << QStringLiteral("successor_month: month %1 is after the %2-month horizon (leave it out when the "
                                   "successor ships later)")
                        .arg(*s.successorMonth)
                        .arg(horizonMonths);
    if (!s.successorMonth && s.successorValueDrop > 0.0)
        problems << QStringLiteral("successor_value_drop: needs successor_month (the month the next generation ships)");
    if (s.idlePowerFraction && averageLoadGiven)
        problems << QStringLiteral("idle_power_fraction: give either idle_power_fraction (the load follows what the "
                                   "servers serve) or average_load (a fixed load), not both");
    if (s.paidAtOrderFraction != 1.0 && s.financing != tco::Financing::Cash)
        problems << QStringLiteral("paid_at_order_fraction: only with cash (with a %1 the financier pays the vendor)")
                        .arg(financingKey(s.financing));
    return problems;
}

QStringList reservedTermProblems(const ReservedScenario &s, int horizonMonths)
{
    QStringList problems;
    const ParameterInfo &info = parameterInfo(ParamId::Terms);
    const ParameterInfo &term = parameterInfo(ParamId::CommitTermMonths);
    for (std::size_t j = 0; j < s.terms.size(); ++j) {
        const ReservedTerm &t = s.terms[j];
        const QString path = QStringLiteral("terms[%1]: ").arg(j);
        if (t.startMonth < 1 || (horizonMonths > 0 && t.startMonth > horizonMonths))
            problems << path + QStringLiteral("start month %1 is outside the horizon (1 to %2)")
                                   .arg(t.startMonth)
                                   .arg(horizonMonths);
        if (t.instances < 1 || t.instances > info.max)
            problems << path + QStringLiteral("instances must be an integer from 1 to %1").arg(formatBound(info.max));
        if (t.termMonths < term.min || t.termMonths > term.max)
            problems << path + QStringLiteral("term_months must be an integer from %1 to %2")
                                   .arg(formatBound(term.min), formatBound(term.max));
    }
    return problems;
}

QStringList financingProblems(const PurchaseScenario &s)
{
    QStringList problems;
    if (s.financing == tco::Financing::Loan) {
        if (!s.loanRate)
            problems << QStringLiteral("loan_rate: required with \"financing\": \"loan\" (the annual interest rate, "
                                       "e.g. 0.12)");
        if (!s.loanTermMonths)
            problems << QStringLiteral("loan_term_months: required with \"financing\": \"loan\" (the months of "
                                       "repayment, e.g. 36)");
    }
    if (s.leaseRateFactor && s.leasePaymentPerServerMonth)
        problems << QStringLiteral("lease_payment_per_server_month: give either lease_rate_factor or "
                                   "lease_payment_per_server_month, not both");
    else if (s.financing == tco::Financing::Lease && !s.leaseRateFactor && !s.leasePaymentPerServerMonth)
        problems << QStringLiteral("lease_rate_factor: a lease needs lease_rate_factor (the monthly payment per "
                                   "dollar of the price, e.g. 0.03) or lease_payment_per_server_month");
    return problems;
}

QString parameterWithoutEffect(const Scenario &scenario, const Workload &workload, ParamId id, bool *forComparisonOnly)
{
    if (forComparisonOnly)
        *forComparisonOnly = false;
    const auto onlyForComparison = [&](tco::Financing financing) {
        if (forComparisonOnly)
            *forComparisonOnly = true;
        return QStringLiteral("used only by the financing comparison (financing is %1)").arg(financingKey(financing));
    };
    const auto *p = std::get_if<PurchaseScenario>(&scenario);
    if (!p)
        return {};
    switch (id) {
    case I::ElectricityPerKwh:
    case I::ElectricityPriceTrend:
    case I::AverageLoad:
    case I::Pue:
    case I::IdlePowerFraction:
    case I::ColocationPerKwMonth:
        if (p->powerKwPerServer == 0.0)
            return id == I::ColocationPerKwMonth
                       ? QStringLiteral("no effect while power per server is 0 kW (no kilowatts are contracted)")
                       : QStringLiteral("no effect while power per server is 0 kW (power is inside facilities)");
        if (id == I::AverageLoad && p->idlePowerFraction)
            return QStringLiteral("no effect while idle power is given (the load follows what the servers serve)");
        break;
    case I::SuccessorValueDrop:
        if (!p->successorMonth)
            return QStringLiteral("no effect without the month the successor ships");
        if (p->financing == tco::Financing::Lease)
            return QStringLiteral("no effect on a lease (the lessor keeps the servers)");
        break;
    case I::PaidAtOrderFraction:
        if (p->leadTimeMonths == 0)
            return QStringLiteral("no effect without a lead time (order and delivery fall in the same month)");
        break;
    case I::BonusDepreciationFraction:
        if (p->financing == tco::Financing::Lease)
            return QStringLiteral("no effect on a lease (nothing is owned)");
        if (workload.taxRate == 0.0)
            return QStringLiteral("no effect at a 0 % tax rate (it enters only the tax)");
        break;
    case I::TargetUtilization:
        if (p->expansion != Expansion::ToDemand)
            return QStringLiteral("no effect unless the fleet follows demand (expansion)");
        break;
    case I::Depreciation:
    case I::DepreciationMonths:
        if (p->financing == tco::Financing::Lease)
            return QStringLiteral("no effect on a lease (nothing is owned)");
        if (workload.taxRate == 0.0)
            return QStringLiteral("no effect at a 0 % tax rate (it enters only the tax)");
        if (id == I::DepreciationMonths && p->depreciation == Depreciation::Macrs5)
            return QStringLiteral("no effect with macrs_5 (its schedule is fixed)");
        break;
    case I::HoldingMonths:
        if (workload.horizonMonths > 0 && p->holdingMonths >= workload.horizonMonths && p->financing != tco::Financing::Lease)
            return QStringLiteral("no sale within the %1-month plan: the servers' value at its end is credited as "
                                  "the residual (under resale)")
                .arg(workload.horizonMonths);
        break;
    case I::ResaleFraction:
        if (p->financing == tco::Financing::Lease)
            return QStringLiteral("no effect on a lease (the lessor keeps the servers)");
        break;
    case I::CreditResidualAtHorizon:
        if (p->financing == tco::Financing::Lease)
            return QStringLiteral("no effect on a lease (the lessor keeps the servers)");
        break;
    case I::LoanRate:
    case I::LoanTermMonths:
    case I::DownPaymentFraction:
        if (p->financing != tco::Financing::Loan)
            return onlyForComparison(p->financing);
        break;
    case I::LeaseRateFactor:
    case I::LeasePaymentPerServerMonth:
    case I::LeaseTermMonths:
        if (p->financing != tco::Financing::Lease)
            return onlyForComparison(p->financing);
        if (id == I::LeaseTermMonths)
            return QStringLiteral("changes no figure: every lease renews at the same payment until the plan ends");
        break;
    default:
        break;
    }
    return {};
}

QStringList mixLayerProblems(const MixScenario &s)
{
    QStringList problems;
    if (s.layers.isEmpty())
        problems << QStringLiteral("layers: a mix needs at least one layer");
    for (qsizetype j = 0; j < s.layers.size(); ++j) {
        const qsizetype first = s.layers.indexOf(s.layers[j]);
        if (first < j)
            problems << QStringLiteral("layers[%1]: \"%2\" is already layers[%3]; a layer serves once")
                            .arg(j)
                            .arg(s.layers[j])
                            .arg(first);
    }
    return problems;
}

} // namespace mltco::tco

#include "models/tco/resultjson.h"

#include <QJsonArray>

namespace mltco::tco {

namespace {

QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject scenarioResultToJson(const EvaluatedScenario &scenario)
{
    const ScenarioResult &r = scenario.result;
    QJsonArray annual;
    for (const YearSum &year : r.years)
        annual.append(year.total);
    QJsonObject byCategory;
    for (Category category : kCategories)
        byCategory.insert(QLatin1String(categoryKey(category)), r.categoryTotal(category));
    const QString fleetKey = scenario.fleetKey();
    const bool purchase = !r.cohorts.empty() || scenario.kind() == ScenarioKind::Purchase ||
                          scenario.baseKind == ScenarioKind::Purchase;
    const bool hybrid = scenario.kind() == ScenarioKind::Hybrid;
    QJsonArray months;
    for (const MonthRow &row : r.months) {
        QJsonObject month{
            {QStringLiteral("month"), row.month},
            {QStringLiteral("total"), row.total},
            {QStringLiteral("capacity_gpu_hours"), row.capacity},
            {QStringLiteral("demand_gpu_hours"), row.demand},
        };
        for (Category category : kCategories)
            month.insert(QLatin1String(categoryKey(category)), row.at(category));
        if (!fleetKey.isEmpty())
            month.insert(fleetKey, row.fleet);
        if (purchase) {
            month.insert(QStringLiteral("depreciation"), row.depreciation);
            month.insert(QStringLiteral("gain"), row.gain);
        }
        if (hybrid) {
            month.insert(QStringLiteral("burst"), row.burst);
            month.insert(QStringLiteral("burst_gpu_hours"), row.burstGpuHours);
        }
        months.append(month);
    }
    QJsonObject object{
        {QStringLiteral("name"), scenario.name},
        {QStringLiteral("kind"), scenarioKindKey(scenario.kind())},
        {QStringLiteral("total"), r.total},
        {QStringLiteral("npv"), r.npv},
        {QStringLiteral("average_annual"), r.averageAnnual},
        {QStringLiteral("annual"), annual},
        {QStringLiteral("by_category"), byCategory},
        {QStringLiteral("months"), months},
        {QStringLiteral("served_gpu_hours"), r.served},
        {QStringLiteral("unmet_gpu_hours"), r.unmet},
        {QStringLiteral("utilization"), optionalNumber(r.utilization)},
        {QStringLiteral("cost_per_gpu_hour"), optionalNumber(r.costPerServedGpuHour)},
        {QStringLiteral("demand_gpu_hours"), r.demand},
    };
    if (!fleetKey.isEmpty())
        object.insert(QStringLiteral("peak_") + fleetKey, optionalNumber(r.peakFleet));
    if (const CloudInstance *instance = cloudInstance(scenario.scenario)) {
        // Where the speedup came from (model.md §10.8): the plan, a person (catalog) or the datasheets.
        object.insert(QStringLiteral("speedup"), instance->speedup);
        const bool fromCatalog = scenario.instance && scenario.instance->speedup &&
                                 scenario.instance->speedupOrigin != SpeedupOrigin::Plan;
        object.insert(QStringLiteral("speedup_origin"),
                      !fromCatalog ? QStringLiteral("plan")
                      : scenario.instance->speedupOrigin == SpeedupOrigin::Estimated ? QStringLiteral("estimated")
                                                                                     : QStringLiteral("catalog"));
        if (fromCatalog)
            object.insert(QStringLiteral("speedup_basis"), scenario.instance->speedupBasis);
    }
    if (purchase) {
        object.insert(QStringLiteral("depreciation"), r.depreciation);
        object.insert(QStringLiteral("gains"), r.gains);
    }
    if (hybrid) {
        const auto &h = std::get<HybridScenario>(scenario.scenario);
        object.insert(QStringLiteral("base"), h.base);
        object.insert(QStringLiteral("burst"), h.burst);
        object.insert(QStringLiteral("base_total"), r.total - r.burst);
        object.insert(QStringLiteral("burst_total"), r.burst);
        object.insert(QStringLiteral("burst_gpu_hours"), r.burstGpuHours);
    }
    return object;
}

QJsonObject breakEvenToJson(const EvaluatedBreakEven &breakEven)
{
    if (const auto &fleet = breakEven.result.fleet) {
        // Against an elastic scenario: the four keys in the object itself (model.md §10.10, clarification 8).
        return QJsonObject{
            {QStringLiteral("purchase"), breakEven.request.purchase},
            {QStringLiteral("cloud"), breakEven.request.cloud},
            {QStringLiteral("servers"), QJsonValue(QJsonValue::Null)},
            {QStringLiteral("stays_cheaper"), QJsonValue(QJsonValue::Null)},
            {QStringLiteral("sweep"), QJsonValue(QJsonValue::Null)},
            {QStringLiteral("demand_scale"), fleet->demandScale},
            {QStringLiteral("demand_gpu_hours_per_month"), fleet->demandGpuHoursPerMonth},
            {QStringLiteral("utilization"), fleet->utilization},
            {QStringLiteral("reachable"), fleet->reachable},
            {QStringLiteral("purchase_total"), fleet->purchaseTotal},
            {QStringLiteral("cloud_fixed"), fleet->cloudFixed},
            {QStringLiteral("cloud_variable"), fleet->cloudVariable},
        };
    }
    QJsonArray sweep;
    for (const SweepPoint &point : breakEven.result.sweep)
        sweep.append(QJsonObject{
            {QStringLiteral("servers"), point.servers},
            {QStringLiteral("purchase_total"), point.purchaseTotal},
            {QStringLiteral("cloud_total"), point.cloudTotal},
            {QStringLiteral("cloud_instances"), point.cloudInstances},
        });
    const auto &servers = breakEven.result.servers;
    return QJsonObject{
        {QStringLiteral("purchase"), breakEven.request.purchase},
        {QStringLiteral("cloud"), breakEven.request.cloud},
        {QStringLiteral("servers"), servers ? QJsonValue(*servers) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("stays_cheaper"), breakEven.result.staysCheaper},
        {QStringLiteral("basis"), breakEvenBasisKey(breakEven.request.basis)},
        {QStringLiteral("sweep"), sweep},
    };
}

QJsonObject planResultToJson(const PlanResult &result)
{
    QJsonArray scenarios;
    for (const EvaluatedScenario &scenario : result.scenarios)
        scenarios.append(scenarioResultToJson(scenario));
    QJsonArray breakeven;
    for (const EvaluatedBreakEven &b : result.breakeven)
        breakeven.append(breakEvenToJson(b));
    return QJsonObject{
        {QStringLiteral("plan"), result.plan},
        {QStringLiteral("tax_rate"), result.workload.taxRate},
        {QStringLiteral("scenarios"), scenarios},
        {QStringLiteral("breakeven"), breakeven},
    };
}

} // namespace mltco::tco

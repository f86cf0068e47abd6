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
    QJsonArray months;
    for (const MonthRow &row : r.months) {
        QJsonObject month{
            {QStringLiteral("month"), row.month},
            {QStringLiteral("total"), row.total},
            {QStringLiteral("capacity_gpu_hours"), row.capacity},
        };
        for (Category category : kCategories)
            month.insert(QLatin1String(categoryKey(category)), row.at(category));
        months.append(month);
    }
    return QJsonObject{
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
    };
}

QJsonObject breakEvenToJson(const EvaluatedBreakEven &breakEven)
{
    QJsonArray sweep;
    for (const SweepPoint &point : breakEven.result.sweep)
        sweep.append(QJsonObject{
            {QStringLiteral("servers"), point.servers},
            {QStringLiteral("purchase_total"), point.purchaseTotal},
            {QStringLiteral("cloud_total"), point.cloudTotal},
        });
    const auto &servers = breakEven.result.servers;
    return QJsonObject{
        {QStringLiteral("purchase"), breakEven.request.purchase},
        {QStringLiteral("cloud"), breakEven.request.cloud},
        {QStringLiteral("servers"), servers ? QJsonValue(*servers) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("stays_cheaper"), breakEven.result.staysCheaper},
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
        {QStringLiteral("scenarios"), scenarios},
        {QStringLiteral("breakeven"), breakeven},
    };
}

} // namespace mltco::tco

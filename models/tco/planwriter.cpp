#include "models/tco/planwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace mltco::tco {

namespace {

QJsonValue number(const ParameterInfo &info, double value)
{
    if (info.type == ParamType::Boolean)
        return value != 0.0;
    if (info.type == ParamType::Integer)
        return static_cast<qint64>(value);
    return value;
}

QJsonObject assumptionsToJson(const QMap<QString, QString> &assumptions)
{
    QJsonObject object;
    for (auto it = assumptions.cbegin(); it != assumptions.cend(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QJsonObject instanceToJson(const InstanceRef &ref)
{
    QJsonObject object{
        {QStringLiteral("provider"), ref.provider},
        {QStringLiteral("name"), ref.name},
        {QStringLiteral("pricing"), ref.pricing},
    };
    if (!ref.region.isEmpty())
        object.insert(QStringLiteral("region"), ref.region);
    if (ref.asOf.isValid())
        object.insert(QStringLiteral("as_of"), ref.asOf.toString(Qt::ISODate));
    return object;
}

QJsonObject scenarioToJson(const PlanScenario &scenario)
{
    QJsonObject object{
        {QStringLiteral("name"), scenario.name},
        {QStringLiteral("kind"), scenarioKindKey(scenario.kind())},
    };
    if (scenario.instance)
        object.insert(QStringLiteral("instance"), instanceToJson(*scenario.instance));
    for (ParamId id : scenarioParameters(scenario.kind())) {
        if (!isGiven(scenario.given, id))
            continue;
        const ParameterInfo &info = parameterInfo(id);
        if (info.type == ParamType::Tiers) {
            QJsonArray tiers;
            for (const BulkTier &tier : std::get<PurchaseScenario>(scenario.scenario).bulkDiscounts)
                tiers.append(QJsonArray{tier.minServers, tier.fraction});
            object.insert(QLatin1String(info.key), tiers);
        } else if (const auto value = parameterValue(scenario.scenario, id)) {
            object.insert(QLatin1String(info.key), number(info, *value));
        }
    }
    if (!scenario.notes.isEmpty())
        object.insert(QStringLiteral("notes"), scenario.notes);
    if (!scenario.assumptions.isEmpty())
        object.insert(QStringLiteral("assumptions"), assumptionsToJson(scenario.assumptions));
    return object;
}

} // namespace

QJsonObject planToJson(const Plan &plan)
{
    QJsonObject workload;
    for (ParamId id : workloadParameters()) {
        if (!isGiven(plan.workloadGiven, id))
            continue;
        if (const auto value = parameterValue(plan.workload, id))
            workload.insert(parameterKey(id), number(parameterInfo(id), *value));
    }
    if (!plan.workloadNotes.isEmpty())
        workload.insert(QStringLiteral("notes"), plan.workloadNotes);
    if (!plan.workloadAssumptions.isEmpty())
        workload.insert(QStringLiteral("assumptions"), assumptionsToJson(plan.workloadAssumptions));

    QJsonArray scenarios;
    for (const PlanScenario &scenario : plan.scenarios)
        scenarios.append(scenarioToJson(scenario));

    QJsonObject object{
        {QStringLiteral("name"), plan.name},
        {QStringLiteral("version"), kPlanFormatVersion},
        {QStringLiteral("workload"), workload},
        {QStringLiteral("scenarios"), scenarios},
    };
    if (!plan.notes.isEmpty())
        object.insert(QStringLiteral("notes"), plan.notes);
    if (!plan.breakeven.isEmpty()) {
        QJsonArray breakeven;
        for (const BreakEvenRequest &request : plan.breakeven)
            breakeven.append(QJsonObject{
                {QStringLiteral("purchase"), request.purchase},
                {QStringLiteral("cloud"), request.cloud},
                {QStringLiteral("max_servers"), request.maxServers},
            });
        object.insert(QStringLiteral("breakeven"), breakeven);
    }
    return object;
}

QByteArray writePlan(const Plan &plan)
{
    return QJsonDocument(planToJson(plan)).toJson(QJsonDocument::Indented);
}

} // namespace mltco::tco

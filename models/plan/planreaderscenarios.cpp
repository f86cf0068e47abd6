// The plan reader, part of a plan file: scenarios: kinds, parameters, instances, bulk tiers, hybrids' parts.
#include "models/plan/planreaderimpl.h"

#include <cmath>

namespace mltco::tco::planreading {

std::optional<std::vector<ScheduledPurchase>> PlanReader::purchaseSchedule(const QJsonValue &value,
                                                                           const QString &path)
{
    const ParameterInfo &info = parameterInfo(ParamId::Purchases);
    const ParameterInfo &horizon = parameterInfo(ParamId::HorizonMonths);
    std::vector<ScheduledPurchase> result;
    const bool ok = numberPairs(
        value, path, info,
        [&](double month, double servers) {
            return isAllowedValue(horizon, month) && servers >= 1 && servers <= info.max &&
                   servers == std::floor(servers);
        },
        QStringLiteral("must be [month, servers] with month an integer from 1 to %1 and servers an integer from 1 "
                       "to %2")
            .arg(horizon.max, 0, 'g', 15)
            .arg(info.max, 0, 'g', 15),
        [&](qsizetype, double month, double servers, const QString &itemPath) {
            const ScheduledPurchase entry{static_cast<int>(month), static_cast<int>(servers)};
            if (!result.empty() && entry.month <= result.back().month) {
                problem(itemPath, QStringLiteral("month %1 must come after month %2 of the purchase before")
                                      .arg(entry.month)
                                      .arg(result.back().month));
                return false;
            }
            result.push_back(entry);
            return true;
        });
    if (!ok)
        return std::nullopt;
    return result;
}

void PlanReader::checkPurchaseSchedules(const Plan &plan)
{
    for (qsizetype i = 0; i < plan.scenarios.size(); ++i) {
        if (const auto *s = std::get_if<PurchaseScenario>(&plan.scenarios[i].scenario))
            for (const QString &p : purchaseScheduleProblems(*s, plan.workload.horizonMonths))
                m_problems << QStringLiteral("scenarios[%1].%2").arg(i).arg(p);
    }
}

std::optional<std::vector<BulkTier>> PlanReader::tiers(const QJsonValue &value, const QString &path)
{
    const ParameterInfo &info = parameterInfo(ParamId::BulkDiscounts);
    const ParameterInfo &servers = parameterInfo(ParamId::Servers);
    std::vector<BulkTier> result;
    QHash<int, qsizetype> seen;
    const bool ok = numberPairs(
        value, path, info,
        [&](double count, double fraction) {
            return count >= 1 && isAllowedValue(servers, count) && isAllowedValue(info, fraction);
        },
        QStringLiteral("must be [min_servers, fraction] with min_servers an integer from 1 to %1 and fraction a "
                       "number from 0 to %2")
            .arg(servers.max, 0, 'g', 15)
            .arg(info.max, 0, 'g', 15),
        [&](qsizetype i, double count, double fraction, const QString &itemPath) {
            const BulkTier tier{static_cast<int>(count), fraction};
            if (seen.contains(tier.minServers)) {
                problem(itemPath, QStringLiteral("min_servers %1 is already the threshold of %2[%3]")
                                      .arg(tier.minServers)
                                      .arg(path)
                                      .arg(seen.value(tier.minServers)));
                return false;
            }
            seen.insert(tier.minServers, i);
            result.push_back(tier);
            return true;
        });
    if (!ok)
        return std::nullopt;
    return result;
}

void PlanReader::readScenarios(const QJsonValue &value, Plan &plan)
{
    if (m_readAhead) { // read in parts by readInParts(), which left an empty list in the text it gave read()
        plan.scenarios = std::move(*m_readAhead);
        m_readAhead = nullptr;
        return;
    }
    if (!value.isArray()) {
        problem(QStringLiteral("scenarios"), QStringLiteral("must be a list of scenarios"));
        return;
    }
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i)
        readScenario(array.at(i), QStringLiteral("scenarios[%1]").arg(i), plan);
}

void PlanReader::readScenario(const QJsonValue &value, const QString &path, Plan &plan)
{
    if (!value.isObject()) {
        problem(path, QStringLiteral("must be an object"));
        return;
    }
    const QJsonObject object = value.toObject();
    const auto at = [&](const QString &key) -> QString { return path + QLatin1Char('.') + key; };

    std::optional<ScenarioKind> kind;
    if (const QJsonValue kindValue = object.value(QLatin1String("kind")); kindValue.isUndefined()) {
        problem(at(QStringLiteral("kind")), QStringLiteral("missing; must be one of ") + kindList());
    } else {
        kind = scenarioKindFromKey(kindValue.toString());
        if (!kind)
            problem(at(QStringLiteral("kind")), QStringLiteral("must be one of ") + kindList());
    }

    PlanScenario scenario;
    scenario.scenario = defaultScenario(kind.value_or(ScenarioKind::Dedicated));
    // Which keys are there, noted on the way through (a search of the object for each costs more).
    bool hasName = false, hasRate = false, hasInstance = false, hasBase = false, hasBurst = false;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        hasName = hasName || key == QLatin1String("name");
        hasRate = hasRate || key == QLatin1String("rate_per_hour");
        hasInstance = hasInstance || key == QLatin1String("instance");
        hasBase = hasBase || key == QLatin1String("base");
        hasBurst = hasBurst || key == QLatin1String("burst");
    }
    if (!hasName)
        problem(at(QStringLiteral("name")), QStringLiteral("missing"));

    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        if (key == QLatin1String("kind"))
            continue;
        const QString itemPath = at(key);
        if (key == QLatin1String("name")) {
            scenario.name = requiredText(it.value(), itemPath);
            if (!scenario.name.isEmpty()) {
                if (const auto first = m_scenarioIndex.constFind(scenario.name); first != m_scenarioIndex.cend())
                    problem(itemPath, QStringLiteral("%1 is already the name of scenarios[%2]")
                                          .arg(quoted(scenario.name))
                                          .arg(*first));
                else
                    m_scenarioIndex.insert(scenario.name, m_scenarioCount);
            }
        } else if (key == QLatin1String("notes")) {
            scenario.notes = text(it.value(), itemPath);
        } else if (key == QLatin1String("assumptions")) {
            scenario.assumptions = assumptions(it.value(), itemPath, kind, false);
        } else if (key == QLatin1String("instance")) {
            if (kind == ScenarioKind::Purchase || kind == ScenarioKind::Hybrid)
                problem(itemPath, QStringLiteral("a %1 scenario has no cloud instance").arg(scenarioKindKey(*kind)));
            else
                scenario.instance = instance(it.value(), itemPath);
        } else {
            readScenarioParameter(key, it.value(), itemPath, kind, scenario);
        }
    }

    if (kind && *kind == ScenarioKind::Hybrid) {
        if (!hasBase)
            problem(at(QStringLiteral("base")), QStringLiteral("missing; must name a scenario of the plan"));
        if (!hasBurst)
            problem(at(QStringLiteral("burst")), QStringLiteral("missing; must name a scenario of the plan"));
    }
    if (kind && *kind != ScenarioKind::Purchase && *kind != ScenarioKind::Hybrid && !hasRate && !hasInstance)
        problem(at(QStringLiteral("rate_per_hour")),
                QStringLiteral("missing; give it, or name a catalog \"instance\" to take it from"));

    if (kind && !scenario.name.isEmpty() && !m_kinds.contains(scenario.name))
        m_kinds.insert(scenario.name, *kind); // a repeated name (reported) refers to its first scenario
    ++m_scenarioCount;
    plan.scenarios << std::move(scenario);
}

void PlanReader::readScenarioParameter(const QString &key, const QJsonValue &value, const QString &path,
                                       std::optional<ScenarioKind> kind, PlanScenario &scenario)
{
    const ParameterInfo *info = parameterByKey(key);
    if (!info) {
        problem(path, QStringLiteral("unknown key"));
        return;
    }
    if (info->kinds == 0) {
        problem(path, QStringLiteral("a workload field; give it in \"workload\""));
        return;
    }
    if (!kind)
        return; // the kind is wrong or missing (reported): which parameters belong is unknown
    if (!(info->kinds & kindBit(*kind))) {
        problem(path, QStringLiteral("not a parameter of ") + aScenarioOfKind(*kind));
        return;
    }
    if (info->type == ParamType::Tiers) {
        if (auto list = tiers(value, path)) {
            std::get<PurchaseScenario>(scenario.scenario).bulkDiscounts = std::move(*list);
            setGiven(scenario.given, info->id);
        }
        return;
    }
    if (info->type == ParamType::Schedule) {
        if (auto schedule = purchaseSchedule(value, path)) {
            std::get<PurchaseScenario>(scenario.scenario).purchases = std::move(*schedule);
            setGiven(scenario.given, info->id);
        }
        return;
    }
    if (info->type == ParamType::ScenarioName) {
        auto &hybrid = std::get<HybridScenario>(scenario.scenario);
        const QString name = requiredText(value, path);
        (info->id == ParamId::Base ? hybrid.base : hybrid.burst) = name;
        if (!name.isEmpty()) {
            setGiven(scenario.given, info->id);
            m_hybridRefs.append({path, name, info->id == ParamId::Base, m_scenarioCount});
        }
        return;
    }
    if (const auto v = parameter(value, path, *info)) {
        setParameterValue(scenario.scenario, info->id, *v);
        setGiven(scenario.given, info->id);
    }
}

std::optional<InstanceRef> PlanReader::instance(const QJsonValue &value, const QString &path)
{
    if (!value.isObject()) {
        problem(path,
                QStringLiteral("must be an object with provider, name, pricing and (optionally) region and as_of"));
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    InstanceRef ref;
    const int before = static_cast<int>(m_problems.size());
    for (const char *required : {"provider", "name", "pricing"}) {
        if (!object.contains(QLatin1String(required)))
            problem(path + QLatin1Char('.') + QLatin1String(required), QStringLiteral("missing"));
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString itemPath = path + QLatin1Char('.') + it.key();
        if (it.key() == QLatin1String("provider")) {
            ref.provider = requiredText(it.value(), itemPath);
        } else if (it.key() == QLatin1String("name")) {
            ref.name = requiredText(it.value(), itemPath);
        } else if (it.key() == QLatin1String("region")) {
            ref.region = text(it.value(), itemPath); // empty: the provider prices it without regions
        } else if (it.key() == QLatin1String("pricing")) {
            ref.pricing = it.value().toString();
            if (!it.value().isString() || !catalog::pricingModelFromKey(ref.pricing))
                problem(itemPath,
                        QStringLiteral("must be one of ") + catalog::pricingModelKeys().join(QStringLiteral(", ")));
        } else if (it.key() == QLatin1String("as_of")) {
            ref.asOf = QDate::fromString(it.value().toString(), Qt::ISODate);
            if (!it.value().isString() || !ref.asOf.isValid())
                problem(itemPath, QStringLiteral("must be a date like 2025-01-28"));
        } else {
            problem(itemPath, QStringLiteral("unknown key"));
        }
    }
    if (m_problems.size() != before)
        return std::nullopt;
    return ref;
}

void PlanReader::checkHybridNames()
{
    for (const HybridRef &ref : std::as_const(m_hybridRefs)) {
        const auto index = m_scenarioIndex.constFind(ref.name);
        if (index == m_scenarioIndex.cend()) {
            problem(ref.path, QStringLiteral("no scenario is named %1").arg(quoted(ref.name)));
            continue;
        }
        if (*index == ref.scenario) {
            problem(ref.path, QStringLiteral("a hybrid cannot name itself"));
            continue;
        }
        const auto kind = m_kinds.constFind(ref.name);
        if (kind == m_kinds.cend())
            continue; // that scenario's kind is wrong: already reported
        const bool ok = ref.base ? (kindBit(*kind) & kBaseKinds) != 0 : *kind == ScenarioKind::Elastic;
        if (!ok)
            problem(ref.path, QStringLiteral("%1 is a scenario of kind %2; must name %3")
                                  .arg(quoted(ref.name), scenarioKindKey(*kind),
                                       ref.base ? QStringLiteral("a dedicated, cluster or purchase scenario")
                                                : QStringLiteral("an elastic scenario")));
    }
}

} // namespace mltco::tco::planreading

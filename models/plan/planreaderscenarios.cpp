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
        if (const auto *s = std::get_if<PurchaseScenario>(&plan.scenarios[i].scenario)) {
            const bool averageLoadGiven = plan.scenarios[i].given.test(static_cast<std::size_t>(ParamId::AverageLoad));
            for (const QString &p : purchaseScheduleProblems(*s, plan.workload.horizonMonths) + financingProblems(*s) +
                                        generationProblems(*s, plan.workload.horizonMonths, averageLoadGiven))
                m_problems << QStringLiteral("scenarios[%1].%2").arg(i).arg(p);
        }
        // A term's shape was checked as it was read; only its start against the horizon is left.
        if (const auto *s = std::get_if<ReservedScenario>(&plan.scenarios[i].scenario))
            for (const QString &p : reservedTermProblems(*s, plan.workload.horizonMonths))
                m_problems << QStringLiteral("scenarios[%1].%2").arg(i).arg(p);
    }
}

std::optional<std::vector<ReservedTerm>> PlanReader::reservedTerms(const QJsonValue &value, const QString &path)
{
    const ParameterInfo &info = parameterInfo(ParamId::Terms);
    const ParameterInfo &horizon = parameterInfo(ParamId::HorizonMonths);
    const ParameterInfo &term = parameterInfo(ParamId::CommitTermMonths);
    if (!value.isArray()) {
        problem(path, QStringLiteral("must be ") + allowedValues(info));
        return std::nullopt;
    }
    const auto whole = [](const QJsonValue &v, double low, double high) {
        return v.isDouble() && v.toDouble() >= low && v.toDouble() <= high && v.toDouble() == std::floor(v.toDouble());
    };
    std::vector<ReservedTerm> result;
    bool ok = true;
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonArray triple = array.at(i).toArray();
        if (!array.at(i).isArray() || triple.size() != 3 || !whole(triple.at(0), 1, horizon.max) ||
            !whole(triple.at(1), 1, info.max) || !whole(triple.at(2), term.min, term.max)) {
            problem(QStringLiteral("%1[%2]").arg(path).arg(i),
                    QStringLiteral("must be [start_month, instances, term_months] with start_month an integer from 1 to "
                                   "%1, instances an integer from 1 to %2 and term_months an integer from %3 to %4")
                        .arg(horizon.max, 0, 'g', 15)
                        .arg(info.max, 0, 'g', 15)
                        .arg(term.min, 0, 'g', 15)
                        .arg(term.max, 0, 'g', 15));
            ok = false;
            continue;
        }
        result.push_back({triple.at(0).toInt(), triple.at(1).toInt(), triple.at(2).toInt()});
    }
    if (!ok)
        return std::nullopt;
    return result;
}

std::optional<QStringList> PlanReader::layerNames(const QJsonValue &value, const QString &path)
{
    if (!value.isArray() || value.toArray().isEmpty()) {
        problem(path, QStringLiteral("must be a list of one or more names of purchase, dedicated, cluster or reserved "
                                     "scenarios of the plan"));
        return std::nullopt;
    }
    QStringList names;
    bool ok = true;
    const QJsonArray array = value.toArray();
    for (qsizetype j = 0; j < array.size(); ++j) {
        const QString itemPath = QStringLiteral("%1[%2]").arg(path).arg(j);
        const QString name = requiredText(array.at(j), itemPath);
        if (name.isEmpty()) {
            ok = false;
            continue;
        }
        if (const qsizetype first = names.indexOf(name); first >= 0) {
            problem(itemPath, QStringLiteral("%1 is already layers[%2]; a layer serves once").arg(quoted(name)).arg(first));
            ok = false;
            continue;
        }
        names << name;
        m_hybridRefs.append({itemPath, name, Role::Layer, m_scenarioCount});
    }
    if (!ok)
        return std::nullopt;
    return names;
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
    bool hasName = false, hasRate = false, hasInstance = false, hasBase = false, hasBurst = false, hasLayers = false;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        hasName = hasName || key == QLatin1String("name");
        hasRate = hasRate || key == QLatin1String("rate_per_hour");
        hasInstance = hasInstance || key == QLatin1String("instance");
        hasBase = hasBase || key == QLatin1String("base");
        hasBurst = hasBurst || key == QLatin1String("burst");
        hasLayers = hasLayers || key == QLatin1String("layers");
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
            if (kind && !cloudInstance(defaultScenario(*kind)))
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
    if (kind && *kind == ScenarioKind::Mix && !hasLayers)
        problem(at(QStringLiteral("layers")), QStringLiteral("missing; must name at least one scenario of the plan"));
    if (kind && cloudInstance(defaultScenario(*kind)) && !hasRate && !hasInstance)
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
    if (info->type == ParamType::Terms) {
        if (auto terms = reservedTerms(value, path)) {
            std::get<ReservedScenario>(scenario.scenario).terms = std::move(*terms);
            setGiven(scenario.given, info->id);
        }
        return;
    }
    if (info->type == ParamType::ScenarioNames) {
        if (auto names = layerNames(value, path)) {
            std::get<MixScenario>(scenario.scenario).layers = std::move(*names);
            setGiven(scenario.given, info->id);
        }
        return;
    }
    if (info->type == ParamType::ScenarioName) {
        if (auto *mix = std::get_if<MixScenario>(&scenario.scenario)) {
            if (value.isNull()) { // no burst: what the layers cannot serve is unmet (model.md §11.3)
                mix->burst.clear();
                setGiven(scenario.given, info->id);
                return;
            }
            mix->burst = requiredText(value, path);
            if (!mix->burst.isEmpty()) {
                setGiven(scenario.given, info->id);
                m_hybridRefs.append({path, mix->burst, Role::Burst, m_scenarioCount});
            }
            return;
        }
        auto &hybrid = std::get<HybridScenario>(scenario.scenario);
        const QString name = requiredText(value, path);
        (info->id == ParamId::Base ? hybrid.base : hybrid.burst) = name;
        if (!name.isEmpty()) {
            setGiven(scenario.given, info->id);
            m_hybridRefs.append({path, name, info->id == ParamId::Base ? Role::Base : Role::Burst, m_scenarioCount});
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
            problem(ref.path, QStringLiteral("a hybrid or mix cannot name itself"));
            continue;
        }
        const auto kind = m_kinds.constFind(ref.name);
        if (kind == m_kinds.cend())
            continue; // that scenario's kind is wrong: already reported
        const bool holdsCapacity = ref.role != Role::Burst;
        const bool ok = holdsCapacity ? (kindBit(*kind) & kBaseKinds) != 0 : *kind == ScenarioKind::Elastic;
        if (!ok)
            problem(ref.path, QStringLiteral("%1 is a scenario of kind %2; must name %3")
                                  .arg(quoted(ref.name), scenarioKindKey(*kind),
                                       holdsCapacity ? QStringLiteral("a dedicated, cluster, purchase or reserved "
                                                                      "scenario")
                                                     : QStringLiteral("an elastic scenario")));
    }
}

} // namespace mltco::tco::planreading

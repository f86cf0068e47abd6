#include "models/plan/planwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace mltco::tco {

namespace {

QJsonValue number(const ParameterInfo &info, double value)
{
    if (info.type == ParamType::Boolean)
        return value != 0.0;
    if (info.type == ParamType::Choice)
        return parameterChoices(info.id).value(static_cast<qsizetype>(value));
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
        } else if (info.type == ParamType::Schedule) {
            QJsonArray schedule;
            for (const ScheduledPurchase &entry : std::get<PurchaseScenario>(scenario.scenario).purchases)
                schedule.append(QJsonArray{entry.month, entry.servers});
            object.insert(QLatin1String(info.key), schedule);
        } else if (info.type == ParamType::Terms) {
            QJsonArray terms;
            for (const ReservedTerm &term : std::get<ReservedScenario>(scenario.scenario).terms)
                terms.append(QJsonArray{term.startMonth, term.instances, term.termMonths});
            object.insert(QLatin1String(info.key), terms);
        } else if (info.type == ParamType::ScenarioNames) {
            object.insert(QLatin1String(info.key),
                          QJsonArray::fromStringList(std::get<MixScenario>(scenario.scenario).layers));
        } else if (const auto *mix = std::get_if<MixScenario>(&scenario.scenario);
                   mix && info.type == ParamType::ScenarioName) {
            object.insert(QLatin1String(info.key),
                          mix->burst.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(mix->burst));
        } else if (info.type == ParamType::ScenarioName) {
            const auto &hybrid = std::get<HybridScenario>(scenario.scenario);
            object.insert(QLatin1String(info.key), id == ParamId::Base ? hybrid.base : hybrid.burst);
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

bool givesVersion2(const ParamSet &given, std::optional<ScenarioKind> kind)
{
    for (std::size_t i = 0; i < given.size(); ++i) {
        const auto id = static_cast<ParamId>(i);
        if (!given.test(i))
            continue;
        if (introducedIn(id) == 2 || (id == ParamId::TargetUtilization && kind == ScenarioKind::Purchase))
            return true;
    }
    return false;
}

} // namespace

bool usesVersion2(const Plan &plan)
{
    if (givesVersion2(plan.workloadGiven, std::nullopt))
        return true;
    for (const PlanScenario &scenario : plan.scenarios) {
        if (scenario.kind() == ScenarioKind::Hybrid || givesVersion2(scenario.given, scenario.kind()))
            return true;
    }
    for (const BreakEvenRequest &request : plan.breakeven) {
        const PlanScenario *cloud = plan.scenario(request.cloud);
        if (request.basis != BreakEvenBasis::Capacity || (cloud && cloud->kind() == ScenarioKind::Elastic))
            return true;
    }
    return !plan.uncertainty.isEmpty() || !plan.correlations.isEmpty() || plan.actuals.has_value();
}

bool usesVersion3(const Plan &plan)
{
    if (plan.currency != QLatin1String(kDefaultCurrency) || !plan.fxRates.isEmpty() || plan.optimize ||
        plan.pricesAsOf.isValid())
        return true;
    for (std::size_t i = 0; i < plan.workloadGiven.size(); ++i)
        if (plan.workloadGiven.test(i) && introducedIn(static_cast<ParamId>(i)) == 3)
            return true;
    for (const PlanScenario &scenario : plan.scenarios) {
        if (scenario.kind() == ScenarioKind::Reserved || scenario.kind() == ScenarioKind::Mix)
            return true;
        for (std::size_t i = 0; i < scenario.given.size(); ++i)
            if (scenario.given.test(i) && introducedIn(static_cast<ParamId>(i)) == 3)
                return true;
    }
    return false;
}

bool usesVersion4(const Plan &plan)
{
    const auto givesVersion4 = [](const ParamSet &given) {
        for (std::size_t i = 0; i < given.size(); ++i)
            if (given.test(i) && introducedIn(static_cast<ParamId>(i)) == 4)
                return true;
        return false;
    };
    if (givesVersion4(plan.workloadGiven))
        return true;
    if (plan.optimize && (plan.optimize->ownListed || plan.optimize->reserveListed))
        return true; // candidates as lists (model.md §14.4)
    for (const PlanScenario &scenario : plan.scenarios)
        if (givesVersion4(scenario.given))
            return true;
    return false;
}

QJsonObject optimizeToJson(const OptimizeRequest &r)
{
    const auto name = [](const QString &n) { return n.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(n); };
    // A list when the file gave one (model.md §14.4), else one name as version 3.
    const auto candidates = [&](const QStringList &names, bool listed) {
        return listed && !names.isEmpty() ? QJsonValue(QJsonArray::fromStringList(names)) : name(names.value(0));
    };
    QJsonObject object{{QStringLiteral("own"), candidates(r.own, r.ownListed)},
                       {QStringLiteral("reserve"), candidates(r.reserve, r.reserveListed)},
                       {QStringLiteral("burst"), name(r.burst)}};
    if (r.epochs) {
        QJsonArray epochs;
        for (int e : *r.epochs)
            epochs.append(e);
        object.insert(QStringLiteral("epochs"), epochs);
    }
    const auto put = [&](const char *key, const auto &value) {
        if (value)
            object.insert(QLatin1String(key), *value);
    };
    put("every_months", r.everyMonths);
    put("max_servers", r.maxServers);
    put("max_instances", r.maxInstances);
    put("capex_budget_per_year", r.capexBudgetPerYear);
    put("min_service", r.minService);
    put("max_utilization", r.maxUtilization);
    if (r.objective)
        object.insert(QStringLiteral("objective"), optimizeObjectiveKey(*r.objective));
    put("beta", r.beta);
    put("trials", r.trials);
    if (r.seed)
        object.insert(QStringLiteral("seed"), static_cast<qint64>(*r.seed));
    put("name", r.name);
    if (r.futures) {
        QJsonArray futures;
        for (const OptimizeFuture &f : *r.futures) {
            QJsonObject workload;
            if (f.demandGpuHours)
                workload.insert(QStringLiteral("demand_gpu_hours"), *f.demandGpuHours);
            if (f.demandGrowth)
                workload.insert(QStringLiteral("demand_growth"), *f.demandGrowth);
            if (f.demandSteps) {
                QJsonArray steps;
                for (const DemandStep &step : *f.demandSteps)
                    steps.append(QJsonArray{step.month, step.gpuHours});
                workload.insert(QStringLiteral("demand_steps"), steps);
            }
            futures.append(QJsonObject{{QStringLiteral("weight"), f.weight}, {QStringLiteral("workload"), workload}});
        }
        object.insert(QStringLiteral("futures"), futures);
    }
    return object;
}

QJsonObject planToJson(const Plan &plan)
{
    QJsonObject workload;
    for (ParamId id : workloadParameters()) {
        if (!isGiven(plan.workloadGiven, id))
            continue;
        if (id == ParamId::DemandSteps) {
            QJsonArray steps;
            for (const DemandStep &step : plan.workload.demandSteps)
                steps.append(QJsonArray{step.month, step.gpuHours});
            workload.insert(parameterKey(id), steps);
        } else if (const auto value = parameterValue(plan.workload, id)) {
            workload.insert(parameterKey(id), number(parameterInfo(id), *value));
        }
    }
    if (!plan.workloadNotes.isEmpty())
        workload.insert(QStringLiteral("notes"), plan.workloadNotes);
    if (plan.pricesAsOf.isValid())
        workload.insert(QStringLiteral("prices_as_of"), plan.pricesAsOf.toString(Qt::ISODate));
    if (!plan.workloadAssumptions.isEmpty())
        workload.insert(QStringLiteral("assumptions"), assumptionsToJson(plan.workloadAssumptions));

    QJsonArray scenarios;
    for (const PlanScenario &scenario : plan.scenarios)
        scenarios.append(scenarioToJson(scenario));

    QJsonObject object{
        {QStringLiteral("name"), plan.name},
        {QStringLiteral("version"), usesVersion4(plan) ? 4 : usesVersion3(plan) ? 3 : usesVersion2(plan) ? 2 : 1},
        {QStringLiteral("workload"), workload},
        {QStringLiteral("scenarios"), scenarios},
    };
    if (!plan.notes.isEmpty())
        object.insert(QStringLiteral("notes"), plan.notes);
    if (!plan.breakeven.isEmpty()) {
        QJsonArray breakeven;
        for (const BreakEvenRequest &request : plan.breakeven) {
            QJsonObject item{
                {QStringLiteral("purchase"), request.purchase},
                {QStringLiteral("cloud"), request.cloud},
                {QStringLiteral("max_servers"), request.maxServers},
            };
            if (request.basis != BreakEvenBasis::Capacity)
                item.insert(QStringLiteral("basis"), breakEvenBasisKey(request.basis));
            if (!request.notes.isEmpty())
                item.insert(QStringLiteral("notes"), request.notes);
            breakeven.append(item);
        }
        object.insert(QStringLiteral("breakeven"), breakeven);
    }
    if (plan.currency != QLatin1String(kDefaultCurrency))
        object.insert(QStringLiteral("currency"), plan.currency);
    if (!plan.fxRates.isEmpty()) {
        QJsonObject rates;
        for (auto it = plan.fxRates.cbegin(); it != plan.fxRates.cend(); ++it)
            rates.insert(it.key(), it.value());
        object.insert(QStringLiteral("fx_rates"), rates);
    }
    if (plan.actuals) {
        QJsonObject link{{QStringLiteral("scenario"), plan.actuals->scenario}};
        if (!plan.actuals->start.isEmpty())
            link.insert(QStringLiteral("start"), plan.actuals->start);
        object.insert(QStringLiteral("actuals"), link);
    }
    if (!plan.uncertainty.isEmpty()) {
        QJsonArray entries;
        for (const Uncertainty &u : plan.uncertainty) {
            QJsonObject item{
                {QStringLiteral("target"), u.target},
                {QStringLiteral("parameter"), parameterKey(u.parameter)},
                {QStringLiteral("distribution"), distributionKey(u.distribution)},
            };
            switch (u.distribution) {
            case DistributionKind::Triangular:
            case DistributionKind::Pert:
                item.insert(QStringLiteral("mode"), u.mode);
                [[fallthrough]];
            case DistributionKind::Uniform:
                item.insert(QStringLiteral("low"), u.low);
                item.insert(QStringLiteral("high"), u.high);
                break;
            case DistributionKind::Lognormal:
                item.insert(QStringLiteral("median"), u.median);
                item.insert(QStringLiteral("p90"), u.p90);
                break;
            }
            if (!u.notes.isEmpty())
                item.insert(QStringLiteral("notes"), u.notes);
            entries.append(item);
        }
        object.insert(QStringLiteral("uncertainty"), entries);
    }
    if (plan.optimize)
        object.insert(QStringLiteral("optimize"), optimizeToJson(*plan.optimize));
    if (!plan.correlations.isEmpty()) {
        QJsonArray entries;
        for (const RankCorrelation &c : plan.correlations)
            entries.append(QJsonObject{{QStringLiteral("a"), c.a}, {QStringLiteral("b"), c.b}, {QStringLiteral("rank"), c.rank}});
        object.insert(QStringLiteral("correlations"), entries);
    }
    return object;
}

QByteArray writePlan(const Plan &plan)
{
    return QJsonDocument(planToJson(plan)).toJson(QJsonDocument::Indented);
}

} // namespace mltco::tco

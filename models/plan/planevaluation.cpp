#include "models/plan/planevaluation.h"

#include "models/common/currency.h"
#include "models/common/parallel.h"
#include "models/tco/engine.h"

#include <QHash>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

namespace mltco::tco {

namespace {

constexpr ParamId kCatalogParameters[] = {ParamId::RatePerHour, ParamId::GpusPerInstance, ParamId::Speedup};

QStringList missingFromPlan(const PlanScenario &scenario)
{
    QStringList missing;
    for (ParamId id : kCatalogParameters) {
        if (!isGiven(scenario.given, id))
            missing << parameterKey(id);
    }
    return missing;
}

QString describeSource(const ResolvedInstance &resolved)
{
    QString text = resolved.source.isEmpty() ? QStringLiteral("the catalog") : resolved.source;
    if (resolved.observedAt.isValid())
        text += QStringLiteral(", observed %1").arg(resolved.observedAt.toString(Qt::ISODate));
    return text;
}

bool differs(double a, double b)
{
    return std::abs(a - b) > 1e-9 * std::max(std::abs(a), std::abs(b));
}

QString speedupText(double value)
{
    return QString::number(value, 'g', 3);
}

// Says which speedups were estimated from datasheets, and warns when a plan mixes them with person-set ones:
// the two are on different scales (the A100 measured 4.0 in a published comparison, its datasheet estimate is 2.5), model.md §10.8.
void noteSpeedups(const Plan &plan, PlanResult &result)
{
    QStringList personSet;
    QStringList estimated;
    for (EvaluatedScenario &s : result.scenarios) {
        const std::size_t i = s.planPosition;
        const PlanScenario &planned = plan.scenarios.at(static_cast<qsizetype>(i));
        if (!s.instance || !s.instance->speedup)
            continue;
        if (isGiven(planned.given, ParamId::Speedup)) {
            s.instance->speedupOrigin = SpeedupOrigin::Plan;
            continue;
        }
        const QString who = QStringLiteral("\"%1\" (%2, %3)").arg(s.name, s.instance->gpu, speedupText(*s.instance->speedup));
        if (s.instance->speedupOrigin == SpeedupOrigin::Estimated) {
            estimated << who;
            result.notes << QStringLiteral("scenarios[%1].speedup: %2 estimated from datasheets for %3: %4")
                                .arg(i)
                                .arg(speedupText(*s.instance->speedup), s.instance->gpu, s.instance->speedupBasis);
        } else {
            personSet << who;
        }
    }
    if (!personSet.isEmpty() && !estimated.isEmpty())
        result.warnings << QStringLiteral("speedups on two scales: set by a person for %1, estimated from datasheets "
                                          "for %2. Person-set speedups measure a workload, estimates compare "
                                          "datasheets (the A100 measured 4.0 in a published comparison, its datasheet estimate is 2.5); state the "
                                          "speedups in the plan to compare the scenarios on one scale.")
                               .arg(personSet.join(QStringLiteral(", ")), estimated.join(QStringLiteral(", ")));
}

} // namespace

bool needsCatalog(const Plan &plan)
{
    for (const PlanScenario &scenario : plan.scenarios) {
        if (scenario.instance && scenario.kind() != ScenarioKind::Purchase && !missingFromPlan(scenario).isEmpty())
            return true;
    }
    return false;
}

QString fleetLimitProblem(const Workload &workload, const Scenario &scenario)
{
    double perUnit = 0.0;
    if (const auto *p = std::get_if<PurchaseScenario>(&scenario); p && p->expansion == Expansion::ToDemand)
        perUnit = sizingUnit(*p);
    else if (const auto *c = std::get_if<ClusterScenario>(&scenario); c && c->expansion == Expansion::ToDemand)
        perUnit = sizingUnit(*c);
    if (perUnit <= 0.0)
        return {};
    DemandCursor demand(workload);
    for (int month = 1; month <= workload.horizonMonths; ++month) {
        const double need = unitsNeeded(demand.next(), perUnit);
        if (need > defaults::kMaxFleet)
            return QStringLiteral("expansion: month %1 would need %2 %3, more than the %4 a plan may hold")
                .arg(month)
                .arg(need, 0, 'f', 0)
                .arg(std::holds_alternative<PurchaseScenario>(scenario) ? QStringLiteral("servers")
                                                                        : QStringLiteral("nodes"))
                .arg(defaults::kMaxFleet);
    }
    return {};
}

Expected<Scenario> resolveScenario(const PlanScenario &planScenario, const InstanceResolver &resolver,
                                   const QString &path, std::optional<ResolvedInstance> *resolvedOut,
                                   QStringList *warnings, const Workload *workload, const Plan *plan)
{
    const QString currency = plan ? plan->currency : QString::fromLatin1(kDefaultCurrency);
    Scenario scenario = planScenario.scenario;
    CloudInstance *instance = cloudInstance(scenario);
    QStringList problems;
    const auto warn = [&](const QString &line) {
        if (warnings)
            *warnings << line;
    };

    if (instance && planScenario.instance) {
        InstanceRef ref = *planScenario.instance;
        ref.currency = currency;
        // The plan's day of prices reaches every reference that does not name its own (workload.prices_as_of).
        const bool planDay = !ref.asOf.isValid() && plan && plan->pricesAsOf.isValid();
        if (planDay)
            ref.asOf = plan->pricesAsOf;
        const QStringList missing = missingFromPlan(planScenario);
        if (!resolver) {
            if (!missing.isEmpty())
                problems << QStringLiteral("%1: %2 not given, and there is no catalog to look up %3 in")
                                .arg(path, missing.join(QStringLiteral(", ")), describe(ref));
        } else if (Expected<ResolvedInstance> found = resolver(ref); !found) {
            if (!missing.isEmpty() && planDay)
                problems << QStringLiteral("%1.instance: %2 (the day workload.prices_as_of names; the catalog's first "
                                           "price of it may be later)")
                                .arg(path, found.error().message);
            else if (!missing.isEmpty())
                problems << QStringLiteral("%1.instance: %2").arg(path, found.error().message);
            else
                warn(QStringLiteral("%1.instance: %2; the plan's own values are used").arg(path, found.error().message));
        } else {
            ResolvedInstance &r = *found;
            // model.md §13: the plan's fixed rates win over the document's table; a price that neither converts
            // stays unused, never taken at a silent rate of 1.
            bool priceUsable = r.currency == currency;
            if (r.priceCurrency != currency && plan) {
                if (const auto fixed = plan->fxRates.constFind(r.priceCurrency); fixed != plan->fxRates.cend()) {
                    const double original = r.priceRatePerHour > 0.0 ? r.priceRatePerHour : r.ratePerHour;
                    r.ratePerHour = original / fixed.value();
                    r.currency = currency;
                    r.fx = FxUse{r.priceCurrency, r.observedAt, fixed.value(), QStringLiteral("plan fx_rates")};
                    r.fxProblem.clear();
                    priceUsable = true;
                }
            }
            if (resolvedOut)
                *resolvedOut = r;
            if (!priceUsable) {
                const QString why =
                    QStringLiteral("the catalog's price of %1 is in %2 and the plan in %3, and it cannot be converted "
                                   "(%4)")
                        .arg(describe(ref), r.priceCurrency, currency,
                             r.fxProblem.isEmpty() ? QStringLiteral("there is no rate") : r.fxProblem);
                if (isGiven(planScenario.given, ParamId::RatePerHour))
                    warn(QStringLiteral("%1.instance: %2; the plan's own rate_per_hour is used").arg(path, why));
                else
                    problems << QStringLiteral("%1.instance: %2. The plan may also fix the rate in fx_rates, or state "
                                               "rate_per_hour.")
                                    .arg(path, why);
            }
            // A value as a reader takes it in: a price in the plan's currency to the cent ("$11.62/h"), a count or
            // a speed with the digits it needs, never a raw 11.6162095473.
            const auto shown = [&](ParamId id, double v) -> QString {
                if (id != ParamId::RatePerHour)
                    return QLocale::c().toString(v, 'g', 6);
                return amountText(v, currency, std::abs(v) < 1.0 ? 4 : 2) + QStringLiteral("/h");
            };
            const auto take = [&](ParamId id, double catalogValue, double &target) {
                if (!isGiven(planScenario.given, id)) {
                    target = catalogValue;
                } else if (differs(target, catalogValue)) {
                    warn(QStringLiteral("%1.%2: the plan's %3 is used; the catalog has %4 for %5 (%6)")
                             .arg(path, parameterKey(id), shown(id, target), shown(id, catalogValue), describe(ref),
                                  describeSource(r)));
                }
            };
            if (!priceUsable)
                ; // said above
            else if (r.ratePerHour > 0.0) {
                take(ParamId::RatePerHour, r.ratePerHour, instance->ratePerHour);
                if (resolvedOut && !isGiven(planScenario.given, ParamId::RatePerHour))
                    (*resolvedOut)->rateUsed = true;
            }
            else if (!isGiven(planScenario.given, ParamId::RatePerHour))
                problems << QStringLiteral("%1.instance: the catalog has no price for %2").arg(path, describe(ref));
            if (r.gpusPerInstance > 0.0)
                take(ParamId::GpusPerInstance, r.gpusPerInstance, instance->gpusPerInstance);
            else if (!isGiven(planScenario.given, ParamId::GpusPerInstance))
                problems << QStringLiteral("%1.instance: the catalog does not say how many GPUs %2 has")
                                .arg(path, ref.name);
            // model.md §10.8: the plan's value, else the catalog's person-set or estimated one; never a silent 1.
            if (r.speedup)
                take(ParamId::Speedup, *r.speedup, instance->speedup);
            else if (!isGiven(planScenario.given, ParamId::Speedup) && r.gpu.isEmpty())
                problems << QStringLiteral("%1.speedup: the catalog does not say which GPU %2 has, so its speed is "
                                           "unknown; name its GPU in the catalog, or give a speedup in the plan")
                                .arg(path, ref.name);
            else if (!isGiven(planScenario.given, ParamId::Speedup))
                problems << QStringLiteral("%1.speedup: the catalog has no speedup for GPU \"%2\" and no datasheet "
                                           "figure to estimate one; set the GPU's speedup in the catalog, or a speedup "
                                           "in the plan")
                                .arg(path, r.gpu);
        }
    }

    if (problems.isEmpty()) {
        for (const QString &problem : validateScenario(scenario))
            problems << path + QLatin1Char('.') + problem;
    }
    if (problems.isEmpty() && workload) {
        if (const QString problem = fleetLimitProblem(*workload, scenario); !problem.isEmpty())
            problems << path + QLatin1Char('.') + problem;
        if (const auto *p = std::get_if<PurchaseScenario>(&scenario)) {
            const bool averageLoadGiven = planScenario.given.test(static_cast<std::size_t>(ParamId::AverageLoad));
            for (const QString &problem : purchaseScheduleProblems(*p, workload->horizonMonths) +
                                              generationProblems(*p, workload->horizonMonths, averageLoadGiven))
                problems << path + QLatin1Char('.') + problem;
        }
        if (const auto *r = std::get_if<ReservedScenario>(&scenario))
            for (const QString &problem : reservedTermProblems(*r, workload->horizonMonths))
                if (!problems.contains(path + QLatin1Char('.') + problem))
                    problems << path + QLatin1Char('.') + problem;
    }
    if (!problems.isEmpty())
        return Error{QStringLiteral("%1 (%2) cannot be evaluated").arg(path, planScenario.name), problems};
    return scenario;
}

Expected<PlanResult> preparePlan(const Plan &plan, const InstanceResolver &resolver, Incomplete incomplete)
{
    PlanResult result;
    result.plan = plan.name;
    result.workload = plan.workload;
    result.currency = plan.currency;
    QStringList problems;
    for (const QString &problem : validateWorkload(plan.workload))
        problems << QStringLiteral("workload.") + problem;

    // Each scenario resolved in its own place, its problems kept beside it. A catalog's resolver reads through one
    // connection on this thread; without one, the scenarios are resolved on every core, their warnings kept per
    // part and joined in order afterwards.
    constexpr std::size_t kMinPerPart = 1024;
    const auto count = static_cast<std::size_t>(plan.scenarios.size());
    std::vector<EvaluatedScenario> &all = result.scenarios;
    all.resize(count);
    std::vector<QStringList> scenarioProblems(count);
    std::vector<QStringList> partWarnings(resolver ? 1 : contiguousPartCount(count, kMinPerPart));
    const auto resolveRange = [&](std::size_t part, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const PlanScenario &planScenario = plan.scenarios.at(static_cast<qsizetype>(i));
            EvaluatedScenario &evaluated = all[i];
            evaluated.name = planScenario.name;
            evaluated.planPosition = i;
            Expected<Scenario> scenario =
                resolveScenario(planScenario, resolver, QStringLiteral("scenarios[%1]").arg(i), &evaluated.instance,
                                &partWarnings[part], &plan.workload, &plan);
            if (!scenario)
                scenarioProblems[i] = scenario.error().details;
            else
                evaluated.scenario = std::move(*scenario);
        }
    };
    if (resolver)
        resolveRange(0, 0, count);
    else
        inContiguousParts(count, kMinPerPart, resolveRange);
    for (const QStringList &warnings : partWarnings)
        result.warnings << warnings;

    // What cannot be evaluated: the whole plan refused, or each scenario left out with its own problems.
    const bool leaveOut = incomplete == Incomplete::LeaveOut && problems.isEmpty();
    QHash<QString, std::size_t> leftOutByName; // name -> plan position, for what names a left-out scenario
    std::vector<LeftOut> leftOutScenarios;
    for (std::size_t i = 0; i < count; ++i) {
        if (scenarioProblems[i].isEmpty())
            continue;
        if (leaveOut) {
            leftOutByName.insert(all[i].name, i);
            leftOutScenarios.push_back({all[i].name, i, 0, std::move(scenarioProblems[i])});
        } else {
            problems << scenarioProblems[i];
        }
    }
    if (!problems.isEmpty())
        return Error{QStringLiteral("the plan cannot be evaluated"), problems};
    const auto keepEvaluable = [&](const std::vector<char> &out) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (!out[i]) {
                if (kept != i)
                    all[kept] = std::move(all[i]);
                ++kept;
            }
        }
        all.resize(kept);
    };
    if (!leftOutScenarios.empty()) {
        std::vector<char> out(count, 0);
        for (const LeftOut &l : leftOutScenarios)
            out[*l.scenario] = 1;
        keepEvaluable(out);
    }

    // Names to positions (the first scenario of a name, as a search from the top finds it).
    QHash<QString, std::size_t> byName;
    const auto indexNames = [&] {
        byName.clear();
        byName.reserve(static_cast<qsizetype>(all.size()));
        for (std::size_t i = all.size(); i-- > 0;)
            byName.insert(all[i].name, i);
    };
    indexNames();
    const auto find = [&](const QString &name) -> const EvaluatedScenario * {
        const auto it = byName.constFind(name);
        return it == byName.constEnd() ? nullptr : &all[*it];
    };
    const auto notEvaluable = [&](const QString &path, const QString &name) {
        return QStringLiteral("%1: \"%2\" cannot be evaluated yet, so neither can this").arg(path, name);
    };
    // Hybrids and mixes name other scenarios: check the names (a plan edited in the GUI may have renamed one). A
    // composite whose part is left out is left out too; composites never name composites, so one pass settles it.
    std::vector<char> compositeOut(all.size(), 0);
    bool anyCompositeOut = false;
    const auto checkPart = [&](const QString &path, const QString &name, bool burstRole, QStringList &own) {
        const EvaluatedScenario *part = find(name);
        if (!part && leftOutByName.contains(name))
            own << notEvaluable(path, name);
        else if (burstRole && (!part || part->kind() != ScenarioKind::Elastic))
            own << QStringLiteral("%1: no elastic scenario is named \"%2\"").arg(path, name);
        else if (!burstRole && (!part || !(kindBit(part->kind()) & kBaseKinds)))
            own << QStringLiteral("%1: no dedicated, cluster, purchase or reserved scenario is named \"%2\"")
                       .arg(path, name);
    };
    for (std::size_t i = 0; i < all.size(); ++i) {
        const QString path = QStringLiteral("scenarios[%1]").arg(all[i].planPosition);
        QStringList own;
        if (const auto *hybrid = std::get_if<HybridScenario>(&all[i].scenario)) {
            checkPart(path + QStringLiteral(".base"), hybrid->base, false, own);
            checkPart(path + QStringLiteral(".burst"), hybrid->burst, true, own);
        } else if (const auto *mix = std::get_if<MixScenario>(&all[i].scenario)) {
            for (qsizetype j = 0; j < mix->layers.size(); ++j)
                checkPart(QStringLiteral("%1.layers[%2]").arg(path).arg(j), mix->layers[j], false, own);
            if (!mix->burst.isEmpty())
                checkPart(path + QStringLiteral(".burst"), mix->burst, true, own);
        } else {
            continue;
        }
        if (own.isEmpty())
            continue;
        if (leaveOut) {
            leftOutScenarios.push_back({all[i].name, all[i].planPosition, 0, own});
            compositeOut[i] = 1;
            anyCompositeOut = true;
        } else {
            problems << own;
        }
    }
    if (!problems.isEmpty())
        return Error{QStringLiteral("the plan cannot be evaluated"), problems};
    if (anyCompositeOut) {
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (compositeOut[i])
                leftOutByName.insert(all[i].name, all[i].planPosition);
        }
        keepEvaluable(compositeOut);
        indexNames();
        std::sort(leftOutScenarios.begin(), leftOutScenarios.end(),
                  [](const LeftOut &a, const LeftOut &b) { return *a.scenario < *b.scenario; });
    }
    const auto position = [&](const QString &name) { return static_cast<std::size_t>(find(name) - all.data()); };
    for (EvaluatedScenario &s : all) {
        s.parts.clear();
        s.burstPart.reset();
        if (const auto *hybrid = std::get_if<HybridScenario>(&s.scenario)) {
            s.baseKind = find(hybrid->base)->kind();
            s.parts.push_back(position(hybrid->base));
            s.burstPart = position(hybrid->burst);
        } else if (const auto *mix = std::get_if<MixScenario>(&s.scenario)) {
            for (const QString &layer : mix->layers) {
                s.parts.push_back(position(layer));
                s.anyPurchaseLayer = s.anyPurchaseLayer || find(layer)->kind() == ScenarioKind::Purchase;
                s.anyReservedLayer = s.anyReservedLayer || find(layer)->kind() == ScenarioKind::Reserved;
            }
            if (!mix->burst.isEmpty())
                s.burstPart = position(mix->burst);
        }
    }
    result.leftOut = std::move(leftOutScenarios);
    noteSpeedups(plan, result);

    for (qsizetype i = 0; i < plan.breakeven.size(); ++i) {
        const BreakEvenRequest &request = plan.breakeven.at(i);
        const QString path = QStringLiteral("breakeven[%1]").arg(i);
        QString problem;
        const auto fail = [&](const QString &line) {
            if (leaveOut)
                result.leftOut.push_back({QStringLiteral("%1 vs %2").arg(request.purchase, request.cloud), std::nullopt,
                                          static_cast<std::size_t>(i), {line}});
            else
                problems << line;
        };
        const EvaluatedScenario *purchase = find(request.purchase);
        const EvaluatedScenario *cloud = find(request.cloud);
        if (!purchase && leftOutByName.contains(request.purchase)) {
            fail(notEvaluable(path + QStringLiteral(".purchase"), request.purchase));
            continue;
        }
        if (!purchase || purchase->kind() != ScenarioKind::Purchase) {
            fail(QStringLiteral("%1.purchase: no purchase scenario is named \"%2\"").arg(path, request.purchase));
            continue;
        }
        if (!cloud && leftOutByName.contains(request.cloud)) {
            fail(notEvaluable(path + QStringLiteral(".cloud"), request.cloud));
            continue;
        }
        if (!cloud) {
            fail(QStringLiteral("%1.cloud: no scenario is named \"%2\"").arg(path, request.cloud));
            continue;
        }
        const auto &owned = std::get<PurchaseScenario>(purchase->scenario);
        if (const auto *elastic = std::get_if<ElasticScenario>(&cloud->scenario)) {
            // basis and max_servers do not apply (model.md §10.10, clarification 7).
            Expected<FleetBreakEven> fleet = fleetBreakEven(plan.workload, owned, *elastic);
            if (!fleet) {
                fail(QStringLiteral("%1: %2").arg(path, fleet.error().message));
                continue;
            }
            BreakEvenResult found;
            found.fleet = *fleet;
            result.breakeven.push_back({request, std::move(found)});
            continue;
        }
        if (request.maxServers < 1 || request.maxServers > kMaxBreakEvenServers) {
            fail(QStringLiteral("%1.max_servers: must be an integer from 1 to %2").arg(path).arg(kMaxBreakEvenServers));
            continue;
        }
        Expected<BreakEvenResult> sweep =
            breakEvenServers(plan.workload, owned, cloud->scenario, request.maxServers, request.basis);
        if (!sweep) {
            fail(QStringLiteral("%1: %2").arg(path, sweep.error().message));
            continue;
        }
        result.breakeven.push_back({request, std::move(*sweep)});
    }
    if (!problems.isEmpty())
        return Error{QStringLiteral("the plan cannot be evaluated"), problems};
    return result;
}

int cheapestMeetingDemand(const PlanResult &result, const std::function<bool(std::size_t)> &accept)
{
    int best = -1;
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        const ScenarioResult &r = result.scenarios[i].result;
        if (r.hasUnmetDemand() || (accept && !accept(i)))
            continue;
        if (best < 0 || r.total < result.scenarios[static_cast<std::size_t>(best)].result.total)
            best = static_cast<int>(i);
    }
    return best;
}

OwningCounterpart owningCounterpart(const PlanResult &result)
{
    const auto cloud = [&](std::size_t i) { return isCloudKind(result.scenarios[i].kind()); };
    if (const int meeting = cheapestMeetingDemand(result, cloud); meeting >= 0)
        return {meeting, true};
    int best = -1;
    for (std::size_t i = 0; i < result.scenarios.size(); ++i)
        if (cloud(i) && (best < 0 || result.scenarios[i].result.total <
                                         result.scenarios[static_cast<std::size_t>(best)].result.total))
            best = static_cast<int>(i);
    return {best, false};
}

std::optional<OwningVersusCloud> owningVersusCloud(const PlanResult &result, std::size_t position)
{
    if (position >= result.scenarios.size() || result.scenarios[position].kind() != ScenarioKind::Purchase)
        return std::nullopt;
    const OwningCounterpart counterpart = owningCounterpart(result);
    if (counterpart.cloud < 0)
        return std::nullopt;
    const ScenarioResult &owned = result.scenarios[position].result;
    const ScenarioResult &rented = result.scenarios[static_cast<std::size_t>(counterpart.cloud)].result;
    return OwningVersusCloud{counterpart.cloud, breakEvenMonth(owned, rented), owningReturn(owned, rented)};
}

int headlinePurchase(const PlanResult &result)
{
    const auto isPurchase = [&](int i) {
        return i >= 0 && static_cast<std::size_t>(i) < result.scenarios.size() &&
               result.scenarios[static_cast<std::size_t>(i)].kind() == ScenarioKind::Purchase;
    };
    int owned = cheapestMeetingDemand(result);
    for (std::size_t i = 0; !isPurchase(owned) && i < result.breakeven.size(); ++i)
        for (std::size_t s = 0; s < result.scenarios.size(); ++s)
            if (result.scenarios[s].name == result.breakeven[i].request.purchase)
                owned = static_cast<int>(s);
    for (std::size_t i = 0; !isPurchase(owned) && i < result.scenarios.size(); ++i)
        owned = static_cast<int>(i);
    return isPurchase(owned) ? owned : -1;
}

namespace {

std::optional<HeadlineBreakEven> breakEvenOf(const PlanResult &result, int owned)
{
    if (owned < 0 || static_cast<std::size_t>(owned) >= result.scenarios.size() ||
        result.scenarios[static_cast<std::size_t>(owned)].kind() != ScenarioKind::Purchase)
        return std::nullopt;
    const OwningCounterpart counterpart = owningCounterpart(result);
    if (counterpart.cloud < 0)
        return std::nullopt;
    const EvaluatedScenario &purchase = result.scenarios[static_cast<std::size_t>(owned)];
    const EvaluatedScenario &rented = result.scenarios[static_cast<std::size_t>(counterpart.cloud)];
    for (std::size_t i = 0; i < result.breakeven.size(); ++i)
        if (result.breakeven[i].request.purchase == purchase.name && result.breakeven[i].request.cloud == rented.name)
            return HeadlineBreakEven{result.breakeven[i], owned, counterpart.cloud, i, counterpart.meetsDemand};
    const auto &buy = std::get<PurchaseScenario>(purchase.scenario);
    BreakEvenRequest request(purchase.name, rented.name);
    BreakEvenResult found;
    if (const auto *elastic = std::get_if<ElasticScenario>(&rented.scenario)) {
        Expected<FleetBreakEven> fleet = fleetBreakEven(result.workload, buy, *elastic);
        if (!fleet)
            return std::nullopt;
        found.fleet = *fleet;
    } else {
        Expected<BreakEvenResult> sweep =
            breakEvenServers(result.workload, buy, rented.scenario, request.maxServers, request.basis);
        if (!sweep)
            return std::nullopt;
        found = std::move(*sweep);
    }
    return HeadlineBreakEven{{std::move(request), std::move(found)}, owned, counterpart.cloud, std::nullopt,
                             counterpart.meetsDemand};
}

} // namespace

std::optional<HeadlineBreakEven> headlineBreakEven(const PlanResult &result, int owned)
{
    if (owned >= 0)
        return breakEvenOf(result, owned);
    const int preferred = headlinePurchase(result);
    if (std::optional<HeadlineBreakEven> found = breakEvenOf(result, preferred))
        return found;
    // The purchase asked about first cannot be compared (a fleet that follows demand has no break-even against
    // pay-per-use): the first other purchase that can.
    for (std::size_t i = 0; i < result.scenarios.size(); ++i)
        if (static_cast<int>(i) != preferred && result.scenarios[i].kind() == ScenarioKind::Purchase)
            if (std::optional<HeadlineBreakEven> found = breakEvenOf(result, static_cast<int>(i)))
                return found;
    return std::nullopt;
}

std::vector<FxUse> PlanResult::fxUsed() const
{
    std::vector<FxUse> out;
    for (const EvaluatedScenario &s : scenarios) {
        if (s.instance && s.instance->fx && std::find(out.begin(), out.end(), *s.instance->fx) == out.end())
            out.push_back(*s.instance->fx);
    }
    return out;
}

const EvaluatedScenario *PlanResult::atPlanPosition(std::size_t planPosition) const
{
    // Positions rise with the index: a binary search.
    const auto it = std::lower_bound(scenarios.begin(), scenarios.end(), planPosition,
                                     [](const EvaluatedScenario &s, std::size_t p) { return s.planPosition < p; });
    return it != scenarios.end() && it->planPosition == planPosition ? &*it : nullptr;
}

const LeftOut *PlanResult::leftOutAt(std::size_t planPosition) const
{
    for (const LeftOut &l : leftOut) {
        if (l.scenario == planPosition)
            return &l;
    }
    return nullptr;
}

namespace {

// A composite's parts as `shape` found them among `count` scenarios, checked before they are read: an index beyond
// the list or a burst that is not elastic (a plan result put together by hand) leaves the result unknown (NaN) and
// says so, never reads past the list or throws.
template<typename At>
bool partsFit(const EvaluatedScenario &shape, std::size_t count, const At &at)
{
    for (std::size_t part : shape.parts)
        if (part >= count || !(kindBit(scenarioKind(at(part))) & kBaseKinds))
            return false;
    if (shape.burstPart && (*shape.burstPart >= count || !std::holds_alternative<ElasticScenario>(at(*shape.burstPart))))
        return false;
    return true;
}

void markUnknown(const EvaluatedScenario &shape, ScenarioResult &out)
{
    qWarning("mltco: \"%s\" was evaluated without the scenarios it is built from", qPrintable(shape.name));
    out = ScenarioResult{};
    out.total = out.npv = out.averageAnnual = std::numeric_limits<double>::quiet_NaN();
}

template<typename At>
void evaluateShape(const EvaluatedScenario &shape, const Scenario &s, std::size_t count, const At &at,
                   const Workload &workload, ScenarioResult &out, MixScratch &scratch)
{
    if (const auto *hybrid = std::get_if<HybridScenario>(&s)) {
        if (shape.parts.size() != 1 || !shape.burstPart || !partsFit(shape, count, at))
            return markUnknown(shape, out);
        evaluateHybridInto(workload, at(shape.parts.front()), std::get<ElasticScenario>(at(*shape.burstPart)),
                           hybrid->baseMaxUtilization, out, scratch);
    } else if (const auto *mix = std::get_if<MixScenario>(&s)) {
        if (shape.parts.empty() || !partsFit(shape, count, at))
            return markUnknown(shape, out);
        std::vector<const Scenario *> &layers = scratch.layerRefs;
        layers.clear();
        for (std::size_t part : shape.parts)
            layers.push_back(&at(part));
        evaluateMixInto(workload, layers, shape.burstPart ? &std::get<ElasticScenario>(at(*shape.burstPart)) : nullptr,
                        mix->maxUtilization, out, scratch);
    } else {
        evaluateInto(workload, s, out);
    }
}

} // namespace

void evaluateScenario(const PlanResult &plan, std::size_t index, ScenarioResult &out, MixScratch &scratch)
{
    const auto at = [&](std::size_t i) -> const Scenario & { return plan.scenarios[i].scenario; };
    evaluateShape(plan.scenarios[index], plan.scenarios[index].scenario, plan.scenarios.size(), at, plan.workload, out,
                  scratch);
}

void evaluateScenarioAmong(const PlanResult &plan, const Workload &workload, const std::vector<Scenario> &scenarios,
                           std::size_t index, ScenarioResult &out, MixScratch &scratch)
{
    const auto at = [&](std::size_t i) -> const Scenario & { return scenarios[i]; };
    if (index >= plan.scenarios.size() || index >= scenarios.size())
        return markUnknown(EvaluatedScenario{}, out);
    evaluateShape(plan.scenarios[index], scenarios[index], std::min(scenarios.size(), plan.scenarios.size()), at,
                  workload, out, scratch);
}

PlanResult subsetOf(const PlanResult &result, std::vector<std::size_t> &positions)
{
    const std::size_t n = result.scenarios.size();
    std::vector<char> keep(n, 0);
    for (std::size_t p : positions) {
        if (p >= n)
            continue;
        keep[p] = 1;
        const EvaluatedScenario &s = result.scenarios[p];
        for (std::size_t part : s.parts)
            keep[part] = 1;
        if (s.burstPart)
            keep[*s.burstPart] = 1;
    }
    std::vector<std::size_t> renumbered(n, 0);
    PlanResult subset;
    subset.plan = result.plan;
    subset.workload = result.workload;
    subset.currency = result.currency;
    for (std::size_t i = 0; i < n; ++i) {
        if (!keep[i])
            continue;
        renumbered[i] = subset.scenarios.size();
        subset.scenarios.push_back(result.scenarios[i]);
    }
    for (EvaluatedScenario &s : subset.scenarios) {
        for (std::size_t &part : s.parts)
            part = renumbered[part];
        if (s.burstPart)
            s.burstPart = renumbered[*s.burstPart];
    }
    for (std::size_t &p : positions)
        p = p < n ? renumbered[p] : p;
    return subset;
}

void evaluateAllScenarios(PlanResult &prepared)
{
    MixScratch scratch;
    for (std::size_t i = 0; i < prepared.scenarios.size(); ++i)
        evaluateScenario(prepared, i, prepared.scenarios[i].result, scratch);
}

Expected<PlanResult> evaluatePlan(const Plan &plan, const InstanceResolver &resolver, Incomplete incomplete)
{
    Expected<PlanResult> result = preparePlan(plan, resolver, incomplete);
    if (result)
        evaluateAllScenarios(*result);
    return result;
}

} // namespace mltco::tco

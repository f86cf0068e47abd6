// The fleet optimizer, part: the futures, the exact price of a decision in each, and the engine's figures of one.
#include "models/analytics/fleetoptimizerimpl.h"

#include "models/tco/engine.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <numeric>

namespace mltco::tco::fleetopt {

double weightedCvar(const std::vector<double> &npv, const std::vector<double> &weight, double beta,
                    std::vector<std::size_t> &order)
{
    const std::size_t n = npv.size();
    if (beta <= 0.0) {
        double mean = 0.0;
        for (std::size_t f = 0; f < n; ++f)
            mean += weight[f] * npv[f];
        return mean;
    }
    // Largest first, ties in input order (model.md §11.5, clarification 20): the order of a stable sort by NPV, as a
    // strict order on (NPV, index), so that sorting only the worst futures gives the same leading ones. Only they are
    // read (the worst 1 - beta of the mass), and this runs for every decision the search prices: sort a first share
    // somewhat larger than their expected count, and all of them only when its weight falls short.
    const auto worseFirst = [&](std::size_t a, std::size_t b) { return npv[a] > npv[b] || (npv[a] == npv[b] && a < b); };
    const double mass = 1.0 - beta;
    order.resize(n);
    std::size_t sorted = std::min(n, static_cast<std::size_t>(std::ceil(double(n) * mass * 1.5)) + 16);
    for (;;) {
        std::iota(order.begin(), order.end(), std::size_t{0});
        if (sorted == n)
            std::sort(order.begin(), order.end(), worseFirst);
        else
            std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(sorted), order.end(), worseFirst);
        double taken = 0.0, sum = 0.0;
        for (std::size_t i = 0; i < sorted; ++i) {
            const std::size_t f = order[i];
            const double take = std::min(weight[f], mass - taken);
            if (take <= 0.0)
                return sum / mass;
            sum += take * npv[f];
            taken += take;
        }
        if (sorted == n)
            return sum / mass;
        sorted = std::min(n, sorted * 2); // the worst futures weigh less than their share: sort more of them
    }
}

// The smallest NPV whose cumulative weight reaches q (clarification 21).
double weightedQuantile(const std::vector<double> &values, const std::vector<double> &weight, double q)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    double cumulative = 0.0;
    for (std::size_t i : order) {
        cumulative += weight[i];
        if (cumulative >= q - 1e-12)
            return values[i];
    }
    return order.empty() ? 0.0 : values[order.back()];
}

bool Optimizer::tick(int done)
{
    m_lastTick = done;
    return !m_options.progress || m_options.progress(std::min(done, 1000), 1000);
}

QString Optimizer::prepare()
{
    m_request = *m_plan.optimize;
    if (m_options.objective)
        m_request.objective = m_options.objective;
    if (m_options.beta)
        m_request.beta = m_options.beta;
    if (m_options.trials)
        m_request.trials = m_options.trials;
    if (m_options.seed)
        m_request.seed = m_options.seed;
    const OptimizeRequest &r = m_request;
    if (r.roles() < 2)
        return QStringLiteral("optimize: name at least two of own, reserve and burst");
    if (r.beta && !(*r.beta >= 0.0 && *r.beta < 1.0))
        return QStringLiteral("beta must be a number from 0 to 0.999");
    if (r.trials && (*r.trials < 1 || *r.trials > OptimizeRequest::kMaxTrials))
        return QStringLiteral("trials must be a whole number from 1 to %1").arg(OptimizeRequest::kMaxTrials);
    H = m_base.workload.horizonMonths;
    const auto find = [&](const QString &name, ScenarioKind kind, const char *role, int &index) -> QString {
        if (name.isEmpty())
            return {};
        for (std::size_t i = 0; i < m_base.scenarios.size(); ++i)
            if (m_base.scenarios[i].name == name && m_base.scenarios[i].kind() == kind)
                index = static_cast<int>(i);
        return index < 0 ? QStringLiteral("optimize.%1: \"%2\" cannot be evaluated, so the fleet cannot be optimized")
                               .arg(QLatin1String(role), name)
                         : QString();
    };
    for (const QString &problem : {find(r.own, ScenarioKind::Purchase, "own", m_ownIndex),
                                   find(r.reserve, ScenarioKind::Reserved, "reserve", m_reserveIndex),
                                   find(r.burst, ScenarioKind::Elastic, "burst", m_burstIndex)})
        if (!problem.isEmpty())
            return problem;
    m_cvar = r.objective.value_or(OptimizeObjective::Mean) == OptimizeObjective::Cvar;
    m_beta = r.beta.value_or(OptimizeRequest::kDefaultBeta);
    m_util = r.maxUtilization.value_or(defaults::kBaseMaxUtilization);
    m_minService = r.minService.value_or(1.0);
    m_maxServers = r.maxServers.value_or(OptimizeRequest::kDefaultMaxServers);
    m_maxInstances = r.maxInstances.value_or(OptimizeRequest::kDefaultMaxInstances);
    m_budget = r.capexBudgetPerYear;
    m_epochs = r.decisionMonths(H);
    if (m_ownIndex >= 0) {
        const auto &own = std::get<PurchaseScenario>(m_base.scenarios[static_cast<std::size_t>(m_ownIndex)].scenario);
        if (own.idlePowerFraction)
            return QStringLiteral("optimize.own: \"%1\" gives idle_power_fraction, whose power follows what the fleet "
                                  "serves; the fleet plan prices power at a fixed load: give average_load instead")
                .arg(r.own);
        m_lead = own.leadTimeMonths;
        for (int e : m_epochs)
            // Not before the hardware is on sale, and not so late that it could not serve before H (§11.4, §14.4).
            if (e >= own.availableFromMonth && e + m_lead <= H)
                m_ownEpochs.push_back(e);
        if (m_ownEpochs.empty())
            return QStringLiteral("optimize.own: \"%1\" can be bought in none of the decision months (on sale from month "
                                  "%2, %3 month(s) of lead time, a %4-month plan)")
                .arg(r.own)
                .arg(own.availableFromMonth)
                .arg(m_lead)
                .arg(H);
    }
    if (m_reserveIndex >= 0) {
        const auto &reserved = std::get<ReservedScenario>(m_base.scenarios[static_cast<std::size_t>(m_reserveIndex)].scenario);
        m_term = reserved.terms.empty() ? 12 : reserved.terms.front().termMonths;
        m_reserveEpochs = m_epochs; // clarification 14: reservations may start where own cannot
    }
    const std::size_t futures = r.futures ? r.futures->size() : static_cast<std::size_t>(r.trials.value_or(OptimizeRequest::kDefaultTrials));
    if (futures * static_cast<std::size_t>(std::max(1, H)) > kMaxCells)
        return QStringLiteral("%1 futures over %2 months are more than the optimizer holds (%3 future-months); use fewer "
                              "trials")
            .arg(futures)
            .arg(H)
            .arg(kMaxCells);
    return {};
}

void Optimizer::buildFutures(const InputSample *sample)
{
    const std::size_t nScen = m_base.scenarios.size();
    std::vector<Scenario> planScenarios(nScen);
    for (std::size_t i = 0; i < nScen; ++i)
        planScenarios[i] = m_base.scenarios[i].scenario;
    if (m_request.futures) {
        for (const OptimizeFuture &f : *m_request.futures)
            m_futures.push_back({f.weight, f.applyTo(m_base.workload), planScenarios});
    } else {
        const std::size_t n = sample->columns.empty() ? static_cast<std::size_t>(m_request.trials.value_or(OptimizeRequest::kDefaultTrials))
                                                      : sample->columns.front().size();
        m_futures.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            Future &f = m_futures[i];
            f.workload = m_base.workload;
            f.scenarios = planScenarios;
            for (std::size_t c = 0; c < sample->columns.size(); ++c) {
                const ParamId id = m_plan.uncertainty.at(static_cast<qsizetype>(c)).parameter;
                if (sample->targets[c] < 0)
                    setParameterValue(f.workload, id, sample->columns[c][i]);
                else
                    setParameterValue(f.scenarios[static_cast<std::size_t>(sample->targets[c])], id, sample->columns[c][i]);
            }
        }
    }
    double total = 0.0;
    for (const Future &f : m_futures)
        total += f.weight;
    for (Future &f : m_futures)
        f.weight /= total;
}

void Optimizer::buildCosts(const InputSample *sample)
{
    const std::size_t F = m_futures.size();
    const auto h = static_cast<std::size_t>(H);
    m_weight.resize(F);
    m_demand.assign(F * h, 0.0);
    m_slope.assign(F * h, 0.0);
    m_burstFixed.assign(F, 0.0);
    m_totalDemand.assign(F, 0.0);
    m_perServer.assign(F, 0.0);
    m_perInstance.assign(F, 0.0);

    // Futures that differ only in demand share their own and reserve layers' costs: group them by the inputs that
    // reach a layer (its scenario's, and the workload's other than demand).
    const auto groupsOf = [&](int role, std::vector<int> &group) {
        group.assign(F, 0);
        if (role < 0)
            return std::size_t{0};
        if (!sample)
            return std::size_t{1};
        std::map<std::vector<double>, int> seen;
        for (std::size_t f = 0; f < F; ++f) {
            std::vector<double> key;
            for (std::size_t c = 0; c < sample->columns.size(); ++c) {
                const int t = sample->targets[c];
                const ParamId id = m_plan.uncertainty.at(static_cast<qsizetype>(c)).parameter;
                if (t == role || (t < 0 && !movesDemandOnly(id)))
                    key.push_back(sample->columns[c][f]);
            }
            group[f] = seen.emplace(std::move(key), static_cast<int>(seen.size())).first->second;
        }
        return seen.size();
    };
    const std::size_t ownGroups = groupsOf(m_ownIndex, m_ownGroup);
    const std::size_t reserveGroups = groupsOf(m_reserveIndex, m_reserveGroup);
    std::vector<std::size_t> ownFirst(ownGroups, F), reserveFirst(reserveGroups, F);
    for (std::size_t f = F; f-- > 0;) {
        if (ownGroups > 0)
            ownFirst[static_cast<std::size_t>(m_ownGroup[f])] = f;
        if (reserveGroups > 0)
            reserveFirst[static_cast<std::size_t>(m_reserveGroup[f])] = f;
    }
    m_own.assign(ownGroups, {});
    m_reserve.assign(reserveGroups, {});

    parallelFor(F, m_threads, [&] {
        ScenarioResult zero, one;
        std::vector<double> discount;
        return [&, zero, one, discount](std::size_t f) mutable {
            const Future &future = m_futures[f];
            m_weight[f] = future.weight;
            DemandCursor cursor(future.workload);
            for (std::size_t m = 0; m < h; ++m) {
                m_demand[f * h + m] = cursor.next();
                m_totalDemand[f] += m_demand[f * h + m];
            }
            if (m_ownIndex >= 0) {
                const auto &p = std::get<PurchaseScenario>(future.scenarios[static_cast<std::size_t>(m_ownIndex)]);
                m_perServer[f] = p.gpusPerServer * p.speedup * kHoursPerMonth;
            }
            if (m_reserveIndex >= 0) {
                const auto &r = std::get<ReservedScenario>(future.scenarios[static_cast<std::size_t>(m_reserveIndex)]);
                m_perInstance[f] = r.instance.gpusPerInstance * r.instance.speedup * kHoursPerMonth;
            }
            if (m_burstIndex < 0)
                return;
            // The burst bills what the layers leave, linearly (model.md §4.3): its cost at no demand and the change of
            // each month's cost per reference GPU-hour, from the engine.
            const Scenario &burst = future.scenarios[static_cast<std::size_t>(m_burstIndex)];
            Workload w = future.workload;
            w.demandSteps.clear();
            w.demandGrowth = 0.0;
            w.demandGpuHours = 0.0;
            evaluateInto(w, burst, zero);
            w.demandGpuHours = 1.0;
            evaluateInto(w, burst, one);
            monthDiscounts(w, discount);
            m_burstFixed[f] = zero.npv;
            for (std::size_t m = 0; m < h; ++m)
                m_slope[f * h + m] = (one.months[m].total - zero.months[m].total) * discount[m];
        };
    });

    parallelFor(ownGroups, m_threads, [&] {
        return [&](std::size_t g) {
            const Future &future = m_futures[ownFirst[g]];
            auto p = std::get<PurchaseScenario>(future.scenarios[static_cast<std::size_t>(m_ownIndex)]);
            OwnCosts &own = m_own[g];
            std::vector<int> thresholds{1};
            for (const BulkTier &tier : p.bulkDiscounts)
                if (tier.minServers > 1 && tier.minServers <= m_maxServers)
                    thresholds.push_back(tier.minServers);
            std::sort(thresholds.begin(), thresholds.end());
            thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
            own.thresholds = thresholds;
            std::vector<double> discount;
            monthDiscounts(future.workload, discount);
            own.serversPerFte = p.serversPerFte;
            own.staffCoef.resize(static_cast<std::size_t>(H));
            for (int m = 0; m < H; ++m)
                own.staffCoef[static_cast<std::size_t>(m)] =
                    discount[static_cast<std::size_t>(m)] * p.fteAnnualCost / 12.0 * (1.0 - future.workload.taxRate);
            p.servers = 0;
            p.expansion = Expansion::None;
            p.fteAnnualCost = 0.0;
            own.unit.assign(m_ownEpochs.size(), std::vector<double>(thresholds.size()));
            ScenarioResult r;
            for (std::size_t k = 0; k < m_ownEpochs.size(); ++k)
                for (std::size_t t = 0; t < thresholds.size(); ++t) {
                    p.purchases = {{m_ownEpochs[k], thresholds[t]}};
                    evaluateInto(future.workload, p, r);
                    own.unit[k][t] = r.npv / thresholds[t];
                }
        };
    });
    parallelFor(reserveGroups, m_threads, [&] {
        return [&](std::size_t g) {
            const Future &future = m_futures[reserveFirst[g]];
            auto rs = std::get<ReservedScenario>(future.scenarios[static_cast<std::size_t>(m_reserveIndex)]);
            ReserveCosts &costs = m_reserve[g];
            ScenarioResult r;
            rs.terms.clear();
            evaluateInto(future.workload, rs, r);
            costs.fixed = r.npv;
            costs.term.resize(m_reserveEpochs.size());
            for (std::size_t k = 0; k < m_reserveEpochs.size(); ++k) {
                rs.terms = {{m_reserveEpochs[k], 1, m_term}};
                evaluateInto(future.workload, rs, r);
                costs.term[k] = r.npv - costs.fixed;
            }
        };
    });
    if (m_ownIndex >= 0 && m_budget) {
        // The budget binds the plan's own server (clarification 18): capex per server by epoch, tier and plan year.
        auto p = std::get<PurchaseScenario>(m_base.scenarios[static_cast<std::size_t>(m_ownIndex)].scenario);
        p.servers = 0;
        p.expansion = Expansion::None;
        const std::vector<int> &thresholds = m_own.front().thresholds;
        const auto years = static_cast<std::size_t>((H + 11) / 12);
        m_capexPerServer.assign(m_ownEpochs.size(), std::vector<std::vector<double>>(thresholds.size(), std::vector<double>(years)));
        ScenarioResult r;
        for (std::size_t k = 0; k < m_ownEpochs.size(); ++k)
            for (std::size_t t = 0; t < thresholds.size(); ++t) {
                p.purchases = {{m_ownEpochs[k], thresholds[t]}};
                evaluateInto(m_base.workload, p, r);
                for (const MonthRow &row : r.months)
                    m_capexPerServer[k][t][static_cast<std::size_t>((row.month - 1) / 12)] += row.at(Category::Capex) / thresholds[t];
            }
    }
}

Standing Optimizer::evaluate(const std::vector<int> &v, double beta, bool cvar, std::vector<double> *npvOut) const
{
    const std::size_t nOwn = m_ownEpochs.size(), nRes = m_reserveEpochs.size();
    const auto h = static_cast<std::size_t>(H);
    Standing s;
    double violation = 0.0;
    int servers = 0, instances = 0;
    for (std::size_t k = 0; k < nOwn; ++k)
        servers += v[k];
    for (std::size_t k = 0; k < nRes; ++k)
        instances += v[nOwn + k];
    if (servers > m_maxServers)
        violation += servers - m_maxServers;
    if (instances > m_maxInstances)
        violation += instances - m_maxInstances;
    // Servers in service and instances reserved, month by month.
    std::vector<double> N(h, 0.0), I(h, 0.0);
    for (std::size_t k = 0; k < nOwn; ++k)
        for (std::size_t m = static_cast<std::size_t>(m_ownEpochs[k] + m_lead - 1); m < h; ++m)
            N[m] += v[k];
    for (std::size_t k = 0; k < nRes; ++k) {
        const auto last = std::min(h, static_cast<std::size_t>(m_reserveEpochs[k] - 1 + m_term));
        for (std::size_t m = static_cast<std::size_t>(m_reserveEpochs[k] - 1); m < last; ++m)
            I[m] += v[nOwn + k];
    }
    if (m_budget && !m_capexPerServer.empty()) {
        const std::size_t years = m_capexPerServer.front().front().size();
        for (std::size_t y = 0; y < years; ++y) {
            double capex = 0.0;
            for (std::size_t k = 0; k < nOwn; ++k)
                if (v[k] > 0)
                    capex += v[k] * m_capexPerServer[k][m_own.front().tier(v[k])][y];
            if (capex > *m_budget * (1.0 + 1e-9))
                violation += (capex - *m_budget) / *m_budget;
        }
    }
    // Each group's layers once.
    std::vector<double> ownNpv(m_own.size(), 0.0), reserveNpv(m_reserve.size(), 0.0);
    for (std::size_t g = 0; g < m_own.size(); ++g) {
        const OwnCosts &own = m_own[g];
        double npv = 0.0;
        for (std::size_t k = 0; k < nOwn; ++k)
            if (v[k] > 0)
                npv += v[k] * own.unit[k][own.tier(v[k])];
        if (own.serversPerFte > 0.0)
            for (std::size_t m = 0; m < h; ++m)
                if (N[m] > 0.0)
                    npv += own.staffCoef[m] * ceilTolerant(N[m] / own.serversPerFte);
        ownNpv[g] = npv;
    }
    for (std::size_t g = 0; g < m_reserve.size(); ++g) {
        double npv = m_reserve[g].fixed;
        for (std::size_t k = 0; k < nRes; ++k)
            npv += v[nOwn + k] * m_reserve[g].term[k];
        reserveNpv[g] = npv;
    }
    const bool burst = m_burstIndex >= 0;
    std::vector<double> local;
    std::vector<double> &npv = npvOut ? *npvOut : local;
    npv.resize(m_futures.size());
    double shortfall = 0.0;
    for (std::size_t f = 0; f < m_futures.size(); ++f) {
        double cost = m_burstFixed[f];
        if (m_ownIndex >= 0)
            cost += ownNpv[static_cast<std::size_t>(m_ownGroup[f])];
        if (m_reserveIndex >= 0)
            cost += reserveNpv[static_cast<std::size_t>(m_reserveGroup[f])];
        const double *g = &m_demand[f * h];
        const double *a = &m_slope[f * h];
        const double ps = m_util * m_perServer[f], pi = m_util * m_perInstance[f];
        double left = 0.0, billed = 0.0;
        for (std::size_t m = 0; m < h; ++m) {
            const double rest = g[m] - (ps * N[m] + pi * I[m]);
            if (rest > 0.0) {
                left += rest;
                billed += a[m] * rest;
            }
        }
        npv[f] = cost + billed;
        if (!burst) {
            const double served = m_totalDemand[f] - left;
            const double needed = m_minService * m_totalDemand[f];
            if (served < needed * (1.0 - 1e-9) && m_totalDemand[f] > 0.0)
                shortfall = std::max(shortfall, (needed - served) / m_totalDemand[f]);
        }
    }
    violation += shortfall;
    s.feasible = violation <= 0.0;
    s.violation = violation;
    std::vector<std::size_t> order;
    s.objective = weightedCvar(npv, m_weight, cvar ? beta : 0.0, order);
    return s;
}

FleetPlan Optimizer::planOf(const std::vector<int> &v) const
{
    FleetPlan plan;
    const std::size_t nOwn = m_ownEpochs.size();
    for (std::size_t k = 0; k < nOwn; ++k)
        if (v[k] > 0)
            plan.purchases.push_back({m_ownEpochs[k], v[k]});
    for (std::size_t k = 0; k < m_reserveEpochs.size(); ++k)
        if (v[nOwn + k] > 0)
            plan.terms.push_back({m_reserveEpochs[k], v[nOwn + k], m_term});
    return plan;
}

void Optimizer::engineNpvs(const std::vector<int> &v, std::vector<double> &npv, std::vector<double> *served,
                           FleetTimeline *timeline) const
{
    const FleetPlan plan = planOf(v);
    npv.assign(m_futures.size(), 0.0);
    if (served)
        served->assign(m_futures.size(), 0.0);
    std::vector<std::vector<double>> left(timeline ? m_futures.size() : 0);
    parallelFor(m_futures.size(), m_threads, [&] {
        MixScratch scratch;
        ScenarioResult result;
        return [&, scratch, result](std::size_t f) mutable {
            const Future &future = m_futures[f];
            Scenario own, reserve;
            std::vector<const Scenario *> layers;
            if (m_ownIndex >= 0) {
                auto p = std::get<PurchaseScenario>(future.scenarios[static_cast<std::size_t>(m_ownIndex)]);
                p.servers = 0;
                p.expansion = Expansion::None;
                p.purchases = plan.purchases;
                own = p;
                layers.push_back(&own);
            }
            if (m_reserveIndex >= 0) {
                auto r = std::get<ReservedScenario>(future.scenarios[static_cast<std::size_t>(m_reserveIndex)]);
                r.terms = plan.terms;
                reserve = r;
                layers.push_back(&reserve);
            }
            const ElasticScenario *burst =
                m_burstIndex >= 0 ? &std::get<ElasticScenario>(future.scenarios[static_cast<std::size_t>(m_burstIndex)]) : nullptr;
            evaluateMixInto(future.workload, layers, burst, m_util, result, scratch);
            npv[f] = result.npv;
            if (served)
                (*served)[f] = result.served;
            if (timeline) {
                left[f].resize(result.months.size());
                for (std::size_t m = 0; m < result.months.size(); ++m)
                    left[f][m] = result.months[m].burstGpuHours;
            }
        };
    });
    if (!timeline)
        return;
    const auto h = static_cast<std::size_t>(H);
    timeline->servers.assign(h, 0.0);
    timeline->instances.assign(h, 0.0);
    for (const ScheduledPurchase &p : plan.purchases)
        for (std::size_t m = static_cast<std::size_t>(p.month + m_lead - 1); m < h; ++m)
            timeline->servers[m] += p.servers;
    for (const ReservedTerm &t : plan.terms)
        for (std::size_t m = static_cast<std::size_t>(t.startMonth - 1); m < std::min(h, static_cast<std::size_t>(t.startMonth - 1 + t.termMonths)); ++m)
            timeline->instances[m] += t.instances;
    double perServer = 0.0, perInstance = 0.0;
    if (m_ownIndex >= 0) {
        const auto &p = std::get<PurchaseScenario>(m_base.scenarios[static_cast<std::size_t>(m_ownIndex)].scenario);
        perServer = m_util * p.gpusPerServer * p.speedup * kHoursPerMonth;
    }
    if (m_reserveIndex >= 0) {
        const auto &r = std::get<ReservedScenario>(m_base.scenarios[static_cast<std::size_t>(m_reserveIndex)].scenario);
        perInstance = m_util * r.instance.gpusPerInstance * r.instance.speedup * kHoursPerMonth;
    }
    timeline->ownServes.resize(h);
    timeline->reserveServes.resize(h);
    for (std::size_t m = 0; m < h; ++m) {
        timeline->ownServes[m] = perServer * timeline->servers[m];
        timeline->reserveServes[m] = perInstance * timeline->instances[m];
    }
    timeline->demandP10.resize(h);
    timeline->demandP50.resize(h);
    timeline->demandP90.resize(h);
    timeline->burstMean.assign(h, 0.0);
    std::vector<double> column(m_futures.size());
    for (std::size_t m = 0; m < h; ++m) {
        for (std::size_t f = 0; f < m_futures.size(); ++f) {
            column[f] = m_demand[f * h + m];
            timeline->burstMean[m] += m_weight[f] * left[f][m];
        }
        timeline->demandP10[m] = weightedQuantile(column, m_weight, 0.1);
        timeline->demandP50[m] = weightedQuantile(column, m_weight, 0.5);
        timeline->demandP90[m] = weightedQuantile(column, m_weight, 0.9);
    }
}

} // namespace mltco::tco::fleetopt

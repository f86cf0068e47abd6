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
        if (sorted == n) {
            std::sort(order.begin(), order.end(), worseFirst);
        } else {
            // The worst `sorted` found in linear time, then put in order (the comparator is a strict total order, so
            // they are the same ones a full sort would put first).
            const auto end = order.begin() + static_cast<std::ptrdiff_t>(sorted);
            std::nth_element(order.begin(), end, order.end(), worseFirst);
            std::sort(order.begin(), end, worseFirst);
        }
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

namespace {

// The workload with the same demand every month: what a layer's cost does with the hours it serves is read off it.
Workload flatDemand(Workload workload, double gpuHours)
{
    workload.demandSteps.clear();
    workload.demandGrowth = 0.0;
    workload.demandGpuHours = gpuHours;
    return workload;
}

} // namespace

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
    m_cvar = r.objective.value_or(OptimizeObjective::Mean) == OptimizeObjective::Cvar;
    m_beta = r.beta.value_or(OptimizeRequest::kDefaultBeta);
    m_util = r.maxUtilization.value_or(defaults::kBaseMaxUtilization);
    m_minService = r.minService.value_or(1.0);
    m_maxServers = r.maxServers.value_or(OptimizeRequest::kDefaultMaxServers);
    m_maxInstances = r.maxInstances.value_or(OptimizeRequest::kDefaultMaxInstances);
    m_budget = r.capexBudgetPerYear;
    m_epochs = r.decisionMonths(H);

    const auto indexOf = [&](const QString &name, ScenarioKind kind) {
        int index = -1;
        for (std::size_t i = 0; i < m_base.scenarios.size(); ++i)
            if (m_base.scenarios[i].name == name && m_base.scenarios[i].kind() == kind)
                index = static_cast<int>(i);
        return index;
    };
    const auto notEvaluated = [](const QString &path, const QString &name) {
        return QStringLiteral("%1: \"%2\" cannot be evaluated, so the fleet cannot be optimized").arg(path, name);
    };
    // Each candidate in the request's order (model.md §14.4): the path of a list's entry is optimize.own[k].
    std::size_t column = 0;
    for (qsizetype i = 0; i < r.own.size(); ++i) {
        const QString path = r.ownListed ? QStringLiteral("optimize.own[%1]").arg(i) : QStringLiteral("optimize.own");
        OwnCandidate c;
        c.name = r.own.at(i);
        c.index = indexOf(c.name, ScenarioKind::Purchase);
        if (c.index < 0)
            return notEvaluated(path, c.name);
        const auto &own = std::get<PurchaseScenario>(m_base.scenarios[static_cast<std::size_t>(c.index)].scenario);
        c.idle = own.idlePowerFraction.has_value();
        c.lead = own.leadTimeMonths;
        for (int e : m_epochs)
            // Not before the hardware is on sale, and not so late that it could not serve before H (§11.4, §14.4).
            if (e >= own.availableFromMonth && e + c.lead <= H)
                c.epochs.push_back(e);
        if (c.epochs.empty())
            return QStringLiteral("%1: \"%2\" can be bought in none of the decision months (on sale from month %3, %4 "
                                  "month(s) of lead time, a %5-month plan)")
                .arg(path, c.name)
                .arg(own.availableFromMonth)
                .arg(c.lead)
                .arg(H);
        c.first = column;
        column += c.epochs.size();
        m_anyIdle = m_anyIdle || c.idle;
        m_own.push_back(std::move(c));
    }
    m_reserveFirst = column;
    for (qsizetype i = 0; i < r.reserve.size(); ++i) {
        ReserveCandidate c;
        c.name = r.reserve.at(i);
        c.index = indexOf(c.name, ScenarioKind::Reserved);
        if (c.index < 0)
            return notEvaluated(r.reserveListed ? QStringLiteral("optimize.reserve[%1]").arg(i) : QStringLiteral("optimize.reserve"),
                                c.name);
        const auto &reserved = std::get<ReservedScenario>(m_base.scenarios[static_cast<std::size_t>(c.index)].scenario);
        c.term = reserved.terms.empty() ? 12 : reserved.terms.front().termMonths;
        c.epochs = m_epochs; // clarification 14: reservations may start where own cannot
        c.first = column;
        column += c.epochs.size();
        m_reserve.push_back(std::move(c));
    }
    m_columns = column;
    if (!r.burst.isEmpty()) {
        m_burstIndex = indexOf(r.burst, ScenarioKind::Elastic);
        if (m_burstIndex < 0)
            return notEvaluated(QStringLiteral("optimize.burst"), r.burst);
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

    // Futures that differ only in demand share a candidate's costs: group them by the inputs that reach it (its
    // scenario's, and the workload's other than demand).
    const auto groupsOf = [&](int index, std::vector<int> &group, std::vector<std::size_t> &first) {
        group.assign(F, 0);
        std::map<std::vector<double>, int> seen;
        for (std::size_t f = 0; f < F; ++f) {
            std::vector<double> key;
            for (std::size_t c = 0; sample && c < sample->columns.size(); ++c) {
                const int t = sample->targets[c];
                const ParamId id = m_plan.uncertainty.at(static_cast<qsizetype>(c)).parameter;
                if (t == index || (t < 0 && !movesDemandOnly(id)))
                    key.push_back(sample->columns[c][f]);
            }
            group[f] = seen.emplace(std::move(key), static_cast<int>(seen.size())).first->second;
        }
        first.assign(seen.size(), F);
        for (std::size_t f = F; f-- > 0;)
            first[static_cast<std::size_t>(group[f])] = f;
    };
    std::vector<std::vector<std::size_t>> ownFirst(m_own.size()), reserveFirst(m_reserve.size());
    std::vector<std::pair<std::size_t, std::size_t>> ownJobs, reserveJobs; // (candidate, group)
    for (std::size_t c = 0; c < m_own.size(); ++c) {
        groupsOf(m_own[c].index, m_own[c].group, ownFirst[c]);
        m_own[c].costs.assign(ownFirst[c].size(), {});
        m_own[c].perServer.assign(F, 0.0);
        for (std::size_t g = 0; g < ownFirst[c].size(); ++g)
            ownJobs.emplace_back(c, g);
    }
    for (std::size_t c = 0; c < m_reserve.size(); ++c) {
        groupsOf(m_reserve[c].index, m_reserve[c].group, reserveFirst[c]);
        m_reserve[c].costs.assign(reserveFirst[c].size(), {});
        m_reserve[c].perInstance.assign(F, 0.0);
        for (std::size_t g = 0; g < reserveFirst[c].size(); ++g)
            reserveJobs.emplace_back(c, g);
    }

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
            for (OwnCandidate &c : m_own) {
                const auto &p = std::get<PurchaseScenario>(future.scenarios[static_cast<std::size_t>(c.index)]);
                c.perServer[f] = p.gpusPerServer * p.speedup * kHoursPerMonth;
            }
            for (ReserveCandidate &c : m_reserve) {
                const auto &q = std::get<ReservedScenario>(future.scenarios[static_cast<std::size_t>(c.index)]);
                c.perInstance[f] = q.instance.gpusPerInstance * q.instance.speedup * kHoursPerMonth;
            }
            if (m_burstIndex < 0)
                return;
            // The burst bills what the layers leave, linearly (model.md §4.3): its cost at no demand and the change of
            // each month's cost per reference GPU-hour, from the engine.
            const Scenario &burst = future.scenarios[static_cast<std::size_t>(m_burstIndex)];
            Workload w = flatDemand(future.workload, 0.0);
            evaluateInto(w, burst, zero);
            w.demandGpuHours = 1.0;
            evaluateInto(w, burst, one);
            monthDiscounts(w, discount);
            m_burstFixed[f] = zero.npv;
            for (std::size_t m = 0; m < h; ++m)
                m_slope[f * h + m] = (one.months[m].total - zero.months[m].total) * discount[m];
        };
    });
    const auto constant = [](const std::vector<double> &v) {
        return std::all_of(v.begin(), v.end(), [&](double x) { return x == v.front(); });
    };
    for (const OwnCandidate &c : m_own)
        m_sameCapacity = m_sameCapacity && constant(c.perServer);
    for (const ReserveCandidate &c : m_reserve)
        m_sameCapacity = m_sameCapacity && constant(c.perInstance);

    parallelFor(ownJobs.size(), m_threads, [&] {
        return [&](std::size_t job) {
            OwnCandidate &c = m_own[ownJobs[job].first];
            const std::size_t g = ownJobs[job].second;
            const Future &future = m_futures[ownFirst[ownJobs[job].first][g]];
            auto p = std::get<PurchaseScenario>(future.scenarios[static_cast<std::size_t>(c.index)]);
            OwnCosts &own = c.costs[g];
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
            own.staffCoef.resize(h);
            for (std::size_t m = 0; m < h; ++m)
                own.staffCoef[m] = discount[m] * p.fteAnnualCost / 12.0 * (1.0 - future.workload.taxRate);
            p.servers = 0;
            p.expansion = Expansion::None;
            p.fteAnnualCost = 0.0;
            // With idle power a cohort's own cost is taken at no load (the idle floor, model.md §14.2), and each
            // reference GPU-hour it serves in the mix adds the rest of its power: the change of one server's cost per
            // hour served, from the engine (the same for every server and cohort, the power being per server).
            Workload w = c.idle ? flatDemand(future.workload, 0.0) : future.workload;
            own.unit.assign(c.epochs.size(), std::vector<double>(thresholds.size()));
            ScenarioResult r;
            for (std::size_t k = 0; k < c.epochs.size(); ++k)
                for (std::size_t t = 0; t < thresholds.size(); ++t) {
                    p.purchases = {{c.epochs[k], thresholds[t]}};
                    evaluateInto(w, p, r);
                    own.unit[k][t] = r.npv / thresholds[t];
                }
            if (c.idle) {
                p.purchases = {{c.epochs.front(), 1}};
                ScenarioResult idle;
                evaluateInto(w, p, idle);
                const double perServer = p.gpusPerServer * p.speedup * kHoursPerMonth;
                const double hours = perServer > 0.0 ? 0.5 * std::min(1.0, m_util) * perServer : 1.0; // within what it serves
                w.demandGpuHours = hours;
                evaluateInto(w, p, r);
                own.servedCost.resize(h);
                for (std::size_t m = 0; m < h; ++m)
                    own.servedCost[m] = (r.months[m].total - idle.months[m].total) * discount[m] / hours;
            }
        };
    });
    // Groups whose staff costs the same share its price in evaluate().
    for (OwnCandidate &c : m_own) {
        std::map<std::pair<double, std::vector<double>>, int> classes;
        c.staffClass.resize(c.costs.size());
        for (std::size_t g = 0; g < c.costs.size(); ++g) {
            const auto [it, added] = classes.emplace(std::pair{c.costs[g].serversPerFte, c.costs[g].staffCoef}, static_cast<int>(classes.size()));
            c.staffClass[g] = it->second;
            if (added)
                c.staffOf.push_back(g);
        }
    }
    parallelFor(reserveJobs.size(), m_threads, [&] {
        return [&](std::size_t job) {
            ReserveCandidate &c = m_reserve[reserveJobs[job].first];
            const std::size_t g = reserveJobs[job].second;
            const Future &future = m_futures[reserveFirst[reserveJobs[job].first][g]];
            auto rs = std::get<ReservedScenario>(future.scenarios[static_cast<std::size_t>(c.index)]);
            ReserveCosts &costs = c.costs[g];
            ScenarioResult r;
            rs.terms.clear();
            evaluateInto(future.workload, rs, r);
            costs.fixed = r.npv;
            costs.term.resize(c.epochs.size());
            for (std::size_t k = 0; k < c.epochs.size(); ++k) {
                rs.terms = {{c.epochs[k], 1, c.term}};
                evaluateInto(future.workload, rs, r);
                costs.term[k] = r.npv - costs.fixed;
            }
        };
    });
    // Month by month across the futures when the layers are the same in every future and each candidate's power per
    // hour served is too (most plans: what is uncertain is demand, a price, a rate).
    m_byMonth = m_sameCapacity && !m_futures.empty();
    // (The power per hour served is taken as a difference of two evaluations: groups that differ in a price give it
    // to the last bits, so equal within 1e-10.)
    const auto same = [](const std::vector<double> &a, const std::vector<double> &b) {
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (std::abs(a[i] - b[i]) > 1e-10 * std::max(std::abs(a[i]), std::abs(b[i])))
                return false;
        return true;
    };
    for (const OwnCandidate &c : m_own)
        for (const OwnCosts &g : c.costs)
            m_byMonth = m_byMonth && same(g.servedCost, c.costs.front().servedCost);
    if (m_byMonth) {
        m_demandByMonth.resize(F * h);
        m_slopeByMonth.resize(F * h);
        for (std::size_t f = 0; f < F; ++f)
            for (std::size_t m = 0; m < h; ++m) {
                m_demandByMonth[m * F + f] = m_demand[f * h + m];
                m_slopeByMonth[m * F + f] = m_slope[f * h + m];
            }
    }
    if (m_budget) {
        // The budget binds the plan's own servers of every candidate together (clarification 18, §14.4): capex per
        // server by epoch, tier and plan year.
        const auto years = static_cast<std::size_t>((H + 11) / 12);
        for (OwnCandidate &c : m_own) {
            auto p = std::get<PurchaseScenario>(m_base.scenarios[static_cast<std::size_t>(c.index)].scenario);
            p.servers = 0;
            p.expansion = Expansion::None;
            const std::vector<int> &thresholds = c.costs.front().thresholds;
            c.capexPerServer.assign(c.epochs.size(), std::vector<std::vector<double>>(thresholds.size(), std::vector<double>(years)));
            ScenarioResult r;
            for (std::size_t k = 0; k < c.epochs.size(); ++k)
                for (std::size_t t = 0; t < thresholds.size(); ++t) {
                    p.purchases = {{c.epochs[k], thresholds[t]}};
                    evaluateInto(m_base.workload, p, r);
                    for (const MonthRow &row : r.months)
                        c.capexPerServer[k][t][static_cast<std::size_t>((row.month - 1) / 12)] += row.at(Category::Capex) / thresholds[t];
                }
        }
    }
}

// The search prices tens of thousands of decisions in every future: its month-by-month loops over the futures are
// written to be vectorised, and GCC vectorises them only when asked (its -O2 cost model leaves them scalar).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("tree-vectorize")
#endif
Standing Optimizer::evaluate(const std::vector<int> &v, double beta, bool cvar, std::vector<double> *npvOut) const
{
    const auto h = static_cast<std::size_t>(H);
    const std::size_t nOwn = m_own.size(), nRes = m_reserve.size();
    Standing s;
    double violation = 0.0;
    int servers = 0, instances = 0;
    for (std::size_t i = 0; i < m_reserveFirst; ++i)
        servers += v[i];
    for (std::size_t i = m_reserveFirst; i < m_columns; ++i)
        instances += v[i];
    if (servers > m_maxServers)
        violation += servers - m_maxServers;
    if (instances > m_maxInstances)
        violation += instances - m_maxInstances;
    // Each candidate's servers in service and instances reserved, month by month: [c * h + m].
    std::vector<double> N(nOwn * h, 0.0), I(nRes * h, 0.0);
    for (std::size_t c = 0; c < nOwn; ++c) {
        const OwnCandidate &own = m_own[c];
        for (std::size_t k = 0; k < own.epochs.size(); ++k)
            if (const int n = v[own.first + k]; n != 0)
                for (std::size_t m = static_cast<std::size_t>(own.epochs[k] + own.lead - 1); m < h; ++m)
                    N[c * h + m] += n;
    }
    for (std::size_t c = 0; c < nRes; ++c) {
        const ReserveCandidate &reserve = m_reserve[c];
        for (std::size_t k = 0; k < reserve.epochs.size(); ++k) {
            const int n = v[reserve.first + k];
            const auto last = std::min(h, static_cast<std::size_t>(reserve.epochs[k] - 1 + reserve.term));
            for (std::size_t m = static_cast<std::size_t>(reserve.epochs[k] - 1); n != 0 && m < last; ++m)
                I[c * h + m] += n;
        }
    }
    if (m_budget) {
        const auto years = static_cast<std::size_t>((H + 11) / 12);
        for (std::size_t y = 0; y < years; ++y) {
            double capex = 0.0;
            for (const OwnCandidate &own : m_own)
                for (std::size_t k = 0; k < own.epochs.size(); ++k)
                    if (const int n = v[own.first + k]; n > 0)
                        capex += n * own.capexPerServer[k][own.costs.front().tier(n)][y];
            if (capex > *m_budget * (1.0 + 1e-9))
                violation += (capex - *m_budget) / *m_budget;
        }
    }
    // Each candidate's cost in each of its groups, once.
    std::vector<std::vector<double>> ownNpv(nOwn), reserveNpv(nRes);
    std::vector<double> staff;
    for (std::size_t c = 0; c < nOwn; ++c) {
        const OwnCandidate &candidate = m_own[c];
        staff.assign(candidate.staffOf.size(), 0.0);
        for (std::size_t k = 0; k < staff.size(); ++k) {
            const OwnCosts &own = candidate.costs[candidate.staffOf[k]];
            if (own.serversPerFte > 0.0)
                for (std::size_t m = 0; m < h; ++m)
                    if (N[c * h + m] > 0.0)
                        staff[k] += own.staffCoef[m] * ceilTolerant(N[c * h + m] / own.serversPerFte);
        }
        ownNpv[c].resize(candidate.costs.size());
        for (std::size_t g = 0; g < candidate.costs.size(); ++g) {
            const OwnCosts &own = candidate.costs[g];
            double npv = 0.0;
            for (std::size_t k = 0; k < candidate.epochs.size(); ++k)
                if (const int n = v[candidate.first + k]; n > 0)
                    npv += n * own.unit[k][own.tier(n)];
            ownNpv[c][g] = npv + staff[static_cast<std::size_t>(candidate.staffClass[g])];
        }
    }
    for (std::size_t c = 0; c < nRes; ++c) {
        const ReserveCandidate &candidate = m_reserve[c];
        reserveNpv[c].resize(candidate.costs.size());
        for (std::size_t g = 0; g < candidate.costs.size(); ++g) {
            double npv = candidate.costs[g].fixed;
            for (std::size_t k = 0; k < candidate.epochs.size(); ++k)
                npv += v[candidate.first + k] * candidate.costs[g].term[k];
            reserveNpv[c][g] = npv;
        }
    }
    // What the layers leave to the burst (or unmet) in each future, and what the burst and the power of what the
    // layers serve cost there (model.md §11.3's order: each layer serves what the ones before it leave, up to beta x
    // its capacity; a candidate with idle power pays the power of what it serves; the burst bills the rest).
    const std::size_t F = m_futures.size();
    std::vector<double> billed(F, 0.0), left(F, 0.0);
    std::vector<double> layer(nOwn + nRes);
    const auto capacities = [&](std::size_t f, std::size_t m) {
        double total = 0.0;
        for (std::size_t c = 0; c < nOwn; ++c)
            total += layer[c] = m_util * m_own[c].perServer[f] * N[c * h + m];
        for (std::size_t c = 0; c < nRes; ++c)
            total += layer[nOwn + c] = m_util * m_reserve[c].perInstance[f] * I[c * h + m];
        return total;
    };
    if (m_byMonth) {
        // Month by month over every future at once: the layers are the same in all of them.
        std::vector<double> rest(F);
        for (std::size_t m = 0; m < h; ++m) {
            const double total = capacities(0, m);
            const double *g = &m_demandByMonth[m * F];
            const double *a = &m_slopeByMonth[m * F];
            if (!m_anyIdle) {
                for (std::size_t f = 0; f < F; ++f) {
                    const double r = std::max(g[f] - total, 0.0);
                    billed[f] += a[f] * r;
                    left[f] += r;
                }
                continue;
            }
            std::copy(g, g + F, rest.begin());
            for (std::size_t c = 0; c < nOwn + nRes; ++c) {
                const double cap = layer[c];
                const double price = c < nOwn && m_own[c].idle ? m_own[c].costs.front().servedCost[m] : 0.0;
                if (cap <= 0.0)
                    continue;
                for (std::size_t f = 0; f < F; ++f) {
                    const double served = std::min(rest[f], cap);
                    billed[f] += price * served;
                    rest[f] -= served;
                }
            }
            for (std::size_t f = 0; f < F; ++f) {
                const double r = std::max(rest[f], 0.0);
                billed[f] += a[f] * r;
                left[f] += r;
            }
        }
    } else {
        // Future by future: the layers' capacity or their power's price differs between them.
        for (std::size_t f = 0; f < F; ++f) {
            const double *g = &m_demand[f * h];
            const double *a = &m_slope[f * h];
            for (std::size_t m = 0; m < h; ++m) {
                capacities(f, m);
                double rest = g[m];
                for (std::size_t c = 0; c < nOwn + nRes && rest > 0.0; ++c) {
                    const double served = std::min(rest, layer[c]);
                    if (c < nOwn && m_own[c].idle)
                        billed[f] += served * m_own[c].costs[static_cast<std::size_t>(m_own[c].group[f])].servedCost[m];
                    rest -= served;
                }
                if (rest > 0.0) {
                    left[f] += rest;
                    billed[f] += a[m] * rest;
                }
            }
        }
    }
    const bool burst = m_burstIndex >= 0;
    std::vector<double> local;
    std::vector<double> &npv = npvOut ? *npvOut : local;
    npv.resize(F);
    double shortfall = 0.0;
    for (std::size_t f = 0; f < F; ++f) {
        double cost = m_burstFixed[f] + billed[f];
        for (std::size_t c = 0; c < nOwn; ++c)
            cost += ownNpv[c][static_cast<std::size_t>(m_own[c].group[f])];
        for (std::size_t c = 0; c < nRes; ++c)
            cost += reserveNpv[c][static_cast<std::size_t>(m_reserve[c].group[f])];
        npv[f] = cost;
        if (!burst && m_totalDemand[f] > 0.0) {
            const double served = m_totalDemand[f] - left[f];
            const double needed = m_minService * m_totalDemand[f];
            if (served < needed * (1.0 - 1e-9))
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

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

FleetPlan Optimizer::planOf(const std::vector<int> &v) const
{
    FleetPlan plan;
    for (std::size_t c = 0; c < m_own.size(); ++c)
        for (std::size_t k = 0; k < m_own[c].epochs.size(); ++k)
            if (const int n = v[m_own[c].first + k]; n > 0)
                plan.purchases.push_back({m_own[c].epochs[k], n, static_cast<int>(c)});
    for (std::size_t c = 0; c < m_reserve.size(); ++c)
        for (std::size_t k = 0; k < m_reserve[c].epochs.size(); ++k)
            if (const int n = v[m_reserve[c].first + k]; n > 0)
                plan.terms.push_back({m_reserve[c].epochs[k], n, m_reserve[c].term, static_cast<int>(c)});
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
    const std::size_t nOwn = m_own.size(), nRes = m_reserve.size();
    std::vector<std::vector<ScheduledPurchase>> purchases(nOwn);
    std::vector<std::vector<ReservedTerm>> terms(nRes);
    for (std::size_t c = 0; c < nOwn; ++c)
        purchases[c] = plan.purchasesOf(static_cast<int>(c));
    for (std::size_t c = 0; c < nRes; ++c)
        terms[c] = plan.termsOf(static_cast<int>(c));
    parallelFor(m_futures.size(), m_threads, [&] {
        MixScratch scratch;
        ScenarioResult result;
        std::vector<Scenario> layerScenarios;
        return [&, scratch, result, layerScenarios](std::size_t f) mutable {
            const Future &future = m_futures[f];
            // Every candidate a layer, own ones first, each in the request's order (model.md §14.4).
            layerScenarios.clear();
            for (std::size_t c = 0; c < nOwn; ++c) {
                auto p = std::get<PurchaseScenario>(future.scenarios[static_cast<std::size_t>(m_own[c].index)]);
                p.servers = 0;
                p.expansion = Expansion::None;
                p.purchases = purchases[c];
                layerScenarios.emplace_back(std::move(p));
            }
            for (std::size_t c = 0; c < nRes; ++c) {
                auto q = std::get<ReservedScenario>(future.scenarios[static_cast<std::size_t>(m_reserve[c].index)]);
                q.terms = terms[c];
                layerScenarios.emplace_back(std::move(q));
            }
            std::vector<const Scenario *> layers;
            for (const Scenario &layer : layerScenarios)
                layers.push_back(&layer);
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
    timeline->ownServes.assign(h, 0.0);
    timeline->reserveServes.assign(h, 0.0);
    timeline->ownServesBy.assign(nOwn, std::vector<double>(h, 0.0));
    timeline->reserveServesBy.assign(nRes, std::vector<double>(h, 0.0));
    for (const FleetPurchase &p : plan.purchases) {
        const OwnCandidate &c = m_own[static_cast<std::size_t>(p.candidate)];
        const auto &scenario = std::get<PurchaseScenario>(m_base.scenarios[static_cast<std::size_t>(c.index)].scenario);
        const double usable = m_util * scenario.gpusPerServer * scenario.speedup * kHoursPerMonth;
        for (std::size_t m = static_cast<std::size_t>(p.month + c.lead - 1); m < h; ++m) {
            timeline->servers[m] += p.servers;
            timeline->ownServesBy[static_cast<std::size_t>(p.candidate)][m] += usable * p.servers;
            timeline->ownServes[m] += usable * p.servers;
        }
    }
    for (const FleetTerm &t : plan.terms) {
        const ReserveCandidate &c = m_reserve[static_cast<std::size_t>(t.candidate)];
        const auto &scenario = std::get<ReservedScenario>(m_base.scenarios[static_cast<std::size_t>(c.index)].scenario);
        const double usable = m_util * scenario.instance.gpusPerInstance * scenario.instance.speedup * kHoursPerMonth;
        for (std::size_t m = static_cast<std::size_t>(t.startMonth - 1); m < std::min(h, static_cast<std::size_t>(t.startMonth - 1 + t.termMonths)); ++m) {
            timeline->instances[m] += t.instances;
            timeline->reserveServesBy[static_cast<std::size_t>(t.candidate)][m] += usable * t.instances;
            timeline->reserveServes[m] += usable * t.instances;
        }
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

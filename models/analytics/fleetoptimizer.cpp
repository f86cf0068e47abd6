#include "models/analytics/fleetoptimizer.h"

#include "models/analytics/fleetlp.h"
#include "models/analytics/sampling.h"
#include "models/tco/engine.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <numeric>

namespace mltco::tco {

namespace {

constexpr double kFrontierBetas[] = {0.0, 0.5, 0.8, 0.9, 0.95};
constexpr std::size_t kMaxCells = 20'000'000;
constexpr std::size_t kSmallSpace = 12; // choices (epochs x roles) up to which polishing also moves units in pairs // futures x months the search keeps in memory (two doubles each)

// Inputs that only move demand: they change no layer's cost, so futures that differ only in them share their layers'.
bool movesDemandOnly(ParamId id)
{
    return id == ParamId::DemandGpuHours || id == ParamId::DemandGrowth || id == ParamId::Engineers ||
           id == ParamId::JobGpuHours;
}

// One future: its workload and every scenario of the plan as it stands there.
struct Future final
{
    double weight = 1.0;
    Workload workload;
    std::vector<Scenario> scenarios;
};

// An owned server's cost by epoch and bulk tier, per server, and its on-call staff month by month: a cohort of n
// servers at epoch k costs n x unit[k][tier(n)] exactly (everything but staff is proportional within a tier); staff
// is staffCoef_m x ceil(N_m / serversPerFte).
struct OwnCosts final
{
    std::vector<int> thresholds;                 // ascending tier starts, the first 1
    std::vector<std::vector<double>> unit;       // [k][tier]
    std::vector<double> staffCoef;               // [m], discounted, after tax, per person
    double serversPerFte = 0.0;
    std::size_t tier(int n) const
    {
        std::size_t t = 0;
        while (t + 1 < thresholds.size() && thresholds[t + 1] <= n)
            ++t;
        return t;
    }
};

struct ReserveCosts final
{
    double fixed = 0.0;
    std::vector<double> term; // [k]: one instance reserved at epoch k for L months
};

// A decision's standing: feasible ones by objective, infeasible ones by how far they are from feasible.
struct Standing final
{
    bool feasible = false;
    double violation = 0.0;
    double objective = 0.0;
};

bool better(const Standing &a, const Standing &b)
{
    if (a.feasible != b.feasible)
        return a.feasible;
    if (!a.feasible)
        return a.violation < b.violation * (1.0 - 1e-12);
    return a.objective < b.objective - 1e-12 * std::abs(b.objective);
}

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
    order.resize(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Largest first, ties in input order (model.md §11.5, clarification 20).
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return npv[a] > npv[b]; });
    const double mass = 1.0 - beta;
    double taken = 0.0, sum = 0.0;
    for (std::size_t i : order) {
        const double take = std::min(weight[i], mass - taken);
        if (take <= 0.0)
            break;
        sum += take * npv[i];
        taken += take;
    }
    return sum / mass;
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

class Optimizer final
{
public:
    Optimizer(const Plan &plan, const PlanResult &base, const OptimizeOptions &options)
        : m_plan(plan), m_base(base), m_options(options)
    {
    }

    Expected<OptimizeAnswer> run();

private:
    QString prepare();
    void buildFutures(const InputSample *sample);
    void buildCosts(const InputSample *sample);
    Standing evaluate(const std::vector<int> &v, double beta, bool cvar, std::vector<double> *npvOut = nullptr) const;
    std::vector<int> search(std::vector<int> start, double beta, bool cvar, long long &evaluations, bool &cancelled);
    /// Steepest descent by single units on one thread, the `frozen` choices left as they are: what follows each kick
    /// of polish() (which would otherwise undo the kick at once).
    std::vector<int> descend(std::vector<int> v, const std::vector<char> &frozen, double beta, bool cvar,
                             long long &evaluations) const;
    /// Iterated local search: the owned servers kicked (one or two more or fewer at an epoch, moved to another epoch)
    /// and the rest re-balanced by descend(); the best kick kept while one improves. Staff steps and bulk tiers make a
    /// server's worth depend on the others, which a search by single moves alone can miss.
    std::vector<int> polish(std::vector<int> v, double beta, bool cvar, long long &evaluations, bool &cancelled);
    void engineNpvs(const std::vector<int> &v, std::vector<double> &npv, std::vector<double> *served = nullptr,
                    FleetTimeline *timeline = nullptr) const;
    FleetPlan planOf(const std::vector<int> &v) const;
    std::optional<FleetLpSolution> relaxation(double beta, bool cvar) const;
    bool tick(int done);

    const Plan &m_plan;
    const PlanResult &m_base;
    OptimizeOptions m_options;
    OptimizeRequest m_request;
    int m_lastTick = 0;
    int m_threads = 1;
    int H = 0;
    int m_ownIndex = -1, m_reserveIndex = -1, m_burstIndex = -1; // positions in m_base.scenarios
    int m_lead = 0, m_term = 12;
    double m_beta = 0.9, m_util = 0.85, m_minService = 1.0;
    bool m_cvar = false;
    int m_maxServers = 1000, m_maxInstances = 1000;
    std::optional<double> m_budget;
    std::vector<int> m_epochs, m_ownEpochs, m_reserveEpochs;

    std::vector<Future> m_futures;
    std::vector<double> m_weight, m_demand, m_slope, m_burstFixed, m_totalDemand, m_perServer, m_perInstance;
    std::vector<int> m_ownGroup, m_reserveGroup;
    std::vector<OwnCosts> m_own;
    std::vector<ReserveCosts> m_reserve;
    std::vector<std::vector<std::vector<double>>> m_capexPerServer; // [k][tier][year], the plan's own values
};

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
        m_lead = std::get<PurchaseScenario>(m_base.scenarios[static_cast<std::size_t>(m_ownIndex)].scenario).leadTimeMonths;
        for (int e : m_epochs)
            if (e + m_lead <= H) // a cohort that could not serve before H is no choice (§11.4)
                m_ownEpochs.push_back(e);
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

std::vector<int> Optimizer::search(std::vector<int> current, double beta, bool cvar, long long &evaluations, bool &cancelled)
{
    const std::size_t n = current.size();
    Standing now = evaluate(current, beta, cvar);
    ++evaluations;
    int largest = 1;
    for (int x : current)
        largest = std::max(largest, x);
    int step = 1;
    while (step * 2 <= std::max(16, largest / 2) && step < 256)
        step *= 2;
    std::vector<std::vector<int>> candidates;
    std::vector<Standing> standings;
    const auto best = [&]() -> std::optional<std::size_t> {
        standings.assign(candidates.size(), {});
        parallelFor(candidates.size(), m_threads, [&] {
            return [&](std::size_t i) { standings[i] = evaluate(candidates[i], beta, cvar); };
        });
        evaluations += static_cast<long long>(candidates.size());
        std::optional<std::size_t> found;
        for (std::size_t i = 0; i < candidates.size(); ++i)
            if (better(standings[i], found ? standings[*found] : now))
                found = i;
        return found;
    };
    for (int round = 0; round < 100000; ++round) {
        if (!tick(m_lastTick)) {
            cancelled = true;
            return current;
        }
        candidates.clear();
        for (std::size_t i = 0; i < n; ++i)
            for (int d : {step, -step}) {
                std::vector<int> c = current;
                c[i] += d;
                if (c[i] >= 0)
                    candidates.push_back(std::move(c));
            }
        if (const auto found = best()) {
            current = candidates[*found];
            now = standings[*found];
            continue;
        }
        if (step > 1) {
            step /= 2;
            continue;
        }
        // Units moved from one choice to another (an epoch later or earlier, owned for reserved): 1, 2, 4 or all of
        // them, since a staff step or a bulk tier can make a move of one worse where a move of two is better.
        candidates.clear();
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                if (i == j || current[j] == 0)
                    continue;
                int previous = 0;
                for (int t : {1, 2, 4, current[j]}) {
                    if (t > current[j] || t <= previous)
                        continue;
                    previous = t;
                    std::vector<int> c = current;
                    c[i] += t;
                    c[j] -= t;
                    candidates.push_back(std::move(c));
                }
            }
        if (const auto found = best()) {
            current = candidates[*found];
            now = standings[*found];
            continue;
        }
        break;
    }
    return current;
}

std::vector<int> Optimizer::descend(std::vector<int> v, const std::vector<char> &frozen, double beta, bool cvar,
                                    long long &evaluations) const
{
    Standing now = evaluate(v, beta, cvar);
    ++evaluations;
    for (;;) {
        std::optional<std::pair<std::vector<int>, Standing>> found;
        const auto consider = [&](std::vector<int> c) {
            const Standing s = evaluate(c, beta, cvar);
            ++evaluations;
            if (better(s, found ? found->second : now))
                found = {std::move(c), s};
        };
        for (std::size_t i = 0; i < v.size(); ++i)
            for (int d : {1, -1}) {
                std::vector<int> c = v;
                c[i] += d;
                if (c[i] >= 0 && !frozen[i])
                    consider(std::move(c));
            }
        // In a small space also one unit moved between two choices (a limit on the total may forbid a single move).
        if (!found && v.size() <= kSmallSpace)
            for (std::size_t i = 0; i < v.size(); ++i)
                for (std::size_t j = 0; j < v.size(); ++j)
                    if (i != j && v[j] > 0 && !frozen[i] && !frozen[j]) {
                        std::vector<int> c = v;
                        ++c[i];
                        --c[j];
                        consider(std::move(c));
                    }
        if (!found)
            return v;
        v = std::move(found->first);
        now = found->second;
    }
}

std::vector<int> Optimizer::polish(std::vector<int> v, double beta, bool cvar, long long &evaluations, bool &cancelled)
{
    const std::size_t own = m_ownEpochs.size();
    for (int round = 0; round < 50 && !cancelled; ++round) {
        std::vector<std::vector<int>> kicks;
        std::vector<std::vector<char>> frozen;
        for (std::size_t i = 0; i < own; ++i) {
            for (int d : {1, 2, -1, -2}) {
                std::vector<int> c = v;
                c[i] += d;
                if (c[i] < 0)
                    continue;
                kicks.push_back(std::move(c));
                frozen.emplace_back(v.size(), 0)[i] = 1;
            }
            for (std::size_t j = 0; j < own; ++j) {
                if (i == j || v[j] == 0)
                    continue;
                std::vector<int> c = v;
                c[i] += v[j]; // all of epoch j's servers at epoch i
                c[j] = 0;
                kicks.push_back(std::move(c));
                frozen.emplace_back(v.size(), 0)[i] = 1;
                frozen.back()[j] = 1;
            }
        }
        std::vector<std::vector<int>> landed(kicks.size());
        std::vector<Standing> standings(kicks.size());
        std::vector<long long> counts(kicks.size(), 0);
        parallelFor(kicks.size(), m_threads, [&] {
            return [&](std::size_t k) {
                landed[k] = descend(kicks[k], frozen[k], beta, cvar, counts[k]);
                standings[k] = evaluate(landed[k], beta, cvar);
            };
        });
        for (long long c : counts)
            evaluations += c;
        const Standing now = evaluate(v, beta, cvar);
        std::optional<std::size_t> best;
        for (std::size_t k = 0; k < kicks.size(); ++k)
            if (better(standings[k], best ? standings[*best] : now))
                best = k;
        if (!best)
            break;
        v = search(landed[*best], beta, cvar, evaluations, cancelled);
        if (!tick(m_lastTick))
            cancelled = true;
    }
    return v;
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

std::optional<FleetLpSolution> Optimizer::relaxation(double beta, bool cvar) const
{
    FleetLp lp;
    const std::size_t F = m_futures.size();
    const auto h = static_cast<std::size_t>(H);
    lp.own = static_cast<int>(m_ownEpochs.size());
    lp.reserve = static_cast<int>(m_reserveEpochs.size());
    lp.futures = static_cast<int>(F);
    lp.months = H;
    lp.weight = m_weight;
    lp.demand = m_demand;
    lp.slope = m_slope;
    lp.perServer = m_perServer;
    lp.perInstance = m_perInstance;
    lp.maxUtilization = m_util;
    lp.maxServers = m_maxServers;
    lp.maxInstances = m_maxInstances;
    lp.burst = m_burstIndex >= 0;
    lp.minService = m_minService;
    lp.cvar = cvar;
    lp.beta = beta;
    lp.constant.resize(F);
    lp.ownCost.resize(F * static_cast<std::size_t>(lp.own));
    lp.reserveCost.resize(F * static_cast<std::size_t>(lp.reserve));
    for (int e : m_ownEpochs)
        lp.ownFrom.push_back(e + m_lead - 1);
    for (int e : m_reserveEpochs) {
        lp.reserveFrom.push_back(e - 1);
        lp.reserveTo.push_back(std::min(H, e - 1 + m_term) - 1);
    }
    for (std::size_t f = 0; f < F; ++f) {
        double constant = m_burstFixed[f];
        if (m_reserveIndex >= 0) {
            const ReserveCosts &r = m_reserve[static_cast<std::size_t>(m_reserveGroup[f])];
            constant += r.fixed;
            for (std::size_t k = 0; k < r.term.size(); ++k)
                lp.reserveCost[f * r.term.size() + k] = r.term[k];
        }
        if (m_ownIndex >= 0) {
            // A server at its cheapest tier, and its staff pro rata (ceil(N / s) >= N / s): a lower bound.
            const OwnCosts &own = m_own[static_cast<std::size_t>(m_ownGroup[f])];
            for (std::size_t k = 0; k < m_ownEpochs.size(); ++k) {
                double cost = *std::min_element(own.unit[k].begin(), own.unit[k].end());
                if (own.serversPerFte > 0.0)
                    for (std::size_t m = static_cast<std::size_t>(lp.ownFrom[k]); m < h; ++m)
                        cost += own.staffCoef[m] / own.serversPerFte;
                lp.ownCost[f * m_ownEpochs.size() + k] = cost;
            }
        }
        lp.constant[f] = constant;
    }
    if (m_budget && !m_capexPerServer.empty()) {
        lp.budget = m_budget;
        const std::size_t years = m_capexPerServer.front().front().size();
        lp.budgetRows.assign(years, std::vector<double>(m_ownEpochs.size()));
        for (std::size_t y = 0; y < years; ++y)
            for (std::size_t k = 0; k < m_ownEpochs.size(); ++k) {
                double lowest = m_capexPerServer[k][0][y];
                for (const std::vector<double> &tier : m_capexPerServer[k])
                    lowest = std::min(lowest, tier[y]);
                lp.budgetRows[y][k] = lowest;
            }
    }
    // The mean with a burst and one capacity per server and per instance: the compact form, solved for each month the
    // first server could enter service (and for none), its smallest optimum the bound.
    const auto same = [](const std::vector<double> &v) {
        return std::all_of(v.begin(), v.end(), [&](double x) { return x == v.front(); });
    };
    if ((!cvar || beta <= 0.0) && m_burstIndex >= 0 && same(m_perServer) && same(m_perInstance)) {
        FleetLpCompact compact;
        compact.lp = lp;
        compact.staffCoef.assign(h, 0.0);
        if (m_ownIndex >= 0) {
            for (std::size_t f = 0; f < F; ++f) {
                const OwnCosts &own = m_own[static_cast<std::size_t>(m_ownGroup[f])];
                compact.serversPerFte = std::max(compact.serversPerFte, own.serversPerFte);
                for (std::size_t k = 0; k < m_ownEpochs.size(); ++k)
                    compact.lp.ownCost[f * m_ownEpochs.size() + k] = *std::min_element(own.unit[k].begin(), own.unit[k].end());
                for (std::size_t m = 0; m < h; ++m)
                    compact.staffCoef[m] += m_weight[f] * own.staffCoef[m];
            }
        }
        std::vector<int> firsts{-1};
        for (int from : lp.ownFrom)
            if (std::find(firsts.begin(), firsts.end(), from) == firsts.end())
                firsts.push_back(from);
        std::optional<FleetLpSolution> best;
        for (int first : firsts) {
            compact.firstStaffed = first;
            const std::optional<FleetLpSolution> solved = solveFleetLp(compact);
            if (!solved)
                return std::nullopt; // a relaxation that cannot be solved proves nothing
            if (!best || solved->value < best->value)
                best = solved;
        }
        return best;
    }
    return solveFleetLp(lp);
}

Expected<OptimizeAnswer> Optimizer::run()
{
    if (!m_plan.optimize)
        return Error{QStringLiteral("the plan has no \"optimize\" request: name the scenarios to own, reserve and burst"), {}};
    if (const QString problem = prepare(); !problem.isEmpty())
        return Error{QStringLiteral("the fleet cannot be optimized"), {problem}};
    m_threads = m_options.threads > 0 ? m_options.threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    if (!tick(0))
        return Error{optimizeCancelledMessage(), {}};

    std::optional<InputSample> sample;
    if (!m_request.futures) {
        Expected<InputSample> drawn = sampleUncertainInputs(m_plan, m_base, m_request.trials.value_or(OptimizeRequest::kDefaultTrials),
                                                            m_request.seed.value_or(1), Sampling::LatinHypercube, m_threads);
        if (!drawn)
            return drawn.error();
        sample = std::move(*drawn);
    }
    buildFutures(sample ? &*sample : nullptr);
    buildCosts(sample ? &*sample : nullptr);
    if (!tick(100))
        return Error{optimizeCancelledMessage(), {}};

    OptimizeAnswer answer;
    answer.request = m_request;
    answer.objective = m_cvar ? OptimizeObjective::Cvar : OptimizeObjective::Mean;
    answer.beta = m_beta;
    answer.termMonths = m_term;
    answer.currency = m_base.currency;
    const std::size_t nVars = m_ownEpochs.size() + m_reserveEpochs.size();

    // The linear relaxation: its optimum is the bound, its solution rounded the search's start.
    std::vector<int> start(nVars, 0);
    const std::optional<FleetLpSolution> lp = relaxation(m_beta, m_cvar);
    if (lp)
        for (std::size_t i = 0; i < nVars; ++i)
            start[i] = static_cast<int>(std::lround(std::max(0.0, lp->decision[i])));
    if (!tick(250))
        return Error{optimizeCancelledMessage(), {}};

    bool cancelled = false;
    std::vector<int> best = search(start, m_beta, m_cvar, answer.evaluations, cancelled);
    if (lp) {
        // The relaxation may round to a poor corner: a search from nothing as well, the better kept.
        std::vector<int> fromZero = search(std::vector<int>(nVars, 0), m_beta, m_cvar, answer.evaluations, cancelled);
        if (better(evaluate(fromZero, m_beta, m_cvar), evaluate(best, m_beta, m_cvar)))
            best = fromZero;
    }
    best = polish(best, m_beta, m_cvar, answer.evaluations, cancelled);
    if (cancelled)
        return Error{optimizeCancelledMessage(), {}};
    const Standing standing = evaluate(best, m_beta, m_cvar);
    if (!standing.feasible)
        return Error{QStringLiteral("the fleet cannot be optimized"),
                     {QStringLiteral("optimize: no decision within the limits serves %1 of the demand in every future; "
                                     "raise max_servers, max_instances or the capex budget, lower min_service, or name "
                                     "a burst")
                          .arg(QString::number(m_minService * 100, 'g', 4) + QStringLiteral(" %"))}};
    if (!tick(550))
        return Error{optimizeCancelledMessage(), {}};

    // The engine's own figures of the answer.
    std::vector<double> npv;
    engineNpvs(best, npv, nullptr, &answer.timeline);
    std::vector<std::size_t> order;
    answer.plan = planOf(best);
    answer.value = weightedCvar(npv, m_weight, m_cvar ? m_beta : 0.0, order);
    answer.mean = weightedCvar(npv, m_weight, 0.0, order);
    answer.p10 = weightedQuantile(npv, m_weight, 0.1);
    answer.p50 = weightedQuantile(npv, m_weight, 0.5);
    answer.p90 = weightedQuantile(npv, m_weight, 0.9);
    for (std::size_t f = 0; f < npv.size(); ++f)
        answer.futures.emplace_back(m_weight[f], npv[f]);
    if (lp)
        answer.bound = std::min(lp->value, answer.value);

    // Marginal values: one more or one fewer at each epoch of the request.
    const std::size_t nOwn = m_ownEpochs.size();
    const auto moved = [&](std::size_t var, int delta) -> std::optional<double> {
        std::vector<int> v = best;
        v[var] += delta;
        if (v[var] < 0 || !evaluate(v, m_beta, m_cvar).feasible)
            return std::nullopt;
        std::vector<double> values;
        engineNpvs(v, values);
        return weightedCvar(values, m_weight, m_cvar ? m_beta : 0.0, order) - answer.value;
    };
    for (int e : m_epochs) {
        MarginalValue mv;
        mv.epoch = e;
        if (const auto it = std::find(m_ownEpochs.begin(), m_ownEpochs.end(), e); it != m_ownEpochs.end()) {
            const auto k = static_cast<std::size_t>(it - m_ownEpochs.begin());
            mv.serversPlus = moved(k, +1);
            mv.serversMinus = moved(k, -1);
        }
        if (const auto it = std::find(m_reserveEpochs.begin(), m_reserveEpochs.end(), e); it != m_reserveEpochs.end()) {
            const auto k = nOwn + static_cast<std::size_t>(it - m_reserveEpochs.begin());
            mv.instancesPlus = moved(k, +1);
            mv.instancesMinus = moved(k, -1);
        }
        answer.marginal.push_back(mv);
    }
    if (!tick(650))
        return Error{optimizeCancelledMessage(), {}};

    // The efficient frontier: the optimum at each beta, its mean and its CVaR there.
    if (m_options.frontier) {
        int done = 650;
        std::vector<int> previous = best;
        for (double beta : kFrontierBetas) {
            // From the answer and from the point before (the frontier moves little between levels), the better kept.
            std::vector<int> point =
                polish(search(best, beta, beta > 0.0, answer.evaluations, cancelled), beta, beta > 0.0, answer.evaluations, cancelled);
            if (previous != best) {
                std::vector<int> other = polish(search(previous, beta, beta > 0.0, answer.evaluations, cancelled), beta,
                                                beta > 0.0, answer.evaluations, cancelled);
                if (better(evaluate(other, beta, beta > 0.0), evaluate(point, beta, beta > 0.0)))
                    point = std::move(other);
            }
            previous = point;
            if (cancelled)
                return Error{optimizeCancelledMessage(), {}};
            std::vector<double> values;
            engineNpvs(point, values);
            answer.frontier.push_back({beta, weightedCvar(values, m_weight, 0.0, order),
                                       weightedCvar(values, m_weight, beta, order), planOf(point)});
            if (!tick(done += 50))
                return Error{optimizeCancelledMessage(), {}};
        }
    }

    // Every scenario of the plan under the same futures.
    const std::size_t nScen = m_base.scenarios.size();
    std::vector<std::vector<double>> totals(nScen, std::vector<double>(m_futures.size()));
    parallelFor(m_futures.size(), m_threads, [&] {
        MixScratch scratch;
        ScenarioResult result;
        return [&, scratch, result](std::size_t f) mutable {
            const Future &future = m_futures[f];
            for (std::size_t i = 0; i < nScen; ++i) {
                const EvaluatedScenario &s = m_base.scenarios[i];
                if (const auto *hybrid = std::get_if<HybridScenario>(&future.scenarios[i])) {
                    evaluateHybridInto(future.workload, future.scenarios[s.parts.front()],
                                       std::get<ElasticScenario>(future.scenarios[*s.burstPart]), hybrid->baseMaxUtilization,
                                       result, scratch);
                } else if (const auto *mix = std::get_if<MixScenario>(&future.scenarios[i])) {
                    std::vector<const Scenario *> layers;
                    for (std::size_t part : s.parts)
                        layers.push_back(&future.scenarios[part]);
                    evaluateMixInto(future.workload, layers,
                                    s.burstPart ? &std::get<ElasticScenario>(future.scenarios[*s.burstPart]) : nullptr,
                                    mix->maxUtilization, result, scratch);
                } else {
                    evaluateInto(future.workload, future.scenarios[i], result);
                }
                totals[i][f] = result.npv;
            }
        };
    });
    for (qsizetype p = 0; p < m_plan.scenarios.size(); ++p) {
        ScenarioUnderFutures row;
        row.name = m_plan.scenarios[p].name;
        if (const EvaluatedScenario *s = m_base.atPlanPosition(static_cast<std::size_t>(p))) {
            const auto i = static_cast<std::size_t>(s - m_base.scenarios.data());
            row.mean = weightedCvar(totals[i], m_weight, 0.0, order);
            row.cvar = weightedCvar(totals[i], m_weight, m_beta, order);
            const double objective = m_cvar ? *row.cvar : *row.mean;
            // The best single option serves all the demand in the plan as written.
            if (!s->result.hasUnmetDemand() && (!answer.bestSingleValue || objective < *answer.bestSingleValue)) {
                answer.bestSingleValue = objective;
                answer.bestSingle = row.name;
            }
        }
        answer.scenarios.push_back(std::move(row));
    }
    if (!tick(1000))
        return Error{optimizeCancelledMessage(), {}};
    return answer;
}

} // namespace

double futuresCvar(const std::vector<std::pair<double, double>> &futures, double beta)
{
    std::vector<double> npv, weight;
    for (const auto &[w, v] : futures) {
        weight.push_back(w);
        npv.push_back(v);
    }
    std::vector<std::size_t> order;
    return weightedCvar(npv, weight, beta, order);
}

QString optimizeCancelledMessage()
{
    return QStringLiteral("optimization cancelled");
}

Expected<OptimizeAnswer> optimizeFleet(const Plan &plan, const PlanResult &base, const OptimizeOptions &options)
{
    return Optimizer(plan, base, options).run();
}

Plan planWithAnswer(const Plan &plan, const OptimizeAnswer &answer)
{
    Plan out = plan;
    const OptimizeRequest &r = answer.request;
    const QStringList names{r.ownName(), r.reserveName(), r.mixName()};
    out.scenarios.removeIf([&](const PlanScenario &s) { return names.contains(s.name); });
    QStringList layers;
    if (!r.own.isEmpty()) {
        PlanScenario own = *plan.scenario(r.own);
        own.name = r.ownName();
        auto &p = std::get<PurchaseScenario>(own.scenario);
        p.servers = 0;
        p.expansion = Expansion::None;
        p.purchases = answer.plan.purchases;
        setGiven(own.given, ParamId::Servers);
        setGiven(own.given, ParamId::Expansion, false);
        setGiven(own.given, ParamId::Purchases, !p.purchases.empty());
        own.notes = QStringLiteral("The servers the fleet optimizer chose (model.md §11.4), from \"%1\".").arg(r.own);
        out.scenarios << own;
        layers << own.name;
    }
    if (!r.reserve.isEmpty()) {
        PlanScenario reserve = *plan.scenario(r.reserve);
        reserve.name = r.reserveName();
        std::get<ReservedScenario>(reserve.scenario).terms = answer.plan.terms;
        setGiven(reserve.given, ParamId::Terms);
        reserve.notes = QStringLiteral("The reservations the fleet optimizer chose (model.md §11.4), from \"%1\".").arg(r.reserve);
        out.scenarios << reserve;
        layers << reserve.name;
    }
    PlanScenario mix;
    mix.name = r.mixName();
    mix.scenario = MixScenario{layers, r.burst, r.maxUtilization.value_or(defaults::kBaseMaxUtilization)};
    setGiven(mix.given, ParamId::Layers);
    setGiven(mix.given, ParamId::Burst);
    setGiven(mix.given, ParamId::MaxUtilization);
    mix.notes = QStringLiteral("The fleet plan the optimizer proposes: its own and reserved layers, then the burst.");
    out.scenarios << mix;
    return out;
}

} // namespace mltco::tco

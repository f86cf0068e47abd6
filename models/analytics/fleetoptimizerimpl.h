#pragma once

// The fleet optimizer's own class, shared by its files (fleetoptimizer.cpp: the run and the answer; fleetcosts.cpp: the
// futures, each decision's exact price and the engine's figures; fleetsearch.cpp: the search and the relaxation). Not
// for use outside models/analytics: optimizeFleet() (fleetoptimizer.h) is the API.

#include "models/analytics/fleetlp.h"
#include "models/analytics/fleetoptimizer.h"
#include "models/analytics/sampling.h"

#include <optional>
#include <vector>

namespace mltco::tco::fleetopt {

constexpr double kFrontierBetas[] = {0.0, 0.5, 0.8, 0.9, 0.95};
constexpr std::size_t kMaxCells = 10'000'000; // futures x months the search keeps in memory (four doubles each)
constexpr int kBranchNodes = 4000;             // relaxations the branch and bound of the bound may solve at most,
constexpr long long kBranchWork = 2'500'000;    // ... their rows together at most this many,
constexpr int kBranchNodesLeast = 200;         // ... but at least this many relaxations, however large the model
constexpr int kPolishRounds = 50;              // kicks polish() keeps at most for the answer
constexpr int kFrontierPolishRounds = 4;       // ... and for each point of the efficient frontier
constexpr double kCloseEnough = 0.004;          // the branch and bound stops when its bound is this close to the answer
constexpr int kCloseAfter = 600;                // ... after at least this many relaxations
constexpr std::size_t kSmallSpace = 12;        // choices (epochs x candidates) up to which descending also moves pairs
constexpr std::size_t kMostRoots = 256;        // combinations of first staffed months the compact relaxation solves

// Inputs that only move demand: they change no layer's cost, so futures that differ only in them share their layers'.
inline bool movesDemandOnly(ParamId id)
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
    std::vector<std::vector<double>> unit;       // [k][tier]; with idle power, at no load (the idle floor)
    std::vector<double> staffCoef;               // [m], discounted, after tax, per person
    std::vector<double> servedCost;              // [m]: idle power only, the power of one reference GPU-hour served
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

// An own candidate (model.md §14.4): its scenario, the decision months it may be bought in, its columns in the decision
// vector and its costs. Futures that differ only in demand share its costs: `group` maps a future to them.
struct OwnCandidate final
{
    QString name;
    int index = -1; // in m_base.scenarios
    int lead = 0;
    bool idle = false; // its power follows what it serves (idle_power_fraction)
    std::vector<int> epochs;
    std::size_t first = 0; // its first column
    std::vector<int> group;
    std::vector<OwnCosts> costs;
    std::vector<int> staffClass;   // [group]: groups whose staff costs the same (most do: staff is rarely uncertain)
    std::vector<std::size_t> staffOf; // [class]: a group of that class
    std::vector<double> perServer; // [f]: reference GPU-hours a month of one server at full load
    std::vector<std::vector<std::vector<double>>> capexPerServer; // [k][tier][year], the plan's own values (budget)
};

struct ReserveCandidate final
{
    QString name;
    int index = -1;
    int term = 12; // L: its first term's length, else 12
    std::vector<int> epochs;
    std::size_t first = 0;
    std::vector<int> group;
    std::vector<ReserveCosts> costs;
    std::vector<double> perInstance; // [f]
};

// A decision's standing: feasible ones by objective, infeasible ones by how far they are from feasible.
struct Standing final
{
    bool feasible = false;
    double violation = 0.0;
    double objective = 0.0;
};

inline bool better(const Standing &a, const Standing &b)
{
    if (a.feasible != b.feasible)
        return a.feasible;
    if (!a.feasible)
        return a.violation < b.violation * (1.0 - 1e-12);
    return a.objective < b.objective - 1e-12 * std::abs(b.objective);
}

// Whether moving from `now` to `s` is a better move than to `found` (none: the first one seen). From a feasible decision,
// the better standing; from an infeasible one (demand unserved, a limit passed), the repair that costs least per unit of
// violation it removes: the steepest repair adds the largest capacity, rarely the cheapest. Each move taken lowers the
// violation or, once feasible, the objective, so a descent ends.
inline bool betterMove(const Standing &s, const Standing &now, const Standing *found)
{
    if (now.feasible)
        return better(s, found ? *found : now);
    if (s.violation >= now.violation * (1.0 - 1e-12))
        return false;
    if (!found)
        return true;
    const auto rate = [&](const Standing &x) { return (x.objective - now.objective) / (now.violation - x.violation); };
    return rate(s) < rate(*found) - 1e-12 * std::abs(rate(*found));
}

/// The weighted CVaR at beta of `npv` (clarification 20; beta 0: the weighted mean); `order` is scratch.
double weightedCvar(const std::vector<double> &npv, const std::vector<double> &weight, double beta,
                    std::vector<std::size_t> &order);
/// The smallest value whose cumulative weight reaches q (clarification 21).
double weightedQuantile(const std::vector<double> &values, const std::vector<double> &weight, double q);

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
    /// At most `rounds` kicks are kept (the frontier's points, five more searches, take fewer than the answer).
    std::vector<int> polish(std::vector<int> v, double beta, bool cvar, long long &evaluations, bool &cancelled,
                            int rounds = kPolishRounds);
    void engineNpvs(const std::vector<int> &v, std::vector<double> &npv, std::vector<double> *served = nullptr,
                    FleetTimeline *timeline = nullptr) const;
    FleetPlan planOf(const std::vector<int> &v) const;
    std::optional<FleetLpSolution> relaxation(double beta, bool cvar) const;
    /// The linear model of model.md §11.4 with this run's futures and costs (fleetlp.h).
    FleetLp linearModel(double beta, bool cvar) const;
    /// The mean's compact relaxation (none when it does not apply: CVaR, no burst, capacities that differ by future).
    std::optional<FleetLpCompact> compactRelaxation() const;
    /// A tighter proven bound than the relaxation's: best-first branch and bound on the compact relaxation (servers and
    /// instances whole), nodes whose optimum reaches `incumbent` (the answer's objective) closed, at most `nodes`
    /// relaxations solved; the lowest open node's optimum is the bound. None when the compact form does not apply.
    std::optional<double> branchAndBound(double incumbent, int nodes) const;
    bool tick(int done);

    /// The first staffed month of each own candidate to solve the compact relaxation for (fleetlp.h): every
    /// combination of the staffed candidates' possible first months while they are few, else staff pro rata (-2).
    std::vector<std::vector<int>> staffedRoots() const;
    std::size_t ownColumns() const { return m_reserveFirst; }
    std::size_t columns() const { return m_columns; }

    const Plan &m_plan;
    const PlanResult &m_base;
    OptimizeOptions m_options;
    OptimizeRequest m_request;
    int m_lastTick = 0;
    int m_threads = 1;
    int H = 0;
    int m_burstIndex = -1; // position in m_base.scenarios
    double m_beta = 0.9, m_util = 0.85, m_minService = 1.0;
    bool m_cvar = false, m_anyIdle = false, m_sameCapacity = true;
    int m_maxServers = 1000, m_maxInstances = 1000;
    std::optional<double> m_budget;
    std::vector<int> m_epochs;
    std::vector<OwnCandidate> m_own;         // in the request's order: the mix's first layers
    std::vector<ReserveCandidate> m_reserve; // then these
    std::size_t m_reserveFirst = 0, m_columns = 0; // the decision: own candidates' columns, then reserve candidates'

    std::vector<Future> m_futures;
    std::vector<double> m_weight, m_demand, m_slope, m_burstFixed, m_totalDemand;
    /// Demand and the burst's slope month by month across the futures ([m * F + f]): when every future gives the layers
    /// the same capacity and power price, evaluate() runs month by month over all futures at once.
    std::vector<double> m_demandByMonth, m_slopeByMonth;
    bool m_byMonth = false;
    /// Choices search(), descend() and polish() leave at zero (one generation searched alone); empty: none.
    std::vector<char> m_held;
    bool held(std::size_t i) const { return !m_held.empty() && m_held[i]; }
};

} // namespace mltco::tco::fleetopt

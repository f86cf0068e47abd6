#pragma once

#include <memory>
#include <optional>
#include <vector>

namespace mltco::tco {

/// The fleet optimizer's linear relaxation (model.md §11.4, §14.4): continuous servers x_k bought at own column k (an
/// epoch of one own candidate) and instances y_k reserved at reserve column k, and in every future f and month m what
/// the layers leave, o_fm >= G_fm - beta (Σ ownCapacity_fk x_k + Σ reserveCapacity_fk y_k over the columns in service),
/// o >= 0, billed by the burst at slope_fm (discounted, after tax). An own candidate whose power follows what it serves
/// (idle power) serves s_cfm <= beta ownCapacity x of its columns instead, each reference GPU-hour at servedCost_cfm. The
/// cost of a decision in a future is constant_f + Σ ownCost x + Σ reserveCost y + Σ servedCost s + Σ slope o, each
/// term a lower bound of the engine's (an owned server at its cheapest bulk tier and its on-call staff pro rata; what a
/// layer serves at most what the mix's order gives it), so the optimum is a proven lower bound on the best integer
/// decision. Solved by COIN-OR CLP.
struct FleetLp final
{
    int own = 0, reserve = 0, futures = 0, months = 0;
    std::vector<double> weight;      ///< [f], normalised
    std::vector<double> demand;      ///< [f * months + m]
    std::vector<double> slope;       ///< [f * months + m]; zero without a burst
    std::vector<double> constant;    ///< [f]
    std::vector<double> ownCost;     ///< [f * own + k]
    std::vector<double> reserveCost; ///< [f * reserve + k]
    /// Reference GPU-hours a month of one server of column k (one instance), at full load: [f * own + k] ([f * reserve + k]).
    std::vector<double> ownCapacity, reserveCapacity;
    std::vector<int> ownCandidate;   ///< [k]: the own candidate column k buys (0..candidates - 1)
    int candidates = 0;              ///< own candidates
    std::vector<int> reserveCandidate; ///< [k]: the reserve candidate column k reserves
    int reserveCandidates = 0;
    /// [c]: empty, or what candidate c's power costs per reference GPU-hour it serves, [f * months + m] (idle power).
    std::vector<std::vector<double>> servedCost;
    std::vector<int> ownFrom;        ///< [k]: the first month (0-based) server k serves
    std::vector<int> reserveFrom, reserveTo; ///< [k]: the months (0-based, inclusive) instance k is reserved
    double maxUtilization = 0.85;
    int maxServers = 1000, maxInstances = 1000;
    std::vector<std::vector<double>> budgetRows; ///< per plan year: capex per server of each own column (its lowest)
    std::optional<double> budget;
    bool burst = true;
    double minService = 1.0;         ///< without a burst: Σ o_f <= (1 - minService) Σ G_f
    bool cvar = false;
    double beta = 0.9;
};

/// The mean objective's relaxation in a compact, exact form, for futures whose servers and instances have the same
/// capacity in every future and no candidate with idle power: the burst's expected cost in month m is then a convex
/// function of the layers' usable capacity C_m alone, φ_m(C) = Σ_f w_f slope_fm (G_fm − C)+, piecewise linear with a
/// breakpoint at each future's demand; θ_m >= φ_m is written as supporting lines at 16 of its breakpoints (each below
/// φ_m everywhere, so the optimum stays a lower bound), a few rows a month instead of one per future and month.
/// Each own candidate's on-call staff is its own variable, people_cm >= N_cm / serversPerFte_c, and, when
/// `firstStaffed[c]` >= 0, >= 1 from that month on with none of its servers in service before it (-1: none of its
/// servers at all; -2: free, staff pro rata only): solved for each possible first month, the smallest optimum bounds
/// every integer decision, whose first server brings a whole person.
struct FleetLpCompact final
{
    FleetLp lp;                      ///< ownCost without staff; weight, demand and slope as in FleetLp
    std::vector<std::vector<double>> staffCoef; ///< [c][m]: one person that month, discounted, after tax (weighted)
    std::vector<double> serversPerFte; ///< [c]; 0: no staff
    /// [c][m]: what candidate c's power costs per reference GPU-hour it serves (idle power, the same in every future;
    /// at most the burst's slope), or empty.
    std::vector<std::vector<double>> servedPrice;
    std::vector<int> firstStaffed;   ///< [c]: the first month (0-based) with one of its servers in service; -1, -2 above
    /// Bounds on the decision (x then y) tighter than the limits, for branching; empty: none.
    std::vector<double> lower, upper;
};

struct FleetLpSolution final
{
    double value = 0.0;       ///< the relaxation's optimum (the objective's lower bound)
    std::vector<double> decision; ///< x then y
    std::vector<double> people;   ///< compact form: each own candidate's on-call people, [c * months + m] (0 without staff)
    std::vector<unsigned char> basis; ///< compact form: the optimal basis, to start a branch's children from
};

/// One branch of the compact relaxation: the first staffed month of each own candidate (FleetLpCompact), bounds on the
/// decision, its columns' costs, and bounds on each candidate's servers in service (instances reserved) and people
/// month by month. Any member empty: none (the model's own).
struct FleetLpBranch final
{
    std::vector<int> firstStaffed;
    std::vector<double> lower, upper; ///< the decision, x then y
    /// The own columns' objective coefficients (a branch whose bounds keep a column out of its cheapest bulk tier pays
    /// more for it); empty: as built.
    std::vector<double> cost;
    /// Each candidate's servers in service (own candidates, then instances reserved, reserve candidates), [candidate *
    /// months + m]: whole servers in service is a branch that cuts far more than a whole purchase at one epoch.
    std::vector<double> countLower, countUpper;
    std::vector<double> peopleLower, peopleUpper; ///< [c * months + m]
    /// The parent's optimal basis (FleetLpSolution::basis): a child differs by one bound, a few dual steps away.
    std::vector<unsigned char> basis;
};

/// The relaxation solved; none when CLP finds no optimum (infeasible, or stopped).
std::optional<FleetLpSolution> solveFleetLp(const FleetLp &lp);
std::optional<FleetLpSolution> solveFleetLp(const FleetLpCompact &compact);

/// The compact relaxation built once and solved again and again with other bounds (a branch and bound): each solve
/// starts from the basis of the one before, a few dual simplex steps where a new model takes thousands.
class FleetLpSession final
{
public:
    /// `compact`'s firstStaffed, lower and upper are ignored: solve() gives them.
    explicit FleetLpSession(const FleetLpCompact &compact);
    ~FleetLpSession();
    FleetLpSession(const FleetLpSession &) = delete;
    FleetLpSession &operator=(const FleetLpSession &) = delete;

    std::optional<FleetLpSolution> solve(const FleetLpBranch &branch);
    /// The last solve() found its bounds or rows empty (proven infeasible), not merely unsolved.
    bool lastInfeasible() const;
    /// The model's rows: what one solve costs grows with them.
    int rows() const;

private:
    struct Model;
    std::unique_ptr<Model> m_model;
};

} // namespace mltco::tco

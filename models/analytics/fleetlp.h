#pragma once

#include <memory>
#include <optional>
#include <vector>

namespace mltco::tco {

/// The fleet optimizer's linear relaxation (model.md §11.4): continuous servers x_k bought at own epoch k and instances
/// y_k reserved at reserve epoch k, and in every future f and month m what the layers leave, o_fm >= G_fm - beta
/// (perServer_f N_m + perInstance_f I_m), o >= 0, billed by the burst at slope_fm (discounted, after tax). The cost of
/// a decision in a future is constant_f + Σ ownCost x + Σ reserveCost y + Σ slope o, each term a lower bound of the
/// engine's (an owned server at its cheapest bulk tier and its on-call staff pro rata), so the optimum is a proven
/// lower bound on the best integer decision. Solved by COIN-OR CLP.
struct FleetLp final
{
    int own = 0, reserve = 0, futures = 0, months = 0;
    std::vector<double> weight;      ///< [f], normalised
    std::vector<double> demand;      ///< [f * months + m]
    std::vector<double> slope;       ///< [f * months + m]; zero without a burst
    std::vector<double> constant;    ///< [f]
    std::vector<double> ownCost;     ///< [f * own + k]
    std::vector<double> reserveCost; ///< [f * reserve + k]
    std::vector<double> perServer, perInstance; ///< [f]
    std::vector<int> ownFrom;        ///< [k]: the first month (0-based) server k serves
    std::vector<int> reserveFrom, reserveTo; ///< [k]: the months (0-based, inclusive) instance k is reserved
    double maxUtilization = 0.85;
    int maxServers = 1000, maxInstances = 1000;
    std::vector<std::vector<double>> budgetRows; ///< per plan year: capex per server of each own epoch (its lowest)
    std::optional<double> budget;
    bool burst = true;
    double minService = 1.0;         ///< without a burst: Σ o_f <= (1 - minService) Σ G_f
    bool cvar = false;
    double beta = 0.9;
};

/// The mean objective's relaxation in a compact, exact form, for futures whose servers and instances have the same
/// capacity in every future: the burst's expected cost in month m is then a convex function of the layers' usable
/// capacity C_m alone, φ_m(C) = Σ_f w_f slope_fm (G_fm − C)+, piecewise linear with a breakpoint at each future's
/// demand; θ_m >= φ_m is written as supporting lines at 16 of its breakpoints (each below φ_m everywhere, so the
/// optimum stays a lower bound), a few rows a month instead of one per future and month.
/// On-call staff is its own variable, people_m >= N_m / serversPerFte, and, when `firstStaffed` >= 0, >= 1 from that
/// month on with no server in service before it: solved for each possible first month, the smallest optimum bounds
/// every integer decision, whose first server brings a whole person.
struct FleetLpCompact final
{
    FleetLp lp;                      ///< ownCost without staff; weight, demand and slope as in FleetLp
    std::vector<double> staffCoef;   ///< [m]: one person that month, discounted, after tax (weighted over the futures)
    double serversPerFte = 0.0;      ///< 0: no staff
    int firstStaffed = -1;           ///< the first month (0-based) with a server in service; -1: no server at all
    /// Bounds on the decision (x then y) tighter than the limits, for branching; empty: none.
    std::vector<double> lower, upper;
};

struct FleetLpSolution final
{
    double value = 0.0;       ///< the relaxation's optimum (the objective's lower bound)
    std::vector<double> decision; ///< x then y
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

    std::optional<FleetLpSolution> solve(int firstStaffed, const std::vector<double> &lower, const std::vector<double> &upper);

private:
    struct Model;
    std::unique_ptr<Model> m_model;
};

} // namespace mltco::tco

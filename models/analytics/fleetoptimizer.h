#pragma once

#include "models/common/expected.h"
#include "models/plan/optimize.h"
#include "models/plan/planevaluation.h"

#include <functional>
#include <optional>
#include <vector>

namespace mltco::tco {

/// What a run may change of the plan's `optimize` request (the CLI's options), and how it runs.
struct OptimizeOptions final
{
    std::optional<OptimizeObjective> objective;
    std::optional<double> beta;
    std::optional<int> trials;
    std::optional<quint64> seed;
    int threads = 0;      ///< 0: one per core; the answer is the same on any number
    bool frontier = true; ///< also find the optimum at beta 0, 0.5, 0.8, 0.9, 0.95 (five more searches)
    /// Told the share done (0..1000) from the calling thread; returning false cancels the run.
    std::function<bool(int done, int total)> progress;
};

/// Servers of one own candidate bought in one month (model.md §14.4); `candidate` is its position in the request's `own`.
struct FleetPurchase final
{
    int month = 1;
    int servers = 0;
    int candidate = 0;
    friend bool operator==(const FleetPurchase &, const FleetPurchase &) = default;
};

/// Instances of one reserve candidate reserved from one month; `candidate` is its position in the request's `reserve`.
struct FleetTerm final
{
    int startMonth = 1;
    int instances = 0;
    int termMonths = 12;
    int candidate = 0;
    friend bool operator==(const FleetTerm &, const FleetTerm &) = default;
};

/// One decision: servers bought at each epoch (own) and instances reserved from each epoch (reserve), non-zero only,
/// candidate by candidate in the request's order, then by month.
struct FleetPlan final
{
    std::vector<FleetPurchase> purchases;
    std::vector<FleetTerm> terms;
    /// One candidate's purchases or terms, as its scenario takes them.
    std::vector<ScheduledPurchase> purchasesOf(int candidate) const;
    std::vector<ReservedTerm> termsOf(int candidate) const;
    int servers() const;
    friend bool operator==(const FleetPlan &, const FleetPlan &) = default;
};

struct ScenarioUnderFutures final
{
    QString name;
    std::optional<double> mean, cvar; ///< none when the scenario cannot be evaluated (left out of the plan)
    /// The share of demand it serves in the plan as written; below 1 it leaves demand unmet (and is cheaper for doing
    /// less: a purchase of no servers costs nothing), so it is never the best single option.
    double served = 1.0;
    bool unmet = false;
};

struct FrontierPoint final
{
    double beta = 0.0;
    double mean = 0.0;
    double cvar = 0.0; ///< at this point's beta (beta 0: the mean)
    FleetPlan plan;
};

/// The objective's change when one more or one fewer server or instance is taken at an epoch; none when the move
/// leaves the space (model.md §11.5, clarification 25).
struct MarginalValue final
{
    int epoch = 1;
    /// With candidates as lists (model.md §14.4): the candidate this row moves (own rows give servers, reserve rows
    /// instances); empty with one name each, where a row gives both.
    QString candidate;
    std::optional<double> serversPlus, serversMinus, instancesPlus, instancesMinus;
};

/// What the answer holds month by month, for the timeline chart: servers in service, instances reserved, the demand's
/// P10/P50/P90 over the futures and the weighted mean of what is left for the burst (or unmet).
struct FleetTimeline final
{
    std::vector<double> servers, instances, demandP10, demandP50, demandP90, burstMean;
    /// What the servers and the instances serve at most, max_utilization x their capacity (the plan's own values), in
    /// reference GPU-hours a month.
    std::vector<double> ownServes, reserveServes;
    /// The same by candidate ([candidate][month]), in the request's order: capacity by generation.
    std::vector<std::vector<double>> ownServesBy, reserveServesBy;
};

/// The answer of model.md §11.4. Every figure is the engine's own evaluation of `plan` in the futures.
struct OptimizeAnswer final
{
    OptimizeRequest request;  ///< as run: the plan's with the options applied
    OptimizeObjective objective = OptimizeObjective::Mean;
    double beta = 0.9;
    double value = 0.0;                 ///< the objective of the answer
    /// The search's own price of the answer's objective: the search prices every decision exactly as the engine does,
    /// so it equals `value` (to rounding); kept to show it.
    double priced = 0.0;
    std::optional<double> bound;        ///< a proven lower bound on the best objective, when the method proves one
    double mean = 0.0, p10 = 0.0, p50 = 0.0, p90 = 0.0;
    FleetPlan plan;
    int termMonths = 12;                ///< L: the first reserve candidate's first term's length, else 12
    std::vector<std::pair<double, double>> futures; ///< (normalised weight, NPV) in input order
    std::vector<ScenarioUnderFutures> scenarios;    ///< every scenario of the plan, in plan order
    std::vector<FrontierPoint> frontier;
    std::vector<MarginalValue> marginal;
    FleetTimeline timeline;
    QString bestSingle;                 ///< the plan scenario with the best objective under the same futures, if any
    std::optional<double> bestSingleValue;
    QString currency;
    long long evaluations = 0;          ///< decisions the search evaluated
};

/// The fleet plan that minimises the request's objective (model.md §11.4) over the plan's `optimize` futures, or
/// over `trials` futures sampled from its uncertainty. `base` is the plan evaluated with its catalog. A search on the
/// exact cost of each decision in every future (layers as the engine prices them, the burst linear in what they
/// leave), started from the linear relaxation solved by COIN-OR CLP, whose optimum is the proven `bound`; the answer is
/// then evaluated by the engine itself. Refused in words for a request that cannot be run; a cancelled run is an Error.
Expected<OptimizeAnswer> optimizeFleet(const Plan &plan, const PlanResult &base, const OptimizeOptions &options);

/// The plan with the answer added as scenarios `NAME · own`, `NAME · reserve` (for the roles the request names; with
/// candidates as lists one per candidate, `NAME · own · CANDIDATE`, model.md §14.4) and the mix `NAME` of them in the
/// request's order, replacing scenarios of those names (model.md §11.4, `--write-plan`).
Plan planWithAnswer(const Plan &plan, const OptimizeAnswer &answer);

/// The CVaR at beta of (weight, NPV) futures (model.md §11.5, clarification 20); beta 0: their mean.
double futuresCvar(const std::vector<std::pair<double, double>> &futures, double beta);

/// "optimization cancelled".
QString optimizeCancelledMessage();

} // namespace mltco::tco

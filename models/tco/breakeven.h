#pragma once

#include "models/common/expected.h"
#include "models/tco/result.h"
#include "models/tco/scenario.h"
#include "models/tco/workload.h"

#include <optional>
#include <vector>

namespace mltco::tco {

struct SweepPoint final
{
    int servers = 0;
    double purchaseTotal = 0.0;
    double cloudTotal = 0.0;
};

/// Break-even server count of a purchase against a cloud scenario (model.md §6).
struct BreakEvenResult final
{
    std::optional<int> servers; ///< smallest S with total(purchase) <= total(cloud); none within the sweep
    bool staysCheaper = false;  ///< purchase is no dearer for every S from `servers` up to the sweep's end
    std::vector<SweepPoint> sweep; ///< S = 1..maxServers
};

/// Evaluates the purchase with servers = S and the cloud scenario with boxes = S (dedicated) or nodes = S
/// (cluster) for S = 1..maxServers. The cloud scenario must be dedicated or cluster.
Expected<BreakEvenResult> breakEvenServers(const Workload &workload, const PurchaseScenario &purchase,
                                           const Scenario &cloud, int maxServers);

/// Payback: the first month (1-based) whose cumulative cost of `a` is at most that of `b`; none if never.
std::optional<int> breakEvenMonth(const ScenarioResult &a, const ScenarioResult &b);

/// "Size to demand" (model.md §4.2): N = ceil(G / (gpus_per_instance x speedup x 730 x target_utilization)).
int sizeToDemand(const Workload &workload, const ClusterScenario &cluster);

} // namespace mltco::tco

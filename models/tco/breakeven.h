#pragma once

#include "models/common/expected.h"
#include "models/tco/result.h"
#include "models/tco/scenario.h"
#include "models/tco/workload.h"

#include <QString>

#include <optional>
#include <vector>

namespace mltco::tco {

/// How a break-even sweep sizes the cloud side for S servers (model.md §10.7): `capacity` (default) rents the
/// instances that match the servers' peak throughput, `count` (version 1) rents S instances.
enum class BreakEvenBasis { Capacity, Count };
QString breakEvenBasisKey(BreakEvenBasis basis);
std::optional<BreakEvenBasis> breakEvenBasisFromKey(const QString &key);

/// c(S) = S x gpus_per_server x speedup_P / (gpus_per_instance x speedup_C): cloud instances with the peak
/// throughput of S servers (fractional; a cluster rents ceil(c(S) - 1e-9) nodes).
double equalCapacityInstances(int servers, const PurchaseScenario &purchase, const CloudInstance &cloud);

/// Fleet break-even utilization of a purchase against an elastic scenario (model.md §10.7): the demand at
/// which pay-per-use costs as much as the servers.
struct FleetBreakEven final
{
    double demandScale = 0.0;            ///< lambda* = max(0, (total_P - F) / V), of the plan's demand
    double demandGpuHoursPerMonth = 0.0; ///< lambda* x sum G_m / H
    double utilization = 0.0;            ///< lambda* x sum G_m / sum capacity_m(P)
    bool reachable = false;              ///< utilization <= 1: the servers can do that much work
    double purchaseTotal = 0.0;          ///< total_P (after tax, like everything)
    double cloudFixed = 0.0;             ///< F: the elastic total with no demand (overhead, staff, their tax)
    double cloudVariable = 0.0;          ///< V: its total at the plan's demand minus F
    double planDemandGpuHoursPerMonth = 0.0; ///< sum G_m / H: the plan's own demand (lambda = 1)
    double capacityGpuHoursPerMonth = 0.0;   ///< sum capacity_m(P) / H: what the servers can do
};

struct SweepPoint final
{
    int servers = 0;
    double purchaseTotal = 0.0;
    double cloudTotal = 0.0;
    double cloudInstances = 0.0; ///< boxes or nodes the cloud side rents for `servers` (c(S), or S by count)
};

/// Break-even server count of a purchase against a cloud scenario (model.md §6).
struct BreakEvenResult final
{
    std::optional<int> servers; ///< smallest S with total(purchase) <= total(cloud); none within the sweep
    bool staysCheaper = false;  ///< purchase is no dearer for every S from `servers` up to the sweep's end
    std::vector<SweepPoint> sweep; ///< S = 1..maxServers
    std::optional<FleetBreakEven> fleet; ///< against an elastic scenario, instead of servers and sweep
};

/// Evaluates the purchase with servers = S and the cloud scenario sized for S (by `basis`) for S =
/// 1..maxServers. The cloud scenario must be dedicated or cluster; the purchase must not expand to demand.
Expected<BreakEvenResult> breakEvenServers(const Workload &workload, const PurchaseScenario &purchase,
                                           const Scenario &cloud, int maxServers,
                                           BreakEvenBasis basis = BreakEvenBasis::Capacity);

/// The fleet break-even utilization of the purchase at its own size against an elastic scenario. Refused
/// when the plan has no demand, the purchase expands to demand or has no servers.
Expected<FleetBreakEven> fleetBreakEven(const Workload &workload, const PurchaseScenario &purchase,
                                        const ElasticScenario &elastic);

/// Payback: the first month (1-based) whose cumulative cost of `a` is at most that of `b`; none if never.
std::optional<int> breakEvenMonth(const ScenarioResult &a, const ScenarioResult &b);

/// The return on owning over renting (model.md §12): the IRR of the monthly flows rented_m - owned_m (what owning saves
/// each month; month 1 at t = 0), annualised as (1 + irr)^12 - 1; none when the flows never change sign.
std::optional<double> owningReturn(const ScenarioResult &owned, const ScenarioResult &rented);

/// "Size to demand" (model.md §4.2, §10.10 clarification 3): N = ceil(max G_m / (gpus_per_instance x speedup x
/// 730 x target_utilization) - 1e-9).
int sizeToDemand(const Workload &workload, const ClusterScenario &cluster);

} // namespace mltco::tco

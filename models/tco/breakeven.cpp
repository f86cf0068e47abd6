#include "models/tco/breakeven.h"

#include "models/tco/engine.h"

#include <cmath>
#include <limits>

namespace mltco::tco {

Expected<BreakEvenResult> breakEvenServers(const Workload &workload, const PurchaseScenario &purchase,
                                           const Scenario &cloud, int maxServers)
{
    if (!std::holds_alternative<DedicatedScenario>(cloud) && !std::holds_alternative<ClusterScenario>(cloud))
        return Error{QStringLiteral("the cloud side of a break-even must be a dedicated or cluster scenario, not %1")
                         .arg(scenarioKindKey(scenarioKind(cloud))),
                     {}};
    BreakEvenResult result;
    if (maxServers < 1)
        return result;
    result.sweep.reserve(static_cast<std::size_t>(maxServers));

    Scenario purchaseAtS = purchase;
    Scenario cloudAtS = cloud;
    auto &p = std::get<PurchaseScenario>(purchaseAtS);
    ScenarioResult buffer; // reused: no allocation per step after the first
    for (int s = 1; s <= maxServers; ++s) {
        p.servers = s;
        if (auto *d = std::get_if<DedicatedScenario>(&cloudAtS))
            d->boxes = s;
        else
            std::get<ClusterScenario>(cloudAtS).nodes = s;
        SweepPoint point{s, 0.0, 0.0};
        evaluateInto(workload, purchaseAtS, buffer);
        point.purchaseTotal = buffer.total;
        evaluateInto(workload, cloudAtS, buffer);
        point.cloudTotal = buffer.total;
        result.sweep.push_back(point);
    }

    for (const SweepPoint &point : result.sweep) {
        if (point.purchaseTotal <= point.cloudTotal) {
            result.servers = point.servers;
            break;
        }
    }
    if (result.servers) {
        result.staysCheaper = true;
        for (std::size_t i = static_cast<std::size_t>(*result.servers); i < result.sweep.size(); ++i) {
            if (result.sweep[i].purchaseTotal > result.sweep[i].cloudTotal) {
                result.staysCheaper = false;
                break;
            }
        }
    }
    return result;
}

std::optional<int> breakEvenMonth(const ScenarioResult &a, const ScenarioResult &b)
{
    const std::size_t months = std::min(a.months.size(), b.months.size());
    double cumulativeA = 0.0;
    double cumulativeB = 0.0;
    for (std::size_t i = 0; i < months; ++i) {
        cumulativeA += a.months[i].total;
        cumulativeB += b.months[i].total;
        if (cumulativeA <= cumulativeB)
            return static_cast<int>(i) + 1;
    }
    return std::nullopt;
}

int sizeToDemand(const Workload &workload, const ClusterScenario &cluster)
{
    const double perNode = cluster.instance.gpusPerInstance * cluster.instance.speedup * kHoursPerMonth *
                           cluster.targetUtilization;
    if (perNode <= 0.0 || workload.demandGpuHours <= 0.0)
        return 0;
    const double nodes = workload.demandGpuHours / perNode;
    // A quotient that is a whole number up to rounding noise (e.g. 2.0000000000000004) needs that many nodes,
    // not one more.
    const double rounded = std::round(nodes);
    const double needed = std::abs(nodes - rounded) <= 1e-9 * rounded ? rounded : std::ceil(nodes);
    return needed >= std::numeric_limits<int>::max() ? std::numeric_limits<int>::max() : static_cast<int>(needed);
}

} // namespace mltco::tco

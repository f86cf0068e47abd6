#include "models/tco/breakeven.h"

#include "models/tco/calculators.h"

#include "models/tco/engine.h"

#include <cmath>
#include <limits>

namespace mltco::tco {

namespace {

QString purchaseProblem(const PurchaseScenario &purchase)
{
    if (purchase.expansion == Expansion::ToDemand)
        return QStringLiteral("the purchase expands to demand; a break-even needs a fixed number of servers");
    if (purchase.servers <= 0)
        return QStringLiteral("the purchase has 0 servers; a break-even needs at least one");
    return {};
}

// The workload with every month's demand scaled by lambda (demand and steps alike).
Workload scaledDemand(const Workload &workload, double lambda)
{
    Workload scaled = workload;
    scaled.demandGpuHours *= lambda;
    for (DemandStep &step : scaled.demandSteps)
        step.gpuHours *= lambda;
    return scaled;
}

} // namespace

QString breakEvenBasisKey(BreakEvenBasis basis)
{
    return basis == BreakEvenBasis::Count ? QStringLiteral("count") : QStringLiteral("capacity");
}

std::optional<BreakEvenBasis> breakEvenBasisFromKey(const QString &key)
{
    if (key == QLatin1String("capacity"))
        return BreakEvenBasis::Capacity;
    if (key == QLatin1String("count"))
        return BreakEvenBasis::Count;
    return std::nullopt;
}

double equalCapacityInstances(int servers, const PurchaseScenario &purchase, const CloudInstance &cloud)
{
    const double perInstance = cloud.gpusPerInstance * cloud.speedup;
    if (perInstance <= 0.0)
        return 0.0;
    return servers * (purchase.gpusPerServer * purchase.speedup) / perInstance;
}

Expected<BreakEvenResult> breakEvenServers(const Workload &workload, const PurchaseScenario &purchase,
                                           const Scenario &cloud, int maxServers, BreakEvenBasis basis)
{
    if (!std::holds_alternative<DedicatedScenario>(cloud) && !std::holds_alternative<ClusterScenario>(cloud))
        return Error{QStringLiteral("the cloud side of a server sweep must be a dedicated or cluster scenario, not %1")
                         .arg(scenarioKindKey(scenarioKind(cloud))),
                     {}};
    // The sweep chooses S itself, but a request on such a purchase is refused all the same (clarification 7).
    if (const QString problem = purchaseProblem(purchase); !problem.isEmpty())
        return Error{problem, {}};
    BreakEvenResult result;
    if (maxServers < 1)
        return result;
    result.sweep.reserve(static_cast<std::size_t>(maxServers));

    Scenario purchaseAtS = purchase;
    Scenario cloudAtS = cloud;
    auto &p = std::get<PurchaseScenario>(purchaseAtS);
    const CloudInstance &instance = *cloudInstance(cloud);
    ScenarioResult buffer; // reused: no allocation per step after the first
    for (int s = 1; s <= maxServers; ++s) {
        p.servers = s;
        // Equal peak throughput, not hours: hours_on and commitments do not enter c(S) (clarification 6).
        const double instances = basis == BreakEvenBasis::Capacity ? equalCapacityInstances(s, purchase, instance) : s;
        SweepPoint point{s, 0.0, 0.0, instances};
        if (auto *d = std::get_if<DedicatedScenario>(&cloudAtS)) {
            d->boxes = instances; // pro rata
        } else {
            const double nodes = std::min(ceilTolerant(instances), double(std::numeric_limits<int>::max()));
            std::get<ClusterScenario>(cloudAtS).nodes = static_cast<int>(nodes);
            point.cloudInstances = nodes;
        }
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

Expected<FleetBreakEven> fleetBreakEven(const Workload &workload, const PurchaseScenario &purchase,
                                        const ElasticScenario &elastic)
{
    if (const QString problem = purchaseProblem(purchase); !problem.isEmpty())
        return Error{problem, {}};
    ScenarioResult owned;
    evaluateInto(workload, purchase, owned);
    if (owned.demand <= 0.0)
        return Error{QStringLiteral("the plan has no demand: a break-even utilization needs some work to scale"), {}};

    // The elastic total is linear in a demand scale lambda, after tax too: F + lambda V (model.md §10.7).
    ScenarioResult cloud;
    evaluateInto(scaledDemand(workload, 0.0), elastic, cloud);
    FleetBreakEven result;
    result.purchaseTotal = owned.total;
    result.cloudFixed = cloud.total;
    evaluateInto(workload, elastic, cloud);
    result.cloudVariable = cloud.total - result.cloudFixed;
    if (result.cloudVariable <= 0.0)
        return Error{QStringLiteral("the elastic scenario costs nothing per GPU-hour, so no utilization breaks even"),
                     {}};
    result.demandScale = std::max(0.0, (result.purchaseTotal - result.cloudFixed) / result.cloudVariable);
    const double horizon = std::max(1, workload.horizonMonths);
    result.demandGpuHoursPerMonth = result.demandScale * owned.demand / horizon;
    result.planDemandGpuHoursPerMonth = owned.demand / horizon;
    result.capacityGpuHoursPerMonth = owned.capacity / horizon;
    result.utilization =
        owned.capacity > 0.0 ? result.demandScale * owned.demand / owned.capacity : std::numeric_limits<double>::infinity();
    result.reachable = result.utilization <= 1.0;
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

std::optional<double> owningReturn(const ScenarioResult &owned, const ScenarioResult &rented)
{
    const std::size_t months = std::min(owned.months.size(), rented.months.size());
    std::vector<double> flows(months);
    for (std::size_t i = 0; i < months; ++i)
        flows[i] = rented.months[i].total - owned.months[i].total;
    const std::optional<double> monthly = internalRateOfReturn(flows);
    if (!monthly)
        return std::nullopt;
    return std::pow(1.0 + *monthly, 12.0) - 1.0;
}

int sizeToDemand(const Workload &workload, const ClusterScenario &cluster)
{
    const double needed = unitsNeeded(peakDemand(workload), sizingUnit(cluster));
    return needed >= std::numeric_limits<int>::max() ? std::numeric_limits<int>::max() : static_cast<int>(needed);
}

} // namespace mltco::tco

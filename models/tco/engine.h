#pragma once

#include "models/tco/result.h"
#include "models/tco/scenario.h"
#include "models/tco/workload.h"

#include <cmath>
#include <span>

namespace mltco::tco {

/// The calculation of model.md §4, §5 and §10: a pure function of its arguments (no I/O, no globals), safe to
/// call from any thread. Inputs are expected to pass validateWorkload()/validateScenario(); out-of-range input
/// gives meaningless numbers but never undefined behaviour. A hybrid names other scenarios, so it is evaluated
/// with evaluateHybridInto(), a mix with evaluateMixInto(); given here either yields H months of zero cost and no
/// capacity.
ScenarioResult evaluate(const Workload &workload, const Scenario &scenario);

/// As evaluate(), writing into `out` so that sweeps and Monte Carlo reuse its buffers (no allocation once
/// `out` has held a result of the same horizon).
void evaluateInto(const Workload &workload, const Scenario &scenario, ScenarioResult &out);

/// Buffers a hybrid or mix evaluation reuses: the month rows of its layers (a hybrid's base is layers[0]) and of its
/// burst side (costs by category; only the composite itself is summed into totals). After an evaluation `burst`'s
/// rows carry, as demand, what the layers left (billed by the burst, or unmet without one).
struct MixScratch final
{
    std::vector<ScenarioResult> layers;
    ScenarioResult burst;
    std::vector<const Scenario *> layerRefs; ///< for callers that gather a mix's layers before evaluating it
    std::vector<double> served;              ///< what one layer serves month by month (idle power, §14.2)
};

/// A hybrid (model.md §10.6): `base` (dedicated, cluster or purchase) serves up to beta x its capacity, the
/// elastic `burst` bills the overflow; months are the two added category by category. After the call
/// `scratch` holds each side's month rows.
void evaluateHybridInto(const Workload &workload, const Scenario &base, const ElasticScenario &burst,
                        double baseMaxUtilization, ScenarioResult &out, MixScratch &scratch);

/// A mix (model.md §11.3): `layers` (purchase, dedicated, cluster or reserved, never a composite) serve demand in order,
/// each up to maxUtilization x its capacity; the elastic `burst` (nullptr = none) bills what is left, else it is
/// unmet. A one-layer mix gives a hybrid's figures exactly (its month rows count servers of purchase layers only).
void evaluateMixInto(const Workload &workload, std::span<const Scenario *const> layers, const ElasticScenario *burst,
                     double maxUtilization, ScenarioResult &out, MixScratch &scratch);

/// The factor each month's cost carries in the NPV, (1 + r)^(-(m - 1) / 12) for months 1..H, computed exactly as
/// evaluate() computes it: Σ total_m x factor_m is a result's npv.
void monthDiscounts(const Workload &workload, std::vector<double> &out);

/// Elastic scenarios (model.md §4.3): wall hours per job, rework factor and billed GPU-hours per month.
struct ElasticFactors final
{
    double wallHoursPerJob = 0.0; ///< w = J / (s k e)
    double rework = 1.0;          ///< rho = 1 + q (min(c, w) / 2 + t) / w
    double billedGpuHours = 0.0;  ///< B = G / (s e) x rho / eta at the workload's demand_gpu_hours (the engine
                                  ///< bills each month's G_m, model.md §10.1)
};
ElasticFactors elasticFactors(const Workload &workload, const ElasticScenario &scenario);

/// Boxes a dedicated scenario rents: `boxes` when given, else engineers x boxes_per_engineer.
double dedicatedBoxes(const Workload &workload, const DedicatedScenario &scenario);

/// ceil(x - 1e-9): the one ceiling of model.md §10.10 (clarification 3), so 2.0000000000000004 nodes are 2.
inline double ceilTolerant(double x)
{
    return std::ceil(x - 1e-9);
}

/// Servers or nodes that serve `gpuHours` a month when each does `perUnit` (GPUs x speedup x 730 x target
/// utilization): need_m of model.md §10.2; 0 when there is no demand or a unit does nothing.
inline double unitsNeeded(double gpuHours, double perUnit)
{
    return gpuHours > 0.0 && perUnit > 0.0 ? ceilTolerant(gpuHours / perUnit) : 0.0;
}

/// Reference GPU-hours one server of a purchase, or one node of a cluster, does a month at its target
/// utilization: what expansion to demand sizes by.
double sizingUnit(const PurchaseScenario &purchase);
double sizingUnit(const ClusterScenario &cluster);

/// On-call people of a purchase scenario's stated servers: ceil(S / servers_per_fte), 0 when S = 0.
double onCallStaff(const PurchaseScenario &scenario);

} // namespace mltco::tco

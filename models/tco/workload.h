#pragma once

#include "models/tco/defaults.h"

namespace mltco::tco {

/// The work every scenario of a plan serves (model.md §3). Plain values; validate with validateWorkload().
struct Workload final
{
    int engineers = defaults::kEngineers;                ///< E
    double demandGpuHours = defaults::kDemandGpuHours;   ///< G, reference GPU-hours per month
    double jobGpuHours = defaults::kJobGpuHours;         ///< J, reference GPU-hours per training job
    int horizonMonths = defaults::kHorizonMonths;        ///< H, 1..240
    double discountRate = defaults::kDiscountRate;       ///< r, annual
    double cloudPriceTrend = defaults::kCloudPriceTrend; ///< g, annual change of cloud hourly rates

    friend bool operator==(const Workload &, const Workload &) = default;
};

} // namespace mltco::tco

#include "models/tco/workload.h"

#include <algorithm>
#include <cmath>

namespace mltco::tco {

DemandCursor::DemandCursor(const Workload &workload)
    : m_steps(workload.demandSteps)
    , m_base(std::max(0.0, workload.demandGpuHours))
    , m_growthStep(workload.demandGrowth == 0.0 ? 1.0 : std::pow(1.0 + workload.demandGrowth, 1.0 / 12.0))
{
}

double demandInMonth(const Workload &workload, int month)
{
    DemandCursor cursor(workload);
    double demand = 0.0;
    for (int m = 1; m <= month; ++m)
        demand = cursor.next();
    return demand;
}

DemandPeak demandPeak(const Workload &workload)
{
    DemandCursor cursor(workload);
    DemandPeak peak;
    for (int m = 1; m <= workload.horizonMonths; ++m) {
        if (const double g = cursor.next(); g > peak.gpuHours)
            peak = {g, m};
    }
    return peak;
}

double peakDemand(const Workload &workload)
{
    return demandPeak(workload).gpuHours;
}

} // namespace mltco::tco

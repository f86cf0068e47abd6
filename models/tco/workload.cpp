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

double peakDemand(const Workload &workload)
{
    DemandCursor cursor(workload);
    double peak = 0.0;
    for (int m = 1; m <= workload.horizonMonths; ++m)
        peak = std::max(peak, cursor.next());
    return peak;
}

} // namespace mltco::tco

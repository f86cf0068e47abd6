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

double DemandCursor::next()
{
    ++m_month;
    while (m_step < m_steps.size() && m_steps[m_step].month <= m_month)
        m_base = std::max(0.0, m_steps[m_step++].gpuHours);
    // Growth compounds from month 1 whatever the steps say (model.md §10.10, clarification 2).
    const double demand = m_base * m_growth;
    m_growth *= m_growthStep;
    return demand;
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

#pragma once

#include "models/tco/defaults.h"

#include <optional>
#include <vector>

namespace mltco::tco {

/// A change of the base demand from a month on (model.md §10.1): `[month, gpu_hours]` in plan files.
struct DemandStep final
{
    int month = 1;          ///< 1..H
    double gpuHours = 0.0;  ///< reference GPU-hours per month from that month on

    friend bool operator==(const DemandStep &, const DemandStep &) = default;
};

/// The work every scenario of a plan serves (model.md §3, §10.1, §10.5). Plain values; validate with
/// validateWorkload().
struct Workload final
{
    int engineers = defaults::kEngineers;                ///< E
    double demandGpuHours = defaults::kDemandGpuHours;   ///< G, reference GPU-hours per month
    double jobGpuHours = defaults::kJobGpuHours;         ///< J, reference GPU-hours per training job
    int horizonMonths = defaults::kHorizonMonths;        ///< H, 1..240
    double discountRate = defaults::kDiscountRate;       ///< r, annual
    double cloudPriceTrend = defaults::kCloudPriceTrend; ///< g, annual change of cloud hourly rates
    double demandGrowth = defaults::kDemandGrowth;       ///< g_d, annual growth of demand, compounding monthly
    std::vector<DemandStep> demandSteps;                 ///< strictly ascending months; none = flat G
    double taxRate = defaults::kTaxRate;                 ///< t; 0 = the pre-tax cash view
    /// When set, the demand follows the team: demandGpuHours = engineers x this, kept so by setParameterValue()
    /// whenever either changes (plan key demand_gpu_hours_per_engineer, version 3). Unset: demandGpuHours as given.
    std::optional<double> demandGpuHoursPerEngineer;
    /// The site's electricity price (USD/kWh, plan key workload.electricity_per_kwh): what every purchase pays that
    /// does not state its own (PurchaseScenario::electricityFromPlan). Unset: each purchase's own price.
    std::optional<double> electricityPerKwh;
    /// Tokens one reference GPU-hour of the work produces (plan key tokens_per_reference_gpu_hour, version 4): when
    /// set, every scenario has a cost per million tokens (model.md §14.3).
    std::optional<double> tokensPerReferenceGpuHour;

    friend bool operator==(const Workload &, const Workload &) = default;
};

/// G_m = D_m (1+g_d)^((m-1)/12) for m = 1, 2, ... in turn (model.md §10.1). D_m is the gpu_hours of the last
/// step with month <= m, else demand_gpu_hours; negative values count as 0. Growth is applied by a monthly
/// factor (no pow() per month) and no allocation, so the engine can call it in its inner loop.
class DemandCursor final
{
public:
    explicit DemandCursor(const Workload &workload);
    /// G_m of the next month, starting with month 1. Inline: the engine calls it once a month.
    double next()
    {
        ++m_month;
        while (m_step < m_steps.size() && m_steps[m_step].month <= m_month)
            m_base = m_steps[m_step++].gpuHours > 0.0 ? m_steps[m_step - 1].gpuHours : 0.0;
        // Growth compounds from month 1 whatever the steps say (model.md §10.10, clarification 2).
        const double demand = m_base * m_growth;
        m_growth *= m_growthStep;
        return demand;
    }

private:
    const std::vector<DemandStep> &m_steps;
    std::size_t m_step = 0;
    int m_month = 0;
    double m_base = 0.0;
    double m_growth = 1.0;
    double m_growthStep = 1.0;
};

/// G_m of one month (1-based).
double demandInMonth(const Workload &workload, int month);
/// The largest G_m of the horizon and its first month (what "size to demand" sizes for, model.md §10.10
/// clarification 3).
struct DemandPeak final
{
    double gpuHours = 0.0;
    int month = 1;
};
DemandPeak demandPeak(const Workload &workload);
double peakDemand(const Workload &workload);

} // namespace mltco::tco

#include "models/tco/engine.h"

#include <algorithm>
#include <cmath>

namespace mltco::tco {

namespace {

constexpr std::size_t idx(Category category)
{
    return static_cast<std::size_t>(category);
}

// Month-to-month factor of an annual rate. The engine multiplies by it month by month instead of calling
// pow() per month, which keeps a 36-month evaluation far below its 2 us budget; the drift is a few ulp. A
// rate of 0 gives exactly 1, so the default (undiscounted, no trend) case involves no rounding at all.
double monthlyStep(double annualRate)
{
    return annualRate == 0.0 ? 1.0 : std::pow(1.0 + annualRate, 1.0 / 12.0);
}

// Calls fill(month, trendFactor, row) for m = 1..H with rate_m / rate = (1+g)^((m-1)/12) (model.md §1).
template<typename Fill>
void fillMonths(const Workload &workload, std::vector<MonthRow> &rows, Fill fill)
{
    const double trendStep = monthlyStep(workload.cloudPriceTrend);
    double trend = 1.0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        MonthRow &row = rows[i];
        row.month = static_cast<int>(i) + 1;
        row.cost.fill(0.0);
        row.capacity = 0.0;
        fill(row.month, trend, row);
        trend *= trendStep;
    }
}

void fillDedicated(const Workload &workload, const DedicatedScenario &s, std::vector<MonthRow> &rows)
{
    const double boxes = dedicatedBoxes(workload, s);
    const double computeAtListRate = boxes * s.instance.ratePerHour * s.hoursOn * (1.0 + s.premium);
    const double capacity = boxes * s.instance.gpusPerInstance * s.instance.speedup * s.hoursOn;
    fillMonths(workload, rows, [&](int, double trend, MonthRow &row) {
        row.cost[idx(Category::Compute)] = computeAtListRate * trend;
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.capacity = capacity;
    });
}

void fillCluster(const Workload &workload, const ClusterScenario &s, std::vector<MonthRow> &rows)
{
    const double nodes = s.nodes;
    const double computeAtListRate = nodes * s.instance.ratePerHour * kHoursPerMonth;
    const double staff = s.opsFte * s.fteAnnualCost / 12.0;
    const double capacity = nodes * s.instance.gpusPerInstance * s.instance.speedup * kHoursPerMonth;
    fillMonths(workload, rows, [&](int, double trend, MonthRow &row) {
        row.cost[idx(Category::Compute)] = computeAtListRate * trend;
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.cost[idx(Category::Staff)] = staff;
        row.capacity = capacity;
    });
}

void fillElastic(const Workload &workload, const ElasticScenario &s, std::vector<MonthRow> &rows)
{
    const ElasticFactors f = elasticFactors(workload, s);
    const double perGpuRate = s.instance.gpusPerInstance > 0.0 ? s.instance.ratePerHour / s.instance.gpusPerInstance
                                                               : 0.0;
    const double computeAtListRate = f.billedGpuHours * perGpuRate * (1.0 + s.premium);
    const double staff = s.opsFte * s.fteAnnualCost / 12.0;
    // Capacity is unbounded (it scales with demand); a month shows what it bills for, B x s x e = G rho / eta,
    // computed in this order so that it is never below G through rounding (no false "unmet" demand).
    const double demand = std::max(0.0, workload.demandGpuHours);
    const double capacity = s.packingEfficiency > 0.0 ? demand * f.rework / s.packingEfficiency : 0.0;
    fillMonths(workload, rows, [&](int, double trend, MonthRow &row) {
        row.cost[idx(Category::Compute)] = computeAtListRate * trend;
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.cost[idx(Category::Staff)] = staff;
        row.capacity = capacity;
    });
}

void fillPurchase(const Workload &workload, const PurchaseScenario &s, std::vector<MonthRow> &rows)
{
    const int horizon = static_cast<int>(rows.size());
    const int holding = std::max(1, s.holdingMonths);
    const double servers = s.servers;
    const double listValue = servers * s.serverPrice;
    const double capex = listValue * (1.0 - bulkDiscountFor(s.bulkDiscounts, s.servers));
    const double resale = -listValue * s.resaleFraction;
    // Servers still held at the horizon are credited at their straight-line value, from list price when new
    // to resale_fraction x list at T months (model.md §4.4), so a horizon that cuts a holding period short
    // does not count the whole purchase against it.
    const int age = horizon % holding;
    const double residual = (age != 0 && s.creditResidualAtHorizon)
                                ? -listValue * (1.0 - (1.0 - s.resaleFraction) * age / holding)
                                : 0.0;
    const double facilities = servers * s.facilitiesPerServerYear / 12.0;
    const double failures = servers * s.failuresPerServerYear / 12.0;
    const double staff = onCallStaff(s) * s.fteAnnualCost / 12.0;
    const double capacity = servers * s.gpusPerServer * s.speedup * kHoursPerMonth;
    fillMonths(workload, rows, [&](int month, double, MonthRow &row) {
        if ((month - 1) % holding == 0)
            row.cost[idx(Category::Capex)] = capex;
        if (month % holding == 0)
            row.cost[idx(Category::Resale)] = resale;
        if (month == horizon)
            row.cost[idx(Category::Resale)] += residual;
        row.cost[idx(Category::Facilities)] = facilities;
        row.cost[idx(Category::Failures)] = failures;
        row.cost[idx(Category::Staff)] = staff;
        row.capacity = capacity;
    });
}

// Totals, NPV, years, categories and service figures from the filled month rows (model.md §5).
void summarise(const Workload &workload, ScenarioResult &out)
{
    const double demand = std::max(0.0, workload.demandGpuHours);
    const double discountStep = 1.0 / monthlyStep(workload.discountRate);
    const int horizon = static_cast<int>(out.months.size());

    out.years.resize(static_cast<std::size_t>((horizon + 11) / 12));
    for (std::size_t y = 0; y < out.years.size(); ++y) {
        YearSum &year = out.years[y];
        year.year = static_cast<int>(y) + 1;
        year.months = std::min(12, horizon - 12 * static_cast<int>(y));
        year.partial = year.months < 12;
        year.total = 0.0;
    }
    out.byCategory.fill(0.0);
    out.total = out.npv = out.served = out.capacity = 0.0;

    double discount = 1.0; // (1+r)^(-(m-1)/12): costs land at the start of their month
    for (std::size_t i = 0; i < out.months.size(); ++i) {
        MonthRow &row = out.months[i];
        double total = 0.0;
        for (std::size_t c = 0; c < kCategoryCount; ++c) {
            total += row.cost[c];
            out.byCategory[c] += row.cost[c];
        }
        row.total = total;
        out.total += total;
        out.npv += total * discount;
        discount *= discountStep;
        out.years[i / 12].total += total;
        out.capacity += row.capacity;
        out.served += std::min(demand, row.capacity);
    }

    out.averageAnnual = horizon > 0 ? out.total * 12.0 / horizon : 0.0;
    out.demand = demand * horizon;
    out.unmet = std::max(0.0, out.demand - out.served);
    out.utilization = out.capacity > 0.0 ? std::optional<double>(out.served / out.capacity) : std::nullopt;
    out.costPerServedGpuHour = out.served > 0.0 ? std::optional<double>(out.total / out.served) : std::nullopt;
}

} // namespace

double dedicatedBoxes(const Workload &workload, const DedicatedScenario &scenario)
{
    return scenario.boxes ? static_cast<double>(*scenario.boxes) : workload.engineers * scenario.boxesPerEngineer;
}

double onCallStaff(const PurchaseScenario &scenario)
{
    if (scenario.servers <= 0 || scenario.serversPerFte <= 0.0)
        return 0.0;
    return std::ceil(scenario.servers / scenario.serversPerFte);
}

ElasticFactors elasticFactors(const Workload &workload, const ElasticScenario &s)
{
    ElasticFactors f;
    const double speed = s.instance.speedup * s.scalingEfficiency; // reference GPU-hours per billed GPU-hour
    if (speed <= 0.0 || s.gpusPerJob <= 0 || s.packingEfficiency <= 0.0)
        return f;
    f.wallHoursPerJob = workload.jobGpuHours / (speed * s.gpusPerJob);
    if (f.wallHoursPerJob > 0.0) {
        // A preemption loses on average half a checkpoint interval (never more than the job has run) plus
        // the restart time.
        const double lost = std::min(s.checkpointIntervalHours, f.wallHoursPerJob) / 2.0 + s.restartHours;
        f.rework = 1.0 + s.preemptionsPerJob * lost / f.wallHoursPerJob;
    }
    f.billedGpuHours = std::max(0.0, workload.demandGpuHours) / speed * f.rework / s.packingEfficiency;
    return f;
}

void evaluateInto(const Workload &workload, const Scenario &scenario, ScenarioResult &out)
{
    out.months.resize(static_cast<std::size_t>(std::max(0, workload.horizonMonths)));
    std::visit(
        [&](const auto &s) {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, DedicatedScenario>)
                fillDedicated(workload, s, out.months);
            else if constexpr (std::is_same_v<T, ClusterScenario>)
                fillCluster(workload, s, out.months);
            else if constexpr (std::is_same_v<T, ElasticScenario>)
                fillElastic(workload, s, out.months);
            else
                fillPurchase(workload, s, out.months);
        },
        scenario);
    summarise(workload, out);
    if (const auto *elastic = std::get_if<ElasticScenario>(&scenario)) {
        // Defined even without demand: the share of billed GPU time that does useful work (model.md §5).
        out.utilization = elastic->packingEfficiency / elasticFactors(workload, *elastic).rework;
    }
}

ScenarioResult evaluate(const Workload &workload, const Scenario &scenario)
{
    ScenarioResult result;
    evaluateInto(workload, scenario, result);
    return result;
}

} // namespace mltco::tco

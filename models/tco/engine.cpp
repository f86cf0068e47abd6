#include "models/tco/engine.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mltco::tco {

namespace {

constexpr std::size_t idx(Category category)
{
    return static_cast<std::size_t>(category);
}

// Month-to-month factor of an annual rate. The engine multiplies by it month by month instead of calling
// pow() per month, which keeps a 36-month evaluation far below its 2 us budget; the drift is a few ulp. A
// rate of 0 gives exactly 1, so the default (no growth, no trend) case involves no rounding at all.
double monthlyStep(double annualRate)
{
    return annualRate == 0.0 ? 1.0 : std::pow(1.0 + annualRate, 1.0 / 12.0);
}

// ceil(x - 1e-9): the one ceiling of model.md §10.10 (clarification 3), so 2.0000000000000004 nodes are 2.
double ceilTolerant(double x)
{
    return std::ceil(x - 1e-9);
}

// MACRS 5-year (half-year convention) rates per year of service (model.md §10.5).
constexpr std::array<double, 6> kMacrs5 = {0.20, 0.32, 0.192, 0.1152, 0.1152, 0.0576};

// Sets month, zero costs and G_m in every row (model.md §10.1).
void prepareMonths(const Workload &workload, std::vector<MonthRow> &rows)
{
    DemandCursor demand(workload);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        MonthRow &row = rows[i];
        row = MonthRow{};
        row.month = static_cast<int>(i) + 1;
        row.demand = demand.next();
    }
}

// Calls fill(month index, trend factor, row) for every month with rate_m / rate = (1+g)^((m-1)/12) (model.md §1).
template<typename Fill>
void forEachMonth(const Workload &workload, std::vector<MonthRow> &rows, Fill fill)
{
    const double trendStep = monthlyStep(workload.cloudPriceTrend);
    double trend = 1.0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        fill(i, trend, rows[i]);
        trend *= trendStep;
    }
}

// Cloud commitments (model.md §10.4): terms of L months from month 1, each at the rate in force when it starts.
// Adds the committed cash to compute and returns nothing; `deductible` collects what the tax view deducts
// (the upfront spread over the term's months).
class CommitmentSchedule final
{
public:
    CommitmentSchedule(const Commitment &commit, double committed, double premium)
        : m_commit(commit), m_committed(committed), m_premium(premium)
    {
    }

    bool active() const { return m_committed > 0.0 && m_commit.termMonths > 0; }

    /// Cash this month for the committed instances; `upfrontShare` receives the upfront deducted this month.
    double cash(std::size_t monthIndex, double listRateNow, double &upfrontShare)
    {
        const int term = m_commit.termMonths;
        double paid = 0.0;
        if (monthIndex % static_cast<std::size_t>(term) == 0) {
            m_lockedRate = listRateNow * (1.0 + m_premium) * (1.0 - m_commit.discount);
            const double upfront = m_commit.upfrontFraction * m_committed * m_lockedRate * kHoursPerMonth * term;
            paid += upfront; // in full, even when the term outlives the horizon
            m_upfrontPerMonth = upfront / term;
        }
        paid += (1.0 - m_commit.upfrontFraction) * m_committed * m_lockedRate * kHoursPerMonth;
        upfrontShare = m_upfrontPerMonth;
        return paid;
    }

    /// The upfront paid this month (to move it out of the month's deductible opex).
    double upfrontPaid(std::size_t monthIndex) const
    {
        if (monthIndex % static_cast<std::size_t>(m_commit.termMonths) != 0)
            return 0.0;
        return m_commit.upfrontFraction * m_committed * m_lockedRate * kHoursPerMonth * m_commit.termMonths;
    }

private:
    Commitment m_commit;
    double m_committed = 0.0;
    double m_premium = 0.0;
    double m_lockedRate = 0.0;
    double m_upfrontPerMonth = 0.0;
};

// tax_m = t (gain_m - opex_m - depreciation_m) with opex_m every running cost of the month (model.md §10.5);
// `upfrontAdjustment` replaces commitment upfronts paid this month by their per-month share.
void applyTax(double taxRate, MonthRow &row, double upfrontAdjustment = 0.0)
{
    if (taxRate == 0.0)
        return;
    const double opex = row.cost[idx(Category::Compute)] + row.cost[idx(Category::Facilities)] +
                        row.cost[idx(Category::Power)] + row.cost[idx(Category::Failures)] +
                        row.cost[idx(Category::Staff)] + row.cost[idx(Category::Overhead)] + upfrontAdjustment;
    row.cost[idx(Category::Tax)] = taxRate * (row.gain - opex - row.depreciation);
}

void fillDedicated(const Workload &workload, const DedicatedScenario &s, std::vector<MonthRow> &rows)
{
    const double boxes = dedicatedBoxes(workload, s);
    const double committed = std::clamp(s.commit.fraction, 0.0, 1.0) * boxes;
    const double onDemand = boxes - committed;
    const double computeAtListRate = onDemand * s.instance.ratePerHour * s.hoursOn * (1.0 + s.premium);
    const double perBoxHour = s.instance.gpusPerInstance * s.instance.speedup;
    // Committed boxes run all month; the others as many hours as the schedule keeps them on.
    const double capacity = (committed * kHoursPerMonth + onDemand * s.hoursOn) * perBoxHour;
    CommitmentSchedule schedule(s.commit, committed, s.premium);
    forEachMonth(workload, rows, [&](std::size_t i, double trend, MonthRow &row) {
        double compute = computeAtListRate * trend;
        double adjustment = 0.0;
        if (schedule.active()) {
            double share = 0.0;
            compute += schedule.cash(i, s.instance.ratePerHour * trend, share);
            adjustment = share - schedule.upfrontPaid(i);
        }
        row.cost[idx(Category::Compute)] = compute;
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.capacity = capacity;
        applyTax(workload.taxRate, row, adjustment);
    });
}

void fillCluster(const Workload &workload, const ClusterScenario &s, std::vector<MonthRow> &rows)
{
    const double perNode = s.instance.gpusPerInstance * s.instance.speedup * kHoursPerMonth;
    const double sizedFor = perNode * s.targetUtilization;
    const double committed = std::clamp(s.commit.fraction, 0.0, 1.0) * s.nodes;
    const double staff = s.opsFte * s.fteAnnualCost / 12.0;
    CommitmentSchedule schedule(s.commit, committed, 0.0);
    forEachMonth(workload, rows, [&](std::size_t i, double trend, MonthRow &row) {
        double nodes = s.nodes;
        if (s.expansion == Expansion::ToDemand && row.demand > 0.0 && sizedFor > 0.0)
            nodes = std::max(nodes, ceilTolerant(row.demand / sizedFor)); // a rented pool shrinks back
        double compute = (nodes - committed) * s.instance.ratePerHour * kHoursPerMonth * trend;
        double adjustment = 0.0;
        if (schedule.active()) {
            double share = 0.0;
            compute += schedule.cash(i, s.instance.ratePerHour * trend, share);
            adjustment = share - schedule.upfrontPaid(i);
        }
        row.fleet = nodes;
        row.cost[idx(Category::Compute)] = compute;
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.cost[idx(Category::Staff)] = staff;
        row.capacity = nodes * perNode;
        applyTax(workload.taxRate, row, adjustment);
    });
}

// Bills each month's row.demand (G_m, or a hybrid's overflow).
void fillElastic(const Workload &workload, const ElasticScenario &s, std::vector<MonthRow> &rows)
{
    const ElasticFactors f = elasticFactors(workload, s);
    const double speed = s.instance.speedup * s.scalingEfficiency;
    const double perGpuRate = s.instance.gpusPerInstance > 0.0 ? s.instance.ratePerHour / s.instance.gpusPerInstance
                                                               : 0.0;
    const bool billable = speed > 0.0 && s.packingEfficiency > 0.0;
    const double staff = s.opsFte * s.fteAnnualCost / 12.0;
    forEachMonth(workload, rows, [&](std::size_t, double trend, MonthRow &row) {
        if (billable) {
            // B_m = G_m / (s e) x rho / eta; capacity shows what is billed, G_m rho / eta, computed in this order
            // so that it is never below G_m through rounding (no false "unmet" demand).
            const double billed = row.demand / speed * f.rework / s.packingEfficiency;
            row.cost[idx(Category::Compute)] = billed * perGpuRate * (1.0 + s.premium) * trend;
            row.capacity = row.demand * f.rework / s.packingEfficiency;
        }
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.cost[idx(Category::Staff)] = staff;
        applyTax(workload.taxRate, row);
    });
}

// Depreciation of a basis in its k-th month of service (1-based), model.md §10.5.
double depreciationInMonth(const PurchaseScenario &s, double basis, int serviceMonth)
{
    if (s.depreciation == Depreciation::Macrs5) {
        const std::size_t year = static_cast<std::size_t>(serviceMonth - 1) / 12;
        return year < kMacrs5.size() ? basis * kMacrs5[year] / 12.0 : 0.0;
    }
    const int months = std::max(1, s.depreciationMonths.value_or(s.holdingMonths));
    return serviceMonth <= months ? basis / months : 0.0;
}

// The fleet N_m and its cohorts (model.md §10.2): with to_demand it grows to need_m and never shrinks.
void planFleet(const PurchaseScenario &s, std::vector<MonthRow> &rows, std::vector<Cohort> &cohorts)
{
    cohorts.clear();
    const double sizedFor = s.gpusPerServer * s.speedup * kHoursPerMonth * s.targetUtilization;
    double installed = 0.0;
    for (MonthRow &row : rows) {
        double wanted = row.month == 1 ? std::max(0, s.servers) : installed;
        if (s.expansion == Expansion::ToDemand && row.demand > 0.0 && sizedFor > 0.0)
            wanted = std::max(wanted, std::min(ceilTolerant(row.demand / sizedFor), double(defaults::kMaxFleet) + 1));
        if (wanted > installed) {
            const int n = static_cast<int>(wanted - installed);
            cohorts.push_back({row.month, n, s.serverPrice * (1.0 - bulkDiscountFor(s.bulkDiscounts, n))});
            installed = wanted;
        }
        row.fleet = installed;
    }
}

void fillPurchase(const Workload &workload, const PurchaseScenario &s, std::vector<MonthRow> &rows,
                  std::vector<Cohort> &cohorts)
{
    const int horizon = static_cast<int>(rows.size());
    const int holding = std::max(1, s.holdingMonths);
    planFleet(s, rows, cohorts);

    for (const Cohort &cohort : cohorts) {
        const double n = cohort.servers;
        const double paid = cohort.unitPrice;
        const double valueAtT = std::min(s.resaleFraction * s.serverPrice, paid); // capped at the price paid
        for (int start = cohort.month; start <= horizon; start += holding) {
            const double basis = n * paid;
            rows[static_cast<std::size_t>(start - 1)].cost[idx(Category::Capex)] += basis;
            const int end = start + holding - 1;
            const bool sold = end <= horizon;
            const bool credited = !sold && s.creditResidualAtHorizon;
            const int lastMonth = std::min(end, horizon);
            double charged = 0.0;
            for (int m = start; m <= lastMonth; ++m) {
                const double d = depreciationInMonth(s, basis, m - start + 1);
                rows[static_cast<std::size_t>(m - 1)].depreciation += d;
                charged += d;
            }
            double proceeds = 0.0;
            if (sold) {
                proceeds = n * valueAtT;
            } else if (credited) {
                // Straight-line value from the price paid to the value at T (model.md §10.2, the fix of v1).
                const double held = horizon - start + 1;
                proceeds = n * (paid - (paid - valueAtT) * held / holding);
            }
            if (sold || credited) {
                MonthRow &row = rows[static_cast<std::size_t>(lastMonth - 1)];
                row.cost[idx(Category::Resale)] -= proceeds;
                row.gain += proceeds - (basis - charged);
            }
        }
    }

    const double facilities = s.facilitiesPerServerYear / 12.0;
    const double failures = s.failuresPerServerYear / 12.0;
    const double perServer = s.gpusPerServer * s.speedup * kHoursPerMonth;
    const double powerPerServer =
        s.powerKwPerServer * s.averageLoad * s.pue * kHoursPerMonth * s.electricityPerKwh;
    const double electricityStep = monthlyStep(s.electricityPriceTrend);
    double electricity = 1.0;
    for (MonthRow &row : rows) {
        const double servers = row.fleet;
        row.cost[idx(Category::Facilities)] = servers * facilities;
        row.cost[idx(Category::Power)] = servers * powerPerServer * electricity;
        row.cost[idx(Category::Failures)] = servers * failures;
        const double people = servers > 0.0 && s.serversPerFte > 0.0 ? ceilTolerant(servers / s.serversPerFte) : 0.0;
        row.cost[idx(Category::Staff)] = people * s.fteAnnualCost / 12.0;
        row.capacity = servers * perServer;
        applyTax(workload.taxRate, row);
        electricity *= electricityStep;
    }
}

// Totals, NPV, years, categories and service figures from the filled month rows (model.md §5).
void summarise(const Workload &workload, ScenarioResult &out)
{
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
    out.total = out.npv = out.served = out.capacity = out.demand = 0.0;
    out.depreciation = out.gains = out.burst = out.burstGpuHours = 0.0;
    double peakFleet = 0.0;

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
        out.demand += row.demand;
        out.served += std::min(row.demand, row.capacity);
        out.depreciation += row.depreciation;
        out.gains += row.gain;
        out.burst += row.burst;
        out.burstGpuHours += row.burstGpuHours;
        peakFleet = std::max(peakFleet, row.fleet);
    }

    out.averageAnnual = horizon > 0 ? out.total * 12.0 / horizon : 0.0;
    out.unmet = std::max(0.0, out.demand - out.served);
    out.utilization = out.capacity > 0.0 ? std::optional<double>(out.served / out.capacity) : std::nullopt;
    out.costPerServedGpuHour = out.served > 0.0 ? std::optional<double>(out.total / out.served) : std::nullopt;
    out.peakFleet.reset();
}

bool hasFleet(const Scenario &scenario)
{
    return std::holds_alternative<PurchaseScenario>(scenario) || std::holds_alternative<ClusterScenario>(scenario);
}

// Everything but the hybrid; rows already prepared (demand set).
void fillAndSummarise(const Workload &workload, const Scenario &scenario, ScenarioResult &out)
{
    out.cohorts.clear();
    std::visit(
        [&](const auto &s) {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, DedicatedScenario>)
                fillDedicated(workload, s, out.months);
            else if constexpr (std::is_same_v<T, ClusterScenario>)
                fillCluster(workload, s, out.months);
            else if constexpr (std::is_same_v<T, ElasticScenario>)
                fillElastic(workload, s, out.months);
            else if constexpr (std::is_same_v<T, PurchaseScenario>)
                fillPurchase(workload, s, out.months, out.cohorts);
        },
        scenario);
    summarise(workload, out);
    if (hasFleet(scenario)) {
        double peak = 0.0;
        for (const MonthRow &row : out.months)
            peak = std::max(peak, row.fleet);
        out.peakFleet = peak;
    }
    if (const auto *elastic = std::get_if<ElasticScenario>(&scenario)) {
        // Defined even without demand: the share of billed GPU time that does useful work (model.md §5).
        out.utilization = elastic->packingEfficiency / elasticFactors(workload, *elastic).rework;
    }
}

} // namespace

double dedicatedBoxes(const Workload &workload, const DedicatedScenario &scenario)
{
    return scenario.boxes ? *scenario.boxes : workload.engineers * scenario.boxesPerEngineer;
}

double onCallStaff(const PurchaseScenario &scenario)
{
    if (scenario.servers <= 0 || scenario.serversPerFte <= 0.0)
        return 0.0;
    return ceilTolerant(scenario.servers / scenario.serversPerFte);
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
    prepareMonths(workload, out.months);
    fillAndSummarise(workload, scenario, out);
}

void evaluateHybridInto(const Workload &workload, const Scenario &base, const ElasticScenario &burst,
                        double baseMaxUtilization, ScenarioResult &out, HybridScratch &scratch)
{
    evaluateInto(workload, base, scratch.base);

    // The burst side bills the overflow o_m = G_m - min(G_m, beta x capacity_m(base)).
    ScenarioResult &b = scratch.burst;
    b.months.resize(scratch.base.months.size());
    prepareMonths(workload, b.months);
    double servedByBase = 0.0;
    for (std::size_t i = 0; i < b.months.size(); ++i) {
        const double demand = b.months[i].demand;
        const double fromBase = std::min(demand, baseMaxUtilization * scratch.base.months[i].capacity);
        servedByBase += fromBase;
        b.months[i].demand = demand - fromBase;
    }
    b.cohorts.clear();
    fillElastic(workload, burst, b.months);
    summarise(workload, b);

    out.cohorts = scratch.base.cohorts;
    out.months.resize(scratch.base.months.size());
    for (std::size_t i = 0; i < out.months.size(); ++i) {
        const MonthRow &fromBase = scratch.base.months[i];
        const MonthRow &fromBurst = b.months[i];
        MonthRow &row = out.months[i];
        row = fromBase;
        for (std::size_t c = 0; c < kCategoryCount; ++c)
            row.cost[c] += fromBurst.cost[c];
        row.burst = fromBurst.total;
        row.burstGpuHours = fromBurst.demand;
    }
    summarise(workload, out);
    // Everything is served: what the base does not, the burst does (model.md §10.10, clarification 9).
    out.served = out.demand;
    out.unmet = 0.0;
    out.capacity = scratch.base.capacity;
    out.peakFleet = scratch.base.peakFleet;
    out.utilization = out.capacity > 0.0 ? std::optional<double>(servedByBase / out.capacity) : std::nullopt;
    out.costPerServedGpuHour = out.demand > 0.0 ? std::optional<double>(out.total / out.demand) : std::nullopt;
}

ScenarioResult evaluate(const Workload &workload, const Scenario &scenario)
{
    ScenarioResult result;
    evaluateInto(workload, scenario, result);
    return result;
}

} // namespace mltco::tco

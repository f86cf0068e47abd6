#include "models/tco/calculators.h"

#include "models/tco/defaults.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace mltco::tco {

std::optional<double> pricePer1000TflopsHour(std::optional<double> ratePerHour, std::optional<double> nodeTflops)
{
    if (!ratePerHour || !nodeTflops || *ratePerHour <= 0.0 || *nodeTflops <= 0.0)
        return std::nullopt;
    return *ratePerHour / (*nodeTflops / 1000.0);
}

std::optional<double> relativeChange(std::optional<double> price, std::optional<double> baseline)
{
    if (!price || !baseline || *baseline == 0.0)
        return std::nullopt;
    return (*price - *baseline) / *baseline;
}

CommitmentResult commitment(const CommitmentInput &in)
{
    CommitmentResult r;
    r.utilization = in.monthHours > 0.0 ? in.usedHours / in.monthHours : 0.0;
    r.breakEvenUtilization = 1.0 - in.discount;
    r.reserve = r.utilization >= r.breakEvenUtilization;
    r.onDemandAnnual = in.onDemandRate * in.usedHours * 12.0;
    r.committedAnnual = in.onDemandRate * (1.0 - in.discount) * in.monthHours * 12.0;
    r.annualSavings = std::max(0.0, r.onDemandAnnual - r.committedAnnual);
    return r;
}

UtilizationSpotResult utilizationSpot(const UtilizationSpotInput &in)
{
    UtilizationSpotResult r;
    // Better utilization shrinks the bill first; spot then discounts only what is left of it.
    r.afterUtilization =
        in.targetUtilization > 0.0 ? in.monthlySpend * in.currentUtilization / in.targetUtilization : in.monthlySpend;
    r.afterMonthly = r.afterUtilization * (1.0 - in.spotShare * in.spotDiscount);
    r.monthlySavings = in.monthlySpend - r.afterMonthly;
    r.annualSavings = r.monthlySavings * 12.0;
    r.savingsRate = in.monthlySpend != 0.0 ? r.monthlySavings / in.monthlySpend : 0.0;
    return r;
}

EgressResult egress(double gbPerMonth, double costPerGb, const std::vector<double> &reductions)
{
    EgressResult r;
    r.beforeMonthly = gbPerMonth * costPerGb;
    double remaining = 1.0;
    for (double f : reductions)
        remaining *= 1.0 - f; // each strategy acts on what the previous ones left
    r.afterMonthly = r.beforeMonthly * remaining;
    r.monthlySavings = r.beforeMonthly - r.afterMonthly;
    r.annualSavings = r.monthlySavings * 12.0;
    r.savingsRate = r.beforeMonthly != 0.0 ? r.monthlySavings / r.beforeMonthly : 0.0;
    return r;
}

StorageResult storageTiering(double inflowGbPerMonth, const std::vector<StorageTier> &tiers)
{
    StorageResult r;
    double from = 0.0;
    for (const StorageTier &tier : tiers) {
        StorageTierResult t;
        t.name = tier.name;
        t.fromDays = from;
        t.untilDays = tier.untilDays;
        // Steady state: each month's inflow stays (until - from) days in this tier.
        t.gigabytes = inflowGbPerMonth * std::max(0.0, tier.untilDays - from) / kDaysPerMonth;
        t.monthlyCost = t.gigabytes * tier.pricePerGbMonth;
        r.gigabytes += t.gigabytes;
        r.monthlyCost += t.monthlyCost;
        r.tiers.push_back(t);
        from = std::max(from, tier.untilDays);
    }
    if (!tiers.empty())
        r.allHotMonthlyCost = inflowGbPerMonth * from / kDaysPerMonth * tiers.front().pricePerGbMonth;
    r.monthlySavings = r.allHotMonthlyCost - r.monthlyCost;
    r.savingsRate = r.allHotMonthlyCost > 0.0 ? r.monthlySavings / r.allHotMonthlyCost : 0.0;
    return r;
}

std::vector<StorageTier> seedStorageTiers()
{
    return {
        {QStringLiteral("hot (S3 Standard)"), 30.0, 0.023},
        {QStringLiteral("warm (S3 Standard-IA)"), 90.0, 0.0125},
        {QStringLiteral("cold (S3 Glacier Instant)"), 365.0, 0.004},
        {QStringLiteral("archive (S3 Glacier Deep)"), 730.0, 0.00099},
    };
}

MultiGpuResult multiGpu(int gpus, double efficiency)
{
    MultiGpuResult r;
    r.gpus = gpus;
    r.efficiency = efficiency;
    r.speedup = gpus * efficiency;
    r.wallTimeFraction = r.speedup > 0.0 ? 1.0 / r.speedup : 0.0;
    r.gpuHoursFactor = efficiency > 0.0 ? 1.0 / efficiency : 0.0;
    return r;
}

std::vector<BudgetCrossing> budgetCrossings(const std::vector<double> &monthlyCosts, double monthlyBudget,
                                            const std::vector<double> &thresholds)
{
    std::vector<BudgetCrossing> crossings;
    crossings.reserve(thresholds.size());
    for (double threshold : thresholds) {
        BudgetCrossing crossing;
        crossing.threshold = threshold;
        const double level = threshold * monthlyBudget;
        for (std::size_t i = 0; i < monthlyCosts.size(); ++i) {
            const double cost = monthlyCosts[i];
            if (cost > 0.0 && cost >= level) {
                crossing.month = static_cast<int>(i) + 1;
                crossing.fractionOfMonth = std::clamp(level / cost, 0.0, 1.0);
                break;
            }
        }
        crossings.push_back(crossing);
    }
    return crossings;
}

std::vector<double> seedBudgetThresholds()
{
    return {0.25, 0.50, 0.75, 1.00};
}

LeaseVsBuyResult leaseVsBuy(const LeaseVsBuyInput &in)
{
    LeaseVsBuyResult r;
    const int years = std::max(1, in.lifeYears);
    r.discountRate = in.borrowingRate * (1.0 - in.taxRate);
    const double shield = in.price / years * in.taxRate; // the depreciation tax shield a lessee gives up, a year
    r.flows.push_back(in.price);
    double factor = 1.0;
    r.nal = in.price;
    for (int y = 1; y <= years; ++y) {
        const double flow = -in.leasePayment * (1.0 - in.taxRate) - shield;
        r.flows.push_back(flow);
        factor /= 1.0 + r.discountRate;
        r.nal += flow * factor;
    }
    return r;
}

double presentValue(const std::vector<double> &flows, double rate)
{
    double v = 0.0, factor = 1.0;
    for (double f : flows) {
        v += f * factor;
        factor /= 1.0 + rate;
    }
    return v;
}

std::optional<double> internalRateOfReturn(const std::vector<double> &flows)
{
    bool positive = false, negative = false;
    for (double f : flows) {
        positive = positive || f > 0.0;
        negative = negative || f < 0.0;
    }
    if (!positive || !negative)
        return std::nullopt;
    const auto value = [&](double rate) { return presentValue(flows, rate); };
    // The sign changes between neighbouring rates of a grid from -99.9 % to 10,000 %; of them the one nearest to zero
    // (several roots when the flows change sign more than once), then bisection to the last digit.
    const double grid[] = {-0.999, -0.99, -0.9, -0.7, -0.5, -0.3, -0.2, -0.1, -0.05, -0.02, -0.01, 0.0,
                           0.01,   0.02,  0.05, 0.1,  0.2,  0.3,  0.5,  0.75, 1.0,   2.0,   5.0,   10.0, 100.0};
    std::optional<std::pair<double, double>> bracket;
    for (std::size_t i = 0; i + 1 < std::size(grid); ++i) {
        const double a = grid[i], b = grid[i + 1];
        const double va = value(a), vb = value(b);
        if (va == 0.0 && (!bracket || std::abs(a) < std::min(std::abs(bracket->first), std::abs(bracket->second))))
            bracket = {a, a};
        else if ((va < 0.0) != (vb < 0.0) && vb != 0.0 &&
                 (!bracket || std::min(std::abs(a), std::abs(b)) < std::min(std::abs(bracket->first), std::abs(bracket->second))))
            bracket = {a, b};
    }
    if (!bracket)
        return std::nullopt;
    if (bracket->first == bracket->second)
        return bracket->first;
    double lo = bracket->first, hi = bracket->second;
    const bool lowNegative = value(lo) < 0.0;
    for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
        const double mid = 0.5 * (lo + hi);
        if ((value(mid) < 0.0) == lowNegative)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

} // namespace mltco::tco

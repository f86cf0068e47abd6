#include "models/tco/calculators.h"

#include "models/tco/defaults.h"

#include <algorithm>

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

} // namespace mltco::tco

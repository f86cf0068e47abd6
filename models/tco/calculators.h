#pragma once

#include <QString>

#include <optional>
#include <vector>

// The stand-alone calculators of model.md §6–§7. Pure functions of plain values; the results keep full
// precision and the callers round for display.

namespace mltco::tco {

/// $ per 1000 TFLOPS-hour: ratePerHour / (nodeTflops / 1000). nullopt ("n/a") when there is no throughput
/// figure (a GPU without a TF32 unit), or the rate or figure is not positive: never 0.
std::optional<double> pricePer1000TflopsHour(std::optional<double> ratePerHour, std::optional<double> nodeTflops);
/// Relative change of `price` against `baseline`: (price - baseline) / baseline; nullopt when either is missing.
std::optional<double> relativeChange(std::optional<double> price, std::optional<double> baseline);

/// Commitment (reserved instance / savings plan) against on-demand for one instance.
struct CommitmentInput final
{
    double usedHours = 0.0;   ///< h, hours used in a month
    double monthHours = 730.0; ///< M (seed 004 uses 720)
    double onDemandRate = 0.0; ///< p, USD/hour
    double discount = 0.0;     ///< d, of the committed rate
};
struct CommitmentResult final
{
    double utilization = 0.0;          ///< u = h / M
    double breakEvenUtilization = 0.0; ///< 1 - d
    bool reserve = false;              ///< u >= 1 - d
    double onDemandAnnual = 0.0;       ///< p h 12
    double committedAnnual = 0.0;      ///< p (1 - d) M 12: a commitment is paid whether used or not
    double annualSavings = 0.0;        ///< max(0, on-demand - committed)
};
CommitmentResult commitment(const CommitmentInput &input);

/// Raising utilization, then moving a share of what is left to spot; the two compound (never added).
struct UtilizationSpotInput final
{
    double monthlySpend = 0.0;       ///< X
    double currentUtilization = 0.0; ///< u0
    double targetUtilization = 0.0;  ///< u1
    double spotShare = 0.0;          ///< f
    double spotDiscount = 0.0;       ///< d
};
struct UtilizationSpotResult final
{
    double afterUtilization = 0.0; ///< X u0 / u1
    double afterMonthly = 0.0;     ///< X u0 / u1 (1 - f d)
    double monthlySavings = 0.0;
    double annualSavings = 0.0;
    double savingsRate = 0.0;      ///< savings / X
};
UtilizationSpotResult utilizationSpot(const UtilizationSpotInput &input);

/// Egress with reductions that compound: after = V c prod(1 - f_i).
struct EgressResult final
{
    double beforeMonthly = 0.0;
    double afterMonthly = 0.0;
    double monthlySavings = 0.0;
    double annualSavings = 0.0;
    double savingsRate = 0.0;
};
EgressResult egress(double gbPerMonth, double costPerGb, const std::vector<double> &reductions);

/// Storage tier of a lifecycle: holds data from the previous tier's age up to `untilDays`.
struct StorageTier final
{
    QString name;
    double untilDays = 0.0;
    double pricePerGbMonth = 0.0;
};
struct StorageTierResult final
{
    QString name;
    double fromDays = 0.0;
    double untilDays = 0.0;
    double gigabytes = 0.0;   ///< inflow x days in tier / (365 / 12)
    double monthlyCost = 0.0;
};
struct StorageResult final
{
    std::vector<StorageTierResult> tiers;
    double gigabytes = 0.0;
    double monthlyCost = 0.0;
    double allHotMonthlyCost = 0.0; ///< everything kept in the first tier until expiry
    double monthlySavings = 0.0;
    double savingsRate = 0.0;       ///< 0 when all-hot costs nothing
};
/// Steady state with `inflowGbPerMonth` written each month; the last tier's untilDays is the expiry.
/// Tiers must have increasing untilDays.
StorageResult storageTiering(double inflowGbPerMonth, const std::vector<StorageTier> &tiers);
/// Seed 003's lifecycle: S3 Standard to 30 days, Standard-IA to 90, Glacier Instant to 365, Deep Archive
/// until expiry at 730 days.
std::vector<StorageTier> seedStorageTiers();

/// Multi-GPU scaling: speedup(k) = k e(k).
struct MultiGpuResult final
{
    int gpus = 1;
    double efficiency = 1.0;
    double speedup = 1.0;          ///< k e
    double wallTimeFraction = 1.0; ///< 1 / speedup of a one-GPU run
    double gpuHoursFactor = 1.0;   ///< billed GPU-hours per one-GPU hour of work: 1 / e
};
MultiGpuResult multiGpu(int gpus, double efficiency);
/// Seed 003's rule of thumb: 5x speedup on 8 GPUs, e = 5/8.
inline constexpr double kSeedEightGpuEfficiency = 5.0 / 8.0;

/// The month in which monthly spend first reaches a share of a monthly budget (seed 003's billing alerts).
struct BudgetCrossing final
{
    double threshold = 0.0;               ///< share of the budget, e.g. 0.25
    std::optional<int> month;             ///< 1-based; none when never reached
    std::optional<double> fractionOfMonth; ///< how far into that month, if spending is even through it
};
std::vector<BudgetCrossing> budgetCrossings(const std::vector<double> &monthlyCosts, double monthlyBudget,
                                            const std::vector<double> &thresholds);
std::vector<double> seedBudgetThresholds(); ///< 0.25, 0.50, 0.75, 1.00

/// Lease versus buy, the textbook annual method (model.md §12, clarification 39): the cash flows of leasing minus
/// buying, the price saved at year 0, then in years 1..N the lease payment after tax and the depreciation tax shield
/// given up (straight line to zero over N years), discounted at the after-tax borrowing rate. NAL > 0: lease.
struct LeaseVsBuyInput final
{
    double price = 0.0;         ///< of the asset, paid at year 0 if bought
    int lifeYears = 1;          ///< N: the lease's length and the depreciation period
    double leasePayment = 0.0;  ///< per year, paid at the end of each year
    double taxRate = 0.0;       ///< t
    double borrowingRate = 0.0; ///< r, pre-tax, per year
};
struct LeaseVsBuyResult final
{
    double discountRate = 0.0;  ///< r (1 - t)
    std::vector<double> flows;  ///< years 0..N, leasing minus buying
    double nal = 0.0;           ///< their present value at the after-tax borrowing rate
};
LeaseVsBuyResult leaseVsBuy(const LeaseVsBuyInput &input);

/// The present value of period cash flows, the first at t = 0, at `rate` per period.
double presentValue(const std::vector<double> &flows, double rate);

/// The internal rate of return of period cash flows, the first at t = 0 (model.md §12, clarification 40): the rate at
/// which their present value is zero, as a fraction per period. None when the flows never change sign (or no rate
/// above -100 % makes their value zero). With several changes of sign, the root nearest to zero.
std::optional<double> internalRateOfReturn(const std::vector<double> &flows);

} // namespace mltco::tco

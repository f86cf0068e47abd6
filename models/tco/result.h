#pragma once

#include <array>
#include <optional>
#include <vector>

namespace mltco::tco {

/// Cost categories of a month (model.md §4, §10.3, §10.5, §12), in the order every table and chart uses; their sum is
/// the month's total. Tax is usually negative (a shield) and 0 in the pre-tax view; financing holds a loan's
/// repayments and a lease's payments (0 for a cash purchase and every cloud scenario).
enum class Category { Compute, Capex, Resale, Financing, Facilities, Power, Failures, Staff, Overhead, Tax };
inline constexpr int kCategoryCount = 10;
inline constexpr std::array<Category, kCategoryCount> kCategories = {
    Category::Compute, Category::Capex, Category::Resale,   Category::Financing, Category::Facilities,
    Category::Power,   Category::Failures, Category::Staff, Category::Overhead,  Category::Tax,
};
/// "compute", "capex", ...: the key used in JSON and CSV.
const char *categoryKey(Category category);

struct MonthRow final
{
    int month = 0; ///< 1..H
    std::array<double, kCategoryCount> cost{};
    double total = 0.0;
    double capacity = 0.0; ///< reference GPU-hours this month can serve (elastic: what it bills for)
    double demand = 0.0;   ///< G_m (model.md §10.1); a hybrid's burst side sees its overflow here
    double fleet = 0.0;    ///< servers installed (purchase) or nodes rented (cluster); a hybrid: its base's; a mix:
                           ///< the servers of its purchase layers
    double instances = 0.0; ///< reserved instances active (reserved; a hybrid's or mix's reserved layers summed)
    double depreciation = 0.0; ///< charged this month (purchase; not a cash cost, it enters tax only)
    double gain = 0.0;     ///< gain (+) or loss (-) realised on a sale or the residual credit this month
    double deductibleFinancing = 0.0; ///< the part of `financing` that is a deductible expense: loan interest, lease
                                      ///< payments (model.md §12); a loan's principal is not
    double burst = 0.0;    ///< hybrid, mix: the burst side's share of `total`
    double burstGpuHours = 0.0; ///< hybrid, mix: what is left for the burst side (o_m, R^K_m); unmet without one

    double at(Category category) const { return cost[static_cast<std::size_t>(category)]; }
};

/// Sum over year y = months 12(y-1)+1 .. 12y; the last year is `partial` when H is not a multiple of 12.
struct YearSum final
{
    int year = 0;
    int months = 12;
    double total = 0.0;
    bool partial = false;
};

/// Servers bought together in one month (model.md §10.2): each runs its own holding cycles.
struct Cohort final
{
    int month = 1;          ///< bought (paid) in
    int servers = 0;        ///< n
    double unitPrice = 0.0; ///< p = list x (1 - bulk discount for n)
    int serviceMonth = 1;   ///< enters service: month + the lead time (model.md §11.1)
};

/// Everything model.md §5 asks of one scenario. Nothing is rounded.
struct ScenarioResult final
{
    std::vector<MonthRow> months;
    std::vector<Cohort> cohorts; ///< purchase only: the fleet's cohorts in month order
    std::vector<YearSum> years;
    std::array<double, kCategoryCount> byCategory{};
    /// Each category's present value, sum over m of c_m (1+r)^(-(m-1)/12) (model.md §14.3); they add up to npv.
    std::array<double, kCategoryCount> npvByCategory{};
    double total = 0.0;
    double npv = 0.0;
    double averageAnnual = 0.0;      ///< total x 12 / H
    double demand = 0.0;             ///< G x H
    double served = 0.0;             ///< sum of min(G, capacity_m)
    double unmet = 0.0;              ///< demand - served
    double capacity = 0.0;           ///< sum of capacity_m
    std::optional<double> utilization;        ///< served / capacity (elastic: eta / rho); none when no capacity
    std::optional<double> costPerServedGpuHour; ///< total / served; none when nothing is served
    /// total / (served x tokens per reference GPU-hour / 10^6) (model.md §14.3); none when nothing is served or the
    /// workload does not say how many tokens a GPU-hour produces.
    std::optional<double> costPerMillionTokens;
    double depreciation = 0.0;       ///< sum of the months' depreciation
    double gains = 0.0;              ///< sum of realised gains (losses negative)
    double burst = 0.0;              ///< hybrid: the burst side's share of total
    double burstGpuHours = 0.0;      ///< hybrid: overflow served by the burst side
    std::optional<double> peakFleet; ///< largest servers / nodes count of the horizon (purchase, cluster, hybrid base,
                                     ///< a mix with purchase layers)
    std::optional<double> peakInstances; ///< largest reserved instance count (reserved, a composite with reserved layers)

    double categoryTotal(Category category) const { return byCategory[static_cast<std::size_t>(category)]; }
    double categoryNpv(Category category) const { return npvByCategory[static_cast<std::size_t>(category)]; }
    bool hasUnmetDemand() const { return unmet > 1e-9 * (demand > 1.0 ? demand : 1.0); }
};

} // namespace mltco::tco

#pragma once

#include <array>
#include <optional>
#include <vector>

namespace mltco::tco {

/// Cost categories of a month (model.md §4); their sum is the month's total.
enum class Category { Compute, Capex, Resale, Facilities, Failures, Staff, Overhead };
inline constexpr int kCategoryCount = 7;
inline constexpr std::array<Category, kCategoryCount> kCategories = {
    Category::Compute,  Category::Capex, Category::Resale,   Category::Facilities,
    Category::Failures, Category::Staff, Category::Overhead,
};
/// "compute", "capex", ...: the key used in JSON and CSV.
const char *categoryKey(Category category);

struct MonthRow final
{
    int month = 0; ///< 1..H
    std::array<double, kCategoryCount> cost{};
    double total = 0.0;
    double capacity = 0.0; ///< reference GPU-hours this month can serve (elastic: what it bills for)

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

/// Everything model.md §5 asks of one scenario. Nothing is rounded.
struct ScenarioResult final
{
    std::vector<MonthRow> months;
    std::vector<YearSum> years;
    std::array<double, kCategoryCount> byCategory{};
    double total = 0.0;
    double npv = 0.0;
    double averageAnnual = 0.0;      ///< total x 12 / H
    double demand = 0.0;             ///< G x H
    double served = 0.0;             ///< sum of min(G, capacity_m)
    double unmet = 0.0;              ///< demand - served
    double capacity = 0.0;           ///< sum of capacity_m
    std::optional<double> utilization;        ///< served / capacity (elastic: eta / rho); none when no capacity
    std::optional<double> costPerServedGpuHour; ///< total / served; none when nothing is served

    double categoryTotal(Category category) const { return byCategory[static_cast<std::size_t>(category)]; }
    bool hasUnmetDemand() const { return unmet > 1e-9 * (demand > 1.0 ? demand : 1.0); }
};

} // namespace mltco::tco

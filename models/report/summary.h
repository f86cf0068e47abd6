#pragma once

#include "models/plan/plan.h"
#include "models/analytics/analysis.h"
#include "models/plan/planevaluation.h"

#include <QDate>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

// The executive summary of an evaluated plan: the question, the recommendation in one sentence worked out from the
// results, every scenario side by side, and what the answer hangs on. The PDF's first page, the dashboard's
// Summary section and `mltco-cli report --summary` all print this one summary, so they always agree.
namespace mltco::report {

/// One scenario in the comparison table.
struct ComparisonRow final
{
    QString name;
    QString kind;                          ///< in words: "cloud, always on", "owned servers", ...
    double total = 0.0;
    double npv = 0.0;
    double perYear = 0.0;
    std::optional<double> costPerServedGpuHour;
    std::optional<double> costPerMillionTokens; ///< when the workload says what a GPU-hour produces (model.md §14.3)
    double unmetShare = 0.0;               ///< share of the demand it leaves undone (0: all of it served)
    bool recommended = false;
    QDate pricesObservedAt;                ///< the catalog price its figures stand on; null when the plan states it
};

/// An input the choice is sensitive to: the recommended option's saving over the alternative with the input at
/// its low and its high value (the tornado's points: the plan's uncertainty range, else ±20 %).
struct Sensitivity final
{
    QString input;                 ///< "Demand (reference GPU-hours a month)", "Server price of On-prem 8xA100"
    QString base, low, high;       ///< the values, formatted with their units
    double savingLow = 0.0;        ///< alternative − recommended with the input at its low value
    double savingHigh = 0.0;       ///< ... at its high value
    QString sentence;              ///< the above in words, saying whether the choice holds
};

/// Where the gap between two options comes from (model.md §14.3): their present values category by category.
struct CategoryGap final
{
    int a = -1; ///< position in the result's scenarios: the option measured (the recommended one)
    int b = -1; ///< the option it is measured against (the next cheapest)
    /// a's NPV less b's in each category: negative where a costs less (or, for resale, gets more back).
    std::array<double, tco::kCategoryCount> difference{};
    double total = 0.0; ///< a's NPV less b's: the sum of `difference`
};
/// The gap between scenarios a and b of `result` (positions); a and b must be valid and different.
CategoryGap categoryGap(const tco::PlanResult &result, int a, int b);
/// The categories in which the two options differ (by half a unit of money or more), largest difference first; ties
/// keep the categories' order. The sentence and the waterfall both walk the gap in this order.
std::vector<tco::Category> gapCategoriesBySize(const CategoryGap &gap);
/// The option next to the recommended one: the cheapest other option that meets the demand (by total, as the
/// recommendation is chosen); -1 when there is none.
int nextCheapest(const tco::PlanResult &result, int recommended);
/// The gap in words, largest categories first: "\"On-prem\" costs $412k less than \"Cloud\" over 3 years: $1.2M less
/// compute, $0.9M more capex, $0.2M more back at resale and $0.1M more for the rest." In present value ("in present
/// value at 8.0 %") when the plan discounts.
QString gapSentence(const tco::PlanResult &result, const CategoryGap &gap);
/// The words for a category in such a sentence ("compute", "hardware failures", "resale and residual").
QString categoryWords(tco::Category category);

struct ExecutiveSummary final
{
    QString planName;
    QString currency = QStringLiteral("USD"); ///< of every figure: the plan's (model.md §13)
    QString question;
    QString recommendation;        ///< one sentence
    int recommended = -1;          ///< index into rows (and the result's scenarios); -1 when none meets the demand
    int alternative = -1;          ///< what the recommendation is measured against; -1 when there is none
    std::optional<int> paybackMonth; ///< an owned recommendation's payback against the alternative
    std::optional<double> owningIrr; ///< a purchase recommended over a cloud option: the annual return on owning (§12)
    QStringList owningReturns;     ///< every purchase against the cheapest cloud option: owningReturnSentence()
    std::vector<ComparisonRow> rows; ///< every evaluated scenario, in plan order (left-out ones are in `notes`)
    std::vector<Sensitivity> sensitivities; ///< at most two, the largest first
    QStringList breakEvens;        ///< the plan's break-evens in words (what the answer hangs on without a tornado),
                                   ///< the dashboard's first
    QString buyOrRent;             ///< the dashboard's break-even with the counterpart it is against, in words
    QStringList notes;             ///< unmet demand, what was left out, the tax view: what a reader must know
    QString taxView;               ///< "after tax at 21.0 %" or "before tax (cash)"
    int horizonMonths = 0;
    /// With the plan's `optimize` request: the optimized mix in words (fleetSentence), or why it could not be found.
    /// Filled by withFleetPlan(), which runs the optimizer (executiveSummary() stays quick for the dashboard).
    QString fleetPlan;
    /// With a Monte Carlo run of the plan's uncertain inputs: howSureSentence() (report --summary, the PDF's page 1).
    QString howSure;
    /// How old the catalog prices behind the options are ("Prices: AWS p3 per engineer observed 2026-03-01, 279 days
    /// ago; …"), or the day the plan is pinned to; empty when no option takes a catalog price.
    QString prices;
    /// A warning when a price behind an option is older than stalePriceDays() (empty otherwise, and for a plan pinned
    /// to a day with workload.prices_as_of).
    QString stalePrices;
    /// The recommended option against the next cheapest, category by category (gapSentence()); empty without both.
    QString gap;
};

/// After how many days a catalog price behind an option is called old (90 unless set: the app's setting,
/// report --stale-after).
int stalePriceDays();
void setStalePriceDays(int days);

/// The summary's `prices` and `stalePrices`, measured against `today`.
void notePriceAges(ExecutiveSummary &summary, const tco::Plan &plan, const QDate &today);

/// The summary with the plan's fleet plan (model.md §11.4) named, when the plan has an `optimize` request: the
/// optimizer run without its frontier.
ExecutiveSummary withFleetPlan(ExecutiveSummary summary, const tco::Plan &plan, const tco::PlanResult &result);

/// The purchase at `position` measured against the cheapest cloud option of the plan (model.md §12) in one sentence:
/// its payback month and its annual return on owning over renting; empty when it is not a purchase or there is no
/// cloud option meeting the demand.
QString owningReturnSentence(const tco::PlanResult &result, std::size_t position);

/// How sure the recommendation is, from a Monte Carlo run of the plan's uncertain inputs: "GCP … is the cheapest in
/// 94 % of 10,000 futures drawn from the plan's uncertain inputs; its total lies between $40.1k and $61.2k in 8 of
/// 10 (P10 to P90)." Empty without a recommendation or when the run does not have it.
QString howSureSentence(const ExecutiveSummary &summary, const tco::AnalysisResult &risk);

/// "cloud, always on", "cloud cluster", "pay-per-use cloud", "owned servers", "owned base, cloud burst".
QString kindInWords(tco::ScenarioKind kind);

/// "3 years", "30 months".
QString horizonInWords(int months);

/// The summary of `result`, the evaluation of `plan` (the plan is read for its uncertainty ranges only).
ExecutiveSummary executiveSummary(const tco::Plan &plan, const tco::PlanResult &result);

/// One line of a side-by-side comparison of two scenarios: the figure for each and what A costs more (or less).
struct ComparisonLine final
{
    QString label;       ///< "Total", "NPV", "Compute", "Unmet demand", ...
    QString a, b;        ///< formatted
    QString difference;  ///< A − B, formatted with its sign ("+$12,000", "−$3,500"); empty where it means nothing
    double aValue = 0.0, bValue = 0.0;
};

/// Scenarios `a` and `b` of `result` side by side: totals, NPV, a year, per served GPU-hour, each cost category,
/// the demand they serve and leave, and (for an owned option against another) the payback month.
std::vector<ComparisonLine> compareScenarios(const tco::PlanResult &result, std::size_t a, std::size_t b);

enum class SummaryFormat { Text, Markdown };
/// The summary as plain text (aligned columns) or Markdown (a pipe table), for pasting into an email.
QString summaryText(const ExecutiveSummary &summary, SummaryFormat format);

} // namespace mltco::report

#pragma once

#include "models/actuals/actualsstore.h"
#include "models/common/expected.h"
#include "models/plan/planevaluation.h"
#include "models/tco/result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace mltco::actuals {

/// One month of a plan held against what the bills say was spent.
struct VarianceRow final
{
    int planMonth = 0;            ///< 1..H
    QString month;                ///< the calendar month, "YYYY-MM"
    double planned = 0.0;         ///< the scenario's compute this month: the part of a plan a cloud bill covers
    double plannedTotal = 0.0;    ///< everything the scenario costs this month (staff, overhead, ...), for reference
    std::optional<double> actual; ///< EffectiveCost of the month's GPU charges; none when no bill covers it
    std::optional<double> actualBilled;  ///< BilledCost of the same
    std::optional<double> variance;      ///< actual - planned
    std::optional<double> varianceShare; ///< variance / planned; none when nothing was planned
    double cumulativePlanned = 0.0;
    std::optional<double> cumulativeActual; ///< through this month, while bills cover every month so far
    /// EffectiveCost by PricingCategory (index = PricingCategory); zeros when no bill covers the month.
    std::array<double, kPricingCategoryCount> actualByCategory{};
};

struct PlanComparison final
{
    QString scenario;      ///< the scenario compared (set by linkedComparison())
    int planPosition = -1; ///< its position in the plan, which picks its colour (set by linkedComparison())
    QString start;         ///< the calendar month of the plan's month 1
    QList<VarianceRow> rows; ///< every month of the plan
    int monthsWithActuals = 0;
    double plannedToDate = 0.0; ///< planned compute over the months that have actuals
    double actualToDate = 0.0;  ///< actual spend over the same months
    QStringList notes;          ///< actual months outside the plan, a scenario without compute, ...
};

/// The calendar month after `month` ("2026-12" -> "2027-01"); `month` must be "YYYY-MM".
QString addMonths(const QString &month, int count);
/// "Jan 2026" for "2026-01": how tables, charts and the report name a month.
QString monthLabel(const QString &month);
/// Whether `text` is a month "YYYY-MM" (year 1900..9999).
bool isMonth(const QString &text);

/// Holds a scenario's months against the monthly actuals: month 1 of the plan is `start` (by default the first month
/// of the actuals). An error when there are no actuals and no start, or `start` is not "YYYY-MM".
Expected<PlanComparison> compareWithPlan(const tco::ScenarioResult &scenario, const QList<MonthActual> &actuals,
                                         const QString &start = {});

/// The comparison a plan asks for with its "actuals" link: nullopt when it links no scenario, the scenario was left
/// out of `result`, or there are no actuals. `scenarioIndex`, when given, receives the scenario's position in
/// `result.scenarios`.
std::optional<PlanComparison> linkedComparison(const tco::Plan &plan, const tco::PlanResult &result,
                                               const QList<MonthActual> &actuals, std::size_t *scenarioIndex = nullptr);

} // namespace mltco::actuals

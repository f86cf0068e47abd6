#pragma once
// One sheet per scenario: the month table of model.md as formulas of the Assumptions (not part of the room's API).

#include "models/workbook/sheets.h"

#include <functional>
#include <optional>

namespace mltco::workbook::detail {

/// The Months sheet: what every scenario reads month by month.
struct MonthsSheet final
{
    MonthTable table;
    int month = 0;
    int demand = 0;
    int trend = 0;    ///< the cloud price factor (1 + g)^((m - 1) / 12)
    int discount = 0; ///< (1 + r)^(-(m - 1) / 12)

    /// "Months!C7": the column in month m.
    QString at(int column, int m) const { return QStringLiteral("Months!") + table.at(column, m); }
};

/// What every scenario sheet reads while it is written.
struct Context final
{
    const tco::Plan &plan;
    const tco::PlanResult &result;
    const Formats &formats;
    const AssumptionCells &cells;
    const MonthsSheet &months;
    /// Every scenario's sheet by position in result.scenarios, filled as they are written (the composites last, so
    /// their layers are there).
    std::vector<ScenarioSheet> sheets;
    /// Defines a name (local names as "'Sheet'!Name").
    std::function<void(const QString &name, const QString &formula)> define;
};

/// Writes scenario `index`'s sheet (named `sheetName`) and returns where its columns are.
ScenarioSheet writeScenarioSheet(lxw_worksheet *sheet, Context &context, std::size_t index, const QString &sheetName);

} // namespace mltco::workbook::detail

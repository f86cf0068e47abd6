#pragma once
// The workbook's inside (not part of the room's API): cell addresses, the month table every scenario sheet is, and
// what the sheets share while the workbook is written.

#include "models/plan/planevaluation.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <array>
#include <functional>
#include <vector>

struct lxw_workbook;
struct lxw_worksheet;
struct lxw_format;

namespace mltco::workbook::detail {

/// US 5-year MACRS (half-year convention), by year of service (model.md §10.5).
inline constexpr double kMacrs5Rates[6] = {0.20, 0.32, 0.192, 0.1152, 0.1152, 0.0576};

/// "A", "B", …, "AA" of a 0-based column.
QString columnName(int column);
/// "B7" of a 0-based row and column.
QString cell(int row, int column);
/// "$B$7".
QString absoluteCell(int row, int column);
/// A sheet's name as a formula writes it: 'Own 2 servers' or Summary.
QString sheetRef(const QString &sheet);
/// A number as a formula writes it: the shortest text that reads back to the same double.
QString number(double value);

enum class Fmt { Text, Header, Title, Muted, Money, Number, Integer, Fraction, Factor, Month, Hours };

/// The formats of the workbook, made once.
struct Formats final
{
    lxw_format *text = nullptr, *header = nullptr, *title = nullptr, *muted = nullptr, *money = nullptr,
               *number = nullptr, *integer = nullptr, *fraction = nullptr, *factor = nullptr, *wrap = nullptr,
               *hours = nullptr;
    lxw_format *of(Fmt fmt) const;
};
Formats makeFormats(lxw_workbook *book, const QString &currency);

/// One column of a month table: a formula per month and the value mltco computed for it.
struct Column final
{
    QString header;
    Fmt format = Fmt::Number;
    std::vector<QString> formulas; ///< month m at [m - 1]
    std::vector<double> values;
};

/// The month table of a sheet: the header row at `headRow`, month m on the row below it m rows down.
class MonthTable final
{
public:
    MonthTable(int horizon, int headRow) : m_horizon(horizon), m_headRow(headRow) {}

    int horizon() const { return m_horizon; }
    int headRow() const { return m_headRow; }
    int rowOf(int month) const { return m_headRow + month; }
    /// Adds a column; formula(m) is its formula in month m (without "="), values[m - 1] its value.
    int add(const QString &header, Fmt format, const std::function<QString(int)> &formula, std::vector<double> values);
    /// Adds a column from formulas alone; the value of month m is value(m).
    int add(const QString &header, Fmt format, const std::function<QString(int)> &formula,
            const std::function<double(int)> &value);
    /// "E17": column `column` in month m.
    QString at(int column, int month) const { return cell(rowOf(month), column); }
    /// "$E$5:$E$40": the whole column.
    QString range(int column) const;
    /// "INDEX($E$5:$E$40,position)".
    QString index(int column, const QString &position) const;
    /// "INDEX(…,from):INDEX(…,to)": a window of the column.
    QString window(int column, const QString &from, const QString &to) const;
    double value(int column, int month) const { return m_columns[static_cast<std::size_t>(column)].values[static_cast<std::size_t>(month - 1)]; }
    const std::vector<Column> &columns() const { return m_columns; }
    /// Forgets the formulas once written (the values and addresses stay): a plan's sheets are not all held at once.
    void dropFormulas()
    {
        for (Column &c : m_columns)
            std::vector<QString>().swap(c.formulas);
    }

private:
    int m_horizon;
    int m_headRow;
    std::vector<Column> m_columns;
};

/// The columns a scenario sheet's month table has that others read: its cost categories, total, capacity, served.
struct ScenarioColumns final
{
    std::array<int, tco::kCategoryCount> category{};
    int total = -1;
    int capacity = -1;
    int served = -1;
    int fleet = -1;       ///< servers or nodes in service; -1 when none
    int presentValue = -1;
    int cumulative = -1;
    int taxable = -1;     ///< gain less running costs and depreciation: tax is the tax rate times it
    /// A purchase whose power follows its load (idle_power_fraction): its power at full load, which the load scales
    /// (alone: what it serves of demand; as a layer: what it serves there); -1 otherwise.
    int fullPower = -1;
};

/// One scenario sheet, as the Summary and the composites read it.
struct ScenarioSheet final
{
    QString name;      ///< the scenario's name
    QString sheet;     ///< the sheet's name
    MonthTable table{0, 0};
    ScenarioColumns columns;
    QHash<QString, QString> constants; ///< its figures above the table by name -> "'Sheet'!$B$4", for other sheets
};

/// Where each input of the plan is on the Assumptions sheet.
struct AssumptionCells final
{
    /// (scenario name or "" for the workload) + "\n" + key -> "Assumptions!$C$7"
    QHash<QString, QString> cells;
    /// The local name of a scenario's input on its own sheet ("RatePerHour"), or a workload input's global name.
    static QString nameOf(const QString &key);
    QString at(const QString &scenario, const QString &key) const { return cells.value(scenario + QLatin1Char('\n') + key); }
};

/// Writes a month table's header and rows (and freezes the panes below its header).
void writeTable(lxw_worksheet *sheet, const Formats &formats, const MonthTable &table, const QStringList &units);

} // namespace mltco::workbook::detail

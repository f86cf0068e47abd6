#pragma once
// The builder of a scenario sheet and the sheets written in files of their own (private to the room): a sheet is
// the figures above its month table, then the table column by column, each column a formula per month and the value
// the engine computed.

#include "models/workbook/scenariosheets.h"

#include "models/tco/engine.h"

#include <xlsxwriter.h>

#include <algorithm>
#include <array>
#include <functional>
#include <vector>

namespace mltco::workbook::detail {

using tco::Category;

/// A text as a formula's string literal: in quotes, its quotes doubled.
QString quotedText(const QString &text);

/// A figure above the month table: its label, local name, formula and value.
struct Constant final
{
    QString label;
    QString name;
    QString formula;
    double value = 0.0;
};

/// Builds one scenario sheet: the figures above its table, then its month table column by column.
class Builder final
{
public:
    Builder(Context &context, std::size_t index, const QString &sheetName, int constantRows)
        : cx(context), evaluated(context.result.scenarios[index]), rows(evaluated.result.months),
          H(context.result.workload.horizonMonths), t(H, 3 + constantRows + 1), m_sheetName(sheetName), m_index(index)
    {
        out.name = evaluated.name;
        out.sheet = sheetName;
    }

    Context &cx;
    const tco::EvaluatedScenario &evaluated;
    const std::vector<tco::MonthRow> &rows;
    const int H;
    MonthTable t;
    ScenarioSheet out;
    std::vector<Constant> constants;
    int monthCol = -1, demandCol = -1;

    /// "$A7": the month of month m's row.
    QString M(int m) const { return QStringLiteral("$A%1").arg(t.rowOf(m) + 1); }
    QString at(int column, int m) const { return t.at(column, m); }
    double engine(Category c, int m) const { return rows[static_cast<std::size_t>(m - 1)].at(c); }
    double G(int m) const { return rows[static_cast<std::size_t>(m - 1)].demand; }

    void constant(const QString &label, const QString &name, const QString &formula, double value)
    {
        constants.push_back({label, name, formula, value});
        const int row = 2 + static_cast<int>(constants.size()) - 1; // the first figure on the third row
        out.constants.insert(name, sheetRef(m_sheetName) + QLatin1Char('!') + absoluteCell(row, 1));
        cx.define(sheetRef(m_sheetName) + QLatin1Char('!') + name, QStringLiteral("=") + sheetRef(m_sheetName) +
                                                                          QLatin1Char('!') + absoluteCell(row, 1));
    }

    void start()
    {
        monthCol = t.add(QStringLiteral("Month"), Fmt::Month, [](int) { return QString(); }, [](int m) { return double(m); });
        demandCol = t.add(QStringLiteral("demand"), Fmt::Hours, [this](int m) { return cx.months.at(cx.months.demand, m); },
                          [this](int m) { return G(m); });
    }

    /// The cloud price factor of each month, from the Months sheet.
    int trendColumn()
    {
        return t.add(QStringLiteral("cloud price factor"), Fmt::Factor, [this](int m) { return cx.months.at(cx.months.trend, m); },
                     [this](int m) { return cx.months.table.value(cx.months.trend, m); });
    }

    /// The ten category columns, the total, what is served, the discount factor, the present value and the
    /// cumulative cost; `category[c]` is the formula of category c in month m (empty: 0).
    void finish(const std::array<std::function<QString(int)>, tco::kCategoryCount> &category, int capacity,
                const std::function<QString(int)> &served, const std::function<double(int)> &servedValue);

    /// The taxable amount of every month: the engine's tax at a tax rate of 1 (tax is the rate times it, §10.5).
    std::vector<double> taxableAtRateOne() const;

    /// served = MIN(demand, capacity), the standalone kinds.
    void finishStandalone(const std::array<std::function<QString(int)>, tco::kCategoryCount> &category, int capacity)
    {
        finish(category, capacity,
               [this, capacity](int m) { return QStringLiteral("MIN(%1,%2)").arg(at(demandCol, m), at(capacity, m)); },
               [this](int m) {
                   const tco::MonthRow &r = rows[static_cast<std::size_t>(m - 1)];
                   return std::min(r.demand, r.capacity);
               });
    }

    void write(lxw_worksheet *sheet, const QString &kindWords);

private:
    QString m_sheetName;
    std::size_t m_index;
};

using Categories = std::array<std::function<QString(int)>, tco::kCategoryCount>;
constexpr std::size_t idx(Category c)
{
    return static_cast<std::size_t>(c);
}

/// CEILING(x - 1E-9) of a positive ratio, as the engine rounds a fleet up (ceilTolerant), 0 when nothing is needed.
QString unitsNeeded(const QString &demand, const QString &perUnit);

/// A purchase's sheet (purchasesheet.cpp): the fleet, its cycles, sales, residual, depreciation and financing.
void purchaseSheet(Builder &b, const tco::PurchaseScenario &s);
/// A hybrid's or a mix's sheet (compositesheet.cpp): its layers' capacity from their sheets, what each serves, the
/// burst; `beta` the cap on the layers' utilization, named `betaName`.
void compositeSheet(Builder &b, const QStringList &layerNames, const QString &burstName, double beta, const QString &betaName);

} // namespace mltco::workbook::detail

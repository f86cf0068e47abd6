#include "models/actuals/plancompare.h"

#include "models/common/numbertext.h"

#include <QDate>
#include <QHash>
#include <QRegularExpression>

#include <cmath>

namespace mltco::actuals {

QString monthLabel(const QString &month)
{
    return QDate::fromString(month + QStringLiteral("-01"), Qt::ISODate).toString(QStringLiteral("MMM yyyy"));
}

bool isMonth(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{4})-(0[1-9]|1[0-2])$"));
    const QRegularExpressionMatch m = pattern.match(text);
    return m.hasMatch() && m.captured(1).toInt() >= 1900;
}

QString addMonths(const QString &month, int count)
{
    const int index = month.left(4).toInt() * 12 + (month.mid(5, 2).toInt() - 1) + count;
    return QStringLiteral("%1-%2")
        .arg(index / 12, 4, 10, QLatin1Char('0'))
        .arg(index % 12 + 1, 2, 10, QLatin1Char('0'));
}

Expected<PlanComparison> compareWithPlan(const tco::ScenarioResult &scenario, const QList<MonthActual> &actuals,
                                         const QString &start)
{
    PlanComparison result;
    if (!start.isEmpty() && !isMonth(start))
        return Error{QStringLiteral("the plan's start must be a month written YYYY-MM, not '%1'").arg(start), {}};
    if (start.isEmpty() && actuals.isEmpty())
        return Error{QStringLiteral("no bill has been imported, so there is nothing to compare the plan with "
                                    "(mltco-cli actuals import FILE)"),
                     {}};
    result.start = start.isEmpty() ? actuals.front().month : start;

    QHash<QString, const MonthActual *> byMonth;
    for (const MonthActual &a : actuals)
        byMonth.insert(a.month, &a);
    const int horizon = int(scenario.months.size());
    const QString end = addMonths(result.start, horizon - 1);
    int before = 0, after = 0;
    for (const MonthActual &a : actuals) {
        if (a.month < result.start)
            ++before;
        else if (a.month > end)
            ++after;
    }

    double cumulativePlanned = 0.0, cumulativeActual = 0.0, plannedCompute = 0.0;
    bool covered = true;
    for (const tco::MonthRow &m : scenario.months) {
        VarianceRow row;
        row.planMonth = m.month;
        row.month = addMonths(result.start, m.month - 1);
        row.planned = m.at(tco::Category::Compute);
        row.plannedTotal = m.total;
        plannedCompute += row.planned;
        cumulativePlanned += row.planned;
        row.cumulativePlanned = cumulativePlanned;
        if (const MonthActual *a = byMonth.value(row.month)) {
            row.actual = a->effectiveCost;
            row.actualBilled = a->billedCost;
            row.variance = a->effectiveCost - row.planned;
            if (std::abs(row.planned) > 1e-9)
                row.varianceShare = *row.variance / row.planned;
            row.actualByCategory = a->byCategory;
            cumulativeActual += a->effectiveCost;
            ++result.monthsWithActuals;
            result.plannedToDate += row.planned;
            result.actualToDate += a->effectiveCost;
            result.notes << a->conversions; // nothing is converted silently (model.md §13)
        } else {
            covered = false;
        }
        if (covered && row.actual)
            row.cumulativeActual = cumulativeActual;
        result.rows.append(row);
    }
    if (before > 0)
        result.notes << QStringLiteral("%1 not compared")
                            .arg(countOf(before, QStringLiteral("month of actuals before the plan's start (%1) is")
                                                     .arg(result.start),
                                         QStringLiteral("months of actuals before the plan's start (%1) are")
                                             .arg(result.start)));
    if (after > 0)
        result.notes << QStringLiteral("%1 not compared")
                            .arg(countOf(after, QStringLiteral("month of actuals after the plan's last month (%1) is").arg(end),
                                         QStringLiteral("months of actuals after the plan's last month (%1) are").arg(end)));
    if (result.monthsWithActuals == 0 && !actuals.isEmpty())
        result.notes << QStringLiteral("no bill covers a month of the plan (%1 to %2): is the start right?")
                            .arg(result.start, end);
    if (std::abs(plannedCompute) < 1e-9)
        result.notes << QStringLiteral("the scenario plans no compute spend (it owns its servers): a cloud bill has "
                                       "no planned figure to be held against, so every dollar shows as variance");
    return result;
}

std::optional<PlanComparison> linkedComparison(const tco::Plan &plan, const tco::PlanResult &result,
                                               const QList<MonthActual> &actuals, std::size_t *scenarioIndex)
{
    if (!plan.actuals || actuals.isEmpty())
        return std::nullopt;
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        if (result.scenarios[i].name != plan.actuals->scenario)
            continue;
        Expected<PlanComparison> c = compareWithPlan(result.scenarios[i].result, actuals, plan.actuals->start);
        if (!c)
            return std::nullopt;
        if (scenarioIndex)
            *scenarioIndex = i;
        c->scenario = result.scenarios[i].name;
        c->planPosition = int(result.scenarios[i].planPosition);
        return std::move(*c);
    }
    return std::nullopt;
}

} // namespace mltco::actuals

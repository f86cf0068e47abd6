#include "ui/calculators/budgetcalculator.h"

#include "models/report/format.h"
#include "models/tco/defaults.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/dashboard/chartpalette.h"

#include <QChart>
#include <QCoreApplication>
#include <QHeaderView>
#include <QIcon>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QPixmap>
#include <QScatterSeries>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mltco::ui {
namespace {

// Seed 003: "if your estimated monthly EC2 expense is $10,000, set up alerts for every installment of $2,500".
constexpr double kSeedBudget = 10000.0;
// A capex month dwarfs the alert levels; past this many budgets the axis stops, and the table has the rest.
constexpr double kAxisBudgets = 4.0;

QString trBudget(const char *text)
{
    return QCoreApplication::translate("BudgetCalculator", text);
}

/// "month 3, day 12": the day of the month an alert goes off, when spending runs evenly through it.
QString crossingText(const tco::BudgetCrossing &c)
{
    if (!c.month)
        return trBudget("never");
    const int day = std::max(1, static_cast<int>(std::ceil(c.fractionOfMonth.value_or(1.0) * tco::kDaysPerMonth)));
    return trBudget("month %1, day %2").arg(*c.month).arg(day);
}

} // namespace

BudgetCalculator::BudgetCalculator(PlanEditor *editor, QWidget *parent) : QWidget(parent), m_editor(editor)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("budget"), tr("Budget alerts"),
        tr("Billing alerts at every quarter of the monthly budget (25, 50, 75 and 100 %), as cloud providers' "
           "budget alerts do. For each scenario of the plan: the first month whose spend, running evenly through the "
           "month, sets off each alert, and on which day."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_budget = m_frame->addField(QStringLiteral("budgetMonthly"),
                                 {tr("Budget a month"), tr("$"), FieldKind::Money, 1.0, 1e10, kSeedBudget, 2,
                                  tr("Default: a published example of budget alerts, a $10,000 estimated monthly "
                                     "expense with an alert at every $2,500.")});

    m_month = m_frame->addField(QStringLiteral("budgetMonth"),
                                {tr("Month to chart"), tr("of the plan"), FieldKind::Whole, 1.0,
                                 tco::defaults::kHorizonMonths, 1.0, 0,
                                 tr("The chart shows how spending builds up through this month; the table lists "
                                    "the first month of every alert over the whole plan.")});

    m_table = new QTableWidget(m_frame);
    m_table->setTabKeyNavigation(false);
    m_table->setObjectName(QStringLiteral("budgetTable"));
    m_table->setAccessibleName(tr("Budget alerts by scenario"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->setMinimumHeight(150);
    m_frame->addBelow(m_table);

    if (m_editor)
        connect(m_editor, &PlanEditor::planChanged, this, &BudgetCalculator::planChanged);
    connect(m_frame, &CalculatorFrame::edited, this, &BudgetCalculator::recompute);
    recompute();
}

void BudgetCalculator::planChanged()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    recompute();
}

void BudgetCalculator::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale) {
        m_stale = false;
        recompute();
    }
}

QString BudgetCalculator::currency() const
{
    return m_editor ? m_editor->plan().currency : QStringLiteral("USD");
}

void BudgetCalculator::recompute()
{
    // The budget is held against the plan's monthly costs, in the plan's currency (model.md §13).
    m_frame->setFieldCurrency(m_budget, currency());
    const std::optional<tco::PlanResult> *result = m_editor ? &m_editor->result() : nullptr;
    if (result && result->has_value())
        m_month->setRange(1.0, std::max(1, (*result)->workload.horizonMonths), tr("(the plan's horizon)"));
    if (!m_frame->checkFields())
        return;
    const double budget = *m_budget->value();
    if (!result || !result->has_value()) {
        const QString why = m_editor ? m_editor->evaluationError() : tr("No plan is open.");
        m_frame->showProblem(tr("The plan cannot be evaluated, so there are no monthly costs to check: %1 Fix it "
                                "on the Scenarios page.")
                                 .arg(why));
        m_frame->setResult(tr("No scenarios to check."));
        m_table->setRowCount(0);
        m_frame->setChart(calcchart::makeChart(tr("Month-to-date spend against the alerts")));
        return;
    }

    std::vector<ScenarioAlerts> rows;
    for (const tco::EvaluatedScenario &s : (*result)->scenarios) {
        ScenarioAlerts row;
        row.name = s.name;
        for (const tco::MonthRow &month : s.result.months)
            row.costs.push_back(month.total);
        row.crossings = tco::budgetCrossings(row.costs, budget, tco::seedBudgetThresholds());
        row.highest = row.costs.empty() ? 0.0 : *std::max_element(row.costs.begin(), row.costs.end());
        rows.push_back(std::move(row));
    }
    fillTable(rows, budget);
    showChart(rows, budget, static_cast<int>(*m_month->value()));
    QStringList leftOut;
    for (const tco::LeftOut &l : (*result)->leftOut)
        if (l.scenario)
            leftOut << QStringLiteral("\u201c%1\u201d").arg(l.name.toHtmlEscaped());
    showSummary(rows, budget, leftOut);
}

void BudgetCalculator::fillTable(const std::vector<ScenarioAlerts> &rows, double budget)
{
    const QString cur = currency();
    QStringList headers{tr("Scenario"), tr("Highest month")};
    for (double t : tco::seedBudgetThresholds())
        headers << tr("%1 alert (%2)").arg(report::percent(t, 0), report::money(t * budget, cur));
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const int row = static_cast<int>(i);
        auto *name = new QTableWidgetItem(rows[i].name);
        // The swatch ties the row to its line in the chart (the chart has no legend).
        // Drawn at the screen's pixel ratio, so it stays a crisp square on a high-DPI screen.
        const qreal ratio = m_table->devicePixelRatioF();
        QPixmap swatch(QSize(12, 12) * ratio);
        swatch.setDevicePixelRatio(ratio);
        swatch.fill(palette::scenarioColor(row));
        name->setIcon(QIcon(swatch));
        m_table->setItem(row, 0, name);
        auto *highest = new QTableWidgetItem(report::money(rows[i].highest, cur));
        highest->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, 1, highest);
        for (std::size_t t = 0; t < rows[i].crossings.size(); ++t) {
            const tco::BudgetCrossing &c = rows[i].crossings[t];
            auto *item = new QTableWidgetItem(crossingText(c));
            if (!c.month)
                item->setForeground(theme::color(theme::Role::Muted));
            m_table->setItem(row, static_cast<int>(t) + 2, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Tall enough for every scenario of a usual plan without a scroll bar; the chart gives way.
    const int rowsHeight = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth() +
                           m_table->verticalHeader()->defaultSectionSize() * std::min(m_table->rowCount(), 8);
    m_table->setMinimumHeight(std::max(120, rowsHeight + 4));
}

void BudgetCalculator::showChart(const std::vector<ScenarioAlerts> &rows, double budget, int month)
{
    const QString cur = currency();
    const auto m = static_cast<std::size_t>(month - 1);
    QChart *chart = calcchart::makeChart(tr("Spend so far in month %1 against the alerts").arg(month));
    // The scenario names are long: the table under the chart, in the same colours, is the legend.
    chart->legend()->hide();
    double maxCost = 0.0;
    double minCost = 0.0; // a month with a resale credit spends less than nothing
    for (const ScenarioAlerts &r : rows) {
        maxCost = std::max(maxCost, m < r.costs.size() ? r.costs[m] : 0.0);
        minCost = std::min(minCost, m < r.costs.size() ? r.costs[m] : 0.0);
    }
    // The alert levels must stay readable next to a capex month: the axis stops at a few budgets.
    const double top = std::max(budget * 1.25, std::min(maxCost, budget * kAxisBudgets)) * 1.05;
    auto *axisY = newMoneyAxis();
    const MoneyScale scale = configureMoneyAxis(axisY, minCost, top, tr("Spend so far this month"), cur);
    const double d = scale.divisor;
    const double days = tco::kDaysPerMonth;
    const std::vector<double> thresholds = tco::seedBudgetThresholds();

    // Alert levels first, so the scenarios' lines draw over them.
    for (std::size_t t = 0; t < thresholds.size(); ++t) {
        const bool full = t + 1 == thresholds.size();
        auto *level = new QLineSeries;
        level->setPen(
            QPen(QColor::fromRgba(calcchart::kMarkColor), full ? 2.0 : 1.0, full ? Qt::SolidLine : Qt::DashLine));
        level->append(0.0, thresholds[t] * budget / d);
        level->append(days, thresholds[t] * budget / d);
        chart->addSeries(level);
        const QString tip =
            tr("%1 alert: %2").arg(report::percent(thresholds[t], 0), report::money(thresholds[t] * budget, cur));
        calcchart::connectPointTips(m_frame->chartView(), level, [tip](int) { return tip; });
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const ScenarioAlerts &r = rows[i];
        if (m >= r.costs.size())
            continue;
        const double cost = r.costs[m];
        const QColor colour = palette::scenarioColor(static_cast<int>(i));
        // Spending runs evenly through the month: a straight climb from nothing to the month's total.
        auto *line = new QLineSeries;
        line->setPen(QPen(colour, 2.5));
        line->append(0.0, 0.0);
        line->append(days, cost / d);
        chart->addSeries(line);
        const QString lineTip = tr("%1: %2 in month %3").arg(r.name, report::money(cost, cur)).arg(month);
        calcchart::connectPointTips(m_frame->chartView(), line, [lineTip](int) { return lineTip; });

        // A dot where the line crosses each alert level this month.
        auto *marks = new QScatterSeries;
        marks->setMarkerSize(9);
        marks->setColor(colour);
        marks->setBorderColor(Qt::white);
        QStringList tips;
        for (double t : thresholds) {
            if (cost <= 0.0 || cost < t * budget)
                continue;
            const double day = t * budget / cost * days;
            marks->append(day, t * budget / d);
            tips << tr("%1: the %2 alert (%3) goes off on day %4 of month %5")
                        .arg(r.name, report::percent(t, 0), report::money(t * budget, cur))
                        .arg(std::max(1, static_cast<int>(std::ceil(day))))
                        .arg(month);
        }
        chart->addSeries(marks);
        calcchart::connectPointTips(m_frame->chartView(), marks,
                                    [tips](int p) { return p < tips.size() ? tips[p] : QString(); });
    }

    QValueAxis *axisX = calcchart::addValueAxis(chart, Qt::AlignBottom, tr("Day of month %1").arg(month), 0, days,
                                                QStringLiteral("%.0f"));
    axisX->setTickType(QValueAxis::TicksDynamic);
    axisX->setTickAnchor(0);
    axisX->setTickInterval(5);
    chart->addAxis(axisY, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    }
    if (maxCost > budget * kAxisBudgets)
        chart->setTitle(
            tr("Spend so far in month %1 (the axis stops at %2)").arg(month).arg(report::moneyCompact(top, cur)));
    m_frame->setChart(chart);
}

void BudgetCalculator::showSummary(const std::vector<ScenarioAlerts> &rows, double budget, const QStringList &leftOut)
{
    const QString cur = currency();
    QStringList over;
    QStringList under;
    int firstMonth = 0;
    for (const ScenarioAlerts &r : rows) {
        const tco::BudgetCrossing &full = r.crossings.back();
        if (full.month) {
            over << tr("%1 (%2)").arg(r.name.toHtmlEscaped(), crossingText(full));
            firstMonth = firstMonth == 0 ? *full.month : std::min(firstMonth, *full.month);
        } else {
            under << tr("%1 (at most %2 of it)").arg(r.name.toHtmlEscaped(), report::percent(r.highest / budget));
        }
    }
    QString text;
    if (rows.empty()) {
        text = tr("The plan has no scenarios to check.");
    } else if (over.isEmpty()) {
        text = tr("<b>No scenario goes over the %1 monthly budget:</b> %2.")
                   .arg(report::money(budget, cur), under.join(QStringLiteral("; ")));
    } else {
        text = tr("<b>%1 of %2 scenarios go over the %3 monthly budget</b>, the first in month %4: %5.")
                   .arg(over.size())
                   .arg(rows.size())
                   .arg(report::money(budget, cur))
                   .arg(firstMonth)
                   .arg(over.join(QStringLiteral("; ")));
        if (!under.isEmpty())
            text += tr(" Under it: %1.").arg(under.join(QStringLiteral("; ")));
    }
    if (!leftOut.isEmpty())
        text += tr(" Not checked, as they cannot be evaluated yet: %1.").arg(leftOut.join(QStringLiteral(", ")));
    m_frame->setResult(text);
}

} // namespace mltco::ui

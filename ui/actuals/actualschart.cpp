#include "ui/actuals/actualschart.h"

#include "models/actuals/plancompare.h"
#include "models/report/format.h"
#include "ui/charts/chartview.h"
#include "ui/core/theme.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/serieshover.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {

ActualsChart::ActualsChart(Mode mode, QWidget *parent)
    : QWidget(parent), m_mode(mode), m_view(new ChartView(this)), m_chart(new QChart),
      m_months(new QValueAxis(m_chart)), m_money(newMoneyAxis(m_chart)) // ticks written out: "$8,000", "$50k"
{
    m_view->setObjectName(mode == Mode::Monthly ? QStringLiteral("actualsMonthlyChart")
                                                : QStringLiteral("actualsCumulativeChart"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    configureMonthAxis(m_months);
    m_chart->addAxis(m_months, Qt::AlignBottom);
    m_chart->addAxis(m_money, Qt::AlignLeft);
    palette::styleChart(m_chart);
    m_view->setChart(m_chart);
    m_view->setMinimumHeight(240);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void ActualsChart::setComparison(const actuals::PlanComparison &comparison, const QString &scenario, int colorIndex,
                                 const QString &currency)
{
    m_chart->removeAllSeries();
    const bool cumulative = m_mode == Mode::Cumulative;
    // The months up to the last bill and a little beyond: the question is how the plan holds so far, and 36 months of
    // plan would squeeze two months of bills into a corner.
    int lastActual = 0;
    for (const actuals::VarianceRow &r : comparison.rows)
        if (r.actual)
            lastActual = r.planMonth;
    const int shown = std::min(int(comparison.rows.size()), std::max(lastActual + 3, 6));
    QList<QPointF> planned, actual;
    double lo = 0.0, hi = 0.0;
    for (const actuals::VarianceRow &r : comparison.rows) {
        if (r.planMonth > shown)
            break;
        const double plan = cumulative ? r.cumulativePlanned : r.planned;
        planned.append(QPointF(r.planMonth, plan));
        lo = std::min(lo, plan);
        hi = std::max(hi, plan);
        const std::optional<double> spent = cumulative ? r.cumulativeActual : r.actual;
        if (spent) {
            actual.append(QPointF(r.planMonth, *spent));
            lo = std::min(lo, *spent);
            hi = std::max(hi, *spent);
        }
    }
    const MoneyScale scale = configureMoneyAxis(m_money, lo, hi, cumulative ? tr("Cumulative") : tr("Per month"),
                                                currency);
    for (QList<QPointF> *points : {&planned, &actual})
        for (QPointF &p : *points)
            p.setY(p.y() / scale.divisor);
    setMonthRange(m_months, 1, std::max(shown, 2));
    m_months->setRange(0.5, std::max(shown, 2) + 0.5); // the first and last points whole, not cut by the plot's edge
    m_months->setTitleText(tr("Month of the plan (month 1 = %1)").arg(actuals::monthLabel(comparison.start)));
    setChartTitle(m_chart,
                  cumulative ? tr("Cumulative GPU spend: plan vs bills") : tr("GPU spend per month: plan vs bills"));

    auto *plan = new QLineSeries(m_chart);
    plan->setName(tr("Planned: %1").arg(scenario));
    plan->setObjectName(QStringLiteral("plannedSeries"));
    plan->append(planned);
    plan->setPen(QPen(palette::scenarioColor(colorIndex), 2.5));
    auto *bills = new QLineSeries(m_chart);
    bills->setName(tr("Actual (bills)"));
    bills->setObjectName(QStringLiteral("actualSeries"));
    bills->append(actual);
    bills->setPen(QPen(theme::color(theme::Role::Text), 2.5));
    bills->setPointsVisible(true);
    bills->setMarkerSize(7);
    for (QLineSeries *s : {plan, bills}) {
        m_chart->addSeries(s);
        s->attachAxis(m_months);
        s->attachAxis(m_money);
    }
    const QList<actuals::VarianceRow> rows = comparison.rows;
    connectHoverTips(m_view, plan, [rows, cumulative, scenario, currency](int index) {
        const actuals::VarianceRow &r = rows.at(index);
        return QStringLiteral("<b>%1</b><br>%2 (month %3): %4 planned")
            .arg(scenario.toHtmlEscaped(), actuals::monthLabel(r.month))
            .arg(r.planMonth)
            .arg(report::money(cumulative ? r.cumulativePlanned : r.planned, currency));
    });
    QList<int> actualRows;
    for (qsizetype i = 0; i < rows.size(); ++i)
        if (cumulative ? rows[i].cumulativeActual.has_value() : rows[i].actual.has_value())
            actualRows.append(int(i));
    connectHoverTips(m_view, bills, [rows, actualRows, cumulative, currency](int index) {
        const actuals::VarianceRow &r = rows.at(actualRows.at(index));
        const double spent = cumulative ? *r.cumulativeActual : *r.actual;
        const double due = cumulative ? r.cumulativePlanned : r.planned;
        return QStringLiteral("<b>%1</b>: %2 on the bills<br>%3 planned, %4 %5")
            .arg(actuals::monthLabel(r.month), report::money(spent, currency), report::money(due, currency),
                 report::money(std::abs(spent - due), currency), spent > due ? tr("over plan") : tr("under plan"));
    });
    m_view->attachLegendToggles();
}

} // namespace mltco::ui

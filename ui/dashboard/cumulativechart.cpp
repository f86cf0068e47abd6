#include "ui/dashboard/cumulativechart.h"

#include "models/actuals/plancompare.h"
#include "models/report/format.h"
#include "models/plan/planevaluation.h"
#include "ui/charts/chartview.h"
#include "ui/core/theme.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/dashboardsummary.h"
#include "ui/dashboard/serieshover.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {
CumulativeChart::CumulativeChart(QWidget *parent)
    : QWidget(parent), m_view(new ChartView(this)), m_chart(new QChart), m_months(new QValueAxis(m_chart)),
      m_money(newMoneyAxis(m_chart)) // ticks written out with the currency's sign, "€" too
{
    m_view->setObjectName(QStringLiteral("cumulativeChart"));
    m_chart->setTitle(tr("Cumulative cost"));
    m_chart->legend()->setAlignment(Qt::AlignRight);
    configureMonthAxis(m_months);
    m_chart->addAxis(m_months, Qt::AlignBottom);
    m_chart->addAxis(m_money, Qt::AlignLeft);
    palette::styleChart(m_chart);
    m_view->setChart(m_chart);
    m_view->setMinimumHeight(200);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void CumulativeChart::setResult(const tco::PlanResult &result, const actuals::PlanComparison *bills,
                                std::size_t billsScenario)
{
    std::vector<std::size_t> all(result.scenarios.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = i;
    setScenarios(result, all, bills, billsScenario);
}

void CumulativeChart::setScenarios(const tco::PlanResult &result, const std::vector<std::size_t> &shown,
                                   const actuals::PlanComparison *bills, std::size_t billsScenario)
{
    m_currency = result.currency;
    m_legend.remember(m_chart);
    QStringList names;
    for (std::size_t i : shown)
        names << flaggedName(result.scenarios[i]);
    QList<QPointF> spent{{0.0, 0.0}};
    if (bills && billsScenario < result.scenarios.size()) {
        for (const actuals::VarianceRow &r : bills->rows)
            if (r.cumulativeActual)
                spent.append(QPointF(r.planMonth, *r.cumulativeActual));
    }
    const bool overlay = spent.size() > 1;
    if (overlay)
        names << tr("Bills: %1").arg(result.scenarios[billsScenario].name);
    m_view->fitLegend(static_cast<int>(names.size()));
    // The same scenarios as shown: their lines move in place. Otherwise the chart is built afresh.
    SeriesRefresh lines(m_chart, showsSeries(m_chart, names), m_months, m_money);

    const int horizon = result.workload.horizonMonths;
    m_cumulative.clear();
    double lo = 0.0;
    double hi = 0.0;
    for (const QPointF &p : spent)
        hi = std::max(hi, p.y());
    for (std::size_t i : shown) {
        const tco::EvaluatedScenario &s = result.scenarios[i];
        std::vector<double> values{0.0}; // month 0: nothing spent yet, so every line starts at the origin
        double sum = 0.0;
        for (const tco::MonthRow &row : s.result.months) {
            sum += row.total;
            values.push_back(sum);
            lo = std::min(lo, sum);
            hi = std::max(hi, sum);
        }
        m_cumulative.push_back(std::move(values));
    }
    const MoneyScale scale = configureMoneyAxis(m_money, lo, hi, tr("Cumulative"), m_currency);
    setMonthRange(m_months, 0, horizon);
    setChartTitle(m_chart, tr("Cumulative cost over %1 months%2").arg(horizon).arg(afterTaxNote(result.workload)));

    for (std::size_t i = 0; i < shown.size(); ++i) {
        const tco::EvaluatedScenario &s = result.scenarios[shown[i]];
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(m_cumulative[i].size()));
        for (std::size_t m = 0; m < m_cumulative[i].size(); ++m)
            points.append(QPointF(static_cast<double>(m), m_cumulative[i][m] / scale.divisor));
        QPen pen(palette::scenarioColor(static_cast<int>(shown[i])), 2.5); // each scenario keeps its colour
        if (s.result.hasUnmetDemand())
            pen.setStyle(Qt::DashLine); // does less than asked: drawn as not the whole story
        QLineSeries *series = lines.line(static_cast<qsizetype>(i), names[static_cast<qsizetype>(i)]);
        updateSeries(series, points, pen);
        lines.add(series);
        const QString name = s.name;
        const QString flag = unmetDemandNote(s.result);
        connectHoverTips(m_view, series, [this, i, name, flag](int month) {
            const double value = m_cumulative[i][static_cast<std::size_t>(month)];
            QString text = QStringLiteral("<b>%1</b><br>").arg(name.toHtmlEscaped());
            text += month == 0 ? tr("Start: %1").arg(report::money(value, m_currency))
                               : tr("Month %1: %2 cumulative").arg(month).arg(report::money(value, m_currency));
            if (!flag.isEmpty())
                text += QStringLiteral("<br>⚠ ") + flag.toHtmlEscaped();
            return text;
        });
    }
    if (overlay) {
        // The bills' GPU spend, in the text colour with a point per month: where it leaves its scenario's line is
        // where reality departs from the plan (the plan's line is its whole cost; the bills carry GPU charges).
        const auto slot = static_cast<qsizetype>(shown.size());
        QList<QPointF> points = spent;
        for (QPointF &p : points)
            p.setY(p.y() / scale.divisor);
        QLineSeries *series = lines.line(slot, names[slot]);
        series->setObjectName(QStringLiteral("billsSeries"));
        series->setPointsVisible(true);
        updateSeries(series, points, QPen(theme::color(theme::Role::Text), 2.5));
        lines.add(series);
        const QList<QPointF> exact = spent;
        const QString scenario = result.scenarios[billsScenario].name;
        connectHoverTips(m_view, series, [exact, scenario, currency = m_currency](int index) {
            return tr("<b>Bills</b> (GPU charges) held against %1<br>Month %2: %3 cumulative")
                .arg(scenario.toHtmlEscaped())
                .arg(int(exact[index].x()))
                .arg(report::money(exact[index].y(), currency));
        });
    }
    if (!lines.inPlace())
        m_legend.restore(m_view);
}

} // namespace mltco::ui

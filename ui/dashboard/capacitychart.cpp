#include "ui/dashboard/capacitychart.h"

#include "models/report/format.h"
#include "models/plan/planevaluation.h"
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
#include <cmath>

namespace mltco::ui {
namespace {

// A GPU-hours axis in thousands once the numbers grow, so tick labels stay short.
struct HoursScale final
{
    double divisor = 1.0;
    QString title;
};

HoursScale hoursScale(double maxValue)
{
    if (maxValue >= 10000)
        return {1000.0, CapacityChart::tr("GPU-hours/month (thousands)")};
    return {1.0, CapacityChart::tr("GPU-hours/month")};
}

QString fleetText(const QString &key, double count)
{
    if (key.isEmpty())
        return {};
    const QString n = report::grouped(count, count == std::floor(count) ? 0 : 2);
    return key == QLatin1String("servers") ? CapacityChart::tr("%1 servers").arg(n) : CapacityChart::tr("%1 nodes").arg(n);
}

} // namespace

CapacityChart::CapacityChart(QWidget *parent)
    : QWidget(parent), m_view(new ChartView(this)), m_chart(new QChart), m_months(new QValueAxis(m_chart)),
      m_hours(new QValueAxis(m_chart))
{
    m_view->setObjectName(QStringLiteral("capacityChart"));
    m_chart->legend()->setAlignment(Qt::AlignRight);
    configureMonthAxis(m_months);
    m_hours->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->addAxis(m_months, Qt::AlignBottom);
    m_chart->addAxis(m_hours, Qt::AlignLeft);
    palette::styleChart(m_chart);
    m_view->setChart(m_chart);
    m_view->setMinimumHeight(200);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void CapacityChart::setResult(const tco::PlanResult &result)
{
    m_legend.remember(m_chart);
    const int horizon = result.workload.horizonMonths;
    // Elastic capacity is whatever it bills for (it follows demand), so it has no line of its own.
    std::vector<std::size_t> shown;
    double hi = 0.0;
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        const tco::EvaluatedScenario &s = result.scenarios[i];
        for (const tco::MonthRow &row : s.result.months)
            hi = std::max(hi, row.demand);
        if (s.kind() == tco::ScenarioKind::Elastic)
            continue;
        shown.push_back(i);
        for (const tco::MonthRow &row : s.result.months)
            hi = std::max(hi, row.capacity);
    }
    m_view->fitLegend(static_cast<int>(shown.size()) + 1); // and the demand
    const HoursScale scale = hoursScale(hi);
    m_hours->setTitleText(scale.title);
    setNiceRange(m_hours, 0, std::max(1.0, hi * 1.08 / scale.divisor));
    setMonthRange(m_months, 1, std::max(2, horizon));
    setChartTitle(m_chart, tr("Demand and installed capacity (reference GPU-hours)"));
    QStringList names;
    if (!result.scenarios.empty()) {
        names << tr("Demand");
        for (std::size_t i : shown)
            names << result.scenarios[i].name;
    }
    // The same lines as shown: they move in place. Otherwise the chart is built afresh.
    SeriesRefresh lines(m_chart, showsSeries(m_chart, names), m_months, m_hours);
    if (result.scenarios.empty())
        return;

    // Steps, not slopes: a fleet changes at the start of a month and holds through it.
    const auto stepped = [&](const std::vector<tco::MonthRow> &rows, auto value) {
        QList<QPointF> points;
        for (const tco::MonthRow &row : rows) {
            const double v = value(row) / scale.divisor;
            if (!points.isEmpty())
                points.append(QPointF(row.month, points.last().y()));
            points.append(QPointF(row.month, v));
        }
        return points;
    };
    const tco::EvaluatedScenario &first = result.scenarios.front();
    QLineSeries *demand = lines.line(0, names[0]);
    updateSeries(demand, stepped(first.result.months, [](const tco::MonthRow &r) { return r.demand; }),
                 QPen(theme::color(theme::Role::Text), 3.0));
    lines.add(demand);
    const std::vector<tco::MonthRow> demandRows = first.result.months;
    connectHoverTips(m_view, demand, [demandRows](int point) {
        const tco::MonthRow &row = demandRows[static_cast<std::size_t>((point + 1) / 2)];
        return tr("<b>Demand</b><br>Month %1: %2 reference GPU-hours").arg(row.month).arg(report::grouped(row.demand, 0));
    });

    for (std::size_t k = 0; k < shown.size(); ++k) {
        const std::size_t i = shown[k];
        const tco::EvaluatedScenario &s = result.scenarios[i];
        QLineSeries *series = lines.line(static_cast<qsizetype>(k) + 1, s.name);
        QPen pen(palette::scenarioColor(static_cast<int>(i)), 2.0);
        if (s.result.hasUnmetDemand())
            pen.setStyle(Qt::DashLine);
        updateSeries(series, stepped(s.result.months, [](const tco::MonthRow &r) { return r.capacity; }), pen);
        lines.add(series);
        const std::vector<tco::MonthRow> rows = s.result.months;
        const QString name = s.name;
        const QString fleetKey = s.fleetKey();
        connectHoverTips(m_view, series, [rows, name, fleetKey](int point) {
            const tco::MonthRow &row = rows[static_cast<std::size_t>((point + 1) / 2)];
            QString text = tr("<b>%1</b><br>Month %2: capacity %3 GPU-hours").arg(name.toHtmlEscaped()).arg(row.month)
                               .arg(report::grouped(row.capacity, 0));
            if (const QString fleet = fleetText(fleetKey, row.fleet); !fleet.isEmpty())
                text += tr(" (%1)").arg(fleet);
            text += tr("<br>Demand %1").arg(report::grouped(row.demand, 0));
            if (row.capacity + 1e-9 < row.demand)
                text += tr("<br>⚠ %1 GPU-hours undone").arg(report::grouped(row.demand - row.capacity, 0));
            if (row.burstGpuHours > 0)
                text += tr("<br>%1 GPU-hours burst to the cloud").arg(report::grouped(row.burstGpuHours, 0));
            return text;
        });
    }
    if (!lines.inPlace())
        m_legend.restore(m_view);
}

} // namespace mltco::ui

#include "ui/fleet/fleetcharts.h"

#include "models/report/format.h"
#include "ui/charts/chartview.h"
#include "ui/dashboard/chartpalette.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetrics>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mltco::ui::fleet {

namespace {

QLineSeries *line(const std::vector<double> &values, double divisor, QObject *parent)
{
    auto *s = new QLineSeries(parent);
    for (std::size_t m = 0; m < values.size(); ++m)
        s->append(static_cast<double>(m + 1), values[m] / divisor);
    return s;
}

} // namespace

QChart *timelineChart(const tco::OptimizeAnswer &answer)
{
    const tco::FleetTimeline &t = answer.timeline;
    auto *chart = new QChart;
    auto *months = new QValueAxis(chart);
    auto *hours = new QValueAxis(chart);
    configureMonthAxis(months);
    chart->addAxis(months, Qt::AlignBottom);
    chart->addAxis(hours, Qt::AlignLeft);
    const auto h = t.demandP90.size();
    double top = 1.0;
    std::vector<double> zero(h, 0.0), layers(h, 0.0);
    for (std::size_t m = 0; m < h; ++m) {
        layers[m] = t.ownServes[m] + t.reserveServes[m];
        top = std::max({top, t.demandP90[m], layers[m]});
    }
    const double divisor = 1000.0;
    setNiceRange(hours, 0.0, top / divisor);
    hours->setTitleText(QObject::tr("GPU-hours a month, thousands"));
    hours->setLabelFormat(QStringLiteral("%.0f"));
    setMonthRange(months, 1, static_cast<int>(h));

    const auto area = [&](const std::vector<double> &upper, const std::vector<double> &lower, const QString &name,
                          QColor colour, int alpha) {
        auto *a = new QAreaSeries(line(upper, divisor, chart), line(lower, divisor, chart));
        a->setName(name);
        QColor fill = colour;
        fill.setAlpha(alpha);
        a->setBrush(fill);
        a->setPen(QPen(colour.darker(110), 1.2));
        chart->addSeries(a);
        a->attachAxis(months);
        a->attachAxis(hours);
    };
    // Capacity by candidate, stacked in the mix's order (own candidates, then reserve candidates): with several
    // generations each has its band (model.md §14.4).
    const tco::OptimizeRequest &r = answer.request;
    std::vector<double> below = zero;
    int colour = 0;
    const auto stack = [&](const std::vector<double> &serves, const QString &name) {
        std::vector<double> above = below;
        for (std::size_t m = 0; m < h && m < serves.size(); ++m)
            above[m] += serves[m];
        static constexpr int kOrder[] = {4, 1, 2, 5, 6, 7, 3, 0}; // one owned and one reserved band: 4 and 1, as always
        area(above, below, name, palette::scenarioColor(kOrder[colour++ % 8]), 170);
        below = std::move(above);
    };
    const auto most = [](const std::vector<double> &units) {
        double n = 0.0;
        for (double x : units)
            n = std::max(n, x);
        return static_cast<int>(n);
    };
    for (std::size_t c = 0; c < t.ownServesBy.size() && c < static_cast<std::size_t>(r.own.size()); ++c) {
        int servers = 0;
        for (const tco::FleetPurchase &p : answer.plan.purchases)
            servers += p.candidate == static_cast<int>(c) ? p.servers : 0;
        if (r.own.size() == 1)
            stack(t.ownServesBy[c], QObject::tr("Owned servers (%1 at most)").arg(servers));
        else if (servers > 0)
            stack(t.ownServesBy[c], servers == 1 ? QObject::tr("%1 (1 server)").arg(r.own.at(static_cast<qsizetype>(c)))
                                                 : QObject::tr("%1 (%2 servers)").arg(r.own.at(static_cast<qsizetype>(c))).arg(servers));
    }
    for (std::size_t c = 0; c < t.reserveServesBy.size() && c < static_cast<std::size_t>(r.reserve.size()); ++c) {
        std::vector<double> instances(h, 0.0);
        for (const tco::FleetTerm &term : answer.plan.terms)
            if (term.candidate == static_cast<int>(c))
                for (int m = term.startMonth - 1; m < std::min(static_cast<int>(h), term.startMonth - 1 + term.termMonths); ++m)
                    instances[static_cast<std::size_t>(m)] += term.instances;
        if (r.reserve.size() == 1)
            stack(t.reserveServesBy[c], QObject::tr("Reserved instances (%1 at most)").arg(most(instances)));
        else if (most(instances) > 0)
            stack(t.reserveServesBy[c],
                  QObject::tr("%1 (%2 instances at most)").arg(r.reserve.at(static_cast<qsizetype>(c))).arg(most(instances)));
    }
    area(t.demandP90, t.demandP10, QObject::tr("Demand, P10–P90 of the futures"), QColor(0x8a, 0x95, 0xa1), 55);
    auto *median = line(t.demandP50, divisor, chart);
    median->setName(QObject::tr("Demand, median"));
    median->setPen(QPen(QColor(0x33, 0x3d, 0x47), 2.0, Qt::DashLine));
    chart->addSeries(median);
    median->attachAxis(months);
    median->attachAxis(hours);
    chart->setTitle(answer.request.burst.isEmpty()
                        ? QObject::tr("What to own and reserve, month by month, against demand")
                        : QObject::tr("What to own and reserve, month by month; demand above them bursts to \u201c%1\u201d")
                              .arg(answer.request.burst));
    chart->legend()->setAlignment(Qt::AlignBottom);
    palette::styleChart(chart);
    return chart;
}

QChart *frontierChart(const tco::OptimizeAnswer &answer)
{
    auto *chart = new QChart;
    auto *meanAxis = newMoneyAxis(chart);
    auto *riskAxis = newMoneyAxis(chart);
    chart->addAxis(meanAxis, Qt::AlignBottom);
    chart->addAxis(riskAxis, Qt::AlignLeft);
    double lo = 0, hi = 0;
    bool first = true;
    for (const tco::FrontierPoint &p : answer.frontier)
        for (double v : {p.mean, p.cvar}) {
            lo = first ? v : std::min(lo, v);
            hi = first ? v : std::max(hi, v);
            first = false;
        }
    const double pad = std::max(1.0, (hi - lo) * 0.08);
    // Close around the points: from zero, the axes would crowd them into a corner. The ticks are labelled for that
    // range (labelled for one from zero, then narrowed, a "$0" was left hanging below the plot).
    const MoneyScale x = configureMoneyAxis(meanAxis, lo - pad, hi + pad, QObject::tr("Expected cost (mean NPV)"),
                                            answer.currency, false);
    const MoneyScale y = configureMoneyAxis(riskAxis, lo - pad, hi + pad, QObject::tr("CVaR"), answer.currency, false);
    auto *path = new QLineSeries(chart);
    path->setName(QObject::tr("The optimum at each risk level"));
    path->setPen(QPen(palette::scenarioColor(0), 2.0));
    path->setPointsVisible(true);
    path->setPointLabelsVisible(true);
    path->setPointLabelsFormat(QStringLiteral("@pointLabel"));
    for (const tco::FrontierPoint &p : answer.frontier)
        path->append(p.mean / x.divisor, p.cvar / y.divisor);
    // Point labels name each point's risk level.
    QStringList labels;
    for (const tco::FrontierPoint &p : answer.frontier)
        labels << (p.beta == 0.0 ? QObject::tr("mean") : QObject::tr("P%1").arg(std::lround(100 * p.beta)));
    path->setPointLabelsVisible(false);
    chart->addSeries(path);
    path->attachAxis(meanAxis);
    path->attachAxis(riskAxis);
    for (std::size_t i = 0; i < answer.frontier.size(); ++i) {
        auto *dot = new QScatterSeries(chart);
        dot->setMarkerSize(9);
        dot->setColor(palette::scenarioColor(0));
        dot->append(answer.frontier[i].mean / x.divisor, answer.frontier[i].cvar / y.divisor);
        dot->setPointLabelsFormat(labels[static_cast<qsizetype>(i)]);
        dot->setPointLabelsVisible(true);
        dot->setPointLabelsClipping(false);
        chart->addSeries(dot);
        dot->attachAxis(meanAxis);
        dot->attachAxis(riskAxis);
        chart->legend()->markers(dot).value(0)->setVisible(false);
    }
    // The answer: its mean and its CVaR at the request's level (the mean itself for the mean objective).
    auto *chosen = new QScatterSeries(chart);
    chosen->setName(QObject::tr("The answer"));
    chosen->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    chosen->setMarkerSize(14);
    chosen->setColor(QColor(0xd9, 0x48, 0x1c));
    const double answerRisk = answer.objective == tco::OptimizeObjective::Cvar ? answer.value : answer.mean;
    chosen->append(answer.mean / x.divisor, answerRisk / y.divisor);
    chart->addSeries(chosen);
    chosen->attachAxis(meanAxis);
    chosen->attachAxis(riskAxis);
    chart->setTitle(QObject::tr("Efficient frontier: average against worst futures"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    palette::styleChart(chart);
    // Room on the right for the last tick's label, centred on the plot's right edge.
    QMargins margins = chart->margins();
    margins.setRight(margins.right() + QFontMetrics(meanAxis->labelsFont()).horizontalAdvance(QStringLiteral("$10.0M")) / 2);
    chart->setMargins(margins);
    return chart;
}

} // namespace mltco::ui::fleet

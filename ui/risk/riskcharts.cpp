#include "ui/risk/riskcharts.h"

#include "models/analytics/distributions.h"
#include "models/report/format.h"
#include "ui/charts/chartview.h"
#include "ui/dashboard/chartpalette.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mltco::ui::risk {

namespace {
constexpr int kTornadoLabelWidth = 240; // pixels: an input's name beside its bar ("Cost of one engineer per year")
} // namespace

QString tornadoLabel(const tco::TornadoEntry &entry)
{
    const QString label = QString::fromUtf8(tco::parameterInfo(entry.parameter).label);
    if (entry.target == QLatin1String("workload"))
        return QObject::tr("%1 (workload)").arg(label);
    // A hybrid's or mix's bars move its parts' inputs: say whose.
    return entry.target == entry.scenario ? label : QObject::tr("%1 (%2)").arg(label, entry.target);
}

QChart *fanChart(const tco::AnalysisResult &result)
{
    auto *chart = new QChart;
    auto *months = new QValueAxis(chart);
    auto *money = newMoneyAxis(chart); // "€" on every tick, as "$"
    configureMonthAxis(months);
    chart->addAxis(months, Qt::AlignBottom);
    chart->addAxis(money, Qt::AlignLeft);
    double hi = 0, lo = 0;
    int horizon = 0;
    for (const tco::FanSeries &f : result.fan) {
        horizon = static_cast<int>(f.p90.size());
        for (double v : f.p90)
            hi = std::max(hi, v);
        for (double v : f.p10)
            lo = std::min(lo, v);
    }
    const MoneyScale scale = configureMoneyAxis(money, lo, hi, QObject::tr("Cumulative"), result.currency);
    setMonthRange(months, 0, horizon);
    chart->setTitle(QObject::tr("Cumulative cost: P10–P90 band and median (P50) of %1 trials").arg(report::grouped(result.trials, 0)));
    for (std::size_t s = 0; s < result.fan.size(); ++s) {
        const tco::FanSeries &f = result.fan[s];
        const QColor colour = palette::scenarioColor(static_cast<int>(s));
        auto *upper = new QLineSeries(chart);
        auto *lower = new QLineSeries(chart);
        auto *median = new QLineSeries;
        upper->append(0, 0);
        lower->append(0, 0);
        median->append(0, 0);
        for (std::size_t m = 0; m < f.p50.size(); ++m) {
            const double x = static_cast<double>(m + 1);
            upper->append(x, f.p90[m] / scale.divisor);
            lower->append(x, f.p10[m] / scale.divisor);
            median->append(x, f.p50[m] / scale.divisor);
        }
        auto *band = new QAreaSeries(upper, lower);
        band->setName(QObject::tr("%1, P10–P90").arg(f.scenario));
        QColor fill = colour;
        fill.setAlpha(60);
        band->setBrush(fill);
        band->setPen(QPen(fill, 1));
        chart->addSeries(band);
        band->attachAxis(months);
        band->attachAxis(money);
        median->setName(QObject::tr("%1, median").arg(f.scenario));
        median->setPen(QPen(colour, 2.2));
        chart->addSeries(median);
        median->attachAxis(months);
        median->attachAxis(money);
    }
    chart->legend()->setAlignment(Qt::AlignRight);
    palette::styleChart(chart);
    return chart;
}

QChart *histogramChart(const tco::AnalysisResult &result)
{
    auto *chart = new QChart;
    auto *money = newMoneyAxis(chart);
    auto *share = new QValueAxis(chart);
    chart->addAxis(money, Qt::AlignBottom);
    chart->addAxis(share, Qt::AlignLeft);
    const std::size_t nScen = result.scenarios.size();
    const auto n = static_cast<std::size_t>(result.trials);
    if (result.sampleTotals.size() != n * nScen || n == 0 || nScen == 0) {
        chart->setTitle(QObject::tr("Distribution of totals (no samples kept)"));
        palette::styleChart(chart);
        return chart;
    }
    const auto [minIt, maxIt] = std::minmax_element(result.sampleTotals.begin(), result.sampleTotals.end());
    double lo = *minIt, hi = *maxIt;
    if (!(hi > lo))
        hi = lo + 1;
    constexpr int kBins = 40;
    const MoneyScale scale = configureMoneyAxis(money, lo, hi, QObject::tr("Total"), result.currency);
    double peak = 0;
    std::vector<std::vector<double>> counts(nScen, std::vector<double>(kBins, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t s = 0; s < nScen; ++s) {
            const int bin = std::clamp(static_cast<int>((result.sampleTotals[i * nScen + s] - lo) / (hi - lo) * kBins), 0, kBins - 1);
            counts[s][static_cast<std::size_t>(bin)] += 100.0 / static_cast<double>(n);
        }
    for (std::size_t s = 0; s < nScen; ++s) {
        auto *outline = new QLineSeries;
        outline->setName(result.scenarios[s].name);
        const double width = (hi - lo) / kBins / scale.divisor;
        outline->append(lo / scale.divisor, 0);
        for (int b = 0; b < kBins; ++b) {
            const double x0 = lo / scale.divisor + b * width;
            outline->append(x0, counts[s][static_cast<std::size_t>(b)]);
            outline->append(x0 + width, counts[s][static_cast<std::size_t>(b)]);
            peak = std::max(peak, counts[s][static_cast<std::size_t>(b)]);
        }
        outline->append(hi / scale.divisor, 0);
        outline->setPen(QPen(palette::scenarioColor(static_cast<int>(s)), 2));
        chart->addSeries(outline);
        outline->attachAxis(money);
        outline->attachAxis(share);
    }
    const double top = std::min(100.0, std::max(10.0, std::ceil(peak * 1.1 / 10) * 10));
    share->setRange(0, top);
    share->setTickCount(static_cast<int>(top / 10) > 5 ? 6 : static_cast<int>(top / 10) + 1);
    share->setLabelFormat(QStringLiteral("%.0f %%"));
    share->setTitleText(QObject::tr("Share of trials"));
    chart->setTitle(QObject::tr("Totals over the trials"));
    // Beside the plot, one name a line: at the bottom a plan's nine names shrank to "AW… Sa… GC…".
    chart->legend()->setAlignment(nScen > 3 ? Qt::AlignRight : Qt::AlignBottom);
    palette::styleChart(chart);
    return chart;
}

int tornadoLabelWidth(int viewWidth)
{
    const int room = viewWidth * 2 / 5 - 24; // the axis' ticks and padding
    return std::clamp(room / 20 * 20, 80, kTornadoLabelWidth);
}

QChart *tornadoChart(const tco::AnalysisResult &result, const QString &scenario, double baseTotal, int bars,
                     int labelWidth)
{
    std::vector<tco::TornadoEntry> entries;
    for (const tco::TornadoEntry &e : result.tornado)
        if (e.scenario == scenario)
            entries.push_back(e);
    if (static_cast<int>(entries.size()) > bars)
        entries.resize(static_cast<std::size_t>(bars));
    std::reverse(entries.begin(), entries.end()); // Qt draws the first category at the bottom
    auto *chart = new QChart;
    auto *down = new QBarSet(QObject::tr("Lower total"));
    auto *up = new QBarSet(QObject::tr("Higher total"));
    down->setColor(QColor(0x2f, 0x80, 0xc0));
    up->setColor(QColor(0xd0, 0x5a, 0x3a));
    QStringList labels;
    double extent = 1;
    for (const tco::TornadoEntry &e : entries) {
        const double a = std::min(e.totalLow, e.totalHigh) - baseTotal, b = std::max(e.totalLow, e.totalHigh) - baseTotal;
        *down << std::min(0.0, a);
        *up << std::max(0.0, b);
        extent = std::max({extent, std::abs(a), std::abs(b)});
        labels << tornadoLabel(e);
    }
    auto *series = new QHorizontalStackedBarSeries;
    series->append(down);
    series->append(up);
    series->setBarWidth(0.7);
    chart->addSeries(series);
    auto *categories = new QBarCategoryAxis(chart);
    // Qt would cut a long input's name down to "…": shortened in the middle instead, each kept distinct.
    appendShortenedCategories(categories, labels, std::min(labelWidth, kTornadoLabelWidth));
    chart->addAxis(categories, Qt::AlignLeft);
    auto *money = newMoneyAxis(chart); // changes either way of zero
    chart->addAxis(money, Qt::AlignBottom);
    const MoneyScale scale = configureMoneyAxis(money, -extent * 1.05, extent * 1.05, QObject::tr("Change of the total"), result.currency);
    for (QBarSet *set : {down, up})
        for (int i = 0; i < set->count(); ++i)
            set->replace(i, set->at(i) / scale.divisor);
    series->attachAxis(categories);
    series->attachAxis(money);
    chart->setTitle(QObject::tr("Tornado around the plan's %1").arg(report::moneyWhole(baseTotal, result.currency)));
    chart->legend()->setAlignment(Qt::AlignBottom);
    palette::styleChart(chart);
    // Room on the right for half the last figure under the plot ("$10,000" was cut to "$10,").
    chart->setMargins(QMargins(2, 2, QFontMetrics(money->labelsFont()).horizontalAdvance(QStringLiteral("$10,000")) / 2, 2));
    return chart;
}

QChart *distributionPreview(const tco::Uncertainty &entry)
{
    auto *chart = new QChart;
    const tco::Quantile q(entry);
    // Density from the quantile function: f(x(u)) = du / dx on a fine grid of probabilities. A bounded distribution
    // (triangular, PERT, uniform) is drawn over its whole range, low to high, and down to 0 at both ends (a triangle
    // touches the axis at low and high; a uniform stands on it); a lognormal's tail is cut at its 0.25 % and 99.75 %.
    const bool bounded = entry.distribution != tco::DistributionKind::Lognormal && entry.high > entry.low;
    const double from = bounded ? 0.0 : 0.0025;
    const double span = bounded ? 1.0 : 0.995;
    auto *shape = new QLineSeries;
    constexpr int kSteps = 200;
    double prevX = bounded ? entry.low : q(from);
    double peak = 0;
    QList<QPointF> points;
    for (int i = 1; i <= kSteps; ++i) {
        const double u = from + span * i / kSteps;
        const double x = bounded && i == kSteps ? entry.high : q(u);
        const double dx = x - prevX;
        if (dx > 0) {
            const double density = (span / kSteps) / dx;
            points.append(QPointF((x + prevX) / 2, density));
            peak = std::max(peak, density);
        }
        prevX = x;
    }
    if (bounded && !points.isEmpty()) {
        // The support's ends, where the density falls to 0 beyond them: from 0 itself for a mode inside the range (a
        // triangle or a PERT meets the axis there), from the level beside the end for a uniform or a mode at the end.
        const bool uniform = entry.distribution == tco::DistributionKind::Uniform;
        if (uniform || entry.mode <= entry.low)
            points.prepend(QPointF(entry.low, points.first().y()));
        points.prepend(QPointF(entry.low, 0));
        if (uniform || entry.mode >= entry.high)
            points.append(QPointF(entry.high, points.last().y()));
        points.append(QPointF(entry.high, 0));
    }
    shape->replace(points);
    shape->setPen(QPen(QColor(0x2f, 0x80, 0xc0), 2));
    chart->addSeries(shape);
    auto *xs = new QValueAxis(chart);
    auto *ys = new QValueAxis(chart);
    chart->addAxis(xs, Qt::AlignBottom);
    chart->addAxis(ys, Qt::AlignLeft);
    shape->attachAxis(xs);
    shape->attachAxis(ys);
    if (!points.isEmpty())
        xs->setRange(points.first().x(), points.last().x());
    ys->setRange(0, peak > 0 ? peak * 1.1 : 1);
    ys->setLabelsVisible(false);
    xs->setLabelFormat(QStringLiteral("%.4g"));
    xs->setTickCount(5);
    xs->applyNiceNumbers(); // ticks at round values (3.2, 3.6, 4.0 …), not at the range's fifths
    chart->legend()->hide();
    chart->setTitle(QObject::tr("Shape"));
    palette::styleChart(chart);
    chart->setMargins(QMargins(2, 2, 2, 2));
    return chart;
}

} // namespace mltco::ui::risk

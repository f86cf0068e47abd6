#include "ui/dashboard/breakevenchart.h"

#include "models/report/format.h"
#include "models/report/reportdata.h"
#include "ui/charts/chartview.h"
#include "ui/core/theme.h"
#include "ui/core/wraplabel.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/serieshover.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mltco::ui {
namespace {

QString serverCountText(int count)
{
    return count == 1 ? BreakEvenChart::tr("1 server") : BreakEvenChart::tr("%1 servers").arg(count);
}

/// A tick step of 1, 2 or 5 times a power of ten giving about `ticks` intervals over `span`.
double niceStep(double span, int ticks)
{
    const double raw = std::max(1.0, span / ticks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0}) {
        if (raw <= m * magnitude)
            return m * magnitude;
    }
    return 10.0 * magnitude;
}

/// Servers shown before the user asks for the whole sweep: enough on both sides of the crossing to see it.
int focusedMaximum(const tco::BreakEvenResult &r, int sweepEnd)
{
    if (!r.servers)
        return sweepEnd;
    return std::min(sweepEnd, std::max(12, 3 * *r.servers));
}

} // namespace

BreakEvenChart::BreakEvenChart(QWidget *parent)
    : QWidget(parent), m_selector(new QComboBox(this)), m_wholeSweep(new QCheckBox(this)),
      m_stack(new QStackedWidget(this)), m_view(new ChartView), m_chart(new QChart), m_servers(new QValueAxis(m_chart)),
      m_money(newMoneyAxis(m_chart)), m_empty(new QLabel), m_note(new WrapLabel(this)),
      m_callout(new QGraphicsRectItem(m_chart)), m_calloutText(new QGraphicsSimpleTextItem(m_callout))
{
    m_selector->setObjectName(QStringLiteral("breakEvenSelector"));
    m_wholeSweep->setObjectName(QStringLiteral("breakEvenWholeSweep"));
    m_view->setObjectName(QStringLiteral("breakEvenChart"));
    m_empty->setObjectName(QStringLiteral("breakEvenEmpty"));
    m_note->setObjectName(QStringLiteral("breakEvenNote"));
    m_selector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_selector->setToolTip(tr("The plan's break-even comparisons"));

    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_servers->setTitleText(tr("Servers"));
    m_servers->setLabelFormat(QStringLiteral("%.0f"));
    m_servers->setTickType(QValueAxis::TicksDynamic);
    m_servers->setTickAnchor(0);
    m_chart->addAxis(m_servers, Qt::AlignBottom);
    m_chart->addAxis(m_money, Qt::AlignLeft);
    palette::styleChart(m_chart);
    // Demand's ticks grouped by thousands as the note above the chart writes them ("20,000", not "20000").
    m_chart->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    m_chart->setLocalizeNumbers(true);
    m_view->setChart(m_chart);
    m_view->setMinimumHeight(200);
    QColor calloutFill = theme::color(theme::Role::Surface);
    calloutFill.setAlpha(230);
    m_callout->setBrush(calloutFill);
    m_callout->setPen(QPen(theme::color(theme::Role::Text), 1));
    m_callout->setZValue(20);
    QFont calloutFont = m_calloutText->font();
    calloutFont.setBold(true);
    m_calloutText->setFont(calloutFont);
    m_calloutText->setBrush(theme::color(theme::Role::Text));
    m_callout->hide();
    connect(m_chart, &QChart::plotAreaChanged, this, &BreakEvenChart::placeCallout);
    connect(m_servers, &QValueAxis::rangeChanged, this, &BreakEvenChart::placeCallout);
    connect(m_money, &QValueAxis::rangeChanged, this, &BreakEvenChart::placeCallout);

    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setMargin(24);
    m_empty->setText(tr("<p><b>Nothing to compare owning with.</b></p><p>To see from how many servers buying is "
                        "cheaper than renting, the plan needs a purchase scenario and a cloud option that meets the "
                        "demand (dedicated, cluster, pay-per-use or reserved); the chart then compares the two. A "
                        "break-even on the Scenarios page compares any other pair.</p>"));
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);

    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));

    // The selector and the sweep switch on one row, the sentence under them: a long comparison name must not
    // squeeze the sentence into a column.
    auto *top = new QHBoxLayout;
    top->addWidget(m_selector, 1);
    top->addWidget(m_wholeSweep);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_note);
    layout->addWidget(m_stack, 1);

    connect(m_selector, &QComboBox::currentIndexChanged, this, &BreakEvenChart::rebuildChart);
    // Only the reader's own choice moves the card above (a new result reopens on the headline's by itself).
    connect(m_selector, &QComboBox::activated, this,
            [this](int index) { emit comparisonChosen(purchaseOf(index), isAgainstCounterpart(index)); });
    connect(m_wholeSweep, &QCheckBox::toggled, this, &BreakEvenChart::rebuildChart);
}

QString BreakEvenChart::note() const
{
    return m_note->text();
}

QString BreakEvenChart::crossingLabel() const
{
    return m_marker ? m_calloutText->text() : QString();
}

QRectF BreakEvenChart::crossingLabelRect() const
{
    return m_callout->isVisible() ? m_callout->mapRectToParent(m_callout->rect()) : QRectF();
}

QRectF BreakEvenChart::plotArea() const
{
    return m_chart->plotArea();
}

void BreakEvenChart::placeCallout()
{
    if (!m_marker || m_marker->count() == 0 || !m_marker->isVisible()) {
        m_callout->hide();
        return;
    }
    const QPointF point = m_marker->at(0);
    const QPointF at = m_chart->mapToPosition(point, m_marker);
    const QRectF plot = m_chart->plotArea();
    if (!plot.contains(at)) {
        m_callout->hide();
        return;
    }
    // Below and to the right of the crossing: past the break-even the purchase line runs under the cloud
    // line, so that corner is empty; flip to the left when the label would leave the plot area.
    const QRectF text = m_calloutText->boundingRect();
    const QSizeF box(text.width() + 12, text.height() + 6);
    QPointF topLeft(at.x() + 10, at.y() + 10);
    if (topLeft.x() + box.width() > plot.right())
        topLeft.setX(at.x() - 10 - box.width());
    // A narrow plot has room on neither side: keep the whole label inside the chart, as near the point as fits.
    topLeft.setX(std::clamp(topLeft.x(), plot.left(), std::max(plot.left(), plot.right() - box.width())));
    if (topLeft.y() + box.height() > plot.bottom())
        topLeft.setY(at.y() - 10 - box.height());
    m_callout->setRect(QRectF(QPointF(0, 0), box));
    m_callout->setPos(topLeft);
    m_calloutText->setPos(6, 3);
    m_callout->show();
}

void BreakEvenChart::setResult(const tco::PlanResult &result)
{
    m_currency = result.currency;
    m_horizon = result.workload.horizonMonths;
    m_breakEvens.clear();
    m_colors.clear();
    m_againstCounterpart.clear();
    m_counterpartNote.clear();
    m_headline = -1;
    // Every purchase against the plan's one counterpart (the cheapest cloud option that meets the demand: the
    // comparison the card above and every report make), the headline's purchase first chosen; then the plan's own
    // requests for other pairs.
    const int headlinePurchase = tco::headlinePurchase(result);
    int purchases = 0;
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        if (result.scenarios[i].kind() != tco::ScenarioKind::Purchase)
            continue;
        if (static_cast<int>(i) != headlinePurchase && ++purchases > kMaxPurchasesCompared)
            continue; // a plan of very many purchases: the first ones (and the headline's) are offered
        std::optional<tco::HeadlineBreakEven> h = tco::headlineBreakEven(result, static_cast<int>(i));
        if (!h)
            continue;
        if (static_cast<int>(i) == headlinePurchase)
            m_headline = static_cast<int>(m_breakEvens.size());
        if (m_counterpartNote.isEmpty()) // the one counterpart: the same sentence for every purchase
            m_counterpartNote = report::counterpartSentence(result, *h);
        m_colors.emplace_back(h->purchase, h->cloud);
        m_breakEvens.push_back(std::move(h->breakEven));
        m_againstCounterpart.push_back(true);
    }
    const auto indexOf = [&](const QString &name) {
        for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
            if (result.scenarios[i].name == name)
                return static_cast<int>(i);
        }
        return 0;
    };
    for (const tco::EvaluatedBreakEven &b : result.breakeven) {
        const bool shown = std::any_of(m_breakEvens.begin(), m_breakEvens.end(), [&](const tco::EvaluatedBreakEven &e) {
            return e.request.purchase == b.request.purchase && e.request.cloud == b.request.cloud;
        });
        if (shown)
            continue;
        m_colors.emplace_back(indexOf(b.request.purchase), indexOf(b.request.cloud));
        m_breakEvens.push_back(b);
        m_againstCounterpart.push_back(false);
    }
    m_purchaseOf.clear();
    for (const tco::EvaluatedBreakEven &b : m_breakEvens)
        m_purchaseOf.push_back(indexOf(b.request.purchase));
    rebuildSelector();
    rebuildChart();
}

void BreakEvenChart::rebuildSelector()
{
    QStringList items;
    for (std::size_t i = 0; i < m_breakEvens.size(); ++i) {
        const tco::BreakEvenRequest &r = m_breakEvens[i].request;
        // A comparison with the counterpart says so; the plan's requests for other pairs are its own comparisons.
        items << (m_againstCounterpart[i] ? tr("%1 vs %2 (the cheapest cloud option)").arg(r.purchase, r.cloud)
                                          : tr("%1 vs %2 (the plan's comparison)").arg(r.purchase, r.cloud));
    }
    // A new set of comparisons opens on the headline's; the same set keeps the reader's choice.
    if (!hasItems(m_selector, items)) { // refilling a combo box lays the page out again: only on a change
        QSignalBlocker block(m_selector);
        m_selector->clear();
        m_selector->addItems(items);
        m_selector->setCurrentIndex(std::max(0, m_headline));
    }
    // The selector names the two options the chart compares (its legend keeps to "Buy" and "Rent"), so it shows even
    // when there is only one comparison.
    m_selector->setEnabled(m_breakEvens.size() > 1);
}

int BreakEvenChart::comparisonCount() const { return static_cast<int>(m_breakEvens.size()); }

const tco::EvaluatedBreakEven &BreakEvenChart::comparison(int index) const
{
    return m_breakEvens.at(static_cast<std::size_t>(index));
}

bool BreakEvenChart::isAgainstCounterpart(int index) const
{
    return index >= 0 && static_cast<std::size_t>(index) < m_againstCounterpart.size() &&
           m_againstCounterpart[static_cast<std::size_t>(index)];
}

void BreakEvenChart::select(int index) { m_selector->setCurrentIndex(index); }

void BreakEvenChart::showNote(int index)
{
    // The sentence every place says; the counterpart is named in the selector, and said in full in the tooltip (a
    // long note would squeeze the chart on a small window).
    if (index < 0 || static_cast<std::size_t>(index) >= m_breakEvens.size())
        return;
    m_note->setText(report::breakEvenSentence(m_breakEvens[static_cast<std::size_t>(index)], m_horizon));
    m_note->setToolTip(isAgainstCounterpart(index) ? m_counterpartNote : QString());
}

QString BreakEvenChart::caption(int index) const
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_breakEvens.size())
        return {};
    const QString sentence = report::breakEvenSentence(m_breakEvens[static_cast<std::size_t>(index)], m_horizon);
    return isAgainstCounterpart(index) && !m_counterpartNote.isEmpty() ? sentence + QLatin1Char(' ') + m_counterpartNote
                                                                         : sentence;
}

void BreakEvenChart::rebuildChart()
{
    m_legend.remember(m_chart);
    const int index = m_selector->currentIndex();
    // The same lines as shown (the same comparison, with or without its crossing): they move in place. Otherwise,
    // and always for a fleet's utilization chart, the chart is built afresh.
    QStringList names;
    if (!m_breakEvens.empty() && index >= 0 && !m_breakEvens[static_cast<std::size_t>(index)].result.fleet) {
        const tco::EvaluatedBreakEven &be = m_breakEvens[static_cast<std::size_t>(index)];
        names << tr("Buy") << tr("Rent");
        if (be.result.servers)
            names << tr("Break-even line") << tr("Break-even");
    }
    SeriesRefresh lines(m_chart, !names.isEmpty() && showsSeries(m_chart, names), m_servers, m_money);
    const bool inPlace = lines.inPlace();
    if (!inPlace) {
        m_marker = nullptr;
        m_callout->hide();
    }
    if (m_breakEvens.empty() || index < 0) {
        m_stack->setCurrentWidget(m_empty);
        m_wholeSweep->hide();
        m_note->clear();
        m_note->hide();
        return;
    }
    m_stack->setCurrentWidget(m_view);
    m_note->show();

    const tco::EvaluatedBreakEven &be = m_breakEvens[static_cast<std::size_t>(index)];
    if (be.result.fleet) {
        rebuildUtilizationChart(be, m_colors[static_cast<std::size_t>(index)]);
        return;
    }
    m_servers->setTitleText(tr("Servers"));
    const std::vector<tco::SweepPoint> &sweep = be.result.sweep;
    const int sweepEnd = sweep.empty() ? 1 : sweep.back().servers;
    const int focused = focusedMaximum(be.result, sweepEnd);
    m_wholeSweep->setText(tr("Show all %1").arg(serverCountText(sweepEnd)));
    m_wholeSweep->setToolTip(tr("The chart shows the servers around the break-even; tick to see the whole sweep."));
    m_wholeSweep->setVisible(focused < sweepEnd);
    const int shownEnd = m_wholeSweep->isChecked() ? sweepEnd : focused;

    double lo = 0.0;
    double hi = 0.0;
    for (const tco::SweepPoint &p : sweep) {
        if (p.servers > shownEnd)
            break;
        lo = std::min({lo, p.purchaseTotal, p.cloudTotal});
        hi = std::max({hi, p.purchaseTotal, p.cloudTotal});
    }
    const MoneyScale scale = configureMoneyAxis(m_money, lo, hi, tr("Total"), m_currency);
    m_servers->setTickAnchor(0);
    m_servers->setTickInterval(niceStep(shownEnd, 10));
    m_servers->setRange(sweep.empty() ? 0 : 1, shownEnd);
    setChartTitle(m_chart, tr("Buy vs rent by number of servers"));

    // The selector above names the two options: the legend keeps to short words that fit a narrow chart.
    QLineSeries *buy = lines.line(0, tr("Buy"));
    QLineSeries *rent = lines.line(1, tr("Rent"));
    QList<QPointF> buyPoints, rentPoints;
    for (const tco::SweepPoint &p : sweep) {
        if (p.servers > shownEnd)
            break; // only the points on screen: a line drawn past the axis would distort rubber-band zoom
        buyPoints.append(QPointF(p.servers, p.purchaseTotal / scale.divisor));
        rentPoints.append(QPointF(p.servers, p.cloudTotal / scale.divisor));
    }
    updateSeries(buy, buyPoints, QPen(palette::scenarioColor(m_colors[static_cast<std::size_t>(index)].first), 2.5));
    updateSeries(rent, rentPoints, QPen(palette::scenarioColor(m_colors[static_cast<std::size_t>(index)].second), 2.5));
    lines.add(buy);
    lines.add(rent);
    const QString purchaseName = be.request.purchase;
    const QString cloudName = be.request.cloud;
    const auto tip = [sweep, purchaseName, cloudName, currency = m_currency](int i) {
        const tco::SweepPoint &p = sweep[static_cast<std::size_t>(i)];
        const double difference = p.cloudTotal - p.purchaseTotal;
        return tr("<b>%1</b><br>Buy (%2): <b>%3</b><br>Rent (%4): <b>%5</b><br>%6")
            .arg(serverCountText(p.servers), purchaseName.toHtmlEscaped(), report::money(p.purchaseTotal, currency),
                 cloudName.toHtmlEscaped(), report::money(p.cloudTotal, currency),
                 difference >= 0 ? tr("Buying saves %1").arg(report::money(difference, currency))
                                 : tr("Buying costs %1 more").arg(report::money(-difference, currency)));
    };
    connectHoverTips(m_view, buy, tip);
    connectHoverTips(m_view, rent, tip);

    if (be.result.servers) {
        const int s = *be.result.servers;
        const tco::SweepPoint &p = sweep[static_cast<std::size_t>(s - 1)];
        QLineSeries *guide = lines.line(2, tr("Break-even line"));
        updateSeries(guide, {QPointF(s, m_money->min()), QPointF(s, p.purchaseTotal / scale.divisor)},
                     QPen(QColor(0x44, 0x4c, 0x56), 1.2, Qt::DashLine));
        if (!inPlace) {
            m_marker = new QScatterSeries;
            m_marker->setName(tr("Break-even"));
            m_marker->setMarkerSize(11);
            m_marker->setColor(theme::color(theme::Role::Text));
            m_marker->setBorderColor(theme::color(theme::Role::Surface));
            connect(m_marker, &QXYSeries::visibleChanged, this, &BreakEvenChart::placeCallout);
        } else {
            m_marker = static_cast<QScatterSeries *>(lines.existing(3));
        }
        const QList<QPointF> crossing{QPointF(s, p.purchaseTotal / scale.divisor)};
        if (m_marker->points() != crossing)
            m_marker->replace(crossing);
        // The label is a callout with a background (placeCallout()); Qt's point labels would sit on the lines.
        const QString label = tr("Break-even: %1").arg(serverCountText(s));
        if (m_marker->pointLabelsFormat() != label) {
            m_marker->setPointLabelsFormat(label);
            m_calloutText->setText(label);
        }
        lines.add(guide);
        lines.add(m_marker);
        connectHoverTips(m_view, m_marker, [tip, s](int) { return tip(s - 1); });
    }
    showNote(index);
    if (!inPlace) {
        m_legend.restore(m_view);
        // The crossing is labelled on the chart; its marker and guide need no legend entries.
        const QList<QAbstractSeries *> all = m_chart->series();
        for (QAbstractSeries *series : all) {
            if (series != buy && series != rent) {
                for (QLegendMarker *marker : m_chart->legend()->markers(series))
                    marker->setVisible(false);
            }
        }
    }
    placeCallout();
}

void BreakEvenChart::rebuildUtilizationChart(const tco::EvaluatedBreakEven &be, std::pair<int, int> colors)
{
    // Against pay-per-use (model.md §10.7): the servers cost the same whatever the demand; the elastic total
    // grows with it. Where they cross is the demand (and the servers' utilization) at which owning pays.
    const tco::FleetBreakEven &f = *be.result.fleet;
    m_wholeSweep->hide();
    const double capacity = f.capacityGpuHoursPerMonth;
    const double xMax = std::max({capacity * 1.15, f.demandGpuHoursPerMonth * 1.15, f.planDemandGpuHoursPerMonth * 1.15, 1.0});
    const auto cloudAt = [&f](double perMonth) {
        const double lambda = f.planDemandGpuHoursPerMonth > 0 ? perMonth / f.planDemandGpuHoursPerMonth : 0.0;
        return f.cloudFixed + lambda * f.cloudVariable;
    };
    const double hi = std::max({f.purchaseTotal, cloudAt(xMax), 0.0});
    const double lo = std::min({f.purchaseTotal, f.cloudFixed, 0.0});
    const MoneyScale scale = configureMoneyAxis(m_money, lo, hi, tr("Total"), m_currency);
    m_servers->setTitleText(tr("Demand (reference GPU-hours per month)"));
    // The interval first: the sweep's interval of one server over tens of thousands of GPU-hours would lay out
    // a label per unit.
    m_servers->setTickInterval(niceStep(xMax, 6));
    m_servers->setRange(0, xMax);
    setChartTitle(m_chart, tr("Own vs pay-per-use by demand"));

    auto *buy = new QLineSeries;
    auto *rent = new QLineSeries;
    buy->setName(tr("Own"));
    rent->setName(tr("Pay per use"));
    buy->append(0, f.purchaseTotal / scale.divisor);
    buy->append(xMax, f.purchaseTotal / scale.divisor);
    rent->append(0, cloudAt(0) / scale.divisor);
    rent->append(xMax, cloudAt(xMax) / scale.divisor);
    buy->setPen(QPen(palette::scenarioColor(colors.first), 2.5));
    rent->setPen(QPen(palette::scenarioColor(colors.second), 2.5));
    auto *limit = new QLineSeries;
    limit->setName(tr("Servers' capacity"));
    limit->setPen(QPen(QColor(0x8a, 0x93, 0x9c), 1.5, Qt::DotLine));
    limit->append(capacity, m_money->min());
    limit->append(capacity, m_money->max());
    auto *plan = new QLineSeries;
    plan->setName(tr("Plan's demand"));
    plan->setPen(QPen(QColor(0x44, 0x4c, 0x56), 1.2, Qt::DashLine));
    plan->append(f.planDemandGpuHoursPerMonth, m_money->min());
    plan->append(f.planDemandGpuHoursPerMonth, m_money->max());
    for (QLineSeries *series : {buy, rent, limit, plan}) {
        m_chart->addSeries(series);
        series->attachAxis(m_servers);
        series->attachAxis(m_money);
    }
    const QString utilization = report::percent(f.utilization, 0);
    if (f.reachable && f.demandScale > 0.0) {
        m_marker = new QScatterSeries;
        m_marker->setName(tr("Break-even"));
        m_marker->setMarkerSize(11);
        m_marker->setColor(theme::color(theme::Role::Text));
        m_marker->setBorderColor(theme::color(theme::Role::Surface));
        m_marker->append(f.demandGpuHoursPerMonth, f.purchaseTotal / scale.divisor);
        m_marker->setPointLabelsFormat(tr("Break-even: %1 busy").arg(utilization));
        m_calloutText->setText(m_marker->pointLabelsFormat());
        connect(m_marker, &QXYSeries::visibleChanged, this, &BreakEvenChart::placeCallout);
        m_chart->addSeries(m_marker);
        m_marker->attachAxis(m_servers);
        m_marker->attachAxis(m_money);
        for (QLegendMarker *marker : m_chart->legend()->markers(m_marker))
            marker->setVisible(false);
    }
    showNote(m_selector->currentIndex());
    const QString purchaseName = be.request.purchase;
    const QString cloudName = be.request.cloud;
    const auto tip = [f, cloudAt, capacity, purchaseName, cloudName, currency = m_currency](double perMonth) {
        return tr("<b>%1 GPU-hours a month</b> (%2 of the servers)<br>Own (%3): <b>%4</b><br>Pay per use (%5): "
                  "<b>%6</b>")
            .arg(report::grouped(perMonth, 0), capacity > 0 ? report::percent(perMonth / capacity, 0) : QStringLiteral("-"),
                 purchaseName.toHtmlEscaped(), report::money(f.purchaseTotal, currency), cloudName.toHtmlEscaped(),
                 report::money(cloudAt(perMonth), currency));
    };
    for (QLineSeries *series : {buy, rent}) {
        connect(series, &QXYSeries::hovered, this,
                [this, tip](const QPointF &point, bool state) { m_view->showValueTip(state ? tip(point.x()) : QString()); });
    }
    m_legend.restore(m_view);
    placeCallout();
}

} // namespace mltco::ui

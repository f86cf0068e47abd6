#include "ui/dashboard/categorychart.h"

#include "models/report/format.h"
#include "models/plan/planevaluation.h"
#include "ui/charts/chartview.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/dashboardsummary.h"
#include "ui/dashboard/serieshover.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {
namespace {
constexpr int kOverview = -1; // selector data of "All scenarios"

std::size_t slot(tco::Category c)
{
    return static_cast<std::size_t>(c);
}
} // namespace

CategoryChart::CategoryChart(QWidget *parent)
    : QWidget(parent), m_view(new ChartView(this)), m_chart(new QChart), m_selector(new QComboBox(this))
{
    m_view->setObjectName(QStringLiteral("categoryChart"));
    m_selector->setObjectName(QStringLiteral("categoryScenario"));
    m_selector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_view->setChart(m_chart);
    m_view->setMinimumHeight(kMinimumHeight);
    m_view->installEventFilter(this);

    auto *label = new QLabel(tr("&Show:"), this);
    label->setBuddy(m_selector);
    auto *top = new QHBoxLayout;
    top->addWidget(label);
    top->addWidget(m_selector);
    top->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);

    connect(m_selector, &QComboBox::currentIndexChanged, this, &CategoryChart::rebuildChart);
}

void CategoryChart::setResult(const tco::PlanResult &result)
{
    m_currency = result.currency;
    m_horizon = result.workload.horizonMonths;
    m_taxNote = afterTaxNote(result.workload);
    m_names.clear();
    m_flaggedNames.clear();
    m_results.clear();
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        m_names << s.name;
        m_flaggedNames << flaggedName(s);
        m_results.push_back(s.result);
    }
    rebuildSelector();
    rebuildChart();
}

void CategoryChart::rebuildSelector()
{
    QStringList items{tr("All scenarios (whole horizon)")};
    for (int i = 0; i < m_names.size(); ++i)
        items << tr("%1, by year").arg(m_flaggedNames[i]);
    bool same = hasItems(m_selector, items);
    for (int i = 0; same && i < m_names.size(); ++i)
        same = m_selector->itemData(i + 1, Qt::UserRole + 1).toString() == m_names[i];
    if (same) // refilling a combo box lays the page out again: only on a change
        return;
    // Keep the user's choice across edits, by name (the index moves when scenarios are reordered).
    const int previous = m_selector->currentData().toInt();
    const QString previousName = previous >= 0 ? m_selector->currentData(Qt::UserRole + 1).toString() : QString();
    QSignalBlocker block(m_selector);
    m_selector->clear();
    m_selector->addItem(tr("All scenarios (whole horizon)"), kOverview);
    for (int i = 0; i < m_names.size(); ++i) {
        m_selector->addItem(tr("%1, by year").arg(m_flaggedNames[i]), i);
        m_selector->setItemData(i + 1, m_names[i], Qt::UserRole + 1);
    }
    const int found = previousName.isEmpty() ? -1 : static_cast<int>(m_names.indexOf(previousName));
    m_selector->setCurrentIndex(found >= 0 ? found + 1 : 0);
}

int CategoryChart::labelWidth() const
{
    // QtCharts lets the axes take at most about two fifths of what the legend leaves of the chart and squeezes (cuts)
    // wider labels: a third of that room at most, in steps of 20 pixels so that a small resize keeps the chart as it
    // is. The legend on the right lists the categories.
    const QFontMetrics legend(m_chart->legend()->font());
    int legendWidth = 0;
    for (tco::Category c : tco::kCategories)
        legendWidth = std::max(legendWidth, legend.horizontalAdvance(palette::categoryLabel(c)));
    legendWidth += 2 * legend.height() + 16; // the marker, its gap and the legend's margins
    const int room = m_view->width() - legendWidth;
    return std::clamp(room * 2 / 5 / 20 * 20, 80, kMaxLabelWidth);
}

bool CategoryChart::eventFilter(QObject *watched, QEvent *event)
{
    // The names are fitted to the view's width, so they follow the view: the report takes the view out of this
    // widget and sizes it for a page, where this widget never sees a resize.
    if (watched == m_view && event->type() == QEvent::Resize && m_series && labelWidth() != m_labelWidth) {
        m_builtFor.clear(); // the names are shortened again for the new width
        rebuildChart();
    }
    return QWidget::eventFilter(watched, event);
}

std::vector<CategoryChart::Bar> CategoryChart::overviewBars() const
{
    std::vector<Bar> bars;
    // A horizontal bar chart draws its first category at the bottom: add in reverse so the plan's order
    // reads top to bottom, as on the cards.
    for (qsizetype i = m_names.size() - 1; i >= 0; --i) {
        Bar bar{m_flaggedNames[i], tr("%1 months").arg(m_horizon), m_results[static_cast<std::size_t>(i)].byCategory};
        bars.push_back(bar);
    }
    return bars;
}

std::vector<CategoryChart::Bar> CategoryChart::yearBars(int scenario) const
{
    const tco::ScenarioResult &r = m_results[static_cast<std::size_t>(scenario)];
    std::vector<Bar> bars;
    for (const tco::YearSum &y : r.years) {
        Bar bar;
        bar.label = y.partial ? tr("Year %1 (partial)").arg(y.year) : tr("Year %1").arg(y.year);
        bar.detail = y.partial ? tr("Year %1, %2 months only").arg(y.year).arg(y.months) : tr("Year %1").arg(y.year);
        bars.push_back(bar);
    }
    for (const tco::MonthRow &row : r.months) {
        const auto year = static_cast<std::size_t>((row.month - 1) / 12);
        if (year < bars.size()) {
            for (std::size_t c = 0; c < row.cost.size(); ++c)
                bars[year].cost[c] += row.cost[c];
        }
    }
    return bars;
}

void CategoryChart::setCategoryHidden(tco::Category category, bool hidden)
{
    if (hidden)
        m_hidden.insert(static_cast<int>(category));
    else
        m_hidden.remove(static_cast<int>(category));
    rebuildChart();
}

bool CategoryChart::isCategoryHidden(tco::Category category) const
{
    return m_hidden.contains(static_cast<int>(category));
}

void CategoryChart::clearChart()
{
    m_chart->removeAllSeries();
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_series = nullptr;
    m_money = nullptr;
    m_builtFor.clear();
}

void CategoryChart::connectBarTips(const std::vector<Bar> &bars, const QList<tco::Category> &shown)
{
    connectHoverTips(m_view, m_series, [bars, shown, currency = m_currency](int setIndex, int barIndex) {
        const tco::Category c = shown.value(setIndex);
        const Bar &b = bars[static_cast<std::size_t>(barIndex)];
        double total = 0.0;
        for (double v : b.cost)
            total += v;
        return QStringLiteral("<b>%1</b> — %2<br>%3<br>%4: <b>%5</b><br>%6")
            .arg(palette::categoryLabel(c).toHtmlEscaped(), b.label.toHtmlEscaped(), b.detail.toHtmlEscaped(),
                 palette::categoryLabel(c).toHtmlEscaped(), report::money(b.cost[slot(c)], currency),
                 tr("All categories: %1").arg(report::money(total, currency)));
    });

}

void CategoryChart::rebuildChart()
{
    if (m_names.isEmpty()) {
        clearChart();
        return;
    }
    const int scenario = m_selector->currentData().toInt();
    const bool overview = scenario == kOverview;
    const std::vector<Bar> bars = overview ? overviewBars() : yearBars(scenario);
    // A row a bar: room for its name's line however many scenarios the plan has.
    m_view->setMinimumHeight(overview ? std::max(kMinimumHeight, kChartFrame + kRowHeight * static_cast<int>(bars.size()))
                                      : kMinimumHeight);
    setChartTitle(m_chart, overview ? tr("Cost by category over %1 months%2").arg(m_horizon).arg(m_taxNote)
                                    : tr("Cost by category per year%2 — %1").arg(m_flaggedNames[scenario], m_taxNote));

    // Only categories that cost something in this view get a legend entry: a cloud scenario has no capex.
    QList<tco::Category> shown;
    for (tco::Category c : tco::kCategories) {
        if (std::any_of(bars.begin(), bars.end(), [c](const Bar &b) { return b.cost[slot(c)] != 0.0; }))
            shown << c;
    }
    double lo = 0.0;
    double hi = 0.0;
    for (const Bar &b : bars) {
        double positive = 0.0;
        double negative = 0.0;
        for (tco::Category c : shown) {
            if (m_hidden.contains(static_cast<int>(c)))
                continue;
            (b.cost[slot(c)] < 0 ? negative : positive) += b.cost[slot(c)];
        }
        lo = std::min(lo, negative);
        hi = std::max(hi, positive);
    }

    QStringList key{QString::number(scenario)};
    for (tco::Category c : shown)
        key << QString::number(static_cast<int>(c)) + (m_hidden.contains(static_cast<int>(c)) ? QStringLiteral("h") : QString());
    for (const Bar &b : bars)
        key << b.label;
    const QString builtFor = key.join(QChar(0x1f));
    if (builtFor == m_builtFor && m_series && m_money) {
        // The same view of the same categories: the bars move, the chart keeps its layout.
        const MoneyScale scale = configureMoneyAxis(m_money, lo, hi, tr("Cost"), m_currency);
        const QList<QBarSet *> sets = m_series->barSets();
        for (qsizetype i = 0; i < sets.size() && i < shown.size(); ++i) {
            const tco::Category c = shown[i];
            const bool hidden = m_hidden.contains(static_cast<int>(c));
            QList<qreal> values;
            bool changed = false;
            for (std::size_t b = 0; b < bars.size(); ++b) {
                values << (hidden ? 0.0 : bars[b].cost[slot(c)] / scale.divisor);
                changed = changed || sets[i]->at(static_cast<qsizetype>(b)) != values.last();
            }
            // Each QBarSet::replace() lays every bar out again: a changed set is refilled in two steps instead.
            if (changed) {
                sets[i]->remove(0, sets[i]->count());
                sets[i]->append(values);
            }
        }
        connectBarTips(bars, shown);
        return;
    }
    clearChart();
    m_builtFor = builtFor;

    auto *money = newMoneyAxis(); // resale stacks below zero
    const MoneyScale scale = configureMoneyAxis(money, lo, hi, tr("Cost"), m_currency);
    auto *labels = new QBarCategoryAxis;
    // Qt elides a category that does not fit its share of the axis down to "…", which with a dozen long
    // scenario names leaves nothing readable: names are shortened here instead (the middle goes, so "AWS p3…
    // reserved" keeps both ends), and each bar's tip gives the whole name.
    m_labelWidth = labelWidth();
    QStringList names;
    for (const Bar &b : bars)
        names << b.label;
    appendShortenedCategories(labels, names, m_labelWidth);
    QAbstractBarSeries *series = overview ? static_cast<QAbstractBarSeries *>(new QHorizontalStackedBarSeries)
                                          : static_cast<QAbstractBarSeries *>(new QStackedBarSeries);
    series->setBarWidth(overview ? 0.65 : 0.55);
    for (tco::Category c : shown) {
        auto *set = new QBarSet(palette::categoryLabel(c));
        set->setColor(palette::categoryColor(c));
        set->setBorderColor(palette::categoryColor(c).darker(115));
        const bool hidden = m_hidden.contains(static_cast<int>(c));
        for (const Bar &b : bars)
            set->append(hidden ? 0.0 : b.cost[slot(c)] / scale.divisor);
        series->append(set);
    }
    m_chart->addSeries(series);
    m_chart->addAxis(money, overview ? Qt::AlignBottom : Qt::AlignLeft);
    m_chart->addAxis(labels, overview ? Qt::AlignLeft : Qt::AlignBottom);
    if (!overview)
        labels->setTitleText(tr("Year of the plan"));
    series->attachAxis(money);
    series->attachAxis(labels);
    palette::styleChart(m_chart);
    m_series = series;
    m_money = money;
    connectBarTips(bars, shown);

    // Bar-set legend entries toggle one category. (ChartView::attachLegendToggles hides a marker's whole
    // series, which for a stacked bar chart is every category at once.)
    const QList<QLegendMarker *> markers = m_chart->legend()->markers(series);
    for (qsizetype i = 0; i < markers.size() && i < shown.size(); ++i) {
        QLegendMarker *marker = markers[i];
        const tco::Category c = shown[i];
        const bool hidden = m_hidden.contains(static_cast<int>(c));
        QColor label = marker->labelBrush().color();
        label.setAlphaF(hidden ? 0.4 : 1.0);
        marker->setLabelBrush(label);
        QColor fill = palette::categoryColor(c);
        fill.setAlphaF(hidden ? 0.3 : 1.0);
        marker->setBrush(fill);
        connect(marker, &QLegendMarker::clicked, this, [this, c] {
            // Rebuilding deletes the marker that sent this signal: do it once the signal has returned.
            QMetaObject::invokeMethod(
                this, [this, c] { setCategoryHidden(c, !isCategoryHidden(c)); }, Qt::QueuedConnection);
        });
    }
}

} // namespace mltco::ui

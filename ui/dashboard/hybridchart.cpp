#include "ui/dashboard/hybridchart.h"

#include "models/report/format.h"
#include "ui/charts/chartview.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/serieshover.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QLegend>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {

namespace {

struct YearSplit final
{
    QString label;
    double base = 0.0;
    double burst = 0.0;
    double demand = 0.0;
    double burstHours = 0.0;
};

std::vector<YearSplit> splitByYear(const tco::ScenarioResult &r)
{
    std::vector<YearSplit> years(r.years.size());
    for (std::size_t y = 0; y < r.years.size(); ++y)
        years[y].label = r.years[y].partial ? HybridChart::tr("Year %1 (partial)").arg(r.years[y].year)
                                            : HybridChart::tr("Year %1").arg(r.years[y].year);
    for (const tco::MonthRow &row : r.months) {
        YearSplit &y = years[static_cast<std::size_t>((row.month - 1) / 12)];
        y.base += row.total - row.burst;
        y.burst += row.burst;
        y.demand += row.demand;
        y.burstHours += row.burstGpuHours;
    }
    return years;
}

} // namespace

HybridChart::HybridChart(QWidget *parent)
    : QWidget(parent), m_view(new ChartView(this)), m_chart(new QChart), m_selector(new QComboBox(this))
{
    m_view->setObjectName(QStringLiteral("hybridChart"));
    m_selector->setObjectName(QStringLiteral("hybridSelector"));
    m_selector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_view->setChart(m_chart);
    m_view->setMinimumHeight(200);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_selector, 0, Qt::AlignLeft);
    layout->addWidget(m_view, 1);
    connect(m_selector, &QComboBox::currentIndexChanged, this, &HybridChart::rebuildChart);
}

bool HybridChart::setResult(const tco::PlanResult &result)
{
    m_currency = result.currency;
    const QString previous = m_selector->currentText();
    m_hybrids.clear();
    m_colors.clear();
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        if (result.scenarios[i].kind() == tco::ScenarioKind::Hybrid) {
            m_hybrids.push_back(result.scenarios[i]);
            m_colors.push_back(static_cast<int>(i));
        }
    }
    QStringList names;
    for (const tco::EvaluatedScenario &h : m_hybrids)
        names << h.name;
    if (!hasItems(m_selector, names)) { // refilling a combo box lays the page out again: only on a change
        const QSignalBlocker block(m_selector);
        m_selector->clear();
        m_selector->addItems(names);
        m_selector->setCurrentIndex(std::max(0, m_selector->findText(previous)));
        m_selector->setVisible(m_hybrids.size() > 1);
        m_selector->setToolTip(tr("The plan's hybrid scenarios"));
    }
    rebuildChart();
    return !m_hybrids.empty();
}

void HybridChart::rebuildChart()
{
    m_chart->removeAllSeries();
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    const int index = m_selector->currentIndex();
    if (index < 0 || index >= static_cast<int>(m_hybrids.size()))
        return;
    const tco::EvaluatedScenario &h = m_hybrids[static_cast<std::size_t>(index)];
    const auto &parts = std::get<tco::HybridScenario>(h.scenario);
    const std::vector<YearSplit> years = splitByYear(h.result);
    const double share = h.result.demand > 0 ? h.result.burstGpuHours / h.result.demand : 0.0;
    setChartTitle(m_chart, tr("Hybrid: base and burst by year (%1 of the work burst)").arg(report::percent(share, 0)));
    m_chart->setToolTip(h.name);

    double lo = 0.0;
    double hi = 0.0;
    for (const YearSplit &y : years) {
        lo = std::min({lo, y.base, y.burst, y.base + y.burst});
        hi = std::max(hi, std::max(0.0, y.base) + std::max(0.0, y.burst));
    }
    auto *money = newMoneyAxis();
    const MoneyScale scale = configureMoneyAxis(money, lo, hi, tr("Cost"), m_currency);
    auto *labels = new QBarCategoryAxis;
    auto *base = new QBarSet(tr("Base: %1").arg(parts.base));
    auto *burst = new QBarSet(tr("Burst: %1").arg(parts.burst));
    const QColor color = palette::scenarioColor(m_colors[static_cast<std::size_t>(index)]);
    base->setColor(color.darker(125));
    burst->setColor(color.lighter(140));
    for (const YearSplit &y : years) {
        labels->append(y.label);
        base->append(y.base / scale.divisor);
        burst->append(y.burst / scale.divisor);
    }
    auto *series = new QStackedBarSeries;
    series->setBarWidth(0.55);
    series->append(base);
    series->append(burst);
    m_chart->addSeries(series);
    m_chart->addAxis(money, Qt::AlignLeft);
    m_chart->addAxis(labels, Qt::AlignBottom);
    labels->setTitleText(tr("Year of the plan"));
    series->attachAxis(money);
    series->attachAxis(labels);
    palette::styleChart(m_chart);
    const QString baseName = parts.base;
    const QString burstName = parts.burst;
    connectHoverTips(m_view, series, [years, baseName, burstName, currency = m_currency](int, int bar) {
        const YearSplit &y = years[static_cast<std::size_t>(bar)];
        const double overflow = y.demand > 0 ? y.burstHours / y.demand : 0.0;
        return tr("<b>%1</b><br>Base (%2): <b>%3</b><br>Burst (%4): <b>%5</b><br>%6 GPU-hours of %7 burst (%8)")
            .arg(y.label.toHtmlEscaped(), baseName.toHtmlEscaped(), report::money(y.base, currency), burstName.toHtmlEscaped(),
                 report::money(y.burst, currency), report::grouped(y.burstHours, 0), report::grouped(y.demand, 0),
                 report::percent(overflow, 0));
    });
}

} // namespace mltco::ui

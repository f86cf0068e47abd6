#include "ui/dashboard/gapchart.h"

#include "models/plan/planevaluation.h"
#include "models/report/format.h"
#include "ui/charts/chartview.h"
#include "ui/core/theme.h"
#include "ui/core/wraplabel.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/serieshover.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mltco::ui {
namespace {

// One bar of the waterfall: from `from` to `to` (in money), a category's step or an option's whole NPV.
struct Step final
{
    QString label;
    QString tip;
    double from = 0.0;
    double to = 0.0;
    enum Kind { Total, Less, More } kind = Total;
};

std::vector<Step> stepsOf(const tco::PlanResult &result, const report::CategoryGap &gap)
{
    std::vector<Step> steps;
    const QString &cur = result.currency;
    const tco::EvaluatedScenario &a = result.scenarios.at(static_cast<std::size_t>(gap.a));
    const tco::EvaluatedScenario &b = result.scenarios.at(static_cast<std::size_t>(gap.b));
    // From the option it is measured against, category by category (largest first), to the option measured.
    double level = b.result.npv;
    steps.push_back({b.name, GapChart::tr("<b>%1</b><br>NPV %2").arg(b.name.toHtmlEscaped(), report::money(level, cur)), 0.0,
                     level, Step::Total});
    for (const tco::Category category : report::gapCategoriesBySize(gap)) {
        const auto c = static_cast<std::size_t>(category);
        const double d = gap.difference[c];
        steps.push_back({palette::categoryLabel(category),
                         GapChart::tr("<b>%1</b><br>%2: %3 %4 than %5<br>%6 against %7")
                             .arg(palette::categoryLabel(category).toHtmlEscaped(), a.name.toHtmlEscaped(),
                                  report::money(std::fabs(d), cur), d < 0 ? GapChart::tr("less") : GapChart::tr("more"),
                                  b.name.toHtmlEscaped(), report::money(a.result.npvByCategory[c], cur),
                                  report::money(b.result.npvByCategory[c], cur)),
                         level, level + d, d < 0 ? Step::Less : Step::More});
        level += d;
    }
    steps.push_back({a.name, GapChart::tr("<b>%1</b><br>NPV %2").arg(a.name.toHtmlEscaped(), report::money(a.result.npv, cur)),
                     0.0, a.result.npv, Step::Total});
    return steps;
}

} // namespace

GapChart::GapChart(QWidget *parent)
    : QWidget(parent), m_view(new ChartView(this)), m_chart(new QChart), m_first(new QComboBox(this)),
      m_second(new QComboBox(this)), m_sentence(new WrapLabel(this))
{
    m_view->setObjectName(QStringLiteral("gapChart"));
    m_first->setObjectName(QStringLiteral("gapFirst"));
    m_second->setObjectName(QStringLiteral("gapSecond"));
    m_sentence->setObjectName(QStringLiteral("gapSentence"));
    m_sentence->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_first->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_second->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_first->setToolTip(tr("The option whose cost is explained"));
    m_second->setToolTip(tr("The option it is measured against"));
    m_view->setChart(m_chart);
    m_view->setMinimumHeight(220);

    auto *label = new QLabel(tr("&Where the gap comes from:"), this);
    label->setBuddy(m_first);
    auto *against = new QLabel(tr("against"), this);
    auto *top = new QHBoxLayout;
    top->addWidget(label);
    top->addWidget(m_first);
    top->addWidget(against);
    top->addWidget(m_second);
    top->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_sentence);
    layout->addWidget(m_view, 1);
    connect(m_first, &QComboBox::currentIndexChanged, this, &GapChart::rebuild);
    connect(m_second, &QComboBox::currentIndexChanged, this, &GapChart::rebuild);
}

void GapChart::setResult(const tco::PlanResult &result)
{
    const QString first = m_first->currentText(), second = m_second->currentText();
    const bool chosen = m_first->property("chosen").toBool();
    // What the gap needs, kept for the user's next pick: names, categories' present values, the currency and rate.
    m_result = result;
    for (tco::EvaluatedScenario &s : m_result.scenarios) {
        s.result.months.clear();
        s.result.cohorts.clear();
    }
    m_result.breakeven.clear();
    QStringList names;
    for (const tco::EvaluatedScenario &s : result.scenarios)
        names << s.name;
    {
        const QSignalBlocker a(m_first), b(m_second);
        m_first->clear();
        m_second->clear();
        m_first->addItems(names);
        m_second->addItems(names);
        // The recommended option against the next cheapest, until the user picks others that still exist.
        const int recommended = tco::cheapestMeetingDemand(result);
        const int next = recommended >= 0 ? report::nextCheapest(result, recommended) : -1;
        const int keepFirst = chosen ? static_cast<int>(names.indexOf(first)) : -1;
        const int keepSecond = chosen ? static_cast<int>(names.indexOf(second)) : -1;
        const bool keep = keepFirst >= 0 && keepSecond >= 0;
        m_first->setCurrentIndex(keep ? keepFirst : std::max(0, recommended));
        m_second->setCurrentIndex(keep ? keepSecond : next >= 0 ? next : (names.size() > 1 && recommended <= 0 ? 1 : 0));
    }
    rebuild();
}

QString GapChart::sentence() const
{
    return m_sentence->text();
}

QStringList GapChart::drawWaterfall(QChart *chart, const tco::PlanResult &result, const report::CategoryGap &gap)
{
    const std::vector<Step> steps = stepsOf(result, gap);
    double lo = 0.0, hi = 0.0;
    for (const Step &s : steps) {
        lo = std::min({lo, s.from, s.to});
        hi = std::max({hi, s.from, s.to});
    }
    auto *money = newMoneyAxis();
    const MoneyScale scale = configureMoneyAxis(money, lo, hi, tr("NPV"), result.currency);
    // Stacked bars: an invisible base lifts each step to where it starts; a step that crosses zero stacks its
    // part below zero in a second set of the same colour.
    auto *base = new QBarSet(QString());
    auto *less = new QBarSet(tr("Costs less"));
    auto *more = new QBarSet(tr("Costs more"));
    auto *total = new QBarSet(tr("NPV of the option"));
    auto *lessBelow = new QBarSet(QString());
    auto *moreBelow = new QBarSet(QString());
    base->setColor(Qt::transparent);
    base->setBorderColor(Qt::transparent);
    const QColor green(0x2e, 0x8b, 0x57), red(0xc0, 0x39, 0x2b), blue(0x4e, 0x79, 0xa7);
    for (auto [set, colour] : {std::pair{less, green}, {lessBelow, green}, {more, red}, {moreBelow, red}, {total, blue}}) {
        set->setColor(colour);
        set->setBorderColor(colour.darker(115));
    }
    QStringList labels;
    for (const Step &s : steps) {
        labels << s.label;
        const double lower = std::min(s.from, s.to) / scale.divisor, upper = std::max(s.from, s.to) / scale.divisor;
        double baseValue = 0.0, above = 0.0, below = 0.0;
        if (lower >= 0.0) {
            baseValue = lower;
            above = upper - lower;
        } else if (upper <= 0.0) {
            baseValue = upper;
            below = lower - upper;
        } else {
            above = upper;
            below = lower;
        }
        base->append(baseValue);
        less->append(s.kind == Step::Less ? above : 0.0);
        lessBelow->append(s.kind == Step::Less ? below : 0.0);
        more->append(s.kind == Step::More ? above : 0.0);
        moreBelow->append(s.kind == Step::More ? below : 0.0);
        total->append(s.kind == Step::Total ? (above != 0.0 ? above : below) : 0.0);
    }
    auto *series = new QStackedBarSeries;
    series->setBarWidth(0.6);
    for (QBarSet *set : {base, less, more, total, lessBelow, moreBelow})
        series->append(set);
    chart->addSeries(series);
    // The two options' bars are "From" and "To", as the chart's title and the tips name them: an option's name would
    // not fit under its bar beside eight categories, and Qt hides a label that does not fit.
    auto *axis = new QBarCategoryAxis;
    axis->setTruncateLabels(false);
    labels.front() = tr("From");
    labels.back() = tr("To");
    axis->append(labels);
    chart->addAxis(money, Qt::AlignLeft);
    chart->addAxis(axis, Qt::AlignBottom);
    series->attachAxis(money);
    series->attachAxis(axis);
    // The legend names the three colours only.
    const QList<QLegendMarker *> markers = chart->legend()->markers(series);
    for (QLegendMarker *marker : markers)
        marker->setVisible(!marker->label().isEmpty());
    chart->legend()->setAlignment(Qt::AlignBottom);
    palette::styleChart(chart);
    QStringList tips;
    for (const Step &s : steps)
        tips << s.tip;
    return tips;
}

void GapChart::rebuild()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis; // removeAxis() hands the axis back
    }
    const int a = m_first->currentIndex(), b = m_second->currentIndex();
    if (sender() == m_first || sender() == m_second)
        m_first->setProperty("chosen", true);
    const auto count = static_cast<int>(m_result.scenarios.size());
    if (a < 0 || b < 0 || a >= count || b >= count || a == b) {
        m_gap = {};
        m_sentence->setText(a >= 0 && a == b ? tr("Choose two different options to see where the gap between them comes from.")
                                             : QString());
        setChartTitle(m_chart, QString());
        return;
    }
    m_gap = report::categoryGap(m_result, a, b);
    m_sentence->setText(report::gapSentence(m_result, m_gap));
    setChartTitle(m_chart, tr("From %1 to %2, category by category").arg(m_second->currentText(), m_first->currentText()));
    const QStringList tips = drawWaterfall(m_chart, m_result, m_gap);
    if (auto *series = qobject_cast<QAbstractBarSeries *>(m_chart->series().value(0)))
        connectHoverTips(m_view, series, [tips](int, int index) { return tips.value(index); });
}

} // namespace mltco::ui

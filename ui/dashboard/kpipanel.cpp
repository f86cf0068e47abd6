#include "ui/dashboard/kpipanel.h"

#include "models/report/format.h"
#include "models/report/reportdata.h"
#include "models/report/summary.h"
#include "models/tco/workload.h"
#include "models/tco/engine.h"
#include "ui/dashboard/dashboardsummary.h"
#include "ui/dashboard/kpicard.h"
#include "ui/core/glossary.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace mltco::ui {
namespace {

constexpr int kMaxCardColumns = 6;
constexpr int kMinCardWidth = 190; // pixels: a two-line scenario name and a total like "$1.29M"

const tco::EvaluatedScenario &at(const tco::PlanResult &result, int index)
{
    return result.scenarios[static_cast<std::size_t>(index)];
}

QString months(int count)
{
    return count == 1 ? KpiPanel::tr("1 month") : KpiPanel::tr("%1 months").arg(count);
}

QString serversLabel(int count)
{
    return count == 1 ? KpiPanel::tr("1 server") : KpiPanel::tr("%1 servers").arg(count);
}

QString htmlLine(const QString &label, const QString &value)
{
    return QStringLiteral("%1: <b>%2</b>").arg(label.toHtmlEscaped(), value.toHtmlEscaped());
}


} // namespace

KpiPanel::KpiPanel(QWidget *parent)
    : QWidget(parent), m_cheapest(new KpiCard(this)), m_saving(new KpiCard(this)), m_breakEven(new KpiCard(this)),
      m_demand(new KpiCard(this)), m_scenarioGrid(new QGridLayout)
{
    m_cheapest->setObjectName(QStringLiteral("kpiCheapest"));
    m_saving->setObjectName(QStringLiteral("kpiSaving"));
    m_breakEven->setObjectName(QStringLiteral("kpiBreakEven"));
    m_demand->setObjectName(QStringLiteral("kpiDemand"));

    auto *headline = new QHBoxLayout;
    headline->setSpacing(8);
    for (KpiCard *card : {m_cheapest, m_saving, m_breakEven, m_demand})
        headline->addWidget(card, 1);

    m_scenarioGrid->setHorizontalSpacing(8);
    m_scenarioGrid->setVerticalSpacing(8);

    // Cards take the height their text needs; the charts below get the rest.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    layout->addLayout(headline);
    layout->addLayout(m_scenarioGrid);
}

void KpiPanel::setResult(const tco::PlanResult &result, const DashboardSummary &summary)
{
    updateCheapest(result, summary);
    updateSaving(result, summary);
    updateBreakEven(result, summary);
    updateDemand(result, summary);
    updateScenarioCards(result, summary);
    fitCardHeights();
}

void KpiPanel::updateCheapest(const tco::PlanResult &result, const DashboardSummary &summary)
{
    const int horizon = result.workload.horizonMonths;
    const tco::EvaluatedScenario &cheapest = at(result, summary.cheapest);
    m_cheapest->setTitle(summary.meetsDemandOnly ? tr("Cheapest that meets demand")
                                                 : tr("Cheapest — no scenario meets demand"));
    m_cheapest->setValue(report::moneyCompact(cheapest.result.total, result.currency));
    m_cheapest->setDetail(tr("%1 · total over %2").arg(cheapest.name, months(horizon)));
    QString flag;
    if (summary.cheaperWithUnmet >= 0) {
        const tco::EvaluatedScenario &other = at(result, summary.cheaperWithUnmet);
        flag = tr("⚠ %1 costs less (%2) but %3")
                   .arg(other.name, report::moneyCompact(other.result.total, result.currency), unmetDemandNote(other.result));
    } else if (!summary.meetsDemandOnly) {
        flag = tr("⚠ Every scenario falls short of demand; this one %1").arg(unmetDemandNote(cheapest.result));
    }
    m_cheapest->setFlag(flag);
    m_cheapest->setTone(summary.meetsDemandOnly ? KpiCard::Tone::Good : KpiCard::Tone::Warning);
    m_cheapest->setToolTip(
        QStringList{QStringLiteral("<b>%1</b>").arg(cheapest.name.toHtmlEscaped()),
                    htmlLine(tr("Total over %1%2").arg(months(horizon), afterTaxNote(result.workload)), report::money(cheapest.result.total, result.currency)),
                    htmlLine(tr("NPV"), report::money(cheapest.result.npv, result.currency)),
                    summary.meetsDemandOnly ? tr("Compared among the scenarios that meet demand.")
                                            : tr("No scenario meets demand, so all of them are compared."),
                    glossary::npv(result.workload.discountRate).toHtmlEscaped()}
            .join(QStringLiteral("<br>")));
}

void KpiPanel::updateSaving(const tco::PlanResult &result, const DashboardSummary &summary)
{
    const int horizon = result.workload.horizonMonths;
    const tco::EvaluatedScenario &baseline = at(result, summary.baseline);
    const tco::EvaluatedScenario &cheapest = at(result, summary.cheapest);
    m_saving->setTitle(tr("Saving vs baseline"));
    QString flag;
    if (baseline.result.hasUnmetDemand())
        flag = tr("⚠ The baseline %1").arg(unmetDemandNote(baseline.result));
    if (summary.cheapest == summary.baseline) {
        m_saving->setValue(QStringLiteral("—"));
        m_saving->setDetail(tr("The baseline, %1, is already the cheapest%2.")
                                .arg(baseline.name, summary.meetsDemandOnly ? tr(" that meets demand") : QString()));
        m_saving->setTone(KpiCard::Tone::Neutral);
    } else if (summary.saving >= 0.0) {
        m_saving->setValue(QStringLiteral("%1 (%2)").arg(report::moneyCompact(summary.saving, result.currency),
                                                         report::percent(summary.savingFraction)));
        m_saving->setDetail(tr("Cheapest vs %1 (the first scenario), over %2").arg(baseline.name, months(horizon)));
        m_saving->setTone(KpiCard::Tone::Good);
    } else {
        // Only when the baseline falls short of demand: meeting demand costs more than doing less.
        m_saving->setValue(report::moneyCompact(summary.saving, result.currency));
        m_saving->setDetail(tr("Meeting demand with %1 costs %2 more than the baseline, %3")
                                .arg(cheapest.name, report::moneyCompact(-summary.saving, result.currency), baseline.name));
        m_saving->setTone(KpiCard::Tone::Warning);
    }
    m_saving->setFlag(flag);
    m_saving->setToolTip(
        QStringList{htmlLine(tr("Saving"), report::money(summary.saving, result.currency)),
                    htmlLine(tr("Baseline (%1)").arg(baseline.name), report::money(baseline.result.total, result.currency)),
                    htmlLine(cheapest.name, report::money(cheapest.result.total, result.currency))}
            .join(QStringLiteral("<br>")));
}

void KpiPanel::updateBreakEven(const tco::PlanResult &result, const DashboardSummary &summary)
{
    showBreakEven(result, summary.breakEven);
}

void KpiPanel::showBreakEven(const tco::PlanResult &result, const std::optional<tco::HeadlineBreakEven> &headline)
{
    m_breakEven->setTitle(tr("Break-even: buy vs rent"));
    m_breakEven->setFlag({});
    if (!headline) {
        m_breakEven->setValue(QStringLiteral("—"));
        m_breakEven->setDetail(tr("Nothing to compare owning with: the plan needs a purchase and a cloud option (dedicated, "
                                  "cluster, pay-per-use or reserved) whose break-even can be worked out."));
        m_breakEven->setTone(KpiCard::Tone::Neutral);
        m_breakEven->setToolTip({});
        return;
    }
    // One story wherever owning meets renting: the same counterpart and verdict as the chart below, the Scenarios page,
    // the PDF and the summary. The card says it short; its tooltip and the chart's note say it whole
    // (report::breakEvenSentence), with the payback and the return on owning.
    const tco::BreakEvenRequest &request = headline->breakEven.request;
    const tco::BreakEvenResult &be = headline->breakEven.result;
    QString verdict;
    QStringList tip{report::breakEvenSentence(headline->breakEven, result.workload.horizonMonths).toHtmlEscaped(),
                    report::counterpartSentence(result, *headline).toHtmlEscaped()};
    std::optional<tco::OwningVersusCloud> versus;
    if (headline->purchase >= 0) {
        versus = tco::owningVersusCloud(result, static_cast<std::size_t>(headline->purchase));
        if (const QString owning = report::owningReturnSentence(result, static_cast<std::size_t>(headline->purchase));
            !owning.isEmpty())
            tip << owning.toHtmlEscaped();
    }
    if (be.fleet) {
        const tco::FleetBreakEven &f = *be.fleet;
        m_breakEven->setTitle(tr("Break-even: own vs pay per use"));
        m_breakEven->setValue(f.demandScale <= 0.0 ? tr("Always")
                              : f.reachable        ? tr("%1 busy").arg(report::percent(f.utilization, 0))
                                                   : tr("Never"));
        verdict = f.demandScale <= 0.0 ? tr("owning is cheaper at any demand.")
                  : f.reachable        ? tr("owning is cheaper once the servers are %1 busy.").arg(report::percent(f.utilization, 0))
                                       : tr("renting stays cheaper at any demand the servers can serve.");
        m_breakEven->setTone(f.reachable && f.planDemandGpuHoursPerMonth >= f.demandGpuHoursPerMonth ? KpiCard::Tone::Good
                                                                                                       : KpiCard::Tone::Neutral);
        tip << htmlLine(tr("Owning, total"), report::money(f.purchaseTotal, result.currency))
            << htmlLine(tr("Pay per use with no work"), report::money(f.cloudFixed, result.currency))
            << htmlLine(tr("Pay per use at the plan's demand"), report::money(f.cloudFixed + f.cloudVariable, result.currency));
    } else if (be.servers) {
        m_breakEven->setValue(be.staysCheaper ? tr("%1+ servers").arg(*be.servers) : serversLabel(*be.servers));
        verdict = tr("buying is cheaper from %1.").arg(serversLabel(*be.servers));
        m_breakEven->setTone(KpiCard::Tone::Good);
        const tco::SweepPoint &point = be.sweep[static_cast<std::size_t>(*be.servers - 1)];
        tip << htmlLine(tr("Buying %1").arg(serversLabel(point.servers)), report::money(point.purchaseTotal, result.currency))
            << htmlLine(tr("Renting the same throughput"), report::money(point.cloudTotal, result.currency));
    } else {
        m_breakEven->setValue(tr("Never"));
        verdict = tr("renting stays cheaper up to %1.").arg(serversLabel(request.maxServers));
        m_breakEven->setTone(KpiCard::Tone::Neutral);
    }
    QString payback;
    if (versus)
        payback = versus->paybackMonth ? tr(" Pays back in month %1.").arg(*versus->paybackMonth)
                                       : tr(" No payback within %1.").arg(months(result.workload.horizonMonths));
    m_breakEven->setDetail(tr("%1 against %2 (%3): %4%5")
                               .arg(request.purchase, request.cloud,
                                    headline->cloudMeetsDemand ? tr("the cheapest cloud option")
                                                               : tr("the cheapest cloud option; none meets all the demand"),
                                    verdict, payback));
    m_breakEven->setToolTip(tip.join(QStringLiteral("<br>")));
}

void KpiPanel::updateDemand(const tco::PlanResult &result, const DashboardSummary &summary)
{
    const int count = static_cast<int>(result.scenarios.size());
    m_demand->setTitle(tr("Demand coverage"));
    QStringList flags;
    QStringList tip;
    // Demand that grows or steps is told as its range (model.md §10.1).
    const tco::Workload &w = result.workload;
    const double first = tco::demandInMonth(w, 1);
    const double peak = tco::peakDemand(w);
    const QString demand = peak > first ? tr("%1 reference GPU-hours a month at first, %2 at the peak")
                                              .arg(report::grouped(first, 0), report::grouped(peak, 0))
                                        : tr("%1 reference GPU-hours a month").arg(report::grouped(first, 0));
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        if (s.result.hasUnmetDemand())
            flags << tr("⚠ %1 %2").arg(s.name, unmetDemandNote(s.result));
        tip << htmlLine(s.name, tr("%1 served").arg(servedPercent(s.result)));
    }
    tip << glossary::referenceGpuHours().toHtmlEscaped();
    if (summary.unmetCount == 0) {
        m_demand->setValue(count == 1 ? tr("Meets demand") : tr("All %1 meet demand").arg(count));
        m_demand->setDetail(tr("Every scenario serves the full demand: %1.").arg(demand));
        m_demand->setTone(KpiCard::Tone::Good);
    } else {
        m_demand->setValue(tr("%1 of %2 fall short").arg(summary.unmetCount).arg(count));
        m_demand->setDetail(tr("Demand: %1.").arg(demand));
        m_demand->setTone(KpiCard::Tone::Warning);
    }
    m_demand->setFlag(flags.join(QLatin1Char('\n')));
    m_demand->setToolTip(tip.join(QStringLiteral("<br>")));
}

void KpiPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrangeScenarioCards();
    fitCardHeights();
    // Again once the cards have their new widths (they are laid out after this event).
    QTimer::singleShot(0, this, &KpiPanel::fitCardHeights);
}

void KpiPanel::fitCardHeights()
{
    // Every card as tall as its wrapped text needs at the width it gets: a layout sizes word-wrapped labels by their
    // unwrapped width, so without this a long sentence (the break-even card at 1024 pixels) is cut at both ends and
    // a card's last line slides under the card below.
    const QList<KpiCard *> headline{m_cheapest, m_saving, m_breakEven, m_demand};
    const int headlineWidth = std::max(1, (width() - 8 * (static_cast<int>(headline.size()) - 1)) /
                                              static_cast<int>(headline.size()));
    int tallest = 0;
    for (KpiCard *card : headline)
        if (QLayout *l = card->layout(); l && l->hasHeightForWidth())
            tallest = std::max(tallest, l->totalHeightForWidth(card->width() > 50 ? std::min(card->width(), headlineWidth)
                                                                                  : headlineWidth));
    for (KpiCard *card : headline)
        card->setMinimumHeight(tallest);
    updateGeometry();
    if (m_columns <= 0 || m_scenarioCards.isEmpty())
        return;
    const int spacing = std::max(0, m_scenarioGrid->horizontalSpacing());
    // The panel's own width (the grid's may still be the one before a resize).
    const int column = width() - spacing * (m_columns - 1);
    const int cardWidth = std::max(1, column / m_columns);
    for (KpiCard *card : std::as_const(m_scenarioCards)) {
        if (QLayout *l = card->layout(); l && l->hasHeightForWidth())
            card->setMinimumHeight(l->totalHeightForWidth(cardWidth));
    }
    // The panel asks for the rows' sum itself: its grid, sized by heights for widths, would otherwise give a row less
    // than its tallest card and let that card run under the next row.
    int total = tallest;
    const int rowSpacing = std::max(0, m_scenarioGrid->verticalSpacing());
    for (int row = 0; row * m_columns < m_scenarioCards.size(); ++row) {
        int rowHeight = 0;
        for (int c = 0; c < m_columns && row * m_columns + c < m_scenarioCards.size(); ++c)
            rowHeight = std::max(rowHeight, m_scenarioCards[row * m_columns + c]->minimumHeight());
        total += rowSpacing + rowHeight;
    }
    setMinimumHeight(total);
}

void KpiPanel::arrangeScenarioCards(bool force)
{
    // A card needs about kMinCardWidth for a two-line name and a seven-figure total; at least 2 columns, at most
    // kMaxCardColumns, and never fewer than 4 when the width allows (so a short plan's cards stay card-sized).
    const int count = static_cast<int>(m_scenarioCards.size());
    const int fit = std::clamp(width() / kMinCardWidth, 2, kMaxCardColumns);
    const int columns = std::min(fit, std::max(count, 4));
    if (columns == m_columns && !force)
        return;
    m_columns = columns;
    for (KpiCard *card : std::as_const(m_scenarioCards))
        m_scenarioGrid->removeWidget(card);
    for (int c = 0; c < kMaxCardColumns; ++c)
        m_scenarioGrid->setColumnStretch(c, c < columns ? 1 : 0);
    for (int i = 0; i < count; ++i)
        m_scenarioGrid->addWidget(m_scenarioCards[i], i / columns, i % columns);
}

void KpiPanel::updateScenarioCards(const tco::PlanResult &result, const DashboardSummary &summary)
{
    const int count = static_cast<int>(result.scenarios.size());
    if (count != m_scenarioCards.size()) {
        qDeleteAll(m_scenarioCards);
        m_scenarioCards.clear();
        for (int i = 0; i < count; ++i) {
            auto *card = new KpiCard(this);
            card->setObjectName(QStringLiteral("kpiTotal_%1").arg(i));
            m_scenarioCards.append(card);
        }
        arrangeScenarioCards(true);
    }
    const int horizon = result.workload.horizonMonths;
    for (int i = 0; i < count; ++i) {
        const tco::EvaluatedScenario &s = at(result, i);
        const tco::ScenarioResult &r = s.result;
        KpiCard *card = m_scenarioCards[i];
        card->setTitle(s.name);
        card->setValue(report::moneyCompact(r.total, result.currency));
        QString detail = tr("NPV %1 · %2/yr").arg(report::moneyCompact(r.npv, result.currency), report::moneyCompact(r.averageAnnual, result.currency));
        QStringList tags;
        if (i == summary.baseline)
            tags << tr("Baseline");
        if (i == summary.cheapest)
            tags << (summary.meetsDemandOnly ? tr("Cheapest that meets demand") : tr("Cheapest"));
        if (!tags.isEmpty())
            detail += QLatin1Char('\n') + tags.join(QStringLiteral(" · "));
        card->setDetail(detail);
        card->setFlag(r.hasUnmetDemand() ? QStringLiteral("⚠ ") + unmetDemandNote(r) : QString());
        card->setTone(r.hasUnmetDemand() ? KpiCard::Tone::Warning
                                         : (i == summary.cheapest ? KpiCard::Tone::Good : KpiCard::Tone::Neutral));
        QStringList tip{QStringLiteral("<b>%1</b>").arg(s.name.toHtmlEscaped()),
                        htmlLine(tr("Total over %1%2").arg(months(horizon), afterTaxNote(result.workload)), report::money(r.total, result.currency)),
                        htmlLine(tr("NPV"), report::money(r.npv, result.currency)),
                        htmlLine(tr("Average per year"), report::money(r.averageAnnual, result.currency)),
                        htmlLine(tr("Cost per served reference GPU-hour"), report::money(r.costPerServedGpuHour, result.currency)),
                        r.costPerMillionTokens ? htmlLine(tr("Cost per million tokens"), report::money(r.costPerMillionTokens, result.currency))
                                               : QString(),
                        htmlLine(tr("Utilization"), report::percent(r.utilization)),
                        htmlLine(tr("Demand served"), tr("%1 of %2 reference GPU-hours (%3)")
                                                          .arg(report::grouped(r.served, 0),
                                                               report::grouped(r.demand, 0), servedPercent(r))),
                        glossary::npv(result.workload.discountRate).toHtmlEscaped(), glossary::referenceGpuHours().toHtmlEscaped()};
        tip.removeAll(QString()); // the lines a plan has nothing for
        card->setToolTip(tip.join(QStringLiteral("<br>")));
    }
}

} // namespace mltco::ui

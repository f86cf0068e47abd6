#include "ui/scenarios/resultstrip.h"

#include "models/report/format.h"
#include "models/plan/parameters.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/scenarios/parametertext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace mltco::ui {

namespace {

// Functions, not constants: the theme is known once the application (and its palette) exists.
QString messageStyle(theme::Role background, theme::Role text)
{
    return QStringLiteral("background: %1; color: %2;").arg(theme::css(background), theme::css(text));
}
QString messageNeutral()
{
    return messageStyle(theme::Role::Panel, theme::Role::Muted);
}
QString messageGood()
{
    return messageStyle(theme::Role::GoodBackground, theme::Role::GoodText);
}
QString messageBad()
{
    return messageStyle(theme::Role::BadBackground, theme::Role::BadText);
}

} // namespace

ResultStrip::ResultStrip(PlanEditor *editor, QWidget *parent) : QFrame(parent), m_editor(editor)
{
    setObjectName(QStringLiteral("resultStrip"));
    setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->setSpacing(6);
    m_cards = new QWidget(this);
    auto *cards = new QHBoxLayout(m_cards);
    cards->setContentsMargins(0, 0, 0, 0);
    cards->setSpacing(8);
    layout->addWidget(m_cards);

    m_total = addCard(QStringLiteral("resultTotal"), tr("Total"), tr("Every cost over the horizon added up, undiscounted"));
    m_totalCaption = m_total->parentWidget()->findChild<QLabel *>(QStringLiteral("caption"));
    m_npv = addCard(QStringLiteral("resultNpv"), tr("Net present value"),
                    tr("Monthly costs discounted at the workload's discount rate (start-of-month convention)"));
    m_npvCaption = m_npv->parentWidget()->findChild<QLabel *>(QStringLiteral("caption"));
    m_average = addCard(QStringLiteral("resultAverage"), tr("Average per year"), tr("Total \u00d7 12 \u00f7 horizon months"));
    m_utilization = addCard(QStringLiteral("resultUtilization"), tr("Utilization"),
                            tr("Served reference GPU-hours \u00f7 capacity (elastic: packing efficiency \u00f7 rework)"));
    m_costPerGpuHour = addCard(QStringLiteral("resultCostPerGpuHour"), tr("Per served GPU-hour"),
                               tr("Cost per served reference GPU-hour: total \u00f7 reference GPU-hours served"));

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("resultMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::RichText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);
}

QLabel *ResultStrip::addCard(const QString &name, const QString &caption, const QString &toolTip)
{
    auto *card = new QFrame(m_cards);
    card->setObjectName(name + QStringLiteral("Card"));
    card->setStyleSheet(
        QStringLiteral("#%1 { background: %2; border: 1px solid %3; border-radius: 6px; }")
            .arg(card->objectName(), theme::css(theme::Role::Surface), theme::css(theme::Role::Border)));
    card->setToolTip(toolTip);
    auto *v = new QVBoxLayout(card);
    v->setContentsMargins(12, 8, 12, 8);
    v->setSpacing(2);
    auto *captionLabel = new QLabel(caption, card);
    captionLabel->setObjectName(QStringLiteral("caption"));
    captionLabel->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    auto *value = new QLabel(QStringLiteral("\u2014"), card);
    value->setObjectName(name);
    value->setStyleSheet(
        QStringLiteral("font-size: 13pt; font-weight: 600; color: %1;").arg(theme::css(theme::Role::Text)));
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(captionLabel);
    v->addWidget(value);
    static_cast<QHBoxLayout *>(m_cards->layout())->addWidget(card, 1);
    return value;
}

void ResultStrip::setMessage(const QString &html, const QString &style)
{
    m_message->setText(html);
    m_message->setStyleSheet(QStringLiteral("QLabel { %1 border-radius: 4px; padding: 6px 10px; }").arg(style));
}

void ResultStrip::clearFigures(const QString &placeholder)
{
    for (QLabel *l : {m_total, m_npv, m_average, m_utilization, m_costPerGpuHour})
        l->setText(placeholder);
}

void ResultStrip::showScenario(int index)
{
    const tco::Plan &plan = m_editor->plan();
    const std::optional<tco::PlanResult> &result = m_editor->result();
    m_totalCaption->setText(plan.workload.taxRate > 0.0
                                ? tr("Total, %1 months, after tax at %2")
                                      .arg(plan.workload.horizonMonths)
                                      .arg(report::percent(plan.workload.taxRate, 0))
                                : tr("Total, %1 months").arg(plan.workload.horizonMonths));
    m_npvCaption->setText(tr("NPV at %1 a year").arg(report::percent(plan.workload.discountRate, 1)));
    if (!result) {
        clearFigures(QStringLiteral("\u2014"));
        const QStringList details = m_editor->evaluationDetails();
        // The engine's message says the same as the heading when it lists the problems as details.
        QString html = tr("<b>The plan cannot be evaluated.</b> ");
        if (details.isEmpty())
            html += m_editor->evaluationError().toHtmlEscaped() + QLatin1Char(' ');
        html += tr("Until what is listed is fixed, no scenario shows figures.");
        if (!details.isEmpty()) {
            html += QStringLiteral("<ul style=\"margin: 2px 0 0 -20px;\">");
            for (const QString &d : details)
                html += QStringLiteral("<li>%1</li>").arg(parametertext::pathInWords(d, plan));
            html += QStringLiteral("</ul>");
        }
        setMessage(html, messageBad());
        return;
    }
    if (const tco::LeftOut *out = index >= 0 ? result->leftOutAt(static_cast<std::size_t>(index)) : nullptr) {
        clearFigures(QStringLiteral("\u2014"));
        QString html = tr("<b>Incomplete: not evaluated yet.</b> It is left out of the dashboard, the totals and the "
                          "reports, which show the other scenarios, until what is listed is fixed.");
        html += QStringLiteral("<ul style=\"margin: 2px 0 0 -20px;\">");
        for (const QString &d : out->problems)
            html += QStringLiteral("<li>%1</li>").arg(parametertext::pathInWords(d, plan));
        html += QStringLiteral("</ul>");
        setMessage(html, messageBad());
        return;
    }
    const tco::EvaluatedScenario *evaluated =
        index >= 0 ? result->atPlanPosition(static_cast<std::size_t>(index)) : nullptr;
    if (!evaluated) {
        clearFigures(QStringLiteral("\u2014"));
        setMessage(plan.scenarios.isEmpty() ? tr("The plan has no scenarios yet: add one with \u201cAdd\u201d.")
                                            : tr("Select a scenario to see its figures."),
                   messageNeutral());
        return;
    }
    const tco::ScenarioResult &r = evaluated->result;
    m_total->setText(report::money(r.total, result->currency));
    m_npv->setText(report::money(r.npv, result->currency));
    m_average->setText(report::money(r.averageAnnual, result->currency));
    m_utilization->setText(report::percent(r.utilization));
    m_costPerGpuHour->setText(report::money(r.costPerServedGpuHour, result->currency) +
                              (r.costPerMillionTokens ? tr(" \u00b7 %1/M tokens").arg(report::money(r.costPerMillionTokens, result->currency))
                                                      : QString()));

    const int months = plan.workload.horizonMonths;
    if (r.hasUnmetDemand()) {
        const double share = r.demand > 0.0 ? r.served / r.demand : 0.0;
        setMessage(tr("<b>\u26a0 Unmet demand.</b> It serves %1 of the %2 reference GPU-hours needed over %3 months "
                      "(%4); %5 GPU-hours are not done. It looks cheaper because it does less \u2014 add capacity "
                      "before comparing its cost.")
                       .arg(report::grouped(r.served, 0), report::grouped(r.demand, 0))
                       .arg(months)
                       .arg(report::percent(share, 1), report::grouped(r.unmet, 0)),
                   messageBad());
    } else {
        QString text = tr("Meets the whole demand: %1 reference GPU-hours over %2 months.")
                           .arg(report::grouped(r.demand, 0))
                           .arg(months);
        if (const auto *hybrid = std::get_if<tco::HybridScenario>(&evaluated->scenario)) {
            const double share = r.demand > 0.0 ? r.burstGpuHours / r.demand : 0.0;
            text += tr(" The base (%1) costs %2; %3 of the work bursts to %4 for %5.")
                        .arg(hybrid->base.toHtmlEscaped(), report::money(r.total - r.burst, result->currency), report::percent(share, 0),
                             hybrid->burst.toHtmlEscaped(), report::money(r.burst, result->currency));
        }
        if (const auto *mix = std::get_if<tco::MixScenario>(&evaluated->scenario); mix && !mix->burst.isEmpty()) {
            const double share = r.demand > 0.0 ? r.burstGpuHours / r.demand : 0.0;
            text += tr(" The layers cost %1; %2 of the work bursts to %3 for %4.")
                        .arg(report::money(r.total - r.burst, result->currency), report::percent(share, 0),
                             mix->burst.toHtmlEscaped(), report::money(r.burst, result->currency));
        }
        if (r.peakFleet && r.months.size() > 1 && r.months.back().fleet > r.months.front().fleet)
            text += tr(" The fleet grows from %1 to %2 %3.")
                        .arg(report::grouped(r.months.front().fleet, 0), report::grouped(r.months.back().fleet, 0),
                             evaluated->fleetKey());
        setMessage(text, messageGood());
    }
}

} // namespace mltco::ui

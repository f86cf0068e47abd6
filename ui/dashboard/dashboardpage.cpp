#include "ui/dashboard/dashboardpage.h"
#include "ui/dashboard/gapchart.h"

#include "models/actuals/plancompare.h"
#include "models/report/format.h"
#include "models/report/problemtext.h"
#include "models/report/summary.h"
#include "models/report/titlecheck.h"
#include "models/tco/workload.h"
#include "ui/core/glossary.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/core/wraplabel.h"
#include "ui/dashboard/breakevenchart.h"
#include "ui/dashboard/capacitychart.h"
#include "ui/dashboard/categorychart.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/cumulativechart.h"
#include "ui/dashboard/dashboardsummary.h"
#include "ui/dashboard/hybridchart.h"
#include "ui/dashboard/kpipanel.h"
#include "ui/scenarios/parametertext.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace mltco::ui {
namespace {

/// The engine's messages start in lower case (they are also used mid-sentence); a heading starts upper case.
QString asHeading(const QString &text)
{
    return text.isEmpty() ? text : text.at(0).toUpper() + text.mid(1);
}

QString workloadLine(const tco::Workload &w)
{
    QString trend = w.cloudPriceTrend == 0.0
                        ? DashboardPage::tr("flat cloud prices")
                        : DashboardPage::tr("cloud prices %1 a year").arg(report::percent(w.cloudPriceTrend));
    const bool varies = w.demandGrowth != 0.0 || !w.demandSteps.empty();
    const QString demand = varies ? DashboardPage::tr("%1 → %2 reference GPU-hours a month")
                                        .arg(report::grouped(tco::demandInMonth(w, 1), 0),
                                             report::grouped(tco::peakDemand(w), 0))
                                  : DashboardPage::tr("%1 reference GPU-hours a month").arg(report::grouped(w.demandGpuHours, 0));
    QString line = DashboardPage::tr("%1 engineers · %2 · %3 months · discount rate %4 · %5")
                       .arg(w.engineers)
                       .arg(demand)
                       .arg(w.horizonMonths)
                       .arg(report::percent(w.discountRate), trend);
    if (w.taxRate > 0.0)
        line += DashboardPage::tr(" · <b>after tax at %1</b>").arg(report::percent(w.taxRate, 0));
    return line;
}

/// The workload line's terms in plain words, for its tooltip.
QString workloadTip(const tco::Workload &w)
{
    const QString hours = glossary::referenceGpuHours();
    const QString discount =
        w.discountRate == 0.0
            ? DashboardPage::tr("Discount rate 0 %: with no discount rate, money later counts as much as money now, so "
                                "each option's NPV (net present value) is its total.")
            : DashboardPage::tr("Discount rate: how much less money paid a year later counts than money paid now; "
                                "each option's NPV (net present value) counts its costs this way. At 0 % money later "
                                "would count as much as money now.");
    return QStringList{hours, discount}.join(QLatin1Char('\n'));
}

} // namespace

DashboardPage::DashboardPage(PlanEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_stack(new QStackedWidget(this)), m_title(new QLabel), m_subtitle(new WrapLabel),
      m_kpis(new KpiPanel), m_cumulative(new CumulativeChart), m_categories(new CategoryChart),
      m_breakEven(new BreakEvenChart), m_capacity(new CapacityChart), m_hybrid(new HybridChart), m_gap(new GapChart), m_notes(new WrapLabel),
      m_summary(new WrapLabel), m_copySummary(new QToolButton), m_message(new WrapLabel)
{
    m_stack->setObjectName(QStringLiteral("dashboardStack"));
    m_title->setObjectName(QStringLiteral("dashboardTitle"));
    m_subtitle->setObjectName(QStringLiteral("dashboardSubtitle"));
    m_kpis->setObjectName(QStringLiteral("kpiCards"));
    m_cumulative->setObjectName(QStringLiteral("cumulativePanel"));
    m_categories->setObjectName(QStringLiteral("categoryPanel"));
    m_breakEven->setObjectName(QStringLiteral("breakEvenPanel"));
    // Any purchase chosen on the chart: the card above tells its story against the same counterpart.
    connect(m_breakEven, &BreakEvenChart::comparisonChosen, this, [this](int purchase, bool againstCounterpart) {
        if (againstCounterpart && m_editor && m_editor->result())
            m_kpis->showBreakEven(*m_editor->result(), tco::headlineBreakEven(*m_editor->result(), purchase));
    });
    m_capacity->setObjectName(QStringLiteral("capacityPanel"));
    m_notes->setObjectName(QStringLiteral("dashboardNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::RichText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hybrid->setObjectName(QStringLiteral("hybridPanel"));
    m_gap->setObjectName(QStringLiteral("gapPanel"));
    m_summary->setObjectName(QStringLiteral("dashboardSummary"));
    m_summary->setAccessibleName(tr("Summary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setStyleSheet(QStringLiteral("QLabel#dashboardSummary { border-left: 4px solid %1; padding: 2px 10px; }")
                                 .arg(theme::css(theme::Role::GoodText)));
    m_copySummary->setObjectName(QStringLiteral("copySummary"));
    m_copySummary->setText(tr("Copy summary"));
    m_copySummary->setToolTip(tr("Copy the summary as Markdown, for an email or a document"));
    m_copySummary->setAccessibleName(tr("Copy summary"));
    connect(m_copySummary, &QToolButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_summaryMarkdown); });
    m_message->setObjectName(QStringLiteral("dashboardMessage"));

    m_title->setStyleSheet(
        QStringLiteral("font-size: 13pt; font-weight: 600; color: %1;").arg(theme::css(theme::Role::Text)));
    m_subtitle->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_subtitle->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_subtitle->setWordWrap(true);

    auto *content = new QWidget;
    content->setObjectName(QStringLiteral("dashboardContent"));
    auto *header = new QHBoxLayout;
    header->setSpacing(16);
    header->addWidget(m_title);
    header->addWidget(m_subtitle, 1);
    // The cumulative curves are the story: full width with the legend beside them. Category and break-even
    // share the row below.
    auto *charts = new QHBoxLayout;
    charts->setSpacing(12);
    charts->addWidget(m_categories, 3);
    charts->addWidget(m_breakEven, 2);
    // Demand against what each option can do, and a hybrid's base and burst: the version-2 questions.
    auto *growth = new QHBoxLayout;
    growth->setSpacing(12);
    growth->addWidget(m_capacity, 3);
    growth->addWidget(m_hybrid, 2);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(16, 10, 16, 10);
    layout->setSpacing(6);
    layout->addLayout(header);
    auto *summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summary, 1);
    summaryRow->addWidget(m_copySummary, 0, Qt::AlignTop);
    layout->addLayout(summaryRow);
    layout->addWidget(m_notes);
    layout->addWidget(m_kpis);
    layout->addSpacing(4);
    layout->addWidget(m_cumulative, 1);
    layout->addLayout(charts, 1);
    layout->addLayout(growth, 1);
    // Where the gap between the recommendation and the next cheapest (or any two) comes from (model.md §14.3).
    layout->addWidget(m_gap, 1);

    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("dashboardScroll"));
    scroll->setWidgetResizable(true);
    // Always there: wrapped text makes the page's height depend on its width, and a bar that came and went with the
    // height would change the width again, back and forth without end at some window sizes (the window stopped
    // answering and its stack overflowed).
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);

    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setMaximumWidth(900);
    m_message->setStyleSheet(QStringLiteral("QLabel { background: %2; border: 1px solid %3; border-left: 4px solid %1;"
                                            " border-radius: 4px; padding: 8px 20px 12px 20px; color: %4; }")
                                 .arg(theme::css(theme::Role::WarningText), theme::css(theme::Role::Surface),
                                      theme::css(theme::Role::Border), theme::css(theme::Role::Text)));
    auto *messagePage = new QWidget;
    auto *messageLayout = new QVBoxLayout(messagePage);
    messageLayout->setContentsMargins(24, 24, 24, 24);
    messageLayout->addWidget(m_message);
    messageLayout->addStretch(1);

    m_stack->addWidget(scroll);
    m_stack->addWidget(messagePage);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);

    if (m_editor) {
        connect(m_editor, &PlanEditor::planChanged, this, &DashboardPage::refresh);
        connect(m_editor, &PlanEditor::actualsChanged, this, &DashboardPage::refresh);
    }
    refresh();
}

void DashboardPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void DashboardPage::showMessage(const QString &title, const QString &message, const QStringList &details)
{
    QString html = QStringLiteral("<h2>%1</h2>").arg(title.toHtmlEscaped());
    if (!details.isEmpty()) {
        html += QStringLiteral("<ul>");
        for (const QString &d : details)
            html += QStringLiteral("<li>%1</li>").arg(d.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    html += QStringLiteral("<p>%1</p>").arg(message.toHtmlEscaped());
    m_message->setText(html);
    m_stack->setCurrentIndex(1);
}

void DashboardPage::showSummary(const report::ExecutiveSummary &summary)
{
    QString html = QStringLiteral("<b>%1</b>").arg(summary.recommendation.toHtmlEscaped());
    QStringList grounds;
    for (const report::Sensitivity &s : summary.sensitivities)
        grounds << s.sentence.toHtmlEscaped();
    if (grounds.isEmpty())
        for (const QString &b : summary.breakEvens)
            grounds << b.toHtmlEscaped();
    if (!grounds.isEmpty())
        html += QStringLiteral("<br><span style=\"color: %1;\">%2 %3</span>")
                    .arg(theme::css(theme::Role::Muted), tr("What it hangs on:").toHtmlEscaped(),
                         grounds.join(QStringLiteral(" ")));
    // How old the prices behind the options are, and a warning when they are older than the setting.
    if (!summary.stalePrices.isEmpty())
        html += QStringLiteral("<br><span style=\"color: %1; font-weight: bold;\">%2</span>")
                    .arg(theme::css(theme::Role::WarningText), summary.stalePrices.toHtmlEscaped());
    if (!summary.prices.isEmpty())
        html += QStringLiteral("<br><span style=\"color: %1;\">%2</span>")
                    .arg(theme::css(theme::Role::Muted), summary.prices.toHtmlEscaped());
    m_summary->setText(html);
    m_summaryMarkdown = report::summaryText(summary, report::SummaryFormat::Markdown);
}

void DashboardPage::refresh()
{
    if (!m_editor)
        return;
    // Charts cost a few milliseconds to rebuild: while another page is shown (typing in a scenario's form),
    // wait until this page is shown again. isHidden(), not isVisible(): the current page of a window that is
    // not on screen yet still refreshes.
    if (isHidden()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    const tco::Plan &plan = m_editor->plan();
    if (!m_editor->result()) {
        // The engine's error is the heading; its details say what to fix.
        showMessage(asHeading(m_editor->evaluationError()),
                    tr("Correct this on the Scenarios page, or undo the last change (%1). The dashboard comes back as "
                       "soon as the plan can be evaluated.")
                        .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)),
                    m_editor->evaluationDetails());
        return;
    }
    const tco::PlanResult &result = *m_editor->result();
    if (result.scenarios.empty() && !result.leftOut.empty()) {
        QStringList details;
        for (const tco::LeftOut &l : result.leftOut)
            for (const QString &p : l.problems)
                details << report::problemText(p, plan);
        showMessage(tr("No scenario can be evaluated yet"),
                    tr("Complete a scenario on the Scenarios page: the dashboard shows each one as soon as it can be "
                       "evaluated."),
                    details);
        return;
    }
    if (result.scenarios.empty()) {
        showMessage(tr("No scenarios yet"),
                    tr("This plan has no scenarios to compare. Add one with Edit › Add scenario, or on the Scenarios "
                       "page."),
                    {});
        return;
    }
    m_title->setText(plan.name.isEmpty() ? tr("Untitled plan") : plan.name);
    m_subtitle->setText(workloadLine(result.workload));
    m_subtitle->setToolTip(workloadTip(result.workload));
    // What the evaluation warns of (speedups on two scales, a plan value overriding the catalog) and notes
    // (speedups estimated from datasheets): said once, above the figures they concern.
    QStringList lines;
    // First what is not in the figures below: scenarios and break-evens that cannot be evaluated yet.
    for (const tco::LeftOut &l : result.leftOut) {
        QStringList why;
        for (const QString &p : l.problems)
            why << parametertext::pathInWords(p, plan);
        // Each problem names its scenario already ("“X” — Price per instance-hour: ...").
        lines << QStringLiteral("<span style=\"color: %1;\">⚠ %2 %3</span>")
                     .arg(theme::css(theme::Role::WarningText),
                          l.scenario ? tr("Incomplete, left out of the figures below:")
                                     : tr("Break-even %1 left out:").arg(l.name.toHtmlEscaped()),
                          why.join(QStringLiteral("; ")));
    }
    // A title the plan has outgrown ("four ML engineers" for a team of 12) heads every report: said where it shows.
    for (const QString &stale : report::titleMismatches(plan))
        lines << QStringLiteral("<span style=\"color: %1;\">⚠ %2 %3</span>")
                     .arg(theme::css(theme::Role::WarningText), stale.toHtmlEscaped(),
                          tr("Edit › Plan title and notes… retitles it.").toHtmlEscaped());
    // Said in the plan's words: the scenario's name and the field's label, not the engine's path.
    for (const QString &w : result.warnings)
        lines << QStringLiteral("<span style=\"color: %1;\">⚠ %2</span>")
                     .arg(theme::css(theme::Role::WarningText), parametertext::pathInWords(w, plan));
    for (const QString &n : result.notes)
        lines << QStringLiteral("<span style=\"color: %1;\">%2</span>")
                     .arg(theme::css(theme::Role::Muted), parametertext::pathInWords(n, plan));
    m_notes->setText(lines.join(QStringLiteral("<br>")));
    m_notes->setVisible(!lines.isEmpty());
    showSummary(report::executiveSummary(plan, result));
    const DashboardSummary summary = DashboardSummary::compute(result);
    m_kpis->setResult(result, summary);
    std::size_t billsScenario = 0;
    const std::optional<actuals::PlanComparison> bills =
        actuals::linkedComparison(m_editor->plan(), result, m_editor->actuals(), &billsScenario);
    m_cumulative->setResult(result, bills ? &*bills : nullptr, billsScenario);
    m_categories->setResult(result);
    m_breakEven->setResult(result);
    m_capacity->setResult(result);
    m_hybrid->setVisible(m_hybrid->setResult(result));
    m_gap->setResult(result);
    m_gap->setVisible(result.scenarios.size() >= 2);
    m_stack->setCurrentIndex(0);
}

} // namespace mltco::ui

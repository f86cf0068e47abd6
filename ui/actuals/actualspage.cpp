#include "ui/actuals/actualspage.h"

#include "models/actuals/actualsstore.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "models/plan/parameters.h"
#include "ui/actuals/actualschart.h"
#include "ui/core/importprogressdialog.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/core/wraplabel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressDialog>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

QTableWidgetItem *moneyItem(std::optional<double> value, const QString &currency)
{
    auto *item = new QTableWidgetItem(value ? report::money(*value, currency) : QStringLiteral("—"));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (value)
        item->setData(Qt::UserRole, *value);
    return item;
}

/// A value of a parameter as its form shows it: a fraction as a percentage, money as money, else a number.
QString parameterText(tco::ParamId id, double value)
{
    const tco::ParameterInfo &info = tco::parameterInfo(id);
    if (QLatin1String(info.unit) == QLatin1String("fraction"))
        return report::percent(value, 1);
    return report::grouped(value, value == std::round(value) ? 0 : 1);
}

} // namespace

ActualsPage::ActualsPage(PlanEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_scenario(new QComboBox(this)), m_startFromBills(new QCheckBox(this)),
      m_start(new QDateEdit(this)), m_import(new QPushButton(this)), m_summary(new WrapLabel(this)),
      m_leftOut(new WrapLabel(this)), m_wholeBill(new WrapLabel(this)), m_message(new WrapLabel(this)), m_monthly(new ActualsChart(ActualsChart::Mode::Monthly, this)),
      m_cumulative(new ActualsChart(ActualsChart::Mode::Cumulative, this)), m_table(new QTableWidget(this)),
      m_calibration(new QGroupBox(this)), m_suggestionRows(new QVBoxLayout), m_importPoll(new QTimer(this))
{
    m_scenario->setObjectName(QStringLiteral("actualsScenario"));
    m_scenario->setToolTip(tr("The scenario of the plan to hold against the bills; the choice is saved with the plan"));
    m_startFromBills->setObjectName(QStringLiteral("actualsStartFromBills"));
    m_startFromBills->setText(tr("from the first bill"));
    m_start->setObjectName(QStringLiteral("actualsStart"));
    m_start->setDisplayFormat(QStringLiteral("MMM yyyy"));
    m_start->setCurrentSection(QDateTimeEdit::MonthSection);
    m_start->setToolTip(tr("The calendar month of the plan's month 1"));
    m_import->setObjectName(QStringLiteral("importBillButton"));
    m_import->setText(tr("Import bill…"));
    m_import->setToolTip(tr("A FOCUS 1.0–1.2 cost export (CSV, or gzipped .csv.gz) from your cloud's billing console"));
    m_summary->setObjectName(QStringLiteral("actualsSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_leftOut->setObjectName(QStringLiteral("actualsLeftOut"));
    m_leftOut->setWordWrap(true);
    m_leftOut->setTextFormat(Qt::PlainText);
    m_leftOut->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_leftOut->setToolTip(tr("Every usage or purchase charge of the bills that is not counted as GPU spend, named by "
                             "instance type with its effective cost, so nothing is dropped unseen. GPU spend the "
                             "catalog cannot size is listed apart: add its instance types to the catalog and import "
                             "the bill again."));
    m_leftOut->hide();
    m_wholeBill->setObjectName(QStringLiteral("actualsWholeBill"));
    m_wholeBill->setWordWrap(true);
    m_wholeBill->setTextFormat(Qt::PlainText);
    m_wholeBill->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_wholeBill->setToolTip(tr("Every row of the bills, by FOCUS ServiceCategory: the GPU spend held against the plan "
                               "is the plan's part of the bill; storage, networking, CPU instances, taxes and credits "
                               "are outside any GPU plan. Effective cost, in the plan's currency."));
    m_wholeBill->hide();
    m_message->setObjectName(QStringLiteral("actualsMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Compare"), this));
    top->addWidget(m_scenario, 1);
    top->addSpacing(12);
    top->addWidget(new QLabel(tr("Plan month 1 is"), this));
    top->addWidget(m_start);
    top->addWidget(m_startFromBills);
    top->addStretch(1);
    top->addWidget(m_import);

    auto *charts = new QHBoxLayout;
    charts->addWidget(m_monthly, 1);
    charts->addWidget(m_cumulative, 1);

    m_table->setObjectName(QStringLiteral("varianceTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setHorizontalHeaderLabels({});
    m_table->setMinimumHeight(160);
    m_table->setToolTip(tr("Planned: the scenario's compute. Actual: the bills' effective cost (amortised, after "
                           "discounts), split by pricing; Other: other pricing and corrections without a category. "
                           "Billed: what the invoices charged (upfront fees in the month paid)."));

    m_calibration->setObjectName(QStringLiteral("calibration"));
    m_calibration->setTitle(tr("Calibrate the plan from the bills"));
    m_calibration->setLayout(m_suggestionRows);

    auto *layout = new QVBoxLayout(this);
    // The page's title, as on the other pages, with what it answers.
    auto *title = new QLabel(tr("<h2>Plan vs actual</h2>"), this);
    title->setObjectName(QStringLiteral("actualsTitle"));
    auto *subtitle = new QLabel(tr("What the bills say the plan's GPUs really cost, month by month, against what the "
                                   "chosen scenario planned, and what to change in the plan so it follows the bills."),
                                this);
    subtitle->setWordWrap(true);
    subtitle->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    layout->addWidget(title);
    layout->addWidget(subtitle);
    layout->addLayout(top);
    layout->addWidget(m_message);
    layout->addWidget(m_summary);
    layout->addWidget(m_wholeBill);
    layout->addWidget(m_leftOut);
    layout->addLayout(charts, 3);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_table, 5);
    bottom->addWidget(m_calibration, 3);
    layout->addLayout(bottom, 2);

    connect(m_import, &QPushButton::clicked, this, &ActualsPage::importBillWithDialog);
    connect(m_importPoll, &QTimer::timeout, this, &ActualsPage::updateImportProgress);
    connect(&m_importWatcher, &QFutureWatcher<BillOutcome>::finished, this, &ActualsPage::billImportEnded);
    connect(m_scenario, &QComboBox::currentIndexChanged, this, &ActualsPage::linkChanged);
    connect(m_startFromBills, &QCheckBox::toggled, this, &ActualsPage::linkChanged);
    connect(m_start, &QDateEdit::dateChanged, this, &ActualsPage::linkChanged);
    connect(m_editor, &PlanEditor::planChanged, this, &ActualsPage::refreshWhenShown);
    connect(m_editor, &PlanEditor::actualsChanged, this, &ActualsPage::refreshWhenShown);
    refresh();
}

void ActualsPage::refreshWhenShown()
{
    // Rebuilding the chooser, the table and the suggestions on every edit cost the redraw a frame while another page
    // was shown: a hidden page waits until it is shown. isVisibleTo(window()): the current page of a window that is
    // not on screen yet still refreshes.
    if (!isVisibleTo(window())) {
        m_stale = true;
        return;
    }
    refresh();
}

void ActualsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void ActualsPage::linkChanged()
{
    if (m_updating)
        return;
    m_start->setEnabled(!m_startFromBills->isChecked());
    const QString scenario = m_scenario->currentData().toString();
    if (scenario.isEmpty()) {
        m_editor->setActualsLink(std::nullopt);
        return;
    }
    const QString start =
        m_startFromBills->isChecked() ? QString() : m_start->date().toString(QStringLiteral("yyyy-MM"));
    m_editor->setActualsLink(tco::ActualsLink{scenario, start});
}

void ActualsPage::showLeftOut()
{
    QStringList lines;
    if (Expected<QList<actuals::BillRecord>> bills = actuals::bills(m_editor->document().database()); bills) {
        for (const actuals::BillRecord &b : *bills)
            for (const QString &note : b.notes)
                lines << tr("%1: %2").arg(b.fileName, note);
    }
    m_leftOut->setText(lines.isEmpty() ? QString()
                                       : tr("What each bill holds, in the bill's own currency (the comparison above is in "
                                            "the plan's): the GPU spend held against a plan, and what was left out and "
                                            "why") +
                                             QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
    m_leftOut->setVisible(!lines.isEmpty());
}

void ActualsPage::showWholeBill()
{
    const tco::Plan &plan = m_editor->plan();
    QString from, to;
    if (m_comparison && m_comparison->monthsWithActuals > 0) {
        from = m_comparison->start;
        for (const actuals::VarianceRow &r : m_comparison->rows)
            if (r.actual)
                to = r.month;
    }
    const Expected<actuals::BillBreakdown> b =
        actuals::billBreakdown(m_editor->document().database(), plan.currency, from, to);
    if (!b) {
        m_wholeBill->setText(tr("The whole bill cannot be shown: %1").arg(b.error().message));
        m_wholeBill->show();
        return;
    }
    QStringList lines;
    const QString &cur = plan.currency;
    if (!b->firstMonth.isEmpty()) {
        const QString span = b->firstMonth == b->lastMonth
                                 ? actuals::monthLabel(b->firstMonth)
                                 : tr("%1 to %2").arg(actuals::monthLabel(b->firstMonth), actuals::monthLabel(b->lastMonth));
        const double gpu = b->byKind[std::size_t(actuals::ChargeKind::Gpu)];
        const QString share = b->total > 0 && gpu >= 0 ? tr(" (%1 of it)").arg(report::percent(gpu / b->total, 0))
                                                       : QString();
        // Finance reads two totals: the effective cost (upfront fees and commitments spread over the months they
        // cover, what the plan is held against) and the billed cost (what the invoices charge, when they charge it).
        lines << tr("The whole bill, %1: %2 effective cost (amortised: upfront fees spread over the months they cover), "
                    "%3 billed (as invoiced). GPU spend held against the plan: %4 effective%5.")
                     .arg(span, report::money(b->total, cur), report::money(b->billedTotal, cur), report::money(gpu, cur),
                          share);
        QStringList rest;
        for (const auto &[category, cost] : b->otherByServiceCategory)
            rest << tr("%1 %2").arg(category.isEmpty() ? tr("(no service category)") : category,
                                    report::money(cost, cur));
        if (!rest.isEmpty())
            lines << tr("The rest by service category: %1.").arg(rest.join(QStringLiteral(", ")));
        const double unsized = b->byKind[std::size_t(actuals::ChargeKind::GpuUnsized)];
        const double notGpu = b->byKind[std::size_t(actuals::ChargeKind::NotGpu)];
        const double other = b->byKind[std::size_t(actuals::ChargeKind::TaxCreditAdjustment)];
        lines << tr("Not held against the plan: %1 of GPU spend the catalog cannot size, %2 not GPU, %3 of taxes, "
                    "credits and adjustments.")
                     .arg(report::money(unsized, cur), report::money(notGpu, cur), report::money(other, cur));
    }
    if (b->billsWithoutBreakdown > 0)
        lines << tr("%n bill(s) imported by an earlier version of mltco keep only their GPU spend: remove and import "
                    "them again to see their whole bill.",
                    nullptr, b->billsWithoutBreakdown);
    m_wholeBill->setText(lines.join(QLatin1Char('\n')));
    m_wholeBill->setVisible(!lines.isEmpty());
}

void ActualsPage::refresh()
{
    m_stale = false;
    const tco::Plan &plan = m_editor->plan();
    const QList<actuals::MonthActual> &months = m_editor->actuals();
    {
        // Show the plan's link without writing it back.
        m_updating = true;
        m_scenario->clear();
        m_scenario->addItem(tr("— choose a scenario —"), QString());
        for (const tco::PlanScenario &s : plan.scenarios)
            m_scenario->addItem(s.name, s.name);
        const QString linked = plan.actuals ? plan.actuals->scenario : QString();
        m_scenario->setCurrentIndex(std::max(0, m_scenario->findData(linked)));
        const bool fromBills = !plan.actuals || plan.actuals->start.isEmpty();
        m_startFromBills->setChecked(fromBills);
        m_start->setEnabled(!fromBills);
        QString start = fromBills ? (months.isEmpty() ? QDate::currentDate().toString(QStringLiteral("yyyy-MM"))
                                                      : months.front().month)
                                  : plan.actuals->start;
        m_start->setDate(QDate::fromString(start + QStringLiteral("-01"), Qt::ISODate));
        m_updating = false;
    }
    m_import->setEnabled(!m_editor->isReadOnly() && !isImportingBill());
    showLeftOut();

    m_comparison.reset();
    m_suggestions.clear();
    m_demandNote.clear();
    const tco::EvaluatedScenario *scenario = nullptr;
    if (plan.actuals && m_editor->result()) {
        for (const tco::EvaluatedScenario &s : m_editor->result()->scenarios)
            if (s.name == plan.actuals->scenario)
                scenario = &s;
    }
    if (!m_editor->actualsError().isEmpty()) {
        m_summary->setText(tr("The bills could not be read: %1").arg(m_editor->actualsError()));
    } else if (months.isEmpty()) {
        m_summary->setText(tr("No bill has been imported yet. Import a FOCUS cost export (CSV or .csv.gz) from your "
                              "cloud's billing console: its GPU charges are summed per month and held against the "
                              "scenario you choose here."));
    } else if (!plan.actuals) {
        m_summary->setText(
            tr("%n month(s) of bills, %1 to %2. Choose the scenario the bills should be held against.", nullptr,
               int(months.size()))
                .arg(actuals::monthLabel(months.front().month), actuals::monthLabel(months.back().month)));
    } else if (!scenario) {
        m_summary->setText(tr("%1 cannot be evaluated yet, so there is no plan to hold the bills against.")
                               .arg(plan.actuals->scenario));
    } else {
        Expected<actuals::PlanComparison> c = actuals::compareWithPlan(scenario->result, months, plan.actuals->start);
        if (!c) {
            m_summary->setText(c.error().message);
        } else {
            m_comparison = *c;
            const double variance = c->actualToDate - c->plannedToDate;
            QString text;
            if (c->monthsWithActuals == 0) {
                text = tr("No bill covers a month of the plan (%1 to %2).")
                           .arg(actuals::monthLabel(c->start), actuals::monthLabel(c->rows.back().month));
            } else {
                const QString share = c->plannedToDate != 0
                                          ? report::percent(std::abs(variance) / c->plannedToDate, 0) + QLatin1Char(' ')
                                          : QString();
                text = tr("Over the %n month(s) with bills, the bills show %1 of GPU spend where %2 planned %3: %4 "
                          "(%5%6).",
                          nullptr, c->monthsWithActuals)
                           .arg(report::money(c->actualToDate, plan.currency), plan.actuals->scenario,
                                report::money(c->plannedToDate, plan.currency),
                                report::money(std::abs(variance), plan.currency), share,
                                variance > 0 ? tr("over plan") : tr("under plan"));
            }
            for (const QString &note : c->notes)
                text += QStringLiteral("\n") + note.left(1).toUpper() + note.mid(1) + QLatin1Char('.');
            m_summary->setText(text);
            QList<actuals::MonthActual> inPlan;
            for (const actuals::MonthActual &m : months)
                if (m.month >= c->start && m.month <= c->rows.back().month)
                    inPlan.append(m);
            const actuals::ObservedUse use = actuals::observeUse(inPlan);
            m_suggestions = actuals::calibrationSuggestions(use, plan.workload, scenario->scenario);
            m_demandNote = actuals::demandNotSuggested(use, plan.workload, scenario->scenario, scenario->name);
            const int color =
                int(std::distance(plan.scenarios.begin(),
                                  std::find_if(plan.scenarios.begin(), plan.scenarios.end(),
                                               [&](const tco::PlanScenario &s) { return s.name == scenario->name; })));
            m_monthly->setComparison(*c, scenario->name, color, plan.currency);
            m_cumulative->setComparison(*c, scenario->name, color, plan.currency);
        }
    }
    showWholeBill();
    m_monthly->setVisible(m_comparison.has_value());
    m_cumulative->setVisible(m_comparison.has_value());
    m_table->setVisible(m_comparison.has_value());
    m_calibration->setVisible(m_comparison.has_value());
    fillTable();
    fillSuggestions();
}

void ActualsPage::fillTable()
{
    const QStringList headers = {tr("Month"),     tr("Planned"), tr("Actual"),    tr("Variance"), tr("%"),
                                 tr("On-demand"), tr("Spot"),    tr("Committed"), tr("Other"),    tr("Billed")};
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(0);
    if (!m_comparison)
        return;
    const QString &currency = m_editor->plan().currency;
    // Months up to the last one a bill covers: the rest of the plan has nothing to compare yet.
    int last = -1;
    for (qsizetype i = 0; i < m_comparison->rows.size(); ++i)
        if (m_comparison->rows[i].actual)
            last = int(i);
    m_table->setRowCount(last + 1);
    for (int i = 0; i <= last; ++i) {
        const actuals::VarianceRow &r = m_comparison->rows[i];
        auto *month = new QTableWidgetItem(actuals::monthLabel(r.month));
        month->setToolTip(tr("Month %1 of the plan").arg(r.planMonth));
        m_table->setItem(i, 0, month);
        m_table->setItem(i, 1, moneyItem(r.planned, currency));
        m_table->setItem(i, 2, moneyItem(r.actual, currency));
        QTableWidgetItem *variance = moneyItem(r.variance, currency);
        if (r.variance && *r.variance > 0.005)
            variance->setForeground(theme::color(theme::Role::WarningText));
        m_table->setItem(i, 3, variance);
        auto *share =
            new QTableWidgetItem(r.varianceShare ? report::percent(*r.varianceShare, 1) : QStringLiteral("—"));
        share->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(i, 4, share);
        for (int c = 0; c < 4; ++c) {
            const auto category = actuals::PricingCategory(c);
            m_table->setItem(
                i, 5 + c,
                moneyItem(r.actual ? std::optional<double>(r.actualByCategory[std::size_t(category)]) : std::nullopt,
                          currency));
        }
        m_table->setItem(i, 9, moneyItem(r.actualBilled, currency));
    }
    // Other pricing (FOCUS "Other") joins "Not stated" only if present; it is rare enough not to need a column.
    for (int i = 0; i <= last; ++i) {
        const actuals::VarianceRow &r = m_comparison->rows[i];
        const double other = r.actualByCategory[std::size_t(actuals::PricingCategory::Other)] +
                             r.actualByCategory[std::size_t(actuals::PricingCategory::Unspecified)];
        if (r.actual)
            m_table->setItem(i, 8, moneyItem(other, currency));
    }
    m_table->resizeColumnsToContents();
}

void ActualsPage::fillSuggestions()
{
    while (QLayoutItem *item = m_suggestionRows->takeAt(0)) {
        if (item->widget())
            item->widget()->deleteLater();
        delete item;
    }
    // Why the demand is not offered, when it is not: where a reader of the README looks for it first.
    if (!m_demandNote.isEmpty()) {
        auto *why = new WrapLabel(m_demandNote, m_calibration);
        why->setObjectName(QStringLiteral("demandNotSuggested"));
        why->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
        m_suggestionRows->addWidget(why);
    }
    if (m_suggestions.isEmpty()) {
        // "Nothing else" only when so: with the demand left unchecked (said above), what matched is less than all.
        auto *none = new WrapLabel(m_demandNote.isEmpty()
                                       ? tr("Nothing else to calibrate: the plan's other values match what the bills "
                                            "show (within 1 %).")
                                       : tr("No suggestion from these bills: the values they can check match the plan "
                                            "(within 1 %); the demand could not be checked, as said above."),
                                   m_calibration);
        none->setWordWrap(true);
        none->setObjectName(QStringLiteral("noSuggestions"));
        m_suggestionRows->addWidget(none);
        return;
    }
    for (const actuals::Suggestion &s : m_suggestions) {
        const tco::ParameterInfo &info = tco::parameterInfo(s.parameter);
        auto *row = new QWidget(m_calibration);
        auto *rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto *text = new WrapLabel(row);
        text->setWordWrap(true);
        text->setTextFormat(Qt::PlainText);
        text->setText(tr("%1 (%2): %3 → %4\n%5")
                          .arg(QString::fromUtf8(info.label), s.workload ? tr("workload") : tr("this scenario"),
                               s.current ? parameterText(s.parameter, *s.current) : tr("not set"),
                               parameterText(s.parameter, s.suggested), s.reason));
        // The button beside the text it applies, naming the value it sets.
        auto *apply = new QPushButton(tr("Apply %1").arg(parameterText(s.parameter, s.suggested)), row);
        apply->setObjectName(QStringLiteral("applySuggestion_") + tco::parameterKey(s.parameter));
        apply->setToolTip(tr("Sets %1 to %2, as one step you can undo")
                              .arg(QString::fromUtf8(info.label), parameterText(s.parameter, s.suggested)));
        rowLayout->addWidget(apply, 0, Qt::AlignTop);
        rowLayout->addWidget(text, 1);
        const actuals::Suggestion suggestion = s;
        connect(apply, &QPushButton::clicked, this, [this, suggestion] {
            if (suggestion.workload) {
                m_editor->setWorkloadValue(suggestion.parameter, suggestion.suggested);
                return;
            }
            const tco::Plan &plan = m_editor->plan();
            for (qsizetype i = 0; i < plan.scenarios.size(); ++i)
                if (plan.actuals && plan.scenarios[i].name == plan.actuals->scenario)
                    m_editor->setScenarioValue(int(i), suggestion.parameter, suggestion.suggested);
        });
        m_suggestionRows->addWidget(row);
    }
}

void ActualsPage::importBillWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a bill (FOCUS cost export)"), QString(),
                                                      tr("FOCUS cost exports (*.csv *.csv.gz *.gz);;All files (*)"));
    if (!path.isEmpty())
        importBill(path); // the page shows what happened
}

void ActualsPage::importBill(const QString &path)
{
    if (isImportingBill())
        return;
    if (Status writable = m_editor->document().checkWritable(tr("import a bill into")); !writable) {
        showImportError(writable.error());
        emit billImportFinished(false);
        return;
    }
    m_importing = QFileInfo(path).fileName();
    m_importProgress = std::make_shared<ImportProgress>();
    m_progressDialog =
        newImportProgressDialog(this, QStringLiteral("billImportProgress"), m_importing, 1000, m_importProgress);
    m_import->setEnabled(false);
    m_message->hide();

    const std::shared_ptr<ImportProgress> progress = m_importProgress;
    const QString location = m_editor->document().path();
    m_importWatcher.setFuture(QtConcurrent::run([location, path, progress] {
        BillOutcome outcome;
        Expected<actuals::BillImportResult> result = actuals::runBillImport(location, path, *progress);
        if (result)
            outcome.result = std::move(*result);
        else
            outcome.error = result.error();
        return outcome;
    }));
    m_importPoll->start(100);
}

void ActualsPage::updateImportProgress()
{
    if (!m_progressDialog || !m_importProgress || m_importProgress->isCancelled())
        return;
    if (m_importProgress->stage() == ImportProgress::Stage::Finishing) {
        m_progressDialog->setLabelText(tr("Saving the monthly sums of %1…").arg(m_importing));
        m_progressDialog->setValue(950);
        return;
    }
    const double total = double(std::max<qint64>(1, m_importProgress->total()));
    const double done = double(m_importProgress->done());
    m_progressDialog->setLabelText(tr("Reading and checking %1… %2 of %3 MB")
                                       .arg(m_importing, report::grouped(done / 1e6, 1), report::grouped(total / 1e6, 1)));
    m_progressDialog->setValue(int(std::min(1.0, done / total) * 940));
}

void ActualsPage::billImportEnded()
{
    m_importPoll->stop();
    if (m_progressDialog) {
        m_progressDialog->disconnect(this);
        m_progressDialog->close();
        m_progressDialog->deleteLater();
        m_progressDialog = nullptr;
    }
    m_importProgress.reset();
    m_import->setEnabled(!m_editor->isReadOnly());
    const BillOutcome outcome = m_importWatcher.result();
    if (!outcome.result) {
        showImportError(outcome.error);
        emit billImportFinished(false);
        return;
    }
    if (outcome.result->cancelled) {
        m_message->setText(tr("The import of %1 was cancelled. Nothing was added; the document is unchanged.")
                               .arg(m_importing));
        m_message->setStyleSheet(QString());
        m_message->show();
        emit billImportFinished(false);
        return;
    }
    const actuals::BillData &bill = outcome.result->data;
    QStringList lines{tr("Imported %1: %2 GPU rows of %3 in %4 monthly sums.")
                          .arg(m_importing)
                          .arg(bill.rowsUsed)
                          .arg(bill.rowsRead)
                          .arg(bill.costs.size())};
    lines << bill.notes;
    m_message->setText(lines.join(QLatin1Char('\n')));
    m_message->setStyleSheet(QString());
    m_message->show();
    m_editor->reloadActuals();
    emit billImportFinished(true);
}

void ActualsPage::showImportError(const Error &error)
{
    QStringList lines{error.message};
    lines << error.details.mid(0, 10);
    m_message->setText(lines.join(QLatin1Char('\n')));
    m_message->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText)));
    m_message->show();
}

} // namespace mltco::ui

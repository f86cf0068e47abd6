#include "ui/risk/riskpage.h"

#include "models/report/format.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"
#include "ui/charts/chartview.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/core/glossary.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/risk/riskcharts.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QShowEvent>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace mltco::ui {
namespace {

const QString kWorkload = QStringLiteral("workload");

QString distributionText(const tco::Uncertainty &u)
{
    const auto n = [](double v) { return QString::number(v, 'g', 6); };
    switch (u.distribution) {
    case tco::DistributionKind::Triangular:
        return QObject::tr("triangular %1 / %2 / %3").arg(n(u.low), n(u.mode), n(u.high));
    case tco::DistributionKind::Pert:
        return QObject::tr("PERT %1 / %2 / %3").arg(n(u.low), n(u.mode), n(u.high));
    case tco::DistributionKind::Uniform:
        return QObject::tr("uniform %1 to %2").arg(n(u.low), n(u.high));
    case tco::DistributionKind::Lognormal:
        return QObject::tr("lognormal, median %1, P90 %2").arg(n(u.median), n(u.p90));
    }
    return {};
}

// What the plan reader says of a plan's uncertain inputs and correlations (the same rules as a plan file: the
// plan is written and read back); empty when they are fine.
QString uncertaintyProblem(const tco::Plan &candidate)
{
    const Expected<tco::Plan> checked = tco::readPlan(tco::writePlan(candidate));
    if (checked)
        return {};
    QStringList lines;
    for (const QString &d : checked.error().details)
        if (d.startsWith(QLatin1String("uncertainty")) || d.startsWith(QLatin1String("correlations")))
            lines << d;
    return lines.isEmpty() ? checked.error().details.value(0) : lines.join(QLatin1Char('\n'));
}

// The tornado's bars, at most (riskcharts' tornadoChart draws this many).
constexpr int kTornadoBars = 10;


/// What a term in a parameter's name or unit means ("reference GPU-hours", "packing efficiency"); empty when it
/// needs no word.
QString termTip(tco::ParamId id)
{
    const tco::ParameterInfo &info = tco::parameterInfo(id);
    QStringList tips;
    if (QString::fromUtf8(info.unit).contains(QLatin1String("reference GPU-hour"), Qt::CaseInsensitive))
        tips << glossary::referenceGpuHours();
    if (id == tco::ParamId::PackingEfficiency)
        tips << glossary::packingEfficiency();
    if (id == tco::ParamId::DiscountRate)
        tips << RiskPage::tr("The discount rate counts money paid later at less than money paid now; at 0 % money "
                             "later counts as much as money now.");
    return tips.join(QLatin1Char(' '));
}

QTableWidgetItem *item(const QString &text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto *i = new QTableWidgetItem(text);
    i->setTextAlignment(align);
    i->setFlags(i->flags() & ~Qt::ItemIsEditable);
    return i;
}

} // namespace

RiskPage::RiskPage(PlanEditor *editor, QWidget *parent) : QWidget(parent), m_editor(editor), m_poll(new QTimer(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter = splitter;
    layout->addWidget(splitter);

    // The editor scrolls rather than making the window taller than a laptop screen.
    auto *panel = new QWidget;
    buildEditor(panel);
    auto *panelScroll = new QScrollArea(splitter);
    panelScroll->setWidgetResizable(true);
    panelScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // wrapped text: see the dashboard's scroll area
    panelScroll->setFrameShape(QFrame::NoFrame);
    panelScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    panelScroll->setWidget(panel);
    panelScroll->setMinimumWidth(340);

    auto *results = new QWidget;
    auto *resultLayout = new QVBoxLayout(results);
    resultLayout->setContentsMargins(8, 0, 0, 0);
    auto *title = new QLabel(tr("<h2>Risk</h2>"), results);
    resultLayout->addWidget(title);
    m_status = new QLabel(tr("Give the plan's uncertain inputs a distribution on the left, then run the trials. The tornado below "
                                "needs none: it moves one input at a time (±20 %, or its distribution's range)."), results);
    m_status->setObjectName(QStringLiteral("riskStatus"));
    m_status->setWordWrap(true);
    resultLayout->addWidget(m_status);
    m_summary = new QTableWidget(0, 7, results);
    m_summary->setTabKeyNavigation(false);
    m_summary->setObjectName(QStringLiteral("riskSummary"));
    m_summary->setHorizontalHeaderLabels({tr("Scenario"), tr("Mean"), tr("P10"), tr("P50 (median)"), tr("P90"),
                                          tr("NPV P50"), tr("Cheapest in")});
    for (int c : {2, 3, 4})
        m_summary->horizontalHeaderItem(c)->setToolTip(glossary::percentiles());
    m_summary->horizontalHeaderItem(5)->setToolTip(tr("The median of the NPV over the trials. %1").arg(glossary::npv()));
    m_summary->verticalHeader()->hide();
    m_summary->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 7; ++c)
        m_summary->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_summary->setMinimumHeight(90);
    m_summary->hide(); // until there is a result to show
    resultLayout->addWidget(m_summary);
    m_payback = new QLabel(results);
    m_payback->setObjectName(QStringLiteral("riskPayback"));
    m_payback->setToolTip(tr("The month owning pays back, over the trials: 1 in 10 futures pays back by the P10 month, "
                             "half by the median month and 9 in 10 by the P90 month."));
    m_payback->setWordWrap(true);
    resultLayout->addWidget(m_payback);
    m_fan = new ChartView(results);
    m_fan->setObjectName(QStringLiteral("fanChart"));
    m_fan->setToolTip(glossary::percentiles());
    m_fan->setMinimumHeight(300);
    resultLayout->addWidget(m_fan, 3);
    auto *lower = new QHBoxLayout;
    m_lower = lower;
    auto *tornadoBox = new QVBoxLayout;
    m_tornadoScenario = new QComboBox(results);
    m_tornadoScenario->setObjectName(QStringLiteral("tornadoScenario"));
    m_tornadoScenario->setToolTip(tr("The option whose tornado is shown. %1").arg(glossary::tornado()));
    connect(m_tornadoScenario, &QComboBox::currentIndexChanged, this, &RiskPage::showTornado);
    tornadoBox->addWidget(m_tornadoScenario);
    m_tornado = new ChartView(results);
    m_tornado->setObjectName(QStringLiteral("tornadoChart"));
    m_tornado->setMinimumHeight(300);
    m_tornado->installEventFilter(this); // its names follow its width
    tornadoBox->addWidget(m_tornado, 1);
    lower->addLayout(tornadoBox, 1);
    m_histogram = new ChartView(results);
    m_histogram->setObjectName(QStringLiteral("histogramChart"));
    m_histogram->setMinimumHeight(300);
    lower->addWidget(m_histogram, 1);
    resultLayout->addLayout(lower, 3);
    auto *scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // wrapped text: see the dashboard's scroll area
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(results);
    splitter->addWidget(panelScroll);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({400, 1000});

    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (m_done)
            m_progress->setValue(m_done->load());
    });
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &RiskPage::showResult);
    connect(m_editor, &PlanEditor::planChanged, this, &RiskPage::planChanged);
    // Until a run: say what each chart will show, and draw the tornado, which needs no trials.
    for (auto [view, text] : {std::pair{m_fan, tr("Cumulative cost: the P10–P90 band of each scenario (run the trials)")},
                              std::pair{m_histogram, tr("Totals over the trials (run the trials)")}}) {
        auto *placeholder = new QChart;
        placeholder->setTitle(text);
        palette::styleChart(placeholder);
        view->setChart(placeholder);
    }
    planChanged();
}

void RiskPage::planChanged()
{
    // The tables, the distribution preview and the tornado (two evaluations of the plan per input) cost more than
    // the rest of an edit together: while another page is shown, they wait until this one is. isHidden(), not
    // isVisible(): the current page of a window that is not on screen yet still refreshes.
    if (isHidden()) {
        m_stale = true;
        return;
    }
    refreshEditor();
}

bool RiskPage::eventFilter(QObject *watched, QEvent *event)
{
    // The tornado's names are fitted to its view's width, so they follow it.
    if (watched == m_tornado && event->type() == QEvent::Resize &&
        risk::tornadoLabelWidth(m_tornado->width()) != m_tornadoLabelWidth)
        QTimer::singleShot(0, this, &RiskPage::showTornado); // after the resize, never inside the view's own layout
    return QWidget::eventFilter(watched, event);
}

void RiskPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // On a narrow window each chart of the lower row keeps the whole width of the results.
    m_lower->setDirection(width() >= kSideBySideWidth ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

void RiskPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refreshEditor();
}

RiskPage::~RiskPage()
{
    if (m_cancelled)
        m_cancelled->store(true);
    m_watcher.waitForFinished();
}

void RiskPage::buildEditor(QWidget *panel)
{
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 8, 0);
    auto *inputs = new QGroupBox(tr("Uncertain inputs"), panel);
    auto *inputsLayout = new QVBoxLayout(inputs);
    m_table = new QTableWidget(0, 3, inputs);
    m_table->setTabKeyNavigation(false);
    m_table->setObjectName(QStringLiteral("uncertaintyTable"));
    m_table->setAccessibleName(tr("Uncertain inputs"));
    m_table->setHorizontalHeaderLabels({tr("Of"), tr("Parameter"), tr("Distribution")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setMinimumHeight(130);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { showEntry(row); });
    inputsLayout->addWidget(m_table);

    auto *form = new QFormLayout;
    m_target = new QComboBox(inputs);
    m_target->setObjectName(QStringLiteral("uncertaintyTarget"));
    m_parameter = new QComboBox(inputs);
    m_parameter->setObjectName(QStringLiteral("uncertaintyParameter"));
    m_distribution = new QComboBox(inputs);
    m_distribution->setObjectName(QStringLiteral("uncertaintyDistribution"));
    m_distribution->addItem(tr("Triangular (low, most likely, high)"), int(tco::DistributionKind::Triangular));
    m_distribution->addItem(tr("PERT (low, most likely, high; smoother)"), int(tco::DistributionKind::Pert));
    m_distribution->addItem(tr("Uniform (low, high)"), int(tco::DistributionKind::Uniform));
    m_distribution->addItem(tr("Lognormal (median, P90)"), int(tco::DistributionKind::Lognormal));
    form->addRow(tr("Of"), m_target);
    form->addRow(tr("Parameter"), m_parameter);
    form->addRow(tr("Distribution"), m_distribution);
    static const char *const names[] = {"uncertaintyLow", "uncertaintyMode", "uncertaintyHigh"};
    for (int i = 0; i < 3; ++i) {
        m_fields[i] = new QDoubleSpinBox(inputs);
        m_fields[i]->setObjectName(QLatin1String(names[i]));
        m_fields[i]->setRange(-1e12, 1e12);
        m_fields[i]->setDecimals(4);
        m_fields[i]->setGroupSeparatorShown(true);
        m_fieldLabels[i] = new QLabel(inputs);
        form->addRow(m_fieldLabels[i], m_fields[i]);
        connect(m_fields[i], &QDoubleSpinBox::valueChanged, this, &RiskPage::updatePreview);
    }
    inputsLayout->addLayout(form);
    m_problem = new QLabel(inputs);
    m_problem->setObjectName(QStringLiteral("uncertaintyProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::WarningText)));
    inputsLayout->addWidget(m_problem);
    m_preview = new ChartView(inputs);
    m_preview->setObjectName(QStringLiteral("distributionPreview"));
    m_preview->setFixedHeight(130);
    inputsLayout->addWidget(m_preview);
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add"), inputs);
    add->setObjectName(QStringLiteral("addUncertaintyButton"));
    auto *update = new QPushButton(tr("Update"), inputs);
    update->setObjectName(QStringLiteral("updateUncertaintyButton"));
    auto *remove = new QPushButton(tr("Remove"), inputs);
    remove->setObjectName(QStringLiteral("removeUncertaintyButton"));
    connect(add, &QPushButton::clicked, this, [this] { addOrUpdate(false); });
    connect(update, &QPushButton::clicked, this, [this] { addOrUpdate(true); });
    connect(remove, &QPushButton::clicked, this, &RiskPage::removeSelected);
    buttons->addWidget(add);
    buttons->addWidget(update);
    buttons->addWidget(remove);
    inputsLayout->addLayout(buttons);
    layout->addWidget(inputs);
    connect(m_target, &QComboBox::currentIndexChanged, this, &RiskPage::refreshParameters);
    connect(m_parameter, &QComboBox::currentIndexChanged, this, &RiskPage::refreshFields);
    connect(m_distribution, &QComboBox::currentIndexChanged, this, &RiskPage::refreshFields);

    auto *corr = new QGroupBox(tr("Rank correlations"), panel);
    auto *corrLayout = new QVBoxLayout(corr);
    m_correlations = new QTableWidget(0, 3, corr);
    m_correlations->setTabKeyNavigation(false);
    m_correlations->setObjectName(QStringLiteral("correlationTable"));
    m_correlations->setAccessibleName(tr("Rank correlations"));
    m_correlations->setHorizontalHeaderLabels({tr("Input"), tr("With"), tr("Rank ρ")});
    m_correlations->verticalHeader()->hide();
    m_correlations->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_correlations->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_correlations->setMaximumHeight(100);
    corrLayout->addWidget(m_correlations);
    auto *corrRow = new QHBoxLayout;
    m_corrA = new QComboBox(corr);
    m_corrB = new QComboBox(corr);
    m_corrRank = new QDoubleSpinBox(corr);
    m_corrRank->setObjectName(QStringLiteral("correlationRank"));
    m_corrRank->setRange(-0.99, 0.99);
    m_corrRank->setSingleStep(0.1);
    m_corrRank->setValue(0.5);
    auto *addCorr = new QPushButton(tr("Add"), corr);
    addCorr->setObjectName(QStringLiteral("addCorrelationButton"));
    auto *removeCorr = new QPushButton(tr("Remove"), corr);
    connect(addCorr, &QPushButton::clicked, this, &RiskPage::addCorrelation);
    connect(removeCorr, &QPushButton::clicked, this, &RiskPage::removeCorrelation);
    auto *corrPick = new QHBoxLayout;
    corrPick->addWidget(m_corrA, 1);
    corrPick->addWidget(new QLabel(tr("with"), corr));
    corrPick->addWidget(m_corrB, 1);
    corrLayout->addLayout(corrPick);
    corrRow->addWidget(new QLabel(tr("Rank ρ"), corr));
    corrRow->addWidget(m_corrRank);
    corrRow->addStretch(1);
    corrRow->addWidget(addCorr);
    corrRow->addWidget(removeCorr);
    corrLayout->addLayout(corrRow);
    layout->addWidget(corr);

    auto *runBox = new QGroupBox(tr("Trials"), panel);
    auto *runForm = new QFormLayout(runBox);
    m_trials = new QSpinBox(runBox);
    m_trials->setObjectName(QStringLiteral("trialsSpin"));
    m_trials->setRange(100, tco::kMaxTrials);
    m_trials->setSingleStep(1000);
    m_trials->setValue(10000);
    m_trials->setGroupSeparatorShown(true);
    m_seed = new QSpinBox(runBox);
    m_seed->setObjectName(QStringLiteral("seedSpin"));
    m_seed->setRange(0, 2147483647);
    m_seed->setValue(1);
    m_sampling = new QComboBox(runBox);
    m_sampling->addItem(tr("Latin hypercube"), int(tco::Sampling::LatinHypercube));
    m_sampling->addItem(tr("Random"), int(tco::Sampling::Random));
    runForm->addRow(tr("Trials"), m_trials);
    runForm->addRow(tr("Seed"), m_seed);
    runForm->addRow(tr("Sampling"), m_sampling);
    m_converge = new QCheckBox(tr("Stop once every median is known to ±1 %"), runBox);
    m_converge->setObjectName(QStringLiteral("convergeCheck"));
    m_converge->setToolTip(tr("Runs 1,000 trials, then 2,000, 4,000, ... up to the number above, and stops when every "
                              "scenario's median is within ±1 % at 95 % confidence."));
    runForm->addRow(m_converge);
    auto *runRow = new QHBoxLayout;
    m_run = new QPushButton(tr("Run"), runBox);
    m_run->setObjectName(QStringLiteral("runAnalysisButton"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"), runBox);
    m_cancel->setObjectName(QStringLiteral("cancelAnalysisButton"));
    m_cancel->setEnabled(false);
    connect(m_run, &QPushButton::clicked, this, &RiskPage::run);
    connect(m_cancel, &QPushButton::clicked, this, &RiskPage::cancel);
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runForm->addRow(runRow);
    m_progress = new QProgressBar(runBox);
    m_progress->setObjectName(QStringLiteral("analysisProgress"));
    m_progress->setValue(0);
    runForm->addRow(m_progress);
    layout->addWidget(runBox);
    layout->addStretch(1);
    panel->setMinimumWidth(380);
}

void RiskPage::refreshEditor()
{
    m_stale = false;
    const tco::Plan &plan = m_editor->plan();
    const int row = m_table->currentRow();
    m_table->setRowCount(static_cast<int>(plan.uncertainty.size()));
    m_corrA->clear();
    m_corrB->clear();
    for (int i = 0; i < plan.uncertainty.size(); ++i) {
        const tco::Uncertainty &u = plan.uncertainty[i];
        m_table->setItem(i, 0, item(u.target));
        // The input in words; its plan-file key in the tooltip for whoever edits the JSON.
        const QString name = QString::fromUtf8(tco::parameterInfo(u.parameter).label);
        QTableWidgetItem *parameter = item(name);
        const QString term = termTip(u.parameter);
        parameter->setToolTip(term.isEmpty() ? tr("Plan-file key: %1").arg(tco::parameterKey(u.parameter))
                                             : tr("%1\nPlan-file key: %2").arg(term, tco::parameterKey(u.parameter)));
        m_table->setItem(i, 1, parameter);
        m_table->setItem(i, 2, item(distributionText(u)));
        const QString label = QStringLiteral("%1: %2 (%3)").arg(i + 1).arg(name, u.target);
        m_corrA->addItem(label, i);
        m_corrB->addItem(label, i);
    }
    m_correlations->setRowCount(static_cast<int>(plan.correlations.size()));
    for (int i = 0; i < plan.correlations.size(); ++i) {
        const tco::RankCorrelation &c = plan.correlations[i];
        m_correlations->setItem(i, 0, item(QString::number(c.a + 1)));
        m_correlations->setItem(i, 1, item(QString::number(c.b + 1)));
        m_correlations->setItem(i, 2, item(QString::number(c.rank, 'f', 2)));
    }
    const QString target = m_target->currentText();
    {
        const QSignalBlocker block(m_target);
        m_target->clear();
        m_target->addItem(kWorkload);
        for (const tco::PlanScenario &s : plan.scenarios)
            m_target->addItem(s.name);
        const int again = m_target->findText(target);
        m_target->setCurrentIndex(again >= 0 ? again : 0);
    }
    refreshParameters();
    if (row >= 0 && row < m_table->rowCount())
        m_table->selectRow(row);
    if (m_result && !m_status->text().contains(tr("The plan has changed")) && !isRunning())
        m_status->setText(m_status->text() + tr(" The plan has changed since: run again to see it."));
    // The trials' figures are of the plan as it was: faded until run again (the tornado follows the plan by itself).
    if (m_result && !isRunning())
        for (QWidget *w : std::initializer_list<QWidget *>{m_summary, m_payback, m_fan, m_histogram})
            theme::setOutOfDate(w, true);
    refreshTornado();
}

void RiskPage::refreshTornado()
{
    if (!m_editor->result())
        return;
    // The tornado (one input at a time, two evaluations each) needs no trials and costs little: it follows the plan
    // as it is edited, whether or not the trials above have been run on it.
    const tco::Plan &plan = m_editor->plan();
    tco::AnalysisResult live;
    live.currency = m_editor->result()->currency;
    live.tornado = tco::tornado(plan, *m_editor->result(), 0.2);
    for (const tco::EvaluatedScenario &e : m_editor->result()->scenarios)
        live.scenarios.push_back({e.name, 0, {}, 0, {}, 0});
    m_preliminary = std::move(live);
    m_liveBase = *m_editor->result();
    const QString current = m_tornadoScenario->currentText();
    {
        const QSignalBlocker block(m_tornadoScenario);
        m_tornadoScenario->clear();
        for (const tco::ScenarioRisk &r : m_preliminary->scenarios)
            m_tornadoScenario->addItem(r.name);
        // The option chosen before, else the one the plan recommends (what a reader asks "how sure" about).
        int index = m_tornadoScenario->findText(current);
        if (index < 0)
            index = std::max(0, tco::cheapestMeetingDemand(*m_liveBase));
        m_tornadoScenario->setCurrentIndex(index);
    }
    showTornado();
}

void RiskPage::refreshParameters()
{
    const tco::Plan &plan = m_editor->plan();
    const QString target = m_target->currentText();
    const auto previous = m_parameter->currentData();
    QList<tco::ParamId> ids;
    if (target == kWorkload) {
        for (tco::ParamId id : tco::workloadParameters())
            if (id != tco::ParamId::HorizonMonths)
                ids << id;
    } else if (const tco::PlanScenario *s = plan.scenario(target)) {
        ids = tco::scenarioParameters(s->kind());
    }
    const QSignalBlocker block(m_parameter);
    m_parameter->clear();
    for (tco::ParamId id : std::as_const(ids)) {
        const tco::ParameterInfo &info = tco::parameterInfo(id);
        if (info.type != tco::ParamType::Number && info.type != tco::ParamType::Integer)
            continue;
        m_parameter->addItem(QStringLiteral("%1 (%2)").arg(QString::fromUtf8(info.label),
                                                             tco::unitInCurrency(QString::fromUtf8(info.unit),
                                                                                 plan.currency)),
                             static_cast<int>(id));
        if (const QString term = termTip(id); !term.isEmpty())
            m_parameter->setItemData(m_parameter->count() - 1, term, Qt::ToolTipRole);
    }
    const int again = m_parameter->findData(previous);
    m_parameter->setCurrentIndex(again >= 0 ? again : 0);
    refreshFields();
}

void RiskPage::refreshFields()
{
    const auto kind = static_cast<tco::DistributionKind>(m_distribution->currentData().toInt());
    const bool lognormal = kind == tco::DistributionKind::Lognormal;
    const bool withMode = kind == tco::DistributionKind::Triangular || kind == tco::DistributionKind::Pert;
    m_fieldLabels[0]->setText(lognormal ? tr("Median") : tr("Low"));
    m_fieldLabels[1]->setText(tr("Most likely"));
    m_fieldLabels[2]->setText(lognormal ? tr("P90") : tr("High"));
    m_fieldLabels[0]->setToolTip(lognormal ? tr("Half of the input's draws fall below the median.") : QString());
    m_fieldLabels[2]->setToolTip(lognormal ? tr("9 in 10 of the input's draws fall below the P90.") : QString());
    m_fields[1]->setVisible(withMode);
    m_fieldLabels[1]->setVisible(withMode);
    // Start from the plan's value of the parameter: low −20 %, most likely as planned, high +20 %.
    if (m_parameter->currentIndex() >= 0 && m_table->currentRow() < 0) {
        const auto id = static_cast<tco::ParamId>(m_parameter->currentData().toInt());
        std::optional<double> v;
        const tco::Plan &plan = m_editor->plan();
        if (m_target->currentText() == kWorkload)
            v = tco::parameterValue(plan.workload, id);
        else if (const tco::PlanScenario *s = plan.scenario(m_target->currentText()))
            v = tco::parameterValue(s->scenario, id);
        if (v && *v != 0) {
            const QSignalBlocker b0(m_fields[0]), b1(m_fields[1]), b2(m_fields[2]);
            m_fields[0]->setValue(lognormal ? *v : *v * 0.8);
            m_fields[1]->setValue(*v);
            m_fields[2]->setValue(lognormal ? *v * 1.5 : *v * 1.2);
        }
    }
    updatePreview();
}

void RiskPage::showEntry(int row)
{
    const tco::Plan &plan = m_editor->plan();
    if (row < 0 || row >= plan.uncertainty.size())
        return;
    const tco::Uncertainty &u = plan.uncertainty[row];
    const QSignalBlocker bt(m_target), bp(m_parameter), bd(m_distribution);
    m_target->setCurrentIndex(std::max(0, m_target->findText(u.target)));
    refreshParameters();
    m_parameter->setCurrentIndex(std::max(0, m_parameter->findData(static_cast<int>(u.parameter))));
    m_distribution->setCurrentIndex(std::max(0, m_distribution->findData(static_cast<int>(u.distribution))));
    const QSignalBlocker b0(m_fields[0]), b1(m_fields[1]), b2(m_fields[2]);
    const bool lognormal = u.distribution == tco::DistributionKind::Lognormal;
    m_fields[0]->setValue(lognormal ? u.median : u.low);
    m_fields[1]->setValue(u.mode);
    m_fields[2]->setValue(lognormal ? u.p90 : u.high);
    refreshFields();
}

std::optional<tco::Uncertainty> RiskPage::entryFromForm(QString *problem) const
{
    if (m_parameter->currentIndex() < 0) {
        *problem = tr("Choose a parameter.");
        return std::nullopt;
    }
    tco::Uncertainty u;
    u.target = m_target->currentText();
    u.parameter = static_cast<tco::ParamId>(m_parameter->currentData().toInt());
    u.distribution = static_cast<tco::DistributionKind>(m_distribution->currentData().toInt());
    if (u.distribution == tco::DistributionKind::Lognormal) {
        u.median = m_fields[0]->value();
        u.p90 = m_fields[2]->value();
    } else {
        u.low = m_fields[0]->value();
        u.mode = u.distribution == tco::DistributionKind::Uniform ? u.low : m_fields[1]->value();
        u.high = m_fields[2]->value();
    }
    return u;
}

void RiskPage::addOrUpdate(bool update)
{
    QString problem;
    const std::optional<tco::Uncertainty> entry = entryFromForm(&problem);
    QList<tco::Uncertainty> list = m_editor->plan().uncertainty;
    const int row = m_table->currentRow();
    if (entry) {
        if (update && row >= 0 && row < list.size())
            list[row] = *entry;
        else
            list << *entry;
        tco::Plan candidate = m_editor->plan();
        candidate.uncertainty = list;
        problem = uncertaintyProblem(candidate);
    }
    m_problem->setText(problem);
    if (!problem.isEmpty())
        return;
    m_editor->setUncertainty(list, m_editor->plan().correlations);
}

void RiskPage::removeSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_editor->plan().uncertainty.size())
        return;
    tco::Plan after = m_editor->plan();
    tco::removeUncertainty(after, [row](const tco::Uncertainty &, int position) { return position == row; });
    m_table->setCurrentCell(-1, -1);
    m_editor->setUncertainty(after.uncertainty, after.correlations);
}

void RiskPage::addCorrelation()
{
    QList<tco::RankCorrelation> list = m_editor->plan().correlations;
    list << tco::RankCorrelation{m_corrA->currentData().toInt(), m_corrB->currentData().toInt(), m_corrRank->value()};
    tco::Plan candidate = m_editor->plan();
    candidate.correlations = list;
    m_problem->setText(uncertaintyProblem(candidate));
    if (!m_problem->text().isEmpty())
        return;
    m_editor->setUncertainty(m_editor->plan().uncertainty, list);
}

void RiskPage::removeCorrelation()
{
    const int row = m_correlations->currentRow();
    QList<tco::RankCorrelation> list = m_editor->plan().correlations;
    if (row < 0 || row >= list.size())
        return;
    list.removeAt(row);
    m_editor->setUncertainty(m_editor->plan().uncertainty, list);
}

void RiskPage::updatePreview()
{
    QString problem;
    const std::optional<tco::Uncertainty> entry = entryFromForm(&problem);
    const bool valid = entry && (entry->distribution == tco::DistributionKind::Lognormal
                                     ? entry->median > 0 && entry->p90 > entry->median
                                     : entry->low < entry->high && entry->mode >= entry->low && entry->mode <= entry->high);
    if (valid)
        m_preview->setChart(risk::distributionPreview(*entry));
    else
        m_preview->setChart(new QChart);
}

bool RiskPage::isRunning() const { return m_running; }

void RiskPage::run()
{
    if (isRunning())
        return;
    if (m_stale)
        refreshEditor();
    const std::optional<tco::PlanResult> &base = m_editor->result();
    if (!base) {
        m_status->setText(tr("The plan cannot be evaluated (%1); fix it on the Scenarios page first.").arg(m_editor->evaluationError()));
        return;
    }
    tco::AnalysisOptions options;
    options.trials = m_trials->value();
    options.seed = static_cast<quint64>(m_seed->value());
    options.sampling = static_cast<tco::Sampling>(m_sampling->currentData().toInt());
    options.keepSamples = true; // the histogram
    options.converge = m_converge->isChecked();
    m_done = std::make_shared<std::atomic<int>>(0);
    m_cancelled = std::make_shared<std::atomic<bool>>(false);
    options.progress = [done = m_done, cancelled = m_cancelled](int n, int) {
        done->store(n);
        return !cancelled->load();
    };
    m_running = true;
    m_progress->setRange(0, options.trials);
    m_progress->setValue(0);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Running %1 trials…").arg(report::grouped(options.trials, 0)));
    // Scenarios that cannot be evaluated yet are left out of the dashboard: their uncertain inputs wait too.
    QStringList dropped;
    const tco::Plan plan = tco::withoutLeftOutUncertainty(m_editor->plan(), *base, &dropped);
    m_sampled = static_cast<int>(plan.uncertainty.size());
    m_leftOutNote.clear();
    for (const QString &name : std::as_const(dropped))
        m_leftOutNote += tr(" The uncertain inputs of \u201c%1\u201d wait until it can be evaluated.").arg(name);
    m_resultBase = *base;
    const tco::PlanResult baseCopy = *base;
    m_watcher.setFuture(QtConcurrent::run([plan, baseCopy, options] {
        return std::make_shared<Expected<tco::AnalysisResult>>(tco::analyzePlan(plan, baseCopy, options));
    }));
    m_poll->start();
}

void RiskPage::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

void RiskPage::showResult()
{
    m_running = false;
    m_poll->stop();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    const auto outcome = m_watcher.result();
    if (!outcome || !*outcome) {
        const QString why = outcome ? (*outcome).error().message : tr("no result");
        m_status->setText(why == tco::analysisCancelledMessage() ? tr("Cancelled; the last result stays.") : why);
        emit finished();
        return;
    }
    m_result = std::move(outcome->value());
    const tco::AnalysisResult &r = *m_result;
    for (QWidget *w : std::initializer_list<QWidget *>{m_summary, m_payback, m_fan, m_histogram})
        theme::setOutOfDate(w, false);
    m_progress->setValue(r.trials);
    m_status->setText(tr("%1 trials, %2, seed %3, %4 uncertain inputs. Same seed, same answer.%5")
                          .arg(report::grouped(r.trials, 0),
                               r.sampling == tco::Sampling::LatinHypercube ? tr("Latin hypercube") : tr("random sampling"))
                          .arg(r.seed)
                          .arg(m_sampled)
                          .arg((!r.converged ? QString()
                                : *r.converged ? tr(" Every median settled to ±1 %.")
                                               : tr(" The medians had not settled to ±1 %: run more trials.")) +
                               m_leftOutNote));
    m_summary->show();
    m_summary->setRowCount(static_cast<int>(r.scenarios.size()));
    const auto right = Qt::AlignRight | Qt::AlignVCenter;
    for (int i = 0; i < static_cast<int>(r.scenarios.size()); ++i) {
        const tco::ScenarioRisk &s = r.scenarios[static_cast<std::size_t>(i)];
        // The name in the table's own text colour (a pale scenario colour on white cannot be read), keyed to the
        // charts by a swatch of its colour.
        auto *name = item(s.name);
        QPixmap swatch(12, 12);
        swatch.fill(palette::scenarioColor(i));
        name->setIcon(QIcon(swatch));
        m_summary->setItem(i, 0, name);
        m_summary->setItem(i, 1, item(report::moneyWhole(s.mean, r.currency), right));
        m_summary->setItem(i, 2, item(report::moneyWhole(s.total.p10, r.currency), right));
        m_summary->setItem(i, 3, item(report::moneyWhole(s.total.p50, r.currency), right));
        m_summary->setItem(i, 4, item(report::moneyWhole(s.total.p90, r.currency), right));
        m_summary->setItem(i, 5, item(report::moneyWhole(s.npv.p50, r.currency), right));
        m_summary->setItem(i, 6, item(report::percent(s.pCheapest), right));
    }
    QStringList payback;
    for (const tco::BreakEvenMonthRisk &b : r.breakevenMonths) {
        const auto month = [this](const std::optional<double> &m) {
            return m ? tr("month %1").arg(std::round(*m)) : tr("never");
        };
        // The dashboard's pair first and said to be so: the same counterpart the card and the reports measure by.
        const QString line =
            tr("<b>%1</b> pays back against <b>%2</b>%7: P10 %3, median %4, P90 %5; never in %6 of trials.")
                .arg(b.purchase.toHtmlEscaped(), b.cloud.toHtmlEscaped(), month(b.p10), month(b.p50), month(b.p90),
                     report::percent(b.pNever),
                     b.onDashboard ? tr(" (the cheapest cloud option, as on the dashboard)") : QString());
        if (b.onDashboard)
            payback.prepend(line);
        else
            payback << line;
    }
    m_payback->setText(payback.join(QStringLiteral("<br>")));
    // The table as tall as its rows, so the charts get the room.
    m_summary->setFixedHeight(m_summary->horizontalHeader()->height() + 4 +
                              m_summary->verticalHeader()->length());
    m_fan->setChart(risk::fanChart(r));
    m_fan->attachLegendToggles();
    m_histogram->setChart(risk::histogramChart(r));
    m_histogram->attachLegendToggles();
    m_histogram->fitLegend(static_cast<int>(r.scenarios.size()));
    emit finished();
}

void RiskPage::showTornado()
{
    // Always the plan as it stands (refreshTornado), never a run's tornado of an older plan.
    if (!m_preliminary || !m_liveBase)
        return;
    const int i = m_tornadoScenario->currentIndex();
    if (i < 0 || i >= static_cast<int>(m_liveBase->scenarios.size()))
        return;
    const QString scenario = m_tornadoScenario->currentText();
    const double total = m_liveBase->scenarios[static_cast<std::size_t>(i)].result.total;
    m_tornadoLabelWidth = risk::tornadoLabelWidth(m_tornado->width());
    m_tornado->setChart(risk::tornadoChart(*m_preliminary, scenario, total, kTornadoBars, m_tornadoLabelWidth));
    // What the tornado is, and what the terms of its bars mean (each said once).
    QStringList tips{glossary::tornado()};
    int bars = 0;
    for (const tco::TornadoEntry &e : m_preliminary->tornado) {
        if (e.scenario != scenario)
            continue;
        if (++bars > kTornadoBars)
            break;
        if (const QString term = termTip(e.parameter); !term.isEmpty() && !tips.contains(term))
            tips << term;
    }
    m_tornado->setToolTip(tips.join(QLatin1Char('\n')));
}

} // namespace mltco::ui

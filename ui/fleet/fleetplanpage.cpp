#include "ui/fleet/fleetplanpage.h"

#include "models/report/fleetreport.h"
#include "models/report/format.h"
#include "ui/charts/chartview.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/core/glossary.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/fleet/fleetcharts.h"

#include <QChart>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QResizeEvent>
#include <QShowEvent>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace mltco::ui {

namespace {

// The risk slider's stops (model.md §11.4's frontier levels): 0 is the mean, the others CVaR at beta.
constexpr double kRiskLevels[] = {0.0, 0.5, 0.8, 0.9, 0.95};

QString riskWords(double beta)
{
    if (beta <= 0.0)
        return FleetPlanPage::tr("Cheapest on average (the mean over the futures)");
    return FleetPlanPage::tr("Safest in the worst %1 of futures (CVaR at %2)")
        .arg(report::percent(1.0 - beta, 0), report::percent(beta, 0));
}


void fillRole(QComboBox *box, const tco::Plan &plan, tco::ScenarioKind kind, const QString &current)
{
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(FleetPlanPage::tr("none"), QString());
    for (const tco::PlanScenario &s : plan.scenarios)
        if (s.kind() == kind)
            box->addItem(s.name, s.name);
    box->setCurrentIndex(std::max(0, box->findData(current)));
}

// The candidates of one role: the request's first in its order, then the plan's other scenarios of the kind; `ticked`
// are checked.
void fillCandidates(QListWidget *list, const tco::Plan &plan, tco::ScenarioKind kind, const QStringList &ticked)
{
    const QSignalBlocker block(list);
    list->clear();
    QStringList names;
    for (const QString &name : ticked)
        if (const tco::PlanScenario *s = plan.scenario(name); s && s->kind() == kind)
            names << name;
    for (const tco::PlanScenario &s : plan.scenarios)
        if (s.kind() == kind && !names.contains(s.name))
            names << s.name;
    for (const QString &name : names) {
        auto *item = new QListWidgetItem(name, list);
        item->setToolTip(name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(ticked.contains(name) ? Qt::Checked : Qt::Unchecked);
    }
    // Tall enough for four without scrolling, no taller than its rows.
    const int rows = std::clamp(static_cast<int>(names.size()), 1, 4);
    const int row = std::max(list->fontMetrics().height() + 6, list->sizeHintForRow(0));
    list->setFixedHeight(rows * row + 2 * list->frameWidth() + 4);
}

QStringList tickedIn(const QListWidget *list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked)
            out << list->item(i)->text();
    return out;
}

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    item->setTextAlignment(number ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
    return item;
}

} // namespace

FleetPlanPage::FleetPlanPage(PlanEditor *editor, QWidget *parent) : QWidget(parent), m_editor(editor), m_poll(new QTimer(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(splitter);

    // The request, on the left; it scrolls on a small screen.
    auto *panel = new QWidget;
    auto *form = new QVBoxLayout(panel);
    form->setContentsMargins(0, 0, 8, 0);
    auto *intro = new QLabel(tr("<h2>Fleet plan</h2>What to own, what to reserve and what to burst, and when: the "
                                "decision that costs least over the plan's futures at the risk you choose."),
                             panel);
    intro->setWordWrap(true);
    form->addWidget(intro);
    auto *roles = new QGroupBox(tr("Choices"), panel);
    auto *rolesForm = new QFormLayout(roles);
    m_own = new QListWidget(roles);
    m_own->setObjectName(QStringLiteral("fleetOwn"));
    m_own->setAccessibleName(tr("Servers to buy"));
    m_own->setToolTip(tr("The servers that may be bought (purchase scenarios: price and its trend, tiers, power, staff, "
                         "on sale from, lead time). Tick several to choose between generations; the first ticked serves "
                         "first."));
    m_reserve = new QListWidget(roles);
    m_reserve->setObjectName(QStringLiteral("fleetReserve"));
    m_reserve->setAccessibleName(tr("Instances to reserve"));
    m_reserve->setToolTip(tr("The instances that may be reserved (reserved scenarios: rate, discount, upfront; the first "
                             "term's length). They serve after the servers, in the order listed."));
    m_burst = new QComboBox(roles);
    m_burst->setObjectName(QStringLiteral("fleetBurst"));
    m_burst->setToolTip(tr("Pay-per-use for what the owned and reserved capacity cannot serve (an elastic scenario)"));
    // The candidate lists take the group's whole width (scenario names are long); several may be ticked.
    auto *ownLabel = new QLabel(tr("Own: the servers that may be bought (tick one or more generations)"), roles);
    ownLabel->setWordWrap(true);
    ownLabel->setBuddy(m_own);
    auto *reserveLabel = new QLabel(tr("Reserve: the instances that may be reserved"), roles);
    reserveLabel->setWordWrap(true);
    reserveLabel->setBuddy(m_reserve);
    for (QListWidget *list : {m_own, m_reserve}) {
        list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        list->setTextElideMode(Qt::ElideRight);
    }
    rolesForm->addRow(ownLabel);
    rolesForm->addRow(m_own);
    rolesForm->addRow(reserveLabel);
    rolesForm->addRow(m_reserve);
    rolesForm->addRow(tr("Burst"), m_burst);
    m_every = new QSpinBox(roles);
    m_every->setObjectName(QStringLiteral("fleetEvery"));
    m_every->setRange(1, 24);
    m_every->setSuffix(tr(" months"));
    m_every->setToolTip(tr("How often a decision may be taken: servers bought and instances reserved from month 1 every so "
                           "many months"));
    rolesForm->addRow(tr("Decide every"), m_every);
    form->addWidget(roles);

    auto *riskBox = new QGroupBox(tr("Risk"), panel);
    auto *riskLayout = new QVBoxLayout(riskBox);
    m_risk = new QSlider(Qt::Horizontal, riskBox);
    m_risk->setObjectName(QStringLiteral("fleetRisk"));
    m_risk->setRange(0, static_cast<int>(std::size(kRiskLevels)) - 1);
    m_risk->setTickPosition(QSlider::TicksBelow);
    m_risk->setPageStep(1);
    m_risk->setAccessibleName(tr("Risk level"));
    m_risk->setToolTip(tr("Cheapest on average: the plan whose mean cost over the futures is least. Towards safest: "
                          "the plan whose CVaR is least. %1 At P95 that is the worst 5 % of futures.")
                           .arg(glossary::cvar()));
    auto *ends = new QHBoxLayout;
    ends->addWidget(new QLabel(tr("cheapest on average"), riskBox));
    ends->addStretch(1);
    auto *safest = new QLabel(tr("safest at P95"), riskBox);
    safest->setToolTip(tr("P95: least cost on average over the worst 5 % of futures (the CVaR at 95 %)."));
    ends->addWidget(safest);
    m_riskLabel = new QLabel(riskBox);
    m_riskLabel->setObjectName(QStringLiteral("fleetRiskLabel"));
    m_riskLabel->setToolTip(glossary::cvar());
    m_riskLabel->setWordWrap(true);
    riskLayout->addWidget(m_risk);
    riskLayout->addLayout(ends);
    riskLayout->addWidget(m_riskLabel);
    form->addWidget(riskBox);
    connect(m_risk, &QSlider::valueChanged, this, &FleetPlanPage::updateRiskLabel);

    auto *limits = new QGroupBox(tr("Limits and futures"), panel);
    auto *limitsForm = new QFormLayout(limits);
    m_maxServers = new QSpinBox(limits);
    m_maxServers->setObjectName(QStringLiteral("fleetMaxServers"));
    m_maxServers->setRange(0, tco::OptimizeRequest::kMaxLimit);
    m_maxInstances = new QSpinBox(limits);
    m_maxInstances->setObjectName(QStringLiteral("fleetMaxInstances"));
    m_maxInstances->setRange(0, tco::OptimizeRequest::kMaxLimit);
    m_budget = new QLineEdit(limits);
    m_budget->setObjectName(QStringLiteral("fleetBudget"));
    m_budget->setPlaceholderText(tr("no budget"));
    auto *budgetValidator = new QDoubleValidator(1.0, 1e12, 0, m_budget);
    budgetValidator->setNotation(QDoubleValidator::StandardNotation);
    m_budget->setValidator(budgetValidator);
    m_budget->setToolTip(tr("The most a plan year may spend on servers (capex, pre-tax); empty: no budget"));
    m_utilization = new QDoubleSpinBox(limits);
    m_utilization->setObjectName(QStringLiteral("fleetUtilization"));
    m_utilization->setRange(1, 100);
    m_utilization->setDecimals(0);
    m_utilization->setSuffix(tr(" %"));
    m_utilization->setToolTip(tr("The share of owned and reserved capacity that serves work (queues and maintenance keep it "
                                 "below 100 %)"));
    m_trials = new QSpinBox(limits);
    m_trials->setObjectName(QStringLiteral("fleetTrials"));
    m_trials->setRange(10, tco::OptimizeRequest::kMaxTrials);
    m_trials->setSingleStep(100);
    m_trials->setToolTip(tr("Futures drawn from the plan's uncertain inputs (the Risk page); a plan with explicit futures "
                            "uses those"));
    m_seed = new QSpinBox(limits);
    m_seed->setObjectName(QStringLiteral("fleetSeed"));
    m_seed->setRange(0, 1000000000);
    limitsForm->addRow(tr("Servers at most"), m_maxServers);
    limitsForm->addRow(tr("Instances at most"), m_maxInstances);
    limitsForm->addRow(tr("Capex a year at most"), m_budget);
    limitsForm->addRow(tr("Utilization cap"), m_utilization);
    limitsForm->addRow(tr("Futures"), m_trials);
    limitsForm->addRow(tr("Seed"), m_seed);
    form->addWidget(limits);

    auto *runRow = new QHBoxLayout;
    m_run = new QPushButton(tr("Find the fleet plan"), panel);
    m_run->setObjectName(QStringLiteral("fleetRun"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"), panel);
    m_cancel->setObjectName(QStringLiteral("fleetCancel"));
    m_cancel->setEnabled(false);
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    form->addLayout(runRow);
    m_progress = new QProgressBar(panel);
    m_progress->setObjectName(QStringLiteral("fleetProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    form->addWidget(m_progress);
    m_status = new QLabel(panel);
    m_status->setObjectName(QStringLiteral("fleetStatus"));
    m_status->setWordWrap(true);
    form->addWidget(m_status);
    auto *addRow = new QHBoxLayout;
    m_name = new QLineEdit(panel);
    m_name->setObjectName(QStringLiteral("fleetName"));
    m_name->setAccessibleName(tr("Name of the mix to add"));
    m_name->setToolTip(tr("The name of the mix the answer adds; its layers are named \u201cNAME \u00b7 own\u201d and "
                          "\u201cNAME \u00b7 reserve\u201d (with several candidates, \u201cNAME \u00b7 own \u00b7 "
                          "CANDIDATE\u201d for each)"));
    m_add = new QPushButton(tr("Add to plan"), panel);
    m_add->setObjectName(QStringLiteral("fleetAddToPlan"));
    m_add->setEnabled(false);
    m_add->setToolTip(tr("Add the answer as scenarios: one per candidate and their mix (one step of Edit \u25b8 Undo)"));
    addRow->addWidget(m_name, 1);
    addRow->addWidget(m_add);
    form->addLayout(addRow);
    form->addStretch(1);
    auto *scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // wrapped text: see the dashboard's scroll area
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(panel);
    scroll->setMinimumWidth(320);

    // The answer, on the right.
    auto *results = new QWidget;
    m_results = results;
    results->setObjectName(QStringLiteral("fleetResults"));
    auto *resultLayout = new QVBoxLayout(results);
    resultLayout->setContentsMargins(8, 0, 0, 0);
    m_sentence = new QLabel(tr("Choose the scenarios to own, reserve and burst, then find the fleet plan."), results);
    m_sentence->setObjectName(QStringLiteral("fleetSentence"));
    m_sentence->setToolTip(QStringList{glossary::percentiles(), glossary::cvar(), glossary::npv()}.join(QLatin1Char('\n')));
    m_sentence->setWordWrap(true);
    m_sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_sentence->setStyleSheet(QStringLiteral("font-size: 12pt; font-weight: 600;"));
    resultLayout->addWidget(m_sentence);
    m_figures = new QLabel(results);
    m_figures->setObjectName(QStringLiteral("fleetFigures"));
    m_figures->setToolTip(QStringList{glossary::npv(), glossary::percentiles()}.join(QLatin1Char('\n')));
    m_figures->setWordWrap(true);
    m_figures->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    resultLayout->addWidget(m_figures);
    m_timeline = new ChartView(results);
    m_timeline->setObjectName(QStringLiteral("fleetTimeline"));
    m_timeline->setToolTip(glossary::referenceGpuHours() + tr("\nThe grey band runs from demand's P10 to its P90 over the futures: in 1 in 10 futures demand is "
                              "below it, in 1 in 10 above it. In half the futures it is below the dashed median "
                              "line."));
    m_timeline->setMinimumHeight(320);
    resultLayout->addWidget(m_timeline);
    // The frontier and the comparison side by side on a wide window, one above the other on a narrow one; the answer
    // scrolls rather than squeezing its charts.
    m_lower = new QBoxLayout(QBoxLayout::LeftToRight);
    m_frontier = new ChartView(results);
    m_frontier->setObjectName(QStringLiteral("fleetFrontier"));
    m_frontier->setToolTip(tr("Each point is the least-cost plan at one risk level: \u201cmean\u201d is cheapest on "
                              "average, \u201cP90\u201d least on average over the worst 10 % of futures.\n%1\n%2")
                               .arg(glossary::cvar(), glossary::npv()));
    m_frontier->setMinimumHeight(300);
    m_lower->addWidget(m_frontier, 1);
    // Until the plan is found: what each chart will show, not two blank boxes.
    for (auto [view, text] :
         {std::pair{m_timeline, tr("What to own and reserve, month by month, against demand (find the fleet plan)")},
          std::pair{m_frontier, tr("Efficient frontier (find the fleet plan)")}}) {
        auto *placeholder = new QChart;
        placeholder->setTitle(text);
        palette::styleChart(placeholder);
        view->setChart(placeholder);
    }
    m_comparison = new QTableWidget(0, 3, results);
    m_comparison->setObjectName(QStringLiteral("fleetComparison"));
    m_comparison->setAccessibleName(tr("The fleet plan and every scenario under the same futures"));
    m_comparison->setHorizontalHeaderLabels({tr("Under the same futures"), tr("Mean NPV"), tr("Worst futures (CVaR)")});
    m_comparison->horizontalHeaderItem(1)->setToolTip(tr("The average NPV over the futures. %1").arg(glossary::npv()));
    m_comparison->horizontalHeaderItem(2)->setToolTip(glossary::cvar());
    m_comparison->verticalHeader()->hide();
    m_comparison->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_comparison->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_comparison->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_comparison->setWordWrap(false);
    m_comparison->setTabKeyNavigation(false);
    m_comparison->setMinimumHeight(300);
    m_lower->addWidget(m_comparison, 1);
    resultLayout->addLayout(m_lower);
    m_marginal = new QLabel(results);
    m_marginal->setObjectName(QStringLiteral("fleetMarginal"));
    m_marginal->setWordWrap(true);
    resultLayout->addWidget(m_marginal);
    resultLayout->addStretch(1);
    auto *resultScroll = new QScrollArea(splitter);
    resultScroll->setWidgetResizable(true);
    resultScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // wrapped text: see the dashboard's scroll area
    resultScroll->setFrameShape(QFrame::NoFrame);
    resultScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    resultScroll->setWidget(results);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({340, 900});

    connect(m_run, &QPushButton::clicked, this, &FleetPlanPage::run);
    connect(m_cancel, &QPushButton::clicked, this, &FleetPlanPage::cancel);
    connect(m_add, &QPushButton::clicked, this, &FleetPlanPage::addToPlan);
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Expected<tco::OptimizeAnswer>>>::finished, this,
            &FleetPlanPage::showAnswer);
    m_poll->setInterval(50);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (m_done)
            m_progress->setValue(m_done->load());
    });
    connect(m_editor, &PlanEditor::planChanged, this, [this] {
        refreshFromPlan();
        if (!m_adding)
            markStale(tr("The plan changed since this answer was found: find the fleet plan again."));
    });
    // A setting moved after the answer was found: the answer is for the old one.
    const auto settingMoved = [this] {
        if (!m_refreshing)
            markStale(tr("The settings changed since this answer was found: find the fleet plan again."));
    };
    for (QListWidget *role : {m_own, m_reserve})
        connect(role, &QListWidget::itemChanged, this, settingMoved);
    connect(m_burst, &QComboBox::activated, this, settingMoved);
    connect(m_risk, &QSlider::valueChanged, this, settingMoved);
    for (QSpinBox *box : {m_every, m_maxServers, m_maxInstances, m_trials, m_seed})
        connect(box, &QSpinBox::valueChanged, this, settingMoved);
    connect(m_utilization, &QDoubleSpinBox::valueChanged, this, settingMoved);
    connect(m_budget, &QLineEdit::textEdited, this, settingMoved);
    refreshFromPlan();
}

FleetPlanPage::~FleetPlanPage()
{
    if (m_cancelled)
        m_cancelled->store(true);
    m_watcher.waitForFinished();
}

void FleetPlanPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_lower->setDirection(width() >= kSideBySideWidth ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

void FleetPlanPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_autoRun && !m_answer && !m_running && m_editor->plan().optimize && m_editor->result()) {
        m_autoRun = true;
        QTimer::singleShot(0, this, &FleetPlanPage::run);
    }
}

QString FleetPlanPage::noUncertaintyNote()
{
    return tr("The plan has no uncertain inputs: every future is the plan itself. Give demand a distribution on the "
              "Risk page to plan for what may come.");
}

QString FleetPlanPage::uncertaintyNote() const
{
    const tco::Plan &plan = m_editor->plan();
    const bool certain = plan.uncertainty.isEmpty() && !(plan.optimize && plan.optimize->futures);
    return certain ? noUncertaintyNote() : QString();
}

void FleetPlanPage::markStale(const QString &why)
{
    if (!m_answer)
        return;
    m_stale = true;
    m_add->setEnabled(false);
    theme::setOutOfDate(m_results, true);
    const QString note = uncertaintyNote();
    m_status->setText(note.isEmpty() ? why : why + QLatin1Char(' ') + note);
}

void FleetPlanPage::refreshFromPlan()
{
    m_refreshing = true;
    const auto done = qScopeGuard([this] { m_refreshing = false; });
    const tco::Plan &plan = m_editor->plan();
    const tco::OptimizeRequest r = plan.optimize.value_or(tco::OptimizeRequest{});
    const auto current = [](QComboBox *box, const QString &fallback) {
        return box->count() > 0 ? box->currentData().toString() : fallback;
    };
    // A plan opened, or its request changed (Add to plan, undo): the form shows the plan's request. Otherwise it keeps
    // what the person set, the role lists following the plan's scenarios.
    const bool first = !m_seenOnce || plan.optimize != m_seen;
    m_seenOnce = true;
    m_seen = plan.optimize;
    fillCandidates(m_own, plan, tco::ScenarioKind::Purchase, first ? r.own : tickedIn(m_own));
    fillCandidates(m_reserve, plan, tco::ScenarioKind::Reserved, first ? r.reserve : tickedIn(m_reserve));
    fillRole(m_burst, plan, tco::ScenarioKind::Elastic, first ? r.burst : current(m_burst, r.burst));
    // The note that there is nothing uncertain goes once the plan has uncertain inputs (given on the Risk page).
    const QString noUncertainty = noUncertaintyNote();
    const bool certain = !uncertaintyNote().isEmpty();
    if (!certain && m_status->text().contains(noUncertainty))
        m_status->setText(QString(m_status->text()).remove(noUncertainty).trimmed());
    if (!first)
        return;
    m_every->setValue(r.everyMonths.value_or(tco::OptimizeRequest::kDefaultEveryMonths));
    const double beta = r.objective == tco::OptimizeObjective::Cvar ? r.beta.value_or(tco::OptimizeRequest::kDefaultBeta) : 0.0;
    int stop = 0;
    for (int i = 0; i < static_cast<int>(std::size(kRiskLevels)); ++i)
        if (std::abs(kRiskLevels[i] - beta) < std::abs(kRiskLevels[stop] - beta))
            stop = i;
    m_risk->setValue(stop);
    m_maxServers->setValue(r.maxServers.value_or(tco::OptimizeRequest::kDefaultMaxServers));
    m_maxInstances->setValue(r.maxInstances.value_or(tco::OptimizeRequest::kDefaultMaxInstances));
    m_budget->setText(r.capexBudgetPerYear ? QString::number(*r.capexBudgetPerYear, 'f', 0) : QString());
    m_utilization->setValue(100.0 * r.maxUtilization.value_or(0.85));
    m_trials->setValue(r.trials.value_or(tco::OptimizeRequest::kDefaultTrials));
    m_seed->setValue(static_cast<int>(r.seed.value_or(1)));
    m_name->setText(r.mixName());
    updateRiskLabel();
    m_status->setText(uncertaintyNote());
}

void FleetPlanPage::updateRiskLabel()
{
    m_riskLabel->setText(riskWords(kRiskLevels[m_risk->value()]));
}

tco::OptimizeRequest FleetPlanPage::request() const
{
    tco::OptimizeRequest r = m_editor->plan().optimize.value_or(tco::OptimizeRequest{});
    // Several ticked: candidates as a list (model.md §14.4); one keeps the plan's form of it.
    const tco::OptimizeRequest given = r;
    r.own = tickedIn(m_own);
    r.reserve = tickedIn(m_reserve);
    r.ownListed = r.own.size() > 1 || (given.ownListed && r.own == given.own);
    r.reserveListed = r.reserve.size() > 1 || (given.reserveListed && r.reserve == given.reserve);
    r.burst = m_burst->currentData().toString();
    r.everyMonths = m_every->value();
    r.epochs.reset();
    const double beta = kRiskLevels[m_risk->value()];
    r.objective = beta > 0.0 ? tco::OptimizeObjective::Cvar : tco::OptimizeObjective::Mean;
    if (beta > 0.0)
        r.beta = beta;
    r.maxServers = m_maxServers->value();
    r.maxInstances = m_maxInstances->value();
    bool ok = false;
    const double budget = QLocale().toDouble(m_budget->text(), &ok);
    if (ok && budget > 0)
        r.capexBudgetPerYear = budget;
    else
        r.capexBudgetPerYear.reset();
    r.maxUtilization = m_utilization->value() / 100.0;
    r.trials = m_trials->value();
    r.seed = static_cast<quint64>(m_seed->value());
    if (!m_name->text().trimmed().isEmpty())
        r.name = m_name->text().trimmed();
    return r;
}

void FleetPlanPage::run()
{
    if (m_running)
        return;
    const std::optional<tco::PlanResult> &base = m_editor->result();
    if (!base) {
        m_status->setText(tr("The plan cannot be evaluated (%1); fix it on the Scenarios page first.").arg(m_editor->evaluationError()));
        return;
    }
    tco::Plan plan = m_editor->plan();
    plan.optimize = request();
    if (plan.optimize->roles() < 2) {
        m_status->setText(tr("Choose at least two of own, reserve and burst: tick a purchase or a reserved scenario, or "
                             "choose an elastic one to burst to."));
        return;
    }
    m_done = std::make_shared<std::atomic<int>>(0);
    m_cancelled = std::make_shared<std::atomic<bool>>(false);
    tco::OptimizeOptions options;
    options.progress = [done = m_done, cancelled = m_cancelled](int n, int) {
        done->store(n);
        return !cancelled->load();
    };
    m_running = true;
    m_progress->setValue(0);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_add->setEnabled(false);
    m_status->setText(tr("Finding the fleet plan over %1 futures…")
                          .arg(plan.optimize->futures ? report::grouped(static_cast<double>(plan.optimize->futures->size()), 0)
                                                      : report::grouped(m_trials->value(), 0)));
    m_answerPlan = plan;
    const tco::PlanResult baseCopy = *base;
    m_watcher.setFuture(QtConcurrent::run([plan, baseCopy, options] {
        return std::make_shared<Expected<tco::OptimizeAnswer>>(tco::optimizeFleet(plan, baseCopy, options));
    }));
    m_poll->start();
}

void FleetPlanPage::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

void FleetPlanPage::showAnswer()
{
    m_running = false;
    m_poll->stop();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    const auto outcome = m_watcher.result();
    if (!outcome || !*outcome) {
        const Error error = outcome ? (*outcome).error() : Error{tr("no answer"), {}};
        m_status->setText(error.message == tco::optimizeCancelledMessage()
                              ? tr("Cancelled; the last answer stays.")
                              : error.message + (error.details.isEmpty() ? QString() : QStringLiteral(": ") + error.details.join(QStringLiteral("; "))));
        m_add->setEnabled(m_answer && !m_stale && !m_added);
        emit finished();
        return;
    }
    m_answer = std::move(outcome->value());
    m_stale = false;
    m_added = false;
    theme::setOutOfDate(m_results, false);
    m_add->setText(tr("Add to plan"));
    const tco::OptimizeAnswer &a = *m_answer;
    const QString c = a.currency;
    m_progress->setValue(1000);
    m_sentence->setText(report::fleetSentence(a));
    QString figures = tr("Mean NPV %1; P10 %2, P50 %3, P90 %4 over %5 futures.")
                          .arg(report::money(a.mean, c), report::money(a.p10, c), report::money(a.p50, c),
                               report::money(a.p90, c))
                          .arg(a.futures.size());
    if (a.bound)
        figures += tr(" No decision can do better than %1 (a proven bound, %2 below this answer).")
                       .arg(report::money(*a.bound, c),
                            report::percent(a.value != 0.0 ? (a.value - *a.bound) / std::abs(a.value) : 0.0, 1));
    m_figures->setText(figures);
    m_status->setText(tr("Found after %1 decisions were priced in every future. Same seed, same answer.")
                          .arg(report::grouped(static_cast<double>(a.evaluations), 0)));
    m_timeline->setChart(fleet::timelineChart(a));
    m_timeline->attachLegendToggles();
    m_frontier->setChart(fleet::frontierChart(a));
    // The answer first, then every scenario of the plan, under the same futures.
    m_comparison->setRowCount(0);
    const auto addRow = [&](const QString &name, std::optional<double> mean, std::optional<double> cvar, bool bold) {
        const int row = m_comparison->rowCount();
        m_comparison->insertRow(row);
        m_comparison->setItem(row, 0, cell(name));
        m_comparison->setItem(row, 1, cell(mean ? report::moneyWhole(*mean, c) : tr("n/a"), true));
        m_comparison->setItem(row, 2, cell(cvar ? report::moneyWhole(*cvar, c) : tr("n/a"), true));
        if (bold)
            for (int col = 0; col < 3; ++col) {
                QFont f = m_comparison->item(row, col)->font();
                f.setBold(true);
                m_comparison->item(row, col)->setFont(f);
            }
    };
    addRow(tr("The fleet plan"), a.mean, tco::futuresCvar(a.futures, a.beta), true);
    for (const tco::ScenarioUnderFutures &s : a.scenarios) {
        addRow(report::underFuturesName(s), s.mean, s.cvar, false);
        if (s.unmet)
            m_comparison->item(m_comparison->rowCount() - 1, 0)
                ->setToolTip(tr("In the plan as written \u201c%1\u201d serves %2 of demand: it costs less because it does "
                                "less, so it is not the best single option.")
                                 .arg(s.name, report::servedShare(s.served)));
    }
    m_comparison->setHorizontalHeaderLabels({tr("Under the same futures"), tr("Mean NPV"),
                                             tr("Worst %1 (CVaR)").arg(report::percent(1.0 - a.beta, 0))});
    const QStringList marginal = report::marginalSentences(a);
    QStringList escaped;
    for (const QString &line : marginal)
        escaped << line.toHtmlEscaped();
    m_marginal->setText(marginal.isEmpty() ? QString() : tr("<b>At the margin</b><br>%1").arg(escaped.join(QStringLiteral("<br>"))));
    m_add->setEnabled(true);
    emit finished();
}

void FleetPlanPage::addToPlan()
{
    if (!m_answer || m_stale || m_added)
        return;
    m_adding = true;
    tco::Plan after = tco::planWithAnswer(m_answerPlan, *m_answer);
    m_editor->apply(after, tr("Add fleet plan %1").arg(m_answer->request.mixName()));
    m_adding = false;
    // Added once: a second click would only add the same again. Found anew, it can be added again.
    m_added = true;
    m_add->setEnabled(false);
    m_add->setText(tr("Added"));
    m_status->setText(tr("Added \u201c%1\u201d to the plan: the dashboard and the report show it like any scenario.")
                          .arg(m_answer->request.mixName()));
}

} // namespace mltco::ui

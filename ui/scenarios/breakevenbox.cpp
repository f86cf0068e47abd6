#include "ui/scenarios/breakevenbox.h"

#include "models/report/format.h"
#include "models/report/reportdata.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/scenarios/parameterfield.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>

#include <algorithm>

namespace mltco::ui {

namespace {

/// The sweep's upper end, described like a parameter so it is typed and refused like every other field.
constexpr tco::ParameterInfo kMaxServersInfo{
    tco::ParamId::Servers, "max_servers", "Sweep up to", "servers", tco::ParamType::Integer,
    1, false, tco::kMaxBreakEvenServers, tco::defaults::kBreakEvenMaxServers, "", "model.md", 0,
    "The break-even sweep evaluates both scenarios for 1 server up to this many (model.md \u00a76)."};

bool isCloudForBreakEven(tco::ScenarioKind kind)
{
    // Against an elastic scenario the answer is a utilization, not a server count (model.md §10.7).
    return kind == tco::ScenarioKind::Dedicated || kind == tco::ScenarioKind::Cluster || kind == tco::ScenarioKind::Elastic;
}

void fillNames(QComboBox *combo, const QStringList &names, const QString &current, const QString &noneText)
{
    combo->clear();
    if (!noneText.isEmpty())
        combo->addItem(noneText, QString());
    for (const QString &name : names)
        combo->addItem(name, name);
    int index = combo->findData(current);
    if (index < 0 && !current.isEmpty()) {
        combo->addItem(BreakEvenBox::tr("%1 (no such scenario)").arg(current), current);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(std::max(index, 0));
}

} // namespace

BreakEvenBox::BreakEvenBox(PlanEditor *editor, QWidget *parent)
    : QGroupBox(tr("Break-even: buy or rent"), parent), m_editor(editor), m_purchase(new QComboBox(this)),
      m_cloud(new QComboBox(this)), m_maxServers(new ParameterField(kMaxServersInfo, this, QStringLiteral("breakEvenMaxServers"))),
      m_basis(new QComboBox(this)), m_result(new QLabel(this))
{
    m_basis->setObjectName(QStringLiteral("breakEvenBasis"));
    m_basis->addItem(tr("equal throughput"), static_cast<int>(tco::BreakEvenBasis::Capacity));
    m_basis->addItem(tr("one instance per server"), static_cast<int>(tco::BreakEvenBasis::Count));
    m_basis->setToolTip(tr("Equal throughput (model \u00a710.7) rents the cloud instances that match the servers' GPUs "
                           "\u00d7 speedup; one instance per server is version 1's comparison, fair only when both are "
                           "the same size."));
    setObjectName(QStringLiteral("breakEvenBox"));
    m_purchase->setObjectName(QStringLiteral("breakEvenPurchase"));
    m_cloud->setObjectName(QStringLiteral("breakEvenCloud"));
    m_result->setObjectName(QStringLiteral("breakEvenResult"));
    m_result->setWordWrap(true);
    for (QComboBox *c : {m_purchase, m_cloud}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
        c->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    m_purchase->setToolTip(tr("The purchase scenario whose server count is swept"));
    m_cloud->setToolTip(tr("The dedicated or cluster scenario rented instead of the servers, or an elastic scenario "
                           "to find the utilization at which owning pays"));
    m_maxServers->setEditorWidth(80);
    m_maxServers->noteLabel()->setVisible(false);

    auto *grid = new QGridLayout(this);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(4);
    auto *buyLabel = new QLabel(tr("Buy"), this);
    buyLabel->setBuddy(m_purchase);
    auto *rentLabel = new QLabel(tr("Rent"), this);
    rentLabel->setBuddy(m_cloud);
    grid->addWidget(buyLabel, 0, 0);
    grid->addWidget(m_purchase, 0, 1, 1, 4);
    grid->addWidget(rentLabel, 1, 0);
    grid->addWidget(m_cloud, 1, 1, 1, 4);
    m_maxServers->addToGrid(grid, 2);
    m_maxServers->noteLabel()->hide();
    auto *basisLabel = new QLabel(tr("Compare at"), this);
    basisLabel->setBuddy(m_basis);
    grid->addWidget(basisLabel, 4, 0);
    grid->addWidget(m_basis, 4, 1, 1, 4);
    grid->addWidget(m_result, 5, 0, 1, 5);
    grid->setColumnStretch(3, 1);

    connect(m_purchase, &QComboBox::activated, this, &BreakEvenBox::choosePurchase);
    connect(m_cloud, &QComboBox::activated, this, &BreakEvenBox::chooseCloud);
    connect(m_maxServers, &ParameterField::committed, this, &BreakEvenBox::setMaxServers);
    connect(m_basis, &QComboBox::activated, this, &BreakEvenBox::chooseBasis);
    updateFromPlan();
}

void BreakEvenBox::updateFromPlan()
{
    const tco::Plan &plan = m_editor->plan();
    QStringList purchases;
    QStringList clouds;
    for (const tco::PlanScenario &s : plan.scenarios) {
        if (s.kind() == tco::ScenarioKind::Purchase)
            purchases << s.name;
        else if (isCloudForBreakEven(s.kind()))
            clouds << s.name;
    }
    const tco::BreakEvenRequest request = plan.breakeven.value(0, {QString(), QString(), tco::defaults::kBreakEvenMaxServers});
    fillNames(m_purchase, purchases, request.purchase, tr("none (no break-even)"));
    fillNames(m_cloud, clouds, request.cloud, plan.breakeven.isEmpty() ? tr("choose a scenario") : QString());
    m_cloud->setEnabled(!plan.breakeven.isEmpty() || !purchases.isEmpty());
    m_maxServers->setValue(request.maxServers);
    // Against an elastic scenario there is no sweep: basis and count do not apply (model.md §10.10, 7).
    const tco::PlanScenario *cloud = plan.scenario(request.cloud);
    const bool sweep = !plan.breakeven.isEmpty() && !(cloud && cloud->kind() == tco::ScenarioKind::Elastic);
    m_maxServers->setEnabled(sweep);
    m_basis->setCurrentIndex(std::max(0, m_basis->findData(static_cast<int>(request.basis))));
    m_basis->setEnabled(sweep);
    updateResult();
}

void BreakEvenBox::choosePurchase()
{
    QList<tco::BreakEvenRequest> requests = m_editor->plan().breakeven;
    const QString purchase = m_purchase->currentData().toString();
    if (purchase.isEmpty()) {
        if (!requests.isEmpty()) {
            requests.removeFirst();
            m_editor->setBreakEven(requests);
        }
        return;
    }
    if (requests.isEmpty()) {
        QString cloud = m_cloud->currentData().toString();
        // By default the counterpart the dashboard measures owning against, when it is one this box can sweep.
        if (cloud.isEmpty() && m_editor->result()) {
            const tco::OwningCounterpart c = tco::owningCounterpart(*m_editor->result());
            if (c.cloud >= 0 &&
                isCloudForBreakEven(m_editor->result()->scenarios[static_cast<std::size_t>(c.cloud)].kind()))
                cloud = m_editor->result()->scenarios[static_cast<std::size_t>(c.cloud)].name;
        }
        if (cloud.isEmpty()) {
            for (const tco::PlanScenario &s : m_editor->plan().scenarios) {
                if (isCloudForBreakEven(s.kind())) {
                    cloud = s.name;
                    break;
                }
            }
        }
        if (cloud.isEmpty()) {
            updateFromPlan();
            m_result->setText(tr("Add a dedicated or cluster scenario to compare buying against."));
            return;
        }
        requests.prepend({purchase, cloud, tco::defaults::kBreakEvenMaxServers});
    } else if (requests.first().purchase == purchase) {
        return;
    } else {
        requests.first().purchase = purchase;
    }
    m_editor->setBreakEven(requests);
}

void BreakEvenBox::chooseCloud()
{
    QList<tco::BreakEvenRequest> requests = m_editor->plan().breakeven;
    const QString cloud = m_cloud->currentData().toString();
    if (cloud.isEmpty())
        return;
    if (requests.isEmpty()) {
        QString purchase;
        for (const tco::PlanScenario &s : m_editor->plan().scenarios) {
            if (s.kind() == tco::ScenarioKind::Purchase) {
                purchase = s.name;
                break;
            }
        }
        if (purchase.isEmpty())
            return;
        requests.prepend({purchase, cloud, tco::defaults::kBreakEvenMaxServers});
    } else if (requests.first().cloud == cloud) {
        return;
    } else {
        requests.first().cloud = cloud;
    }
    m_editor->setBreakEven(requests);
}

void BreakEvenBox::setMaxServers(double value)
{
    QList<tco::BreakEvenRequest> requests = m_editor->plan().breakeven;
    if (requests.isEmpty())
        return;
    requests.first().maxServers = static_cast<int>(value);
    m_editor->setBreakEven(requests);
}

void BreakEvenBox::chooseBasis(int index)
{
    QList<tco::BreakEvenRequest> requests = m_editor->plan().breakeven;
    const auto basis = static_cast<tco::BreakEvenBasis>(m_basis->itemData(index).toInt());
    if (requests.isEmpty() || requests.first().basis == basis)
        return;
    requests.first().basis = basis;
    m_editor->setBreakEven(requests);
}

void BreakEvenBox::updateResult()
{
    const tco::Plan &plan = m_editor->plan();
    const std::optional<tco::PlanResult> &result = m_editor->result();
    QString text;
    QString color = QStringLiteral("%1").arg(theme::css(theme::Role::Text));
    if (plan.breakeven.isEmpty()) {
        text = tr("Choose a purchase scenario to see from how many servers buying costs no more than renting.");
        color = QStringLiteral("%1").arg(theme::css(theme::Role::Muted));
    } else if (!result || result->breakeven.empty()) {
        text = tr("Not computed: the plan cannot be evaluated as it stands (see the message under the scenario).");
        color = QStringLiteral("%1").arg(theme::css(theme::Role::BadText));
    } else {
        // The words of the dashboard, the PDF and the summary (report::breakEvenSentence).
        const tco::EvaluatedBreakEven &b = result->breakeven.front();
        text = report::breakEvenSentence(b, result->workload.horizonMonths).toHtmlEscaped();
        if (!b.result.fleet && b.result.servers) {
            const auto &point = b.result.sweep.at(static_cast<std::size_t>(*b.result.servers - 1));
            text += tr("<br>At %1: buy %2, rent %3 over the horizon.")
                        .arg(*b.result.servers)
                        .arg(report::moneyCompact(point.purchaseTotal, result->currency),
                             report::moneyCompact(point.cloudTotal, result->currency));
        }
        // The dashboard and the reports measure owning against one counterpart: said here when this comparison is
        // against another one, with the same purchase's story against it.
        int purchase = -1;
        for (std::size_t i = 0; i < result->scenarios.size(); ++i)
            if (result->scenarios[i].name == b.request.purchase)
                purchase = static_cast<int>(i);
        if (const std::optional<tco::HeadlineBreakEven> h = tco::headlineBreakEven(*result, purchase);
            h && h->breakEven.request.cloud != b.request.cloud)
            text += QStringLiteral("<br><span style=\"color: %1;\">%2</span>")
                        .arg(theme::css(theme::Role::Muted),
                             tr("On the dashboard and in the reports: %1 %2")
                                 .arg(report::breakEvenSentence(h->breakEven, result->workload.horizonMonths),
                                      report::counterpartSentence(*result, *h))
                                 .toHtmlEscaped());
    }
    m_result->setText(text);
    m_result->setStyleSheet(QStringLiteral("color: %1;").arg(color));
}

} // namespace mltco::ui

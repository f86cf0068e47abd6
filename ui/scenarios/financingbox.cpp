#include "ui/scenarios/financingbox.h"

#include "models/plan/parameters.h"
#include "models/report/format.h"
#include "models/tco/engine.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mltco::ui {
namespace {

constexpr std::array<tco::Financing, 3> kFinancings = {tco::Financing::Cash, tco::Financing::Loan,
                                                       tco::Financing::Lease};
enum Row { Terms, Total, Npv, Paid, Difference, Use, RowCount };

QString financingName(tco::Financing f)
{
    switch (f) {
    case tco::Financing::Loan:
        return FinancingBox::tr("Loan");
    case tco::Financing::Lease:
        return FinancingBox::tr("Lease");
    case tco::Financing::Cash:
        break;
    }
    return FinancingBox::tr("Cash");
}

} // namespace

FinancingBox::FinancingBox(PlanEditor *editor, int index, QWidget *parent)
    : QGroupBox(tr("How to pay for the servers"), parent), m_editor(editor), m_index(index),
      m_table(new QTableWidget(RowCount, 3, this)), m_note(new QLabel(this))
{
    setObjectName(QStringLiteral("financingBox"));
    m_table->setObjectName(QStringLiteral("financingTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // Fixed rows: two lines for the terms, one for each figure, the buttons' own height (measuring word-wrapped
    // text row by row makes the terms row several times too tall).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalHeaderLabels({financingName(tco::Financing::Cash), financingName(tco::Financing::Loan),
                                        financingName(tco::Financing::Lease)});
    m_table->setVerticalHeaderLabels({tr("Terms"), tr("Total"), tr("NPV"), tr("Paid in financing"),
                                      tr("NPV against the chosen"), QString()});
    for (std::size_t c = 0; c < kFinancings.size(); ++c) {
        const tco::Financing f = kFinancings[c];
        auto *button = new QPushButton(tr("Use this financing"), m_table);
        button->setObjectName(QStringLiteral("useFinancing") + financingName(f));
        button->setToolTip(tr("Pay for this scenario's servers by %1, as one step you can undo.")
                               .arg(financingName(f).toLower()));
        connect(button, &QPushButton::clicked, this, [this, f] { use(f); });
        m_table->setCellWidget(Use, static_cast<int>(c), button);
        m_use[c] = button;
        m_table->setRowHeight(Use, button->sizeHint().height() + 4);
        for (int r = 0; r < Use; ++r) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(r == Terms ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, static_cast<int>(c), item);
        }
    }
    const int line = m_table->fontMetrics().lineSpacing();
    for (int r = 0; r < Use; ++r)
        m_table->setRowHeight(r, (r == Terms ? 2 * line : line) + 10);
    m_note->setObjectName(QStringLiteral("financingNote"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    // At a 0 % discount rate money later is worth as much as money now: a loan or a lease can then only cost more
    // than cash, whatever its terms. Said, with the offer to set the company's cost of capital.
    m_rateNote = new QLabel(tr("At a 0 % discount rate, paying later is worth nothing: a loan or a lease can only cost "
                               "more than cash here. Compare them at the company's cost of capital."),
                            this);
    m_rateNote->setObjectName(QStringLiteral("financingRateNote"));
    m_rateNote->setWordWrap(true);
    m_rateNote->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::WarningText)));
    m_setRate = new QPushButton(tr("Set the discount rate…"), this);
    m_setRate->setObjectName(QStringLiteral("financingSetRate"));
    m_setRate->setToolTip(tr("The plan's discount rate (the workload's): the company's cost of capital, a year"));
    connect(m_setRate, &QPushButton::clicked, this, &FinancingBox::askDiscountRate);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(m_note);
    auto *rateRow = new QHBoxLayout;
    rateRow->addWidget(m_rateNote, 1);
    rateRow->addWidget(m_setRate, 0, Qt::AlignTop);
    layout->addLayout(rateRow);
    m_rateNote->hide();
    m_setRate->hide();
}

void FinancingBox::askDiscountRate()
{
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::DiscountRate);
    bool ok = false;
    // In per cent, as finance says it; 8 % offered, a common corporate cost of capital.
    const double percent = QInputDialog::getDouble(this, tr("Discount rate"),
                                                   tr("The company's cost of capital, per cent a year (%1 to %2):")
                                                       .arg(info.min * 100)
                                                       .arg(info.max * 100),
                                                   8.0, info.min * 100, info.max * 100, 1, &ok);
    if (ok)
        m_editor->setWorkloadValue(tco::ParamId::DiscountRate, percent / 100.0);
}

tco::PurchaseScenario FinancingBox::financedBy(tco::PurchaseScenario p, tco::Financing financing)
{
    p.financing = financing;
    if (financing == tco::Financing::Loan) {
        p.loanRate = p.loanRate.value_or(kAssumedLoanRate);
        p.loanTermMonths = p.loanTermMonths.value_or(kAssumedLoanTermMonths);
    }
    if (financing == tco::Financing::Lease && !p.leaseRateFactor && !p.leasePaymentPerServerMonth)
        p.leaseRateFactor = kAssumedLeaseRateFactor;
    return p;
}

void FinancingBox::refresh()
{
    const tco::Plan &plan = m_editor->plan();
    const QString &currency = plan.currency;
    const std::optional<tco::PlanResult> &result = m_editor->result();
    const tco::EvaluatedScenario *evaluated =
        result ? result->atPlanPosition(static_cast<std::size_t>(m_index)) : nullptr;
    const auto *purchase = evaluated ? std::get_if<tco::PurchaseScenario>(&evaluated->scenario) : nullptr;
    m_table->setEnabled(purchase != nullptr);
    if (!purchase) {
        for (int c = 0; c < 3; ++c)
            for (int r = 0; r < Use; ++r)
                m_table->item(r, c)->setText(QStringLiteral("—"));
        m_note->setText(tr("The comparison needs the scenario to evaluate; see what the form says is missing."));
        return;
    }
    const tco::Workload &workload = result->workload;
    const tco::PurchaseScenario &given = std::get<tco::PurchaseScenario>(plan.scenarios.at(m_index).scenario);
    std::array<tco::PurchaseScenario, 3> financed;
    std::array<tco::ScenarioResult, 3> results;
    for (std::size_t c = 0; c < kFinancings.size(); ++c) {
        financed[c] = financedBy(*purchase, kFinancings[c]);
        results[c] = tco::evaluate(workload, financed[c]);
    }
    const auto chosen = static_cast<std::size_t>(purchase->financing);
    bool assumed = false;
    for (std::size_t c = 0; c < kFinancings.size(); ++c) {
        const auto col = static_cast<int>(c);
        const tco::PurchaseScenario &p = financed[c];
        const tco::ScenarioResult &r = results[c];
        QString terms;
        switch (kFinancings[c]) {
        case tco::Financing::Cash:
            terms = tr("Paid when bought");
            break;
        case tco::Financing::Loan:
            terms = tr("%1 a year over %2 months, %3 down")
                        .arg(report::percent(*p.loanRate), QString::number(*p.loanTermMonths),
                             report::percent(p.downPaymentFraction, 0));
            if (!given.loanRate || !given.loanTermMonths) {
                terms += tr(" (assumed)");
                assumed = true;
            }
            break;
        case tco::Financing::Lease:
            terms = p.leasePaymentPerServerMonth
                        ? tr("%1 a server-month").arg(report::money(*p.leasePaymentPerServerMonth, currency))
                        : tr("%1 of the price a month").arg(report::percent(*p.leaseRateFactor, 2));
            if (!given.leaseRateFactor && !given.leasePaymentPerServerMonth) {
                terms += tr(" (assumed)");
                assumed = true;
            }
            break;
        }
        m_table->item(Terms, col)->setText(terms);
        m_table->item(Total, col)->setText(report::moneyWhole(r.total, currency));
        m_table->item(Npv, col)->setText(report::moneyWhole(r.npv, currency));
        m_table->item(Paid, col)->setText(report::moneyWhole(r.categoryTotal(tco::Category::Financing), currency));
        const double difference = r.npv - results[chosen].npv;
        m_table->item(Difference, col)->setText(c == chosen ? tr("chosen")
                                                            : (difference > 0 ? QStringLiteral("+") : QString()) +
                                                                  report::moneyWhole(difference, currency));
        for (int row = 0; row < Use; ++row) {
            QFont font = m_table->item(row, col)->font();
            font.setBold(c == chosen);
            m_table->item(row, col)->setFont(font);
        }
        m_use[c]->setEnabled(c != chosen && !m_editor->isReadOnly());
        m_use[c]->setText(c == chosen ? tr("In use") : tr("Use this financing"));
    }
    std::size_t cheapest = 0;
    for (std::size_t c = 1; c < results.size(); ++c)
        if (results[c].npv < results[cheapest].npv)
            cheapest = c;
    m_table->setVerticalHeaderItem(Npv, new QTableWidgetItem(tr("NPV at %1").arg(report::percent(workload.discountRate))));
    m_table->setFixedHeight(m_table->horizontalHeader()->height() + m_table->verticalHeader()->length() +
                            2 * m_table->frameWidth());
    QString note = tr("The same servers, bought, borrowed for or leased; %1. Lowest NPV: %2.")
                       .arg(workload.taxRate > 0.0 ? tr("after tax at %1 (interest and lease payments are deductible; a "
                                                         "lease gives up depreciation)")
                                                         .arg(report::percent(workload.taxRate))
                                                   : tr("before tax"),
                            financingName(kFinancings[cheapest]).toLower());
    if (assumed)
        note += tr(" Terms marked assumed are not in the plan: vendor and GPU financiers quote 10–17 % loans over "
                   "36–60 months and fair-market-value leases near 3 % of the price a month. Using one writes them "
                   "into the plan, where the form can change them.");
    m_note->setText(note);
    const bool noRate = workload.discountRate <= 0.0;
    m_rateNote->setVisible(noRate);
    m_setRate->setVisible(noRate && !m_editor->isReadOnly());
}

void FinancingBox::use(tco::Financing financing)
{
    const tco::PlanScenario &s = m_editor->plan().scenarios.at(m_index);
    const auto &given = std::get<tco::PurchaseScenario>(s.scenario);
    const tco::PurchaseScenario p = financedBy(given, financing);
    QList<std::pair<tco::ParamId, double>> values{{tco::ParamId::Financing, static_cast<double>(financing)}};
    QString why;
    if (financing == tco::Financing::Loan && (!given.loanRate || !given.loanTermMonths)) {
        values.append({tco::ParamId::LoanRate, *p.loanRate});
        values.append({tco::ParamId::LoanTermMonths, static_cast<double>(*p.loanTermMonths)});
        why = tr("Assumed by the financing comparison: vendor and GPU financiers quote 10–17 % over 36–60 months.");
    }
    if (financing == tco::Financing::Lease && !given.leaseRateFactor && !given.leasePaymentPerServerMonth) {
        values.append({tco::ParamId::LeaseRateFactor, *p.leaseRateFactor});
        why = tr("Assumed by the financing comparison: fair-market-value leases near 3 % of the price a month.");
    }
    m_editor->setScenarioValues(m_index, values, tr("Pay by %1").arg(financingName(financing).toLower()), why);
}

} // namespace mltco::ui

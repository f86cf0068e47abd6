#include "ui/calculators/calculatorspage.h"

#include "ui/calculators/budgetcalculator.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/calculators/commitmentcalculator.h"
#include "ui/calculators/egresscalculator.h"
#include "ui/calculators/irrcalculator.h"
#include "ui/calculators/leasevsbuycalculator.h"
#include "ui/calculators/multigpucalculator.h"
#include "ui/calculators/storagecalculator.h"
#include "ui/calculators/tflopscalculator.h"
#include "ui/calculators/utilizationspotcalculator.h"
#include "ui/core/theme.h"

#include <QHBoxLayout>
#include <QListWidget>
#include <QScrollArea>
#include <QStackedWidget>

namespace mltco::ui {

CalculatorsPage::CalculatorsPage(PlanEditor *editor, QWidget *parent) : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("calculatorList"));
    m_list->setAccessibleName(tr("Calculators"));
    m_list->setFixedWidth(180);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->setStyleSheet(
        QStringLiteral("QListWidget { background: %1; color: %2; padding-top: 8px; }"
                       "QListWidget::item { padding: 8px 12px; }"
                       "QListWidget::item:selected { background: %3; color: white; }")
            .arg(theme::css(theme::Role::Panel), theme::css(theme::Role::Text), theme::css(theme::Role::Accent)));
    m_stack = new QStackedWidget(this);
    m_stack->setObjectName(QStringLiteral("calculatorStack"));

    const QList<QWidget *> calculators{
        new CommitmentCalculator, new UtilizationSpotCalculator, new EgressCalculator,        new StorageCalculator,
        new MultiGpuCalculator,   new BudgetCalculator(editor),  new TflopsCalculator(editor),
        new LeaseVsBuyCalculator, new IrrCalculator};
    for (int c = 0; c < CalculatorCount; ++c) {
        m_list->addItem(calculatorTitle(static_cast<Calculator>(c)));
        // A scroll area keeps every field reachable when the window is smaller than the page wants.
        auto *scroll = new QScrollArea(m_stack);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(calculators[c]);
        m_stack->addWidget(scroll);
    }
    layout->addWidget(m_list);
    layout->addWidget(m_stack, 1);
    connect(m_list, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    m_list->setCurrentRow(0);
}

QString CalculatorsPage::calculatorTitle(Calculator calculator)
{
    switch (calculator) {
    case Commitment:
        return tr("Commitment");
    case UtilizationSpot:
        return tr("Utilization + spot");
    case Egress:
        return tr("Egress");
    case Storage:
        return tr("Storage tiering");
    case MultiGpu:
        return tr("Multi-GPU");
    case BudgetAlerts:
        return tr("Budget alerts");
    case TflopsPrice:
        return tr("$ per TFLOPS");
    case LeaseVsBuy:
        return tr("Lease vs buy");
    case Irr:
        return tr("Rate of return (IRR)");
    case CalculatorCount:
        break;
    }
    return {};
}

void CalculatorsPage::showCalculator(Calculator calculator)
{
    m_list->setCurrentRow(calculator);
}

void CalculatorsPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // The stack's width is what a calculator has (a scroll area's page never shrinks below its minimum, so the
    // frames themselves cannot tell).
    const bool stacked = m_stack->width() < CalculatorFrame::sideBySideWidth();
    const QList<CalculatorFrame *> frames = m_stack->findChildren<CalculatorFrame *>();
    for (CalculatorFrame *frame : frames)
        frame->setStacked(stacked);
}

CalculatorsPage::Calculator CalculatorsPage::currentCalculator() const
{
    return static_cast<Calculator>(m_list->currentRow());
}

} // namespace mltco::ui

#pragma once

#include <QWidget>

class QListWidget;
class QStackedWidget;

namespace mltco::ui {

class PlanEditor;

/// The Calculators page: one sub-page per stand-alone calculator of model.md §6–§7, chosen from a list on
/// the left (`calculatorList`). Each shows a form with the seed's example as defaults, the result in words,
/// and a chart. The budget alerts follow the open plan; $ per TFLOPS reads the document's catalog.
class CalculatorsPage final : public QWidget
{
    Q_OBJECT

public:
    /// The sub-pages, in list order.
    enum Calculator {
        Commitment,
        UtilizationSpot,
        Egress,
        Storage,
        MultiGpu,
        BudgetAlerts,
        TflopsPrice,
        LeaseVsBuy,
        Irr,
        CalculatorCount
    };

    explicit CalculatorsPage(PlanEditor *editor, QWidget *parent = nullptr);

    void showCalculator(Calculator calculator);
    Calculator currentCalculator() const;
    static QString calculatorTitle(Calculator calculator);

protected:
    /// Each calculator's chart goes under its form when the page is too narrow for both side by side.
    void resizeEvent(QResizeEvent *event) override;

private:
    QListWidget *m_list = nullptr;
    QStackedWidget *m_stack = nullptr;
};

} // namespace mltco::ui

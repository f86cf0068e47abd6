#pragma once

#include <QWidget>

namespace mltco::ui {

class CalculatorFrame;
class NumberField;

/// Raise GPU utilization, then move a share of what is left to spot (model.md §7, seed 004's GPU savings
/// calculator). The two savings compound: spot discounts only the bill better utilization leaves.
class UtilizationSpotCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit UtilizationSpotCalculator(QWidget *parent = nullptr);

private:
    void recompute();

    CalculatorFrame *m_frame = nullptr;
    NumberField *m_spend = nullptr;
    NumberField *m_from = nullptr;
    NumberField *m_to = nullptr;
    NumberField *m_share = nullptr;
    NumberField *m_discount = nullptr;
};

} // namespace mltco::ui

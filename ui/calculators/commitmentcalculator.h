#pragma once

#include <QWidget>

namespace mltco::ui {

class CalculatorFrame;
class NumberField;

/// Reserve or stay on demand (model.md §7, seed 004's reservation calculator): the yearly saving of a
/// commitment at the hours actually used, and the break-even utilization 1 - discount.
class CommitmentCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit CommitmentCalculator(QWidget *parent = nullptr);

private:
    void recompute();

    CalculatorFrame *m_frame = nullptr;
    NumberField *m_hours = nullptr;
    NumberField *m_monthHours = nullptr;
    NumberField *m_rate = nullptr;
    NumberField *m_discount = nullptr;
};

} // namespace mltco::ui

#pragma once

#include <QWidget>

namespace mltco::ui {

class CalculatorFrame;
class NumberField;

/// Multi-GPU scaling (model.md §7, seed 003's "5x speed up when using 8x the number of GPUs"): how much
/// faster a job runs on k GPUs and how many more GPU-hours, and dollars, it bills for that.
class MultiGpuCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit MultiGpuCalculator(QWidget *parent = nullptr);

private:
    void recompute();

    CalculatorFrame *m_frame = nullptr;
    NumberField *m_gpus = nullptr;
    NumberField *m_speedup = nullptr;
    NumberField *m_jobHours = nullptr;
    NumberField *m_rate = nullptr;
};

} // namespace mltco::ui

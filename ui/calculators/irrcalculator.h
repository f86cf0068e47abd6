#pragma once

#include <QWidget>

class QComboBox;
class QLineEdit;

namespace mltco::ui {

class CalculatorFrame;

/// The internal rate of return of a list of cash flows, the first at t = 0 (model.md §12): the rate at which their
/// present value is zero, shown on the curve of present value against the rate.
class IrrCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit IrrCalculator(QWidget *parent = nullptr);

private:
    void recompute();

    CalculatorFrame *m_frame = nullptr;
    QLineEdit *m_flows = nullptr;
    QComboBox *m_period = nullptr;
};

/// "-70,000, 12,000; 15000" -> the numbers; a problem in words naming the first entry that is not a number.
struct ParsedFlows final
{
    std::vector<double> flows;
    QString problem;
};
ParsedFlows parseFlows(const QString &text);

} // namespace mltco::ui

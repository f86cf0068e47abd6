#pragma once

#include <QWidget>

namespace mltco::ui {

class CalculatorFrame;
class NumberField;

/// Lease or borrow and buy (model.md §12): the textbook annual method. The flows of leasing minus buying (the price
/// kept at year 0; each year the lease payment after tax and the depreciation tax shield given up) discounted at
/// the after-tax borrowing rate give the net advantage of leasing, NAL.
class LeaseVsBuyCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit LeaseVsBuyCalculator(QWidget *parent = nullptr);

private:
    void recompute();

    CalculatorFrame *m_frame = nullptr;
    NumberField *m_price = nullptr;
    NumberField *m_life = nullptr;
    NumberField *m_lease = nullptr;
    NumberField *m_tax = nullptr;
    NumberField *m_borrowing = nullptr;
};

} // namespace mltco::ui

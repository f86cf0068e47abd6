#pragma once

#include "models/tco/result.h"
#include "models/tco/scenario.h"

#include <QGroupBox>

#include <array>
#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace mltco::ui {

class PlanEditor;

/// "How to pay for the servers" (model.md §12): a purchase scenario's servers paid by cash, by its loan and by its
/// lease side by side, each evaluated as the scenario stands (total, NPV at the plan's discount rate, after tax when the
/// plan has a tax rate), the chosen one marked, and "Use this financing" under each other column: one undoable step
/// that switches the scenario (and writes the loan's or lease's assumed terms when the plan gives none).
class FinancingBox final : public QGroupBox
{
    Q_OBJECT

public:
    FinancingBox(PlanEditor *editor, int index, QWidget *parent = nullptr);

    /// Evaluates the three again from the plan as it stands.
    void refresh();

    /// The loan and lease terms the comparison assumes when the plan gives none: 12 % over 36 months, a lease at
    /// 3 % of the price a month.
    static constexpr double kAssumedLoanRate = 0.12;
    static constexpr int kAssumedLoanTermMonths = 36;
    static constexpr double kAssumedLeaseRateFactor = 0.03;

private:
    /// The scenario paid with `financing`, assumed terms filled in where the plan has none.
    static tco::PurchaseScenario financedBy(tco::PurchaseScenario purchase, tco::Financing financing);
    void use(tco::Financing financing);
    /// Asks for the company's cost of capital and sets it as the plan's discount rate (one undoable step).
    void askDiscountRate();

    PlanEditor *m_editor;
    int m_index;
    QTableWidget *m_table;
    std::array<QPushButton *, 3> m_use{};
    QLabel *m_note;
    QLabel *m_rateNote;        ///< at a 0 % discount rate: what that means for the comparison
    QPushButton *m_setRate;    ///< and the offer to set the company's cost of capital
};

} // namespace mltco::ui

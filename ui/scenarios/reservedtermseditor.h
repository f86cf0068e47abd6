#pragma once

#include "models/tco/scenario.h"

#include "ui/scenarios/listtable.h"

#include <optional>
#include <vector>

namespace mltco::ui {

/// A reserved scenario's terms (model.md §11.2), [[start_month, instances, term_months], ...], as a small table:
/// "Start month", "Instances" and "Months". A bad cell is refused with the reason under the table and marked (a
/// start outside the horizon, no instances, a term outside 1–120 months); only a complete, valid list is committed
/// (sorted by start month). Beside it: how many instances each month holds, and what outlives the plan.
class ReservedTermsEditor final : public ListTableEditor
{
    Q_OBJECT

public:
    enum Column { Start, Instances, Months, ColumnCount };

    explicit ReservedTermsEditor(QWidget *parent = nullptr);

    /// Shows the scenario's terms; leaves a table the user is still correcting alone unless the terms changed.
    void setScenario(const tco::ReservedScenario &scenario, int horizonMonths);

signals:
    void committed(const std::vector<tco::ReservedTerm> &terms);

private:
    void load(const std::vector<tco::ReservedTerm> &terms);
    std::optional<std::vector<tco::ReservedTerm>> read();
    void onItemChanged() override;
    void addRow() override;
    void removeRow() override;
    void updateSummary();

    tco::ReservedScenario m_scenario;
    int m_horizon = 36;
};

} // namespace mltco::ui

#pragma once

#include "models/tco/scenario.h"

#include "ui/scenarios/listtable.h"

#include <optional>
#include <vector>

namespace mltco::ui {

/// A purchase scenario's schedule (model.md §11.1), [[month, servers], ...], as a small table: "Month" and "Servers
/// bought". A bad cell is refused with the reason under the table and marked (a month outside the horizon, a cohort
/// that the lead time would bring into service after it, a month given twice); only a complete, valid list is
/// committed (sorted by month). Beside it: when each cohort enters service. Disabled, saying why, for a fleet that
/// follows demand.
class PurchaseScheduleEditor final : public ListTableEditor
{
    Q_OBJECT

public:
    enum Column { Month, Servers, ColumnCount };

    explicit PurchaseScheduleEditor(QWidget *parent = nullptr);

    /// Shows the scenario's schedule; leaves a table the user is still correcting alone unless the schedule changed.
    void setScenario(const tco::PurchaseScenario &scenario, int horizonMonths);

signals:
    void committed(const std::vector<tco::ScheduledPurchase> &schedule);

private:
    void load(const std::vector<tco::ScheduledPurchase> &schedule);
    std::optional<std::vector<tco::ScheduledPurchase>> read();
    void onItemChanged() override;
    void addRow() override;
    void removeRow() override;
    void updateSummary();

    tco::PurchaseScenario m_scenario;
    int m_horizon = 36;
};

} // namespace mltco::ui

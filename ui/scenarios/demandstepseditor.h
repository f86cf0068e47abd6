#pragma once

#include "models/tco/workload.h"

#include "ui/scenarios/listtable.h"

#include <optional>
#include <vector>

namespace mltco::ui {

/// The workload's demand steps (model.md §10.1), [[month, gpu_hours], ...], as a small table: "From month"
/// and "GPU-hours/month". A bad cell is refused with the reason under the table and marked; only a complete,
/// valid list is committed (sorted by month). Beside it: what demand does over the horizon.
class DemandStepsEditor final : public ListTableEditor
{
    Q_OBJECT

public:
    enum Column { Month, GpuHours, ColumnCount };

    explicit DemandStepsEditor(QWidget *parent = nullptr);

    /// Shows the plan's workload; leaves a table the user is still correcting alone unless the steps changed.
    void setWorkload(const tco::Workload &workload);

signals:
    void committed(const std::vector<tco::DemandStep> &steps);

private:
    void load(const std::vector<tco::DemandStep> &steps);
    std::optional<std::vector<tco::DemandStep>> read();
    void onItemChanged() override;
    void addRow() override;
    void removeRow() override;
    void updateSummary();

    tco::Workload m_workload;
};

} // namespace mltco::ui

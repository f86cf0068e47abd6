#pragma once

#include "models/tco/workload.h"

#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace mltco::ui {

/// The workload's demand steps (model.md §10.1), [[month, gpu_hours], ...], as a small table: "From month"
/// and "GPU-hours/month". A bad cell is refused with the reason under the table and marked; only a complete,
/// valid list is committed (sorted by month). Beside it: what demand does over the horizon.
class DemandStepsEditor final : public QWidget
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
    void onItemChanged();
    void addStep();
    void removeStep();
    void updateSummary();

    QTableWidget *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_summary;
    QLabel *m_error;
    tco::Workload m_workload;
    bool m_loading = false;
};

} // namespace mltco::ui

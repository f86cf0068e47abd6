#pragma once

#include "models/tco/parameters.h"

#include <QGroupBox>
#include <QMap>

namespace mltco::ui {

class DemandStepsEditor;
class ParameterField;
class PlanEditor;

/// The plan's workload (model.md §3, §10.1), which every scenario serves: one field per workload parameter of
/// the parameter table, and the demand steps in a table of their own. Each confirmed value is one PlanEditor::setWorkloadValue() (one undo step).
class WorkloadForm final : public QGroupBox
{
    Q_OBJECT

public:
    explicit WorkloadForm(PlanEditor *editor, QWidget *parent = nullptr);

    /// Shows the plan's values without touching text the user is typing.
    void updateFromPlan();

private:
    PlanEditor *m_editor;
    QMap<tco::ParamId, ParameterField *> m_fields;
    DemandStepsEditor *m_steps = nullptr;
};

} // namespace mltco::ui

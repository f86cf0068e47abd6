#include "ui/scenarios/workloadform.h"

#include "ui/core/planeditor.h"
#include "ui/scenarios/demandstepseditor.h"
#include "ui/scenarios/parameterfield.h"

#include <QLabel>

#include <QGridLayout>

namespace mltco::ui {

WorkloadForm::WorkloadForm(PlanEditor *editor, QWidget *parent)
    : QGroupBox(tr("Workload \u2014 the work every scenario serves"), parent), m_editor(editor)
{
    setObjectName(QStringLiteral("workloadForm"));
    auto *grid = new QGridLayout(this);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(4);
    QList<tco::ParamId> ids = tco::workloadParameters();
    ids.removeAll(tco::ParamId::DemandSteps); // a list: its own editor below the fields
    // Two columns of fields, filled row by row, so the form stays three rows high.
    constexpr int kColumns = 2;
    constexpr int kFieldColumns = 5;
    const int rows = static_cast<int>((ids.size() + kColumns - 1) / kColumns);
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const tco::ParamId id = ids.at(i);
        auto *field = new ParameterField(tco::parameterInfo(id), this);
        const int column = static_cast<int>(i) / rows;
        const int row = static_cast<int>(i) % rows;
        field->addToGrid(grid, 2 * row, column * (kFieldColumns + 1));
        connect(field, &ParameterField::committed, this,
                [this, id](double value) { m_editor->setWorkloadValue(id, value); });
        m_fields.insert(id, field);
    }
    const tco::ParameterInfo &stepsInfo = tco::parameterInfo(tco::ParamId::DemandSteps);
    auto *stepsLabel = new QLabel(QString::fromUtf8(stepsInfo.label), this);
    m_steps = new DemandStepsEditor(this);
    stepsLabel->setBuddy(m_steps);
    grid->addWidget(stepsLabel, 2 * rows, 0, Qt::AlignTop);
    grid->addWidget(m_steps, 2 * rows, 1, 1, 2 * kFieldColumns);
    connect(m_steps, &DemandStepsEditor::committed, this,
            [this](const std::vector<tco::DemandStep> &steps) { m_editor->setDemandSteps(steps); });
    // A gap between the two columns of fields, and the notes take what is left.
    grid->setColumnMinimumWidth(kFieldColumns, 24);
    grid->setColumnStretch(3, 1);
    grid->setColumnStretch(kFieldColumns + 1 + 3, 1);
    updateFromPlan();
}

void WorkloadForm::updateFromPlan()
{
    const tco::Plan &plan = m_editor->plan();
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
        it.value()->setValue(tco::parameterValue(plan.workload, it.key()));
    m_steps->setWorkload(plan.workload);
}

} // namespace mltco::ui

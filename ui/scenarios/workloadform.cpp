#include "ui/scenarios/workloadform.h"

#include "ui/core/planeditor.h"
#include "ui/scenarios/demandstepseditor.h"
#include "ui/scenarios/parameterfield.h"

#include <QGridLayout>
#include <QLabel>

namespace mltco::ui {

WorkloadForm::WorkloadForm(PlanEditor *editor, QWidget *parent)
    : QGroupBox(tr("Workload \u2014 the work every scenario serves"), parent), m_editor(editor),
      m_grid(new QGridLayout(this))
{
    setObjectName(QStringLiteral("workloadForm"));
    m_grid->setHorizontalSpacing(10);
    m_grid->setVerticalSpacing(4);
    QList<tco::ParamId> ids = tco::workloadParameters();
    ids.removeAll(tco::ParamId::DemandSteps); // a list: its own editor below the fields
    for (tco::ParamId id : std::as_const(ids)) {
        auto *field = new ParameterField(tco::parameterInfo(id), this);
        connect(field, &ParameterField::committed, this,
                [this, id](double value) { m_editor->setWorkloadValue(id, value); });
        m_fields.insert(id, field);
        m_order << field;
    }
    const tco::ParameterInfo &stepsInfo = tco::parameterInfo(tco::ParamId::DemandSteps);
    m_stepsLabel = new QLabel(QString::fromUtf8(stepsInfo.label), this);
    m_steps = new DemandStepsEditor(this);
    m_stepsLabel->setBuddy(m_steps);
    connect(m_steps, &DemandStepsEditor::committed, this,
            [this](const std::vector<tco::DemandStep> &steps) { m_editor->setDemandSteps(steps); });
    arrange(2);
    updateFromPlan();
}

void WorkloadForm::arrange(int columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    for (ParameterField *field : std::as_const(m_order))
        field->removeFromGrid(m_grid);
    m_grid->removeWidget(m_stepsLabel);
    m_grid->removeWidget(m_steps);
    // Fields filled column by column: two columns keep the form three rows high on a wide window; one column
    // keeps every field and its note readable on a narrow one.
    constexpr int kFieldColumns = 5;
    const int count = static_cast<int>(m_order.size());
    const int rows = (count + columns - 1) / columns;
    for (int i = 0; i < count; ++i)
        m_order[i]->addToGrid(m_grid, 2 * (i % rows), (i / rows) * (kFieldColumns + 1));
    m_grid->addWidget(m_stepsLabel, 2 * rows, 0, Qt::AlignTop);
    m_grid->addWidget(m_steps, 2 * rows, 1, 1, columns * kFieldColumns + columns - 1);
    // A gap between the two columns of fields, and the notes take what is left.
    for (int c = 0; c < 2 * (kFieldColumns + 1); ++c) {
        m_grid->setColumnStretch(c, 0);
        m_grid->setColumnMinimumWidth(c, 0);
    }
    m_grid->setColumnStretch(3, 1);
    if (columns > 1) {
        m_grid->setColumnMinimumWidth(kFieldColumns, 24);
        m_grid->setColumnStretch(kFieldColumns + 1 + 3, 1);
    }
}

void WorkloadForm::resizeEvent(QResizeEvent *event)
{
    QGroupBox::resizeEvent(event);
    arrange(width() >= kTwoColumnWidth ? 2 : 1);
}

void WorkloadForm::updateFromPlan()
{
    const tco::Plan &plan = m_editor->plan();
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
        it.value()->setValue(tco::parameterValue(plan.workload, it.key()));
    m_steps->setWorkload(plan.workload);
}

} // namespace mltco::ui

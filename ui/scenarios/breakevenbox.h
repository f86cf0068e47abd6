#pragma once

#include <QGroupBox>

class QComboBox;
class QLabel;

namespace mltco::ui {

class ParameterField;
class PlanEditor;

/// The plan's break-even comparison (model.md §6, §10.7): which purchase scenario against which dedicated,
/// cluster or elastic scenario, compared at equal throughput or instance for server, swept up to how many
/// servers, and what it found (a server count, or against elastic the utilization at which owning pays). Edits the plan's first
/// break-even request through PlanEditor::setBreakEven (one undo step each); later requests are kept.
class BreakEvenBox final : public QGroupBox
{
    Q_OBJECT

public:
    explicit BreakEvenBox(PlanEditor *editor, QWidget *parent = nullptr);

    void updateFromPlan();

private:
    void choosePurchase();
    void chooseCloud();
    void setMaxServers(double value);
    void chooseBasis(int index);
    void updateResult();

    PlanEditor *m_editor;
    QComboBox *m_purchase;
    QComboBox *m_cloud;
    ParameterField *m_maxServers;
    QComboBox *m_basis;
    QLabel *m_result;
};

} // namespace mltco::ui

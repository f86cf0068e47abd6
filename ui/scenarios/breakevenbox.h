#pragma once

#include <QGroupBox>

class QComboBox;
class QLabel;

namespace mltco::ui {

class ParameterField;
class PlanEditor;

/// The plan's break-even comparison (model.md §6): which purchase scenario against which dedicated or
/// cluster scenario, swept up to how many servers, and what the sweep found. Edits the plan's first
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
    void updateResult();

    PlanEditor *m_editor;
    QComboBox *m_purchase;
    QComboBox *m_cloud;
    ParameterField *m_maxServers;
    QLabel *m_result;
};

} // namespace mltco::ui

#pragma once

#include <QDialog>

class QComboBox;
class QTableWidget;

namespace mltco::ui {

class PlanEditor;

/// Two scenarios side by side (Edit › Compare two scenarios…): every figure of each and the difference, from
/// report::compareScenarios, so the dialog and the tests read the same lines. Follows the plan while open.
class CompareDialog final : public QDialog
{
    Q_OBJECT

public:
    /// Starts on scenarios `a` and `b` of the editor's plan.
    CompareDialog(PlanEditor *editor, int a, int b, QWidget *parent = nullptr);

private:
    void refresh();

    PlanEditor *m_editor;
    QComboBox *m_a;
    QComboBox *m_b;
    QTableWidget *m_table;
};

} // namespace mltco::ui

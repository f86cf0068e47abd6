#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QTableWidget;

namespace mltco::ui {

class PlanEditor;

/// Two scenarios side by side (Edit › Compare two scenarios…): every figure of each and the difference, from
/// report::compareScenarios, so the dialog and the tests read the same lines. Follows the plan while open.
class CompareDialog final : public QDialog
{
    Q_OBJECT

public:
    /// Starts on scenarios `a` and `b` of the editor's plan (positions in the plan). Only evaluated scenarios are
    /// offered: one left out of the evaluation (incomplete) is named below the table instead.
    CompareDialog(PlanEditor *editor, int a, int b, QWidget *parent = nullptr);

private:
    /// The choices again after a plan change (a rename, a scenario completed or left out), keeping A and B by name.
    void repopulate();
    void refresh();

    PlanEditor *m_editor;
    QComboBox *m_a;
    QComboBox *m_b;
    QTableWidget *m_table;
    QLabel *m_leftOut;
};

} // namespace mltco::ui

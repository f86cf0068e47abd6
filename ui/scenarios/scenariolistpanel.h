#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;
class QTreeView;

namespace mltco::ui {

class PlanEditor;
class ScenarioListModel;

/// The plan's scenarios with add (by kind), duplicate, rename, move up/down and delete. Every action goes
/// through the PlanEditor, so each is one undo step. Renaming happens in a bar under the list that refuses
/// an empty or taken name there and then, with the reason.
class ScenarioListPanel final : public QWidget
{
    Q_OBJECT

public:
    explicit ScenarioListPanel(PlanEditor *editor, QWidget *parent = nullptr);

    /// Index of the selected scenario in the plan, or -1.
    int currentScenario() const;
    void selectScenario(int index);

    /// Follows a plan change (edit, undo, redo, load): keeps the same scenario selected, or the one that
    /// just appeared (added, duplicated, renamed, restored), or its neighbour when it was deleted.
    void refresh();

    ScenarioListModel *model() const { return m_model; }

    /// Opens the rename bar on the selected scenario (the Rename button, Edit › Rename scenario, F2).
    void startRename();
    /// Opens the Add button's menu of kinds (Edit › Add scenario from the keyboard, Ctrl+Shift+N).
    void showAddMenu();

signals:
    /// The user selected another scenario (not emitted by refresh()).
    void currentScenarioChanged(int index);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void addScenario(int kind);
    void moveCurrent(int delta);
    void acceptRename();
    void cancelRename();
    void validateRename();
    void updateButtons();

    PlanEditor *m_editor;
    ScenarioListModel *m_model;
    QTreeView *m_view;
    QToolButton *m_add;
    QPushButton *m_duplicate;
    QPushButton *m_rename;
    QPushButton *m_delete;
    QToolButton *m_up;
    QToolButton *m_down;
    QWidget *m_renameBar;
    QLineEdit *m_renameEdit;
    QLabel *m_renameMessage;
    QPushButton *m_renameAccept;
    QStringList m_names; ///< scenario names at the last refresh, to see what changed
    bool m_refreshing = false;
};

} // namespace mltco::ui

#pragma once

#include <QWidget>

class QBoxLayout;
class QLabel;
class QScrollArea;
class QSplitter;
class QVBoxLayout;

namespace mltco::ui {

class BreakEvenBox;
class PlanEditor;
class ResultStrip;
class ScenarioForm;
class ScenarioListPanel;
class WorkloadForm;

/// Where a plan is built: the shared workload on top; the scenarios on the left (add, duplicate, rename,
/// reorder, delete) with the break-even comparison under them; the selected scenario's form on the right
/// with its figures under it, live. Every change is one step on the document's undo stack.
class ScenariosPage final : public QWidget
{
    Q_OBJECT

public:
    explicit ScenariosPage(PlanEditor *editor, QWidget *parent = nullptr);

    /// Index of the selected scenario in the plan, or -1 (Edit > Duplicate/Delete act on it).
    int currentScenario() const;
    /// The scenario list's rename bar on the selected scenario, and its Add menu (keyboard shortcuts).
    void startRename();
    void showAddMenu();

    /// Below this window width the list stands above the form instead of beside it, so the form keeps its
    /// width (a 1024-pixel laptop window would otherwise scroll sideways).
    static constexpr int kSideBySideWindowWidth = 1320;
    /// What the scenario form needs beside the list, with its scroll bar.
    static constexpr int kFormWidth = 820;

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// List beside the form, or above it, for a window `windowWidth` pixels wide.
    void arrangeFor(int windowWidth);
    void onPlanChanged();
    /// Shows the form of scenario `index`, building it only when another scenario (or kind) is selected.
    void showScenario(int index);

    PlanEditor *m_editor;
    QSplitter *m_splitter = nullptr;
    QWidget *m_left = nullptr;
    QBoxLayout *m_leftLayout = nullptr;
    QWidget *m_right = nullptr;
    QObject *m_watchedWindow = nullptr;
    WorkloadForm *m_workload;
    ScenarioListPanel *m_list;
    BreakEvenBox *m_breakEven;
    QScrollArea *m_scroll;
    QWidget *m_formHolder;
    QVBoxLayout *m_formLayout;
    QLabel *m_empty;
    ScenarioForm *m_form = nullptr;
    ResultStrip *m_results;
    bool m_formShown = false; ///< the selected scenario's form has been built (the page has been shown)
    bool m_splitterFitted = false; ///< the list's width has been fitted to the window once
};

} // namespace mltco::ui

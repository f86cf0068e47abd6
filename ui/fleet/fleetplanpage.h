#pragma once

#include "models/analytics/fleetoptimizer.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QBoxLayout;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace mltco::ui {

class ChartView;
class PlanEditor;

/// The Fleet plan page (model.md §11.4, §14.4): tick the purchases and reservations that are candidates (one or more
/// generations each) and the burst, how often a decision may be taken, the risk the company accepts (from "cheapest on average" to "safest at P95") and the limits; run the
/// optimizer in the background with progress and cancel; read the answer as a sentence, a timeline of what is owned
/// and reserved against demand, the efficient frontier, every plan scenario under the same futures and the marginal
/// values; "Add to plan" adds the three scenarios (and the request) in one undoable step.
class FleetPlanPage final : public QWidget
{
    Q_OBJECT

public:
    explicit FleetPlanPage(PlanEditor *editor, QWidget *parent = nullptr);
    ~FleetPlanPage() override;

    void run();
    void cancel();
    bool isRunning() const { return m_running; }
    const std::optional<tco::OptimizeAnswer> &answer() const { return m_answer; }
    /// The answer while it still answers the plan and the settings (not faded); nullptr otherwise.
    const tco::OptimizeAnswer *currentAnswer() const { return m_answer && !m_stale ? &*m_answer : nullptr; }
    /// The request the form describes (the plan's `optimize`, changed by the form).
    tco::OptimizeRequest request() const;
    /// Adds the answer to the plan: one undo step.
    void addToPlan();

    /// Below this page width the frontier and the comparison stand one above the other.
    static constexpr int kSideBySideWidth = 1200;

signals:
    void finished();

protected:
    void resizeEvent(QResizeEvent *event) override;
    /// The first time the page is shown on a plan with an `optimize` request, it finds the answer at once (a newcomer
    /// sees it working; it takes well under a second on the bundled example).
    void showEvent(QShowEvent *event) override;

private:
    void refreshFromPlan();
    void showAnswer();
    void updateRiskLabel();

    PlanEditor *m_editor;
    /// The candidates to own and to reserve (model.md §14.4): the plan's purchase and reserved scenarios, ticked ones in
    /// the order listed (the request's own first); the first serves first.
    QListWidget *m_own = nullptr;
    QListWidget *m_reserve = nullptr;
    QComboBox *m_burst = nullptr;
    QSpinBox *m_every = nullptr;
    QSlider *m_risk = nullptr;
    QLabel *m_riskLabel = nullptr;
    QSpinBox *m_maxServers = nullptr;
    QSpinBox *m_maxInstances = nullptr;
    QLineEdit *m_budget = nullptr;
    QDoubleSpinBox *m_utilization = nullptr;
    QSpinBox *m_trials = nullptr;
    QSpinBox *m_seed = nullptr;
    QLineEdit *m_name = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_add = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_sentence = nullptr;
    QLabel *m_figures = nullptr;
    QLabel *m_marginal = nullptr;
    ChartView *m_timeline = nullptr;
    ChartView *m_frontier = nullptr;
    QTableWidget *m_comparison = nullptr;
    QBoxLayout *m_lower = nullptr;
    QTimer *m_poll = nullptr;
    bool m_running = false;
    bool m_stale = false; ///< the plan or a setting changed after the answer was found: it is shown faded
    bool m_adding = false;
    bool m_added = false;      ///< the answer was added to the plan (Add stays off until it is found again)
    bool m_refreshing = false; ///< the form is being filled from the plan, not moved by the person
    QWidget *m_results = nullptr;
    /// The answer no longer answers the plan or the settings: faded, Add off, `why` said.
    void markStale(const QString &why);
    /// "The plan has no uncertain inputs: …" while it is so (empty otherwise); noUncertaintyNote() is its text.
    QString uncertaintyNote() const;
    static QString noUncertaintyNote();
    bool m_seenOnce = false;
    bool m_autoRun = false; ///< the page has run by itself once
    std::optional<tco::OptimizeRequest> m_seen; ///< the plan's request the form last showed
    std::optional<tco::OptimizeAnswer> m_answer;
    tco::Plan m_answerPlan; ///< the plan (with the request) the answer was found for
    QFutureWatcher<std::shared_ptr<Expected<tco::OptimizeAnswer>>> m_watcher;
    std::shared_ptr<std::atomic<int>> m_done;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
};

} // namespace mltco::ui

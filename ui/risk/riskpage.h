#pragma once

#include "models/analytics/analysis.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableWidget;
class QTimer;

namespace mltco::ui {

class ChartView;
class PlanEditor;

/// The Risk page (model.md §10.9): give any parameter a distribution (with a preview of its shape) and
/// correlations, run the Monte Carlo in the background with progress and cancel, and read the answer as a fan
/// chart of cumulative cost, a histogram of totals, a tornado, the probabilities of being cheapest and the
/// payback month's spread.
class RiskPage final : public QWidget
{
    Q_OBJECT

public:
    explicit RiskPage(PlanEditor *editor, QWidget *parent = nullptr);
    ~RiskPage() override;

    /// Starts a run with the current settings (what the Run button does).
    void run();
    bool isRunning() const;
    const std::optional<tco::AnalysisResult> &result() const { return m_result; }

    /// Below this page width the tornado and the histogram stand one above the other instead of side by side.
    static constexpr int kSideBySideWidth = 1150;

signals:
    void finished();

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void planChanged();        // refreshEditor(), or mark the page stale while it is not shown
    void buildEditor(QWidget *panel);
    void refreshEditor();      // from the plan: the table, targets, correlations
    void refreshParameters();  // the parameters of the chosen target
    void refreshFields();      // labels and defaults for the chosen distribution
    void showEntry(int row);
    std::optional<tco::Uncertainty> entryFromForm(QString *problem) const;
    void addOrUpdate(bool update);
    void removeSelected();
    void addCorrelation();
    void removeCorrelation();
    void updatePreview();
    void cancel();
    void showResult();
    void showTornado();
    void refreshTornado();     // the tornado of the plan as it stands, around its own totals

    PlanEditor *m_editor;
    QTableWidget *m_table = nullptr;
    QComboBox *m_target = nullptr;
    QComboBox *m_parameter = nullptr;
    QComboBox *m_distribution = nullptr;
    QDoubleSpinBox *m_fields[3] = {nullptr, nullptr, nullptr};
    QLabel *m_fieldLabels[3] = {nullptr, nullptr, nullptr};
    QLabel *m_problem = nullptr;
    ChartView *m_preview = nullptr;
    QTableWidget *m_correlations = nullptr;
    QComboBox *m_corrA = nullptr;
    QComboBox *m_corrB = nullptr;
    QDoubleSpinBox *m_corrRank = nullptr;
    QSpinBox *m_trials = nullptr;
    QSpinBox *m_seed = nullptr;
    QComboBox *m_sampling = nullptr;
    QCheckBox *m_converge = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QTableWidget *m_summary = nullptr;
    QLabel *m_payback = nullptr;
    ChartView *m_fan = nullptr;
    ChartView *m_histogram = nullptr;
    ChartView *m_tornado = nullptr;
    int m_tornadoLabelWidth = 0; ///< what the tornado's names were fitted to (tornadoLabelWidth())
    QComboBox *m_tornadoScenario = nullptr;
    QTimer *m_poll = nullptr;
    QBoxLayout *m_lower = nullptr; ///< the tornado and the histogram
    QSplitter *m_splitter = nullptr;
    bool m_running = false; ///< from Run until its result (or cancellation) is shown
    int m_sampled = 0;      ///< the uncertain inputs the last run sampled (those of left-out scenarios wait)
    QString m_leftOutNote;  ///< said after the last run's figures: whose inputs were not sampled
    bool m_stale = false;   ///< the plan changed while the page was not shown: refresh when it is

    std::optional<tco::AnalysisResult> m_result;
    std::optional<tco::AnalysisResult> m_preliminary; ///< the tornado of the plan as it stands (refreshTornado)
    std::optional<tco::PlanResult> m_liveBase;        ///< the evaluation it moves the inputs around
    std::optional<tco::PlanResult> m_resultBase; ///< the plan evaluation the result was sampled around
    QFutureWatcher<std::shared_ptr<Expected<tco::AnalysisResult>>> m_watcher;
    std::shared_ptr<std::atomic<int>> m_done;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
};

} // namespace mltco::ui

#pragma once

#include <QWidget>

class QLabel;
class QStackedWidget;
class QToolButton;

namespace mltco::report {
struct ExecutiveSummary;
}

namespace mltco::ui {

class BreakEvenChart;
class CapacityChart;
class HybridChart;
class GapChart;
class CategoryChart;
class CumulativeChart;
class KpiPanel;
class PlanEditor;

/// The picture of the plan a VP of engineering shows the CFO: the executive summary (the recommendation in one
/// sentence and what it hangs on, copied to the clipboard for an email in one click), headline cards (cheapest, saving against the
/// first scenario, break-even, demand coverage), one card per scenario, cumulative cost curves, cost by
/// category and the buy-vs-rent break-even. Refreshed on every planChanged(); when the plan cannot be
/// evaluated it says why instead of showing charts.
class DashboardPage final : public QWidget
{
    Q_OBJECT

public:
    explicit DashboardPage(PlanEditor *editor, QWidget *parent = nullptr);

    KpiPanel *kpis() const { return m_kpis; }
    CumulativeChart *cumulative() const { return m_cumulative; }
    CategoryChart *categories() const { return m_categories; }
    BreakEvenChart *breakEven() const { return m_breakEven; }
    CapacityChart *capacity() const { return m_capacity; }
    HybridChart *hybrid() const { return m_hybrid; }
    GapChart *gap() const { return m_gap; }
    /// The executive summary as Markdown, as "Copy summary" puts it on the clipboard (empty without a result).
    QString summaryMarkdown() const { return m_summaryMarkdown; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    void showSummary(const report::ExecutiveSummary &summary);
    void showMessage(const QString &title, const QString &message, const QStringList &details);

    PlanEditor *m_editor;
    QStackedWidget *m_stack;
    QLabel *m_title;
    QLabel *m_subtitle;
    KpiPanel *m_kpis;
    CumulativeChart *m_cumulative;
    CategoryChart *m_categories;
    BreakEvenChart *m_breakEven;
    CapacityChart *m_capacity;
    HybridChart *m_hybrid;
    GapChart *m_gap;
    QLabel *m_notes;
    QLabel *m_summary;
    QToolButton *m_copySummary;
    QString m_summaryMarkdown;
    QLabel *m_message;
    bool m_stale = true; ///< the plan changed while the page was hidden
};

} // namespace mltco::ui

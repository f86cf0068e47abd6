#pragma once

#include "models/plan/planevaluation.h"
#include "models/report/summary.h"

#include <QWidget>

class QBarCategoryAxis;
class QChart;
class QComboBox;
class QStackedBarSeries;

namespace mltco::ui {

class ChartView;
class WrapLabel;

/// Where the gap between two options comes from (model.md §14.3): a waterfall from one option's NPV to the other's,
/// one step per cost category, and the same in a sentence. It opens on the recommended option against the next
/// cheapest; any two may be chosen. Steps that lower the cost are green, those that raise it red.
class GapChart final : public QWidget
{
    Q_OBJECT

public:
    explicit GapChart(QWidget *parent = nullptr);

    /// The figures of a new evaluation; keeps the two chosen options when they are still there.
    void setResult(const tco::PlanResult &result);
    QSize sizeHint() const override { return {480, 260}; }

    ChartView *view() const { return m_view; }
    QComboBox *first() const { return m_first; }
    QComboBox *second() const { return m_second; }
    /// The gap shown, in words (report::gapSentence()).
    QString sentence() const;
    const report::CategoryGap &gap() const { return m_gap; }

    /// Draws the waterfall of `gap` into `chart` (a fresh one): what the dashboard shows and the PDF prints. Returns
    /// each bar's tip, in the bars' order.
    static QStringList drawWaterfall(QChart *chart, const tco::PlanResult &result, const report::CategoryGap &gap);

private:
    void rebuild();

    ChartView *m_view;
    QChart *m_chart;
    QComboBox *m_first;
    QComboBox *m_second;
    WrapLabel *m_sentence;
    tco::PlanResult m_result; ///< the last evaluation, without its month rows
    report::CategoryGap m_gap;
};

} // namespace mltco::ui

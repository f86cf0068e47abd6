#pragma once

#include "models/plan/planevaluation.h"

#include <QWidget>

#include <vector>

class QChart;
class QComboBox;

namespace mltco::ui {

class ChartView;

/// A hybrid's money by year, split into its owned or reserved base and its elastic burst (model.md §10.6),
/// with how much of the year's work overflowed to the burst side. Hidden when the plan has no hybrid.
class HybridChart final : public QWidget
{
    Q_OBJECT

public:
    explicit HybridChart(QWidget *parent = nullptr);

    /// Returns whether the plan has a hybrid to show.
    bool setResult(const tco::PlanResult &result);
    ChartView *view() const { return m_view; }

    QSize sizeHint() const override { return {480, 250}; }
    bool hasHeightForWidth() const override { return false; }

private:
    QString m_currency = QStringLiteral("USD"); ///< the plan's (model.md §13): of every axis and figure
    void rebuildChart();

    ChartView *m_view;
    QChart *m_chart;
    QComboBox *m_selector;
    std::vector<tco::EvaluatedScenario> m_hybrids;
    std::vector<int> m_colors; ///< plan index of each hybrid, for its colour
};

} // namespace mltco::ui

#pragma once

#include "ui/dashboard/legendmemory.h"

#include <QWidget>

#include <cstddef>
#include <vector>

class QChart;
class QValueAxis;

namespace mltco::tco {
struct PlanResult;
}
namespace mltco::actuals {
struct PlanComparison;
}

namespace mltco::ui {

class ChartView;

/// Cumulative cost per scenario by month: where the lines cross is where one option overtakes another; a
/// purchase's resale shows as a drop in its month of sale.
class CumulativeChart final : public QWidget
{
    Q_OBJECT

public:
    explicit CumulativeChart(QWidget *parent = nullptr);

    /// With `bills`, the actual spend of the imported bills is drawn over the plan's lines: the cumulative GPU spend
    /// of the months the bills cover, beside the line of scenario `billsScenario` (a position in result.scenarios).
    void setResult(const tco::PlanResult &result, const actuals::PlanComparison *bills = nullptr,
                   std::size_t billsScenario = 0);
    /// Only the scenarios at these positions of result.scenarios, each in its own colour (the report's second chart of
    /// the cheaper options on their own scale).
    void setScenarios(const tco::PlanResult &result, const std::vector<std::size_t> &shown,
                      const actuals::PlanComparison *bills = nullptr, std::size_t billsScenario = 0);
    ChartView *view() const { return m_view; }

    /// Modest preferred size so the dashboard fits a 1440x900 window; the page's layout stretches charts into
    /// whatever room is left. (QChartView prefers 640x480, which would push everything into a scroll area.)
    QSize sizeHint() const override { return {480, 250}; }
    bool hasHeightForWidth() const override { return false; }

private:
    QString m_currency = QStringLiteral("USD"); ///< the plan's (model.md §13): of every axis and figure
    ChartView *m_view;
    QChart *m_chart;
    QValueAxis *m_months;
    QValueAxis *m_money;
    LegendMemory m_legend;
    std::vector<std::vector<double>> m_cumulative; ///< exact values per scenario, month 0..H, for tooltips
};

} // namespace mltco::ui

#pragma once

#include "ui/dashboard/legendmemory.h"

#include <QWidget>

#include <vector>

class QChart;
class QValueAxis;

namespace mltco::tco {
struct PlanResult;
}

namespace mltco::ui {

class ChartView;

/// Demand against installed capacity month by month (model.md §10.1, §10.2): the plan's demand G_m and, for
/// each scenario with a fleet or fixed boxes, the reference GPU-hours it can serve. Where a capacity line runs
/// under the demand, that scenario leaves work undone; steps up are servers bought or nodes added.
class CapacityChart final : public QWidget
{
    Q_OBJECT

public:
    explicit CapacityChart(QWidget *parent = nullptr);

    void setResult(const tco::PlanResult &result);
    ChartView *view() const { return m_view; }

    QSize sizeHint() const override { return {480, 250}; }
    bool hasHeightForWidth() const override { return false; }

private:
    ChartView *m_view;
    QChart *m_chart;
    QValueAxis *m_months;
    QValueAxis *m_hours;
    LegendMemory m_legend;
};

} // namespace mltco::ui

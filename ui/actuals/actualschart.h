#pragma once

#include <QWidget>

class QChart;
class QValueAxis;

namespace mltco::actuals {
struct PlanComparison;
}

namespace mltco::ui {

class ChartView;

/// The plan's compute held against the bills, month by month or cumulative: the planned line in the scenario's
/// colour, the actual spend in the text colour with a point for every month a bill covers.
class ActualsChart final : public QWidget
{
    Q_OBJECT

public:
    enum class Mode { Monthly, Cumulative };

    explicit ActualsChart(Mode mode, QWidget *parent = nullptr);

    /// Draws `comparison` of scenario `scenario` (its position in the plan picks its colour).
    /// `currency`: the plan's, which the comparison's amounts are in.
    void setComparison(const actuals::PlanComparison &comparison, const QString &scenario, int colorIndex,
                       const QString &currency);
    ChartView *view() const { return m_view; }
    QChart *chart() const { return m_chart; }

    QSize sizeHint() const override { return {480, 280}; }

private:
    Mode m_mode;
    ChartView *m_view;
    QChart *m_chart;
    QValueAxis *m_months;
    QValueAxis *m_money;
};

} // namespace mltco::ui

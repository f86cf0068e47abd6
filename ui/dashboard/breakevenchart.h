#pragma once

#include "models/plan/planevaluation.h"
#include "ui/dashboard/legendmemory.h"

#include <QRectF>
#include <QWidget>

#include <utility>
#include <vector>

class QChart;
class QCheckBox;
class QComboBox;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLabel;
class QScatterSeries;
class QStackedWidget;
class QValueAxis;

namespace mltco::ui {

class ChartView;

/// Buy vs rent: total cost over the horizon against the number of servers, for the purchase and its cloud
/// alternative of a break-even request (model.md §6, §10.7), with the crossing marked; it opens on the comparison
/// the headline asks about (tco::headlineBreakEven: owning against the cheapest cloud option), worked out when the
/// plan has no request for it; against an elastic scenario, total cost against monthly demand with the fleet
/// break-even utilization marked. By default the chart shows the servers around the crossing so it can be seen; a
/// check box widens it to the whole sweep.
class BreakEvenChart final : public QWidget
{
    Q_OBJECT

public:
    explicit BreakEvenChart(QWidget *parent = nullptr);

    void setResult(const tco::PlanResult &result);
    ChartView *view() const { return m_view; }

    /// Modest preferred size so the dashboard fits a 1440x900 window; the page's layout stretches charts into
    /// whatever room is left. (QChartView prefers 640x480, which would push everything into a scroll area.)
    QSize sizeHint() const override { return {480, 250}; }
    bool hasHeightForWidth() const override { return false; }
    /// The scatter point labelled "Break-even: N servers"; nullptr when there is no crossing.
    QScatterSeries *marker() const { return m_marker; }
    /// The sentence under the chart ("Break-even: 6 servers — …", or why there is none).
    QString note() const;
    /// The label drawn at the crossing ("Break-even: 6 servers"); empty when the lines do not cross.
    QString crossingLabel() const;
    /// Where that label is drawn, and the plot area it must stay in (chart coordinates); empty when not shown.
    QRectF crossingLabelRect() const;
    QRectF plotArea() const;

private:
    QString m_currency = QStringLiteral("USD"); ///< the plan's (model.md §13): of every axis and figure
    void rebuildSelector();
    void rebuildChart();
    /// Against an elastic scenario: total cost by monthly demand, owned servers flat, pay-per-use rising.
    void rebuildUtilizationChart(const tco::EvaluatedBreakEven &be, std::pair<int, int> colors);
    /// Keeps the crossing's label next to its point when the plot area resizes or zooms.
    void placeCallout();

    QComboBox *m_selector;
    QCheckBox *m_wholeSweep;
    QStackedWidget *m_stack;
    ChartView *m_view;
    QChart *m_chart;
    QValueAxis *m_servers;
    QValueAxis *m_money;
    QLabel *m_empty;
    QLabel *m_note;
    QScatterSeries *m_marker = nullptr;
    QGraphicsRectItem *m_callout; ///< background of the crossing's label, so lines never run through it
    QGraphicsSimpleTextItem *m_calloutText;
    LegendMemory m_legend;

    std::vector<tco::EvaluatedBreakEven> m_breakEvens;
    std::vector<std::pair<int, int>> m_colors; ///< per break-even: plan index of its purchase and cloud scenario
    int m_horizon = 0;
    std::size_t m_planRequests = 0; ///< m_breakEvens: the plan's requests first, then the headline's when worked out
    int m_headline = -1;            ///< index in m_breakEvens of the comparison the headline asks about
};

} // namespace mltco::ui

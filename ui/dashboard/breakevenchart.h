#pragma once

#include "models/plan/planevaluation.h"
#include "ui/dashboard/legendmemory.h"

#include <QList>
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
/// alternative (model.md §6, §10.7), with the crossing marked: every purchase against the plan's one counterpart (the
/// cheapest cloud option that meets the demand, tco::headlineBreakEven), opening on the headline's, then the plan's
/// own requests for other pairs; against an elastic scenario, total cost against monthly demand with the fleet
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
    /// The sentence under the chart: the break-even in the words of every other place (report::breakEvenSentence);
    /// its tooltip names the counterpart when it is one of the purchases against the plan's counterpart.
    QString note() const;

    /// The comparisons offered: every purchase against the plan's one counterpart (tco::headlineBreakEven, the
    /// headline's chosen first), then the plan's own requests for other pairs.
    int comparisonCount() const;
    const tco::EvaluatedBreakEven &comparison(int index) const;
    bool isAgainstCounterpart(int index) const;
    /// The scenario position of comparison `index`'s purchase in the plan result.
    int purchaseOf(int index) const { return m_purchaseOf.value(index, -1); }
    void select(int index);
    /// The comparison the chart opens on: the headline purchase against the counterpart; -1 when there is none.
    int headlineIndex() const { return m_headline; }
    /// What the note under the chart says for comparison `index` (the PDF's caption of its chart).
    QString caption(int index) const;

    static constexpr int kMaxPurchasesCompared = 24;

    /// The label drawn at the crossing ("Break-even: 6 servers"); empty when the lines do not cross.
    QString crossingLabel() const;
    /// Where that label is drawn, and the plot area it must stay in (chart coordinates); empty when not shown.
    QRectF crossingLabelRect() const;
    QRectF plotArea() const;

signals:
    /// The reader chose another comparison; `purchase` is its purchase's position (-1 none), `againstCounterpart`
    /// whether it is one of the purchases against the counterpart the card shows.
    void comparisonChosen(int purchase, bool againstCounterpart);

private:
    QString m_currency = QStringLiteral("USD"); ///< the plan's (model.md §13): of every axis and figure
    void rebuildSelector();
    void rebuildChart();
    /// Against an elastic scenario: total cost by monthly demand, owned servers flat, pay-per-use rising.
    void rebuildUtilizationChart(const tco::EvaluatedBreakEven &be, std::pair<int, int> colors);
    /// Keeps the crossing's label next to its point when the plot area resizes or zooms.
    void placeCallout();
    void showNote(int index);

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
    std::vector<bool> m_againstCounterpart; ///< per break-even: a purchase against the plan's counterpart
    QList<int> m_purchaseOf;                ///< per break-even: its purchase's position in the plan result
    QString m_counterpartNote;              ///< "Owning is measured against …" (report::counterpartSentence)
    int m_headline = -1;                    ///< index in m_breakEvens of the comparison the headline asks about
};

} // namespace mltco::ui

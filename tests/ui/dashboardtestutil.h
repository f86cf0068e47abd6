#pragma once
// What the dashboard's tests share: the line series of a chart, a scenario of a kind, and the break-even chart shown
// on one of the plan's own requests.
#include "models/plan/plan.h"
#include "ui/charts/chartview.h"
#include "ui/dashboard/breakevenchart.h"

#include <QChart>
#include <QComboBox>
#include <QLineSeries>
#include <QTest>

namespace mltco::test {

using ui::ChartView;

inline QList<QLineSeries *> lineSeries(const ChartView *view)
{
    QList<QLineSeries *> out;
    const QList<QAbstractSeries *> all = view->chart()->series();
    for (QAbstractSeries *s : all) {
        if (auto *line = qobject_cast<QLineSeries *>(s); line && s->type() == QAbstractSeries::SeriesTypeLine)
            out << line;
    }
    return out;
}

inline int indexOf(const tco::Plan &plan, tco::ScenarioKind kind)
{
    for (qsizetype i = 0; i < plan.scenarios.size(); ++i) {
        if (plan.scenarios[i].kind() == kind)
            return static_cast<int>(i);
    }
    return -1;
}

// Shows the plan's own break-even request `index` (the chart opens on the headline's comparison: owning against the
// cheapest cloud option, worked out after the plan's requests when the plan has none for it).
/// Shows the plan's own break-even request `index` (one for another pair than the dashboard's counterpart: the chart
/// lists every purchase against the counterpart first, then the plan's other comparisons).
inline void showPlanRequest(ui::BreakEvenChart *panel, int index)
{
    auto *selector = panel->findChild<QComboBox *>(QStringLiteral("breakEvenSelector"));
    QVERIFY(selector);
    for (int i = 0, seen = 0; i < panel->comparisonCount(); ++i) {
        if (panel->isAgainstCounterpart(i))
            continue;
        if (seen++ == index) {
            selector->setCurrentIndex(i);
            return;
        }
    }
    QFAIL("the plan has no such request for another pair");
}

} // namespace mltco::test

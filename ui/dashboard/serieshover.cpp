#include "ui/dashboard/serieshover.h"

#include "ui/charts/chartview.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QXYSeries>

#include <cmath>
#include <utility>

namespace mltco::ui {

int nearestPointIndex(const QXYSeries *series, double x)
{
    int best = -1;
    double bestDistance = 0.0;
    for (int i = 0; i < series->count(); ++i) {
        const double d = std::fabs(series->at(i).x() - x);
        if (best < 0 || d < bestDistance) {
            best = i;
            bestDistance = d;
        }
    }
    return best;
}

void connectHoverTips(ChartView *view, QXYSeries *series, std::function<QString(int pointIndex)> tip)
{
    // `view` is the connection's context: the connection ends with the view, so capturing it is safe. A series
    // updated in place gets its tips again, with the new figures: the old connection goes.
    QObject::disconnect(series, &QXYSeries::hovered, view, nullptr);
    QObject::connect(series, &QXYSeries::hovered, view,
                     [view, series, tip = std::move(tip)](const QPointF &point, bool state) {
                         const int index = state ? nearestPointIndex(series, point.x()) : -1;
                         view->showValueTip(index >= 0 ? tip(index) : QString());
                     });
}

void connectHoverTips(ChartView *view, QAbstractBarSeries *series,
                      std::function<QString(int setIndex, int categoryIndex)> tip)
{
    QObject::disconnect(series, &QAbstractBarSeries::hovered, view, nullptr);
    QObject::connect(series, &QAbstractBarSeries::hovered, view,
                     [view, series, tip = std::move(tip)](bool state, int index, QBarSet *set) {
                         const int setIndex = static_cast<int>(series->barSets().indexOf(set));
                         view->showValueTip(state && setIndex >= 0 ? tip(setIndex, index) : QString());
                     });
}

} // namespace mltco::ui

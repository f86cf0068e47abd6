#include "ui/dashboard/legendmemory.h"

#include "ui/charts/chartview.h"

#include <QAbstractSeries>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>

namespace mltco::ui {

void LegendMemory::remember(const QChart *chart)
{
    const QList<QAbstractSeries *> series = chart->series();
    for (const QAbstractSeries *s : series) {
        if (s->isVisible())
            m_hidden.remove(s->name());
        else
            m_hidden.insert(s->name());
    }
}

void LegendMemory::restore(ChartView *view) const
{
    view->attachLegendToggles();
    const QList<QLegendMarker *> markers = view->chart()->legend()->markers();
    for (QLegendMarker *marker : markers) {
        // Clicking the marker (as the user did) keeps the legend's dimmed look in one place: ChartView.
        if (marker->series()->isVisible() && m_hidden.contains(marker->series()->name()))
            emit marker->clicked();
    }
}

} // namespace mltco::ui

#pragma once

#include <QList>
#include <QPointF>

namespace mltco::ui {

/// Points of a line chart (x ascending) cut down to what `columns` pixel columns can show: in every column the
/// first and last point and the lowest and highest, in x order. What is drawn looks the same (every column spans
/// the same highs and lows and the line enters and leaves it at the same points), with at most 4 x columns points
/// however many observations there are. Fewer points than that come back unchanged.
QList<QPointF> decimateMinMax(const QList<QPointF> &points, int columns);

} // namespace mltco::ui

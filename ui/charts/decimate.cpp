#include "ui/charts/decimate.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mltco::ui {

QList<QPointF> decimateMinMax(const QList<QPointF> &points, int columns)
{
    columns = std::max(1, columns);
    if (points.size() <= 4 * static_cast<qsizetype>(columns))
        return points;
    const double first = points.front().x(), last = points.back().x();
    const double width = last - first;
    if (!(width > 0))
        return {points.front(), *std::min_element(points.begin(), points.end(), [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); }),
                *std::max_element(points.begin(), points.end(), [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); }),
                points.back()};
    QList<QPointF> out;
    out.reserve(4 * static_cast<qsizetype>(columns));
    qsizetype begin = 0;
    while (begin < points.size()) {
        // One column: the points whose x falls in it (x ascending, so they are consecutive).
        const auto column = std::min(columns - 1, static_cast<int>((points[begin].x() - first) / width * columns));
        qsizetype end = begin + 1;
        while (end < points.size() && std::min(columns - 1, static_cast<int>((points[end].x() - first) / width * columns)) == column)
            ++end;
        qsizetype low = begin, high = begin;
        for (qsizetype i = begin + 1; i < end; ++i) {
            if (points[i].y() < points[low].y())
                low = i;
            if (points[i].y() > points[high].y())
                high = i;
        }
        std::array<qsizetype, 4> keep{begin, low, high, end - 1};
        std::sort(keep.begin(), keep.end());
        for (std::size_t k = 0; k < keep.size(); ++k)
            if (k == 0 || keep[k] != keep[k - 1])
                out << points[keep[k]];
        begin = end;
    }
    return out;
}

} // namespace mltco::ui

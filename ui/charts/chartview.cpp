#include "ui/charts/chartview.h"

#include "ui/core/settings.h"

#include "models/common/currency.h"
#include "models/report/format.h"

#include "ui/core/theme.h"

#include <QAbstractSeries>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDateTimeAxis>
#include <QCoreApplication>
#include <QCursor>
#include <QDir>
#include <QFileDialog>
#include <QFontMetrics>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QMessageBox>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {
constexpr char kHiddenValues[] = "mltcoHiddenValues"; ///< a bar set hidden from its legend: the values it had

/// The colours QtCharts is given for the grid lines, and for the axis lines and tick marks, that CrispGrid draws
/// instead: fully transparent, which Qt's raster engine skips before any pixel, and unlike any colour the app draws
/// with.
const QColor kGridHandedOver = QColor(0x12, 0x34, 0x56, 0);
const QColor kAxisHandedOver = QColor(0x12, 0x34, 0x57, 0);

/// A chart's grid lines, axis lines and tick marks, drawn without antialiasing. QtCharts keeps laying them out
/// (every axis type, its ticks and its range), but draws each as an antialiased QGraphicsLineItem, one pixel at a
/// time: a third of all the work of redrawing the dashboard after an edit went into its grids. Axis-parallel lines
/// one pixel wide gain nothing from antialiasing (they are blurred over two pixel rows when they fall between two),
/// so this item draws the lines QtCharts laid out, in the theme's colours, crisp and in two calls, while QtCharts'
/// own items are handed a transparent pen (kGridHandedOver, kAxisHandedOver).
class CrispGrid final : public QGraphicsItem
{
public:
    static constexpr int kType = UserType + 0x6d6c; ///< told apart from QtCharts' items by type()

    explicit CrispGrid(QChart *chart) : QGraphicsItem(chart), m_chart(chart)
    {
        setZValue(2); // QtCharts' grid layer: above the plot area's background and shades, under axes and series
        setAcceptedMouseButtons(Qt::NoButton);
        setAcceptHoverEvents(false);
        m_bounds = chart->rect();
    }
    int type() const override { return kType; }
    QRectF boundingRect() const override { return m_bounds; }
    /// Follows the chart's size (connected to QGraphicsWidget::geometryChanged).
    void follow()
    {
        if (m_chart->rect() == m_bounds)
            return;
        prepareGeometryChange();
        m_bounds = m_chart->rect();
    }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) override
    {
        m_grid.clear();
        m_axes.clear();
        collect(m_chart);
        if (m_grid.isEmpty() && m_axes.isEmpty())
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(theme::color(theme::Role::Border), 1.0));
        painter->drawLines(m_grid);
        painter->setPen(QPen(theme::color(theme::Role::Muted), 1.0));
        painter->drawLines(m_axes);
        painter->restore();
    }

private:
    void collect(const QGraphicsItem *item)
    {
        const QList<QGraphicsItem *> children = item->childItems();
        for (const QGraphicsItem *child : children) {
            if (!child->isVisible() || child == this)
                continue;
            if (child->type() == QGraphicsLineItem::Type) {
                const auto *line = static_cast<const QGraphicsLineItem *>(child);
                const QColor colour = line->pen().color();
                if (colour == kGridHandedOver || colour == kAxisHandedOver)
                    (colour == kGridHandedOver ? m_grid : m_axes)
                        .append(QLineF(mapFromItem(line, line->line().p1()), mapFromItem(line, line->line().p2())));
            }
            collect(child);
        }
    }

    QChart *m_chart;
    QRectF m_bounds;
    QList<QLineF> m_grid, m_axes; ///< kept between paints, so a paint allocates nothing
};
} // namespace

MoneyScale configureMoneyAxis(QValueAxis *axis, double minValue, double maxValue, const QString &title,
                              const QString &currency, bool fromZero)
{
    const double maxAbs = std::max(std::fabs(minValue), std::fabs(maxValue));
    MoneyScale scale;
    QString unitWord = currency;
    if (maxAbs >= 1e9) {
        scale = {1e9, QStringLiteral("B")};
        unitWord = currency + QStringLiteral(" billions");
    } else if (maxAbs >= 1e6) {
        scale = {1e6, QStringLiteral("M")};
        unitWord = currency + QStringLiteral(" millions");
    } else if (maxAbs >= 1e4) { // below $10k, whole dollars read better than "$3.5k"
        scale = {1e3, QStringLiteral("k")};
        unitWord = currency + QStringLiteral(" thousands");
    }
    // The currency's sign on each tick ("$", "€"; a code such as CHF with a blank).
    const QString sign = symbolIsCode(currency) ? currency + QLatin1Char(' ') : currencySymbol(currency);
    double lo = fromZero ? std::min(0.0, minValue / scale.divisor) : minValue / scale.divisor;
    double hi = fromZero ? std::max(0.0, maxValue / scale.divisor) : maxValue / scale.divisor;
    if (hi - lo <= 0)
        hi = lo + 1;
    setNiceRange(axis, lo, hi);
    const double span = axis->max() - axis->min();
    const int decimals = span >= 10 ? 0 : (span >= 1 ? 1 : 2);
    if (auto *labelled = qobject_cast<QCategoryAxis *>(axis)) {
        // One label per tick, written here: "-$0.5M", "$0", "$1.0M" (the hyphen-minus of every money figure of the
        // app, which a spreadsheet reads when the figure is copied). Labels are replaced only when they change
        // (every change lays the chart out again).
        QStringList labels;
        QList<double> at;
        const int ticks = std::max(2, axis->tickCount());
        for (int i = 0; i < ticks; ++i) {
            const double v = axis->min() + (axis->max() - axis->min()) * i / (ticks - 1);
            const double shown = std::fabs(v) < 1e-9 * std::max(1.0, span) ? 0.0 : v;
            labels << (shown == 0.0 ? sign + QLatin1Char('0')
                                    : QStringLiteral("%1%2%3%4")
                                          .arg(shown < 0 ? QStringLiteral("-") : QString(), sign,
                                               report::grouped(std::fabs(shown), decimals), scale.suffix));
            at << v;
        }
        if (labelled->categoriesLabels() != labels || labelled->endValue(labels.last()) != at.last()) {
            for (const QString &old : labelled->categoriesLabels())
                labelled->remove(old);
            labelled->setStartValue(axis->min());
            for (qsizetype i = 0; i < labels.size(); ++i)
                labelled->append(labels[i], at[i]);
        }
    } else {
        // printf formats cannot put the minus before the dollar sign ("$-0.5M"): an axis that goes below zero
        // drops the "$" from its ticks and keeps the currency in its title (newMoneyAxis() keeps both).
        // The format is Latin-1 printf text: a sign outside it ("€") stays in the title only.
        const bool latin1 = sign.size() == 1 ? sign.at(0).unicode() < 0x80 : true;
        const QString prefix = axis->min() < 0 || !latin1 ? QString() : sign;
        const QString format = QStringLiteral("%1%.%2f%3").arg(prefix).arg(decimals).arg(scale.suffix);
        if (axis->labelFormat() != format) // QValueAxis lays its chart out again even for the same format
            axis->setLabelFormat(format);
    }
    axis->setTitleText(QStringLiteral("%1 (%2)").arg(title, unitWord));
    return scale;
}

QValueAxis *newMoneyAxis(QObject *parent)
{
    auto *axis = new QCategoryAxis(parent);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    // Its labels in full: on a short vertical axis Qt cuts a category axis' labels down to "…" ("$400k" is no longer
    // than a value axis' own tick).
    axis->setTruncateLabels(false);
    return axis;
}

void setNiceRange(QValueAxis *axis, double lo, double hi)
{
    // The nice range is found on a scratch axis: setting the raw range on the shown axis, then rounding it, moved
    // the axis twice per refresh, and each move lays the chart out again.
    QValueAxis scratch;
    scratch.setTickCount(axis->tickCount());
    scratch.setRange(lo, hi);
    scratch.applyNiceNumbers();
    axis->setRange(scratch.min(), scratch.max()); // no-ops when unchanged
    axis->setTickCount(scratch.tickCount());
}

void setCalendarRange(QDateTimeAxis *axis, const QDate &from, const QDate &to, int maxTicks)
{
    if (!from.isValid() || !to.isValid() || to < from)
        return;
    const auto monthIndex = [](const QDate &d) { return d.year() * 12 + d.month() - 1; };
    const auto dateOf = [](int index) { return QDate(index / 12, index % 12 + 1, 1); };
    const int first = monthIndex(from);
    const int last = monthIndex(to) + 1; // the month after `to`'s: the range ends on a boundary past it
    static constexpr int kSteps[] = {1, 2, 3, 6, 12, 24, 60, 120, 240, 600};
    const auto startFor = [first](int step) { return first / step * step; };
    const auto endFor = [last](int step) { return (last + step - 1) / step * step; };
    int step = kSteps[std::size(kSteps) - 1]; // the longest, should none keep to maxTicks
    for (const int candidate : kSteps) {
        if ((endFor(candidate) - startFor(candidate)) / candidate + 1 <= std::max(2, maxTicks)) {
            step = candidate;
            break;
        }
    }
    const int start = startFor(step), end = endFor(step);
    axis->setFormat(step >= 12 ? QStringLiteral("yyyy") : QStringLiteral("MMM yyyy"));
    axis->setTickCount((end - start) / step + 1);
    axis->setRange(dateOf(start).addDays(1).startOfDay(Qt::UTC), dateOf(end).addDays(1).startOfDay(Qt::UTC));
}

void setChartTitle(QChart *chart, const QString &title)
{
    if (chart->title() != title) // QChart lays itself out again on every setTitle(), even to the same text
        chart->setTitle(title);
}

void appendShortenedCategories(QBarCategoryAxis *axis, const QStringList &names, int maxWidth)
{
    axis->setTruncateLabels(false);
    const QFontMetrics metrics(axis->labelsFont());
    const int numbered = maxWidth - metrics.horizontalAdvance(QStringLiteral(" (00)"));
    QStringList out;
    for (const QString &name : names) {
        QString label = metrics.elidedText(name, Qt::ElideMiddle, maxWidth);
        // A category axis tells its categories apart by their text.
        for (int n = 2; out.contains(label); ++n)
            label = metrics.elidedText(name, Qt::ElideMiddle, numbered) + QStringLiteral(" (%1)").arg(n);
        out << label;
    }
    axis->append(out);
}

bool showsSeries(const QChart *chart, const QStringList &names)
{
    const QList<QAbstractSeries *> series = chart->series();
    if (series.size() != names.size())
        return false;
    for (qsizetype i = 0; i < series.size(); ++i)
        if (series[i]->name() != names[i])
            return false;
    return true;
}

void updateSeries(QXYSeries *series, const QList<QPointF> &points, const QPen &pen)
{
    if (series->points() != points)
        series->replace(points);
    if (series->pen() != pen)
        series->setPen(pen);
}

SeriesRefresh::SeriesRefresh(QChart *chart, bool inPlace, QAbstractAxis *x, QAbstractAxis *y)
    : m_chart(chart), m_inPlace(inPlace), m_x(x), m_y(y)
{
    if (!inPlace)
        chart->removeAllSeries();
    m_shown = chart->series();
}

QLineSeries *SeriesRefresh::line(qsizetype slot, const QString &name)
{
    if (m_inPlace)
        return static_cast<QLineSeries *>(m_shown[slot]);
    auto *series = new QLineSeries;
    series->setName(name);
    return series;
}

QXYSeries *SeriesRefresh::existing(qsizetype slot) const { return static_cast<QXYSeries *>(m_shown[slot]); }

void SeriesRefresh::add(QXYSeries *series)
{
    if (m_inPlace)
        return;
    m_chart->addSeries(series);
    series->attachAxis(m_x);
    series->attachAxis(m_y);
}

bool hasItems(const QComboBox *selector, const QStringList &items)
{
    if (selector->count() != items.size())
        return false;
    for (int i = 0; i < selector->count(); ++i)
        if (selector->itemText(i) != items[i])
            return false;
    return true;
}

void configureMonthAxis(QValueAxis *axis)
{
    axis->setTitleText(QCoreApplication::translate("ChartView", "Month"));
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
}

void setMonthRange(QValueAxis *axis, int first, int last)
{
    const int span = last - first;
    axis->setTickInterval(span <= 12 ? 1 : span <= 24 ? 3 : span <= 60 ? 6 : span <= 120 ? 12 : 24);
    axis->setRange(first, last);
}

ChartView::ChartView(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMouseTracking(true);
}

void ChartView::setChart(QChart *chart)
{
    QChart *previous = QChartView::chart();
    if (chart == previous)
        return;
    QChartView::setChart(chart);
    theme::colorChart(chart); // a chart made whole before it is shown; styleChart() colours those made in place
    handAxisLinesOver();
    delete previous;
}

void ChartView::handAxisLinesOver()
{
    QChart *shown = chart();
    if (!shown)
        return;
    const QList<QAbstractAxis *> axes = shown->axes();
    for (QAbstractAxis *axis : axes) {
        if (axis->gridLineColor() != kGridHandedOver)
            axis->setGridLineColor(kGridHandedOver);
        if (axis->linePenColor() != kAxisHandedOver)
            axis->setLinePenColor(kAxisHandedOver);
    }
    const QList<QGraphicsItem *> children = shown->childItems();
    if (std::none_of(children.cbegin(), children.cend(),
                     [](const QGraphicsItem *item) { return item->type() == CrispGrid::kType; })) {
        auto *grid = new CrispGrid(shown); // owned by the chart, deleted with it
        connect(shown, &QGraphicsWidget::geometryChanged, this, [grid] { grid->follow(); });
    }
}

void ChartView::paintEvent(QPaintEvent *event)
{
    // Axes added or recoloured since the chart was set (styleChart() colours charts built in place) are handed
    // over before they are drawn.
    handAxisLinesOver();
    QChartView::paintEvent(event);
}

void ChartView::fitLegend(int entries, int floor)
{
    // An entry is a line of the legend's font with the marker's padding; the frame is the title and the margins.
    const int row = QFontMetrics(chart()->legend()->font()).height() + 6;
    const int frame = QFontMetrics(chart()->titleFont()).height() + 60;
    setMinimumHeight(std::max(floor, frame + row * entries));
}

void ChartView::attachLegendToggles()
{
    const QList<QLegendMarker *> markers = chart()->legend()->markers();
    for (QLegendMarker *marker : markers) {
        disconnect(marker, &QLegendMarker::clicked, this, nullptr);
        connect(marker, &QLegendMarker::clicked, this, [marker] {
            QAbstractSeries *series = marker->series();
            bool show = false;
            if (auto *bar = qobject_cast<QBarLegendMarker *>(marker)) {
                // A bar set's entry hides that set alone (its bars drop to nothing, the stack closes up), not the
                // whole series with every other set in it; its values come back when it is shown again.
                QBarSet *set = bar->barset();
                show = set->property(kHiddenValues).isValid();
                if (show) {
                    const QList<qreal> values = set->property(kHiddenValues).value<QList<qreal>>();
                    set->setProperty(kHiddenValues, QVariant());
                    set->remove(0, set->count());
                    set->append(values);
                } else {
                    QList<qreal> values;
                    for (int i = 0; i < set->count(); ++i)
                        values << set->at(i);
                    set->setProperty(kHiddenValues, QVariant::fromValue(values));
                    set->remove(0, set->count());
                    set->append(QList<qreal>(values.size(), 0.0));
                }
            } else {
                show = !series->isVisible();
                series->setVisible(show);
            }
            marker->setVisible(true); // hiding a series hides its marker; keep it to click again
            QColor label = marker->labelBrush().color();
            label.setAlphaF(show ? 1.0 : 0.4);
            marker->setLabelBrush(label);
            QBrush brush = marker->brush();
            QColor fill = brush.color();
            fill.setAlphaF(show ? 1.0 : 0.3);
            brush.setColor(fill);
            marker->setBrush(brush);
        });
    }
}

void ChartView::showValueTip(const QString &text)
{
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(QCursor::pos(), text, this);
}

void ChartView::resetZoom()
{
    chart()->zoomReset();
    m_wheelZoom = 1.0;
}

void ChartView::copyImage() { QApplication::clipboard()->setPixmap(grab()); }

bool ChartView::saveImage(const QString &path, QString *error)
{
    if (grab().save(path, "PNG"))
        return true;
    if (error)
        *error = tr("The image could not be written to %1. Choose a folder you can write to.").arg(path);
    return false;
}

void ChartView::wheelEvent(QWheelEvent *event)
{
    // The wheel belongs to the page: a chart passing under the pointer while the page scrolls must not zoom. With
    // Ctrl it zooms in, and back out no further than the whole chart (beyond it the axes would show months before
    // the first and money below the data).
    const double steps = event->angleDelta().y() / 120.0;
    if (!(event->modifiers() & Qt::ControlModifier) || steps == 0) {
        event->ignore(); // on to the scroll area around the chart
        return;
    }
    const double factor = std::pow(1.2, steps);
    if (m_wheelZoom * factor <= 1.0 + 1e-9) {
        resetZoom();
    } else {
        chart()->zoom(factor);
        m_wheelZoom *= factor;
    }
    event->accept();
}

void ChartView::mouseReleaseEvent(QMouseEvent *event)
{
    // Right button shows the context menu instead of zooming out (QChartView's default).
    if (event->button() == Qt::RightButton) {
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void ChartView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Reset zoom"), this, &ChartView::resetZoom);
    menu.addSeparator();
    menu.addAction(tr("Copy image"), this, &ChartView::copyImage);
    menu.addAction(tr("Save image as PNG…"), this, [this] {
        Settings settings;
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save chart image"),
            QDir(settings.exportFolder()).filePath(chart()->title().simplified() + QStringLiteral(".png")),
            tr("PNG images (*.png)"));
        settings.rememberExport(path);
        QString error;
        if (!path.isEmpty() && !saveImage(path, &error))
            QMessageBox::warning(this, tr("Save image"), error);
    });
    menu.exec(event->globalPos());
}

} // namespace mltco::ui

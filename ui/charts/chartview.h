#pragma once

#include <QChartView>
#include <QString>

class QAbstractAxis;
class QAbstractSeries;
class QLineSeries;
class QBarCategoryAxis;
class QChart;
class QComboBox;
class QDateTimeAxis;
class QDate;
class QValueAxis;
class QXYSeries;

namespace mltco::ui {

/// How a money axis is scaled: values are plotted divided by `divisor`, and labelled "$1.2M".
struct MoneyScale final
{
    double divisor = 1.0;
    QString suffix; ///< "", "k", "M" or "B"
};

/// Picks the scale for values up to `maxAbs` and sets the axis' range, tick labels ("$%.1fM") and title
/// ("Cost (USD millions)"). Plot values divided by the returned divisor. On an axis made by newMoneyAxis() the
/// ticks below zero keep their currency sign ("−$0.5M"), which a QValueAxis' printf format cannot write.
/// `currency`: the plan's (model.md §13): "€1.2M" and "Cost (EUR millions)" for a euro plan. The range includes zero
/// unless `fromZero` is false (an axis close around its values, such as the efficient frontier's).
MoneyScale configureMoneyAxis(QValueAxis *axis, double minValue, double maxValue, const QString &title,
                              const QString &currency = QStringLiteral("USD"), bool fromZero = true);

/// A money axis for values that can fall below zero (a QCategoryAxis labelling each tick itself).
QValueAxis *newMoneyAxis(QObject *parent = nullptr);

/// Sets the axis to the range QValueAxis::applyNiceNumbers() makes of [lo, hi], touching it only where that differs
/// from what it shows (a chart lays itself out again whenever an axis moves).
void setNiceRange(QValueAxis *axis, double lo, double hi);
/// QChart::setTitle() only when the title differs.
void setChartTitle(QChart *chart, const QString &title);

/// A date axis covering `from` to `to` whose ticks fall on calendar boundaries: every 1, 2, 3 or 6 months or 1, 2, 5,
/// 10 … years, the fewest that keep at most `maxTicks` ticks, labelled "MMM yyyy" or "yyyy". QDateTimeAxis spaces
/// its ticks evenly in time from its range's start, so the range starts and ends on such a boundary (months differ
/// in length by three days at most, so every tick lands within a few days of its month's first, which its label
/// names: the range is moved on by one day to keep them past it).
void setCalendarRange(QDateTimeAxis *axis, const QDate &from, const QDate &to, int maxTicks);

/// Category axis labels for names that may be long: each shortened in the middle to `maxWidth` pixels of
/// `axis`'s font ("AWS p3.8x… reserved" keeps both ends), those shortened alike told apart by a number, and Qt's
/// own truncation (which cuts a long name down to "…") switched off. Appended to `axis`.
void appendShortenedCategories(QBarCategoryAxis *axis, const QStringList &names, int maxWidth);

/// True when `chart` shows exactly these series, by name and in this order. A refresh may then update them in place
/// (updateSeries()) instead of building new ones, which makes QtCharts lay out and draw the whole chart afresh.
bool showsSeries(const QChart *chart, const QStringList &names);
/// QXYSeries::replace() and setPen(), each only when it changes something.
void updateSeries(QXYSeries *series, const QList<QPointF> &points, const QPen &pen);

/// The series of one refresh of a chart that either moves the series it shows (`inPlace`: showsSeries() said they are
/// the same) or builds them anew: series(slot, name) hands back the one in that slot, or a new line named `name`;
/// add() puts a new one on the chart against `x` and `y`, and does nothing to one already there.
class SeriesRefresh final
{
public:
    SeriesRefresh(QChart *chart, bool inPlace, QAbstractAxis *x, QAbstractAxis *y);
    QLineSeries *line(qsizetype slot, const QString &name);
    QXYSeries *existing(qsizetype slot) const;
    void add(QXYSeries *series);
    bool inPlace() const { return m_inPlace; }

private:
    QChart *m_chart;
    bool m_inPlace;
    QAbstractAxis *m_x, *m_y;
    QList<QAbstractSeries *> m_shown;
};

/// True when `selector` lists exactly `items`, in this order (a chart's selector is refilled only when it does not).
bool hasItems(const QComboBox *selector, const QStringList &items);

/// A month axis titled "Month" with whole-month labels; setMonthRange() sets its span and ticks on a step
/// people count in (months, quarters, half-years, years).
void configureMonthAxis(QValueAxis *axis);
void setMonthRange(QValueAxis *axis, int first, int last);

/// A chart view for every chart of the app: rubber-band zoom, Ctrl+wheel zoom (the plain wheel scrolls the page the
/// chart sits on), "Reset zoom", "Copy image" and
/// "Save image as PNG…" in the context menu, a legend whose entries hide and show their series, and
/// a tooltip with the exact value under the pointer (showValueTip()).
class ChartView : public QChartView
{
    Q_OBJECT

public:
    explicit ChartView(QWidget *parent = nullptr);

    /// Shows `chart` (the view owns it) and deletes the chart shown before. QChartView::setChart() only
    /// hands the previous chart back, so the default chart every view starts with would leak.
    void setChart(QChart *chart);

    /// Connects every legend marker of the chart so a click hides/shows its series. Call after the
    /// series are added (again after they change).
    void attachLegendToggles();
    /// A minimum height at which a legend to the side of the plot has room for every one of `entries` (a legend
    /// that runs out of room drops its last entries), and never less than `floor`.
    void fitLegend(int entries, int floor = 200);
    /// Shows `text` as a tooltip at the pointer (or hides it when empty).
    void showValueTip(const QString &text);

    void resetZoom();
    void copyImage();
    /// Saves a PNG of the chart; returns false and says why when the file cannot be written.
    bool saveImage(const QString &path, QString *error = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    /// The grid lines, axis lines and tick marks of every axis are drawn crisp by an item of this view's (see
    /// CrispGrid in chartview.cpp).
    void handAxisLinesOver();

    double m_wheelZoom = 1.0; ///< how far Ctrl+wheel has zoomed in; it never zooms out beyond the whole chart
};

} // namespace mltco::ui

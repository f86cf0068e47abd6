#include "ui/calculators/calculatorchart.h"

#include "models/report/format.h"
#include "ui/charts/chartview.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace mltco::ui::calcchart {

QChart *makeChart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

QValueAxis *addValueAxis(QChart *chart, Qt::Alignment alignment, const QString &title, double min, double max,
                         const QString &labelFormat)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(min, max);
    axis->setLabelFormat(labelFormat);
    chart->addAxis(axis, alignment);
    return axis;
}

void connectPointTips(ChartView *view, QXYSeries *series, std::function<QString(int pointIndex)> tip)
{
    // The view is the connection's context, so the lambda never outlives it.
    QObject::connect(series, &QXYSeries::hovered, view, [view, series, tip](const QPointF &point, bool state) {
        int best = -1;
        double bestDistance = 0.0;
        for (int i = 0; state && i < series->count(); ++i) {
            const double d = std::fabs(series->at(i).x() - point.x());
            if (best < 0 || d < bestDistance) {
                best = i;
                bestDistance = d;
            }
        }
        view->showValueTip(best >= 0 ? tip(best) : QString());
    });
}

void connectBarTips(ChartView *view, QAbstractBarSeries *series, std::function<QString(int setIndex, int index)> tip)
{
    QObject::connect(series, &QAbstractBarSeries::hovered, view,
                     [view, series, tip](bool state, int index, QBarSet *set) {
                         const auto setIndex = static_cast<int>(series->barSets().indexOf(set));
                         view->showValueTip(state && setIndex >= 0 ? tip(setIndex, index) : QString());
                     });
}

QChart *stepBarsChart(const QString &title, const QStringList &steps, const std::vector<double> &spend,
                      const QString &axisTitle, ChartView *view)
{
    QChart *chart = makeChart(title);
    const double before = spend.empty() ? 0.0 : spend.front();
    auto *left = new QBarSet(QCoreApplication::translate("calcchart", "Still spent"));
    auto *saved = new QBarSet(QCoreApplication::translate("calcchart", "Saved"));
    left->setColor(QColor::fromRgba(kSpendColor));
    saved->setColor(QColor::fromRgba(kSavedColor));
    left->setBorderColor(QColor::fromRgba(kSpendColor));
    saved->setBorderColor(QColor::fromRgba(kSavedColor));

    auto *axisY = new QValueAxis;
    const MoneyScale scale = configureMoneyAxis(axisY, 0.0, std::max(before, 0.0), axisTitle);
    for (std::size_t i = 0; i < spend.size(); ++i) {
        left->append(spend[i] / scale.divisor);
        saved->append(std::max(0.0, before - spend[i]) / scale.divisor);
    }
    auto *series = new QStackedBarSeries;
    series->append(left);
    series->append(saved);
    series->setBarWidth(0.55);
    // What is still spent reads on each bar; the saved part has no label (the first bar saves nothing,
    // and a "$0" there would sit on the bar's top edge). Hovering gives both exactly.
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    series->setLabelsFormat(QStringLiteral("$@value") + scale.suffix);
    series->setLabelsPrecision(4);
    left->setLabelColor(Qt::white);
    saved->setLabelColor(Qt::transparent);
    chart->addSeries(series);
    auto *axisX = new QBarCategoryAxis;
    axisX->append(steps);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);
    connectBarTips(view, series, [steps, spend, before](int setIndex, int index) {
        if (index < 0 || index >= static_cast<int>(spend.size()))
            return QString();
        const double value = spend[static_cast<std::size_t>(index)];
        const QString step = index < steps.size() ? steps[index] : QString();
        return setIndex == 0 ? QCoreApplication::translate("calcchart", "%1: %2 still spent a month")
                                   .arg(step, report::money(value))
                             : QCoreApplication::translate("calcchart", "%1: %2 saved a month")
                                   .arg(step, report::money(before - value));
    });
    return chart;
}

} // namespace mltco::ui::calcchart

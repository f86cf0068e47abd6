// The dashboard follows the plan: cards and charts show the engine's figures, formatted by report::, and
// change with every edit, undo and redo; a scenario that cannot be evaluated yet is marked and left out while the
// others show, and a plan that cannot be evaluated at all is explained, not drawn.
#include "models/report/format.h"
#include "models/report/summary.h"
#include "models/plan/parameters.h"
#include "ui/charts/chartview.h"
#include "ui/core/theme.h"
#include "ui/core/wraplabel.h"
#include "ui/dashboard/breakevenchart.h"
#include "ui/dashboard/categorychart.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/dashboardsummary.h"
#include "ui/dashboard/kpicard.h"
#include "ui/dashboard/kpipanel.h"
#include "dashboardtestutil.h"
#include "uitestutil.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QClipboard>
#include <QComboBox>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPointer>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSet>
#include <QStackedBarSeries>
#include <QStackedWidget>
#include <QToolButton>
#include <QToolTip>
#include <QUndoStack>
#include <QValueAxis>
#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>

using namespace mltco;
using namespace mltco::test;
using ui::ChartView;
using ui::KpiCard;

namespace {

/// The last plotted y of the scenario's cumulative line (scaled, as plotted).
double lastCumulative(const ChartView *view, int scenario)
{
    const QList<QLineSeries *> series = lineSeries(view);
    return scenario < series.size() && series[scenario]->count() > 0 ? series[scenario]->points().constLast().y()
                                                                     : -1.0;
}

} // namespace

class TestDashboard final : public QObject
{
    Q_OBJECT

private slots:
    void chartViewDeletesTheChartItReplaces()
    {
        // Regression (LeakSanitizer on the PDF report): QChartView::setChart() only hands the previous chart
        // back, so the default chart of every view leaked. ChartView deletes it.
        ui::ChartView view;
        QPointer<QChart> first = view.chart();
        QVERIFY(first);
        auto *mine = new QChart;
        view.setChart(mine);
        QVERIFY(first.isNull());
        QCOMPARE(view.chart(), mine);
        view.setChart(mine); // the same chart again is kept
        QCOMPARE(view.chart(), mine);
    }

    void gridLinesAreDrawnCrispInTheGridColour()
    {
        // QtCharts' antialiased grid lines cost a third of a redraw; ChartView draws the lines QtCharts lays out
        // itself, one pixel wide and in the theme's grid colour, and hands QtCharts' own a transparent pen. An axis
        // added after the chart was set is handed over too.
        ui::ChartView view;
        auto *chart = new QChart;
        auto *line = new QLineSeries;
        line->append(0, 0);
        line->append(10, 100);
        chart->addSeries(line);
        auto *x = new QValueAxis;
        x->setRange(0, 10);
        x->setTickCount(6);
        auto *y = new QValueAxis;
        y->setRange(0, 100);
        y->setTickCount(5);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        line->attachAxis(x);
        line->attachAxis(y);
        chart->legend()->hide();
        view.setChart(chart);
        view.resize(640, 420);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *late = new QValueAxis;
        late->setRange(0, 1);
        late->setTickCount(4);
        chart->addAxis(late, Qt::AlignRight);
        QTRY_COMPARE(late->gridLineColor().alpha(), 0); // handed over when the view next paints
        QApplication::processEvents();

        const QColor grid = ui::theme::color(ui::theme::Role::Border);
        const QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QRect plot = view.mapFromScene(chart->mapToScene(chart->plotArea())).boundingRect();
        // Rows in the plot where nearly every pixel is exactly the grid colour: crisp, horizontal grid lines.
        auto gridRowNear = [&](double value, QValueAxis *axis) {
            const double fraction = (value - axis->min()) / (axis->max() - axis->min());
            const int row = qRound(plot.bottom() - fraction * plot.height());
            for (int r = row - 2; r <= row + 2; ++r) {
                int exact = 0;
                for (int c = plot.left() + 2; c < plot.right() - 2; ++c)
                    exact += QColor(image.pixel(c, r)).rgb() == grid.rgb();
                if (exact > 0.8 * (plot.width() - 4))
                    return true;
            }
            return false;
        };
        QVERIFY(gridRowNear(25, y));
        QVERIFY(gridRowNear(50, y));
        QVERIFY(gridRowNear(75, y));
        QVERIFY(!gridRowNear(37.5, y)); // and nothing between the ticks
        QVERIFY(gridRowNear(1.0 / 3, late)); // the axis added after setChart() has its grid drawn too

        // QtCharts' own grid items are all handed over: none of them draws in a visible colour.
        const QList<QAbstractAxis *> axes = chart->axes();
        QCOMPARE(axes.size(), 3);
        for (QAbstractAxis *axis : axes)
            QCOMPARE(axis->gridLineColor().alpha(), 0);
    }

    void wrapLabelRemembersHeightsOnlyWhileNothingChanges()
    {
        // The dashboard's wrapped labels remember their height per width (a layout asks again and again after every
        // edit); each answer must stay the one QLabel gives for the text, font and margins shown now.
        ui::WrapLabel wrap;
        QLabel plain;
        plain.setWordWrap(true);
        auto same = [&](const char *what) {
            for (int width : {60, 140, 320, 140, 60, 900})
                if (wrap.heightForWidth(width) != plain.heightForWidth(width))
                    return QTest::qVerify(false, what, qPrintable(QStringLiteral("at %1 px").arg(width)), __FILE__,
                                          __LINE__);
            return true;
        };
        for (QLabel *label : {static_cast<QLabel *>(&wrap), &plain})
            label->setText(QStringLiteral("<b>Use GCP preemptible A100</b>: $151.6k less than the next cheapest"));
        QVERIFY(same("rich text"));
        const int before = wrap.heightForWidth(140);
        for (QLabel *label : {static_cast<QLabel *>(&wrap), &plain})
            label->setText(label->text() + QStringLiteral(", over three years, for four ML engineers"));
        QVERIFY(same("longer text"));
        QVERIFY(wrap.heightForWidth(140) > before);
        QFont big = wrap.font();
        big.setPointSizeF(big.pointSizeF() * 2);
        for (QLabel *label : {static_cast<QLabel *>(&wrap), &plain})
            label->setFont(big);
        QVERIFY(same("larger font"));
        for (QLabel *label : {static_cast<QLabel *>(&wrap), &plain})
            label->setMargin(20);
        QVERIFY(same("margin"));
        for (QLabel *label : {static_cast<QLabel *>(&wrap), &plain})
            label->setStyleSheet(QStringLiteral("QLabel { padding: 12px 30px; }"));
        QVERIFY(same("style sheet padding"));
    }

    void legendToggleHidesOnlyItsOwnBarSet()
    {
        // A stacked bar chart's legend entry hides its own set, not the series with every set in it; a line's
        // entry hides its line. A second click brings either back as it was.
        ui::ChartView view;
        auto *chart = new QChart;
        auto *bars = new QStackedBarSeries;
        auto *compute = new QBarSet(QStringLiteral("Compute"));
        auto *staff = new QBarSet(QStringLiteral("Staff"));
        compute->append({3.0, 4.0});
        staff->append({1.0, 2.0});
        bars->append(compute);
        bars->append(staff);
        chart->addSeries(bars);
        auto *line = new QLineSeries;
        line->append(0, 1);
        line->append(1, 2);
        chart->addSeries(line);
        view.setChart(chart);
        view.attachLegendToggles();
        QLegendMarker *computeMarker = chart->legend()->markers(bars).at(0);
        emit computeMarker->clicked();
        QCOMPARE(compute->count(), 2);
        QCOMPARE(compute->at(0), 0.0);
        QCOMPARE(compute->at(1), 0.0);
        QCOMPARE(staff->at(0), 1.0); // the other set stays
        QCOMPARE(staff->at(1), 2.0);
        QVERIFY(bars->isVisible());
        QVERIFY(computeMarker->labelBrush().color().alphaF() < 0.5); // dimmed: it can be clicked back
        emit computeMarker->clicked();
        QCOMPARE(compute->at(0), 3.0);
        QCOMPARE(compute->at(1), 4.0);
        QVERIFY(computeMarker->labelBrush().color().alphaF() > 0.9);

        emit chart->legend()->markers(line).at(0)->clicked();
        QVERIFY(!line->isVisible());
        QVERIFY(bars->isVisible());
        emit chart->legend()->markers(line).at(0)->clicked();
        QVERIFY(line->isVisible());
    }

    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void scenarioCardsShowEachTotalCompact()
    {
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(f.find<QWidget>(QStringLiteral("kpiCards")));
        const auto &result = f.editor()->result();
        QVERIFY(result);
        QVERIFY(result->scenarios.size() >= 2);
        for (std::size_t i = 0; i < result->scenarios.size(); ++i) {
            auto *card = f.find<KpiCard>(QStringLiteral("kpiTotal_%1").arg(i));
            QVERIFY2(card, qPrintable(QStringLiteral("no card kpiTotal_%1").arg(i)));
            QCOMPARE(card->value(), report::moneyCompact(result->scenarios[i].result.total));
            QCOMPARE(card->title(), result->scenarios[i].name);
            QVERIFY(card->detail().contains(report::moneyCompact(result->scenarios[i].result.npv)));
            QVERIFY(card->toolTip().contains(report::money(result->scenarios[i].result.total)));
        }
        QVERIFY(!f.find<KpiCard>(QStringLiteral("kpiTotal_%1").arg(result->scenarios.size())));
    }

    void cheapestAndSavingCardsMatchTheEngine()
    {
        UiFixture f;
        QVERIFY(f.open());
        const auto &scenarios = f.editor()->result()->scenarios;
        std::size_t cheapest = 0;
        for (std::size_t i = 1; i < scenarios.size(); ++i) {
            if (scenarios[i].result.total < scenarios[cheapest].result.total)
                cheapest = i;
        }
        auto *card = f.find<KpiCard>(QStringLiteral("kpiCheapest"));
        QVERIFY(card);
        QCOMPARE(card->value(), report::moneyCompact(scenarios[cheapest].result.total));
        QVERIFY(card->detail().contains(scenarios[cheapest].name));
        QVERIFY(card->title().contains(QStringLiteral("meets demand")));

        auto *saving = f.find<KpiCard>(QStringLiteral("kpiSaving"));
        QVERIFY(saving);
        const double amount = scenarios.front().result.total - scenarios[cheapest].result.total;
        QVERIFY(saving->value().startsWith(report::moneyCompact(amount)));
        QVERIFY(saving->value().contains(report::percent(amount / scenarios.front().result.total)));
        QVERIFY(saving->toolTip().contains(report::money(amount)));
    }

    void cardsCopyWhatTheySayFromTheMenuAndCtrlC()
    {
        // Card labels are plain text without mouse selection (a selectable label lays its text out through a
        // QTextDocument for every height a layout asks); the card copies its whole text instead.
        UiFixture f;
        QVERIFY(f.open());
        auto *card = f.find<KpiCard>(QStringLiteral("kpiCheapest"));
        QVERIFY(card);
        for (QLabel *label : card->findChildren<QLabel *>()) {
            QCOMPARE(label->textFormat(), Qt::PlainText);
            QCOMPARE(label->textInteractionFlags(), Qt::NoTextInteraction);
        }
        QCOMPARE(card->contextMenuPolicy(), Qt::ActionsContextMenu);
        auto *copy = card->findChild<QAction *>(QStringLiteral("copyCard"));
        QVERIFY(copy && card->actions().contains(copy));
        QVERIFY(card->text().contains(card->value()) && card->text().contains(card->detail()));

        QGuiApplication::clipboard()->clear();
        copy->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), card->text());

        // Ctrl+C on the clicked card copies it too; on another card, that card's text.
        auto *saving = f.find<KpiCard>(QStringLiteral("kpiSaving"));
        QVERIFY(saving && saving->text() != card->text());
        QGuiApplication::clipboard()->clear();
        QTest::mouseClick(saving, Qt::LeftButton);
        QTRY_VERIFY(saving->hasFocus());
        QTest::keySequence(saving, QKeySequence::Copy);
        QTRY_COMPARE(QGuiApplication::clipboard()->text(), saving->text());
    }

    void summaryFollowsThePlanAndCopiesAsMarkdown()
    {
        // The dashboard's summary is the report's: the recommendation worked out from the results, which changes
        // when an assumption changes, and "Copy summary" puts the Markdown on the clipboard.
        UiFixture f;
        QVERIFY(f.open());
        auto *summary = f.find<QLabel>(QStringLiteral("dashboardSummary"));
        auto *copy = f.find<QToolButton>(QStringLiteral("copySummary"));
        QVERIFY(summary && copy);
        const report::ExecutiveSummary expected = report::executiveSummary(f.editor()->plan(), *f.editor()->result());
        QVERIFY(summary->text().contains(expected.recommendation.toHtmlEscaped()));
        QGuiApplication::clipboard()->clear();
        QTest::mouseClick(copy, Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), report::summaryText(expected, report::SummaryFormat::Markdown));

        // Make the recommended option ten times dearer: the sentence names another one.
        const int chosen = expected.recommended;
        QVERIFY(chosen >= 0);
        const double rate = *tco::parameterValue(f.editor()->result()->scenarios[std::size_t(chosen)].scenario,
                                                 tco::ParamId::RatePerHour);
        f.editor()->setScenarioValue(chosen, tco::ParamId::RatePerHour, rate * 10);
        const report::ExecutiveSummary after = report::executiveSummary(f.editor()->plan(), *f.editor()->result());
        QVERIFY(after.recommended != chosen);
        QTRY_VERIFY(summary->text().contains(after.recommendation.toHtmlEscaped()));
        QVERIFY(!summary->text().contains(expected.recommendation.toHtmlEscaped()));
    }

    void sixteenScenariosHaveDistinctColours()
    {
        // Every pair of the first 16 scenario colours at least 15 apart in CIELAB (10 is plainly different).
        const auto lab = [](const QColor &c) {
            const auto linear = [](double u) { return u > 0.04045 ? std::pow((u + 0.055) / 1.055, 2.4) : u / 12.92; };
            const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
            const double x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047, y = r * 0.2126 + g * 0.7152 + b * 0.0722,
                         z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883;
            const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
            return std::array<double, 3>{116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
        };
        for (int i = 0; i < 16; ++i) {
            for (int j = i + 1; j < 16; ++j) {
                const auto a = lab(ui::palette::scenarioColor(i)), b = lab(ui::palette::scenarioColor(j));
                const double distance = std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
                QVERIFY2(distance >= 15, qPrintable(QStringLiteral("scenarios %1 and %2: %3").arg(i + 1).arg(j + 1).arg(distance)));
            }
        }
    }

    void twelveScenariosStayReadable()
    {
        // Twelve scenarios with long names, from a 13" laptop's window to a large screen.
        UiFixture f;
        QVERIFY(f.open());
        for (int i = 0; f.editor()->plan().scenarios.size() < 12; ++i)
            f.editor()->duplicateScenario(i);
        QCOMPARE(f.editor()->result()->scenarios.size(), std::size_t(12));
        QStringList names;
        for (const tco::EvaluatedScenario &s : f.editor()->result()->scenarios)
            names << ui::flaggedName(s);
        auto *kpis = f.find<ui::KpiPanel>(QStringLiteral("kpiCards"));
        auto *category = f.find<ChartView>(QStringLiteral("categoryChart"));
        auto *cumulative = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        auto *breakEven = f.find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel"));
        QVERIFY(kpis && category && cumulative && breakEven);
        showPlanRequest(breakEven, 0);

        for (const QSize size : {QSize(1024, 700), QSize(1920, 1080)}) {
            f.window->resize(size);
            QTRY_COMPARE(f.window->size(), size);
            QApplication::processEvents();
            const QString at = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());

            // Cards: as many columns as fit, each card tall enough for its wrapped name and details.
            QTRY_COMPARE(kpis->scenarioColumns(), size.width() < 1400 ? 4 : 6);
            for (int i = 0; i < 12; ++i) {
                auto *card = kpis->findChild<KpiCard *>(QStringLiteral("kpiTotal_%1").arg(i));
                QVERIFY(card);
                QTRY_VERIFY2(card->height() >= card->layout()->totalHeightForWidth(card->width()),
                             qPrintable(QStringLiteral("%1: card %2").arg(at).arg(i)));
            }

            // Category axis: every scenario named, distinct, shortened in the middle at most (never just "…").
            QTRY_VERIFY(!category->chart()->axes(Qt::Vertical).isEmpty());
            auto *axis = qobject_cast<QBarCategoryAxis *>(category->chart()->axes(Qt::Vertical).first());
            QVERIFY(axis);
            QVERIFY(!axis->truncateLabels());
            const QStringList labels = axis->categories();
            QCOMPARE(labels.size(), 12);
            QCOMPARE(QSet<QString>(labels.cbegin(), labels.cend()).size(), 12);
            int whole = 0;
            for (qsizetype i = 0; i < labels.size(); ++i) {
                const QString &label = labels[i];
                const QString &name = names[labels.size() - 1 - i]; // drawn bottom-up
                QVERIFY2(label.size() >= 8, qPrintable(at + QStringLiteral(": ") + label));
                if (label == name) {
                    ++whole;
                    continue;
                }
                const qsizetype cut = label.indexOf(QChar(0x2026));
                QVERIFY2(cut > 0, qPrintable(label));
                QVERIFY2(name.startsWith(label.left(cut)), qPrintable(label + QStringLiteral(" / ") + name));
                const QString tail = label.mid(cut + 1).remove(QRegularExpression(QStringLiteral(" \\(\\d+\\)$")));
                QVERIFY2(name.endsWith(tail), qPrintable(label + QStringLiteral(" / ") + name));
            }
            if (size.width() >= 1920)
                QVERIFY2(whole >= 6, qPrintable(labels.join(QStringLiteral(" | "))));
            // The chart has a row a bar.
            QVERIFY(category->minimumHeight() >= 12 * QFontMetrics(axis->labelsFont()).height());

            // Cumulative legend: room for all twelve entries.
            const QFontMetrics legend(cumulative->chart()->legend()->font());
            QVERIFY2(cumulative->minimumHeight() >= 12 * (legend.height() + 6), qPrintable(at));
            QTRY_VERIFY(cumulative->height() >= cumulative->minimumHeight());

            // The break-even label stays inside the plot, however narrow.
            QTRY_VERIFY(!breakEven->crossingLabelRect().isEmpty());
            QVERIFY2(breakEven->plotArea().adjusted(-1, -1, 1, 1).contains(breakEven->crossingLabelRect()), qPrintable(at));
        }
    }

    void warningsNameTheScenarioNotTheEnginePath()
    {
        // A plan value that overrides the catalog is warned about in the plan's words.
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(f.editor()->plan().scenarios.at(0).instance);
        f.editor()->setScenarioValue(0, tco::ParamId::RatePerHour, 13.0);
        QVERIFY(!f.editor()->result()->warnings.isEmpty());
        QVERIFY(f.editor()->result()->warnings.first().startsWith(QStringLiteral("scenarios[0].rate_per_hour:")));
        auto *notes = f.find<QLabel>(QStringLiteral("dashboardNotes"));
        QTRY_VERIFY(notes->isVisible());
        const QString expected = QStringLiteral("\u201c%1\u201d \u2014 Price per instance-hour")
                                     .arg(f.editor()->plan().scenarios.at(0).name)
                                     .toHtmlEscaped();
        QVERIFY2(notes->text().contains(expected), qPrintable(notes->text()));
        QVERIFY2(!notes->text().contains(QStringLiteral("scenarios[")), qPrintable(notes->text()));
    }

    void editsAndUndoUpdateCardsAndCharts()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *card = f.find<KpiCard>(QStringLiteral("kpiTotal_0"));
        auto *chart = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        QVERIFY(card && chart);
        const QString before = card->value();
        const double plottedBefore = lastCumulative(chart, 0);
        QVERIFY(plottedBefore > 0);

        // The first scenario rents one box per engineer: more engineers, more boxes.
        f.editor()->setWorkloadValue(tco::ParamId::Engineers, 8);
        const double total = f.editor()->result()->scenarios.front().result.total;
        QTRY_COMPARE(card->value(), report::moneyCompact(total));
        QVERIFY(card->value() != before);
        QTRY_VERIFY(lastCumulative(chart, 0) > plottedBefore);

        f.editor()->setScenarioValue(0, tco::ParamId::Premium, 0.5);
        QTRY_COMPARE(card->value(), report::moneyCompact(f.editor()->result()->scenarios.front().result.total));

        f.editor()->undoStack()->undo();
        f.editor()->undoStack()->undo();
        QTRY_COMPARE(card->value(), before);
        QTRY_COMPARE(lastCumulative(chart, 0), plottedBefore);

        f.editor()->undoStack()->redo();
        QTRY_COMPARE(card->value(), report::moneyCompact(total));
    }

    void theGapIsExplainedCategoryByCategory()
    {
        // model.md §14.3 on the sample plan (0 % discount: present values are totals): the recommended pay-per-use
        // A100 ($58,388.24: compute 25,760.24, staff 30,000, overhead 2,628) against the next cheapest, the GCP node
        // ($210,000 of compute): $151,611.76 less, $184,239.76 less compute, $30,000 more staff, $2,628 more overhead.
        UiFixture f;
        QVERIFY(f.open());
        auto *first = f.find<QComboBox>(QStringLiteral("gapFirst"));
        auto *second = f.find<QComboBox>(QStringLiteral("gapSecond"));
        auto *sentence = f.find<QLabel>(QStringLiteral("gapSentence"));
        auto *view = f.find<ChartView>(QStringLiteral("gapChart"));
        QVERIFY(first && second && sentence && view);
        QTRY_COMPARE(first->currentText(), QStringLiteral("GCP preemptible A100, autoscaled"));
        QCOMPARE(second->currentText(), QStringLiteral("GCP 8xA100 node"));
        QCOMPARE(sentence->text(), QStringLiteral("\u201cGCP preemptible A100, autoscaled\u201d costs $151.6k less than "
                                                  "\u201cGCP 8xA100 node\u201d over 3 years: $184.2k less compute, $30.0k "
                                                  "more staff and $2.6k more overhead."));
        const auto bars = [view] {
            auto *series = qobject_cast<QStackedBarSeries *>(view->chart()->series().value(0));
            return series ? series->barSets().value(0)->count() : -1;
        };
        QCOMPARE(bars(), 5); // from, compute, staff, overhead, to

        // Any two: the owned server against the AWS boxes. Capex 150,000, resale -45,000, facilities 9,000, failures
        // 45,000 and staff 300,000 against 1,286,668.80 of compute: $827.7k less.
        first->setCurrentIndex(first->findText(QStringLiteral("On-prem 8xA100, 1 server")));
        second->setCurrentIndex(second->findText(QStringLiteral("AWS p3.8xlarge per engineer")));
        // Four categories named, largest first (resale and failures tie at $45,000: the categories' order decides),
        // and failures and facilities together as the rest.
        QTRY_COMPARE(sentence->text(), QStringLiteral("\u201cOn-prem 8xA100, 1 server\u201d costs $827.7k less than "
                                                      "\u201cAWS p3.8xlarge per engineer\u201d over 3 years: $1.29M less "
                                                      "compute, $300.0k more staff, $150.0k more capex, $45.0k more back at "
                                                      "resale and $54.0k more in the rest."));
        QCOMPARE(bars(), 8);
        auto *series = qobject_cast<QStackedBarSeries *>(view->chart()->series().value(0));
        QBarSet *total = nullptr;
        for (QBarSet *set : series->barSets())
            if (set->label() == QStringLiteral("NPV of the option"))
                total = set;
        QVERIFY(total);
        QVERIFY(total->at(0) > 0 && total->at(7) > 0 && total->at(0) > total->at(7)); // AWS's NPV above the server's
        QCOMPARE_NEAR(total->at(7) / total->at(0), 459000.0 / 1286668.80);

        // The pick survives an edit; the same option twice is explained, not drawn.
        f.editor()->setWorkloadValue(tco::ParamId::Engineers, 5);
        QTRY_VERIFY(sentence->text().contains(QStringLiteral("AWS p3.8xlarge per engineer")));
        QCOMPARE(first->currentText(), QStringLiteral("On-prem 8xA100, 1 server"));
        second->setCurrentIndex(first->currentIndex());
        QTRY_COMPARE(sentence->text(), QStringLiteral("Choose two different options to see where the gap between them comes from."));
        QCOMPARE(view->chart()->series().size(), 0);
    }

    void anEditMovesTheChartsInPlaceAndARenameRebuildsThem()
    {
        // An assumption edit keeps every chart's series (QtCharts lays a chart out afresh for new ones) and moves their
        // points, bars and tips to the new figures; a change of what is shown (a renamed scenario) builds anew.
        UiFixture f;
        QVERIFY(f.open());
        auto *cumulative = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        auto *category = f.find<ChartView>(QStringLiteral("categoryChart"));
        auto *breakEven = f.find<ChartView>(QStringLiteral("breakEvenChart"));
        auto *capacity = f.find<ChartView>(QStringLiteral("capacityChart"));
        QVERIFY(cumulative && category && breakEven && capacity);
        showPlanRequest(f.find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel")), 0);
        const QPointer<QLineSeries> line = lineSeries(cumulative).at(0);
        const QPointer<QAbstractSeries> bars = category->chart()->series().value(0);
        const QPointer<QLineSeries> buy = lineSeries(breakEven).at(0);
        const QPointer<QLineSeries> demand = lineSeries(capacity).at(0);
        const QPointer<QAbstractAxis> categoryAxis = category->chart()->axes().value(0);
        const double before = lastCumulative(cumulative, 0);

        f.editor()->setWorkloadValue(tco::ParamId::Engineers, 7);
        QTRY_VERIFY(lastCumulative(cumulative, 0) > before);
        QVERIFY(line && bars && buy && demand && categoryAxis);
        QCOMPARE(lineSeries(cumulative).at(0), line.data());
        QCOMPARE(category->chart()->series().value(0), bars.data());
        QCOMPARE(lineSeries(breakEven).at(0), buy.data());
        QCOMPARE(lineSeries(capacity).at(0), demand.data());

        // The bars hold the new figures (the last scenario's compute is the overview's first bar)...
        const auto &scenarios = f.editor()->result()->scenarios;
        const double compute = scenarios.back().result.categoryTotal(tco::Category::Compute);
        auto *stacked = qobject_cast<QHorizontalStackedBarSeries *>(bars.data());
        QVERIFY(stacked);
        const double plotted = stacked->barSets().value(0)->at(0);
        const double divisor = compute / plotted; // the axis' scale: dollars, thousands, millions or billions
        const std::array<double, 4> scales{1.0, 1e3, 1e6, 1e9};
        QVERIFY2(std::any_of(scales.begin(), scales.end(), [divisor](double d) { return std::abs(divisor / d - 1.0) < 1e-12; }),
                 qPrintable(QStringLiteral("%1 plotted for %2").arg(plotted).arg(compute)));
        // ... and the tips say them.
        double sum = 0.0;
        for (int m = 0; m < 12; ++m)
            sum += scenarios[0].result.months[static_cast<std::size_t>(m)].total;
        emit line->hovered(QPointF(12.1, line->at(12).y()), true);
        QTRY_VERIFY2(QToolTip::text().contains(report::money(sum)), qPrintable(QToolTip::text()));
        emit line->hovered(QPointF(12.1, line->at(12).y()), false);

        f.editor()->renameScenario(0, QStringLiteral("Renamed boxes"));
        QTRY_VERIFY(line.isNull()); // built anew, under the new name
        QCOMPARE(lineSeries(cumulative).at(0)->name(), QStringLiteral("Renamed boxes"));
    }

    void cumulativeChartHasOneVisibleSeriesPerScenarioAndLegendHidesThem()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *chart = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        QVERIFY(chart);
        const auto &scenarios = f.editor()->result()->scenarios;
        const QList<QLineSeries *> series = lineSeries(chart);
        QCOMPARE(series.size(), static_cast<qsizetype>(scenarios.size()));
        for (std::size_t i = 0; i < scenarios.size(); ++i) {
            QVERIFY(series[static_cast<qsizetype>(i)]->isVisible());
            QCOMPARE(series[static_cast<qsizetype>(i)]->name(), scenarios[i].name);
            // month 0 .. H
            QCOMPARE(series[static_cast<qsizetype>(i)]->count(), f.editor()->plan().workload.horizonMonths + 1);
        }

        const QList<QLegendMarker *> markers = chart->chart()->legend()->markers(series[1]);
        QCOMPARE(markers.size(), 1);
        emit markers.first()->clicked();
        QVERIFY(!series[1]->isVisible());
        QVERIFY(markers.first()->isVisible()); // still there to click again

        // An edit rebuilds the chart; what the user hid stays hidden.
        f.editor()->setWorkloadValue(tco::ParamId::DemandGpuHours, 3000);
        QTRY_VERIFY(!lineSeries(chart).at(1)->isVisible());
        QVERIFY(lineSeries(chart).at(0)->isVisible());

        emit chart->chart()->legend()->markers(lineSeries(chart).at(1)).first()->clicked();
        QVERIFY(lineSeries(chart).at(1)->isVisible());
    }

    void hoverTipsShowExactValuesAndNames()
    {
        UiFixture f;
        QVERIFY(f.open());
        const auto &scenarios = f.editor()->result()->scenarios;

        // Cumulative: series name, month and the exact (unscaled) cumulative cost.
        auto *cumulative = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        QLineSeries *line = lineSeries(cumulative).at(1);
        double sum = 0.0;
        for (int m = 0; m < 12; ++m)
            sum += scenarios[1].result.months[static_cast<std::size_t>(m)].total;
        emit line->hovered(QPointF(12.2, line->at(12).y()), true);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY(QToolTip::text().contains(scenarios[1].name));
        QVERIFY(QToolTip::text().contains(QStringLiteral("Month 12")));
        QVERIFY2(QToolTip::text().contains(report::money(sum)), qPrintable(QToolTip::text()));
        emit line->hovered(QPointF(12.2, line->at(12).y()), false);
        QTRY_VERIFY(!QToolTip::isVisible());

        // Break-even: both totals at that server count.
        auto *breakEven = f.find<ChartView>(QStringLiteral("breakEvenChart"));
        showPlanRequest(f.find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel")), 0);
        const tco::SweepPoint &p = f.editor()->result()->breakeven.front().result.sweep.at(3);
        QLineSeries *buy = lineSeries(breakEven).at(0);
        emit buy->hovered(QPointF(4, buy->at(3).y()), true);
        QTRY_VERIFY(QToolTip::text().contains(QStringLiteral("4 servers")));
        QVERIFY(QToolTip::text().contains(report::money(p.purchaseTotal)));
        QVERIFY(QToolTip::text().contains(report::money(p.cloudTotal)));

        // Category overview: the category, the scenario and its exact amount.
        auto *category = f.find<ChartView>(QStringLiteral("categoryChart"));
        auto *bars = qobject_cast<QHorizontalStackedBarSeries *>(category->chart()->series().value(0));
        QVERIFY(bars);
        QBarSet *compute = bars->barSets().value(0);
        QCOMPARE(compute->label(), QStringLiteral("Compute"));
        const int last = static_cast<int>(scenarios.size()) - 1; // bars run bottom-up: index 0 is the last scenario
        emit bars->hovered(true, 0, compute);
        QTRY_VERIFY(QToolTip::text().contains(scenarios[static_cast<std::size_t>(last)].name));
        QVERIFY(QToolTip::text().contains(
            report::money(scenarios[static_cast<std::size_t>(last)].result.categoryTotal(tco::Category::Compute))));
    }

    void editsWhileAnotherPageIsShownAppearOnReturn()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *card = f.find<KpiCard>(QStringLiteral("kpiTotal_0"));
        f.window->showPage(ui::MainWindow::Scenarios);
        f.editor()->setWorkloadValue(tco::ParamId::Engineers, 6);
        f.window->showPage(ui::MainWindow::Dashboard);
        QTRY_COMPARE(card->value(), report::moneyCompact(f.editor()->result()->scenarios.front().result.total));
    }

    void purchaseResaleShowsAsADrop()
    {
        UiFixture f;
        QVERIFY(f.open());
        const int purchase = indexOf(f.editor()->plan(), tco::ScenarioKind::Purchase);
        QVERIFY(purchase >= 0);
        auto *chart = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        const QList<QPointF> points = lineSeries(chart).at(purchase)->points();
        const int horizon = f.editor()->plan().workload.horizonMonths;
        QVERIFY(points.at(horizon).y() < points.at(horizon - 1).y());
    }

    void unmetDemandIsFlagged()
    {
        UiFixture f;
        QVERIFY(f.open());
        const int cluster = indexOf(f.editor()->plan(), tco::ScenarioKind::Cluster);
        QVERIFY(cluster >= 0);
        f.editor()->setScenarioValue(cluster, tco::ParamId::Nodes, 1);
        const tco::ScenarioResult &r = f.editor()->result()->scenarios[static_cast<std::size_t>(cluster)].result;
        QVERIFY(r.hasUnmetDemand());
        const QString served = report::percent(std::floor(r.served / r.demand * 100.0) / 100.0, 0);

        auto *card = f.find<KpiCard>(QStringLiteral("kpiTotal_%1").arg(cluster));
        QTRY_VERIFY(card->flag().contains(QStringLiteral("serves only %1 of demand").arg(served)));
        QVERIFY(card->flag().contains(QStringLiteral("cheaper because it does less")));
        QCOMPARE(card->tone(), KpiCard::Tone::Warning);
        auto *demand = f.find<KpiCard>(QStringLiteral("kpiDemand"));
        QVERIFY(demand->value().startsWith(QStringLiteral("1 of")));
        QVERIFY(demand->flag().contains(f.editor()->plan().scenarios[cluster].name));

        const QList<QLineSeries *> series = lineSeries(f.find<ChartView>(QStringLiteral("cumulativeChart")));
        QVERIFY(series.at(cluster)->name().contains(served));
        QCOMPARE(series.at(cluster)->pen().style(), Qt::DashLine);
    }

    void categoryNamesFollowTheViewWhereverItIsShown()
    {
        // The PDF report takes the chart's view out of its panel and sizes it for a page; the names are fitted to the
        // view's width there too (they were cut to "AWS …neer" on every page of the report).
        UiFixture f;
        QVERIFY(f.open());
        auto *chart = f.find<ChartView>(QStringLiteral("categoryChart"));
        QVERIFY(chart);
        QStringList scenarioNames;
        for (const auto &s : f.editor()->plan().scenarios)
            scenarioNames << s.name;
        auto names = [chart] {
            auto *axis = qobject_cast<QBarCategoryAxis *>(chart->chart()->axes(Qt::Vertical).value(0));
            return axis ? axis->categories() : QStringList();
        };
        QWidget page;
        chart->setParent(&page);
        chart->setGeometry(0, 0, 300, 300);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTRY_VERIFY(names().join(QString()).contains(QChar(0x2026))); // narrow: some names shortened
        chart->setGeometry(0, 0, 960, 528);
        QTRY_COMPARE(names().size(), scenarioNames.size());
        for (const QString &name : std::as_const(scenarioNames))
            QTRY_VERIFY2(names().contains(name), qPrintable(names().join(QStringLiteral(" | "))));
        chart->setParent(f.find<ui::CategoryChart>(QStringLiteral("categoryPanel"))); // back where it belongs
    }

    void categoryChartShowsYearsAndResaleBelowZero()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *panel = f.find<ui::CategoryChart>(QStringLiteral("categoryPanel"));
        auto *chart = f.find<ChartView>(QStringLiteral("categoryChart"));
        auto *selector = f.find<QComboBox>(QStringLiteral("categoryScenario"));
        QVERIFY(panel && chart && selector);
        const auto &plan = f.editor()->plan();
        QCOMPARE(selector->count(), plan.scenarios.size() + 1);

        const int purchase = indexOf(plan, tco::ScenarioKind::Purchase);
        selector->setCurrentIndex(purchase + 1);
        QTRY_COMPARE(chart->chart()->series().size(), 1);
        auto *bars = qobject_cast<QStackedBarSeries *>(chart->chart()->series().first());
        QVERIFY(bars);
        auto *years = qobject_cast<QBarCategoryAxis *>(chart->chart()->axes(Qt::Horizontal).value(0));
        QVERIFY(years);
        QCOMPARE(years->categories(),
                 (QStringList{QStringLiteral("Year 1"), QStringLiteral("Year 2"), QStringLiteral("Year 3")}));
        QBarSet *resale = nullptr;
        for (QBarSet *set : bars->barSets()) {
            if (set->label() == QStringLiteral("Resale & residual"))
                resale = set;
        }
        QVERIFY(resale);
        QVERIFY(resale->at(2) < 0);
        // The money axis below zero keeps its currency sign: "-$50k" (the minus of every money figure), not "-50k" with the dollars in the title.
        auto *money = qobject_cast<QCategoryAxis *>(chart->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(money);
        const QStringList ticks = money->categoriesLabels();
        QVERIFY2(ticks.first().startsWith(QStringLiteral("-$")), qPrintable(ticks.join(QLatin1Char(' '))));
        QVERIFY(ticks.contains(QStringLiteral("$0")));
        QVERIFY(ticks.last().startsWith(QLatin1Char('$')));
        for (const QString &t : ticks)
            QVERIFY2(!t.contains(QChar(0x2212)), qPrintable(t)); // the hyphen-minus of every money figure, never two kinds
        QCOMPARE(money->endValue(ticks.first()), money->min());
        QCOMPARE(money->endValue(ticks.last()), money->max());

        // A partial last year says so.
        f.editor()->setWorkloadValue(tco::ParamId::HorizonMonths, 30);
        QTRY_COMPARE(
            qobject_cast<QBarCategoryAxis *>(chart->chart()->axes(Qt::Horizontal).value(0))->categories().constLast(),
            QStringLiteral("Year 3 (partial)"));
        QCOMPARE(selector->currentIndex(), purchase + 1); // the choice survives the edit

        // Clicking a category's legend entry hides that category only, and clicking again brings it back.
        QVERIFY(!panel->isCategoryHidden(tco::Category::Capex));
        const auto markerFor = [&](const QString &label) -> QLegendMarker * {
            for (QLegendMarker *m : chart->chart()->legend()->markers()) {
                if (m->label() == label)
                    return m;
            }
            return nullptr;
        };
        QVERIFY(markerFor(QStringLiteral("Capex")));
        emit markerFor(QStringLiteral("Capex"))->clicked();
        QTRY_VERIFY(panel->isCategoryHidden(tco::Category::Capex));
        bars = qobject_cast<QStackedBarSeries *>(chart->chart()->series().first());
        for (QBarSet *set : bars->barSets()) {
            if (set->label() == QStringLiteral("Capex"))
                QCOMPARE(set->sum(), 0.0);
            if (set->label() == QStringLiteral("Staff"))
                QVERIFY(set->sum() > 0);
        }
        QVERIFY(markerFor(QStringLiteral("Capex"))); // still in the legend, to click again
        emit markerFor(QStringLiteral("Capex"))->clicked();
        QTRY_VERIFY(!panel->isCategoryHidden(tco::Category::Capex));
    }

    void incompleteScenarioIsMarkedWhileTheOthersShow()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *message = f.find<QLabel>(QStringLiteral("dashboardMessage"));
        auto *notes = f.find<QLabel>(QStringLiteral("dashboardNotes"));
        auto *cumulative = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        QVERIFY(message && notes && cumulative);
        const int complete = static_cast<int>(f.editor()->plan().scenarios.size());
        QTRY_COMPARE(lineSeries(cumulative).size(), complete);
        const QString cheapestBefore = f.find<KpiCard>(QStringLiteral("kpiCheapest"))->value();

        // A scenario whose instance the catalog does not know, with no rate of its own: it cannot be evaluated.
        f.editor()->addScenario(tco::ScenarioKind::Dedicated, QStringLiteral("Mystery box"));
        const int last = static_cast<int>(f.editor()->plan().scenarios.size()) - 1;
        f.editor()->setScenarioInstance(last, tco::InstanceRef{QStringLiteral("aws"),
                                                               QStringLiteral("no-such-instance"),
                                                               QStringLiteral("us-east-1"),
                                                               QStringLiteral("on_demand"),
                                                               {}});
        // The others are still evaluated and drawn; it is left out of every figure, and said to be.
        QVERIFY(f.editor()->result());
        QVERIFY(f.editor()->result()->leftOutAt(static_cast<std::size_t>(last)));
        QVERIFY(!message->isVisible());
        QTRY_VERIFY(cumulative->isVisible());
        QCOMPARE(lineSeries(cumulative).size(), complete);
        for (const QLineSeries *series : lineSeries(cumulative))
            QVERIFY(series->name() != QStringLiteral("Mystery box"));
        QVERIFY(notes->isVisible());
        QVERIFY2(notes->text().contains(QStringLiteral("Incomplete, left out of the figures below:")) &&
                     notes->text().contains(QStringLiteral("\u201cMystery box\u201d")) &&
                     notes->text().contains(QStringLiteral("no-such-instance")),
                 qPrintable(notes->text()));
        QVERIFY2(!notes->text().contains(QStringLiteral("scenarios[")), qPrintable(notes->text()));
        QCOMPARE(f.find<KpiCard>(QStringLiteral("kpiCheapest"))->value(), cheapestBefore);
        // The summary (dashboard, PDF, CLI) says so too.
        auto *summary = f.find<QLabel>(QStringLiteral("dashboardSummary"));
        QVERIFY(summary);
        const report::ExecutiveSummary exec = report::executiveSummary(f.editor()->plan(), *f.editor()->result());
        QCOMPARE(static_cast<int>(exec.rows.size()), complete);
        QVERIFY(std::any_of(exec.notes.cbegin(), exec.notes.cend(), [](const QString &n) {
            return n.startsWith(QStringLiteral("\u201cMystery box\u201d is left out until it can be evaluated"));
        }));

        // With no scenario left that can be evaluated, the dashboard says what to complete.
        tco::Plan only = f.editor()->plan();
        only.scenarios = {only.scenarios.constLast()};
        only.breakeven.clear();
        only.uncertainty.clear();
        only.correlations.clear();
        f.editor()->apply(only, QStringLiteral("keep the incomplete one"));
        QVERIFY(f.editor()->result());
        QTRY_VERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("No scenario can be evaluated yet")) &&
                     message->text().contains(QStringLiteral("no-such-instance")),
                 qPrintable(message->text()));
        f.editor()->undoStack()->undo();

        // A workload that cannot be evaluated leaves nothing to show: explained instead of drawn.
        tco::Plan badWorkload = f.editor()->plan();
        badWorkload.workload.horizonMonths = 0;
        f.editor()->apply(badWorkload, QStringLiteral("no horizon"));
        QVERIFY(!f.editor()->result());
        QTRY_VERIFY(message->isVisible());
        QVERIFY(!cumulative->isVisible());
        QVERIFY(message->text().contains(QStringLiteral("cannot be evaluated")));
        QVERIFY(!f.editor()->evaluationDetails().isEmpty());
        for (const QString &detail : f.editor()->evaluationDetails())
            QVERIFY2(message->text().contains(detail.toHtmlEscaped()), qPrintable(detail));

        f.editor()->undoStack()->undo(); // the horizon
        f.editor()->undoStack()->undo(); // the instance
        f.editor()->undoStack()->undo(); // the scenario
        QVERIFY(f.editor()->result());
        QVERIFY(f.editor()->result()->leftOut.empty());
        QTRY_VERIFY(cumulative->isVisible());
        QVERIFY(!message->isVisible());
        QTRY_VERIFY(!notes->text().contains(QStringLiteral("Mystery box")));
    }
};

MLTCO_TEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"

// The Price history page: a step series per ticked instance type and pricing model, and the
// $ per 1000 TF32 TFLOPS-hour bars, cheapest on top, following the chosen throughput basis.
#include "models/catalog/catalogeditor.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/pricetrend.h"
#include "models/store/document.h"
#include "ui/charts/decimate.h"
#include "ui/catalog/pricehistorypage.h"
#include "ui/charts/chartview.h"
#include "uitestutil.h"
#include "tests/support/testmain.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QComboBox>
#include <QDateTimeAxis>
#include <QHorizontalBarSeries>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QTreeWidget>

#include <algorithm>
#include <random>

using namespace mltco;

class TestPriceHistory final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_ui;
    ui::PriceHistoryPage *page() const { return m_ui->find<ui::PriceHistoryPage>(QStringLiteral("priceHistoryPage")); }

    QList<QLineSeries *> lines() const
    {
        QList<QLineSeries *> out;
        for (QAbstractSeries *s : page()->findChild<ui::ChartView *>(QStringLiteral("historyChart"))->chart()->series())
            if (s->type() == QAbstractSeries::SeriesTypeLine)
                out << static_cast<QLineSeries *>(s);
        return out;
    }

    QBarSet *bars() const
    {
        const QList<QAbstractSeries *> series =
            page()->findChild<ui::ChartView *>(QStringLiteral("tflopsComparisonChart"))->chart()->series();
        if (series.size() != 1 || series.first()->type() != QAbstractSeries::SeriesTypeHorizontalBar)
            return nullptr;
        return static_cast<QHorizontalBarSeries *>(series.first())->barSets().value(0);
    }

    void untickAll()
    {
        auto *tree = page()->findChild<QTreeWidget *>(QStringLiteral("historySelection"));
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            tree->topLevelItem(i)->setCheckState(0, Qt::Unchecked);
        for (int p = 0; p < catalog::pricingModelKeys().size(); ++p)
            page()->setPricingChecked(*catalog::pricingModelFromKey(catalog::pricingModelKeys()[p]), false);
    }

private slots:
    void init()
    {
        m_ui = std::make_unique<UiFixture>();
        QVERIFY(m_ui->open());
        m_ui->window->showPage(ui::MainWindow::PriceHistory);
        QTRY_VERIFY(page()->isVisible());
    }

    void cleanup() { m_ui.reset(); }

    // The history chart keeps, per pixel column, the first, last, lowest and highest point: at most four a column,
    // the same envelope drawn, x in order; a short line is left as it is.
    void decimationKeepsWhatEachPixelColumnDraws()
    {
        std::mt19937_64 random(3);
        std::normal_distribution<double> step(0.0, 1.0);
        QList<QPointF> walk;
        double y = 100;
        for (int i = 0; i < 100000; ++i)
            walk << QPointF(i * 0.5, y += step(random));
        const int columns = 800;
        const QList<QPointF> kept = mltco::ui::decimateMinMax(walk, columns);
        QVERIFY(kept.size() <= 4 * columns);
        QVERIFY(kept.size() > columns);
        QCOMPARE(kept.front(), walk.front());
        QCOMPARE(kept.back(), walk.back());
        QVERIFY(std::is_sorted(kept.begin(), kept.end(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); }));
        // Every column's highest and lowest survive.
        const double width = walk.back().x() - walk.front().x();
        std::vector<double> low(columns, 1e300), high(columns, -1e300), keptLow(columns, 1e300), keptHigh(columns, -1e300);
        const auto column = [&](const QPointF &p) { return std::min(columns - 1, static_cast<int>((p.x() - walk.front().x()) / width * columns)); };
        for (const QPointF &p : walk) {
            low[column(p)] = std::min(low[column(p)], p.y());
            high[column(p)] = std::max(high[column(p)], p.y());
        }
        for (const QPointF &p : kept) {
            keptLow[column(p)] = std::min(keptLow[column(p)], p.y());
            keptHigh[column(p)] = std::max(keptHigh[column(p)], p.y());
        }
        QVERIFY(low == keptLow);
        QVERIFY(high == keptHigh);
        const QList<QPointF> shortLine{{0, 1}, {1, 2}, {2, 0}};
        QCOMPARE(mltco::ui::decimateMinMax(shortLine, columns), shortLine);
    }

    void startsWithThePlansInstances()
    {
        QVERIFY(page()->findChild<QTreeWidget *>(QStringLiteral("historySelection")));
        QVERIFY(!lines().isEmpty());
        QCOMPARE(lines().first()->name(), QStringLiteral("aws p3.8xlarge · On-demand · us-east-1"));
    }

    void aSeriesPerTickedInstance()
    {
        untickAll();
        QCOMPARE(lines().size(), 0);
        page()->setPricingChecked(catalog::PricingModel::OnDemand, true);
        QVERIFY(page()->setInstanceChecked(QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), true));
        QCOMPARE(lines().size(), 1);
        QVERIFY(page()->setInstanceChecked(QStringLiteral("gcp"), QStringLiteral("a3-highgpu-8g"), true));
        QVERIFY(page()->setInstanceChecked(QStringLiteral("lambda"), QStringLiteral("gpu_8x_a100"), true));
        QCOMPARE(lines().size(), 3);
        // p4d was observed twice: a step to each observation, then held until today.
        QLineSeries *p4d = lines().first();
        QCOMPARE(p4d->name(), QStringLiteral("aws p4d.24xlarge · On-demand · us-east-1"));
        QCOMPARE(p4d->count(), 4);
        page()->setPricingChecked(catalog::PricingModel::Spot, true);
        QCOMPARE(lines().size(), 4); // p4d spot; the others have no spot price
        QVERIFY(!page()->setInstanceChecked(QStringLiteral("aws"), QStringLiteral("no-such-type"), true));
    }

    void aNewObservationShowsUpAfterACatalogEdit()
    {
        untickAll();
        page()->setPricingChecked(catalog::PricingModel::OnDemand, true);
        page()->setInstanceChecked(QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), true);
        QCOMPARE(lines().first()->count(), 4);
        catalog::PricePoint p;
        p.provider = QStringLiteral("aws");
        p.instance = QStringLiteral("p4d.24xlarge");
        p.region = QStringLiteral("us-east-1");
        p.amount = 21.96;
        p.observedAt = QDate(2025, 6, 1);
        QVERIFY(catalog::CatalogEditor(m_ui->window->document()->database()).addPrice(p));
        m_ui->editor()->reevaluate();
        QCOMPARE(lines().first()->count(), 6);
    }

    // A redraw replaces the charts' axes and deletes the old ones (QChart::removeAxis only hands an axis back:
    // every redraw leaked two, found by LeakSanitizer).
    void redrawDeletesTheAxesItReplaces()
    {
        int destroyed = 0;
        QList<QAbstractAxis *> old;
        for (const char *name : {"historyChart", "tflopsComparisonChart"})
            old += page()->findChild<ui::ChartView *>(QLatin1String(name))->chart()->axes();
        QVERIFY(old.size() >= 4);
        for (QAbstractAxis *axis : std::as_const(old))
            connect(axis, &QObject::destroyed, this, [&destroyed] { ++destroyed; });
        m_ui->editor()->reevaluate();
        QCOMPARE(destroyed, old.size());
    }

    // The catalog's on-demand price trend is shown with its interval and becomes the plan's cloud_price_trend
    // in one click (and undo takes it back).
    void trendBecomesThePlansCloudPriceTrend()
    {
        catalog::TrendFilter filter;
        filter.pricing = catalog::PricingModel::OnDemand;
        const auto trend = catalog::priceTrend(catalog::CatalogRepository(m_ui->window->document()->database()), filter);
        QVERIFY(trend);
        auto *label = page()->findChild<QLabel *>(QStringLiteral("priceTrend"));
        QVERIFY(label && label->text().contains(QStringLiteral("90 % interval")));
        const double before = m_ui->editor()->plan().workload.cloudPriceTrend;
        QTest::mouseClick(page()->findChild<QPushButton *>(QStringLiteral("useTrendButton")), Qt::LeftButton);
        QCOMPARE(m_ui->editor()->plan().workload.cloudPriceTrend, trend->fit.annualChange);
        m_ui->editor()->undoStack()->undo();
        QCOMPARE(m_ui->editor()->plan().workload.cloudPriceTrend, before);
    }

    void tflopsBarsPutTheCheapestFirst()
    {
        QBarSet *set = bars();
        QVERIFY(set);
        auto *axis = static_cast<QBarCategoryAxis *>(
            page()->findChild<ui::ChartView *>(QStringLiteral("tflopsComparisonChart"))->chart()->axes(Qt::Vertical).first());
        // The first bar, read top down, is the last category of a horizontal bar chart.
        const int top = set->count() - 1;
        QCOMPARE(axis->categories().at(top), QStringLiteral("lambda gpu_8x_h100_sxm5"));
        // Every name readable (Qt's own truncation, which cut them all to "…" on a narrow window, is off).
        QVERIFY(!axis->truncateLabels());
        for (const QString &label : axis->categories())
            QVERIFY2(label.size() >= 8, qPrintable(label));
        QCOMPARE(set->at(top), 23.9232 / 7.12);
        for (int i = 0; i < set->count(); ++i)
            QVERIFY(set->at(top) <= set->at(i));
        QVERIFY2(
            page()->findChild<QLabel *>(QStringLiteral("tflopsCostNote"))->text().contains(QStringLiteral("V100 16GB")),
            qPrintable(page()->findChild<QLabel *>(QStringLiteral("tflopsCostNote"))->text()));

        auto *basis = page()->findChild<QComboBox *>(QStringLiteral("tflopsBasis"));
        basis->setCurrentIndex(basis->findData(static_cast<int>(ui::TflopsBasis::Dense)));
        set = bars();
        QVERIFY(set);
        for (int i = 0; i < set->count(); ++i)
            QVERIFY(set->at(set->count() - 1) <= set->at(i));
        QCOMPARE(set->at(set->count() - 1), 23.9232 / (8 * 494.7 / 1000));
    }
    // As many bars as can be read at the chart's height: with Lambda's catalog (21 comparable instance types) a
    // 1440x900 window drew 20 bars in 190 pixels, their figures over each other and every other name left out. The
    // chart keeps each bar's name and figure apart, says how many of how many it shows, and shows more (up to 20)
    // as the window grows.
    // A date axis ticks on the calendar: QDateTimeAxis spaces its ticks evenly from its range's start, and a range that
    // started anywhere labelled "Jan 2022 … Jan 2025, Feb 2026, Feb 2027" (the rates' "1999, 2005, 2012, 2019").
    // Every tick lands within a few days past the first of its month, every step the same number of months, a January
    // for yearly steps, and no more ticks than asked.
    void dateAxesTickOnTheCalendar_data()
    {
        QTest::addColumn<QDate>("from");
        QTest::addColumn<QDate>("to");
        QTest::addColumn<int>("maxTicks");
        QTest::newRow("ECB history") << QDate(1999, 1, 4) << QDate(2026, 4, 13) << 8;
        QTest::newRow("three years") << QDate(2023, 11, 1) << QDate(2026, 12, 6) << 6;
        QTest::newRow("narrow window") << QDate(2022, 1, 1) << QDate(2026, 12, 6) << 3;
        QTest::newRow("a year") << QDate(2025, 2, 15) << QDate(2026, 1, 20) << 7;
        QTest::newRow("a quarter") << QDate(2026, 2, 28) << QDate(2026, 5, 2) << 7;
        QTest::newRow("leap years, months") << QDate(2023, 12, 31) << QDate(2024, 3, 1) << 7;
    }
    void dateAxesTickOnTheCalendar()
    {
        QFETCH(QDate, from);
        QFETCH(QDate, to);
        QFETCH(int, maxTicks);
        QDateTimeAxis axis;
        ui::setCalendarRange(&axis, from, to, maxTicks);
        const int ticks = axis.tickCount();
        QVERIFY(ticks >= 2 && ticks <= maxTicks);
        QVERIFY(axis.min().date() <= from.addDays(1) && axis.max().date() > to);
        const qint64 a = axis.min().toMSecsSinceEpoch(), b = axis.max().toMSecsSinceEpoch();
        int step = -1;
        QDate previous;
        for (int k = 0; k < ticks; ++k) {
            const QDate at = QDateTime::fromMSecsSinceEpoch(a + (b - a) * k / (ticks - 1), Qt::UTC).date();
            QVERIFY2(at.day() >= 1 && at.day() <= 5, qPrintable(at.toString(Qt::ISODate)));
            if (k > 0) {
                const int months = (at.year() - previous.year()) * 12 + at.month() - previous.month();
                if (step < 0)
                    step = months;
                QCOMPARE(months, step);
            }
            if (step >= 12 || axis.format() == QLatin1String("yyyy"))
                QCOMPARE(at.month(), 1);
            previous = at;
        }
        QCOMPARE(axis.format(), step >= 12 ? QStringLiteral("yyyy") : QStringLiteral("MMM yyyy"));
    }

    void tflopsBarsAreAsManyAsCanBeRead()
    {
        catalog::ImportRequest request;
        request.path = QStringLiteral(MLTCO_SHARED_DIR "/data/skypilot-v8-lambda-vms.csv");
        request.format = catalog::PriceFileFormat::SkyPilot;
        request.options.provider = QStringLiteral("lambda");
        request.options.observedAt = QDate(2025, 9, 1);
        request.documentPath = m_ui->window->document()->path();
        catalog::ImportProgress progress;
        QVERIFY(catalog::runImport(request, progress));
        page()->refresh();
        auto *view = page()->findChild<ui::ChartView *>(QStringLiteral("tflopsComparisonChart"));
        auto *note = page()->findChild<QLabel *>(QStringLiteral("tflopsCostNote"));
        const auto shownLegibly = [&] {
            QBarSet *set = bars();
            if (!set)
                return -1;
            QList<QRectF> boxes;
            for (QGraphicsItem *item : view->chart()->childItems())
                if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item); text && text->isVisible())
                    boxes << text->sceneBoundingRect();
            if (boxes.size() != set->count())
                return -1; // not placed yet, or a figure left out
            for (qsizetype i = 0; i < boxes.size(); ++i)
                for (qsizetype j = i + 1; j < boxes.size(); ++j)
                    if (boxes[i].intersects(boxes[j]))
                        return -1;
            const double pitch = view->chart()->plotArea().height() / set->count();
            return pitch >= 18 ? static_cast<int>(set->count()) : -1;
        };
        QTRY_VERIFY(shownLegibly() >= 5);
        const int atFirst = shownLegibly();
        QVERIFY2(atFirst < 20, qPrintable(QString::number(atFirst)));
        QTRY_VERIFY2(note->text().contains(QStringLiteral("Showing the %1 cheapest of ").arg(atFirst)),
                     qPrintable(note->text()));
        auto *axis = static_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Vertical).first());
        QCOMPARE(axis->count(), atFirst);

        // A taller window: more of them, the cheapest still on top.
        m_ui->window->resize(1440, 1800);
        QTRY_VERIFY(shownLegibly() > atFirst);
        QTRY_VERIFY(shownLegibly() > 0);
        const int taller = shownLegibly();
        QBarSet *set = bars();
        for (int i = 0; i < set->count(); ++i)
            QVERIFY(set->at(set->count() - 1) <= set->at(i));
        QTRY_VERIFY2(note->text().contains(QStringLiteral("Showing the %1 cheapest of ").arg(taller)) || taller == 20,
                     qPrintable(note->text()));

        // Back to the first size: as many as at first.
        m_ui->window->resize(1440, 900);
        QTRY_COMPARE(shownLegibly(), atFirst);
    }
};

MLTCO_TEST_MAIN(TestPriceHistory)
#include "tst_pricehistory.moc"

// The Risk page driven as a user would: give a parameter a distribution through the form (a bad range is
// refused inline with the reader's message), run the trials in the background (the window keeps answering),
// cancel, and read the probabilities, the fan chart, the histogram and the tornado.
#include "tests/support/testmain.h"
#include "uitestutil.h"
#include "ui/core/theme.h"

#include "ui/charts/chartview.h"
#include "models/analytics/analysis.h"
#include "models/report/format.h"
#include "ui/risk/riskcharts.h"
#include "ui/risk/riskpage.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QCheckBox>
#include <QComboBox>
#include <QChart>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QXYSeries>
#include <QValueAxis>

using namespace mltco;

class TestRiskPage final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_f;
    ui::RiskPage *page() const { return m_f->find<ui::RiskPage>(QStringLiteral("riskPage")); }
    template<typename T>
    T *on(const QString &name) const
    {
        return page()->findChild<T *>(name);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_f = std::make_unique<UiFixture>();
        QVERIFY(m_f->open());
        QFile file(QStringLiteral(MLTCO_TEST_DATA_DIR "/analysis/uncertain-plan.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(m_f->editor()->importPlan(file.readAll()));
        m_f->window->showPage(ui::MainWindow::Risk);
        QTRY_VERIFY(page()->isVisible());
    }

    void cleanup() { m_f.reset(); }

    void editsWhileAnotherPageIsShownAppearOnReturn()
    {
        // The hidden page waits for its next showing to follow the plan (its tornado costs evaluations per input).
        m_f->window->showPage(ui::MainWindow::Dashboard);
        QTRY_VERIFY(!page()->isVisible());
        QList<tco::Uncertainty> fewer = m_f->editor()->plan().uncertainty;
        fewer.removeLast();
        m_f->editor()->setUncertainty(fewer, {});
        m_f->window->showPage(ui::MainWindow::Risk);
        QTRY_COMPARE(on<QTableWidget>(QStringLiteral("uncertaintyTable"))->rowCount(), 3);
    }

    void editorListsThePlansInputsAndAddsOne()
    {
        auto *table = on<QTableWidget>(QStringLiteral("uncertaintyTable"));
        QCOMPARE(table->rowCount(), 4);
        // The input in words, not its plan-file key (which the tooltip gives).
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("Price per instance-hour"));
        QVERIFY(table->item(1, 1)->toolTip().contains(QStringLiteral("rate_per_hour")));
        // The node pool's rate: triangular 15 / 20 / 28.
        auto *target = on<QComboBox>(QStringLiteral("uncertaintyTarget"));
        QVERIFY(UiFixture::choose(target, QStringLiteral("Rented node pool"), Qt::MatchExactly));
        QVERIFY(UiFixture::choose(on<QComboBox>(QStringLiteral("uncertaintyParameter")), QStringLiteral("Price per instance-hour")));
        QVERIFY(UiFixture::choose(on<QComboBox>(QStringLiteral("uncertaintyDistribution")), QStringLiteral("Triangular")));
        QVERIFY(on<QDoubleSpinBox>(QStringLiteral("uncertaintyMode"))->isVisible());
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyLow"))->setValue(28);
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyMode"))->setValue(20);
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyHigh"))->setValue(15);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("addUncertaintyButton")), Qt::LeftButton);
        QVERIFY2(on<QLabel>(QStringLiteral("uncertaintyProblem"))->text().contains(QStringLiteral("needs low <= mode <= high")),
                 qPrintable(on<QLabel>(QStringLiteral("uncertaintyProblem"))->text()));
        QCOMPARE(m_f->editor()->plan().uncertainty.size(), 4); // refused: nothing changed
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyLow"))->setValue(15);
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyHigh"))->setValue(28);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("addUncertaintyButton")), Qt::LeftButton);
        QCOMPARE(on<QLabel>(QStringLiteral("uncertaintyProblem"))->text(), QString());
        QCOMPARE(m_f->editor()->plan().uncertainty.size(), 5);
        QCOMPARE(m_f->editor()->plan().uncertainty[4].target, QStringLiteral("Rented node pool"));
        QCOMPARE(m_f->editor()->plan().uncertainty[4].parameter, tco::ParamId::RatePerHour);
        QCOMPARE(table->rowCount(), 5);
        QVERIFY(!on<ui::ChartView>(QStringLiteral("distributionPreview"))->chart()->series().isEmpty());
        m_f->editor()->undoStack()->undo();
        QCOMPARE(m_f->editor()->plan().uncertainty.size(), 4);
    }

    // The preview draws a bounded distribution over its whole range, meeting the axis at its ends, on an axis of round
    // ticks: triangular 15 / 20 / 28 from (15, 0) up to its peak at 20 and down to (28, 0); a uniform stands on the
    // axis at 15 and 28. (It was cut at the 0.25 % and 99.75 % quantiles, on ticks at the fifths of that range.)
    void thePreviewDrawsABoundedDistributionOverItsWholeRange()
    {
        QVERIFY(UiFixture::choose(on<QComboBox>(QStringLiteral("uncertaintyDistribution")), QStringLiteral("Triangular")));
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyLow"))->setValue(15);
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyHigh"))->setValue(28);
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyMode"))->setValue(20);
        const auto shape = [this] {
            const QList<QAbstractSeries *> series = on<ui::ChartView>(QStringLiteral("distributionPreview"))->chart()->series();
            return series.size() == 1 ? static_cast<QXYSeries *>(series.first())->points() : QList<QPointF>();
        };
        QTRY_VERIFY(!shape().isEmpty() && shape().first() == QPointF(15, 0) && shape().last() == QPointF(28, 0));
        const QList<QPointF> triangle = shape();
        const QPointF peak = *std::max_element(triangle.cbegin(), triangle.cend(),
                                               [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); });
        QVERIFY2(std::abs(peak.x() - 20) < 0.2, qPrintable(QString::number(peak.x())));
        QVERIFY(std::abs(peak.y() - 2.0 / 13) < 0.01); // a triangle's height: 2 / (high - low)
        QVERIFY(triangle[1].y() < 0.01 && triangle[triangle.size() - 2].y() < 0.01);
        auto *axis = static_cast<QValueAxis *>(
            on<ui::ChartView>(QStringLiteral("distributionPreview"))->chart()->axes(Qt::Horizontal).first());
        QVERIFY(axis->min() <= 15 && axis->max() >= 28);
        const double step = (axis->max() - axis->min()) / (axis->tickCount() - 1);
        QVERIFY2(std::abs(std::remainder(axis->min(), step)) < 1e-9, qPrintable(QString::number(axis->min())));

        QVERIFY(UiFixture::choose(on<QComboBox>(QStringLiteral("uncertaintyDistribution")), QStringLiteral("Uniform")));
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyLow"))->setValue(15);
        on<QDoubleSpinBox>(QStringLiteral("uncertaintyHigh"))->setValue(28);
        QTRY_VERIFY(shape().size() > 4 && shape().first() == QPointF(15, 0) && shape().last() == QPointF(28, 0));
        const QList<QPointF> flat = shape();
        QCOMPARE(flat.first(), QPointF(15, 0));
        QCOMPARE(flat[1].x(), 15.0);
        QVERIFY(std::abs(flat[1].y() - 1.0 / 13) < 0.001);
        QCOMPARE(flat.last(), QPointF(28, 0));
    }

    void runShowsProbabilitiesAndCharts()
    {
        on<QSpinBox>(QStringLiteral("trialsSpin"))->setValue(3000);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("runAnalysisButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(page()->result().has_value(), 60000);
        QVERIFY(!page()->isRunning());
        auto *summary = on<QTableWidget>(QStringLiteral("riskSummary"));
        QCOMPARE(summary->rowCount(), 3);
        QCOMPARE(summary->item(0, 0)->text(), QStringLiteral("Cloud, pay per use"));
        QVERIFY(summary->item(0, 6)->text().endsWith(QStringLiteral("%")));
        QCOMPARE(on<QProgressBar>(QStringLiteral("analysisProgress"))->value(), 3000);
        const QChart *fan = on<ui::ChartView>(QStringLiteral("fanChart"))->chart();
        QCOMPARE(fan->series().size(), 6); // a band and a median per scenario
        QVERIFY(qobject_cast<QAreaSeries *>(fan->series().first()));
        QVERIFY(!on<ui::ChartView>(QStringLiteral("histogramChart"))->chart()->series().isEmpty());
        const QChart *tornado = on<ui::ChartView>(QStringLiteral("tornadoChart"))->chart();
        QVERIFY(qobject_cast<QHorizontalStackedBarSeries *>(tornado->series().value(0)));
        QVERIFY(on<QLabel>(QStringLiteral("riskPayback"))->text().contains(QStringLiteral("pays back")));
        // The same seed gives the same answer.
        const double p50 = page()->result()->scenarios[0].total.p50;
        QTest::mouseClick(on<QPushButton>(QStringLiteral("runAnalysisButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning(), 60000);
        QCOMPARE(page()->result()->scenarios[0].total.p50, p50);
        // Stop when settled: fewer trials than asked, and the status says the medians settled.
        on<QSpinBox>(QStringLiteral("trialsSpin"))->setValue(512000);
        on<QCheckBox>(QStringLiteral("convergeCheck"))->setChecked(true);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("runAnalysisButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning(), 60000);
        QVERIFY(page()->result()->trials < 512000);
        QVERIFY(on<QLabel>(QStringLiteral("riskStatus"))->text().contains(QStringLiteral("settled")));
        if (const QByteArray dir = qgetenv("MLTCO_SCREENSHOT_DIR"); !dir.isEmpty())
            m_f->window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/risk.png"));
    }

    void theTornadoFollowsThePlanAndKeepsUncertainInputs()
    {
        // After a run, a plan change moves the tornado at once (its title names the plan's current total), it opens on
        // the option the plan recommends, and an input with a distribution keeps its bar (at the distribution's low
        // and high, model.md §10.10 clarification 10).
        on<QSpinBox>(QStringLiteral("trialsSpin"))->setValue(1000);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("runAnalysisButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(page()->result().has_value() && !page()->isRunning(), 60000);
        auto *scenario = on<QComboBox>(QStringLiteral("tornadoScenario"));
        const int recommended = tco::cheapestMeetingDemand(*m_f->editor()->result());
        QVERIFY(recommended >= 0);
        QCOMPARE(scenario->currentIndex(), recommended);
        const auto title = [this] { return on<ui::ChartView>(QStringLiteral("tornadoChart"))->chart()->title(); };
        const auto totalOf = [this, scenario] {
            return report::moneyWhole(m_f->editor()->result()->scenarios[std::size_t(scenario->currentIndex())].result.total);
        };
        QVERIFY2(title().contains(totalOf()), qPrintable(title()));
        auto *summary = on<QTableWidget>(QStringLiteral("riskSummary"));
        QVERIFY(!ui::theme::isOutOfDate(summary));
        m_f->editor()->setWorkloadValue(tco::ParamId::DemandGpuHours,
                                        m_f->editor()->plan().workload.demandGpuHours * 2);
        QTRY_VERIFY2(title().contains(totalOf()), qPrintable(title() + QStringLiteral(" vs ") + totalOf()));
        // The trials' figures are of the plan before the change: faded and said, until run again.
        QVERIFY(ui::theme::isOutOfDate(summary));
        QVERIFY(ui::theme::isOutOfDate(on<ui::ChartView>(QStringLiteral("fanChart"))));
        QVERIFY(on<QLabel>(QStringLiteral("riskStatus"))->text().contains(QStringLiteral("The plan has changed since")));
        QVERIFY(!ui::theme::isOutOfDate(on<ui::ChartView>(QStringLiteral("tornadoChart")))); // it follows the plan
        QTest::mouseClick(on<QPushButton>(QStringLiteral("runAnalysisButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning() && !ui::theme::isOutOfDate(summary), 60000);
        // Every input the plan gives a distribution has its bar when it moves the total.
        const std::vector<tco::TornadoEntry> live = tco::tornado(m_f->editor()->plan(), *m_f->editor()->result());
        for (const tco::Uncertainty &u : m_f->editor()->plan().uncertainty) {
            const bool barred = std::any_of(live.begin(), live.end(), [&](const tco::TornadoEntry &e) {
                return e.target == u.target && e.parameter == u.parameter;
            });
            QVERIFY2(barred, qPrintable(u.target + QLatin1Char('.') + tco::parameterKey(u.parameter)));
        }
    }

    // The tornado's names fit beside its plot at the window's width, and follow a resize: QtCharts gives that axis
    // two fifths of the chart at most and drew longer names past the chart's edge ("t of one engineer per year"),
    // so they are shortened in the middle to fit. Its last figure ("$10,000") is whole.
    void theTornadosNamesFitBesideItsPlot()
    {
        auto *view = on<ui::ChartView>(QStringLiteral("tornadoChart"));
        const auto fits = [view] {
            const QChart *chart = view->chart();
            const QList<QAbstractAxis *> axes = chart ? chart->axes(Qt::Vertical) : QList<QAbstractAxis *>();
            if (axes.isEmpty())
                return false;
            auto *names = static_cast<QBarCategoryAxis *>(axes.first());
            const QFontMetrics metrics(names->labelsFont());
            for (const QString &name : names->categories())
                if (metrics.horizontalAdvance(name) > chart->plotArea().left())
                    return false;
            return names->count() > 0;
        };
        const auto letters = [view] {
            qsizetype n = 0;
            for (const QString &name :
                 static_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Vertical).first())->categories())
                n += name.size();
            return n;
        };
        QTRY_VERIFY(fits());
        m_f->window->resize(1100, 900);
        QTRY_VERIFY(fits());
        const qsizetype narrow = letters();
        // A wider tornado shows more of each name (and never cuts one at the chart's edge).
        m_f->window->resize(1900, 900);
        QTRY_VERIFY(fits() && letters() > narrow);
    }

    void manyScenariosGetTheirNamesWholeInTheHistogramLegend()
    {
        // Nine scenarios: the legend stands beside the plot, one name a line, not shrunk to "AW… Sa…" below it.
        tco::AnalysisResult r;
        r.trials = 10;
        for (int s = 0; s < 9; ++s)
            r.scenarios.push_back({QStringLiteral("Scenario with a long name %1").arg(s), 0, {}, 0, {}, 0});
        for (int i = 0; i < 10 * 9; ++i)
            r.sampleTotals.push_back(1000.0 + i);
        std::unique_ptr<QChart> chart(ui::risk::histogramChart(r));
        QCOMPARE(chart->legend()->alignment(), Qt::AlignRight);
        QCOMPARE(chart->series().size(), 9);
    }

    void ctrlRRunsTheTrialsFromAnyPage()
    {
        // Analysis › Run the risk trials (Ctrl+R): from the dashboard to the Risk page, running.
        on<QSpinBox>(QStringLiteral("trialsSpin"))->setValue(500);
        m_f->window->showPage(ui::MainWindow::Dashboard);
        QTRY_VERIFY(!page()->isVisible());
        QTest::keySequence(m_f->window.get(), QKeySequence(Qt::CTRL | Qt::Key_R));
        QTRY_VERIFY(page()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(page()->result().has_value() && !page()->isRunning(), 60000);
        QCOMPARE(page()->result()->trials, 500);
    }

    void cancelKeepsTheWindowAnswering()
    {
        on<QSpinBox>(QStringLiteral("trialsSpin"))->setValue(1000000);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("runAnalysisButton")), Qt::LeftButton);
        QVERIFY(page()->isRunning());
        auto *cancel = on<QPushButton>(QStringLiteral("cancelAnalysisButton"));
        QTRY_VERIFY(cancel->isEnabled());
        QTest::qWait(150); // the event loop keeps running meanwhile
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning(), 30000);
        QVERIFY2(on<QLabel>(QStringLiteral("riskStatus"))->text().contains(QStringLiteral("Cancelled")),
                 qPrintable(on<QLabel>(QStringLiteral("riskStatus"))->text()));
        QVERIFY(!page()->result().has_value());
    }
};

MLTCO_TEST_MAIN(TestRiskPage)
#include "tst_riskpage.moc"

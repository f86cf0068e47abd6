// The Fleet plan page (model.md §11.4) driven through its widgets on the bundled growing-team example.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "ui/charts/chartview.h"
#include "ui/fleet/fleetplanpage.h"
#include "ui/core/theme.h"
#include "models/plan/examples.h"

#include <algorithm>

#include <QAbstractSeries>
#include <QAreaSeries>
#include <QFile>
#include <QLineSeries>
#include <QAction>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

using namespace mltco;

class TestFleetPlanPage final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_f;
    ui::FleetPlanPage *page() const { return m_f->find<ui::FleetPlanPage>(QStringLiteral("fleetPlanPage")); }
    template<typename T>
    T *on(const QString &name) const
    {
        return page()->findChild<T *>(name);
    }
    void shot(const QString &name)
    {
        const QString dir = qEnvironmentVariable("MLTCO_FLEET_SHOTS");
        if (dir.isEmpty())
            return;
        QDir().mkpath(dir);
        QTest::qWait(50);
        QVERIFY(m_f->window->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_f = std::make_unique<UiFixture>();
        QVERIFY(m_f->open());
        m_f->window->resize(1440, 900);
        auto *action = m_f->find<QAction>(QStringLiteral("openExample_growing-team"));
        QVERIFY(action);
        action->trigger();
        QTRY_VERIFY(m_f->editor()->plan().optimize.has_value());
        m_f->window->showPage(ui::MainWindow::FleetPlan);
        QTRY_VERIFY(page() && page()->isVisible());
    }

    void cleanup() { m_f.reset(); }

    void theRequestComesFromThePlan()
    {
        // The candidates: the request's ticked first, then the plan's other scenarios of the kind, unticked.
        auto *own = on<QListWidget>(QStringLiteral("fleetOwn"));
        QCOMPARE(own->count(), 2);
        QCOMPARE(own->item(0)->text(), QStringLiteral("On-prem baseline, 1 server"));
        QCOMPARE(own->item(0)->checkState(), Qt::Checked);
        QCOMPARE(own->item(1)->checkState(), Qt::Unchecked);
        auto *reserve = on<QListWidget>(QStringLiteral("fleetReserve"));
        QCOMPARE(reserve->item(0)->text(), QStringLiteral("Reserved 8xA100 cloud, 1-year terms"));
        QCOMPARE(reserve->item(0)->checkState(), Qt::Checked);
        QCOMPARE(on<QComboBox>(QStringLiteral("fleetBurst"))->currentText(), QStringLiteral("GCP on-demand A100, autoscaled"));
        // Only kinds that fit: the burst offers the two elastic scenarios and "none".
        QCOMPARE(on<QComboBox>(QStringLiteral("fleetBurst"))->count(), 3);
        QCOMPARE(on<QSpinBox>(QStringLiteral("fleetEvery"))->value(), 3);
        QCOMPARE(on<QSlider>(QStringLiteral("fleetRisk"))->value(), 0); // mean
        QVERIFY(on<QLabel>(QStringLiteral("fleetRiskLabel"))->text().startsWith(QStringLiteral("Cheapest on average")));
        on<QSlider>(QStringLiteral("fleetRisk"))->setValue(4);
        QVERIFY(on<QLabel>(QStringLiteral("fleetRiskLabel"))->text().contains(QStringLiteral("worst 5 %")));
        const tco::OptimizeRequest r = page()->request();
        QCOMPARE(r.objective, tco::OptimizeObjective::Cvar);
        QCOMPARE(*r.beta, 0.95);
        shot(QStringLiteral("fleet-before"));
    }

    // Before the plan is found (the sample plan asks for none, so the page does not run by itself), each chart says
    // what it will show and how to get it, instead of being a blank box.
    void beforeARunEachChartSaysWhatItWillShow()
    {
        m_f = std::make_unique<UiFixture>();
        QVERIFY(m_f->open());
        QVERIFY(!m_f->editor()->plan().optimize.has_value());
        m_f->window->showPage(ui::MainWindow::FleetPlan);
        QTRY_VERIFY(page() && page()->isVisible());
        QVERIFY(!page()->answer().has_value());
        for (const char *name : {"fleetTimeline", "fleetFrontier"}) {
            const QString title = on<ui::ChartView>(QLatin1String(name))->chart()->title();
            QVERIFY2(title.endsWith(QStringLiteral("(find the fleet plan)")), qPrintable(title));
        }
    }

    void theFirstShowFindsTheAnswer()
    {
        // A newcomer opening the example sees the page working: it runs by itself the first time it is shown.
        QTRY_VERIFY_WITH_TIMEOUT(page()->answer().has_value(), 60000);
        QCOMPARE(page()->answer()->futures.size(), std::size_t(1000));
        QTRY_VERIFY(on<QPushButton>(QStringLiteral("fleetAddToPlan"))->isEnabled());
    }

    void runShowsTheAnswerAndAddsItToThePlan()
    {
        auto *run = on<QPushButton>(QStringLiteral("fleetRun"));
        auto *add = on<QPushButton>(QStringLiteral("fleetAddToPlan"));
        QTRY_VERIFY_WITH_TIMEOUT(page()->answer().has_value() && !page()->isRunning(), 60000); // the first show's own run
        on<QSpinBox>(QStringLiteral("fleetTrials"))->setValue(200);
        QTest::mouseClick(run, Qt::LeftButton);
        QVERIFY(page()->isRunning() || page()->answer());
        shot(QStringLiteral("fleet-during"));
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning(), 60000);
        const tco::OptimizeAnswer &a = *page()->answer();
        QCOMPARE(a.futures.size(), std::size_t(200));
        const QString sentence = on<QLabel>(QStringLiteral("fleetSentence"))->text();
        QVERIFY2(sentence.contains(QStringLiteral("burst the rest to")) && sentence.contains(QStringLiteral("expected")),
                 qPrintable(sentence));
        QCOMPARE(on<QProgressBar>(QStringLiteral("fleetProgress"))->value(), 1000);
        // The answer, then every scenario of the plan under the same futures.
        auto *table = on<QTableWidget>(QStringLiteral("fleetComparison"));
        QCOMPARE(table->rowCount(), 1 + 9);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("The fleet plan"));
        auto *timeline = on<ui::ChartView>(QStringLiteral("fleetTimeline"));
        QVERIFY(timeline->chart()->series().size() >= 3);
        auto *frontier = on<ui::ChartView>(QStringLiteral("fleetFrontier"));
        QVERIFY(!frontier->chart()->series().isEmpty());
        shot(QStringLiteral("fleet-after"));
        m_f->window->resize(1024, 700);
        shot(QStringLiteral("fleet-1024x700"));
        m_f->window->resize(1440, 900);

        // "Add to plan": the two layers and the mix, one undo step.
        QTRY_VERIFY(add->isEnabled());
        const qsizetype before = m_f->editor()->plan().scenarios.size();
        const int steps = m_f->editor()->undoStack()->count();
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_COMPARE(m_f->editor()->plan().scenarios.size(), before + 3);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        const tco::PlanScenario *mix = m_f->editor()->plan().scenario(QStringLiteral("Optimized fleet"));
        QVERIFY(mix && mix->kind() == tco::ScenarioKind::Mix);
        // The dashboard evaluates it like any scenario: the engine's NPV in the plan's own workload.
        QVERIFY(m_f->editor()->result());
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().scenarios.size(), before);
        // The plan changed after the answer: it must be found again before it can be added.
        QVERIFY(!add->isEnabled());
    }

    // model.md §14.4 from the page: a later generation ticked beside the first, the answer by candidate, its bands on
    // the timeline, and "Add to plan" with one scenario per candidate.
    void severalGenerationsAreCandidates()
    {
        QTRY_VERIFY_WITH_TIMEOUT(page()->answer().has_value() && !page()->isRunning(), 60000); // the first show's own run
        const QString first = QStringLiteral("On-prem baseline, 1 server"), later = QStringLiteral("On-prem next generation");
        tco::Plan plan = m_f->editor()->plan();
        tco::PlanScenario next = *plan.scenario(first);
        next.name = later;
        auto &p = std::get<tco::PurchaseScenario>(next.scenario);
        p.servers = 0; // on sale from month 10, twice as fast for 1.7 times the price, 25 % cheaper a year
        p.serverPrice *= 1.7;
        p.speedup *= 2.0;
        p.availableFromMonth = 10;
        p.serverPriceTrend = -0.25;
        for (tco::ParamId id : {tco::ParamId::Servers, tco::ParamId::ServerPrice, tco::ParamId::Speedup,
                                tco::ParamId::AvailableFromMonth, tco::ParamId::ServerPriceTrend})
            tco::setGiven(next.given, id);
        plan.scenarios << next;
        m_f->editor()->apply(plan, QStringLiteral("Add a later generation"));

        auto *own = on<QListWidget>(QStringLiteral("fleetOwn"));
        QTRY_COMPARE(own->count(), 3);
        const QList<QListWidgetItem *> found = own->findItems(later, Qt::MatchExactly);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.front()->checkState(), Qt::Unchecked);
        found.front()->setCheckState(Qt::Checked);
        const tco::OptimizeRequest r = page()->request();
        QCOMPARE(r.own, (QStringList{first, later}));
        QVERIFY(r.ownListed);

        on<QSpinBox>(QStringLiteral("fleetTrials"))->setValue(300);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("fleetRun")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning() && page()->currentAnswer(), 60000);
        const tco::OptimizeAnswer &a = *page()->currentAnswer();
        QVERIFY(!a.plan.purchases.empty());
        // The sentence and the timeline name each generation bought.
        const QString sentence = on<QLabel>(QStringLiteral("fleetSentence"))->text();
        QStringList bands;
        for (QAbstractSeries *series : on<ui::ChartView>(QStringLiteral("fleetTimeline"))->chart()->series())
            bands << series->name();
        for (const tco::FleetPurchase &bought : a.plan.purchases) {
            const QString name = r.own.at(bought.candidate);
            QVERIFY2(sentence.contains(QStringLiteral("of \u201c%1\u201d").arg(name)), qPrintable(sentence));
            QVERIFY2(bands.filter(name).size() == 1, qPrintable(bands.join(QStringLiteral(" | "))));
        }
        shot(QStringLiteral("fleet-generations"));

        auto *add = on<QPushButton>(QStringLiteral("fleetAddToPlan"));
        QTRY_VERIFY(add->isEnabled());
        QTest::mouseClick(add, Qt::LeftButton);
        const tco::Plan &after = m_f->editor()->plan();
        QTRY_VERIFY(after.scenario(QStringLiteral("Optimized fleet")));
        const auto &mix = std::get<tco::MixScenario>(after.scenario(QStringLiteral("Optimized fleet"))->scenario);
        QCOMPARE(mix.layers, (QStringList{QStringLiteral("Optimized fleet \u00b7 own \u00b7 ") + first,
                                          QStringLiteral("Optimized fleet \u00b7 own \u00b7 ") + later,
                                          QStringLiteral("Optimized fleet \u00b7 reserve")}));
        QVERIFY(m_f->editor()->result());
    }

    void twoGenerationsBoughtAreStackedBands()
    {
        // A plan whose answer buys both generations (tests/data/ui/two-generations.json): H100 servers in month 1,
        // B200 servers from month 13. The timeline draws one band per generation bought, the B200's on top of the
        // H100's, each named with the servers it buys, and the sentence names both.
        QFile file(QStringLiteral(MLTCO_TEST_DATA_DIR "/ui/two-generations.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_f->window.reset();
        m_f->window = std::make_unique<ui::MainWindow>();
        QVERIFY(m_f->window->openDocument(m_f->dir.filePath(QStringLiteral("two-generations.mltco")), file.readAll()));
        m_f->window->resize(1440, 900);
        m_f->window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_f->window.get()));
        m_f->window->showPage(ui::MainWindow::FleetPlan);
        QTRY_VERIFY(page() && page()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning() && page()->currentAnswer(), 60000);
        const tco::OptimizeAnswer &a = *page()->currentAnswer();
        const QStringList own = a.request.own;
        QCOMPARE(own, (QStringList{QStringLiteral("8xH100"), QStringLiteral("8xB200")}));
        int bought[2] = {0, 0};
        int firstMonth[2] = {0, 0};
        for (const tco::FleetPurchase &p : a.plan.purchases) {
            QVERIFY(p.candidate == 0 || p.candidate == 1);
            bought[p.candidate] += p.servers;
            if (!firstMonth[p.candidate])
                firstMonth[p.candidate] = p.month;
        }
        QVERIFY2(bought[0] > 0 && bought[1] > 0, "the answer buys both generations");
        QCOMPARE(firstMonth[0], 1);
        QVERIFY(firstMonth[1] >= 13); // the B200 is on sale from month 13

        const QString sentence = on<QLabel>(QStringLiteral("fleetSentence"))->text();
        for (const QString &name : own)
            QVERIFY2(sentence.contains(QStringLiteral("of \u201c%1\u201d").arg(name)), qPrintable(sentence));
        QList<QAreaSeries *> bands;
        for (QAbstractSeries *series : on<ui::ChartView>(QStringLiteral("fleetTimeline"))->chart()->series())
            if (auto *area = qobject_cast<QAreaSeries *>(series); area && !area->name().startsWith(QStringLiteral("Demand")))
                bands << area;
        QCOMPARE(bands.size(), 2);
        QCOMPARE(bands[0]->name(), QStringLiteral("8xH100 (%1 servers)").arg(bought[0]));
        QCOMPARE(bands[1]->name(), QStringLiteral("8xB200 (%1 servers)").arg(bought[1]));
        // Stacked: the B200's band starts where the H100's ends, month by month; it is empty before month 13 and
        // not after.
        const QList<QPointF> h100 = bands[0]->upperSeries()->points(), b200Low = bands[1]->lowerSeries()->points(),
                             b200High = bands[1]->upperSeries()->points();
        QCOMPARE(b200Low.size(), h100.size());
        double later = 0.0;
        for (qsizetype i = 0; i < h100.size(); ++i) {
            QCOMPARE(b200Low[i].y(), h100[i].y());
            const double thick = b200High[i].y() - b200Low[i].y();
            QVERIFY(thick >= 0.0);
            if (b200High[i].x() < firstMonth[1])
                QCOMPARE(thick, 0.0);
            else
                later = std::max(later, thick);
        }
        QVERIFY(later > 0.0);
        // As written, each purchase buys no servers: under the same futures it costs nothing because it serves nothing,
        // and the table says so rather than show a bare $0.
        auto *table = on<QTableWidget>(QStringLiteral("fleetComparison"));
        QVERIFY(table);
        QStringList rows;
        for (int row = 0; row < table->rowCount(); ++row)
            rows << table->item(row, 0)->text();
        QVERIFY2(rows.contains(QStringLiteral("8xH100 (serves 0 % of demand)")) &&
                     rows.contains(QStringLiteral("8xB200 (serves 0 % of demand)")) &&
                     rows.contains(QStringLiteral("H100 cloud on demand, autoscaled")),
                 qPrintable(rows.join(QStringLiteral(" | "))));
        shot(QStringLiteral("fleet-two-generations"));
    }

    // The path a finance lead takes: find the fleet plan, add it, look at every page; close the app and open the
    // document again (the plan saved itself with the mix in it), and look at every page once more.
    void addedPlanGoesThroughEveryPageAndAReopen()
    {
        // A document whose own plan is the example, as it is for a user who started from it.
        const QString path = m_f->dir.filePath(QStringLiteral("team.mltco"));
        const Expected<QByteArray> example = tco::exampleJson(QStringLiteral("growing-team"));
        QVERIFY(example);
        m_f->window.reset();
        m_f->window = std::make_unique<ui::MainWindow>();
        QVERIFY(m_f->window->openDocument(path, *example));
        m_f->window->resize(1440, 900);
        m_f->window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_f->window.get()));
        m_f->window->showPage(ui::MainWindow::FleetPlan);
        QTRY_VERIFY(page() && page()->isVisible());
        auto *add = on<QPushButton>(QStringLiteral("fleetAddToPlan"));
        QTRY_VERIFY_WITH_TIMEOUT(page()->answer().has_value() && !page()->isRunning(), 60000);
        QTRY_VERIFY(add->isEnabled());
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_VERIFY(m_f->editor()->plan().scenario(QStringLiteral("Optimized fleet")));
        const auto visitEveryPage = [&](ui::MainWindow *window) {
            for (int p = 0; p < ui::MainWindow::PageCount; ++p) {
                window->showPage(static_cast<ui::MainWindow::Page>(p));
                QTest::qWait(100);
                QVERIFY(window->isVisible());
            }
            window->showPage(ui::MainWindow::Dashboard);
            QTest::qWait(200);
        };
        visitEveryPage(m_f->window.get());
        if (QTest::currentTestFailed())
            return;
        const auto &result = m_f->editor()->result();
        QVERIFY(result);
        QVERIFY2(std::any_of(result->scenarios.begin(), result->scenarios.end(),
                             [](const tco::EvaluatedScenario &s) { return s.name == QLatin1String("Optimized fleet"); }),
                 "the added mix is evaluated with the others");
        // The summary on the dashboard names a recommendation (it is where the tornado of the two options runs).
        const QList<QLabel *> labels = m_f->window->findChildren<QLabel *>();
        QVERIFY(std::any_of(labels.begin(), labels.end(), [](const QLabel *l) {
            return l->isVisible() && l->text().contains(QStringLiteral("Optimized fleet"));
        }));

        // A restart: the same document in a new window, which opens on the saved plan.
        m_f->window.reset();
        m_f->window = windowOn(path);
        QVERIFY(m_f->window);
        QVERIFY(QTest::qWaitForWindowExposed(m_f->window.get()));
        QTRY_VERIFY(m_f->editor()->plan().scenario(QStringLiteral("Optimized fleet")));
        visitEveryPage(m_f->window.get());
        QVERIFY(m_f->editor()->result());
    }

    // An answer that no longer answers the settings or the plan is shown faded, with Add to plan off until it is found
    // again; an answer added once cannot be added a second time.
    void anOutOfDateAnswerIsMarkedAndCannotBeAdded()
    {
        auto *add = on<QPushButton>(QStringLiteral("fleetAddToPlan"));
        auto *results = on<QWidget>(QStringLiteral("fleetResults"));
        auto *status = on<QLabel>(QStringLiteral("fleetStatus"));
        QVERIFY(results && status);
        QTRY_VERIFY_WITH_TIMEOUT(page()->answer().has_value() && !page()->isRunning(), 60000);
        QTRY_VERIFY(add->isEnabled());
        QVERIFY(!ui::theme::isOutOfDate(results));
        // The risk slider moves: the answer was for the other risk level.
        on<QSlider>(QStringLiteral("fleetRisk"))->setValue(3);
        QVERIFY(!add->isEnabled());
        QVERIFY(ui::theme::isOutOfDate(results));
        QVERIFY(on<ui::ChartView>(QStringLiteral("fleetTimeline"))->chart()->opacity() < 0.5); // drawn faded
        QVERIFY(on<QLabel>(QStringLiteral("fleetSentence"))->graphicsEffect());
        QVERIFY2(status->text().contains(QStringLiteral("settings changed")), qPrintable(status->text()));
        shot(QStringLiteral("fleet-out-of-date"));
        // Found again: current, and it can be added, once.
        on<QSpinBox>(QStringLiteral("fleetTrials"))->setValue(100);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("fleetRun")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning() && add->isEnabled(), 60000);
        QVERIFY(!ui::theme::isOutOfDate(results));
        QCOMPARE(on<ui::ChartView>(QStringLiteral("fleetTimeline"))->chart()->opacity(), 1.0);
        QVERIFY(!on<QLabel>(QStringLiteral("fleetSentence"))->graphicsEffect());
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_VERIFY(m_f->editor()->plan().scenario(QStringLiteral("Optimized fleet")));
        QVERIFY(!add->isEnabled());
        QCOMPARE(add->text(), QStringLiteral("Added"));
        QVERIFY(!ui::theme::isOutOfDate(results)); // adding is not a change that outdates it
        // Another edit of the plan: out of date.
        m_f->editor()->setWorkloadValue(tco::ParamId::Engineers, m_f->editor()->plan().workload.engineers + 1);
        QTRY_VERIFY(ui::theme::isOutOfDate(results));
        QVERIFY(!add->isEnabled());
        QVERIFY2(status->text().contains(QStringLiteral("plan changed")), qPrintable(status->text()));
    }

    // "No uncertain inputs" is said only while it is so: a request on a plan without them says so, and the note goes
    // once an input is given a range (on the Risk page).
    void theNoteOnUncertaintyFollowsThePlan()
    {
        auto *status = on<QLabel>(QStringLiteral("fleetStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(page()->answer().has_value() && !page()->isRunning(), 60000);
        const QString note = QStringLiteral("The plan has no uncertain inputs");
        tco::Plan plan = m_f->editor()->plan();
        plan.uncertainty.clear();
        plan.correlations.clear();
        plan.optimize->everyMonths = 6; // a request of its own: the form shows it afresh
        m_f->editor()->apply(plan, QStringLiteral("no uncertainty"));
        QTRY_VERIFY2(status->text().contains(note), qPrintable(status->text()));
        tco::Uncertainty growth;
        growth.target = QStringLiteral("workload");
        growth.parameter = tco::ParamId::DemandGrowth;
        growth.distribution = tco::DistributionKind::Triangular;
        growth.low = 0.0;
        growth.mode = 0.3;
        growth.high = 0.8;
        plan.uncertainty.append(growth);
        m_f->editor()->apply(plan, QStringLiteral("a range"));
        QTRY_VERIFY2(!status->text().contains(note), qPrintable(status->text()));
    }

    void cancelStopsTheRun()
    {
        QTRY_VERIFY_WITH_TIMEOUT(page()->answer().has_value() && !page()->isRunning(), 60000); // the first show's own run
        on<QSpinBox>(QStringLiteral("fleetTrials"))->setValue(20000);
        QTest::mouseClick(on<QPushButton>(QStringLiteral("fleetRun")), Qt::LeftButton);
        QVERIFY(page()->isRunning());
        QTest::mouseClick(on<QPushButton>(QStringLiteral("fleetCancel")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isRunning(), 60000);
        QCOMPARE(page()->answer()->futures.size(), std::size_t(1000)); // the last answer stays
        QVERIFY2(on<QLabel>(QStringLiteral("fleetStatus"))->text().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(on<QLabel>(QStringLiteral("fleetStatus"))->text()));
    }
};

MLTCO_TEST_MAIN(TestFleetPlanPage)
#include "tst_fleetplanpage.moc"

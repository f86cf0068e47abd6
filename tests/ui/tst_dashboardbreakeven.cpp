// The dashboard's break-even card and chart: the crossing labelled with its server count, the comparison the headline
// asks about (owning against the cheapest cloud option), and what they say when there is nothing to compare.
#include "models/plan/planevaluation.h"
#include "models/report/format.h"
#include "ui/dashboard/kpicard.h"
#include "dashboardtestutil.h"
#include "uitestutil.h"
#include "tests/support/testmain.h"

#include <QComboBox>
#include <QLabel>
#include <QScatterSeries>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

using namespace mltco;
using namespace mltco::test;
using ui::KpiCard;

class TestDashboardBreakEven final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void breakEvenChartLabelsTheEngineCount()
    {
        UiFixture f;
        QVERIFY(f.open());
        const auto &breakeven = f.editor()->result()->breakeven;
        QVERIFY(!breakeven.empty());
        QVERIFY(breakeven.front().result.servers);
        const int servers = *breakeven.front().result.servers;
        const QString label = QStringLiteral("Break-even: %1 servers").arg(servers);

        auto *panel = f.find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel"));
        auto *chart = f.find<ChartView>(QStringLiteral("breakEvenChart"));
        QVERIFY(panel && chart);
        showPlanRequest(panel, 0);
        QVERIFY(panel->marker());
        QCOMPARE(panel->marker()->pointLabelsFormat(), label);
        QCOMPARE(panel->crossingLabel(), label);
        QCOMPARE(panel->marker()->at(0).x(), double(servers));
        QVERIFY(panel->note().startsWith(label));
        QCOMPARE(lineSeries(chart).size(), 3); // buy, rent and the dashed guide at the crossing

        // model.md §9: with the 15 % tier from 5 servers the break-even is 5.
        const int purchase = indexOf(f.editor()->plan(), tco::ScenarioKind::Purchase);
        f.editor()->setBulkDiscounts(purchase, {tco::BulkTier{5, 0.15}});
        QCOMPARE(*f.editor()->result()->breakeven.front().result.servers, 5);
        QTRY_COMPARE(panel->crossingLabel(), QStringLiteral("Break-even: 5 servers"));
    }

    void breakEvenOpensOnTheCheapestCloudOption()
    {
        // The plan asks for its server against a GCP node; the headline's question is owning against the cheapest
        // cloud option that meets the demand. The card and the chart open on that one, named in words.
        UiFixture f;
        QVERIFY(f.open());
        auto *panel = f.find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel"));
        auto *card = f.find<KpiCard>(QStringLiteral("kpiBreakEven"));
        auto *selector = f.find<QComboBox>(QStringLiteral("breakEvenSelector"));
        QVERIFY(panel && card && selector);
        const auto headline = [&f] { return tco::headlineBreakEven(*f.editor()->result()); };
        std::optional<tco::HeadlineBreakEven> h = headline();
        QVERIFY(h && !h->index);
        const QString purchase = h->breakEven.request.purchase;
        const QString cloud = h->breakEven.request.cloud;
        QVERIFY(cloud != f.editor()->plan().breakeven.front().cloud);
        QTRY_COMPARE(selector->currentIndex(), selector->count() - 1);
        QVERIFY2(selector->currentText().contains(cloud) && selector->currentText().contains(QStringLiteral("cheapest")),
                 qPrintable(selector->currentText()));
        QVERIFY2(card->detail().contains(purchase) && card->detail().contains(cloud), qPrintable(card->detail()));
        // The sample plan's cheapest cloud option is pay-per-use: owning against it is a utilization.
        QVERIFY(h->breakEven.result.fleet);
        const tco::FleetBreakEven &fleet = *h->breakEven.result.fleet;
        QCOMPARE(card->value(), fleet.reachable ? QStringLiteral("%1 busy").arg(report::percent(fleet.utilization, 0))
                                                : QStringLiteral("Never"));
        QCOMPARE(panel->view()->chart()->title(), QStringLiteral("Own vs pay-per-use by demand"));

        // Without the pay-per-use options the cheapest cloud option is rented by the box or the node: the card gives
        // the servers at which buying is no dearer, as the chart marks them.
        for (int i = int(f.editor()->plan().scenarios.size()) - 1; i >= 0; --i)
            if (f.editor()->plan().scenarios[i].kind() == tco::ScenarioKind::Elastic)
                f.editor()->removeScenario(i);
        h = headline();
        QVERIFY(h && !h->breakEven.result.fleet);
        QVERIFY2(card->detail().contains(h->breakEven.request.cloud), qPrintable(card->detail()));
        if (h->breakEven.result.servers) {
            QTRY_COMPARE(card->value(), QStringLiteral("%1 servers").arg(*h->breakEven.result.servers));
            QTRY_COMPARE(panel->crossingLabel(), QStringLiteral("Break-even: %1 servers").arg(*h->breakEven.result.servers));
        } else {
            QTRY_COMPARE(card->value(), QStringLiteral("Never"));
        }
        QCOMPARE(selector->currentIndex(), h->index ? int(*h->index) : selector->count() - 1);
    }

    void breakEvenWithoutRequestOrCrossingIsExplained()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *panel = f.find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel"));
        auto *empty = f.find<QLabel>(QStringLiteral("breakEvenEmpty"));
        QVERIFY(panel && empty);

        // A server price nobody would pay: buying never gets cheaper.
        showPlanRequest(panel, 0);
        const int purchase = indexOf(f.editor()->plan(), tco::ScenarioKind::Purchase);
        f.editor()->setScenarioValue(purchase, tco::ParamId::ServerPrice, 5'000'000);
        QTRY_VERIFY(!panel->marker());
        QVERIFY(panel->note().contains(QStringLiteral("never gets cheaper")));

        // Without a break-even request the chart still shows owning against the cheapest cloud option.
        f.editor()->setBreakEven({});
        QTRY_COMPARE(f.find<QComboBox>(QStringLiteral("breakEvenSelector"))->count(), 1);
        QVERIFY(!empty->isVisible());
        auto *card = f.find<KpiCard>(QStringLiteral("kpiBreakEven"));
        QVERIFY2(card->detail().contains(QStringLiteral("instead of renting the cheapest cloud option")),
                 qPrintable(card->detail()));

        // With no cloud option at all there is nothing to compare with, and the chart says so.
        for (int i = int(f.editor()->plan().scenarios.size()) - 1; i >= 0; --i)
            if (f.editor()->plan().scenarios[i].kind() != tco::ScenarioKind::Purchase)
                f.editor()->removeScenario(i);
        QTRY_VERIFY(empty->isVisible());
        QVERIFY(!f.find<ChartView>(QStringLiteral("breakEvenChart"))->isVisible());
        QTRY_COMPARE(card->value(), QStringLiteral("—"));
    }
};

MLTCO_TEST_MAIN(TestDashboardBreakEven)
#include "tst_dashboardbreakeven.moc"

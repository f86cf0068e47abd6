// The dashboard's break-even card and chart: the crossing labelled with its server count, the comparison the headline
// asks about (owning against the cheapest cloud option), and what they say when there is nothing to compare.
#include "models/plan/planevaluation.h"
#include "models/report/format.h"
#include "models/report/reportdata.h"
#include "ui/dashboard/kpicard.h"
#include "dashboardtestutil.h"
#include "uitestutil.h"
#include "tests/support/testmain.h"

#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
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
        // The sentence under the chart is the one every other place says.
        QCOMPARE(panel->note(), report::breakEvenSentence(breakeven.front(), f.editor()->plan().workload.horizonMonths));
        QVERIFY2(panel->note().startsWith(QStringLiteral("Buying %1 or more servers").arg(servers)), qPrintable(panel->note()));
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
        QTRY_COMPARE(selector->currentIndex(), panel->headlineIndex());
        QVERIFY(panel->isAgainstCounterpart(selector->currentIndex()));
        QVERIFY2(selector->currentText().contains(cloud) && selector->currentText().contains(QStringLiteral("cheapest")),
                 qPrintable(selector->currentText()));
        QVERIFY2(card->detail().contains(purchase) && card->detail().contains(cloud), qPrintable(card->detail()));
        // The card and the chart tell one story, and say which counterpart it is against.
        const QString sentence = report::breakEvenSentence(h->breakEven, f.editor()->plan().workload.horizonMonths);
        // The card says it short and names the counterpart; its tooltip says the chart's whole sentence.
        QVERIFY2(card->detail().startsWith(QStringLiteral("%1 against %2 (the cheapest cloud option): ").arg(purchase, cloud)),
                 qPrintable(card->detail()));
        QVERIFY2(card->toolTip().startsWith(sentence.toHtmlEscaped()), qPrintable(card->toolTip()));
        QVERIFY2(panel->note().startsWith(sentence), qPrintable(panel->note()));
        QVERIFY2(card->toolTip().contains(QStringLiteral("Owning is measured against %1, the cheapest cloud option that "
                                                         "meets the demand.")
                                              .arg(cloud)),
                 qPrintable(card->toolTip()));
        QVERIFY(!card->detail().contains(QStringLiteral("of what the servers can do")));
        // The sample plan's cheapest cloud option is pay-per-use: owning against it is a utilization.
        QVERIFY(h->breakEven.result.fleet);
        const tco::FleetBreakEven &fleet = *h->breakEven.result.fleet;
        QCOMPARE(card->value(), fleet.reachable ? QStringLiteral("%1 busy").arg(report::percent(fleet.utilization, 0))
                                                : QStringLiteral("Never"));
        QCOMPARE(panel->view()->chart()->title(), QStringLiteral("Own vs pay-per-use by demand"));
        // Its demand ticks are grouped by thousands, as the note above it writes them ("20,000", never "20000").
        QStringList ticks;
        for (QGraphicsItem *item : panel->view()->scene()->items())
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
                ticks << text->toPlainText();
        QVERIFY2(ticks.contains(QStringLiteral("10,000")) && !ticks.contains(QStringLiteral("10000")),
                 qPrintable(ticks.join(QStringLiteral(" | "))));

        // Without the pay-per-use options the cheapest cloud option is rented by the box or the node: the card gives
        // the servers at which buying is no dearer, as the chart marks them.
        for (int i = int(f.editor()->plan().scenarios.size()) - 1; i >= 0; --i)
            if (f.editor()->plan().scenarios[i].kind() == tco::ScenarioKind::Elastic)
                f.editor()->removeScenario(i);
        h = headline();
        QVERIFY(h && !h->breakEven.result.fleet);
        QVERIFY2(card->detail().contains(h->breakEven.request.cloud), qPrintable(card->detail()));
        if (h->breakEven.result.servers) {
            QTRY_COMPARE(card->value(), h->breakEven.result.staysCheaper
                                            ? QStringLiteral("%1+ servers").arg(*h->breakEven.result.servers)
                                            : QStringLiteral("%1 servers").arg(*h->breakEven.result.servers));
            QTRY_COMPARE(panel->crossingLabel(), QStringLiteral("Break-even: %1 servers").arg(*h->breakEven.result.servers));
        } else {
            QTRY_COMPARE(card->value(), QStringLiteral("Never"));
        }
        QCOMPARE(selector->currentIndex(), panel->headlineIndex());
    }

    // Any purchase can be chosen: the chart lists each against the same counterpart, and the card follows the choice.
    void everyPurchaseCanBeChosen()
    {
        UiFixture f;
        QVERIFY(f.open());
        const int first = indexOf(f.editor()->plan(), tco::ScenarioKind::Purchase);
        const qsizetype before = f.editor()->plan().scenarios.size();
        f.editor()->duplicateScenario(first);
        QCOMPARE(f.editor()->plan().scenarios.size(), before + 1);
        int second = -1;
        for (int i = 0; i < int(f.editor()->plan().scenarios.size()); ++i)
            if (i != first && f.editor()->plan().scenarios[i].kind() == tco::ScenarioKind::Purchase)
                second = i;
        QVERIFY(second >= 0);
        f.editor()->setScenarioValue(second, tco::ParamId::Servers, 3);
        const QString secondName = f.editor()->plan().scenarios[second].name;
        auto *panel = f.find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel"));
        auto *card = f.find<KpiCard>(QStringLiteral("kpiBreakEven"));
        auto *selector = f.find<QComboBox>(QStringLiteral("breakEvenSelector"));
        QVERIFY(panel && card && selector);
        const tco::OwningCounterpart counterpart = tco::owningCounterpart(*f.editor()->result());
        const QString cloud = f.editor()->result()->scenarios[std::size_t(counterpart.cloud)].name;
        QTRY_VERIFY(selector->findText(secondName + QStringLiteral(" vs ") + cloud, Qt::MatchStartsWith) >= 0);
        QVERIFY(!card->detail().contains(secondName));
        QVERIFY(UiFixture::choose(selector, secondName + QStringLiteral(" vs ") + cloud));
        QTRY_VERIFY2(card->detail().contains(secondName), qPrintable(card->detail()));
        QVERIFY(card->detail().contains(cloud));
        // The note is the sentence; the PDF's caption adds the counterpart it is against, which the note's tooltip says.
        QCOMPARE(panel->caption(selector->currentIndex()), panel->note() + QLatin1Char(' ') +
                                                               panel->findChild<QLabel *>(QStringLiteral("breakEvenNote"))->toolTip());
        QVERIFY(panel->caption(selector->currentIndex()).contains(QStringLiteral("the cheapest cloud option that meets")));
        QVERIFY(card->toolTip().startsWith(report::breakEvenSentence(panel->comparison(selector->currentIndex()),
                                                                     f.editor()->plan().workload.horizonMonths)
                                               .toHtmlEscaped()));
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
        QVERIFY2(panel->note().startsWith(QStringLiteral("Renting GCP 8xA100 node costs less than buying any number of "
                                                         "servers")),
                 qPrintable(panel->note()));

        // Without a break-even request the chart still shows owning against the cheapest cloud option.
        f.editor()->setBreakEven({});
        QTRY_COMPARE(f.find<QComboBox>(QStringLiteral("breakEvenSelector"))->count(), 1);
        QVERIFY(!empty->isVisible());
        auto *card = f.find<KpiCard>(QStringLiteral("kpiBreakEven"));
        QVERIFY2(card->toolTip().contains(QStringLiteral("(the cheapest cloud option that meets the demand)")),
                 qPrintable(card->toolTip()));

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

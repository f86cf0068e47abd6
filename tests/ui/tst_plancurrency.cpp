// A plan in euros, driven through the real widgets (model.md §13): the Scenarios page's currency picker, one undoable
// step; a catalog price in dollars converted at the ECB rate of its day and saying so; every money unit, card and
// total of the dashboard in euros; undo back to dollars.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/catalog/importers/ecbrates.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "ui/dashboard/kpicard.h"

#include <QLabel>

#include <cmath>

using namespace mltco;

namespace {

const QString kAws = QStringLiteral("AWS p3.8xlarge per engineer");
constexpr double kUsdPerEurOn20231101 = 1.0537; // the ECB's rate of the seed price's day (tests/data/fx)

} // namespace

class TestPlanCurrency final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aEuroPlanShowsEurosEverywhere()
    {
        UiFixture f;
        QVERIFY(f.open());
        // The ECB's rates in the document, and the AWS scenario priced by the catalog ($12.24 on 2023-11-01).
        QVERIFY(catalog::importEcbRates(f.editor()->document().database(),
                                        QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip")));
        f.editor()->reevaluate();
        f.editor()->clearScenarioValue(f.indexOf(kAws), tco::ParamId::RatePerHour);
        const double usdTotal = f.editor()->result()->scenarios.front().result.total;
        QVERIFY(std::abs(usdTotal - 4 * 12.24 * 730 * 36) < 1e-6);

        f.window->showPage(ui::MainWindow::Scenarios);
        auto *currency = f.onScenarios<QComboBox>(QStringLiteral("planCurrency"));
        QVERIFY(currency);
        QCOMPARE(currency->currentData().toString(), QStringLiteral("USD"));
        const int undoBefore = f.editor()->undoStack()->count();
        QVERIFY(UiFixture::choose(currency, QStringLiteral("EUR")));
        QCOMPARE(f.editor()->plan().currency, QStringLiteral("EUR"));
        QCOMPARE(f.editor()->undoStack()->count(), undoBefore + 1);
        QCOMPARE(f.editor()->undoStack()->undoText(), QStringLiteral("Plan currency EUR"));

        // The dollar price converted at the rate of its day, and the page says which rate.
        const tco::PlanResult &euros = *f.editor()->result();
        QCOMPARE(euros.currency, QStringLiteral("EUR"));
        const double eurTotal = euros.scenarios.front().result.total;
        QVERIFY2(std::abs(eurTotal - usdTotal / kUsdPerEurOn20231101) < 1e-6 * eurTotal,
                 qPrintable(QString::number(eurTotal, 'f', 4)));
        auto *note = f.onScenarios<QLabel>(QStringLiteral("planCurrencyNote"));
        QVERIFY(note);
        QTRY_VERIFY2(note->text().contains(QLatin1String("1.0537 USD per EUR (2023-11-01, ECB)")),
                     qPrintable(note->text()));
        QVERIFY(f.select(kAws));
        auto *unit = f.onScenarios<QLabel>(QStringLiteral("unit_rate_per_hour"));
        QVERIFY(unit);
        QTRY_COMPARE(unit->text(), QStringLiteral("EUR/hour"));

        // The dashboard's cards are in euros, to the cent of the engine's figure.
        f.window->showPage(ui::MainWindow::Dashboard);
        auto *card = f.find<ui::KpiCard>(QStringLiteral("kpiTotal_0"));
        QVERIFY(card);
        QTRY_COMPARE(card->value(), report::moneyCompact(eurTotal, u"EUR"));
        QVERIFY(card->value().startsWith(QStringLiteral("\u20ac")));
        auto *cheapest = f.find<ui::KpiCard>(QStringLiteral("kpiCheapest"));
        QVERIFY(cheapest && cheapest->value().startsWith(QStringLiteral("\u20ac")));
        QVERIFY(!cheapest->value().contains(QLatin1Char('$')));

        // Undo: dollars again, everywhere.
        QTest::keyClick(f.window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(f.editor()->plan().currency, QStringLiteral("USD"));
        QTRY_COMPARE(card->value(), report::moneyCompact(usdTotal));
        f.window->showPage(ui::MainWindow::Scenarios);
        QTRY_COMPARE(currency->currentData().toString(), QStringLiteral("USD"));
        QTRY_COMPARE(unit->text(), QStringLiteral("USD/hour"));
    }

    // Without a rate for the price's day the scenario is left out and the page says why, naming the currency.
    void aMissingRateLeavesTheScenarioOutInWords()
    {
        UiFixture f;
        QVERIFY(f.open());
        f.editor()->clearScenarioValue(f.indexOf(kAws), tco::ParamId::RatePerHour);
        f.editor()->setCurrency(QStringLiteral("GBP"));
        const tco::PlanResult &result = *f.editor()->result();
        QVERIFY(!result.atPlanPosition(static_cast<std::size_t>(f.indexOf(kAws))));
        const tco::LeftOut *out = result.leftOutAt(static_cast<std::size_t>(f.indexOf(kAws)));
        QVERIFY(out);
        QVERIFY2(out->problems.join(QLatin1Char('\n')).contains(QLatin1String("is in USD and the plan in GBP")),
                 qPrintable(out->problems.join(QLatin1Char('\n'))));
        // The others state their own rates and are evaluated, in pounds.
        QVERIFY(!result.scenarios.empty());
        QCOMPARE(result.currency, QStringLiteral("GBP"));
    }
};

MLTCO_TEST_MAIN(TestPlanCurrency)
#include "tst_plancurrency.moc"

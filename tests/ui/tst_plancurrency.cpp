// A plan in euros, driven through the real widgets (model.md §13): the Scenarios page's currency picker, one undoable
// step; a catalog price in dollars converted at the ECB rate of its day and saying so; every money unit, card and
// total of the dashboard in euros; undo back to dollars.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/catalog/fxrates.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/store/workerconnection.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "ui/catalog/catalogpage.h"
#include "ui/charts/chartview.h"
#include "ui/catalog/ratesview.h"
#include "ui/dashboard/kpicard.h"

#include <QChart>
#include <QDateEdit>
#include <QPushButton>
#include <QTabWidget>

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

        // The Risk page's inputs name their units in the plan's currency.
        f.window->showPage(ui::MainWindow::Risk);
        auto *target = f.find<QComboBox>(QStringLiteral("uncertaintyTarget"));
        auto *parameter = f.find<QComboBox>(QStringLiteral("uncertaintyParameter"));
        QVERIFY(target && parameter);
        QVERIFY(UiFixture::choose(target, kAws, Qt::MatchContains));
        QTRY_VERIFY(parameter->findText(QStringLiteral("(EUR/hour)"), Qt::MatchContains) >= 0);
        QCOMPARE(parameter->findText(QStringLiteral("USD"), Qt::MatchContains), -1);

        // Undo: dollars again, everywhere.
        f.window->showPage(ui::MainWindow::Dashboard);
        QTest::keyClick(f.window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(f.editor()->plan().currency, QStringLiteral("USD"));
        QTRY_COMPARE(card->value(), report::moneyCompact(usdTotal));
        f.window->showPage(ui::MainWindow::Scenarios);
        QTRY_COMPARE(currency->currentData().toString(), QStringLiteral("USD"));
        QTRY_COMPARE(unit->text(), QStringLiteral("USD/hour"));
    }

    // The Catalog page's Exchange rates tab: empty at first and saying what to do; the ECB's history imported (the
    // plan re-priced at once); a rate typed in refused inline until it has a number and a source.
    void theRatesTabImportsAndTakesARateByHand()
    {
        UiFixture f;
        QVERIFY(f.open());
        f.editor()->clearScenarioValue(f.indexOf(kAws), tco::ParamId::RatePerHour);
        f.editor()->setCurrency(QStringLiteral("EUR"));
        QVERIFY(!f.editor()->result()->atPlanPosition(static_cast<std::size_t>(f.indexOf(kAws)))); // no rate yet

        f.window->showPage(ui::MainWindow::Catalog);
        auto *tabs = f.find<QTabWidget>(QStringLiteral("catalogTabs"));
        auto *rates = f.find<ui::RatesView>(QStringLiteral("ratesView"));
        QVERIFY(tabs && rates);
        tabs->setCurrentWidget(rates);
        auto *summary = rates->findChild<QLabel *>(QStringLiteral("ratesSummary"));
        QVERIFY(summary->text().contains(QLatin1String("No exchange rates yet")));

        QVERIFY(rates->importFile(QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip")));
        QVERIFY2(summary->text().contains(QLatin1String("217,555 rates of 41 currencies")), qPrintable(summary->text()));
        auto *message = rates->findChild<QLabel *>(QStringLiteral("ratesMessage"));
        QVERIFY(message->isVisible() && message->text().contains(QLatin1String("217555 added")));
        // The plan is priced again at once: the AWS scenario is back, in euros.
        const tco::EvaluatedScenario *aws =
            f.editor()->result()->atPlanPosition(static_cast<std::size_t>(f.indexOf(kAws)));
        QVERIFY(aws);
        QVERIFY(std::abs(aws->result.total - 4 * 12.24 * 730 * 36 / kUsdPerEurOn20231101) < 1e-6 * aws->result.total);

        // A rate typed in: refused without a number, then without a source, then added.
        auto *code = rates->findChild<QLineEdit *>(QStringLiteral("addRateCurrency"));
        auto *date = rates->findChild<QDateEdit *>(QStringLiteral("addRateDate"));
        auto *value = rates->findChild<QLineEdit *>(QStringLiteral("addRateValue"));
        auto *source = rates->findChild<QLineEdit *>(QStringLiteral("addRateSource"));
        auto *add = rates->findChild<QPushButton *>(QStringLiteral("addRateButton"));
        QVERIFY(code && date && value && source && add);
        QTest::keyClicks(code, QStringLiteral("chf"));
        date->setDate(QDate(2026, 5, 4));
        QTest::keyClicks(value, QStringLiteral("abc"));
        QTest::mouseClick(add, Qt::LeftButton);
        QVERIFY(message->text().contains(QLatin1String("must be a number above 0")));
        value->clear();
        QTest::keyClicks(value, QStringLiteral("0.9301"));
        QTest::mouseClick(add, Qt::LeftButton);
        QVERIFY2(message->text().contains(QLatin1String("needs its source")), qPrintable(message->text()));
        QTest::keyClicks(source, QStringLiteral("Treasury desk"));
        QTest::mouseClick(add, Qt::LeftButton);
        QVERIFY2(message->text().startsWith(QLatin1String("Added the rate of CHF on 2026-05-04")),
                 qPrintable(message->text()));
        auto *currency = rates->findChild<QComboBox *>(QStringLiteral("ratesCurrency"));
        QCOMPARE(currency->currentData().toString(), QStringLiteral("CHF"));
        auto *chart = rates->findChild<ui::ChartView *>(QStringLiteral("ratesChart"));
        QVERIFY(chart && chart->chart()->title().contains(QLatin1String("0.9301 on 2026-05-04 (fx:Treasury desk)")));

        // A rate another program (or a colleague on a team store) adds appears without a restart: the page's watch
        // over the document sees the change and the tab reads the rates again.
        {
            store::WorkerConnection other(f.editor()->document().path());
            QVERIFY2(other.errorString().isEmpty(), qPrintable(other.errorString()));
            QVERIFY(catalog::addRateByHand(other.database(),
                                           catalog::FxQuote{QStringLiteral("XAU"), QDate(2026, 5, 4), 0.00029, {}},
                                           QStringLiteral("Bullion desk")));
        }
        QTRY_VERIFY_WITH_TIMEOUT(currency->findData(QStringLiteral("XAU")) >= 0, 10000);
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

// A plan in euros, driven through the real widgets (model.md §13): the Scenarios page's currency picker, one undoable
// step; a catalog price in dollars converted at the ECB rate of its day and saying so; every money unit, card and
// total of the dashboard in euros; undo back to dollars.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/catalog/fxrates.h"
#include "models/plan/currencyswitch.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/store/workerconnection.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "ui/catalog/catalogpage.h"
#include "ui/charts/chartview.h"
#include "ui/catalog/ratesview.h"
#include "ui/dashboard/kpicard.h"

#include <QAbstractButton>
#include <QCategoryAxis>
#include <QChart>
#include <QMessageBox>
#include <QTimer>
#include <QDateEdit>
#include <QPushButton>
#include <QTabWidget>

#include <QLabel>

#include <algorithm>
#include <cmath>

using namespace mltco;

namespace {

const QString kAws = QStringLiteral("AWS p3.8xlarge per engineer");
constexpr double kUsdPerEurOn20231101 = 1.0537; // the ECB's rate of the seed price's day (tests/data/fx)

} // namespace

class TestPlanCurrency final : public QObject
{
    Q_OBJECT

    QString m_question; // the currency question's text, as last asked

    // Answers the currency question, when it comes, with the button named `button` (or Cancel when empty).
    void answerCurrencyQuestion(const QString &button)
    {
        QTimer::singleShot(0, this, [this, button] {
            QTRY_VERIFY(qobject_cast<QMessageBox *>(QApplication::activeModalWidget()));
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QCOMPARE(box->objectName(), QStringLiteral("currencySwitchQuestion"));
            m_question = box->text() + QLatin1Char('\n') + box->informativeText();
            for (QAbstractButton *b : box->buttons())
                m_question += QLatin1Char('\n') + b->text();
            if (button.isEmpty())
                box->button(QMessageBox::Cancel)->click();
            else
                box->findChild<QPushButton *>(button)->click();
        });
    }

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
        // Asked whether to convert the plan's own amounts: here the figures are kept (the catalog's price converts by
        // itself, which is what this test follows).
        answerCurrencyQuestion(QStringLiteral("currencyRelabel"));
        QVERIFY(UiFixture::choose(currency, QStringLiteral("EUR")));
        QTRY_COMPARE(f.editor()->plan().currency, QStringLiteral("EUR"));
        f.window->activateWindow(); // the offscreen platform gives the activation back to no window by itself
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
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
        // Every money axis of the dashboard keeps the euro's sign on its ticks (a printf format cannot hold it).
        for (const char *name : {"cumulativeChart", "categoryChart", "breakEvenChart"}) {
            auto *view = f.find<ui::ChartView>(QLatin1String(name));
            QVERIFY(view);
            QStringList ticks;
            for (QAbstractAxis *axis : view->chart()->axes())
                if (auto *labelled = qobject_cast<QCategoryAxis *>(axis))
                    ticks << labelled->categoriesLabels();
            QVERIFY2(!ticks.isEmpty() && std::all_of(ticks.begin(), ticks.end(),
                                                     [](const QString &t) { return t.contains(QStringLiteral("\u20ac")); }),
                     qPrintable(QLatin1String(name) + QStringLiteral(": ") + ticks.join(QStringLiteral(" | "))));
        }

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

    // A plan's own amounts are never relabelled in silence: choosing euros asks, converting is the default at the ECB's
    // rate of a stated day (written beside each amount, defaults included), keeping the figures is said for what it
    // is, and Cancel changes nothing. Without a rate, only keeping the figures or cancelling is offered.
    void changingTheCurrencyAsksAndConvertsAtAStatedRate()
    {
        UiFixture f;
        QVERIFY(f.open());
        f.window->showPage(ui::MainWindow::Scenarios);
        auto *currency = f.onScenarios<QComboBox>(QStringLiteral("planCurrency"));
        QVERIFY(currency);
        const QString onPrem = QStringLiteral("On-prem 8xA100, 1 server");
        const auto purchase = [&] { return std::get<tco::PurchaseScenario>(f.scenario(onPrem).scenario); };
        QCOMPARE(purchase().serverPrice, 150000.0);
        QVERIFY(!tco::isGiven(f.scenario(onPrem).given, tco::ParamId::ElectricityPerKwh)); // a default

        // No rates in the document yet: converting cannot be offered; Cancel leaves the plan in dollars.
        answerCurrencyQuestion({});
        UiFixture::choose(currency, QStringLiteral("EUR")); // cancelled: the picker goes back to dollars
        QTRY_VERIFY2(m_question.contains(QStringLiteral("There is no exchange rate")), qPrintable(m_question));
        QCOMPARE(f.editor()->plan().currency, QStringLiteral("USD"));
        QTRY_COMPARE(currency->currentData().toString(), QStringLiteral("USD"));

        // With the ECB's history: converted at its latest rate, $150,000 becomes €150,000 ÷ (USD per EUR).
        QVERIFY(catalog::importEcbRates(f.editor()->document().database(),
                                        QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip")));
        QString why;
        const std::optional<tco::CurrencyConversion> c = f.editor()->conversionTo(QStringLiteral("EUR"), &why);
        QVERIFY2(c, qPrintable(why));
        QCOMPARE(c->source, QStringLiteral("ECB"));
        const Expected<catalog::RateTable> table = catalog::readRateTable(f.editor()->document().database());
        QVERIFY(table);
        const Expected<catalog::FxRate> direct = table->rate(QStringLiteral("EUR"), QStringLiteral("USD"), c->day);
        QVERIFY(direct);
        QVERIFY(std::abs(c->rate * direct->rate - 1.0) < 1e-12); // EUR per USD is 1 ÷ USD per EUR, the same day
        const int steps = f.editor()->undoStack()->count();
        answerCurrencyQuestion(QStringLiteral("currencyConvert"));
        QVERIFY(UiFixture::choose(currency, QStringLiteral("EUR")));
        QTRY_COMPARE(f.editor()->plan().currency, QStringLiteral("EUR"));
        QVERIFY2(m_question.contains(QStringLiteral("Convert at %1").arg(tco::conversionInWords(*c))), qPrintable(m_question));
        QVERIFY2(m_question.contains(QStringLiteral("$250,000.00 would read as")) ||
                     m_question.contains(QStringLiteral("Keeping the figures makes $250,000.00 read as €250,000.00")),
                 qPrintable(m_question));
        QCOMPARE(f.editor()->undoStack()->count(), steps + 1);
        QCOMPARE(purchase().serverPrice, 150000.0 * c->rate);
        QCOMPARE(purchase().facilitiesPerServerYear, 3000.0 * c->rate);
        QCOMPARE(purchase().electricityPerKwh, 0.12 * c->rate);
        QVERIFY(tco::isGiven(f.scenario(onPrem).given, tco::ParamId::ElectricityPerKwh));
        const QString said = f.scenario(onPrem).assumptions.value(QStringLiteral("server_price"));
        QVERIFY2(said.contains(QStringLiteral("$150,000")) && said.contains(c->day.toString(Qt::ISODate)) &&
                     said.contains(QStringLiteral("ECB")),
                 qPrintable(said));
        QVERIFY2(f.scenario(onPrem).assumptions.value(QStringLiteral("electricity_per_kwh")).startsWith(
                     QStringLiteral("The default $0.12, converted at")),
                 qPrintable(f.scenario(onPrem).assumptions.value(QStringLiteral("electricity_per_kwh"))));
        // The form shows euros, and says where the figure came from.
        QVERIFY(f.select(onPrem));
        QTRY_COMPARE(f.onScenarios<QLabel>(QStringLiteral("unit_server_price"))->text(), QStringLiteral("EUR"));
        // One undo: dollars and the typed figures back.
        f.editor()->undoStack()->undo();
        QCOMPARE(f.editor()->plan().currency, QStringLiteral("USD"));
        QCOMPARE(purchase().serverPrice, 150000.0);
        QVERIFY(!tco::isGiven(f.scenario(onPrem).given, tco::ParamId::ElectricityPerKwh));

        // Keeping the figures: euros, the same numbers.
        answerCurrencyQuestion(QStringLiteral("currencyRelabel"));
        QVERIFY(UiFixture::choose(currency, QStringLiteral("EUR")));
        QTRY_COMPARE(f.editor()->plan().currency, QStringLiteral("EUR"));
        QCOMPARE(purchase().serverPrice, 150000.0);
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

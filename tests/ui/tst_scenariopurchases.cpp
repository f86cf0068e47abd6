// The Scenarios page's purchases through its real widgets on the sample plan: the purchase schedule, demand that
// follows the engineers, assumptions without effect, the plan's electricity price, a catalog GPU, financing compared
// and chosen, a growing team told its demand does not follow, and reserved terms and mix layers.
#include "tests/support/testmain.h"
#include "scenariostestutil.h"

class TestScenarioPurchases final : public ScenariosTest
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init() { openOnScenarios(); }

    void cleanup() { m_f.reset(); }

    void purchaseScheduleIsEditedInATable()
    {
        // model.md §11.1: a schedule of later purchases, added in one click (one undo step), refused inline when a
        // month lies beyond what the lead time lets serve, and each purchase a cohort of its own.
        QVERIFY(select(kOnPrem));
        auto *table = find<QTableWidget>(QStringLiteral("param_purchases"));
        auto *add = find<QPushButton>(QStringLiteral("addPurchaseButton"));
        auto *note = find<QLabel>(QStringLiteral("purchasesSummary"));
        QVERIFY(table && add && note);
        QCOMPARE(table->rowCount(), 0);
        const auto schedule = [this] { return std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).purchases; };
        const int steps = m_f->editor()->undoStack()->count();
        QTRY_VERIFY(add->height() > 0); // the form is laid out (the scroll area sizes it after an event loop pass)
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_COMPARE(table->rowCount(), 1);
        QCOMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{13, 1}}));
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QVERIFY2(note->text().contains(QStringLiteral("1 in month 13")), qPrintable(note->text()));
        const tco::EvaluatedScenario *onPrem =
            m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(m_f->indexOf(kOnPrem)));
        QVERIFY(onPrem);
        QCOMPARE(onPrem->result.cohorts.size(), std::size_t(2));
        QCOMPARE(onPrem->result.cohorts[1].month, 13);

        const auto editCell = [table](int row, int column, const QString &text) {
            UiFixture::typeInCell(table, row, column, text);
        };
        // With a 6-month lead time, month 30 is the last a 36-month plan can buy in and still serve.
        type(find<QLineEdit>(QStringLiteral("param_lead_time_months")), QStringLiteral("6"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).leadTimeMonths, 6);
        editCell(0, 0, QStringLiteral("32"));
        auto *error = find<QLabel>(QStringLiteral("error_purchases"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("a whole month from 1 to 30 (bought later, the 6-month lead "
                                                       "time would bring the servers into service after the "
                                                       "36-month horizon)")),
                 qPrintable(error->text()));
        QCOMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{13, 1}}));
        editCell(0, 0, QStringLiteral("25"));
        QTRY_COMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{25, 1}}));
        QVERIFY(!error->isVisible());
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{13, 1}}));
    }

    void demandCanFollowTheNumberOfEngineers()
    {
        // 730 reference GPU-hours a month per engineer: the team's demand becomes 4 × 730 = 2,920 and follows the team
        // to 12 engineers (8,760), each edit one undo step.
        type(find<QLineEdit>(QStringLiteral("param_demand_gpu_hours_per_engineer")), QStringLiteral("730"));
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHours, 4 * 730.0);
        type(find<QLineEdit>(QStringLiteral("param_engineers")), QStringLiteral("12"));
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHours, 12 * 730.0);
        QTRY_COMPARE(find<QLineEdit>(QStringLiteral("param_demand_gpu_hours"))->text(), QStringLiteral("8,760"));
        QVERIFY(find<QLabel>(QStringLiteral("note_demand_gpu_hours"))->text().contains(QStringLiteral("12 engineers")));
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHours, 4 * 730.0);
    }

    void anAssumptionWithoutEffectSaysSoInPlace()
    {
        // The electricity price does nothing while power is inside facilities (power per server 0): its note says so,
        // and stops saying it once the servers draw power. A loan rate on a cash purchase serves only the comparison.
        QVERIFY(select(kOnPrem));
        auto *note = find<QLabel>(QStringLiteral("note_electricity_per_kwh"));
        QVERIFY(note);
        QTRY_VERIFY2(note->text().contains(QStringLiteral("no effect while power per server is 0 kW")), qPrintable(note->text()));
        type(find<QLineEdit>(QStringLiteral("param_power_kw_per_server")), QStringLiteral("6.5"));
        QTRY_VERIFY2(!note->text().contains(QStringLiteral("no effect")), qPrintable(note->text()));
        QVERIFY2(find<QLabel>(QStringLiteral("note_loan_rate"))->text().contains(QStringLiteral("financing comparison")),
                 qPrintable(find<QLabel>(QStringLiteral("note_loan_rate"))->text()));
        // Held 48 months in a 36-month plan: never sold, the residual credited instead.
        type(find<QLineEdit>(QStringLiteral("param_holding_months")), QStringLiteral("48"));
        QTRY_VERIFY2(find<QLabel>(QStringLiteral("note_holding_months"))->text().contains(QStringLiteral("no sale within")),
                     qPrintable(find<QLabel>(QStringLiteral("note_holding_months"))->text()));
    }

    void thePlansElectricityPriceReachesThePurchasesThatStateNone()
    {
        // A finance lead types the site's electricity price once, on the workload. While the sample plan's purchase
        // keeps power inside facilities the price says it counts nothing; once the purchase draws power (its GPU
        // picked from the catalog) it pays the plan's price, shown in its own field, until it is given its own.
        auto *price = find<QLineEdit>(QStringLiteral("param_plan_electricity_per_kwh"));
        auto *planNote = find<QLabel>(QStringLiteral("note_plan_electricity_per_kwh"));
        QVERIFY(price && planNote);
        QVERIFY(price->text().isEmpty());
        const int steps = m_f->editor()->undoStack()->count();
        type(price, QStringLiteral("0.2"));
        QTRY_COMPARE(m_f->editor()->plan().workload.electricityPerKwh, std::optional<double>(0.2));
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QTRY_VERIFY2(planNote->text().contains(QStringLiteral("no effect: no purchase states its power per server")),
                     qPrintable(planNote->text()));
        const double before = total(kOnPrem);

        QVERIFY(select(kOnPrem));
        QVERIFY(choose(find<QComboBox>(QStringLiteral("purchaseGpu")), QStringLiteral("A100 40GB")));
        QTRY_COMPARE(*tco::parameterValue(scenario(kOnPrem).scenario, ParamId::PowerKwPerServer), 3.2); // 8 x 400 W
        QTRY_VERIFY2(planNote->text().contains(QStringLiteral("paid by 1 purchase of the plan")), qPrintable(planNote->text()));
        auto *own = find<QLineEdit>(QStringLiteral("param_electricity_per_kwh"));
        QVERIFY(own && own != price);
        QTRY_COMPARE(own->text(), QStringLiteral("0.2"));
        QVERIFY2(find<QLabel>(QStringLiteral("note_electricity_per_kwh"))->text().contains(QStringLiteral("the plan's price")),
                 qPrintable(find<QLabel>(QStringLiteral("note_electricity_per_kwh"))->text()));
        // 1 server x 3.2 kW x 0.8 load x 1.5 PUE x 730 h x $0.20 = $560.64 a month, 36 months.
        const double power = m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(indexOf(kOnPrem)))
                                 ->result.categoryTotal(tco::Category::Power);
        QVERIFY2(std::abs(power - 36 * 560.64) < 1e-6, qPrintable(QString::number(power, 'f', 4)));
        QVERIFY(total(kOnPrem) > before);

        // The plan's price moves the purchase; a price of its own stops that, and its reset gives the plan's back.
        type(price, QStringLiteral("0.1"));
        QTRY_COMPARE(own->text(), QStringLiteral("0.1"));
        type(own, QStringLiteral("0.3"));
        QTRY_VERIFY(tco::isGiven(scenario(kOnPrem).given, ParamId::ElectricityPerKwh));
        QTRY_VERIFY2(planNote->text().contains(QStringLiteral("no effect: every purchase that draws power states its own")),
                     qPrintable(planNote->text()));
        auto *reset = find<QAbstractButton>(QStringLiteral("reset_electricity_per_kwh"));
        QTRY_VERIFY(reset && reset->isVisible() && reset->height() > 0); // laid out
        QVERIFY(reset->toolTip().contains(QStringLiteral("plan's price")));
        QTest::mouseClick(reset, Qt::LeftButton);
        QTRY_COMPARE(own->text(), QStringLiteral("0.1"));
        QVERIFY(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).electricityFromPlan);

        // Emptying the plan's field removes the price (one undo step); Undo brings it back.
        price->setFocus();
        QTest::keyClick(price, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(price, Qt::Key_Backspace);
        QTest::keyClick(price, Qt::Key_Return);
        QTRY_VERIFY(!m_f->editor()->plan().workload.electricityPerKwh);
        QTRY_COMPARE(own->text(), QStringLiteral("0.12"));
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().workload.electricityPerKwh, std::optional<double>(0.1));
        QTRY_COMPARE(price->text(), QStringLiteral("0.1"));
    }

    void aPurchasePicksACatalogGpu()
    {
        // Picking a catalog GPU fills the purchase's speedup (its datasheet estimate: the H100's speed is set by nobody)
        // and its power per server (8 GPUs x 700 W TDP = 5.6 kW), one undo step, each value noting its source; both
        // stay editable, and undo brings back the plan's own figures.
        QVERIFY(select(kOnPrem));
        auto *gpu = find<QComboBox>(QStringLiteral("purchaseGpu"));
        auto *source = find<QLabel>(QStringLiteral("purchaseGpuSource"));
        QVERIFY(gpu && source);
        const auto value = [this](ParamId id) { return *tco::parameterValue(scenario(kOnPrem).scenario, id); };
        QCOMPARE(value(ParamId::GpusPerServer), 8.0);
        const double speedupBefore = value(ParamId::Speedup);
        const double powerBefore = value(ParamId::PowerKwPerServer);
        const std::optional<catalog::Gpu> h100 = catalog::GpuTable::find(QStringLiteral("H100 SXM 80GB"));
        QVERIFY(h100 && !h100->speedup && h100->tdpW == 700);
        const std::optional<double> estimate = catalog::estimatedSpeedup(*h100);
        QVERIFY(estimate);
        const int steps = m_f->editor()->undoStack()->count();
        QVERIFY(choose(gpu, QStringLiteral("H100 SXM 80GB")));
        QTRY_COMPARE(value(ParamId::PowerKwPerServer), 5.6);
        QCOMPARE(value(ParamId::Speedup), *estimate);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QVERIFY(m_f->editor()->undoStack()->undoText().contains(QStringLiteral("H100 SXM 80GB")));
        QTRY_COMPARE(find<QLineEdit>(QStringLiteral("param_power_kw_per_server"))->text(), QStringLiteral("5.6"));
        const QString why = scenario(kOnPrem).assumptions.value(QStringLiteral("speedup"));
        QVERIFY2(why.contains(QStringLiteral("H100 SXM 80GB")) && why.contains(QStringLiteral("8 × 700 W TDP = 5.6 kW"))
                     && why.contains(catalog::estimateBasis(*h100)),
                 qPrintable(why));
        QCOMPARE(scenario(kOnPrem).assumptions.value(QStringLiteral("power_kw_per_server")), why);
        QTRY_COMPARE(source->text(), why);
        QVERIFY(gpu->currentText().startsWith(QStringLiteral("H100 SXM 80GB")));
        // The electricity price now has an effect: its note no longer says otherwise.
        QTRY_VERIFY(!find<QLabel>(QStringLiteral("note_electricity_per_kwh"))->text().contains(QStringLiteral("no effect")));

        // Still editable: the host's draw on top of the GPUs'.
        type(find<QLineEdit>(QStringLiteral("param_power_kw_per_server")), QStringLiteral("6.5"));
        QTRY_COMPARE(value(ParamId::PowerKwPerServer), 6.5);
        QTRY_VERIFY2(source->text().endsWith(QStringLiteral("Since changed in the plan: power per server 6.5 kW.")),
                     qPrintable(source->text()));
        m_f->editor()->undoStack()->undo();
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(value(ParamId::PowerKwPerServer), powerBefore);
        QCOMPARE(value(ParamId::Speedup), speedupBefore);
        QTRY_COMPARE(gpu->currentIndex(), 0);
    }

    void financingIsComparedAndChosenInOneStep()
    {
        // model.md §12: the same server paid by cash, by a loan and by a lease side by side; "Use this financing" switches
        // the scenario in one undoable step and writes the assumed loan terms the plan did not have.
        QVERIFY(select(kOnPrem));
        auto *table = find<QTableWidget>(QStringLiteral("financingTable"));
        auto *useLoan = find<QPushButton>(QStringLiteral("useFinancingLoan"));
        auto *useCash = find<QPushButton>(QStringLiteral("useFinancingCash"));
        QVERIFY(table && useLoan && useCash);
        QCOMPARE(table->columnCount(), 3);
        QVERIFY(!useCash->isEnabled()); // cash is in use
        const QString cashTotal = report::moneyWhole(total(kOnPrem));
        QTRY_COMPARE(table->item(1, 0)->text(), cashTotal);
        QVERIFY2(table->item(0, 1)->text().contains(QStringLiteral("(assumed)")), qPrintable(table->item(0, 1)->text()));
        const QString loanTotal = table->item(1, 1)->text();
        QVERIFY(loanTotal != cashTotal);
        const int steps = m_f->editor()->undoStack()->count();
        QTest::mouseClick(useLoan, Qt::LeftButton);
        const auto financed = [this] { return std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario); };
        QTRY_COMPARE(financed().financing, tco::Financing::Loan);
        QCOMPARE(*financed().loanRate, 0.12);
        QCOMPARE(*financed().loanTermMonths, 36);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        // The dashboard's figures are now the loan's, which the comparison showed before the switch.
        QTRY_COMPARE(report::moneyWhole(total(kOnPrem)), loanTotal);
        QVERIFY(m_f->editor()->result()->atPlanPosition(std::size_t(indexOf(kOnPrem)))->result.categoryTotal(
                    tco::Category::Financing) > 0.0);
        QTRY_VERIFY(!find<QPushButton>(QStringLiteral("useFinancingLoan"))->isEnabled());
        QVERIFY(!table->item(0, 1)->text().contains(QStringLiteral("(assumed)")));
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(financed().financing, tco::Financing::Cash);
        QVERIFY(!financed().loanRate);
        QTRY_COMPARE(report::moneyWhole(total(kOnPrem)), cashTotal);
    }

    void aTeamThatGrowsIsToldItsDemandDoesNotFollow()
    {
        // The sample plan's demand, 2,920 GPU-hours a month, is the whole team's: doubling the team leaves it as it is.
        // The form says so beside the team's size and offers, as one step, to make it 730 per engineer.
        auto *engineers = find<QLineEdit>(QStringLiteral("param_engineers"));
        auto *offer = find<QWidget>(QStringLiteral("teamDemandOffer"));
        auto *note = find<QLabel>(QStringLiteral("teamDemandNote"));
        auto *make = find<QPushButton>(QStringLiteral("makeDemandPerEngineer"));
        QVERIFY(engineers && offer && note && make);
        QVERIFY(!offer->isVisible());
        QCOMPARE(m_f->editor()->plan().workload.engineers, 4);
        QCOMPARE(m_f->editor()->plan().workload.demandGpuHours, 2920.0);
        type(engineers, QStringLiteral("8"));
        QTRY_COMPARE(m_f->editor()->plan().workload.engineers, 8);
        QTRY_VERIFY(offer->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("set for the whole team")) &&
                     note->text().contains(QStringLiteral("730 each")) && note->text().contains(QStringLiteral("5,840")),
                 qPrintable(note->text()));
        const double before = m_f->editor()->result()->scenarios.front().result.demand;
        const int steps = m_f->editor()->undoStack()->count();
        QTest::mouseClick(make, Qt::LeftButton);
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHoursPerEngineer.value_or(0.0), 730.0);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QTRY_VERIFY(!offer->isVisible());
        // The demand now follows the team: twice what it was.
        QTRY_COMPARE(m_f->editor()->result()->scenarios.front().result.demand, 2 * before);
        m_f->editor()->undoStack()->undo();
        QTRY_VERIFY(!m_f->editor()->plan().workload.demandGpuHoursPerEngineer);
        // Back to four engineers: the whole-team demand fits the team again, nothing to offer.
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().workload.engineers, 4);
        QTRY_VERIFY(!offer->isVisible());
    }

    void financingAtNoCostOfCapitalSaysSoAndOffersTheRate()
    {
        // The sample plan discounts at 0 %: paying later is then worth nothing, so the comparison says so and offers
        // to set the company's cost of capital; set, the NPV row is at that rate and the note goes.
        QVERIFY(select(kOnPrem));
        QCOMPARE(m_f->editor()->plan().workload.discountRate, 0.0);
        auto *note = find<QLabel>(QStringLiteral("financingRateNote"));
        auto *setRate = find<QPushButton>(QStringLiteral("financingSetRate"));
        auto *table = find<QTableWidget>(QStringLiteral("financingTable"));
        QVERIFY(note && setRate && table);
        QTRY_VERIFY(note->isVisible() && setRate->isVisible());
        QVERIFY(note->text().contains(QStringLiteral("paying later is worth nothing")));
        QTimer::singleShot(0, this, [] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QCOMPARE(dialog->doubleValue(), 8.0);
            dialog->setDoubleValue(9.5);
            dialog->accept();
        });
        QTest::mouseClick(setRate, Qt::LeftButton);
        QTRY_COMPARE(m_f->editor()->plan().workload.discountRate, 0.095);
        QTRY_VERIFY(!note->isVisible() && !setRate->isVisible());
        QCOMPARE(table->verticalHeaderItem(2)->text(), QStringLiteral("NPV at 9.5 %"));
        m_f->editor()->undoStack()->undo();
        QTRY_VERIFY(note->isVisible());
    }

    void reservedTermsAndMixLayersAreEdited()
    {
        // model.md §11.2: a reserved scenario's terms in a table (one undo step each), refused inline when a start
        // lies outside the horizon.
        const int before = static_cast<int>(m_f->editor()->plan().scenarios.size());
        addScenario(QStringLiteral("reserved"));
        QTRY_COMPARE(static_cast<int>(m_f->editor()->plan().scenarios.size()), before + 1);
        const QString reservedName = m_f->editor()->plan().scenarios.last().name;
        QVERIFY(select(reservedName));
        type(find<QLineEdit>(QStringLiteral("param_rate_per_hour")), QStringLiteral("24"));
        QTRY_COMPARE(std::get<tco::ReservedScenario>(scenario(reservedName).scenario).instance.ratePerHour, 24.0);
        auto *table = find<QTableWidget>(QStringLiteral("param_terms"));
        auto *add = find<QPushButton>(QStringLiteral("addTermButton"));
        auto *note = find<QLabel>(QStringLiteral("termsSummary"));
        QVERIFY(table && add && note);
        QVERIFY2(note->text().contains(QStringLiteral("No terms")), qPrintable(note->text()));
        const auto terms = [&] { return std::get<tco::ReservedScenario>(scenario(reservedName).scenario).terms; };
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}}));
        QTest::mouseClick(add, Qt::LeftButton); // a renewal: from the month after the last term ends
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {13, 1, 12}}));
        UiFixture::typeInCell(table, 1, 1, QStringLiteral("3"));
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {13, 3, 12}}));
        QTRY_VERIFY2(note->text().contains(QStringLiteral("At most 3 instances")), qPrintable(note->text()));
        UiFixture::typeInCell(table, 1, 0, QStringLiteral("40"));
        auto *error = find<QLabel>(QStringLiteral("error_terms"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("a whole month from 1 to 36")), qPrintable(error->text()));
        QCOMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {13, 3, 12}}));
        UiFixture::typeInCell(table, 1, 0, QStringLiteral("25"));
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {25, 3, 12}}));
        const tco::EvaluatedScenario *evaluated = m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(before));
        QVERIFY(evaluated);
        QCOMPARE(evaluated->result.months[24].instances, 3.0);

        // model.md §11.3: a mix starts on the first scenario that can be a layer; ticking adds a layer, unticking
        // the last is refused, and "none" as burst leaves the rest unmet.
        addScenario(QStringLiteral("mix"));
        QTRY_COMPARE(static_cast<int>(m_f->editor()->plan().scenarios.size()), before + 2);
        const QString mixName = m_f->editor()->plan().scenarios.last().name;
        QVERIFY(select(mixName));
        const auto mix = [&] { return std::get<tco::MixScenario>(scenario(mixName).scenario); };
        QCOMPARE(mix().layers, QStringList{kAws});
        auto *list = find<QListWidget>(QStringLiteral("param_layers"));
        QVERIFY(list);
        QListWidgetItem *reservedItem = nullptr;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == reservedName)
                reservedItem = list->item(i);
        QVERIFY(reservedItem);
        reservedItem->setCheckState(Qt::Checked);
        QTRY_COMPARE(mix().layers, (QStringList{kAws, reservedName}));
        list->item(0)->setCheckState(Qt::Unchecked); // AWS
        QTRY_COMPARE(mix().layers, QStringList{reservedName});
        list->item(0)->setCheckState(Qt::Unchecked); // the reserved one, now the only layer, first in the list
        auto *layersError = find<QLabel>(QStringLiteral("error_layers"));
        QTRY_VERIFY(layersError->isVisible());
        QCOMPARE(mix().layers, QStringList{reservedName});
        auto *burst = find<QComboBox>(QStringLiteral("param_burst"));
        QVERIFY(burst);
        QCOMPARE(burst->itemText(0), QStringLiteral("none: what the layers cannot serve is unmet"));
        burst->setCurrentIndex(0);
        emit burst->activated(0);
        QTRY_VERIFY(mix().burst.isEmpty());
        QTRY_VERIFY(m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(before + 1))->result.hasUnmetDemand());
        m_f->editor()->undoStack()->undo();
        QTRY_VERIFY(!mix().burst.isEmpty());
    }

};

MLTCO_TEST_MAIN(TestScenarioPurchases)
#include "tst_scenariopurchases.moc"

// A dedicated scenario's commitment filled from a reserved price of the catalog, in one click and one undo step.
#include "models/catalog/importers/ecbrates.h"
#include "models/catalog/importers/importrunner.h"
#include "models/store/document.h"
#include "models/plan/parameters.h"
#include "ui/scenarios/reservedpricebox.h"
#include "uitestutil.h"
#include "tests/support/testmain.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>

using namespace mltco;
using namespace mltco::ui;

class TestReservedPrice : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void fillTheCommitmentFromAReservedPrice()
    {
        UiFixture f;
        QVERIFY(f.open());
        // The AWS Price List fixture: p4d.24xlarge on demand $32.7726/h and three reserved terms in us-east-1.
        catalog::ImportRequest request;
        request.path = QStringLiteral(MLTCO_TEST_DATA_DIR "/import/aws-pricelist-ec2-2025.csv");
        request.format = catalog::PriceFileFormat::AwsPriceList;
        request.options.observedAt = QDate(2025, 9, 12);
        request.documentPath = f.window->document()->path();
        catalog::ImportProgress progress;
        QVERIFY(catalog::runImport(request, progress));
        f.editor()->reevaluate();

        const QString name = QStringLiteral("AWS p3.8xlarge per engineer");
        const int index = f.indexOf(name);
        f.editor()->setScenarioInstance(index, tco::InstanceRef{QStringLiteral("aws"),
                                                                QStringLiteral("p4d.24xlarge"),
                                                                QStringLiteral("us-east-1"),
                                                                QStringLiteral("on_demand"),
                                                                {}});
        f.editor()->clearScenarioValue(index, tco::ParamId::RatePerHour);
        f.window->showPage(MainWindow::Scenarios);
        QVERIFY(f.select(name));
        auto *chooser = f.onScenarios<QComboBox>(QStringLiteral("reservedPriceChooser"));
        auto *use = f.onScenarios<QPushButton>(QStringLiteral("useReservedPriceButton"));
        auto *note = f.onScenarios<QLabel>(QStringLiteral("reservedPriceNote"));
        QVERIFY(chooser && use && note);
        QTRY_COMPARE(chooser->count(), 3);
        const int allUpfront = chooser->findText(QStringLiteral("Reserved 3 yr · All Upfront"), Qt::MatchStartsWith);
        QVERIFY2(allUpfront >= 0, qPrintable(chooser->itemText(0)));
        chooser->setCurrentIndex(allUpfront);
        QVERIFY2(note->text().contains(QStringLiteral("discount 65.8 %")), qPrintable(note->text()));
        QVERIFY(use->isEnabled());

        const int steps = f.editor()->undoStack()->count();
        QTest::mouseClick(use, Qt::LeftButton);
        const tco::PlanScenario &s = f.scenario(name);
        QVERIFY(qAbs(*tco::parameterValue(s.scenario, tco::ParamId::CommitDiscount) -
                     (1 - (294558.0 / 26280) / 32.7726)) < 1e-9);
        QCOMPARE(*tco::parameterValue(s.scenario, tco::ParamId::CommitUpfrontFraction), 1.0);
        QCOMPARE(*tco::parameterValue(s.scenario, tco::ParamId::CommitTermMonths), 36.0);
        QVERIFY(s.assumptions.value(QStringLiteral("commit_discount")).contains(QStringLiteral("observed 2025-09-12")));
        QCOMPARE(f.editor()->undoStack()->count(), steps + 1);
        f.editor()->undoStack()->undo();
        const tco::PlanScenario &back = f.scenario(name);
        QCOMPARE(*tco::parameterValue(back.scenario, tco::ParamId::CommitDiscount), 0.0);
        QCOMPARE(*tco::parameterValue(back.scenario, tco::ParamId::CommitTermMonths), 12.0);

        // In a euro plan the on-demand rate is in euros, and so is the reserved price it is held against: both convert
        // at the ECB's rate of 2025-09-12, their observation day, so the discount is the same 65.8 % (held against the
        // dollar price, the euro rate of $32.7726 / 1.1718 would have read as a 59.9 % discount).
        QVERIFY(catalog::importEcbRates(f.editor()->document().database(),
                                        QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip")));
        f.editor()->setCurrency(QStringLiteral("EUR"));
        f.editor()->reevaluate();
        QTRY_VERIFY2(note->text().contains(QStringLiteral("The price is in USD")), qPrintable(note->text()));
        chooser->setCurrentIndex(chooser->findText(QStringLiteral("Reserved 3 yr · All Upfront"), Qt::MatchStartsWith));
        QVERIFY2(note->text().contains(QStringLiteral("discount 65.8 %")), qPrintable(note->text()));
        QVERIFY2(note->text().contains(QStringLiteral("€")), qPrintable(note->text()));
        QVERIFY2(chooser->currentText().contains(QStringLiteral("$11.2")), qPrintable(chooser->currentText()));

        // Another instance without reserved prices says so, and nothing can be used.
        f.editor()->setScenarioInstance(index, tco::InstanceRef{QStringLiteral("aws"),
                                                                QStringLiteral("p3.2xlarge"),
                                                                QStringLiteral("us-east-1"),
                                                                QStringLiteral("on_demand"),
                                                                {}});
        QTRY_COMPARE(chooser->count(), 1);
        QVERIFY(chooser->itemText(0).contains(QStringLiteral("no reserved price for p3.2xlarge")));
        QVERIFY(!use->isEnabled());
    }
};

MLTCO_TEST_MAIN(TestReservedPrice)
#include "tst_reservedprice.moc"

// The Plan vs actual page, driven through its widgets on a real document with a real FOCUS bill.
#include "models/actuals/actualsstore.h"
#include "models/actuals/plancompare.h"
#include "models/store/document.h"
#include "models/report/format.h"
#include "models/plan/parameters.h"
#include "ui/actuals/actualspage.h"
#include "ui/charts/chartview.h"
#include "uitestutil.h"
#include "tests/support/focusbill.h"
#include "tests/support/testmain.h"

#include <QChart>
#include <QCheckBox>
#include <QDateEdit>
#include <QGroupBox>
#include <QFile>
#include <QLabel>
#include <QLayout>
#include <QLineSeries>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QUndoStack>

using namespace mltco;
using namespace mltco::ui;

namespace {

QString bill(const char *name)
{
    return QStringLiteral(MLTCO_TEST_DATA_DIR "/actuals/") + QLatin1String(name);
}

QLineSeries *seriesNamed(ChartView *view, const QString &objectName)
{
    for (QAbstractSeries *s : view->chart()->series())
        if (s->objectName() == objectName)
            return qobject_cast<QLineSeries *>(s);
    return nullptr;
}

/// Imports a bill through the page as the app does (on the import's own thread) and waits for it to end: whether it
/// was imported.
bool importAndWait(ActualsPage *page, const QString &path)
{
    QSignalSpy finished(page, &ActualsPage::billImportFinished);
    page->importBill(path);
    if (finished.isEmpty() && !finished.wait(60000))
        return false;
    return finished.first().first().toBool();
}

} // namespace

class TestActualsPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void theFinOpsSampleSaysWhatItLeftOut()
    {
        // The FinOps Foundation's FOCUS 1.0 sample in a new document: its g5 and g3 hours count (the seed catalog
        // knows them), and the page names what it left out, with the cost, and still does after a refresh.
        UiFixture f;
        QVERIFY(f.open());
        f.window->showPage(MainWindow::Actuals);
        auto *page = f.find<ActualsPage>(QStringLiteral("actualsPage"));
        auto *leftOut = f.find<QLabel>(QStringLiteral("actualsLeftOut"));
        QVERIFY(page && leftOut);
        QVERIFY(importAndWait(page, bill("finops-focus-sample/focus_sample.csv")));
        QTRY_VERIFY(leftOut->isVisible());
        QVERIFY(f.find<QLabel>(QStringLiteral("actualsMessage"))->text().contains(QStringLiteral("10 GPU rows of 1000")));
        const QString text = leftOut->text();
        QVERIFY2(text.contains(QStringLiteral("focus_sample.csv: 987 rows are not GPU charges")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("$4.98 in all: m4.10xlarge $2.00")), qPrintable(text));
        f.editor()->reloadActuals();
        QTRY_VERIFY(leftOut->text().contains(QStringLiteral("t2.micro $0.00")));
    }

    void aLargeBillImportsOffTheWindowsThreadAndCancels()
    {
        // A 40 MB export: the import runs on its own thread behind a progress dialog, the window keeps handling
        // events, Cancel leaves the document without the bill, and the same file then imports whole.
        UiFixture f;
        QVERIFY(f.open());
        f.window->showPage(MainWindow::Actuals);
        auto *page = f.find<ActualsPage>(QStringLiteral("actualsPage"));
        auto *message = f.find<QLabel>(QStringLiteral("actualsMessage"));
        QVERIFY(page && message);
        const QString path = f.dir.filePath(QStringLiteral("large-bill.csv"));
        const test::FocusBillFigures figures = test::writeFocusBill(path, 40'000'000);
        QVERIFY(figures.rows > 0);

        QSignalSpy finished(page, &ActualsPage::billImportFinished);
        page->importBill(path);
        QVERIFY(page->isImportingBill());
        auto *dialog = page->findChild<QProgressDialog *>(QStringLiteral("billImportProgress"));
        QVERIFY(dialog);
        QVERIFY(!f.find<QPushButton>(QStringLiteral("importBillButton"))->isEnabled()); // one import at a time
        auto *cancel = dialog->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(message->text().contains(QStringLiteral("was cancelled. Nothing was added")), qPrintable(message->text()));
        QVERIFY(f.editor()->actuals().isEmpty());
        QVERIFY(!page->isImportingBill());
        QTRY_VERIFY(!page->findChild<QProgressDialog *>(QStringLiteral("billImportProgress")));
        Expected<QList<actuals::BillRecord>> none = actuals::bills(f.editor()->document().database());
        QVERIFY(none && none->isEmpty());

        QVERIFY(importAndWait(page, path));
        QVERIFY2(message->text().contains(
                     QStringLiteral("%1 GPU rows of %2").arg(figures.gpuRows).arg(figures.rows)),
                 qPrintable(message->text()));
        QTRY_COMPARE(f.editor()->actuals().size(), 12);
        QVERIFY(f.find<QPushButton>(QStringLiteral("importBillButton"))->isEnabled());
    }

    void importLinkCompareAndCalibrate()
    {
        UiFixture f;
        QVERIFY(f.open());
        f.window->showPage(MainWindow::Actuals);
        auto *page = f.find<ActualsPage>(QStringLiteral("actualsPage"));
        auto *summary = f.find<QLabel>(QStringLiteral("actualsSummary"));
        auto *scenario = f.find<QComboBox>(QStringLiteral("actualsScenario"));
        auto *table = f.find<QTableWidget>(QStringLiteral("varianceTable"));
        QVERIFY(page && summary && scenario && table);
        QVERIFY(summary->text().contains(QStringLiteral("No bill has been imported yet")));
        QVERIFY(!table->isVisible());

        // A file that is not a bill is refused in words on the page; nothing changes.
        const QString notABill = f.dir.filePath(QStringLiteral("prices.csv"));
        {
            QFile file(notABill);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("provider,instance_type,price\naws,p3.8xlarge,12.24\n");
        }
        QVERIFY(!importAndWait(page, notABill));
        auto *message = f.find<QLabel>(QStringLiteral("actualsMessage"));
        QTRY_VERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("prices.csv")), qPrintable(message->text()));
        QVERIFY(f.editor()->actuals().isEmpty());

        auto *leftOut = f.find<QLabel>(QStringLiteral("actualsLeftOut"));
        QVERIFY(leftOut && !leftOut->isVisible());
        QVERIFY(importAndWait(page, bill("focus-1.2-aws-gpu.csv")));
        QCOMPARE(f.editor()->actuals().size(), 2);
        QVERIFY(message->text().contains(QStringLiteral("8 GPU rows of 11")));
        QVERIFY(summary->text().contains(QStringLiteral("Choose the scenario")));

        // Choosing the scenario links it in the plan (one undoable step) and compares.
        const QString name = QStringLiteral("AWS p3.8xlarge per engineer");
        const int before = f.editor()->undoStack()->count();
        scenario->setCurrentIndex(scenario->findData(name));
        QVERIFY(f.editor()->plan().actuals);
        QCOMPARE(f.editor()->plan().actuals->scenario, name);
        QVERIFY(f.editor()->plan().actuals->start.isEmpty());
        QCOMPARE(f.editor()->undoStack()->count(), before + 1);
        QVERIFY(page->comparison());
        QTRY_VERIFY(table->isVisible());
        QCOMPARE(table->rowCount(), 2);
        const actuals::VarianceRow &jan = page->comparison()->rows.first();
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("Jan 2026"));
        QCOMPARE(table->item(0, 1)->text(), report::money(jan.planned));
        QCOMPARE(table->item(0, 2)->text(), report::money(3277.26 + 80 + 1620 - 327.73));
        QCOMPARE(table->item(0, 3)->text(), report::money(*jan.variance));
        QCOMPARE(table->item(0, 7)->text(), report::money(1620.0));                        // committed
        QCOMPARE(table->item(0, 9)->text(), report::money(3277.26 + 80 + 10000 - 327.73)); // billed
        QVERIFY(summary->text().contains(report::money(page->comparison()->actualToDate)));
        QVERIFY(summary->text().contains(QStringLiteral("under plan")));
        // The whole bill of the months compared, worked from the fixture's rows: 4,649.53 + 2.30 + 50 + 6,585.12 - 100.
        auto *whole = f.find<QLabel>(QStringLiteral("actualsWholeBill"));
        QVERIFY(whole && whole->isVisible());
        // Both totals a finance team reads, each labelled: effective (the upfront $10,000 spread as $1,500 and $120 of
        // usage) and billed (as invoiced: 3,277.26 + 80 + 10,000 + 2.30 + 50 + 6,554.52 - 327.73 + 30.60 - 100).
        QVERIFY2(whole->text().contains(QStringLiteral("The whole bill, Jan 2026 to Feb 2026: %1 effective cost (amortised: "
                                                       "upfront fees spread over the months they cover), %2 billed (as "
                                                       "invoiced). GPU spend held against the plan: %3 effective")
                                            .arg(report::money(11186.95), report::money(19566.95), report::money(11234.65))),
                 qPrintable(whole->text()));
        QVERIFY2(whole->text().contains(QStringLiteral("The rest by service category: Compute %1, Other %2.")
                                            .arg(report::money(2.30 - 100), report::money(50.0))),
                 qPrintable(whole->text()));

        // The charts show the plan and the bills: two actual points, month 1 and 2.
        auto *cumulative = f.find<ChartView>(QStringLiteral("actualsCumulativeChart"));
        QVERIFY(cumulative);
        QLineSeries *actual = seriesNamed(cumulative, QStringLiteral("actualSeries"));
        QLineSeries *planned = seriesNamed(cumulative, QStringLiteral("plannedSeries"));
        QVERIFY(actual && planned);
        QCOMPARE(actual->count(), 2);
        QCOMPARE(actual->at(0).x(), 1.0);
        QVERIFY(planned->count() >= 2);

        // The dashboard's cumulative chart carries the bills over the plan's lines: month 0, then months 1 and 2.
        f.window->showPage(MainWindow::Dashboard); // a hidden dashboard catches up when shown
        auto *dashboard = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        QVERIFY(dashboard);
        QTRY_VERIFY(seriesNamed(dashboard, QStringLiteral("billsSeries")));
        QLineSeries *overlay = seriesNamed(dashboard, QStringLiteral("billsSeries"));
        QCOMPARE(overlay->count(), 3);
        QCOMPARE(overlay->name(), QStringLiteral("Bills: %1").arg(name));
        QCOMPARE(dashboard->chart()->series().size(), f.editor()->result()->scenarios.size() + 1);

        f.window->showPage(MainWindow::Actuals);

        // A start month set in the page moves the comparison: January is month 3.
        auto *fromBills = f.find<QCheckBox>(QStringLiteral("actualsStartFromBills"));
        auto *start = f.find<QDateEdit>(QStringLiteral("actualsStart"));
        QVERIFY(fromBills && start);
        start->setDate(QDate(2025, 11, 1));
        QVERIFY(!start->isEnabled() && f.editor()->plan().actuals->start.isEmpty()); // the bills decide meanwhile
        QTest::mouseClick(fromBills, Qt::LeftButton, {}, QPoint(4, fromBills->height() / 2));
        QTRY_VERIFY(start->isEnabled());
        start->setDate(QDate(2025, 11, 1));
        QTRY_COMPARE(f.editor()->plan().actuals->start, QStringLiteral("2025-11"));
        QVERIFY(page->comparison() && page->comparison()->rows[2].actual);
        QTRY_COMPARE(table->rowCount(), 4);
        f.editor()->undoStack()->undo(); // the start month (the date was set while the bills decided)
        QTRY_VERIFY(f.editor()->plan().actuals && f.editor()->plan().actuals->start.isEmpty());
        QTRY_VERIFY(fromBills->isChecked());

        // Calibration of the dedicated scenario: its committed share applies in one click and can be undone; its
        // boxes bill idle hours too, so the bills are not offered as demand.
        QVERIFY(!f.find<QPushButton>(QStringLiteral("applySuggestion_demand_gpu_hours")));
        // ... and the page says why, where the demand's suggestion would be.
        QLabel *why = nullptr;
        QTRY_VERIFY((why = f.find<QLabel>(QStringLiteral("demandNotSuggested"))) && why->isVisible());
        QVERIFY2(why->text().contains(name) && why->text().contains(QStringLiteral("pay-per-use scenario")),
                 qPrintable(why->text()));
        auto *commit = f.find<QPushButton>(QStringLiteral("applySuggestion_commit_fraction"));
        QVERIFY(commit);
        QTest::mouseClick(commit, Qt::LeftButton);
        QTRY_VERIFY(
            qFuzzyCompare(*tco::parameterValue(f.scenario(name).scenario, tco::ParamId::CommitFraction), 400.0 / 2930));
        QTRY_VERIFY(!f.find<QPushButton>(QStringLiteral("applySuggestion_commit_fraction")));
        f.editor()->undoStack()->undo();
        QTRY_COMPARE(*tco::parameterValue(f.scenario(name).scenario, tco::ParamId::CommitFraction), 0.0);

        // An elastic scenario's GPUs are paid while they work: the bills' GPU-hours become the demand in one click.
        const QString elastic = QStringLiteral("GCP preemptible A100, autoscaled");
        scenario->setCurrentIndex(scenario->findData(elastic));
        QTRY_COMPARE(f.editor()->plan().actuals->scenario, elastic);
        QTRY_VERIFY(!f.find<QLabel>(QStringLiteral("demandNotSuggested"))); // offered: nothing to explain
        // Found once the page has settled: the page builds its suggestions anew as they change.
        auto *apply = f.find<QPushButton>(QStringLiteral("applySuggestion_demand_gpu_hours"));
        QVERIFY(apply);
        const double suggested = page->suggestions().first().suggested;
        // The button names the value it sets and stands beside its text, before it on the same row.
        QVERIFY2(apply->text().startsWith(QStringLiteral("Apply ")) && apply->text().size() > 6, qPrintable(apply->text()));
        QLayout *row = apply->parentWidget()->layout();
        QCOMPARE(row->indexOf(apply), 0);
        QVERIFY(qobject_cast<QLabel *>(row->itemAt(1)->widget()));
        QVERIFY(f.find<QLabel>(QStringLiteral("actualsTitle")));
        const double demand = *tco::parameterValue(f.editor()->plan().workload, tco::ParamId::DemandGpuHours);
        QTest::mouseClick(apply, Qt::LeftButton);
        QTRY_COMPARE(*tco::parameterValue(f.editor()->plan().workload, tco::ParamId::DemandGpuHours), suggested);
        QTRY_VERIFY(!f.find<QPushButton>(QStringLiteral("applySuggestion_demand_gpu_hours")));
        f.editor()->undoStack()->undo();
        QTRY_COMPARE(*tco::parameterValue(f.editor()->plan().workload, tco::ParamId::DemandGpuHours), demand);
        f.editor()->undoStack()->undo(); // back to the dedicated scenario
        QTRY_COMPARE(f.editor()->plan().actuals->scenario, name);

        // Renaming the scenario keeps the link; deleting it removes the link.
        f.editor()->renameScenario(f.indexOf(name), QStringLiteral("AWS boxes"));
        QCOMPARE(f.editor()->plan().actuals->scenario, QStringLiteral("AWS boxes"));
        QCOMPARE(scenario->currentData().toString(), QStringLiteral("AWS boxes"));
        f.window->showPage(MainWindow::Dashboard);
        f.editor()->removeScenario(f.indexOf(QStringLiteral("AWS boxes")));
        QVERIFY(!f.editor()->plan().actuals);
        QTRY_VERIFY(!seriesNamed(dashboard, QStringLiteral("billsSeries")));
        // The hidden page waited (it still shows the comparison of before); shown, it has caught up.
        QVERIFY(page->comparison());
        f.window->showPage(MainWindow::Actuals);
        QCOMPARE(dashboard->chart()->series().size(), f.editor()->result()->scenarios.size());
        QVERIFY(!page->comparison());
        QVERIFY(summary->text().contains(QStringLiteral("Choose the scenario")));
    }
};

MLTCO_TEST_MAIN(TestActualsPage)
#include "tst_actualspage.moc"

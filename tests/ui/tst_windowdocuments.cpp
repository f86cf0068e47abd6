// The main window's documents: edits saved as they happen, Save As, the exports (PDF, CSV, the live workbook),
// another program's import showing up, a second window and a read-only file, headless runs and the screenshots.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/catalog/seedcatalog.h"
#include "models/report/summary.h"
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "models/plan/parameters.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/calculators/calculatorspage.h"
#include "ui/charts/chartview.h"
#include "ui/core/settings.h"
#include "ui/core/theme.h"
#include "ui/dashboard/kpicard.h"
#include "ui/report/exports.h"
#include "ui/scenarios/workloadform.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHash>
#include <QIcon>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>

#include <cmath>

using namespace mltco;

class TestWindowDocuments final : public QObject
{
    Q_OBJECT

private slots:
    void editsAreSavedAsTheyHappen()
    {
        UiFixture f;
        QVERIFY(f.open(QStringLiteral("saved.mltco")));
        f.editor()->setWorkloadValue(tco::ParamId::HorizonMonths, 48);
        const QString path = f.window->document()->path();
        f.window.reset();
        mltco::ui::MainWindow again;
        QVERIFY(again.openDocument(path));
        QCOMPARE(again.editor()->plan().workload.horizonMonths, 48);
    }

    void saveAsContinuesOnTheCopy()
    {
        UiFixture f;
        QVERIFY(f.open(QStringLiteral("original.mltco")));
        const QString copy = f.dir.filePath(QStringLiteral("copy.mltco"));
        QVERIFY(f.window->saveDocumentAs(copy));
        QCOMPARE(f.window->document()->path(), QFileInfo(copy).absoluteFilePath());
        f.editor()->setWorkloadValue(tco::ParamId::Engineers, 9);
        // The original keeps its plan as it was.
        mltco::ui::MainWindow other;
        QVERIFY(other.openDocument(f.dir.filePath(QStringLiteral("original.mltco"))));
        QVERIFY(other.editor()->plan().workload.engineers != 9);
        auto *recent = f.find<QMenu>(QStringLiteral("recentMenu"));
        QVERIFY(recent);
        QVERIFY(recent->actions().size() >= 1);
        QVERIFY(recent->actions().first()->text().contains(QStringLiteral("copy.mltco")));
    }

    void exportsFromTheOpenPlan()
    {
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(f.find<QAction>(QStringLiteral("exportPdfAction")));
        QVERIFY(f.find<QAction>(QStringLiteral("exportCsvAction")));
        const QString pdf = f.dir.filePath(QStringLiteral("board.pdf"));
        QVERIFY(mltco::ui::exportPdf(*f.editor(), pdf, mltco::ui::ReportPageSize::A4));
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5) == "%PDF-");
        const QString dir = f.dir.filePath(QStringLiteral("csv"));
        QVERIFY(mltco::ui::exportCsv(*f.editor(), dir, mltco::ui::MonthlyTable | mltco::ui::BreakEvenTable));
        QVERIFY(QFile::exists(dir + QStringLiteral("/monthly.csv")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/breakeven.csv")));
        QVERIFY(!QFile::exists(dir + QStringLiteral("/yearly.csv")));
        // An edit shows in the next export: the exported total is the app's.
        f.editor()->setWorkloadValue(mltco::tco::ParamId::HorizonMonths, 24);
        QVERIFY(mltco::ui::exportCsv(*f.editor(), dir, mltco::ui::MonthlyTable));
        QFile monthly(dir + QStringLiteral("/monthly.csv"));
        QVERIFY(monthly.open(QIODevice::ReadOnly));
        const qsizetype rows = monthly.readAll().count('\n');
        QCOMPARE(rows, qsizetype(1 + 24 * f.editor()->plan().scenarios.size()));
    }

    void anOutgrownTitleIsPointedOutAndAskedAboutBeforeThePdf()
    {
        // "Four ML engineers over three years" after the team grows to 12 and the plan to 48 months: the
        // dashboard says so, and Export PDF asks to retitle first (Edit title… opens the title dialog, then the export
        // goes on to its file dialog).
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(f.editor()->plan().name.contains(QStringLiteral("Four ML engineers over three years")));
        auto *notes = f.find<QLabel>(QStringLiteral("dashboardNotes"));
        QVERIFY(notes);
        QVERIFY(!notes->text().contains(QStringLiteral("The title says")));
        f.editor()->setWorkloadValue(tco::ParamId::Engineers, 12);
        f.editor()->setWorkloadValue(tco::ParamId::HorizonMonths, 48);
        QTRY_VERIFY2(notes->text().contains(QStringLiteral("The title says \u201cFour ML engineers\u201d; the plan has 12 "
                                                           "engineers.")),
                     qPrintable(notes->text()));
        QVERIFY(notes->text().contains(QStringLiteral("the plan runs 48 months")));

        QStringList seen;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            QWidget *modal = QApplication::activeModalWidget();
            if (!modal || (!seen.isEmpty() && seen.last() == modal->objectName()))
                return;
            seen << modal->objectName();
            if (auto *box = qobject_cast<QMessageBox *>(modal)) {
                QVERIFY(box->text().contains(QStringLiteral("the plan runs 48 months")));
                QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("staleTitleEdit")), Qt::LeftButton);
            } else if (modal->objectName() == QLatin1String("planDetailsDialog")) {
                auto *title = modal->findChild<QLineEdit *>(QStringLiteral("planTitleEdit"));
                title->clear();
                QTest::keyClicks(title, QStringLiteral("Twelve ML engineers over four years"));
                QTest::mouseClick(modal->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
            } else if (auto *dialog = qobject_cast<QDialog *>(modal)) {
                dialog->reject(); // the file dialog: this test stops before writing
            }
        });
        poll.start(20);
        f.find<QAction>(QStringLiteral("exportPdfAction"))->trigger();
        poll.stop();
        QCOMPARE(seen.size(), 3);
        QCOMPARE(seen.at(0), QStringLiteral("staleTitleQuestion"));
        QCOMPARE(seen.at(1), QStringLiteral("planDetailsDialog"));
        QCOMPARE(f.editor()->plan().name, QStringLiteral("Twelve ML engineers over four years"));
        QTRY_VERIFY(!notes->text().contains(QStringLiteral("The title says")));
        // A title that fits is not asked about: straight to the file dialog.
        seen.clear();
        poll.start(20);
        f.find<QAction>(QStringLiteral("exportPdfAction"))->trigger();
        poll.stop();
        QCOMPARE(seen.size(), 1);
        QVERIFY(seen.first() != QLatin1String("staleTitleQuestion"));
    }

    void exportingTheWorkbookWritesALiveWorkbook()
    {
        // File › Export workbook (Excel)…: the file dialog offers the plan's name, the workbook is written where the
        // user says, and the message says what it is.
        UiFixture f;
        QVERIFY(f.open());
        QTemporaryDir out;
        const QString path = out.filePath(QStringLiteral("plan.xlsx"));
        QString offered, told;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            QWidget *modal = QApplication::activeModalWidget();
            if (auto *dialog = qobject_cast<QFileDialog *>(modal); dialog && offered.isEmpty()) {
                auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
                offered = name->text();
                dialog->selectFile(path);
                name->setText(path); // as a user types the whole path over the offered name
                QMetaObject::invokeMethod(dialog, "accept"); // as the Save button does
            } else if (auto *box = qobject_cast<QMessageBox *>(modal); box && told.isEmpty()) {
                told = box->text();
                box->accept();
            }
        });
        poll.start(20);
        f.find<QAction>(QStringLiteral("exportWorkbookAction"))->trigger();
        QTRY_VERIFY(!told.isEmpty());
        poll.stop();
        QVERIFY2(offered.endsWith(QStringLiteral(".xlsx")) && offered.contains(QStringLiteral("Four")), qPrintable(offered));
        QVERIFY2(told.contains(QStringLiteral("Every figure in it is a formula")), qPrintable(told));
        // An Office Open XML package with the sheets a reader looks for.
        QProcess unzip;
        unzip.start(QStringLiteral("/usr/bin/python3"),
                    {QStringLiteral("-c"), QStringLiteral("import sys,zipfile;print(zipfile.ZipFile(sys.argv[1]).read('xl/workbook.xml').decode())"),
                     path});
        QVERIFY2(unzip.waitForFinished(30000) && unzip.exitCode() == 0,
                 qPrintable(told + QLatin1Char('\n') + QString::fromUtf8(unzip.readAllStandardError())));
        const QByteArray book = unzip.readAllStandardOutput();
        for (const char *sheet : {"README", "Summary", "Assumptions", "Months", "MACRS"})
            QVERIFY2(book.contains(QByteArray(QByteArray("name=\"") + sheet + '"')), sheet);
        QVERIFY(book.contains("AWS p3.8xlarge per engineer"));
    }

    void importByAnotherProgramShowsUp()
    {
        // mltco-cli imports into the document the window has open: the catalog and the plan follow without a
        // restart (PRAGMA data_version tells the window another connection wrote).
        UiFixture f;
        QVERIFY(f.open());
        f.window->showPage(ui::MainWindow::Catalog);
        auto *prices = f.find<QAbstractItemView>(QStringLiteral("priceTable"));
        QVERIFY(prices);
        QTRY_VERIFY(prices->model()->rowCount() > 0);
        const int before = prices->model()->rowCount();
        const QString csv = f.dir.filePath(QStringLiteral("outside.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n"
                   "acme,box-1,eu-1,on_demand,2.50,2025-01-28,A100 40GB,1\n"
                   "acme,box-2,eu-1,on_demand,4.50,2025-01-28,A100 40GB,2\n");
        file.close();
        QProcess cli;
        cli.start(QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"),
                  {QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"), csv,
                   QStringLiteral("--document"), f.editor()->document().path()});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        QTRY_COMPARE(prices->model()->rowCount(), before + 2);
    }

    // A second window on a document another window is editing opens it read-only and says so: nothing it does
    // reaches the file, and once the first window has closed it, "Edit here" takes over.
    void secondWindowOnTheSameDocumentIsReadOnlyAndSaysSo()
    {
        UiFixture f;
        QVERIFY(f.open(QStringLiteral("team.mltco")));
        const QString path = f.window->document()->path();
        auto *firstBanner = f.find<QWidget>(QStringLiteral("readOnlyBanner"));
        QVERIFY(firstBanner);
        QVERIFY(firstBanner->isHidden());
        QVERIFY(!f.editor()->isReadOnly());
        const QByteArray storedPlan = store::PlanStore(f.window->document()->database()).plans().first().json;

        auto second = std::make_unique<ui::MainWindow>();
        QVERIFY(second->openDocument(path));
        second->show();
        QVERIFY(QTest::qWaitForWindowExposed(second.get()));
        QVERIFY(second->document()->isReadOnly());
        auto *banner = second->findChild<QWidget *>(QStringLiteral("readOnlyBanner"));
        auto *message = second->findChild<QLabel *>(QStringLiteral("readOnlyMessage"));
        QVERIFY(banner && message);
        QVERIFY(banner->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("open for editing in another mltco window, process %1")
                                              .arg(QCoreApplication::applicationPid())),
                 qPrintable(message->text()));
        QVERIFY(second->windowTitle().contains(QStringLiteral("[read-only]")));
        second->showPage(ui::MainWindow::Catalog);
        auto *import = second->findChild<QPushButton *>(QStringLiteral("importButton"));
        auto *addPrice = second->findChild<QPushButton *>(QStringLiteral("addPriceButton"));
        QVERIFY(import && addPrice);
        QVERIFY(!import->isEnabled());
        QVERIFY(!addPrice->isEnabled());
        QVERIFY(import->toolTip().contains(QStringLiteral("read-only")));

        // Edits in the read-only window stay in memory.
        second->editor()->setWorkloadValue(tco::ParamId::Engineers, 17);
        QCOMPARE(second->editor()->plan().workload.engineers, 17);
        QVERIFY(second->editor()->hasUnsavedChanges());
        QCOMPARE(store::PlanStore(f.window->document()->database()).plans().first().json, storedPlan);

        // Still locked: "Edit here" keeps it read-only; once the first window is gone it takes over.
        auto *retry = second->findChild<QPushButton *>(QStringLiteral("retryEditingButton"));
        QVERIFY(retry && retry->isVisible());
        QTest::mouseClick(retry, Qt::LeftButton);
        QVERIFY(second->document()->isReadOnly());
        f.window.reset();
        retry = second->findChild<QPushButton *>(QStringLiteral("retryEditingButton"));
        QTest::mouseClick(retry, Qt::LeftButton);
        QVERIFY(!second->document()->isReadOnly());
        QTRY_VERIFY(second->findChild<QWidget *>(QStringLiteral("readOnlyBanner"))->isHidden());
        QVERIFY(!second->windowTitle().contains(QStringLiteral("[read-only]")));
    }

    // A file nobody may write (chmod 444) opens with a notice; not even the sample plan is written into it,
    // and "Save a copy" keeps what was edited.
    void readOnlyFileOpensWithNoticeAndSaveACopyKeepsEdits()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("published.mltco"));
        {
            auto created = catalog::openDocument(path); // the seed catalog, no plan yet
            QVERIFY(created);
        }
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray before = file.readAll();
        file.close();

        ui::MainWindow window;
        QVERIFY(window.openDocument(path));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.document()->isReadOnly());
        auto *message = window.findChild<QLabel *>(QStringLiteral("readOnlyMessage"));
        QVERIFY(message && message->isVisible());
        QVERIFY(message->text().contains(QStringLiteral("the file is read-only")));
        QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("retryEditingButton"))->isVisible());
        QVERIFY(!window.editor()->plan().scenarios.isEmpty()); // the sample plan, shown but not stored
        window.editor()->setWorkloadValue(tco::ParamId::HorizonMonths, 60);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
        file.close();

        const QString copy = dir.filePath(QStringLiteral("mine.mltco"));
        QVERIFY(window.saveDocumentAs(copy));
        QVERIFY(!window.document()->isReadOnly());
        QVERIFY(window.findChild<QWidget *>(QStringLiteral("readOnlyBanner"))->isHidden());
        QCOMPARE(window.editor()->plan().workload.horizonMonths, 60);
        const QList<store::StoredPlan> plans = store::PlanStore(window.document()->database()).plans();
        QCOMPARE(plans.size(), 1);
        QVERIFY(plans.first().json.contains("\"horizon_months\": 60"));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
    }

    void headlessRunOnARefusedDocumentSaysWhyAndExits()
    {
        // Used to wait for a click on a modal box that no one could see, with nothing printed.
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("notes.mltco"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("these are notes, not a document\n");
        file.close();
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.path());
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(MLTCO_BIN_DIR "/mltco"),
                      {QStringLiteral("--screenshots"), dir.filePath(QStringLiteral("shots")), bad});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().contains("not a mltco document"));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("shots"))));
    }

    void screenshotsOfEveryPage()
    {
        UiFixture f;
        QVERIFY(f.open());
        const QString dir = f.dir.filePath(QStringLiteral("shots"));
        auto written = f.window->saveScreenshots(dir);
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        // One picture per page at the window's size, plus the whole content of each page that scrolls.
        QStringList pages;
        for (const QString &file : *written) {
            const QImage image(file);
            if (file.endsWith(QLatin1String("-full.png"))) {
                QVERIFY2(!image.isNull() && image.height() > 300, qPrintable(file)); // a scrolled area's whole content
                QVERIFY(written->contains(QString(file).replace(QLatin1String("-full.png"), QLatin1String(".png"))));
            } else if (file.endsWith(QLatin1String("-rates.png"))) {
                // The catalog's exchange-rates tab, at the window's size.
                QCOMPARE(image.size(), QSize(1440, 900));
                QVERIFY(file.endsWith(QLatin1String("03-catalog-rates.png")));
            } else {
                QCOMPARE(image.size(), QSize(1440, 900));
                pages << file;
            }
        }
        QCOMPARE(pages.size(), int(ui::MainWindow::PageCount));
        QVERIFY(std::any_of(written->cbegin(), written->cend(),
                            [](const QString &file) { return file.endsWith(QLatin1String("-rates.png")); }));
    }
};

MLTCO_TEST_MAIN(TestWindowDocuments)
#include "tst_windowdocuments.moc"

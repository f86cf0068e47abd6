// The import dialog driven through its widgets: a generic CSV and SkyPilot's Lambda catalog imported
// in the background, a re-import that adds nothing, a rejected file with `file:line:` reasons and an
// unchanged document, and a cancel that writes nothing.
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QTableView>

using namespace mltco;

class TestImportDialog final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_ui;
    QDialog *m_dialog = nullptr;

    qint64 priceCount() const
    {
        return *store::queryInt(m_ui->window->document()->database(),
                                QStringLiteral("SELECT COUNT(*) FROM price_point"));
    }
    template <typename T> T *widget(const char *name) const { return m_dialog->findChild<T *>(QLatin1String(name)); }
    QTableView *priceTable() const { return m_ui->find<QTableView>(QStringLiteral("priceTable")); }
    void startImport(const QString &path)
    {
        widget<QLineEdit>("importFile")->setText(path);
        QTest::mouseClick(widget<QPushButton>("importButton"), Qt::LeftButton);
    }

private slots:
    void init()
    {
        m_ui = std::make_unique<UiFixture>();
        QVERIFY(m_ui->open());
        // As File > Import price catalog... does.
        m_ui->window->findChild<QAction *>(QStringLiteral("importCatalogAction"))->trigger();
        m_dialog = m_ui->find<QDialog>(QStringLiteral("importDialog"));
        QVERIFY(m_dialog);
        QTRY_VERIFY(m_dialog->isVisible());
        QCOMPARE(m_ui->window->currentPage(), ui::MainWindow::Catalog);
    }

    void cleanup()
    {
        m_dialog = nullptr;
        m_ui.reset();
    }

    void importsAGenericCsvAndShowsWhatItAdded()
    {
        QCOMPARE(priceTable()->model()->rowCount(), 31);
        widget<QLineEdit>("importFile")->setText(QStringLiteral(MLTCO_TEST_DATA_DIR "/ui/catalog-prices.csv"));
        QCOMPARE(widget<QComboBox>("importFormat")->currentIndex(), 0); // recognised as a generic CSV
        QVERIFY(!widget<QComboBox>("importProvider")->isEnabled());
        widget<QDateEdit>("importObservedAt")->setDate(QDate(2025, 6, 1));
        QTest::mouseClick(widget<QPushButton>("importButton"), Qt::LeftButton);
        auto *summary = widget<QLabel>("importSummary");
        QTRY_VERIFY(summary->isVisible());
        QVERIFY2(summary->text().contains(QStringLiteral("4 price points")), qPrintable(summary->text()));
        QVERIFY(summary->text().contains(QStringLiteral("acme 1, aws 1, lambda 2")));
        QVERIFY(summary->text().contains(QStringLiteral("2 instance types")));
        QCOMPARE(priceTable()->model()->rowCount(), 35);
        QCOMPARE(priceCount(), 35);
        QVERIFY(!widget<QPlainTextEdit>("importErrors")->isVisible());

        // The same file again adds nothing, and says so.
        QTest::mouseClick(widget<QPushButton>("importButton"), Qt::LeftButton);
        QTRY_VERIFY(summary->text().contains(QStringLiteral("already imported — nothing added")));
        QCOMPARE(priceCount(), 35);
        QCOMPARE(priceTable()->model()->rowCount(), 35);
    }

    void aRejectedFileListsEveryBadRowAndChangesNothing()
    {
        widget<QDateEdit>("importObservedAt")->setDate(QDate(2025, 6, 1));
        startImport(QStringLiteral(MLTCO_TEST_DATA_DIR "/ui/catalog-bad.csv"));
        auto *errors = widget<QPlainTextEdit>("importErrors");
        QTRY_VERIFY(errors->isVisible());
        const QString text = errors->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("catalog-bad.csv:3: unknown pricing model \"hourly\"")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("catalog-bad.csv:4:")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("The document is unchanged.")));
        QCOMPARE(priceCount(), 31);
        QCOMPARE(priceTable()->model()->rowCount(), 31);
        QVERIFY(!widget<QLabel>("importSummary")->isVisible());
    }

    void skyPilotFileHasItsCloudGuessedAndCpuRowsLeftOut()
    {
        widget<QLineEdit>("importFile")->setText(QStringLiteral(MLTCO_SHARED_DIR "/data/skypilot-v8-lambda-vms.csv"));
        QCOMPARE(widget<QComboBox>("importFormat")->currentIndex(), 1);
        QCOMPARE(widget<QComboBox>("importProvider")->currentText(), QStringLiteral("lambda"));
        QVERIFY(widget<QCheckBox>("importSkipCpu")->isChecked());
        widget<QDateEdit>("importObservedAt")->setDate(QDate(2025, 9, 1));
        QTest::mouseClick(widget<QPushButton>("importButton"), Qt::LeftButton);
        auto *summary = widget<QLabel>("importSummary");
        QTRY_VERIFY_WITH_TIMEOUT(summary->isVisible(), 20000);
        QVERIFY2(summary->text().contains(QStringLiteral("Price points by provider: lambda")),
                 qPrintable(summary->text()));
        QVERIFY(summary->text().contains(QStringLiteral("left out")));
        QVERIFY(priceCount() > 31);
        QCOMPARE(priceTable()->model()->rowCount(), priceCount());
    }

    void azureRetailPagesAreRecognisedAndDatedByTheFeed()
    {
        widget<QLineEdit>("importFile")->setText(QStringLiteral(MLTCO_TEST_DATA_DIR "/import/azure-retail-vms.json"));
        QVERIFY(widget<QComboBox>("importFormat")->currentText().contains(QStringLiteral("Azure Retail Prices")));
        QVERIFY(!widget<QDateEdit>("importObservedAt")->isEnabled()); // each price keeps its effectiveStartDate
        QVERIFY(widget<QCheckBox>("importSkipCpu")->isEnabled());
        const qint64 before = priceCount();
        QTest::mouseClick(widget<QPushButton>("importButton"), Qt::LeftButton);
        auto *summary = widget<QLabel>("importSummary");
        QTRY_VERIFY(summary->isVisible());
        // GPU sizes only: the H100 and A100 sizes' on-demand and Spot prices.
        QVERIFY2(summary->text().contains(QStringLiteral("4 price points")), qPrintable(summary->text()));
        QVERIFY2(summary->text().contains(QStringLiteral("Windows prices left out")), qPrintable(summary->text()));
        QCOMPARE(priceCount(), before + 4);

        // A folder of pages is Azure's, whatever the format chosen before.
        widget<QComboBox>("importFormat")->setCurrentIndex(0);
        widget<QLineEdit>("importFile")->setText(QStringLiteral(MLTCO_TEST_DATA_DIR "/import/azure-retail-pages"));
        QVERIFY(widget<QComboBox>("importFormat")->currentText().contains(QStringLiteral("Azure Retail Prices")));
        QTest::mouseClick(widget<QPushButton>("importButton"), Qt::LeftButton);
        QTRY_VERIFY2(summary->text().contains(QStringLiteral("Imported azure-retail-pages")),
                     qPrintable(summary->text()));
        QVERIFY2(summary->text().contains(QStringLiteral("4 price points")), qPrintable(summary->text()));
    }

    void awsPriceListIsRecognisedAndDatedByItsPublication()
    {
        widget<QLineEdit>("importFile")
            ->setText(QStringLiteral(MLTCO_TEST_DATA_DIR "/import/aws-pricelist-ec2-2025.csv"));
        QCOMPARE(widget<QComboBox>("importFormat")->currentIndex(), 2);
        QVERIFY(widget<QComboBox>("importFormat")->currentText().contains(QStringLiteral("AWS Price List")));
        QCOMPARE(widget<QDateEdit>("importObservedAt")->date(), QDate(2025, 9, 12)); // its Publication Date
        QVERIFY(!widget<QComboBox>("importProvider")->isEnabled());
        QVERIFY(widget<QCheckBox>("importSkipCpu")->isEnabled());
        QVERIFY(widget<QCheckBox>("importSkipCpu")->isChecked());
        QTest::mouseClick(widget<QPushButton>("importButton"), Qt::LeftButton);
        auto *summary = widget<QLabel>("importSummary");
        QTRY_VERIFY(summary->isVisible());
        // GPU types only: three on-demand prices (not m5.large) and three reserved terms.
        QVERIFY2(summary->text().contains(QStringLiteral("6 price points")), qPrintable(summary->text()));
        QVERIFY2(summary->text().contains(QStringLiteral("3 reserved terms")), qPrintable(summary->text()));
        QCOMPARE(priceCount(), 37);
        QCOMPARE(priceTable()->model()->rowCount(), 37);
        // The catalog's table says how each reservation is paid.
        QAbstractItemModel *model = priceTable()->model();
        QStringList allUpfront;
        for (int row = 0; row < model->rowCount(); ++row) {
            QStringList cells;
            for (int column = 0; column < model->columnCount(); ++column)
                cells << model->index(row, column).data().toString();
            if (cells.join(QLatin1Char('|')).contains(QStringLiteral("All Upfront")))
                allUpfront = cells;
        }
        QVERIFY(!allUpfront.isEmpty());
        QVERIFY2(allUpfront.contains(QStringLiteral("Reserved 3 yr · All Upfront")), qPrintable(allUpfront.join(u'|')));
        QVERIFY2(allUpfront.contains(QStringLiteral("$294,558.00 up front + $0.00 per hour")),
                 qPrintable(allUpfront.join(u'|')));
        QVERIFY2(allUpfront.contains(QStringLiteral("$11.2084")),
                 qPrintable(allUpfront.join(u'|'))); // over 26,280 hours
    }

    void skyPilotWithoutACloudCannotStart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vms.csv"));
        QFile::copy(QStringLiteral(MLTCO_SHARED_DIR "/data/skypilot-v8-lambda-vms.csv"), path);
        widget<QLineEdit>("importFile")->setText(path);
        QCOMPARE(widget<QComboBox>("importFormat")->currentIndex(), 1);
        QVERIFY(!widget<QPushButton>("importButton")->isEnabled());
        QVERIFY(widget<QLabel>("importProblems")->text().contains(QStringLiteral("which cloud")));
        widget<QComboBox>("importProvider")->setCurrentText(QStringLiteral("lambda"));
        QVERIFY(widget<QPushButton>("importButton")->isEnabled());
    }

    void cancelWritesNothing()
    {
        // A file big enough that the import is still reading when the cancel arrives.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big-prices.csv"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("provider,instance_type,region,pricing_model,price,observed_at\n");
        for (int i = 0; i < 200000; ++i)
            file.write(QByteArray("aws,p4d.24xlarge,r") + QByteArray::number(i % 50) + ",on_demand,21.5,2025-06-01\n");
        file.close();
        widget<QDateEdit>("importObservedAt")->setDate(QDate(2025, 6, 1));
        startImport(path);
        auto *progress = m_dialog->findChild<QProgressDialog *>(QStringLiteral("importProgress"));
        QVERIFY(progress);
        QTest::mouseClick(progress->findChild<QPushButton *>(), Qt::LeftButton); // its Cancel button
        auto *summary = widget<QLabel>("importSummary");
        QTRY_VERIFY_WITH_TIMEOUT(summary->isVisible(), 20000);
        QVERIFY2(summary->text().contains(QStringLiteral("cancelled")), qPrintable(summary->text()));
        QCOMPARE(priceCount(), 31);
        QCOMPARE(priceTable()->model()->rowCount(), 31);
    }
};

MLTCO_TEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"

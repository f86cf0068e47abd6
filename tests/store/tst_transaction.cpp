// The RAII transaction guard: commit keeps, destruction without commit rolls back, a failing
// statement inside an operation leaves nothing behind; a writer waits its turn, then is told. On a file and on a
// team store (tst_transaction_pg).
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importwriter.h"
#include "models/store/dialect.h"
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;

class TestTransaction final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<store::Document> m_doc;

    qint64 providers() { return *store::queryInt(m_doc->database(), QStringLiteral("SELECT COUNT(*) FROM provider")); }
    bool addProvider(const QString &name)
    {
        return bool(store::exec(m_doc->database(), QStringLiteral("INSERT INTO provider (name, kind) VALUES (?, 'gpu_cloud')"),
                                {name}));
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        auto doc =
            store::Document::open(test::newStoreLocation(m_dir, QString::fromLatin1(QTest::currentTestFunction())));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        m_doc = std::move(*doc);
    }

    void cleanup() { m_doc.reset(); }

    void commitKeepsWrites()
    {
        store::Transaction tx(m_doc->database());
        QVERIFY(tx.isActive());
        QVERIFY(addProvider(QStringLiteral("a")));
        QVERIFY(tx.commit());
        QCOMPARE(providers(), 1);
    }

    void destructionWithoutCommitRollsBack()
    {
        {
            store::Transaction tx(m_doc->database());
            QVERIFY(addProvider(QStringLiteral("a")));
            QVERIFY(addProvider(QStringLiteral("b")));
        }
        QCOMPARE(providers(), 0);
    }

    void failedStatementRollsBackTheWholeOperation()
    {
        {
            store::Transaction tx(m_doc->database());
            QVERIFY(addProvider(QStringLiteral("a")));
            QVERIFY(!addProvider(QStringLiteral("a"))); // UNIQUE violation
            // the operation gives up without committing
        }
        QCOMPARE(providers(), 0);
    }

    // A writer that waits longer than the busy timeout for another one gives up with a message saying so,
    // and writes nothing.
    void busyDocumentIsRefusedInWords()
    {
        auto other = store::Document::openExisting(m_doc->path());
        QVERIFY(other);
        store::Transaction holding((*other)->database());
        QVERIFY(holding.isActive());
        store::dialect::setBusyTimeout(m_doc->database(), 200);
        {
            store::Transaction waiting(m_doc->database());
            QVERIFY(!waiting.isActive());
            QVERIFY2(waiting.errorString().contains(QStringLiteral("busy for more than 200 ms")), qPrintable(waiting.errorString()));
            QVERIFY(waiting.errorString().contains(QStringLiteral("Nothing was written")));
        }
        holding.rollback();
        store::Transaction after(m_doc->database());
        QVERIFY(after.isActive());
    }

    void failedImportLeavesDocumentUnchanged()
    {
        // An import whose price names an instance it does not list fails as a whole.
        catalog::ImportData data;
        data.format = QStringLiteral("csv");
        data.providers << catalog::Provider{QStringLiteral("acme"), QStringLiteral("Acme"), catalog::ProviderKind::GpuCloud};
        data.instances << catalog::InstanceType{QStringLiteral("acme"), QStringLiteral("box"), QStringLiteral("A100 40GB"), 1, 8, 64, {}};
        catalog::PricePoint ok;
        ok.provider = QStringLiteral("acme");
        ok.instance = QStringLiteral("box");
        ok.region = QStringLiteral("r1");
        ok.amount = 1.5;
        ok.observedAt = QDate(2025, 1, 1);
        catalog::PricePoint bad = ok;
        bad.instance = QStringLiteral("ghost");
        data.prices << ok << bad;
        catalog::CatalogRepository repo(m_doc->database());
        auto result = catalog::applyImport(repo.database(), data, {QStringLiteral("f.csv"), QStringLiteral("abc"), QDate(2025, 1, 1)});
        QVERIFY(!result);
        QCOMPARE(providers(), 0);
        QCOMPARE(*store::queryInt(m_doc->database(), QStringLiteral("SELECT COUNT(*) FROM price_point")), 0);
        QCOMPARE(*store::queryInt(m_doc->database(), QStringLiteral("SELECT COUNT(*) FROM import_batch")), 0);
        QCOMPARE(*store::queryInt(m_doc->database(), QStringLiteral("SELECT COUNT(*) FROM source")), 0);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestTransaction)
#include "tst_transaction.moc"

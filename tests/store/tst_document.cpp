// The .mltco document: creation, reopening, refusing files that are not mltco documents (untouched),
// schema version checks and Save As copies.
#include "models/catalog/catalogrepository.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "models/store/schema.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"
#include "tests/support/testmain.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;

namespace {

QByteArray digest(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Writes a plain SQLite database (not a mltco document) with the given pragmas.
void writeSqlite(const QString &path, int applicationId, int userVersion)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fixture"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE t (x INTEGER)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO t VALUES (42)")));
        QVERIFY(q.exec(QStringLiteral("PRAGMA application_id = %1").arg(applicationId)));
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = %1").arg(userVersion)));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("fixture"));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestDocument final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void missingPathCreatesDocumentWithSchemaAndPragmas()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/new.mltco"));
        auto doc = store::Document::open(path);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QVERIFY(QFile::exists(path));
        const QSqlDatabase db = (*doc)->database();
        QCOMPARE(*store::queryInt(db, QStringLiteral("PRAGMA application_id")), store::kApplicationId);
        QCOMPARE(*store::queryInt(db, QStringLiteral("PRAGMA user_version")), store::kFileSchemaVersion);
        QCOMPARE(*store::queryInt(db, QStringLiteral("PRAGMA foreign_keys")), 1);
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        // No temporary file is left beside the new document.
        QCOMPARE(QDir(dir.filePath(QStringLiteral("sub"))).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral("creating")),
                 QStringList());
    }

    void aFileOfVersion7OrMarked8OpensAsItIs()
    {
        // Version 8 changed a team store only: a file stays at 7, so the previous build still opens what this one
        // writes, and a version-7 file opens read-only as it is. A file marked 8 by the builds that marked files 8
        // holds the same tables and opens too, its mark left alone.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("seven.mltco"));
        {
            auto doc = store::Document::open(path);
            QVERIFY(doc);
            QCOMPARE(*store::queryInt((*doc)->database(), QStringLiteral("PRAGMA user_version")), 7);
        }
        QVERIFY(store::Document::openExisting(path, store::Access::ReadOnly));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("mark8"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QVERIFY(store::execPlain(db, QStringLiteral("PRAGMA user_version = 8")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("mark8"));
        QVERIFY(store::Document::openExisting(path, store::Access::ReadOnly));
        auto doc = store::Document::openExisting(path);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QCOMPARE(*store::queryInt((*doc)->database(), QStringLiteral("PRAGMA user_version")), 8);
    }

    void schemaVersion1IsUpgradedWithEveryPrice()
    {
        // tests/data/store/schema-v1.mltco was written by schema version 1 (the seed catalog and an import). Opening
        // it for writing rebuilds the price table with the purchase-option columns and keeps every row as it was.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.mltco"));
        QVERIFY(QFile::copy(QStringLiteral(MLTCO_TEST_DATA_DIR "/store/schema-v1.mltco"), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        const QString rowsSql = QStringLiteral(
            "SELECT group_concat(id || '|' || instance_type_id || '|' || region || '|' || pricing_model || '|' || "
            "COALESCE(amount, 'null') || '|' || observed_at || '|' || source_id || '|' || note, ';') "
            "FROM (SELECT * FROM price_point ORDER BY id)");
        QString before;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QCOMPARE(*store::queryInt(db, QStringLiteral("PRAGMA user_version")), 1);
            QSqlQuery q(db);
            QVERIFY(q.exec(rowsSql) && q.next());
            before = q.value(0).toString();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v1"));
        QVERIFY(before.count(u';') >= 30); // the fixture has a few dozen prices

        auto doc = store::Document::open(path);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        const QSqlDatabase db = (*doc)->database();
        QCOMPARE(*store::queryInt(db, QStringLiteral("PRAGMA user_version")), store::kFileSchemaVersion);
        QSqlQuery q(db);
        QVERIFY(q.exec(rowsSql) && q.next());
        QCOMPARE(q.value(0).toString(), before);
        QCOMPARE(*store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM price_point WHERE purchase_option <> '' OR "
                                                     "offering_class <> '' OR upfront IS NOT NULL")),
                 0);
        QCOMPARE(*store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM pragma_index_list('price_point') "
                                                     "WHERE name = 'price_point_lookup'")),
                 1);
        QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_key_check")));
        QVERIFY(!q.next());
    }

    void pricePointChecksKeepReservationsWhole_data()
    {
        QTest::addColumn<QString>("values"); // pricing_model, amount, purchase_option, offering_class, upfront
        QTest::addColumn<bool>("accepted");
        QTest::newRow("on demand") << QStringLiteral("'on_demand', 3.5, '', '', NULL") << true;
        QTest::newRow("on demand, free") << QStringLiteral("'on_demand', 0, '', '', NULL") << false;
        QTest::newRow("no upfront") << QStringLiteral("'reserved_1y', 2.0, 'no_upfront', 'standard', NULL") << true;
        QTest::newRow("partial") << QStringLiteral("'reserved_3y', 1.0, 'partial_upfront', 'convertible', 9000")
                                 << true;
        QTest::newRow("all upfront, 0 an hour")
            << QStringLiteral("'reserved_3y', 0, 'all_upfront', 'standard', 20000") << true;
        QTest::newRow("partial without its fee")
            << QStringLiteral("'reserved_3y', 1.0, 'partial_upfront', '', NULL") << false;
        QTest::newRow("all upfront without its fee")
            << QStringLiteral("'reserved_1y', 0, 'all_upfront', '', NULL") << false;
        QTest::newRow("a fee with no upfront") << QStringLiteral("'reserved_1y', 2.0, 'no_upfront', '', 100") << false;
        QTest::newRow("a fee of nothing") << QStringLiteral("'reserved_1y', 0, 'all_upfront', '', 0") << false;
        QTest::newRow("on demand bought up front")
            << QStringLiteral("'on_demand', 2.0, 'no_upfront', '', NULL") << false;
        QTest::newRow("a class without an option")
            << QStringLiteral("'reserved_1y', 2.0, '', 'standard', NULL") << false;
        QTest::newRow("0 an hour, partly up front")
            << QStringLiteral("'reserved_1y', 0, 'partial_upfront', '', 50") << false;
    }

    void pricePointChecksKeepReservationsWhole()
    {
        QFETCH(QString, values);
        QFETCH(bool, accepted);
        QTemporaryDir dir;
        auto doc = store::Document::open(dir.filePath(QStringLiteral("checks.mltco")));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QSqlQuery q((*doc)->database());
        QVERIFY(q.exec(QStringLiteral("INSERT INTO provider (name, kind) VALUES ('aws', 'hyperscaler')")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO instance_type (provider_id, name) VALUES (1, 'p4d.24xlarge')")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO source (key, kind, title) VALUES ('user', 'user', 'By hand')")));
        const bool inserted = q.exec(
            QStringLiteral("INSERT INTO price_point (instance_type_id, region, pricing_model, amount, purchase_option, "
                           "offering_class, upfront, unit, observed_at, source_id) SELECT (SELECT MIN(id) FROM "
                           "instance_type), 'r1', %1, 'hour', '2025-01-01', (SELECT MIN(id) FROM source)")
                .arg(values));
        QVERIFY2(inserted == accepted, qPrintable(q.lastError().text()));
    }

    void newDocumentHoldsTheSeedCatalog()
    {
        QTemporaryDir dir;
        auto doc = catalog::openDocument(dir.filePath(QStringLiteral("seeded.mltco")));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        catalog::CatalogRepository repo((*doc)->database());
        QVERIFY(!repo.providers().isEmpty());
        QVERIFY(!repo.prices().isEmpty());
        QVERIFY(!repo.gpus().isEmpty());
    }

    void reopenKeepsData()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.mltco"));
        {
            auto doc = store::Document::open(path);
            QVERIFY(doc);
            QVERIFY(store::exec((*doc)->database(),
                                QStringLiteral("INSERT INTO provider (name, display_name, kind) VALUES (?, ?, ?)"),
                                {QStringLiteral("acme"), QStringLiteral("Acme"), QStringLiteral("gpu_cloud")}));
        }
        auto again = store::Document::openExisting(path);
        QVERIFY(again);
        QCOMPARE(*store::queryInt((*again)->database(), QStringLiteral("SELECT COUNT(*) FROM provider WHERE name = 'acme'")), 1);
    }

    void openExistingRefusesMissingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("absent.mltco"));
        auto doc = store::Document::openExisting(path);
        QVERIFY(!doc);
        QVERIFY(doc.error().message.contains(QStringLiteral("absent.mltco")));
        QVERIFY(!QFile::exists(path));
    }

    void documentIsARegularFilePath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words");
        QTest::newRow("in-memory name") << ":memory:" << "in-memory database or a resource";
        QTest::newRow("resource") << ":/seed/catalog.json" << "in-memory database or a resource";
        QTest::newRow("SQLite URI") << "file:x?mode=memory" << "not a URI";
        QTest::newRow("file URL") << "file:///ABS/x.mltco" << "not a URI";
        QTest::newRow("folder") << "ABS" << "it is a folder";
        QTest::newRow("folder with a slash") << "ABS/sub/" << "it is a folder";
        QTest::newRow("device") << "/dev/null" << "not a regular file";
        QTest::newRow("empty") << "" << "needs a file name";
    }

    void documentIsARegularFilePath()
    {
        // Each is refused in words and leaves nothing behind: no folder named ":" or "file:", no empty file.
        QFETCH(QString, path);
        QFETCH(QString, words);
        QTemporaryDir dir;
        path.replace(QLatin1String("ABS"), dir.path());
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        auto created = store::Document::open(path);
        auto existing = store::Document::openExisting(path);
        QVERIFY(QDir::setCurrent(before));
        QVERIFY(!created);
        QVERIFY(!existing);
        QVERIFY2(created.error().message.contains(words), qPrintable(created.error().message));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
    }

    void damagedDocumentIsRefusedUntouched()
    {
        // 4 KiB overwritten: the document is refused in words before anything reads it as empty or writes into
        // it, and the file stays as it was. Twice: inside the first page, where SQLite reads the schema (its first
        // statement fails), and a page of a table further on (only the integrity check finds it).
        QTemporaryDir dir;
        for (const bool schemaPage : {true, false}) {
            const QString path = dir.filePath(schemaPage ? QStringLiteral("schema.mltco") : QStringLiteral("table.mltco"));
            {
                auto doc = catalog::openDocument(path);
                QVERIFY(doc);
            }
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadWrite));
            const QByteArray header = file.read(100);
            const int pageSize = (quint8(header[16]) << 8 | quint8(header[17])) == 1 ? 65536
                                                                                      : quint8(header[16]) << 8 | quint8(header[17]);
            QCOMPARE(pageSize, 32768); // a new document's
            QVERIFY(file.size() > 6 * pageSize);
            file.seek(schemaPage ? 5 * 4096 : 5 * pageSize);
            file.write(QByteArray(4096, '\x5a'));
            file.close();
            const QByteArray before = readAll(path);
            auto doc = store::Document::openExisting(path);
            QVERIFY(!doc);
            QVERIFY2(doc.error().message.contains(QStringLiteral("the document is damaged")), qPrintable(doc.error().message));
            QVERIFY(!store::Document::open(path));
            QCOMPARE(readAll(path), before);
        }
    }

    void documentPathIsShownAbsolute()
    {
        QTemporaryDir dir;
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        auto doc = store::Document::open(QStringLiteral("sub/../team.mltco"));
        QVERIFY(QDir::setCurrent(before));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QCOMPARE((*doc)->path(), QDir(dir.path()).filePath(QStringLiteral("team.mltco")));
    }

    void refusesBadFilesUnchanged_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("text file") << "text" << "not a SQLite database";
        QTest::newRow("empty file") << "empty" << "empty";
        QTest::newRow("sqlite, not mltco") << "sqlite" << "not a mltco document";
        QTest::newRow("newer schema") << "newer" << "newer version of mltco";
    }

    void refusesBadFilesUnchanged()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.mltco"));
        if (kind == QLatin1String("text")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("provider,instance\naws,p3.2xlarge\n" + QByteArray(200, 'x'));
        } else if (kind == QLatin1String("empty")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
        } else if (kind == QLatin1String("sqlite")) {
            writeSqlite(path, 0, 0);
        } else {
            writeSqlite(path, store::kApplicationId, store::kNewestFileSchemaRead + 1);
        }
        const QByteArray before = digest(path);
        const auto entriesBefore = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);

        auto doc = store::Document::open(path);
        QVERIFY(!doc);
        QVERIFY2(doc.error().message.contains(reason), qPrintable(doc.error().message));
        QVERIFY2(doc.error().message.contains(QStringLiteral("bad.mltco")), qPrintable(doc.error().message));
        QCOMPARE(digest(path), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), entriesBefore);
        QVERIFY(!store::Document::inspect(path));
    }

    void copyToWritesAnOpenableCopy()
    {
        QTemporaryDir dir;
        auto doc = catalog::openDocument(dir.filePath(QStringLiteral("a.mltco")));
        QVERIFY(doc);
        const QString target = dir.filePath(QStringLiteral("copies/b.mltco"));
        QVERIFY((*doc)->copyTo(target));
        auto copy = store::Document::openExisting(target);
        QVERIFY2(copy, copy ? "" : qPrintable(copy.error().message));
        QCOMPARE(*store::queryInt((*copy)->database(), QStringLiteral("SELECT COUNT(*) FROM price_point")),
                 *store::queryInt((*doc)->database(), QStringLiteral("SELECT COUNT(*) FROM price_point")));
        // Copying over an existing file replaces it.
        QVERIFY((*doc)->copyTo(target));
    }

    void copyToUnwritablePlaceFailsInWords()
    {
        QTemporaryDir dir;
        auto doc = store::Document::open(dir.filePath(QStringLiteral("a.mltco")));
        QVERIFY(doc);
        const Status s = (*doc)->copyTo(QStringLiteral("/proc/not-here/b.mltco"));
        QVERIFY(!s);
        QVERIFY(s.error().message.contains(QStringLiteral("Cannot save")));
    }

    // A file nobody may write (chmod 444) opens read-only, for root too, who could write it anyway: reading
    // works, every write is refused in words, and the file and its folder are left exactly as they were.
    void readOnlyFileOpensReadOnlyAndStaysUntouched()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shared.mltco"));
        {
            auto created = catalog::openDocument(path);
            QVERIFY(created);
        }
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const QByteArray before = readAll(path);
        const QStringList filesBefore = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);

        auto doc = store::Document::openExisting(path);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QVERIFY((*doc)->isReadOnly());
        QCOMPARE((*doc)->readOnlyReason(), QStringLiteral("the file is read-only"));
        const catalog::CatalogRepository repo((*doc)->database());
        QVERIFY(!repo.providers().isEmpty());

        const Status refused = (*doc)->checkWritable(QStringLiteral("import into"));
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(QStringLiteral("read-only (the file is read-only)")));
        QVERIFY(refused.error().message.contains(QStringLiteral("Nothing was written")));
        // Below the checks: SQLite itself refuses, whatever a caller tries.
        QSqlQuery write((*doc)->database());
        QVERIFY(!write.exec(QStringLiteral("INSERT INTO provider (name, kind) VALUES ('x', 'gpu_cloud')")));
        store::Transaction tx((*doc)->database());
        if (tx.isActive()) {
            QSqlQuery again((*doc)->database());
            QVERIFY(!again.exec(QStringLiteral("DELETE FROM price_point")));
        } else {
            QVERIFY2(tx.errorString().contains(QStringLiteral("read-only")), qPrintable(tx.errorString()));
        }
        doc = Error{};
        QCOMPARE(readAll(path), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), filesBefore); // no -wal or -shm left
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
    }

    // Read-only on request (a second window): SQLite's read-only mode, which still sees what other
    // connections commit.
    void readOnlyOnRequestSeesOtherWriters()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("two.mltco"));
        auto writer = catalog::openDocument(path);
        QVERIFY(writer);
        auto reader = store::Document::openExisting(path, store::Access::ReadOnly,
                                                    QStringLiteral("it is open for editing in another window"));
        QVERIFY(reader);
        QVERIFY((*reader)->isReadOnly());
        QCOMPARE((*reader)->readOnlyReason(), QStringLiteral("it is open for editing in another window"));
        QVERIFY(!(*writer)->isReadOnly());
        const qint64 before = *store::queryInt((*reader)->database(), QStringLiteral("SELECT COUNT(*) FROM provider"));
        QVERIFY(store::execPlain((*writer)->database(),
                                 QStringLiteral("INSERT INTO provider (name, kind) VALUES ('newco', 'gpu_cloud')")));
        QCOMPARE(*store::queryInt((*reader)->database(), QStringLiteral("SELECT COUNT(*) FROM provider")), before + 1);
        QSqlQuery write((*reader)->database());
        QVERIFY(!write.exec(QStringLiteral("DELETE FROM provider WHERE name = 'newco'")));
        QVERIFY(!store::Document::open(dir.filePath(QStringLiteral("missing.mltco")), {}, store::Access::ReadOnly));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("missing.mltco"))));
    }

    // A read-only file whose path needs escaping in a SQLite URI still opens as itself.
    void readOnlyPathWithUriCharacters()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("100% plan #2?.mltco"));
        {
            auto created = catalog::openDocument(path);
            QVERIFY(created);
        }
        auto doc = store::Document::openExisting(path, store::Access::ReadOnly);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QVERIFY(!catalog::CatalogRepository((*doc)->database()).providers().isEmpty());
        QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("*.mltco")}, QDir::Files).size(), 1);
    }

    void defaultPathIsUnderAppData()
    {
        QVERIFY(store::Document::defaultPath().startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"

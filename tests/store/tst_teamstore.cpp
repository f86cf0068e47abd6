// A team store on PostgreSQL, against the run's throwaway cluster (tests/support/pgcluster.sh): what is refused and
// left untouched, what the server's GRANTs allow each role, two importers at once, passwords from a .pgpass file,
// TLS options passed through, other users' changes noticed, and copies between a file and a store either way.
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/dialect.h"
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "models/store/schema.h"
#include "models/store/sqlutil.h"
#include "models/store/copy/storecopy.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <thread>

using namespace mltco;

namespace {

/// SQL that takes a store back from version 9 to 8: fx_rate's source a foreign key again.
QString undoVersion9()
{
    return QStringLiteral("DROP TRIGGER fx_rate_sources_insert ON fx_rate; DROP TRIGGER fx_rate_sources_update ON fx_rate; "
                          "DROP FUNCTION mltco_rate_sources(); DROP TRIGGER source_named_by_rates_delete ON source; "
                          "DROP TRIGGER source_named_by_rates_update ON source; DROP FUNCTION mltco_source_named_by_rates(); "
                          "ALTER TABLE fx_rate ADD FOREIGN KEY (source_id) REFERENCES source(id); ");
}

QString adminQuery(const QString &database, const QString &sql)
{
    const QString name = QStringLiteral("probe-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QString value;
    {
        Expected<QSqlDatabase> db = store::connectLocation(test::clusterUrl(database), name, 0);
        if (db) {
            QSqlQuery q(*db);
            value = q.exec(sql) && q.next() ? q.value(0).toString() : QStringLiteral("ERROR: ") + q.lastError().text();
        } else {
            value = QStringLiteral("ERROR: ") + db.error().message;
        }
    }
    store::disconnectDatabase(name);
    return value;
}

/// A store at the current schema version, its prices' parents and its rates' sources proven per statement (no
/// foreign key on either table, their triggers in place). What differs, or empty.
QString atTheCurrentVersion(const QString &db)
{
    const struct
    {
        const char *what, *sql;
        QString expected;
    } checks[] = {
        {"schema version", "SELECT schema_version FROM mltco_document", QString::number(store::kStoreSchemaVersion)},
        {"foreign keys of prices and rates",
         "SELECT count(*) FROM pg_constraint WHERE conrelid IN ('price_point'::regclass, 'fx_rate'::regclass) AND "
         "contype = 'f'",
         QStringLiteral("0")},
        {"the prices' triggers", "SELECT count(*) FROM pg_trigger WHERE tgname LIKE '%parents%' OR tgname LIKE "
                                 "'%named_by_prices%'",
         QStringLiteral("8")},
        {"the rates' triggers", "SELECT count(*) FROM pg_trigger WHERE tgname LIKE 'fx_rate_sources%' OR tgname LIKE "
                                "'%named_by_rates%'",
         QStringLiteral("4")},
    };
    for (const auto &c : checks) {
        if (const QString got = adminQuery(db, QString::fromLatin1(c.sql)); got != c.expected)
            return QStringLiteral("%1: %2, not %3").arg(QLatin1String(c.what), got, c.expected);
    }
    return {};
}

/// A statement a foreign key would refuse: what it does, its SQL, and words the refusal must hold.
struct Refusal
{
    const char *what, *sql, *said;
};

/// Runs each statement as the superuser: each must be refused with its words and SQLSTATE 23503, and `counts()` (the
/// tables' state) must come out as it was. What went wrong, or empty.
template <std::size_t N>
QString refusedAsAForeignKey(const QString &db, const Refusal (&refusals)[N], const std::function<QString()> &counts)
{
    const QString before = counts();
    for (const Refusal &r : refusals) {
        const QString error = test::clusterExec(db, QString::fromLatin1(r.sql));
        if (!error.contains(QLatin1String(r.said)) || !error.contains(QStringLiteral("23503")))
            return QStringLiteral("%1: %2").arg(QLatin1String(r.what), error);
        if (const QString now = counts(); now != before)
            return QStringLiteral("%1: refused, but the tables changed (%2, before %3)").arg(QLatin1String(r.what), now, before);
    }
    return {};
}

/// A file of `rows` generic CSV prices of instance `instance` (a provider and instance type the seed catalog lacks).
QString writePrices(const QTemporaryDir &dir, const QString &name, const QString &instance, int rows)
{
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("observed_at,provider,instance_type,region,pricing_model,price,unit,provider_kind,gpu,gpu_count\n");
    for (int i = 0; i < rows; ++i)
        file.write(
            QStringLiteral("%1,neocloud,%2,region-%3,on_demand,%4,hour,gpu_cloud,H100 80GB,8\n")
                .arg(name == QLatin1String("a.csv") ? QStringLiteral("2026-11-01") : QStringLiteral("2026-11-02"),
                     instance)
                .arg(i)
                .arg(10.0 + i / 1000.0, 0, 'f', 3)
                .toUtf8());
    return file.fileName();
}

} // namespace

class TestTeamStore final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(test::clusterPort() > 0, "the pg_cluster fixture did not start a cluster");
    }

    void aNewStoreIsCreatedWholeWithTheSeedCatalog()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("created"));
        auto doc = catalog::openDocument(test::clusterUrl(db));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QVERIFY((*doc)->isTeamStore());
        QVERIFY(!(*doc)->isReadOnly());
        QCOMPARE((*doc)->displayName(), QStringLiteral("%1 on 127.0.0.1").arg(db));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT schema_version FROM mltco_document")),
                 QString::number(store::kStoreSchemaVersion));
        QVERIFY(adminQuery(db, QStringLiteral("SELECT count(*) FROM instance_type")).toInt() > 10);
        // Reopened: the same store, not seeded twice.
        const QString before = adminQuery(db, QStringLiteral("SELECT count(*) FROM price_point"));
        auto again = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(again);
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM price_point")), before);
    }

    void aDatabaseOfAnotherApplicationIsRefusedUntouched()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("foreign"));
        QCOMPARE(
            test::clusterExec(db, QStringLiteral("CREATE TABLE invoices (id int); INSERT INTO invoices VALUES (7)")),
            QString());
        auto doc = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(!doc);
        QVERIFY2(doc.error().message.contains(QStringLiteral("belongs to another application")),
                 qPrintable(doc.error().message));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")),
                 QStringLiteral("1"));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT id FROM invoices")), QStringLiteral("7"));
    }

    void aNewerStoreIsRefusedUntouched()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("newer"));
        QVERIFY(catalog::openDocument(test::clusterUrl(db)));
        QCOMPARE(
            test::clusterExec(
                db, QStringLiteral("UPDATE mltco_document SET schema_version = %1").arg(store::kStoreSchemaVersion + 1)),
            QString());
        auto doc = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(!doc);
        QVERIFY2(doc.error().message.contains(QStringLiteral("newer version of mltco")),
                 qPrintable(doc.error().message));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT schema_version FROM mltco_document")),
                 QString::number(store::kStoreSchemaVersion + 1));
    }

    void openingAnEmptyDatabaseAsExistingIsRefused()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("empty"));
        auto doc = store::Document::openExisting(test::clusterUrl(db));
        QVERIFY(!doc);
        QVERIFY2(doc.error().message.contains(QStringLiteral("holds no mltco store yet")),
                 qPrintable(doc.error().message));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")),
                 QStringLiteral("0"));
    }

    void badAddressesAreRefusedInWords()
    {
        const auto refused = [](const QString &url) {
            auto doc = store::Document::open(url);
            return doc ? QString() : doc.error().message;
        };
        QVERIFY(
            refused(QStringLiteral("postgresql://me@db.example.com")).contains(QStringLiteral("name the database")));
        // A password written into the address never reaches a message.
        for (const QString &url : {QStringLiteral("postgresql://me:s3cret@db.example.com"),
                                   QStringLiteral("postgresql://me:s3cret@db.exa mple.com/x"),
                                   QStringLiteral("postgresql://me:s3cret@db.example.com/x?bogus=1")}) {
            const QString message = refused(url);
            QVERIFY2(!message.isEmpty() && !message.contains(QStringLiteral("s3cret")), qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral("postgresql://me@db.exa")), qPrintable(message));
        }
        QVERIFY(refused(QStringLiteral("postgresql://me@db.example.com/x?sslmod=require"))
                    .contains(QStringLiteral("\"sslmod\" is not an option")));
        // TLS options reach libpq: this test server speaks no TLS, so requiring it fails, saying so.
        const QString tls = refused(test::clusterUrl(QStringLiteral("postgres")) + QStringLiteral("?sslmode=require"));
        QVERIFY2(tls.contains(QStringLiteral("SSL"), Qt::CaseInsensitive), qPrintable(tls));
        const QString nobody = refused(QStringLiteral("postgresql://mltco_admin@127.0.0.1:1/x?connect_timeout=2"));
        QVERIFY2(nobody.startsWith(QStringLiteral("Cannot open the team store postgresql://mltco_admin@127.0.0.1:1/x")),
                 qPrintable(nobody));
    }

    // The password comes from a .pgpass file libpq reads itself; one others may read is ignored, as libpq does.
    void passwordsComeFromPgpass()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("pgpass"));
        QVERIFY(catalog::openDocument(test::clusterUrl(db)));
        test::clusterExec(QStringLiteral("postgres"),
                          QStringLiteral("DO $$ BEGIN CREATE ROLE mltco_pw LOGIN PASSWORD 'cr3t w0rd'; "
                                         "EXCEPTION WHEN duplicate_object THEN NULL; END $$"));
        test::clusterExec(
            db, QStringLiteral("GRANT ALL ON ALL TABLES IN SCHEMA public TO mltco_pw; GRANT USAGE ON ALL SEQUENCES IN "
                               "SCHEMA public TO mltco_pw"));
        QTemporaryDir home;
        const QString pgpass = home.filePath(QStringLiteral("pgpass"));
        QFile file(pgpass);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("127.0.0.1:%1:%2:mltco_pw:cr3t w0rd\n").arg(test::clusterPort()).arg(db).toUtf8());
        file.close();
        QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
        qputenv("PGPASSFILE", QFile::encodeName(pgpass));
        const QString url = test::clusterUrl(db, QStringLiteral("mltco_pw"));
        auto doc = store::Document::openExisting(url);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QVERIFY(!(*doc)->isReadOnly());
        QVERIFY(!(*doc)->path().contains(QStringLiteral("w0rd")));
        doc = Error{};
        QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
        auto ignored = store::Document::openExisting(url);
        QVERIFY(!ignored);
        QVERIFY2(ignored.error().message.contains(QStringLiteral("password")), qPrintable(ignored.error().message));
        qunsetenv("PGPASSFILE");
    }

    // The roles of docs/team-store-roles.sql, checked by the server: a reader cannot write by any route, a writer
    // adds prices but cannot change or delete one.
    void rolesAreEnforcedByTheServer()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("roles"));
        auto owner = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(owner);
        const qint64 planId = *store::PlanStore((*owner)->database()).insert(QStringLiteral("Team plan"), "{}");
        QFile roles(QStringLiteral(MLTCO_TEST_DATA_DIR "/../../docs/team-store-roles.sql"));
        QVERIFY(roles.open(QIODevice::ReadOnly));
        QCOMPARE(test::clusterExec(db, QString::fromUtf8(roles.readAll())), QString());
        test::clusterExec(QStringLiteral("postgres"),
                          QStringLiteral("DO $$ BEGIN CREATE ROLE ro_ann LOGIN IN ROLE mltco_reader; "
                                         "EXCEPTION WHEN duplicate_object THEN NULL; END $$"));
        test::clusterExec(QStringLiteral("postgres"),
                          QStringLiteral("DO $$ BEGIN CREATE ROLE rw_bob LOGIN IN ROLE mltco_writer; "
                                         "EXCEPTION WHEN duplicate_object THEN NULL; END $$"));

        auto reader = catalog::openDocument(test::clusterUrl(db, QStringLiteral("ro_ann")));
        QVERIFY2(reader, reader ? "" : qPrintable(reader.error().message));
        QVERIFY((*reader)->isReadOnly());
        QVERIFY2((*reader)->readOnlyReason().contains(QStringLiteral("ro_ann may only read")),
                 qPrintable((*reader)->readOnlyReason()));
        QVERIFY(!store::PlanStore((*reader)->database()).update(planId, QStringLiteral("Hijacked"), "{}", 1));

        // Past the app: a raw connection as the reader, with the session's read-only setting turned off again.
        const QString raw = QStringLiteral("raw-reader");
        {
            Expected<QSqlDatabase> conn =
                store::connectLocation(test::clusterUrl(db, QStringLiteral("ro_ann")), raw, 0);
            QVERIFY(conn);
            QSqlQuery q(*conn);
            for (const QString &sql :
                 {QStringLiteral("UPDATE plan SET name = 'x'"),
                  QStringLiteral("INSERT INTO plan (name, json, updated_at) VALUES ('x', '{}', 'now')"),
                  QStringLiteral("DELETE FROM price_point"),
                  QStringLiteral("UPDATE mltco_document SET schema_version = 1"), QStringLiteral("DROP TABLE plan"),
                  QStringLiteral("CREATE TABLE sneaky (id int)")}) {
                QVERIFY2(!q.exec(sql), qPrintable(sql));
                QCOMPARE(q.lastError().nativeErrorCode(), QStringLiteral("42501")); // insufficient_privilege
            }
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM price_point")) && q.next());
        }
        store::disconnectDatabase(raw);
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT name FROM plan WHERE id = %1").arg(planId)),
                 QStringLiteral("Team plan"));

        auto writer = catalog::openDocument(test::clusterUrl(db, QStringLiteral("rw_bob")));
        QVERIFY2(writer, writer ? "" : qPrintable(writer.error().message));
        QVERIFY(!(*writer)->isReadOnly());
        QVERIFY(store::PlanStore((*writer)->database()).update(planId, QStringLiteral("Team plan v2"), "{}", 1));
        QSqlQuery w((*writer)->database());
        QVERIFY(!w.exec(QStringLiteral("UPDATE price_point SET amount = 0.01")));
        QCOMPARE(w.lastError().nativeErrorCode(), QStringLiteral("42501"));
        QVERIFY(!w.exec(QStringLiteral("DELETE FROM price_point")));
        QCOMPARE(w.lastError().nativeErrorCode(), QStringLiteral("42501"));
    }

    // Two clients import at the same moment, both naming the same new provider and instance type: writers take
    // turns, each import lands whole, no observation is lost and the instance type is made once.
    void twoImportersAtOnceLoseNothing()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("importers"));
        const QString url = test::clusterUrl(db);
        QVERIFY(catalog::openDocument(url));
        const qint64 before = adminQuery(db, QStringLiteral("SELECT count(*) FROM price_point")).toLongLong();
        QTemporaryDir dir;
        constexpr int kRows = 30000;
        const QStringList files{writePrices(dir, QStringLiteral("a.csv"), QStringLiteral("h100x8"), kRows),
                                writePrices(dir, QStringLiteral("b.csv"), QStringLiteral("h100x8"), kRows + 1)};
        std::vector<Expected<catalog::ImportResult>> results(2, Error{});
        std::vector<std::thread> threads;
        for (int i = 0; i < 2; ++i)
            threads.emplace_back([&, i] {
                catalog::ImportRequest request;
                request.path = files[i];
                request.format = catalog::PriceFileFormat::GenericCsv;
                request.options.observedAt = QDate(2026, 11, 1 + i);
                request.documentPath = url;
                catalog::ImportProgress progress;
                results[static_cast<std::size_t>(i)] = catalog::runImport(request, progress);
            });
        for (std::thread &t : threads)
            t.join();
        for (const auto &r : results)
            QVERIFY2(r, r ? "" : qPrintable(r.error().message));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM price_point")).toLongLong(),
                 before + 2 * kRows + 1);
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM instance_type WHERE name = 'h100x8'")),
                 QStringLiteral("1"));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM import_batch")), QStringLiteral("2"));
    }

    // Schema version 8: a price's parents are proven once per statement instead of by three foreign keys (one lookup
    // and row lock per row each, two thirds of a large import's time on the server). What the keys refused is still
    // refused, in the keys' SQLSTATE, and nothing of the statement is kept; what they allowed is allowed.
    void pricesProveTheirParentsPerStatement()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("parents"));
        const QString url = test::clusterUrl(db);
        QVERIFY(catalog::openDocument(url));
        QTemporaryDir dir;
        catalog::ImportRequest request;
        request.path = writePrices(dir, QStringLiteral("a.csv"), QStringLiteral("h100x8"), 50);
        request.format = catalog::PriceFileFormat::GenericCsv;
        request.options.observedAt = QDate(2026, 11, 1);
        request.documentPath = url;
        catalog::ImportProgress progress;
        const Expected<catalog::ImportResult> imported = catalog::runImport(request, progress);
        QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM pg_constraint WHERE conrelid = "
                                               "'price_point'::regclass AND contype = 'f'")),
                 QStringLiteral("0"));
        const auto counts = [&] {
            return adminQuery(db, QStringLiteral("SELECT (SELECT count(*) FROM price_point) || ' ' || (SELECT count(*) "
                                                 "FROM instance_type) || ' ' || (SELECT count(*) FROM source) || ' ' || "
                                                 "(SELECT sum(id) FROM import_batch) || ' ' || (SELECT sum(source_id) "
                                                 "FROM price_point)"));
        };
        // A source only a price names (the import's is cited by its new instance type too, a key of its own).
        QCOMPARE(test::clusterExec(db, QStringLiteral("INSERT INTO source (key, kind, title) VALUES ('by-hand', 'user', "
                                                      "'typed in'); UPDATE price_point SET source_id = (SELECT id FROM "
                                                      "source WHERE key = 'by-hand') WHERE id = (SELECT max(id) FROM "
                                                      "price_point)")),
                 QString());
        const Refusal refused[] = {
            {"an instance type that prices name, deleted",
             "DELETE FROM instance_type WHERE name = 'h100x8'", "prices still name this instance type"},
            {"a source that prices name, deleted",
             "DELETE FROM source WHERE key = 'by-hand'",
             "prices still name this source"},
            {"a batch that prices name, renumbered", "UPDATE import_batch SET id = id + 1000",
             "prices still name this import batch"},
            {"a price of an instance type the store does not hold",
             "INSERT INTO price_point (instance_type_id, region, pricing_model, unit, observed_at, source_id) "
             "SELECT max(id) + 1000, 'r', 'spot', 'hour', '2026-11-01', 1 FROM instance_type",
             "a price names an instance type, source or import batch the store does not hold"},
            {"a price moved to a source the store does not hold",
             "UPDATE price_point SET source_id = -5 WHERE id = (SELECT max(id) FROM price_point)",
             "a price names an instance type, source or import batch the store does not hold"},
            {"a price of a batch the store does not hold, among good ones",
             "UPDATE price_point SET batch_id = CASE WHEN id = (SELECT max(id) FROM price_point) THEN 99999 ELSE "
             "batch_id END WHERE batch_id IS NOT NULL",
             "a price names an instance type, source or import batch the store does not hold"},
        };
        const QString wrong = refusedAsAForeignKey(db, refused, counts);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        // What the keys allowed: a parent no price names goes; a price moved to another parent that exists moves.
        QCOMPARE(test::clusterExec(db, QStringLiteral("INSERT INTO instance_type (provider_id, name) SELECT id, 'spare' "
                                                      "FROM provider WHERE name = 'neocloud'; DELETE FROM instance_type "
                                                      "WHERE name = 'spare'")),
                 QString());
        QCOMPARE(test::clusterExec(db, QStringLiteral("UPDATE price_point SET source_id = (SELECT min(id) FROM source) "
                                                      "WHERE id = (SELECT max(id) FROM price_point)")),
                 QString());
    }

    // Schema version 9: an exchange rate's source is proven once per statement instead of by a foreign key. What the
    // key refused is still refused, in its SQLSTATE, and nothing of the statement is kept; what it allowed is allowed.
    void ratesProveTheirSourcePerStatement()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("rate_sources"));
        QVERIFY(catalog::openDocument(test::clusterUrl(db)));
        QCOMPARE(test::clusterExec(db, QStringLiteral(
                                           "INSERT INTO source (key, kind, title) VALUES ('ecb', 'import', 'rates'), "
                                           "('spare', 'user', 'nothing names it'); INSERT INTO fx_rate (currency, day, "
                                           "per_eur, source_id) SELECT 'USD', '2026-04-1' || n, 1.1 + n / 100.0, id "
                                           "FROM source, generate_series(0, 4) n WHERE key = 'ecb'")),
                 QString());
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM pg_constraint WHERE conrelid = 'fx_rate'::regclass "
                                               "AND contype = 'f'")),
                 QStringLiteral("0"));
        const auto counts = [&] {
            return adminQuery(db, QStringLiteral("SELECT (SELECT count(*) FROM fx_rate) || ' ' || (SELECT sum(source_id) "
                                                 "FROM fx_rate) || ' ' || (SELECT count(*) FROM source)"));
        };
        const Refusal refused[] = {
            {"a source that rates name, deleted", "DELETE FROM source WHERE key = 'ecb'", "rates still name this source"},
            {"a source that rates name, renumbered", "UPDATE source SET id = id + 1000 WHERE key = 'ecb'",
             "rates still name this source"},
            {"a rate of a source the store does not hold, among good ones",
             "INSERT INTO fx_rate (currency, day, per_eur, source_id) SELECT 'GBP', '2026-04-10', 0.87, id FROM source "
             "WHERE key = 'ecb' UNION ALL SELECT 'GBP', '2026-04-13', 0.87, -5",
             "a rate names a source the store does not hold"},
            {"a rate moved to a source the store does not hold",
             "UPDATE fx_rate SET source_id = 99999 WHERE day = '2026-04-12'", "a rate names a source the store does not hold"},
        };
        const QString wrong = refusedAsAForeignKey(db, refused, counts);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        // What the key allowed: a source no rate names goes; a rate moved to a source that exists moves.
        QCOMPARE(test::clusterExec(db, QStringLiteral("UPDATE fx_rate SET source_id = (SELECT id FROM source WHERE key = "
                                                      "'spare') WHERE day = '2026-04-12'; UPDATE fx_rate SET source_id = "
                                                      "(SELECT id FROM source WHERE key = 'ecb'); DELETE FROM source WHERE "
                                                      "key = 'spare'")),
                 QString());
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM source WHERE key = 'spare'")), QStringLiteral("0"));
    }

    // A store of version 8 (its rates' foreign key) is brought to version 9 when opened: the key gives way to the
    // per-statement proof, the rates stay.
    void aVersion8StoreIsUpgradedWithItsRatesKept()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("version8"));
        const QString url = test::clusterUrl(db);
        QVERIFY(catalog::openDocument(url));
        QCOMPARE(test::clusterExec(db, QStringLiteral("INSERT INTO source (key, kind, title) VALUES ('ecb-only', "
                                                      "'import', 'named by a rate only'); INSERT INTO fx_rate (currency, "
                                                      "day, per_eur, source_id) SELECT 'USD', '2026-04-13', 1.1684, id "
                                                      "FROM source WHERE key = 'ecb-only'; ") +
                                           undoVersion9() + QStringLiteral("UPDATE mltco_document SET schema_version = 8")),
                 QString());
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM pg_constraint WHERE conrelid = 'fx_rate'::regclass "
                                               "AND contype = 'f'")),
                 QStringLiteral("1"));
        auto doc = catalog::openDocument(url);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        const QString upgraded = atTheCurrentVersion(db);
        QVERIFY2(upgraded.isEmpty(), qPrintable(upgraded));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) || ' ' || sum(per_eur) FROM fx_rate")),
                 QStringLiteral("1 1.1684"));
        const QString error = test::clusterExec(db, QStringLiteral("DELETE FROM source WHERE key = 'ecb-only'"));
        QVERIFY2(error.contains(QStringLiteral("rates still name this source")) && error.contains(QStringLiteral("23503")),
                 qPrintable(error));
    }

    // A store of version 7 (its prices' foreign keys) is brought to the current version when opened: the keys give way
    // to the per-statement proof, the rows stay.
    void aVersion7StoreIsUpgradedWithItsPricesKept()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("version7"));
        const QString url = test::clusterUrl(db);
        QVERIFY(catalog::openDocument(url));
        QCOMPARE(test::clusterExec(
                     db, QStringLiteral(
                             "DROP TRIGGER price_point_parents_insert ON price_point; DROP TRIGGER price_point_parents_update "
                             "ON price_point; DROP FUNCTION mltco_price_parents(); "
                             "DROP TRIGGER instance_type_named_by_prices_delete ON instance_type; "
                             "DROP TRIGGER instance_type_named_by_prices_update ON instance_type; "
                             "DROP FUNCTION mltco_instance_type_named_by_prices(); "
                             "DROP TRIGGER source_named_by_prices_delete ON source; "
                             "DROP TRIGGER source_named_by_prices_update ON source; DROP FUNCTION mltco_source_named_by_prices(); "
                             "DROP TRIGGER import_batch_named_by_prices_delete ON import_batch; "
                             "DROP TRIGGER import_batch_named_by_prices_update ON import_batch; "
                             "DROP FUNCTION mltco_import_batch_named_by_prices(); "
                             "ALTER TABLE price_point ADD FOREIGN KEY (instance_type_id) REFERENCES instance_type(id), "
                             "ADD FOREIGN KEY (source_id) REFERENCES source(id), "
                             "ADD FOREIGN KEY (batch_id) REFERENCES import_batch(id); ") +
                             undoVersion9() + QStringLiteral("UPDATE mltco_document SET schema_version = 7")),
                 QString());
        const QString prices = adminQuery(db, QStringLiteral("SELECT count(*) FROM price_point"));
        QVERIFY(prices.toInt() > 0);
        auto doc = catalog::openDocument(url);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        const QString upgraded = atTheCurrentVersion(db);
        QVERIFY2(upgraded.isEmpty(), qPrintable(upgraded));
        QCOMPARE(adminQuery(db, QStringLiteral("SELECT count(*) FROM price_point")), prices);
        const QString error = test::clusterExec(db, QStringLiteral("DELETE FROM source"));
        QVERIFY2(error.contains(QStringLiteral("23503")), qPrintable(error));
    }

    // Another user's commit is noticed (LISTEN/NOTIFY); this connection's own is not counted.
    void changesByOthersAreNoticed()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("notify"));
        auto mine = catalog::openDocument(test::clusterUrl(db));
        auto theirs = store::Document::openExisting(test::clusterUrl(db));
        QVERIFY(mine && theirs);
        const QSqlDatabase here = (*mine)->database();
        const qint64 start = store::dialect::dataVersion(here);
        QVERIFY(start >= 0);
        QVERIFY(store::PlanStore(here).insert(QStringLiteral("Mine"), "{}"));
        QTest::qWait(200);
        QCOMPARE(store::dialect::dataVersion(here), start);
        QVERIFY(store::PlanStore((*theirs)->database()).insert(QStringLiteral("Theirs"), "{}"));
        QTRY_VERIFY(store::dialect::dataVersion(here) > start);
    }

    // File → store → file: every row with its id, source and revision.
    void copiesKeepProvenanceBothWays()
    {
        QTemporaryDir dir;
        const QString original = dir.filePath(QStringLiteral("original.mltco"));
        {
            auto doc = catalog::openDocument(original);
            QVERIFY(doc);
            store::PlanStore plans((*doc)->database());
            const qint64 id = *plans.insert(QStringLiteral("Budget"), R"({"name":"Budget"})");
            QVERIFY(plans.update(id, QStringLiteral("Budget"), R"({"name":"Budget","v":2})", 1));
        }
        const QString db = test::newClusterDatabase(QStringLiteral("copy"));
        {
            auto from = store::Document::openExisting(original);
            auto to = store::Document::open(test::clusterUrl(db),
                                            store::Initializer([](const QSqlDatabase &) { return Status{}; }));
            QVERIFY(from && to);
            const Status s = store::copyStore(**from, **to);
            QVERIFY2(s, s ? "" : qPrintable(s.error().message));
            const Status twice = store::copyStore(**from, **to);
            QVERIFY(!twice);
            QVERIFY(twice.error().message.contains(QStringLiteral("already holds")));
            // New rows in the store continue after the copied ids.
            const Expected<qint64> next = store::PlanStore((*to)->database()).insert(QStringLiteral("After"), "{}");
            QVERIFY2(next, next ? "" : qPrintable(next.error().message));
            QCOMPARE(*next, 2);
        }
        const QString back = dir.filePath(QStringLiteral("back.mltco"));
        {
            auto from = store::Document::openExisting(test::clusterUrl(db));
            QVERIFY(from);
            const Status s = store::copyStoreToFile(**from, back);
            QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        }
        auto a = store::Document::openExisting(original);
        auto b = store::Document::openExisting(back);
        QVERIFY(a && b);
        for (const char *table : store::kDocumentTables) {
            const QString sql = QStringLiteral("SELECT * FROM %1 ORDER BY 1, 2").arg(QLatin1String(table));
            QSqlQuery qa((*a)->database()), qb((*b)->database());
            QVERIFY(qa.exec(sql) && qb.exec(sql));
            int rows = 0;
            while (qa.next()) {
                QVERIFY2(qb.next(), table);
                for (int c = 0; c < qa.record().count(); ++c)
                    QVERIFY2(qa.value(c).toString() == qb.value(c).toString() ||
                                 (table == QLatin1String("plan") && qa.value(1).toString() == QLatin1String("After")),
                             qPrintable(QStringLiteral("%1 row %2 column %3: %4 vs %5")
                                            .arg(QLatin1String(table))
                                            .arg(rows)
                                            .arg(c)
                                            .arg(qa.value(c).toString(), qb.value(c).toString())));
                ++rows;
            }
            if (QLatin1String(table) == QLatin1String("plan"))
                QVERIFY(qb.next()); // "After", made in the store
            else
                QVERIFY2(!qb.next(), table);
        }
        QCOMPARE(store::PlanStore((*b)->database()).plan(1)->revision, 2);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestTeamStore)
#include "tst_teamstore.moc"

// The document's bill tables refuse what a bill cannot say, whatever writes to them: the database's own checks,
// on a file and on a team store.
#include "models/catalog/seedcatalog.h"
#include "models/store/sqlutil.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QTemporaryDir>
#include <QTest>

using namespace mltco;

class TestBillSchema : public QObject
{
    Q_OBJECT

private slots:
    void theSchemaRefusesWhatABillCannotSay()
    {
        QTemporaryDir dir;
        auto document = catalog::openDocument(test::newStoreLocation(dir, QStringLiteral("checks")));
        QVERIFY(document);
        const QSqlDatabase db = (*document)->database();
        QVERIFY(store::exec(db, QStringLiteral("INSERT INTO source (key, kind, title) VALUES ('b', 'import', 'b')")));
        QVERIFY(!store::exec(
            db, QStringLiteral(
                    "INSERT INTO bill (source_id, file_name, sha256, currency, imported_at, "
                    "rows_read, rows_used) VALUES (1000, 'f', 'x', 'USD', 'now', 1, 1)"))); // foreign keys are on
        const qint64 source = *store::queryInt(db, QStringLiteral("SELECT id FROM source WHERE key = 'b'"));
        QVERIFY(store::exec(db,
                            QStringLiteral("INSERT INTO bill (source_id, file_name, sha256, currency, imported_at, "
                                           "rows_read, rows_used) VALUES (?, 'f', 'x', 'USD', 'now', 1, 1)"),
                            {source}));
        // The bill's id as given (PostgreSQL spent one on the refused row).
        const qint64 bill = *store::queryInt(db, QStringLiteral("SELECT id FROM bill WHERE sha256 = 'x'"));
        const QString insert =
            QStringLiteral("INSERT INTO actual_cost (bill_id, month, provider, service, instance_type, "
                           "pricing_category, effective_cost, "
                           "billed_cost, gpu_hours, rows) VALUES (?, ?, 'AWS', 'EC2', 'p3', ?, 1, 1, 1, 1)");
        QVERIFY(store::exec(db, insert, {bill, QStringLiteral("2026-12"), QStringLiteral("committed")}));
        for (const char *month : {"2026-13", "2026-00", "26-01", "2026-1", "2026-01-01"})
            QVERIFY2(!store::exec(db, insert, {bill, QString::fromLatin1(month), QStringLiteral("standard")}), month);
        QVERIFY(!store::exec(db, insert, {bill, QStringLiteral("2026-11"), QStringLiteral("spot")}));
        // Any ISO 4217 code (model.md §13), and nothing else.
        for (const char *currency : {"usd", "EURO", "US", "U$D", ""})
            QVERIFY2(!store::exec(db,
                                  QStringLiteral("INSERT INTO bill (source_id, file_name, sha256, currency, imported_at, "
                                                 "rows_read, rows_used) VALUES (?, 'g', 'y', ?, 'now', 1, 1)"),
                                  {source, QString::fromLatin1(currency)}),
                     currency);
        QVERIFY(store::exec(db,
                            QStringLiteral("INSERT INTO bill (source_id, file_name, sha256, currency, imported_at, "
                                           "rows_read, rows_used) VALUES (?, 'e', 'eur', 'EUR', 'now', 1, 1)"),
                            {source}));
        QVERIFY(!store::exec(db,
                             QStringLiteral("INSERT INTO bill (source_id, file_name, sha256, currency, imported_at, "
                                            "rows_read, rows_used) VALUES (?, 'g', 'y', 'USD', 'now', 1, 2)"),
                             {source}));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestBillSchema)
#include "tst_billschema.moc"

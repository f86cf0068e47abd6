// Helpers of the feed importer tests (Azure Retail Prices, Spare Cores): a Spare Cores database built from its SQL
// script, and every row an import touches, to compare a document before and after a refused import.
#pragma once

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QStringList>

#include <sqlite3.h>

namespace mltco::testing {

inline QString importFixture(const char *name)
{
    return QStringLiteral(MLTCO_TEST_DATA_DIR "/import/") + QLatin1String(name);
}

/// Builds the SQLite file `dbPath` from the SQL script `sqlPath`; an empty string, else why it failed.
inline QString buildDatabase(const QString &sqlPath, const QString &dbPath)
{
    QFile script(sqlPath);
    if (!script.open(QIODevice::ReadOnly))
        return script.errorString();
    const QByteArray sql = script.readAll();
    QFile::remove(dbPath);
    sqlite3 *db = nullptr;
    if (sqlite3_open(QFile::encodeName(dbPath).constData(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return QStringLiteral("cannot create %1").arg(dbPath);
    }
    char *message = nullptr;
    const int rc = sqlite3_exec(db, sql.constData(), nullptr, nullptr, &message);
    const QString error = rc == SQLITE_OK ? QString() : QString::fromUtf8(message);
    sqlite3_free(message);
    sqlite3_close(db);
    return error;
}

/// Every row of the tables an import touches, without row ids, in a fixed order.
inline QStringList documentContents(const QSqlDatabase &db)
{
    QStringList out;
    for (const char *sql : {
             "SELECT name, display_name, kind FROM provider ORDER BY name",
             "SELECT name FROM gpu ORDER BY name",
             "SELECT p.name, i.name, COALESCE(g.name, ''), i.gpu_count, i.vcpus, i.memory_gb FROM instance_type i "
             "JOIN provider p ON p.id = i.provider_id LEFT JOIN gpu g ON g.id = i.gpu_id ORDER BY p.name, i.name",
             "SELECT format, file_name, sha256, observed_at, rows_added FROM import_batch ORDER BY id",
             "SELECT key, kind, title, sha256, note FROM source ORDER BY key",
             "SELECT p.name, i.name, pp.region, pp.zone, pp.pricing_model, COALESCE(pp.amount, -1), pp.unit, "
             "pp.observed_at, pp.note, pp.purchase_option, COALESCE(pp.upfront, -1), s.key FROM price_point pp "
             "JOIN instance_type i ON i.id = pp.instance_type_id JOIN provider p ON p.id = i.provider_id "
             "JOIN source s ON s.id = pp.source_id ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12",
         }) {
        QSqlQuery q(db);
        if (!q.exec(QString::fromLatin1(sql)))
            return {QStringLiteral("query failed: ") + QString::fromLatin1(sql)};
        const int columns = q.record().count();
        while (q.next()) {
            QStringList row;
            for (int c = 0; c < columns; ++c)
                row << q.value(c).toString();
            out << row.join(QLatin1Char('|'));
        }
    }
    return out;
}

} // namespace mltco::testing

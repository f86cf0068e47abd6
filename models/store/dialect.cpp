#include "models/store/dialect.h"

#include "models/store/schema.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <utility>

namespace mltco::store::dialect {
namespace {

constexpr char kChangeCountProperty[] = "mltcoChangesFromOthers";
constexpr char kBusyTimeoutProperty[] = "mltcoBusyTimeoutMs";
constexpr char kPlanChangeCountProperty[] = "mltcoPlanChangesFromOthers";

// The tables whose changes other windows must see, and the trigger that tells them.
const char *const kWatchedTables[] = {"source",       "provider",    "gpu",  "throughput", "instance_type",
                                      "import_batch", "price_point", "plan", "bill",       "actual_cost"};
// The tables version 5 adds or builds again, with their triggers and (rows kept with their ids) identities.
const char *const kWatchedTablesV5[] = {"fx_rate", "bill", "actual_cost"};
const char *const kCopiedTablesV5[] = {"bill", "actual_cost"};

/// Drops every foreign key of `table` (whatever PostgreSQL named them).
QString dropForeignKeys(const char *table)
{
    return QStringLiteral(R"(DO $$
DECLARE c record;
BEGIN
    FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = '%1'::regclass AND contype = 'f' LOOP
        EXECUTE format('ALTER TABLE %1 DROP CONSTRAINT %I', c.conname);
    END LOOP;
END $$)")
        .arg(QLatin1String(table));
}

/// `function` proves the parents of the rows a statement inserted or updated in `table` (its transition table
/// `rows`), run after each such statement by the triggers <table>_<what>_insert and _update.
QStringList provedPerStatement(const char *table, const char *what, const char *function, const char *rows,
                               const QString &body)
{
    QStringList out;
    out << QStringLiteral("CREATE FUNCTION %1() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n%2\n    RETURN NULL;\nEND $$")
               .arg(QLatin1String(function), body);
    for (const char *event : {"INSERT", "UPDATE"})
        out << QStringLiteral("CREATE TRIGGER %1_%2_%3 AFTER %4 ON %1 REFERENCING NEW TABLE AS %5 FOR EACH STATEMENT "
                              "EXECUTE FUNCTION %6()")
                   .arg(QLatin1String(table), QLatin1String(what), QString::fromLatin1(event).toLower(),
                        QLatin1String(event), QLatin1String(rows), QLatin1String(function));
    return out;
}

/// A row of `parent` deleted, or its id changed, while rows of `child` name it in `column`: refused as a foreign key
/// would (mltco_<parent>_named_by_<children>(), triggers <parent>_named_by_<children>_delete and _update).
QStringList parentKeptWhileNamed(const QString &parent, const QString &column, const QString &child,
                                 const QString &children)
{
    const QString words = QString(parent).replace(QLatin1Char('_'), QLatin1Char(' '));
    QStringList out;
    out << QStringLiteral(R"(CREATE FUNCTION mltco_%1_named_by_%4() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF EXISTS (SELECT 1 FROM gone o WHERE EXISTS (SELECT 1 FROM %5 p WHERE p.%2 = o.id)) THEN
            RAISE EXCEPTION '%4 still name this %3' USING ERRCODE = 'foreign_key_violation';
        END IF;
    ELSIF EXISTS (SELECT 1 FROM gone o WHERE NOT EXISTS (SELECT 1 FROM kept n WHERE n.id = o.id)
                  AND EXISTS (SELECT 1 FROM %5 p WHERE p.%2 = o.id)) THEN
        RAISE EXCEPTION '%4 still name this %3' USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END $$)")
               .arg(parent, column, words, children, child);
    out << QStringLiteral("CREATE TRIGGER %1_named_by_%2_delete AFTER DELETE ON %1 REFERENCING OLD TABLE AS gone "
                          "FOR EACH STATEMENT EXECUTE FUNCTION mltco_%1_named_by_%2()")
               .arg(parent, children);
    out << QStringLiteral("CREATE TRIGGER %1_named_by_%2_update AFTER UPDATE ON %1 REFERENCING OLD TABLE AS gone "
                          "NEW TABLE AS kept FOR EACH STATEMENT EXECUTE FUNCTION mltco_%1_named_by_%2()")
               .arg(parent, children);
    return out;
}

/// Version 8: price_point's three references proven per statement (schema.cpp). A price inserted or updated must name
/// rows of instance_type, source and (when it has one) import_batch; a parent deleted or renumbered must not be named
/// by a price. Each check is one set-based query over the statement's rows (its transition table), raising the
/// foreign key violation's SQLSTATE, 23503, as the constraints did. mltco's catalog writers take the store's write
/// lock, so no parent goes away while prices naming it are being written.
QStringList priceReferencesByStatement()
{
    QStringList out{dropForeignKeys("price_point")};
    out << provedPerStatement("price_point", "parents", "mltco_price_parents", "new_prices", QStringLiteral(R"(    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT instance_type_id, source_id, batch_id FROM new_prices) n
               WHERE NOT EXISTS (SELECT 1 FROM instance_type i WHERE i.id = n.instance_type_id)
                  OR NOT EXISTS (SELECT 1 FROM source s WHERE s.id = n.source_id)
                  OR (n.batch_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM import_batch b WHERE b.id = n.batch_id))) THEN
        RAISE EXCEPTION 'a price names an instance type, source or import batch the store does not hold'
            USING ERRCODE = 'foreign_key_violation';
    END IF;)"));
    for (const auto &[table, column] : {std::pair{"instance_type", "instance_type_id"}, std::pair{"source", "source_id"},
                                        std::pair{"import_batch", "batch_id"}})
        out << parentKeptWhileNamed(QLatin1String(table), QLatin1String(column), QStringLiteral("price_point"),
                                    QStringLiteral("prices"));
    return out;
}

/// Version 9: fx_rate's source proven per statement, as price_point's parents since version 8: a foreign key looked up
/// and locked the source for each of the ECB history's 217,555 rates, a quarter of the import's time on the server.
QStringList rateSourcesByStatement()
{
    QStringList out{dropForeignKeys("fx_rate")};
    out << provedPerStatement("fx_rate", "sources", "mltco_rate_sources", "new_rates", QStringLiteral(R"(    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT source_id FROM new_rates) n
               WHERE NOT EXISTS (SELECT 1 FROM source s WHERE s.id = n.source_id)) THEN
        RAISE EXCEPTION 'a rate names a source the store does not hold' USING ERRCODE = 'foreign_key_violation';
    END IF;)"));
    out << parentKeptWhileNamed(QStringLiteral("source"), QStringLiteral("source_id"), QStringLiteral("fx_rate"),
                                QStringLiteral("rates"));
    return out;
}

QString changeTrigger(const char *table)
{
    return QStringLiteral("CREATE TRIGGER %1_changed AFTER INSERT OR UPDATE OR DELETE ON %1 FOR EACH STATEMENT "
                          "EXECUTE FUNCTION mltco_notify_change()")
        .arg(QLatin1String(table));
}

} // namespace

QString schemaStatement(const char *sqliteSql, Backend backend)
{
    QString sql = QString::fromUtf8(sqliteSql);
    static const QRegularExpression month(QStringLiteral(R"(@MONTH\((\w+)\)@)"));
    static const QRegularExpression day(QStringLiteral(R"(@DAY\((\w+)\)@)"));
    static const QRegularExpression code(QStringLiteral(R"(@CODE\((\w+)\)@)"));
    if (backend == Backend::Sqlite) {
        sql.replace(month, QStringLiteral("length(\\1) = 7 AND (\\1 GLOB '[0-9][0-9][0-9][0-9]-0[1-9]' "
                                          "OR \\1 GLOB '[0-9][0-9][0-9][0-9]-1[0-2]')"));
        sql.replace(day, QStringLiteral("length(\\1) = 10 AND \\1 GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'"));
        sql.replace(code, QStringLiteral("length(\\1) = 3 AND \\1 GLOB '[A-Z][A-Z][A-Z]'"));
        return sql;
    }
    sql.replace(month, QStringLiteral("\\1 ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'"));
    sql.replace(day, QStringLiteral("\\1 ~ '^[0-9]{4}-[01][0-9]-[0-3][0-9]$'"));
    sql.replace(code, QStringLiteral("\\1 ~ '^[A-Z]{3}$'"));
    static const QRegularExpression rowId(QStringLiteral(R"(\bINTEGER PRIMARY KEY\b)"));
    static const QRegularExpression integer(QStringLiteral(R"(\bINTEGER\b)"));
    static const QRegularExpression real(QStringLiteral(R"(\bREAL\b)"));
    sql.replace(rowId, QStringLiteral("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"));
    sql.replace(integer, QStringLiteral("BIGINT"));
    sql.replace(real, QStringLiteral("DOUBLE PRECISION"));
    return sql;
}

QStringList extraSchemaStatements(int toVersion, Backend backend)
{
    if (backend != Backend::PostgreSql || toVersion < 4)
        return {};
    if (toVersion == 6)
        return {changeTrigger("bill_charge")};
    if (toVersion == 8)
        return priceReferencesByStatement();
    if (toVersion == 9)
        return rateSourcesByStatement();
    if (toVersion != 4 && toVersion != 5)
        return {};
    if (toVersion == 5) {
        QStringList out;
        for (const char *table : kCopiedTablesV5)
            out << QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', 'id'), COALESCE(MAX(id), 0) + 1, false) "
                                  "FROM %1")
                       .arg(QLatin1String(table));
        for (const char *table : kWatchedTablesV5)
            out << changeTrigger(table);
        return out;
    }
    // A statement-level trigger per table: one notification per statement (a COPY of a million prices sends one),
    // delivered when the transaction commits, never for one rolled back.
    QStringList out{QStringLiteral(R"(CREATE FUNCTION mltco_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('%1', TG_TABLE_NAME);
    RETURN NULL;
END $$)")
                        .arg(QLatin1String(kChangeChannel))};
    for (const char *table : kWatchedTables)
        out << changeTrigger(table);
    return out;
}

Expected<SchemaMark> readSchemaMark(const QSqlDatabase &db)
{
    SchemaMark mark;
    if (backendOf(db) == Backend::Sqlite) {
        const Expected<qint64> appId = queryInt(db, QStringLiteral("PRAGMA application_id"));
        const Expected<qint64> version = queryInt(db, QStringLiteral("PRAGMA user_version"));
        if (!appId || !version)
            return appId ? version.error() : appId.error();
        mark.isMltco = *appId == kApplicationId;
        mark.version = static_cast<int>(*version);
        mark.isEmpty = *appId == 0 && *version == 0;
        return mark;
    }
    // Only the schema this connection works in (the first on its search_path, "public" unless set otherwise).
    const Expected<qint64> marked = queryInt(
        db, QStringLiteral(
                "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'mltco_document'"));
    if (!marked)
        return marked.error();
    if (*marked == 0) {
        const Expected<qint64> anything = queryInt(
            db, QStringLiteral("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                               "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'S', 'f', 'p')"));
        if (!anything)
            return anything.error();
        mark.isEmpty = *anything == 0;
        return mark;
    }
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT application_id, schema_version FROM mltco_document")) || !q.next())
        return Error{QStringLiteral("its table mltco_document cannot be read (%1).")
                         .arg(q.lastError().isValid() ? q.lastError().databaseText() : QStringLiteral("it is empty")),
                     {}};
    mark.isMltco = q.value(0).toLongLong() == kApplicationId;
    mark.version = q.value(1).toInt();
    return mark;
}

Status markNew(const QSqlDatabase &db)
{
    if (backendOf(db) == Backend::Sqlite)
        return execPlain(db, QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId));
    if (Status s =
            execPlain(db, QStringLiteral("CREATE TABLE mltco_document (application_id BIGINT NOT NULL, schema_version "
                                         "BIGINT NOT NULL, created_at TEXT NOT NULL DEFAULT (now()::text))"));
        !s)
        return s;
    return execPlain(db, QStringLiteral("INSERT INTO mltco_document (application_id, schema_version) VALUES (%1, 0)")
                             .arg(kApplicationId));
}

Status writeSchemaVersion(const QSqlDatabase &db, int version)
{
    if (backendOf(db) == Backend::Sqlite)
        return execPlain(db, QStringLiteral("PRAGMA user_version = %1").arg(version));
    return execPlain(db, QStringLiteral("UPDATE mltco_document SET schema_version = %1").arg(version));
}

void setBusyTimeout(const QSqlDatabase &db, int ms)
{
    if (backendOf(db) == Backend::Sqlite)
        (void)execPlain(db, QStringLiteral("PRAGMA busy_timeout = %1").arg(ms));
    else
        db.driver()->setProperty(kBusyTimeoutProperty, ms);
}

int busyTimeout(const QSqlDatabase &db)
{
    if (backendOf(db) == Backend::Sqlite) {
        const Expected<qint64> ms = queryInt(db, QStringLiteral("PRAGMA busy_timeout"));
        return ms ? static_cast<int>(*ms) : kBusyTimeoutMs;
    }
    const QVariant ms = db.driver()->property(kBusyTimeoutProperty);
    return ms.isValid() ? ms.toInt() : kBusyTimeoutMs;
}

QString beginWrite(Backend backend)
{
    // IMMEDIATE takes SQLite's write lock at once, waiting up to the busy timeout for another writer to finish.
    // A deferred BEGIN would take it at the first write, where a second writer in WAL mode fails at once
    // ("database is locked") instead of waiting its turn: two imports at the same time would lose one.
    return backend == Backend::Sqlite ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN");
}

QSqlError lockForWriting(const QSqlDatabase &db, int timeoutMs, WriteLock lock)
{
    if (backendOf(db) == Backend::Sqlite)
        return {};
    QSqlQuery query(db);
    // (lock_timeout 0 would wait forever: a wait is always bounded.)
    if (!query.exec(QStringLiteral("SET LOCAL lock_timeout = %1").arg(std::max(1, timeoutMs))) ||
        !query.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1, %2)")
                        .arg(kApplicationId)
                        .arg(lock == WriteLock::Plans ? 2 : 1)))
        return query.lastError();
    return {};
}

QString writeRefusal(const QSqlDatabase &db, const QString &nativeCode, const QString &text, int timeoutMs)
{
    const QString waited =
        timeoutMs >= 2000 ? QStringLiteral("%1 seconds").arg(timeoutMs / 1000) : QStringLiteral("%1 ms").arg(timeoutMs);
    if (backendOf(db) == Backend::Sqlite) {
        if (nativeCode == QLatin1String("5")) // SQLITE_BUSY
            return QStringLiteral("another program kept this document busy for more than %1; try again when it has "
                                  "finished writing. Nothing was written.")
                .arg(waited);
        if (nativeCode == QLatin1String("8")) // SQLITE_READONLY
            return QStringLiteral("the document is open read-only. Nothing was written.");
        return text;
    }
    if (nativeCode == QLatin1String("55P03")) // lock_not_available
        return QStringLiteral("another user kept the team store busy for more than %1; try again when they have "
                              "finished writing. Nothing was written.")
            .arg(waited);
    if (nativeCode == QLatin1String("25006") || nativeCode == QLatin1String("42501")) // read-only, no privilege
        return QStringLiteral("your role may only read this team store. Nothing was written.");
    return text;
}

QString noCase(const QString &column, Backend backend)
{
    return backend == Backend::Sqlite ? column + QStringLiteral(" COLLATE NOCASE")
                                      : QStringLiteral("lower(%1)").arg(column);
}

QString likeNoCase(Backend backend)
{
    return backend == Backend::Sqlite ? QStringLiteral("LIKE") : QStringLiteral("ILIKE");
}

QString orderedJoin(Backend backend)
{
    return backend == Backend::Sqlite ? QStringLiteral("CROSS JOIN") : QStringLiteral("JOIN");
}

Status subscribeToChanges(const QSqlDatabase &db)
{
    if (backendOf(db) == Backend::Sqlite)
        return {};
    QSqlDriver *driver = db.driver();
    // Once per driver: the counters and the handler stay when the connection is made again (Document::reconnect),
    // which subscribes anew on the server.
    if (driver->subscribedToNotifications().contains(QLatin1String(kChangeChannel)))
        return {};
    if (driver->property(kChangeCountProperty).isValid()) {
        if (!driver->subscribeToNotification(QLatin1String(kChangeChannel)))
            return Error{QStringLiteral("Cannot follow the team store's changes: %1").arg(driver->lastError().text()),
                         {}};
        return {};
    }
    driver->setProperty(kChangeCountProperty, qint64(0));
    driver->setProperty(kPlanChangeCountProperty, qint64(0));
    // The payload names the table that changed: a plan saved by a colleague (every edit of theirs) is counted apart,
    // so that a window need not read the catalog again for it.
    QObject::connect(driver, &QSqlDriver::notification, driver,
                     [driver](const QString &, QSqlDriver::NotificationSource source, const QVariant &payload) {
                         if (source != QSqlDriver::OtherSource)
                             return;
                         const char *counter = payload.toString() == QLatin1String("plan") ? kPlanChangeCountProperty
                                                                                           : kChangeCountProperty;
                         driver->setProperty(counter, driver->property(counter).toLongLong() + 1);
                     });
    if (!driver->subscribeToNotification(QLatin1String(kChangeChannel)))
        return Error{QStringLiteral("Cannot follow the team store's changes: %1").arg(driver->lastError().text()), {}};
    return {};
}

qint64 dataVersion(const QSqlDatabase &db, Changes what)
{
    if (backendOf(db) == Backend::Sqlite) {
        if (what == Changes::Plans)
            return -1;
        const Expected<qint64> v = queryInt(db, QStringLiteral("PRAGMA data_version"));
        return v ? *v : -1;
    }
    const QVariant plans = db.driver()->property(kPlanChangeCountProperty);
    const QVariant others = db.driver()->property(kChangeCountProperty);
    if (!plans.isValid() || !others.isValid())
        return -1;
    return what == Changes::Plans ? plans.toLongLong() : plans.toLongLong() + others.toLongLong();
}

QString readOnlyRole(const QSqlDatabase &db)
{
    if (backendOf(db) == Backend::Sqlite)
        return {};
    QSqlQuery q(db);
    if (!q.exec(
            QStringLiteral("SELECT current_user, has_table_privilege('plan', 'INSERT') AND has_table_privilege('plan', "
                           "'UPDATE') AND has_table_privilege('price_point', 'INSERT'), pg_is_in_recovery(), "
                           "current_setting('default_transaction_read_only')")) ||
        !q.next())
        return QStringLiteral("the store's permissions could not be read (%1)").arg(q.lastError().databaseText());
    if (q.value(2).toBool())
        return QStringLiteral("the server is a read-only standby");
    if (q.value(3).toString() == QLatin1String("on"))
        return QStringLiteral("the server is set to read-only transactions");
    if (!q.value(1).toBool())
        return QStringLiteral("your role %1 may only read this team store").arg(q.value(0).toString());
    return {};
}

QString cannotCreate(const QSqlDatabase &db)
{
    if (backendOf(db) == Backend::Sqlite)
        return {};
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral(
            "SELECT current_user, current_schema(), has_schema_privilege(current_schema(), 'CREATE')")) ||
        !q.next())
        return QStringLiteral("the database's permissions could not be read (%1)").arg(q.lastError().databaseText());
    if (q.value(1).isNull())
        return QStringLiteral("no schema is on the connection's search_path");
    if (!q.value(2).toBool())
        return QStringLiteral("your role %1 may not create tables in schema %2; ask the database's owner to create the "
                              "store (docs/team-store.md)")
            .arg(q.value(0).toString(), q.value(1).toString());
    return {};
}

} // namespace mltco::store::dialect

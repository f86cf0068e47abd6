#include "models/store/copy/storecopy.h"

#include "models/common/numbertext.h"
#include "models/store/document.h"
#include "models/store/pgcopy.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMetaType>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUuid>

#include <cstdio>
#include <memory>

namespace mltco::store {
namespace {

constexpr int kBlockRows = 20000;

// The column each table's rows are read in order of: its id, or its key for the two without one.
QString orderColumn(const QString &table)
{
    if (table == QLatin1String("meta"))
        return QStringLiteral("key");
    if (table == QLatin1String("bill_period"))
        return {};
    return QStringLiteral("id");
}

QStringList columnsOf(const QSqlDatabase &db, const QString &table)
{
    QStringList out;
    const QSqlRecord record = db.record(table);
    for (int i = 0; i < record.count(); ++i)
        out << record.fieldName(i);
    return out;
}

Expected<qint64> rowsIn(const QSqlDatabase &db)
{
    qint64 rows = 0;
    for (const char *table : kDocumentTables) {
        Expected<qint64> n = queryInt(db, QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1String(table)));
        if (!n)
            return n.error();
        rows += *n;
    }
    return rows;
}

/// Where one table's rows go: COPY into PostgreSQL, a prepared INSERT into SQLite.
class RowSink final
{
public:
    static Expected<std::unique_ptr<RowSink>> open(const QSqlDatabase &db, const QString &table,
                                                   const QStringList &columns)
    {
        auto sink = std::unique_ptr<RowSink>(new RowSink);
        if (backendOf(db) == Backend::PostgreSql) {
            Expected<std::unique_ptr<PgCopyIn>> copy = PgCopyIn::start(db, table, columns);
            if (!copy)
                return copy.error();
            sink->m_copy = std::move(*copy);
            return sink;
        }
        sink->m_insert = QSqlQuery(db);
        sink->m_db = db;
        QStringList marks;
        for (qsizetype i = 0; i < columns.size(); ++i)
            marks << QStringLiteral("?");
        if (!sink->m_insert.prepare(
                QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)")
                    .arg(table, columns.join(QStringLiteral(", ")), marks.join(QStringLiteral(", ")))))
            return Error{QStringLiteral("writing %1: %2").arg(table, errorInWords(db, sink->m_insert.lastError())), {}};
        return sink;
    }

    Status add(const QSqlRecord &row, const QString &table)
    {
        if (m_copy) {
            for (int i = 0; i < row.count(); ++i) {
                const QVariant v = row.value(i);
                if (v.isNull())
                    m_copy->addNull();
                else if (v.typeId() == QMetaType::Double)
                    m_copy->addDouble(v.toDouble());
                else if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
                    m_copy->addInt(v.toLongLong());
                else
                    m_copy->addText(v.toString().toUtf8());
            }
            return m_copy->endRow();
        }
        for (int i = 0; i < row.count(); ++i)
            m_insert.bindValue(i, row.value(i));
        if (!m_insert.exec())
            return Error{QStringLiteral("writing %1: %2").arg(table, errorInWords(m_db, m_insert.lastError())), {}};
        return {};
    }

    Status finish() { return m_copy ? m_copy->finish() : Status{}; }

private:
    RowSink() = default;
    std::unique_ptr<PgCopyIn> m_copy;
    QSqlQuery m_insert;
    QSqlDatabase m_db;
};

Status copyTable(const QSqlDatabase &from, const QSqlDatabase &to, const QString &table, const CopyProgressFn &progress)
{
    const QStringList columns = columnsOf(to, table);
    if (columns.isEmpty())
        return Error{QStringLiteral("the destination has no table %1").arg(table), {}};
    const QStringList have = columnsOf(from, table);
    for (const QString &c : columns)
        if (!have.contains(c))
            return Error{QStringLiteral("the source's table %1 has no column %2").arg(table, c), {}};
    Expected<std::unique_ptr<RowSink>> sink = RowSink::open(to, table, columns);
    if (!sink)
        return sink.error();
    const QString order = orderColumn(table);
    const QString select = QStringLiteral("SELECT %1 FROM %2").arg(columns.join(QStringLiteral(", ")), table);
    qint64 copied = 0;
    QVariant after;
    for (;;) {
        // Keyset blocks (WHERE id > last ORDER BY id LIMIT n): a result of a million rows is never held whole.
        QSqlQuery q(from);
        q.setForwardOnly(true);
        const bool first = !after.isValid();
        QString sql = select;
        if (!order.isEmpty())
            sql += (first ? QString() : QStringLiteral(" WHERE %1 > ?").arg(order)) +
                   QStringLiteral(" ORDER BY %1 LIMIT %2").arg(order).arg(kBlockRows);
        if (!q.prepare(sql))
            return Error{QStringLiteral("reading %1: %2").arg(table, q.lastError().text()), {}};
        if (!first)
            q.bindValue(0, after);
        if (!q.exec())
            return Error{QStringLiteral("reading %1: %2").arg(table, q.lastError().text()), {}};
        qint64 inBlock = 0;
        const int orderAt = order.isEmpty() ? -1 : static_cast<int>(columns.indexOf(order));
        while (q.next()) {
            const QSqlRecord row = q.record();
            if (Status s = (*sink)->add(row, table); !s)
                return s;
            if (orderAt >= 0)
                after = row.value(orderAt);
            ++inBlock;
        }
        if (q.lastError().isValid())
            return Error{QStringLiteral("reading %1: %2").arg(table, q.lastError().text()), {}};
        copied += inBlock;
        if (progress)
            progress(table, copied);
        if (order.isEmpty() || inBlock < kBlockRows)
            break;
    }
    if (Status s = (*sink)->finish(); !s)
        return Error{QStringLiteral("writing %1: %2").arg(table, s.error().message), {}};
    if (backendOf(to) == Backend::PostgreSql && order == QLatin1String("id")) {
        // Rows came with their ids; the identity's next value must follow them.
        if (Status s = execPlain(
                to, QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', 'id'), COALESCE(MAX(id), 0) + 1, "
                                   "false) FROM %1")
                        .arg(table));
            !s)
            return s;
    }
    return {};
}

} // namespace

Status copyStore(const Document &from, Document &to, const CopyProgressFn &progress)
{
    const auto fail = [&](const QString &why) {
        return Error{QStringLiteral("Cannot copy %1 to %2: %3").arg(from.path(), to.path(), why), {}};
    };
    if (Status s = to.checkWritable(QStringLiteral("copy into")); !s)
        return s;
    const QSqlDatabase source = from.database();
    const QSqlDatabase target = to.database();
    Transaction tx(target);
    if (!tx.isActive())
        return fail(tx.errorString());
    Expected<qint64> existing = rowsIn(target);
    if (!existing)
        return fail(existing.error().message);
    if (*existing > 0)
        return fail(
            QStringLiteral("the destination already holds %1; copy into a new file or an empty team store. "
                           "Nothing was written.")
                .arg(countOf(*existing, u"row", u"rows")));
    // One consistent view of the source while it is read: others may write it meanwhile (colleagues on a team store,
    // another window or mltco-cli on a file), and every table must come from the same moment.
    if (!QSqlQuery(source).exec(backendOf(source) == Backend::PostgreSql
                                    ? QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                                    : QStringLiteral("BEGIN")))
        return fail(QStringLiteral("the source could not be read consistently"));
    Status copied = [&]() -> Status {
        for (const char *table : kDocumentTables)
            if (Status s = copyTable(source, target, QLatin1String(table), progress); !s)
                return s;
        return {};
    }();
    QSqlQuery(source).exec(QStringLiteral("COMMIT"));
    if (!copied)
        return fail(copied.error().message +
                    (copied.error().message.endsWith(QLatin1Char('.')) ? QStringLiteral(" ") : QStringLiteral(". ")) +
                    QStringLiteral("Nothing was written."));
    if (!tx.commit())
        return fail(tx.errorString());
    return {};
}

Status copyStoreToFile(const Document &from, const QString &given, const CopyProgressFn &progress)
{
    const Expected<QString> checked = Document::documentPath(given);
    if (!checked)
        return checked.error();
    const QFileInfo info(*checked);
    if (!QDir().mkpath(info.absolutePath()))
        return Error{QStringLiteral("Cannot save to \"%1\": the folder cannot be created.")
                         .arg(QDir::toNativeSeparators(*checked)),
                     {}};
    const QString temp = info.absolutePath() + QStringLiteral("/.") + info.fileName() + QStringLiteral(".copying-") +
                         QUuid::createUuid().toString(QUuid::Id128).left(8);
    Status result = [&]() -> Status {
        Expected<std::unique_ptr<Document>> file =
            Document::open(temp, Initializer([](const QSqlDatabase &) { return Status{}; }));
        if (!file)
            return file.error();
        if (Status s = copyStore(from, **file, progress); !s)
            return s;
        return checkpointFully((*file)->database());
    }();
    // Once closed after a full checkpoint, the copy is its file alone; a log left beside it is a copy not whole.
    if (result && QFileInfo(temp + QStringLiteral("-wal")).size() > 0)
        result = Error{QStringLiteral("the copy's write-ahead log was not emptied when it was closed."), {}};
    for (const char *suffix : {"-wal", "-shm"})
        QFile::remove(temp + QLatin1String(suffix));
    if (result && std::rename(QFile::encodeName(temp).constData(), QFile::encodeName(*checked).constData()) != 0)
        result = Error{QStringLiteral("Cannot save to \"%1\": the file could not be moved into place.")
                           .arg(QDir::toNativeSeparators(*checked)),
                       {}};
    if (result)
        return result;
    QFile::remove(temp);
    // The copy's temporary name means nothing to the reader: the name asked for does.
    // ("Cannot create "TEMP": why" or "Cannot copy SOURCE to TEMP: why" say only why.)
    QString why = result.error().message;
    if (const qsizetype named = why.indexOf(QFileInfo(temp).fileName()); named >= 0) {
        if (const qsizetype colon = why.indexOf(QLatin1String(": "), named); colon >= 0)
            why = why.mid(colon + 2);
    }
    if (!why.startsWith(QLatin1String("Cannot save to")))
        why = QStringLiteral("Cannot save to \"%1\": %2").arg(QDir::toNativeSeparators(*checked), why);
    if (!why.contains(QLatin1String("Nothing was written")))
        why += (why.endsWith(QLatin1Char('.')) ? QStringLiteral(" ") : QStringLiteral(". ")) +
               QStringLiteral("Nothing was written under that name.");
    return Error{why, result.error().details};
}

Status saveCopy(const Document &from, const QString &target)
{
    if (from.backend() == Backend::PostgreSql)
        return copyStoreToFile(from, target);
    return from.copyTo(target);
}

} // namespace mltco::store

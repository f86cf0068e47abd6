#include "models/store/rowreader.h"

#include "models/store/linkwatch.h"
#include "models/store/pgcopy.h"
#include "models/store/sqlutil.h"

#include <atomic>
#include <charconv>
#include <libpq-fe.h>
#include <sqlite3.h>

namespace mltco::store {
namespace {

/// `?` placeholders as PostgreSQL's $1, $2, … (none is inside a quoted literal or identifier).
QByteArray numberedPlaceholders(const QByteArray &sql)
{
    QByteArray out;
    out.reserve(sql.size() + 16);
    char quote = 0;
    int n = 0;
    for (const char c : sql) {
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '?') {
            out += '$' + QByteArray::number(++n);
            continue;
        }
        out += c;
    }
    return out;
}

constexpr int kRowsPerFetch = 4096; // a batch of the price listing is about a megabyte

} // namespace

struct RowReader::Impl
{
    ~Impl()
    {
        if (stmt)
            sqlite3_finalize(stmt);
        if (batch)
            PQclear(batch);
        if (conn && open)
            abandon();
    }
    /// Left before the last row: a FETCH still under way is read away (asked to stop first where the reader began the
    /// transaction: a cancel there aborts nothing of the caller's), then the cursor goes with the reader's own
    /// transaction, or is closed inside the caller's.
    void abandon()
    {
        setAhead(false);
        if (fetching) {
            if (PGcancel *cancel = ownTransaction ? PQgetCancel(conn) : nullptr) {
                char reason[256];
                PQcancel(cancel, reason, sizeof reason);
                PQfreeCancel(cancel);
            }
            while (PGresult *r = PQgetResult(conn))
                PQclear(r);
            fetching = false;
        }
        run(ownTransaction ? QByteArray("ROLLBACK") : "CLOSE " + cursor);
        open = false;
    }
    /// One statement without rows; its error's words, or empty.
    QString run(const QByteArray &sql) const
    {
        PGresult *r = PQexec(conn, sql.constData());
        const QString error = PQresultStatus(r) == PGRES_COMMAND_OK
                                  ? QString()
                                  : QString::fromUtf8(r ? PQresultErrorMessage(r) : PQerrorMessage(conn)).trimmed();
        PQclear(r);
        return error;
    }
    /// Tells the link watch whether a batch asked for ahead may be waiting while the caller uses the current one.
    void setAhead(bool on)
    {
        if (ahead != on)
            setReaderAhead(db, on);
        ahead = on;
    }
    bool sendFetch()
    {
        fetching = PQsendQuery(conn, fetchSql.constData()) == 1;
        return fetching;
    }

    sqlite3 *handle = nullptr;
    sqlite3_stmt *stmt = nullptr;
    bool stepped = false; // SQLite said its last row (stepping again would run the statement anew)
    // PostgreSQL: a cursor read kRowsPerFetch rows at a time, the next batch asked for before the current one is
    // visited, so the server works while the rows are used; each value read where libpq holds it (no QVariant, no copy).
    PGconn *conn = nullptr;
    QByteArray cursor;          // the cursor's name
    QByteArray fetchSql;        // FETCH n FROM cursor
    PGresult *batch = nullptr;  // the rows being visited
    int row = -1;               // the current row of batch
    int rows = 0;               // batch's rows
    bool open = false;          // the cursor is open (and the reader's transaction, where it began one)
    bool fetching = false;      // a FETCH was sent and its result not yet read
    bool lastBatch = false;     // batch holds the last rows
    bool ahead = false;         // the link watch was told a batch is asked for ahead (setReaderAhead)
    bool ownTransaction = false; // begun by the reader (no transaction was open): it ends with the reader
    QSqlDatabase db;            // what a failed read is said against (readFailure)
};

RowReader::~RowReader() = default;

Expected<std::unique_ptr<RowReader>> RowReader::start(const QSqlDatabase &db, const QByteArray &sql,
                                                      const QVariantList &values, Plan plan)
{
    std::unique_ptr<RowReader> reader(new RowReader);
    reader->d = std::make_unique<Impl>();
    Impl &d = *reader->d;
    if (sqlite3 *handle = sqliteHandle(db)) {
        d.handle = handle;
        if (sqlite3_prepare_v2(handle, sql.constData(), static_cast<int>(sql.size()), &d.stmt, nullptr) != SQLITE_OK)
            return damage(QString::fromUtf8(sqlite3_errmsg(handle)));
        int index = 1;
        for (const QVariant &v : values) {
            if (v.isNull())
                sqlite3_bind_null(d.stmt, index);
            else if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
                sqlite3_bind_int64(d.stmt, index, v.toLongLong());
            else if (v.typeId() == QMetaType::Double)
                sqlite3_bind_double(d.stmt, index, v.toDouble());
            else {
                const QByteArray utf8 = v.toString().toUtf8();
                sqlite3_bind_text(d.stmt, index, utf8.constData(), static_cast<int>(utf8.size()), SQLITE_TRANSIENT);
            }
            ++index;
        }
        return reader;
    }
    PGconn *conn = static_cast<PGconn *>(libpqConnection(db));
    if (!conn)
        return Error{QStringLiteral("The document's database connection is neither SQLite nor PostgreSQL."), {}};
    d.db = db;
    // Parameters as text, their types the server's to infer (as Qt's driver sends them).
    std::vector<QByteArray> texts;
    for (const QVariant &v : values) {
        if (v.isNull())
            texts.emplace_back();
        else if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
            texts.push_back(QByteArray::number(v.toLongLong()));
        else if (v.typeId() == QMetaType::Double)
            texts.push_back(QByteArray::number(v.toDouble(), 'g', 17));
        else
            texts.push_back(v.toString().toUtf8());
    }
    std::vector<const char *> params;
    for (qsizetype i = 0; i < values.size(); ++i)
        params.push_back(values[i].isNull() ? nullptr : texts[static_cast<std::size_t>(i)].constData());
    // A cursor, not one result: its rows come in batches (libpq's single-row mode made a result per row). The planner
    // plans a cursor for the share of its rows cursor_tuple_fraction says will be read: all of them (the plan a plain
    // query gets), or a tenth (PostgreSQL's default), which makes the price listing stream instead of sorting every row
    // before the first is sent. SET LOCAL lasts to the end of the transaction, where it changes only how cursors are
    // planned, and every reader sets it before declaring its own.
    static std::atomic<quint64> cursors{0};
    d.cursor = "mltco_rows_" + QByteArray::number(++cursors);
    d.fetchSql = "FETCH " + QByteArray::number(kRowsPerFetch) + " FROM " + d.cursor;
    // Idle, or inside the caller's transaction: anything else (a result of another statement still being read, a
    // connection lost) is said as it is; a statement sent now would throw that other result away.
    const PGTransactionStatusType state = PQtransactionStatus(conn);
    if (state == PQTRANS_ACTIVE)
        return Error{QStringLiteral("Another read on this connection of the team store is still under way."), {}};
    if (state == PQTRANS_UNKNOWN)
        return readFailure(db, QString::fromUtf8(PQerrorMessage(conn)).trimmed());
    if (state == PQTRANS_INERROR)
        return Error{QStringLiteral("The team store's transaction this read belongs to has already failed; nothing more "
                                    "is read in it."),
                     {}};
    d.conn = conn;
    d.ownTransaction = state == PQTRANS_IDLE;
    const QByteArray fraction =
        QByteArray("SET LOCAL cursor_tuple_fraction = ") + (plan == Plan::FirstRowsSoon ? "0.1" : "1");
    if (const QString error = d.run(d.ownTransaction ? QByteArray("BEGIN READ ONLY; " + fraction) : fraction);
        !error.isEmpty()) {
        if (d.ownTransaction && PQtransactionStatus(conn) != PQTRANS_IDLE)
            d.run("ROLLBACK");
        return readFailure(db, error);
    }
    d.open = true;
    const QByteArray declare = "DECLARE " + d.cursor + " NO SCROLL CURSOR FOR " + numberedPlaceholders(sql);
    PGresult *declared = PQexecParams(conn, declare.constData(), static_cast<int>(params.size()), nullptr,
                                      params.data(), nullptr, nullptr, 0);
    const bool ok = PQresultStatus(declared) == PGRES_COMMAND_OK;
    const QString error =
        ok ? QString() : QString::fromUtf8(declared ? PQresultErrorMessage(declared) : PQerrorMessage(conn)).trimmed();
    PQclear(declared);
    if (!ok) {
        if (d.ownTransaction)
            d.run("ROLLBACK");
        d.open = false; // inside the caller's transaction the failure aborted it; the caller rolls back
        return readFailure(db, error);
    }
    if (!d.sendFetch())
        return readFailure(db, QString::fromUtf8(PQerrorMessage(conn)).trimmed());
    return reader;
}

bool RowReader::next()
{
    if (d->stmt) {
        if (d->stepped)
            return false;
        const int rc = sqlite3_step(d->stmt);
        if (rc == SQLITE_ROW)
            return true;
        d->stepped = true;
        if (rc != SQLITE_DONE)
            m_error = damage(QString::fromUtf8(sqlite3_errmsg(d->handle)));
        return false;
    }
    if (++d->row < d->rows)
        return true;
    if (!d->open)
        return false;
    const auto fail = [&](const QString &detail) {
        if (!m_error)
            m_error = readFailure(d->db, detail);
        d->abandon();
        if (d->batch) // no row of it is given after the failure
            PQclear(d->batch);
        d->batch = nullptr;
        d->rows = 0;
        d->row = 0;
        return false;
    };
    if (d->lastBatch) { // the cursor is done: closed, and the reader's transaction ended
        const QString error = d->run(d->ownTransaction ? QByteArray("COMMIT") : "CLOSE " + d->cursor);
        d->open = false;
        return error.isEmpty() ? false : fail(error);
    }
    if (d->batch) {
        PQclear(d->batch);
        d->batch = nullptr;
    }
    d->rows = 0;
    d->row = 0;
    d->setAhead(false); // the wait for the next batch is the link's again
    PGresult *r = PQgetResult(d->conn);
    if (!r)
        return fail(QString::fromUtf8(PQerrorMessage(d->conn)).trimmed());
    d->batch = r;
    while (PGresult *rest = PQgetResult(d->conn)) // the FETCH's end
        PQclear(rest);
    d->fetching = false;
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        return fail(QString::fromUtf8(PQresultErrorMessage(r)).trimmed());
    d->rows = PQntuples(r);
    d->lastBatch = d->rows < kRowsPerFetch;
    if (!d->lastBatch && !d->sendFetch()) // the next batch is under way while this one is visited
        return fail(QString::fromUtf8(PQerrorMessage(d->conn)).trimmed());
    d->setAhead(!d->lastBatch);
    return d->rows > 0 ? true : next();
}

bool RowReader::isNull(int column) const
{
    return d->stmt ? sqlite3_column_type(d->stmt, column) == SQLITE_NULL : PQgetisnull(d->batch, d->row, column) == 1;
}

qint64 RowReader::int64(int column) const
{
    if (d->stmt)
        return sqlite3_column_int64(d->stmt, column);
    const char *text = PQgetvalue(d->batch, d->row, column);
    const char *end = text + PQgetlength(d->batch, d->row, column);
    qint64 value = 0;
    const auto [at, ec] = std::from_chars(text, end, value);
    if (ec != std::errc() || at != end)
        noteBadNumber(column);
    return value;
}

double RowReader::real(int column) const
{
    if (d->stmt)
        return sqlite3_column_double(d->stmt, column);
    // PostgreSQL writes a double in its shortest exact form (extra_float_digits 1, the default since version 12), with
    // a point whatever the locale; from_chars reads it so too (strtod would follow LC_NUMERIC: "3.67" read as 3 under
    // a German locale).
    const char *text = PQgetvalue(d->batch, d->row, column);
    const char *end = text + PQgetlength(d->batch, d->row, column);
    double value = 0.0;
    const auto [at, ec] = std::from_chars(text, end, value, std::chars_format::general);
    if (ec != std::errc() || at != end)
        noteBadNumber(column);
    return value;
}

void RowReader::noteBadNumber(int column) const
{
    if (!m_error)
        m_error = damage(QStringLiteral("column %1 holds \"%2\" where a number belongs")
                             .arg(column + 1)
                             .arg(QString::fromUtf8(PQgetvalue(d->batch, d->row, column)).left(40)));
}

QByteArrayView RowReader::text(int column) const
{
    if (d->stmt)
        return columnBytes(d->stmt, column);
    return QByteArrayView(PQgetvalue(d->batch, d->row, column), PQgetlength(d->batch, d->row, column));
}

} // namespace mltco::store

#include "models/store/rowreader.h"

#include "models/store/linkwatch.h"
#include "models/store/pgcopy.h"
#include "models/store/sqlutil.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <libpq-fe.h>
#include <sqlite3.h>

namespace mltco::store {
namespace {

/// The SQL with each `?` (none is inside a quoted literal or identifier) replaced by its value as a literal: COPY takes
/// no parameters. A value's text is quoted by libpq for the connection (its encoding, standard_conforming_strings),
/// numbers as well, so the server infers each value's type from where it stands, as it did a parameter's.
Expected<QByteArray> withValues(PGconn *conn, const QByteArray &sql, const QVariantList &values)
{
    QByteArray out;
    out.reserve(sql.size() + 64);
    char quote = 0;
    qsizetype used = 0;
    for (const char c : sql) {
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '?') {
            if (used == values.size())
                return Error{QStringLiteral("A read names more values than it was given."), {}};
            const QVariant &v = values[used++];
            if (v.isNull()) {
                out += "NULL";
                continue;
            }
            QByteArray text;
            if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
                text = QByteArray::number(v.toLongLong());
            else if (v.typeId() == QMetaType::Double)
                text = QByteArray::number(v.toDouble(), 'g', 17);
            else
                text = v.toString().toUtf8();
            char *literal = PQescapeLiteral(conn, text.constData(), static_cast<std::size_t>(text.size()));
            if (!literal)
                return Error{QString::fromUtf8(PQerrorMessage(conn)).trimmed(), {}};
            out += literal;
            PQfreemem(literal);
            continue;
        }
        out += c;
    }
    if (used != values.size())
        return Error{QStringLiteral("A read was given more values than it names."), {}};
    return out;
}

/// A row the team store sent that mltco cannot read: the store's words, not damage (nothing says the store is damaged).
Error unreadable(const QString &what)
{
    return Error{QStringLiteral("Cannot read the team store: it sent a row mltco cannot read (%1).").arg(what), {}};
}

/// Asks the server to stop a COPY it is sending, over a connection of its own (PQcancel), waiting for that a moment at
/// most. libpq 15 gives PQcancel no time limit, and behind a proxy that accepts connections but forwards nothing it
/// would wait for ever; it then finishes on a thread of its own whenever the link lets it. Reading away what the COPY
/// sent meanwhile ends when the server stops, or when the link watch cuts a link that carries nothing.
void askToStop(PGconn *conn)
{
    PGcancel *cancel = PQgetCancel(conn); // stands alone: the connection may close before the request is sent
    if (!cancel)
        return;
    struct Asked
    {
        std::mutex mutex;
        std::condition_variable answered;
        bool done = false;
    };
    auto asked = std::make_shared<Asked>();
    std::thread([cancel, asked] {
        char reason[256];
        PQcancel(cancel, reason, sizeof reason);
        PQfreeCancel(cancel);
        const std::lock_guard lock(asked->mutex);
        asked->done = true;
        asked->answered.notify_all();
    }).detach();
    std::unique_lock lock(asked->mutex);
    asked->answered.wait_for(lock, std::chrono::seconds(2), [&asked] { return asked->done; });
}

constexpr int kRowsPerBatch = 4096;           // a batch of the price listing is about a megabyte
constexpr qsizetype kBytesPerBatch = 8 << 20; // rows of long texts end a batch sooner

} // namespace

struct RowReader::Impl
{
    ~Impl()
    {
        if (stmt)
            sqlite3_finalize(stmt);
        if (conn && open)
            abandon();
    }
    /// Left before the last row, or failed: a COPY still sending is asked to stop (a cancel ends only the COPY, in the
    /// reader's transaction or its savepoint) and what it sent meanwhile read away; then the reader's transaction
    /// ends, or the caller's goes back to the savepoint the read began at.
    void abandon()
    {
        setAhead(false);
        if (copying) {
            askToStop(conn);
            char *buffer = nullptr;
            while (PQgetCopyData(conn, &buffer, 0) >= 0)
                PQfreemem(buffer);
            while (PGresult *r = PQgetResult(conn))
                PQclear(r);
            setCopying(false);
        }
        run(ending(false));
        open = false;
    }
    /// What ends the read: the reader's own transaction (committed when it read to the end; nothing was written). In
    /// the caller's: read to the end, its settings put back and its savepoint released (what the caller's transaction
    /// did meanwhile stays); left or failed, back to the savepoint, which undoes the settings and the failure.
    QByteArray ending(bool whole) const
    {
        if (ownTransaction)
            return whole ? "COMMIT" : "ROLLBACK";
        if (whole)
            return restore + "; RELEASE SAVEPOINT " + savepoint;
        return "ROLLBACK TO SAVEPOINT " + savepoint + "; RELEASE SAVEPOINT " + savepoint;
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
    /// Whether the COPY has more to send; while it has, the connection is marked busy (setReading) and statements
    /// through sqlutil's helpers are refused in words rather than sent (Qt's driver would wait for the COPY's end
    /// forever).
    void setCopying(bool on)
    {
        if (copying != on)
            setReading(db, on);
        copying = on;
    }
    /// Tells the link watch whether rows may be waiting unread while the caller uses a batch (the server sends on as
    /// far as the socket holds, then waits for the reader, not for the link).
    void setAhead(bool on)
    {
        if (ahead != on)
            setReaderAhead(db, on);
        ahead = on;
    }
    /// One row of COPY's text format into the batch: fields split at tabs, \N a NULL, backslash escapes undone.
    /// Empty when the row is whole; else what is wrong with it.
    QString addRow(const char *text, int length)
    {
        const char *end = text + length;
        if (end > text && end[-1] == '\n')
            --end;
        int column = 0;
        const char *field = text;
        for (;;) {
            const char *tab = static_cast<const char *>(std::memchr(field, '\t', static_cast<std::size_t>(end - field)));
            const char *fieldEnd = tab ? tab : end;
            addField(field, fieldEnd);
            ++column;
            if (!tab)
                break;
            field = tab + 1;
        }
        if (rows == 0 && columns == 0)
            columns = column;
        else if (column != columns)
            return QStringLiteral("a row of %1 values where %2 belong").arg(column).arg(columns);
        ++rows;
        return {};
    }
    void addField(const char *from, const char *to)
    {
        if (to - from == 2 && from[0] == '\\' && from[1] == 'N') {
            fields.push_back({0, -1});
            return;
        }
        const qsizetype at = data.size();
        if (!std::memchr(from, '\\', static_cast<std::size_t>(to - from))) {
            data.append(from, to - from);
        } else {
            for (const char *c = from; c < to; ++c) {
                if (*c != '\\' || c + 1 == to) {
                    data += *c;
                    continue;
                }
                switch (*++c) {
                case 'b': data += '\b'; break;
                case 'f': data += '\f'; break;
                case 'n': data += '\n'; break;
                case 'r': data += '\r'; break;
                case 't': data += '\t'; break;
                case 'v': data += '\v'; break;
                default: data += *c; // a backslash or the delimiter, written escaped
                }
            }
        }
        fields.push_back({at, static_cast<int>(data.size() - at)});
    }
    struct Field
    {
        qsizetype at = 0;
        int length = -1; // -1: NULL
    };
    const Field &field(int column) const
    {
        return fields[static_cast<std::size_t>(row) * static_cast<std::size_t>(columns) + static_cast<std::size_t>(column)];
    }

    sqlite3 *handle = nullptr;
    sqlite3_stmt *stmt = nullptr;
    bool stepped = false; // SQLite said its last row (stepping again would run the statement anew)
    // PostgreSQL: the rows come by COPY … TO STDOUT, one stream the server sends as it makes them (no cursor's
    // batches kept and sent on each FETCH); kRowsPerBatch of them are read at a time, and the caller visits each
    // value where the batch holds it (no QVariant, no PGresult per row).
    PGconn *conn = nullptr;
    QByteArray savepoint;        // inside the caller's transaction: where the read began
    QByteArray restore;          // inside the caller's transaction: puts back the settings the read changed
    QByteArray data;             // the batch's values, one after the other
    std::vector<Field> fields;   // where each value of the batch is in data, row by row
    int columns = 0;             // values a row
    int row = -1;                // the current row of the batch
    int rows = 0;                // the batch's rows
    bool open = false;           // the read's transaction or savepoint is open
    bool copying = false;        // the COPY has more to send
    bool ahead = false;          // the link watch was told rows may wait unread (setReaderAhead)
    bool ownTransaction = false; // begun by the reader (no transaction was open): it ends with the reader
    QSqlDatabase db;             // what a failed read is said against (readFailure)
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
    Expected<QByteArray> query = withValues(conn, sql, values);
    if (!query)
        return query.error();
    // Idle, or inside the caller's transaction: anything else (another read's rows still coming, a connection lost)
    // is said as it is; a statement sent now would throw that other read's rows away.
    const PGTransactionStatusType state = PQtransactionStatus(conn);
    if (state == PQTRANS_ACTIVE)
        return Error{QStringLiteral("Another read on this connection of the team store is still under way."), {}};
    if (state == PQTRANS_INERROR)
        return Error{QStringLiteral("This connection's transaction on the team store has already failed; nothing more "
                                    "is read in it."),
                     {}};
    d.conn = conn;
    d.ownTransaction = state == PQTRANS_IDLE;
    static std::atomic<quint64> reads{0};
    d.savepoint = "mltco_read_" + QByteArray::number(++reads);
    // The read lasts as long as its caller takes over the rows (a listing piped into a pager left open): no statement
    // timeout cuts it, the link watch does if the link stalls. The listing's rows are used as they come: each instance
    // type's prices read through the lookup index in its order (a bitmap scan reads a table's pages in their order
    // and sorts after), by one process (workers of a parallel plan would hand their rows over in no order).
    QByteArray settings = "SET LOCAL statement_timeout = 0";
    if (plan == Plan::FirstRowsSoon)
        settings += "; SET LOCAL enable_bitmapscan = off; SET LOCAL max_parallel_workers_per_gather = 0";
    if (d.ownTransaction) { // SET LOCAL ends with the reader's transaction
        if (const QString error = d.run("BEGIN READ ONLY; " + settings); !error.isEmpty()) {
            if (PQtransactionStatus(conn) != PQTRANS_IDLE)
                d.run("ROLLBACK");
            return readFailure(db, error);
        }
    } else {
        // In the caller's transaction the settings are put back at the read's end, which keeps what the transaction
        // did meanwhile (the savepoint is released, not rolled back to, unless the read failed or was left).
        if (const QString error = d.run("SAVEPOINT " + d.savepoint); !error.isEmpty())
            return readFailure(db, error);
        d.open = true;
        PGresult *now = PQexec(conn, "SELECT current_setting('statement_timeout'), current_setting('enable_bitmapscan'), "
                                     "current_setting('max_parallel_workers_per_gather')");
        const bool read = PQresultStatus(now) == PGRES_TUPLES_OK && PQntuples(now) == 1 && PQnfields(now) == 3;
        const QString error =
            read ? QString() : QString::fromUtf8(now ? PQresultErrorMessage(now) : PQerrorMessage(conn)).trimmed();
        if (read) {
            d.restore = "SELECT";
            const char *names[] = {"statement_timeout", "enable_bitmapscan", "max_parallel_workers_per_gather"};
            for (int i = 0; i < 3; ++i) {
                char *value = PQescapeLiteral(conn, PQgetvalue(now, 0, i), static_cast<std::size_t>(PQgetlength(now, 0, i)));
                d.restore += QByteArray(i ? ", " : " ") + "set_config('" + names[i] + "', " + (value ? value : "''") +
                             ", true)";
                PQfreemem(value);
            }
        }
        PQclear(now);
        const QString set = read ? d.run(settings) : error;
        if (!set.isEmpty()) {
            d.abandon();
            return readFailure(db, set);
        }
    }
    d.open = true;
    const QByteArray copy = "COPY (" + *query + ") TO STDOUT";
    PGresult *started = PQexec(conn, copy.constData());
    const bool ok = PQresultStatus(started) == PGRES_COPY_OUT;
    const QString error =
        ok ? QString() : QString::fromUtf8(started ? PQresultErrorMessage(started) : PQerrorMessage(conn)).trimmed();
    const QString code = started ? QString::fromLatin1(PQresultErrorField(started, PG_DIAG_SQLSTATE)) : QString();
    PQclear(started);
    if (!ok) {
        d.abandon();
        return readFailure(db, error, code);
    }
    d.setCopying(true);
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
    const auto fail = [&](const QString &detail, const QString &code = {}) {
        if (!m_error)
            m_error = readFailure(d->db, detail, code);
        d->abandon(); // no row of the batch is given after the failure
        d->rows = 0;
        d->row = 0;
        return false;
    };
    d->data.resize(0); // keeps its memory for the next batch (clear() would hand it back, and each batch fault it in anew)
    d->fields.clear();
    d->rows = 0;
    d->row = 0;
    d->setAhead(false); // the wait for the next rows is the link's again
    if (d->copying && PQtransactionStatus(d->conn) != PQTRANS_ACTIVE) {
        // The COPY was read away by another statement on this connection (see rowreader.h), or the connection is gone.
        d->setCopying(false);
        if (!connectionBroken(d->db) && !m_error)
            m_error = Error{QStringLiteral("A read of the team store was ended by another statement on its connection "
                                           "before its last row; what it gave is not all there is."),
                            {}};
        return fail(QString::fromUtf8(PQerrorMessage(d->conn)).trimmed());
    }
    while (d->copying && d->rows < kRowsPerBatch && d->data.size() < kBytesPerBatch) {
        char *buffer = nullptr;
        const int length = PQgetCopyData(d->conn, &buffer, 0);
        if (length < 0) {
            d->setCopying(false); // -1: the COPY's end, its outcome in the result that follows; -2: the link failed
            if (length == -2)
                return fail(QString::fromUtf8(PQerrorMessage(d->conn)).trimmed());
            break;
        }
        const QString wrong = d->addRow(buffer, length);
        PQfreemem(buffer);
        if (!wrong.isEmpty()) {
            d->setCopying(true); // still sending: abandon() stops it
            m_error = unreadable(wrong);
            return fail(wrong);
        }
    }
    if (!d->copying) { // the COPY's outcome: a failure part-way (a division by zero, the server shut down) is said
        QString error, code;
        while (PGresult *r = PQgetResult(d->conn)) {
            if (PQresultStatus(r) != PGRES_COMMAND_OK && error.isEmpty()) {
                error = QString::fromUtf8(PQresultErrorMessage(r)).trimmed();
                code = QString::fromLatin1(PQresultErrorField(r, PG_DIAG_SQLSTATE));
            }
            PQclear(r);
        }
        if (!error.isEmpty())
            return fail(error, code);
        if (d->rows == 0) { // read to the end: the reader's transaction or savepoint ends
            const QString ended = d->run(d->ending(true));
            d->open = false;
            return ended.isEmpty() ? false : fail(ended);
        }
    }
    d->setAhead(d->copying);
    return true;
}

bool RowReader::isNull(int column) const
{
    if (d->stmt)
        return sqlite3_column_type(d->stmt, column) == SQLITE_NULL;
    return column < 0 || column >= d->columns || d->row >= d->rows || d->field(column).length < 0;
}

qint64 RowReader::int64(int column) const
{
    if (d->stmt)
        return sqlite3_column_int64(d->stmt, column);
    const QByteArrayView bytes = text(column);
    const char *end = bytes.data() + bytes.size();
    qint64 value = 0;
    const auto [at, ec] = std::from_chars(bytes.data(), end, value);
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
    const QByteArrayView bytes = text(column);
    const char *end = bytes.data() + bytes.size();
    double value = 0.0;
    const auto [at, ec] = std::from_chars(bytes.data(), end, value, std::chars_format::general);
    if (ec != std::errc() || at != end)
        noteBadNumber(column);
    return value;
}

void RowReader::noteBadNumber(int column) const
{
    const QString what = QStringLiteral("column %1 holds \"%2\" where a number belongs")
                             .arg(column + 1)
                             .arg(QString::fromUtf8(text(column)).left(40));
    if (!m_error)
        m_error = d->stmt ? damage(what) : unreadable(what);
}

QByteArrayView RowReader::text(int column) const
{
    if (d->stmt)
        return columnBytes(d->stmt, column);
    if (column < 0 || column >= d->columns || d->row < 0 || d->row >= d->rows)
        return {};
    const Impl::Field &f = d->field(column);
    return f.length < 0 ? QByteArrayView() : QByteArrayView(d->data.constData() + f.at, f.length);
}

} // namespace mltco::store

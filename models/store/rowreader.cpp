#include "models/store/rowreader.h"

#include "models/store/pgcopy.h"
#include "models/store/sqlutil.h"

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

} // namespace

struct RowReader::Impl
{
    ~Impl()
    {
        if (stmt)
            sqlite3_finalize(stmt);
        if (result)
            PQclear(result);
        if (conn && busy) {
            // Left before its last row: the server is asked to stop, and what it already sent is read away, so the
            // connection is free for the next statement. Inside the caller's transaction the rest is read away
            // instead: a cancel would abort that transaction.
            if (PGcancel *cancel = ownStatement ? PQgetCancel(conn) : nullptr) {
                char reason[256];
                PQcancel(cancel, reason, sizeof reason);
                PQfreeCancel(cancel);
            }
            while (PGresult *r = PQgetResult(conn))
                PQclear(r);
        }
    }
    sqlite3 *handle = nullptr;
    sqlite3_stmt *stmt = nullptr;
    // PostgreSQL: libpq's single-row mode, each value read where libpq holds it (no QVariant, no copy).
    PGconn *conn = nullptr;
    PGresult *result = nullptr; // the current row
    bool busy = false;          // results not yet all read
    bool ownStatement = false;  // sent outside a transaction block: a cancel ends only this statement
    QSqlDatabase db;            // what a failed read is said against (readFailure)
};

RowReader::~RowReader() = default;

Expected<std::unique_ptr<RowReader>> RowReader::start(const QSqlDatabase &db, const QByteArray &sql,
                                                      const QVariantList &values)
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
    const QByteArray numbered = numberedPlaceholders(sql);
    d.ownStatement = PQtransactionStatus(conn) == PQTRANS_IDLE;
    if (!PQsendQueryParams(conn, numbered.constData(), static_cast<int>(params.size()), nullptr, params.data(), nullptr,
                           nullptr, 0))
        return readFailure(db, QString::fromUtf8(PQerrorMessage(conn)).trimmed());
    d.conn = conn;
    d.busy = true;
    if (!PQsetSingleRowMode(conn))
        return readFailure(db, QStringLiteral("rows could not be read one at a time"));
    return reader;
}

bool RowReader::next()
{
    if (d->stmt) {
        const int rc = sqlite3_step(d->stmt);
        if (rc == SQLITE_ROW)
            return true;
        if (rc != SQLITE_DONE)
            m_error = damage(QString::fromUtf8(sqlite3_errmsg(d->handle)));
        return false;
    }
    if (!d->busy)
        return false;
    if (d->result)
        PQclear(d->result);
    d->result = PQgetResult(d->conn);
    if (d->result && PQresultStatus(d->result) == PGRES_SINGLE_TUPLE)
        return true;
    // The end (PGRES_TUPLES_OK, no row) or a failure; then the results are read to the last.
    if (d->result && PQresultStatus(d->result) != PGRES_TUPLES_OK)
        m_error = readFailure(d->db, QString::fromUtf8(PQresultErrorMessage(d->result)).trimmed());
    else if (!d->result)
        m_error = readFailure(d->db, QString::fromUtf8(PQerrorMessage(d->conn)).trimmed());
    if (d->result) {
        PQclear(d->result);
        d->result = nullptr;
    }
    while (PGresult *r = PQgetResult(d->conn))
        PQclear(r);
    d->busy = false;
    return false;
}

bool RowReader::isNull(int column) const
{
    return d->stmt ? sqlite3_column_type(d->stmt, column) == SQLITE_NULL : PQgetisnull(d->result, 0, column) == 1;
}

qint64 RowReader::int64(int column) const
{
    if (d->stmt)
        return sqlite3_column_int64(d->stmt, column);
    const char *text = PQgetvalue(d->result, 0, column);
    const char *end = text + PQgetlength(d->result, 0, column);
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
    const char *text = PQgetvalue(d->result, 0, column);
    const char *end = text + PQgetlength(d->result, 0, column);
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
                             .arg(QString::fromUtf8(PQgetvalue(d->result, 0, column)).left(40)));
}

QByteArrayView RowReader::text(int column) const
{
    if (d->stmt)
        return columnBytes(d->stmt, column);
    return QByteArrayView(PQgetvalue(d->result, 0, column), PQgetlength(d->result, 0, column));
}

} // namespace mltco::store

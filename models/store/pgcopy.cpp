#include "models/store/pgcopy.h"

#include "models/store/sqlutil.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QVariant>

#include <charconv>
#include <cmath>
#include <libpq-fe.h>

namespace mltco::store {
namespace {

constexpr qsizetype kSendAt = 1 << 20;

PGconn *pgHandle(const QSqlDatabase &db)
{
    return static_cast<PGconn *>(libpqConnection(db));
}

QString lastMessage(PGconn *conn)
{
    return QString::fromUtf8(PQerrorMessage(conn)).trimmed();
}

QString quotedIdentifier(const QString &name)
{
    return QLatin1Char('"') + QString(name).replace(QLatin1Char('"'), QLatin1String("\"\"")) + QLatin1Char('"');
}

} // namespace

void *libpqConnection(const QSqlDatabase &db)
{
    const QVariant v = db.driver() ? db.driver()->handle() : QVariant();
    if (v.isValid() && (qstrcmp(v.typeName(), "PGconn*") == 0 || qstrcmp(v.typeName(), "pg_conn*") == 0))
        return *static_cast<PGconn *const *>(v.constData());
    return nullptr;
}

PgCopyIn::PgCopyIn(void *connection, QSqlDatabase db) : m_connection(connection), m_db(std::move(db))
{
    m_buffer.reserve(kSendAt + 4096);
}

PgCopyIn::~PgCopyIn()
{
    if (m_open) // abandoned part-way: end the COPY with an error so the connection is usable (the caller rolls back)
        PQputCopyEnd(static_cast<PGconn *>(m_connection), "abandoned");
    if (m_open)
        while (PGresult *r = PQgetResult(static_cast<PGconn *>(m_connection)))
            PQclear(r);
}

Expected<std::unique_ptr<PgCopyIn>> PgCopyIn::start(const QSqlDatabase &db, const QString &table,
                                                    const QStringList &columns)
{
    PGconn *conn = pgHandle(db);
    if (!conn)
        return Error{QStringLiteral("COPY needs a PostgreSQL connection."), {}};
    QStringList quoted;
    for (const QString &c : columns)
        quoted << quotedIdentifier(c);
    const QByteArray sql = QStringLiteral("COPY %1 (%2) FROM STDIN")
                               .arg(quotedIdentifier(table), quoted.join(QStringLiteral(", ")))
                               .toUtf8();
    PGresult *r = PQexec(conn, sql.constData());
    const bool ok = PQresultStatus(r) == PGRES_COPY_IN;
    const QString message = ok ? QString() : QString::fromUtf8(PQresultErrorMessage(r)).trimmed();
    PQclear(r);
    if (!ok) {
        const QString said = message.isEmpty() ? lastMessage(conn) : message;
        return Error{QStringLiteral("writing %1: %2")
                         .arg(table, errorInWords(db, QSqlError(QString(), said, QSqlError::StatementError))),
                     {}};
    }
    return std::unique_ptr<PgCopyIn>(new PgCopyIn(conn, db));
}

void PgCopyIn::separate()
{
    if (m_rowStarted)
        m_buffer += '\t';
    m_rowStarted = true;
}

void PgCopyIn::addNull()
{
    separate();
    m_buffer += "\\N";
}

void PgCopyIn::addText(QByteArrayView utf8)
{
    separate();
    if (utf8.contains('\0') && m_refused.isEmpty())
        m_refused = QStringLiteral("a text holds a NUL character, which PostgreSQL cannot store");
    for (const char c : utf8) {
        switch (c) {
        case '\\':
            m_buffer += "\\\\";
            break;
        case '\t':
            m_buffer += "\\t";
            break;
        case '\n':
            m_buffer += "\\n";
            break;
        case '\r':
            m_buffer += "\\r";
            break;
        default:
            m_buffer += c;
        }
    }
}

void PgCopyIn::addInt(qint64 value)
{
    separate();
    char text[24];
    const auto result = std::to_chars(std::begin(text), std::end(text), value);
    m_buffer.append(text, result.ptr - text);
}

void PgCopyIn::addDouble(double value)
{
    separate();
    if (!std::isfinite(value) && m_refused.isEmpty())
        m_refused = QStringLiteral("a number is not finite (%1)").arg(value);
    char text[32];
    const auto result = std::to_chars(std::begin(text), std::end(text), value); // shortest text that reads back equal
    m_buffer.append(text, result.ptr - text);
}

Status PgCopyIn::endRow()
{
    if (!m_refused.isEmpty())
        return Error{m_refused, {}};
    m_buffer += '\n';
    m_rowStarted = false;
    return m_buffer.size() >= kSendAt ? send() : Status{};
}

Status PgCopyIn::send()
{
    auto *conn = static_cast<PGconn *>(m_connection);
    if (!m_buffer.isEmpty() && PQputCopyData(conn, m_buffer.constData(), static_cast<int>(m_buffer.size())) != 1)
        return failure(lastMessage(conn));
    m_buffer.clear();
    return {};
}

Error PgCopyIn::failure(const QString &message) const
{
    return Error{errorInWords(m_db, QSqlError(QString(), message, QSqlError::StatementError)), {}};
}

Status PgCopyIn::finish()
{
    auto *conn = static_cast<PGconn *>(m_connection);
    // A row refused at endRow() is in the buffer without its end: never sent, and the COPY ends refused.
    Status sent = m_refused.isEmpty() ? send() : Status(Error{m_refused, {}});
    m_open = false;
    if (PQputCopyEnd(conn, sent ? nullptr : "the rows could not be sent") != 1 && sent)
        sent = failure(lastMessage(conn));
    Status result = sent;
    while (PGresult *r = PQgetResult(conn)) {
        if (PQresultStatus(r) != PGRES_COMMAND_OK && result)
            result = failure(QString::fromUtf8(PQresultErrorMessage(r)).trimmed());
        PQclear(r);
    }
    return result;
}

} // namespace mltco::store

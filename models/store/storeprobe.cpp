#include "models/store/storeprobe.h"

#include <QString>

#include <chrono>
#include <utility>

#include <libpq-fe.h>
#include <poll.h>

namespace mltco::store {

namespace {

using Clock = std::chrono::steady_clock;

/// Waits until `conn`'s socket is ready for reading (or writing) or `deadline` passes; false at the deadline or when
/// the socket is gone.
bool waitForSocket(PGconn *conn, bool forWriting, Clock::time_point deadline)
{
    const int fd = PQsocket(conn);
    if (fd < 0)
        return false;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0)
            return false;
        pollfd p{fd, static_cast<short>(forWriting ? POLLOUT : POLLIN), 0};
        const int n = ::poll(&p, 1, static_cast<int>(left));
        if (n > 0)
            return true;
        if (n < 0 && errno != EINTR)
            return false;
    }
}

QString libpqError(PGconn *conn)
{
    const QString text = QString::fromUtf8(PQerrorMessage(conn)).trimmed();
    return text.isEmpty() ? QStringLiteral("the connection failed") : text;
}

} // namespace

StoreProbe::StoreProbe(QByteArray conninfo) : m_conninfo(std::move(conninfo)) {}

StoreProbe::~StoreProbe()
{
    drop();
}

void StoreProbe::drop()
{
    if (m_conn)
        PQfinish(m_conn);
    m_conn = nullptr;
}

Status StoreProbe::check(int timeoutMs)
{
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    // A connection kept from the last check may have been ended while the store is fine (a server's
    // idle_session_timeout, a pooler, a NAT that forgot it, a quick restart): one more try on a fresh one, within the
    // same deadline, before the store is said to be unreachable.
    const bool reused = m_conn != nullptr;
    Status answer = checkOnce(deadline, timeoutMs);
    if (!answer && reused && Clock::now() < deadline)
        answer = checkOnce(deadline, timeoutMs);
    return answer;
}

Status StoreProbe::checkOnce(std::chrono::steady_clock::time_point deadline, int timeoutMs)
{
    const QString noAnswer = QStringLiteral("no answer within %1 s").arg(timeoutMs / 1000.0, 0, 'g', 3);
    const auto fail = [this](const QString &why) -> Status {
        drop();
        return Error{why, {}};
    };
    if (m_conn && PQstatus(m_conn) != CONNECTION_OK)
        drop();
    if (!m_conn) {
        const QByteArray info = m_conninfo + " application_name=mltco-probe";
        m_conn = PQconnectStart(info.constData());
        if (!m_conn)
            return Error{QStringLiteral("out of memory"), {}};
        if (PQstatus(m_conn) == CONNECTION_BAD)
            return fail(libpqError(m_conn));
        PostgresPollingStatusType state = PGRES_POLLING_WRITING;
        while (state != PGRES_POLLING_OK) {
            if (state == PGRES_POLLING_FAILED)
                return fail(libpqError(m_conn));
            if (!waitForSocket(m_conn, state == PGRES_POLLING_WRITING, deadline))
                return fail(noAnswer);
            state = PQconnectPoll(m_conn);
        }
        if (PQsetnonblocking(m_conn, 1) != 0)
            return fail(libpqError(m_conn));
    }
    if (!PQsendQuery(m_conn, "SELECT 1"))
        return fail(libpqError(m_conn));
    for (int flushed = PQflush(m_conn); flushed != 0; flushed = PQflush(m_conn)) {
        if (flushed < 0)
            return fail(libpqError(m_conn));
        if (!waitForSocket(m_conn, true, deadline))
            return fail(noAnswer);
    }
    // Every result up to the end of the statement, each waited for within the deadline: PQgetResult would block.
    bool answered = false;
    QString error;
    for (;;) {
        while (PQisBusy(m_conn)) {
            if (!waitForSocket(m_conn, false, deadline))
                return fail(noAnswer);
            if (!PQconsumeInput(m_conn))
                return fail(libpqError(m_conn));
        }
        PGresult *r = PQgetResult(m_conn);
        if (!r)
            break;
        if (PQresultStatus(r) == PGRES_TUPLES_OK)
            answered = true;
        else
            error = QString::fromUtf8(PQresultErrorMessage(r)).trimmed();
        PQclear(r);
    }
    if (!answered)
        return fail(error.isEmpty() ? libpqError(m_conn) : error);
    return {};
}

int storeProbeSeconds()
{
    bool ok = false;
    const int seconds = qEnvironmentVariableIntValue("MLTCO_STORE_PROBE_SECONDS", &ok);
    return ok && seconds >= 1 && seconds <= 600 ? seconds : 5;
}

} // namespace mltco::store

#include "models/store/linkwatch.h"

#include "models/store/pgcopy.h"

#include <QSqlDriver>
#include <QVariant>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <libpq-fe.h>
#ifdef Q_OS_WIN
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <netinet/in.h>
#include <sys/socket.h>
#endif
#ifdef Q_OS_LINUX
// The socket's own statistics (TCP_INFO, the unsent queue): Linux only.
#include <linux/sockios.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#endif

namespace mltco::store {
namespace {

constexpr int kDefaultDeadlineSeconds = 60;
constexpr int kMaxProbeSeconds = 10;

/// Shuts a socket down both ways: the statement waiting on it fails at once.
void shutdownSocket(int fd)
{
#ifdef Q_OS_WIN
    ::shutdown(static_cast<SOCKET>(fd), SD_BOTH);
#else
    ::shutdown(fd, SHUT_RDWR);
#endif
}

/// Whether the watch reads the socket's statistics (Linux) rather than its own clock. MLTCO_LINK_WATCH_CLOCK=1 makes
/// Linux use the clock too, so that the way every other system watches is tested here.
bool socketStatistics()
{
#ifdef Q_OS_LINUX
    static const bool clock = qEnvironmentVariableIntValue("MLTCO_LINK_WATCH_CLOCK") == 1;
    return !clock;
#else
    return false;
#endif
}

PGconn *pgHandleOf(const QSqlDatabase &db)
{
    return static_cast<PGconn *>(libpqConnection(db));
}

struct Watched final
{
    int fd = -1;
    PGconn *conn = nullptr;
    sockaddr_storage peer{};
    socklen_t peerLength = 0;
    int backendPid = 0;
    QByteArray conninfo;
    std::chrono::steady_clock::time_point nextProbe{};
    /// Since when the watch has seen a statement in progress without a break (the clock's way, socketStatistics()).
    std::optional<std::chrono::steady_clock::time_point> activeSince;
    /// A reader's caller is using the rows it has while the server sends on: more may already wait in the socket or
    /// in libpq's buffer (read there by Qt's notification handler) and the server wait for the reader, so the
    /// statement in progress is not a wait for the link (setReaderAhead()).
    bool readerAhead = false;
    /// A reader's rows are streaming on this connection (setStreaming()): while the reader waits for them, a backend
    /// waiting to send (ClientWrite) is waiting on the link. (A plain query's rows are read by Qt as its caller asks:
    /// a caller that pauses leaves the backend waiting to send on a healthy link.)
    bool streaming = false;
    bool cut = false;
};

/// Whether `fd` is still the socket that was registered: same peer address (a number closed and used again for
/// another connection is never shut down).
bool samePeer(const Watched &w)
{
    sockaddr_storage now{};
    socklen_t length = sizeof now;
    if (getpeername(w.fd, reinterpret_cast<sockaddr *>(&now), &length) != 0)
        return false;
    return length == w.peerLength && std::memcmp(&now, &w.peer, length) == 0;
}

/// What the server says of the backend: true when it is working on a statement (the wait is the server's, not the
/// link's); false when it is idle, gone, or the server cannot be reached within the probe's time; with
/// `sendingIsStall`, false too when it waits to send to the client (ClientWrite), which a streaming read's reader
/// waits for: the link does not carry the rows (a NAT or a tunnel that lost this one connection while new ones get
/// through).
bool serverIsWorkingOn(const QByteArray &conninfo, int backendPid, int probeSeconds, bool sendingIsStall)
{
    const QByteArray info = conninfo + " connect_timeout=" + QByteArray::number(probeSeconds) +
                            " application_name=mltco-watch";
    PGconn *probe = PQconnectdb(info.constData());
    bool working = false;
    if (PQstatus(probe) == CONNECTION_OK) {
        const QByteArray sql = "SELECT state, COALESCE(wait_event, '') FROM pg_stat_activity WHERE pid = " +
                               QByteArray::number(backendPid);
        PGresult *r = PQexec(probe, sql.constData());
        working = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 &&
                  std::strcmp(PQgetvalue(r, 0, 0), "active") == 0 &&
                  !(sendingIsStall && std::strcmp(PQgetvalue(r, 0, 1), "ClientWrite") == 0);
        PQclear(r);
    }
    PQfinish(probe);
    return working;
}

class LinkWatch final
{
public:
    ~LinkWatch()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

    void add(const QString &name, Watched w)
    {
        std::lock_guard lock(m_mutex);
        m_watched[name] = std::move(w);
        if (!m_thread.joinable())
            m_thread = std::thread([this] { run(); });
    }

    void remove(const QString &name)
    {
        std::lock_guard lock(m_mutex);
        m_watched.erase(name);
    }

    void setReaderAhead(const QString &name, bool ahead)
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_watched.find(name); it != m_watched.end()) {
            it->second.readerAhead = ahead;
            it->second.activeSince.reset(); // the clock counts again from the reader's next wait
        }
    }

    void setStreaming(const QString &name, bool streaming)
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_watched.find(name); it != m_watched.end())
            it->second.streaming = streaming;
    }

    bool wasCut(const QString &name)
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_watched.find(name);
        return it != m_watched.end() && it->second.cut;
    }

private:
    void run()
    {
        std::unique_lock lock(m_mutex);
        while (!m_stop) {
            m_wake.wait_for(lock, std::chrono::seconds(1));
            if (m_stop)
                break;
            const int deadline = roundTripDeadlineSeconds();
            const auto now = std::chrono::steady_clock::now();
            // Which connections have waited the deadline; asked about outside the lock (a probe takes seconds).
            std::vector<std::pair<QString, Watched>> waiting;
            for (auto &[name, w] : m_watched) {
                if (w.readerAhead) // setReaderAhead() restarted its clock
                    continue;
                if (PQtransactionStatus(w.conn) != PQTRANS_ACTIVE) // read as stalled() reads it, see there
                    w.activeSince.reset();
                else if (!w.activeSince)
                    w.activeSince = now;
                if (w.cut || now < w.nextProbe || !stalled(w, deadline, now))
                    continue;
                waiting.emplace_back(name, w);
            }
            for (auto &[name, w] : waiting) {
                lock.unlock();
                const bool working = serverIsWorkingOn(w.conninfo, w.backendPid, std::clamp(deadline, 2, kMaxProbeSeconds),
                                                       w.streaming);
                lock.lock();
                const auto it = m_watched.find(name);
                if (it == m_watched.end() || it->second.fd != w.fd)
                    continue; // closed meanwhile
                if (working) {
                    it->second.nextProbe = std::chrono::steady_clock::now() + std::chrono::seconds(deadline);
                    continue;
                }
                if (it->second.readerAhead || !stalled(it->second, deadline, std::chrono::steady_clock::now()) ||
                    !samePeer(it->second))
                    continue; // an answer came meanwhile
                it->second.cut = true;
                shutdownSocket(it->second.fd);
            }
        }
    }

    /// A connection waiting for its answer, or to send, for at least `deadline` seconds. Without the socket's
    /// statistics (every system but Linux), a statement in progress for the deadline by the watch's own clock: the
    /// server is then asked as well, so a long statement the server is working on is left alone.
    static bool stalled(const Watched &w, int deadline, std::chrono::steady_clock::time_point now)
    {
        if (!socketStatistics())
            return w.activeSince && now - *w.activeSince >= std::chrono::seconds(deadline);
#ifdef Q_OS_LINUX
        tcp_info info{};
        socklen_t length = sizeof info;
        if (getsockopt(w.fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0)
            return false;
        const unsigned limit = static_cast<unsigned>(deadline) * 1000u;
        // A statement in progress (libpq's own state: read without its owner's lock, an aligned int that only the owner
        // writes; the owner cannot free the connection meanwhile, unwatchConnection() waits for this lock), nothing
        // sent for the deadline and nothing received either. (The socket's times alone cannot tell a statement
        // waiting for its answer from an idle connection whose last answer came within the same clock tick.)
        const bool awaitingAnswer = PQtransactionStatus(w.conn) == PQTRANS_ACTIVE && info.tcpi_last_data_sent >= limit &&
                                    info.tcpi_last_data_recv >= limit;
        int unsent = 0;
        const bool awaitingSend = ioctl(w.fd, SIOCOUTQ, &unsent) == 0 && unsent > 0 && info.tcpi_last_data_sent >= limit;
        return awaitingAnswer || awaitingSend;
#else
        return false;
#endif
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::map<QString, Watched> m_watched;
    std::thread m_thread;
    bool m_stop = false;
};

LinkWatch &linkWatch()
{
    static LinkWatch watch;
    return watch;
}

} // namespace

int roundTripDeadlineSeconds()
{
    bool ok = false;
    const int seconds = qEnvironmentVariableIntValue("MLTCO_STORE_DEADLINE_SECONDS", &ok);
    return ok && seconds >= 1 && seconds <= 3600 ? seconds : kDefaultDeadlineSeconds;
}

void watchConnection(const QSqlDatabase &db, const QString &conninfo)
{
    PGconn *conn = pgHandleOf(db);
    if (!conn)
        return;
    Watched w;
    w.conn = conn;
    w.fd = PQsocket(conn);
    w.backendPid = PQbackendPID(conn);
    w.conninfo = conninfo.toUtf8();
    w.peerLength = sizeof w.peer;
    if (w.fd < 0 || getpeername(w.fd, reinterpret_cast<sockaddr *>(&w.peer), &w.peerLength) != 0 ||
        (w.peer.ss_family != AF_INET && w.peer.ss_family != AF_INET6))
        return; // a Unix-domain socket: no link in between to stall
    linkWatch().add(db.connectionName(), std::move(w));
}

void unwatchConnection(const QString &connectionName)
{
    linkWatch().remove(connectionName);
}

void setReaderAhead(const QSqlDatabase &db, bool ahead)
{
    linkWatch().setReaderAhead(db.connectionName(), ahead);
}

void setStreaming(const QSqlDatabase &db, bool streaming)
{
    linkWatch().setStreaming(db.connectionName(), streaming);
}

bool cutForNoAnswer(const QSqlDatabase &db)
{
    return linkWatch().wasCut(db.connectionName());
}

namespace {
constexpr char kClosedUnanswered[] = "mltcoClosedUnanswered";
}

void closeWithoutWaiting(QSqlDatabase &db)
{
    unwatchConnection(db.connectionName());
    if (db.driver())
        db.driver()->setProperty(kClosedUnanswered, true);
    // Shut down first: closing sends the server a goodbye, which a link that forwards nothing would hold.
    if (PGconn *conn = pgHandleOf(db); conn && PQsocket(conn) >= 0)
        shutdownSocket(PQsocket(conn));
    db.close();
}

bool closedUnanswered(const QSqlDatabase &db)
{
    return !db.isOpen() && db.driver() && db.driver()->property(kClosedUnanswered).toBool();
}

void markReopened(const QSqlDatabase &db)
{
    if (db.driver())
        db.driver()->setProperty(kClosedUnanswered, QVariant());
}

bool connectionBroken(const QSqlDatabase &db)
{
    if (!db.isOpen())
        return true;
    PGconn *conn = pgHandleOf(db);
    return conn && (PQstatus(conn) == CONNECTION_BAD || cutForNoAnswer(db));
}

} // namespace mltco::store

#pragma once

// A TCP proxy on 127.0.0.1 for the team-store tests: it forwards to a port and, when told, freezes (reads and writes
// nothing more, accepts no new connection, but keeps every socket open: what a VPN or a stateful firewall that
// stopped forwarding looks like from the client, whose kernel still sees its peer answer) or cuts (resets every
// connection). Runs on a thread of its own, so the client under test may block.

#include <QtGlobal>

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace mltco::test {

class TcpProxy final
{
public:
    explicit TcpProxy(int targetPort) : m_target(targetPort)
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM, 0);
        const int yes = 1;
        ::setsockopt(m_listen, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = 0;
        if (::bind(m_listen, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(m_listen, 16) != 0)
            qFatal("TcpProxy: cannot listen");
        socklen_t length = sizeof addr;
        ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&addr), &length);
        m_port = ntohs(addr.sin_port);
        if (::pipe(m_wake) != 0)
            qFatal("TcpProxy: no pipe");
        m_thread = std::thread([this] { run(); });
    }

    ~TcpProxy()
    {
        m_stop = true;
        wake();
        m_thread.join();
        for (const Pair &p : m_pairs) {
            ::close(p.client);
            ::close(p.server);
        }
        ::close(m_listen);
        ::close(m_wake[0]);
        ::close(m_wake[1]);
    }

    TcpProxy(const TcpProxy &) = delete;
    TcpProxy &operator=(const TcpProxy &) = delete;

    int port() const { return m_port; }
    /// Stops forwarding anything, keeping the sockets open.
    void freeze()
    {
        m_frozen = true;
        wake();
    }
    /// Freezes once this many more bytes went from the clients to the server (a link that stalls mid-write).
    void freezeAfter(qint64 bytes)
    {
        m_freezeAt = m_forwarded.load() + bytes;
        wake();
    }
    /// Stops forwarding on the connections open now, keeping their sockets open, while new ones are accepted and
    /// forwarded: a NAT or a tunnel that lost one flow while new ones get through.
    void freezeExisting()
    {
        m_holdExisting = true;
        wake();
    }
    /// Forwards again what was held (a link that comes back): nothing was lost meanwhile, only delayed.
    void thaw()
    {
        m_freezeAt = -1;
        m_frozen = false;
        m_releaseHeld = true;
        wake();
    }
    /// Resets every connection (RST): what a server machine that went away, or a NAT that dropped its state, does.
    void cut()
    {
        m_cut = true;
        wake();
    }
    qint64 forwardedToServer() const { return m_forwarded; }

private:
    struct Pair
    {
        int client;
        int server;
        bool held = false; // freezeExisting(): polled for nothing, forwards nothing
    };

    void wake()
    {
        const char c = 0;
        (void)!::write(m_wake[1], &c, 1);
    }

    static void reset(int fd)
    {
        const linger hard{1, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
        ::close(fd);
    }

    int connectTarget() const
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = htons(static_cast<quint16>(m_target));
        if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
            ::close(fd);
            return -1;
        }
        return fd;
    }

    /// Moves what `from` has to `to`; false when `from` ended or failed.
    bool pump(int from, int to, bool upstream)
    {
        char buffer[65536];
        qint64 room = sizeof buffer;
        if (upstream && m_freezeAt.load() >= 0)
            room = std::min<qint64>(room, std::max<qint64>(0, m_freezeAt.load() - m_forwarded.load()));
        if (room == 0) {
            m_frozen = true;
            return true;
        }
        const ssize_t n = ::recv(from, buffer, static_cast<size_t>(room), MSG_DONTWAIT);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            return true; // nothing after all: never wait here
        if (n <= 0)
            return false;
        for (ssize_t sent = 0; sent < n;) {
            const ssize_t w = ::write(to, buffer + sent, static_cast<size_t>(n - sent));
            if (w <= 0)
                return false;
            sent += w;
        }
        if (upstream)
            m_forwarded += n;
        return true;
    }

    void run()
    {
        while (!m_stop) {
            if (m_cut.exchange(false)) {
                for (const Pair &p : m_pairs) {
                    reset(p.client);
                    reset(p.server);
                }
                m_pairs.clear();
            }
            if (m_holdExisting.exchange(false))
                for (Pair &p : m_pairs)
                    p.held = true;
            if (m_releaseHeld.exchange(false))
                for (Pair &p : m_pairs)
                    p.held = false;
            // Frozen or not as of this poll: thaw() may run meanwhile, and `fds` holds the pairs only when not.
            const bool frozen = m_frozen;
            std::vector<pollfd> fds{{m_wake[0], POLLIN, 0}};
            if (!frozen) {
                fds.push_back({m_listen, POLLIN, 0});
                for (const Pair &p : m_pairs) {
                    const short events = p.held ? 0 : POLLIN;
                    fds.push_back({p.client, events, 0});
                    fds.push_back({p.server, events, 0});
                }
            }
            if (::poll(fds.data(), fds.size(), 200) <= 0)
                continue;
            if (fds[0].revents) {
                char drain[64];
                (void)!::read(m_wake[0], drain, sizeof drain);
            }
            if (frozen || m_frozen || m_stop)
                continue;
            // Only the pairs that were polled: one accepted now has no entry in `fds` yet.
            const std::size_t polled = m_pairs.size();
            std::vector<Pair> kept;
            if (fds[1].revents & POLLIN) {
                const int client = ::accept(m_listen, nullptr, nullptr);
                const int server = client >= 0 ? connectTarget() : -1;
                if (server >= 0)
                    kept.push_back({client, server});
                else if (client >= 0)
                    ::close(client);
            }
            for (std::size_t i = 0; i < polled; ++i) {
                const Pair p = m_pairs[i];
                const short up = fds[2 + 2 * i].revents;
                const short down = fds[3 + 2 * i].revents;
                if (p.held) { // kept as it is; one whose end went away is closed (it would wake every poll)
                    if ((up | down) & (POLLHUP | POLLERR)) {
                        ::close(p.client);
                        ::close(p.server);
                    } else {
                        kept.push_back(p);
                    }
                    continue;
                }
                bool alive = true;
                if (up & (POLLIN | POLLHUP | POLLERR))
                    alive = pump(p.client, p.server, true);
                if (alive && !m_frozen && (down & (POLLIN | POLLHUP | POLLERR)))
                    alive = pump(p.server, p.client, false);
                if (alive) {
                    kept.push_back(p);
                } else {
                    ::close(p.client);
                    ::close(p.server);
                }
            }
            m_pairs = std::move(kept);
        }
    }

    int m_target;
    int m_listen = -1;
    int m_port = 0;
    int m_wake[2] = {-1, -1};
    std::thread m_thread;
    std::vector<Pair> m_pairs; // the proxy thread's own
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_frozen{false};
    std::atomic<bool> m_cut{false};
    std::atomic<bool> m_holdExisting{false};
    std::atomic<bool> m_releaseHeld{false};
    std::atomic<qint64> m_freezeAt{-1};
    std::atomic<qint64> m_forwarded{0};
};

} // namespace mltco::test

#pragma once

// An HTTP/1.1 server on 127.0.0.1 for the price-update tests, with the faults of a real network on demand: status
// codes, 503/429 with Retry-After, ETag and Last-Modified answered with 304, gzip transfer compression, chunked
// bodies, redirects, a body cut short, a server that stops sending, a web page instead of the file, and a proxy
// (requests whose target is a whole address are served as a forward proxy would, and logged as such). With a
// certificate and key it speaks HTTPS (QSslServer). Runs on a thread of its own with its own event loop, so the
// client under test may block its own thread; every connection is closed after one answer.

#include <QByteArray>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <QUrl>

#include <atomic>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <zlib.h>

namespace mltco::test {

/// What the server answers at one path.
struct HttpRoute final
{
    int status = 200;
    QByteArray reason = "OK";
    QByteArray body;
    QByteArray contentType = "text/plain";
    QList<std::pair<QByteArray, QByteArray>> headers; ///< extra headers
    QByteArray etag;         ///< sent, and a request naming it in If-None-Match gets 304
    QByteArray lastModified; ///< sent, and a request naming it in If-Modified-Since gets 304
    bool gzipWhenAsked = false; ///< Content-Encoding: gzip when the request accepts it
    bool chunked = false;       ///< Transfer-Encoding: chunked instead of Content-Length
    qint64 cutAfter = -1;       ///< close the connection after this many body bytes (the length says more)
    qint64 stallAfter = -1;     ///< send this many body bytes, then nothing more, keeping the connection open
    int busyFirst = 0;          ///< answer the first N requests with busyStatus and Retry-After
    int busyStatus = 503;
    QByteArray retryAfter = "1";
    QByteArray raw;       ///< sent as it is instead of an answer (status line, headers and body: anything at all)
    QString bodyFile;     ///< the body read from this file as the client takes it (a large file, never held whole)
    int trickleBytes = 0; ///< send the body this many bytes at a time, trickleMs apart (a slow, long download)
    int trickleMs = 0;
};

/// One request as the server saw it.
struct HttpRequestSeen final
{
    QByteArray method;
    QByteArray target; ///< as sent: a path, or a whole address when sent to a proxy
    QByteArray path;
    QHash<QByteArray, QByteArray> headers; ///< names in lower case
    bool viaProxy() const
    {
        return target.startsWith("http://") || target.startsWith("https://") || method == "CONNECT";
    }
};

inline QByteArray gzipBytes(const QByteArray &in)
{
    z_stream z{};
    deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(static_cast<int>(deflateBound(&z, static_cast<uLong>(in.size()))) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.constData()));
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(static_cast<qsizetype>(z.total_out));
    deflateEnd(&z);
    return out;
}

class HttpServer final
{
public:
    /// Plain HTTP; with a PEM certificate and key, HTTPS.
    explicit HttpServer(const QString &certificatePem = {}, const QString &keyPem = {})
    {
        std::promise<quint16> listening;
        std::future<quint16> port = listening.get_future();
        m_thread.reset(QThread::create([this, certificatePem, keyPem, &listening] { run(certificatePem, keyPem, listening); }));
        m_thread->start();
        m_port = port.get();
    }
    ~HttpServer()
    {
        m_stopping = true;
        if (QEventLoop *loop = m_loop.load())
            QMetaObject::invokeMethod(loop, &QEventLoop::quit, Qt::QueuedConnection);
        m_thread->wait();
    }
    HttpServer(const HttpServer &) = delete;
    HttpServer &operator=(const HttpServer &) = delete;

    quint16 port() const { return m_port; }
    QString base() const
    {
        return QStringLiteral("%1://127.0.0.1:%2").arg(m_tls ? QStringLiteral("https") : QStringLiteral("http")).arg(m_port);
    }
    void route(const QByteArray &path, HttpRoute r)
    {
        const std::lock_guard lock(m_mutex);
        m_routes[path] = std::move(r);
        m_served[path] = 0;
    }
    void routeFile(const QByteArray &path, const QString &file, const QByteArray &contentType = "text/plain")
    {
        QFile f(file);
        HttpRoute r;
        if (f.open(QIODevice::ReadOnly))
            r.body = f.readAll();
        r.contentType = contentType;
        route(path, std::move(r));
    }
    std::vector<HttpRequestSeen> requests() const
    {
        const std::lock_guard lock(m_mutex);
        return m_seen;
    }
    int requestsFor(const QByteArray &path) const
    {
        const std::lock_guard lock(m_mutex);
        int n = 0;
        for (const HttpRequestSeen &r : m_seen)
            n += r.path == path ? 1 : 0;
        return n;
    }
    void clearLog()
    {
        const std::lock_guard lock(m_mutex);
        m_seen.clear();
    }

private:
    void run(const QString &certificatePem, const QString &keyPem, std::promise<quint16> &listening)
    {
        std::unique_ptr<QTcpServer> server;
        if (!certificatePem.isEmpty()) {
            auto tls = std::make_unique<QSslServer>();
            QSslConfiguration config = QSslConfiguration::defaultConfiguration();
            QFile cert(certificatePem), key(keyPem);
            cert.open(QIODevice::ReadOnly);
            key.open(QIODevice::ReadOnly);
            config.setLocalCertificate(QSslCertificate(cert.readAll(), QSsl::Pem));
            config.setPrivateKey(QSslKey(key.readAll(), QSsl::Rsa, QSsl::Pem));
            config.setPeerVerifyMode(QSslSocket::VerifyNone);
            tls->setSslConfiguration(config);
            server = std::move(tls);
            m_tls = true;
        } else {
            server = std::make_unique<QTcpServer>();
        }
        server->listen(QHostAddress::LocalHost, 0);
        QEventLoop loop;
        std::vector<QTcpSocket *> sockets;
        QObject::connect(server.get(), &QTcpServer::pendingConnectionAvailable, &loop, [&] {
            while (QTcpSocket *socket = server->nextPendingConnection()) {
                sockets.push_back(socket);
                auto buffer = std::make_shared<QByteArray>();
                auto tunnel = std::make_shared<QPointer<QTcpSocket>>();
                QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer, tunnel] {
                    if (*tunnel) { // a CONNECT tunnel: the bytes go on as they are
                        (*tunnel)->write(socket->readAll());
                        return;
                    }
                    *buffer += socket->readAll();
                    const qsizetype end = buffer->indexOf("\r\n\r\n");
                    if (end < 0 || buffer->isEmpty())
                        return;
                    const QByteArray head = buffer->left(end);
                    buffer->clear();
                    if (head.startsWith("CONNECT "))
                        *tunnel = openTunnel(socket, head);
                    else
                        answer(socket, head);
                });
            }
        });
        m_loop = &loop;
        listening.set_value(server->serverPort());
        if (!m_stopping)
            loop.exec();
        m_loop = nullptr;
        for (QTcpSocket *s : sockets)
            s->abort();
        server->close();
    }

    void answer(QTcpSocket *socket, const QByteArray &head)
    {
        HttpRequestSeen seen;
        const QList<QByteArray> lines = head.split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        seen.method = first.value(0);
        seen.target = first.value(1);
        seen.path = seen.target;
        if (seen.viaProxy())
            seen.path = QUrl(QString::fromLatin1(seen.target)).path(QUrl::FullyEncoded).toLatin1() +
                        (QUrl(QString::fromLatin1(seen.target)).hasQuery()
                             ? "?" + QUrl(QString::fromLatin1(seen.target)).query(QUrl::FullyEncoded).toLatin1()
                             : QByteArray());
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                seen.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
        }
        // Routes are matched on the path without the query, unless one is registered with it.
        HttpRoute r;
        int served = 0;
        {
            const std::lock_guard lock(m_mutex);
            m_seen.push_back(seen);
            QByteArray key = seen.path;
            if (m_routes.find(key) == m_routes.end())
                key = key.left(key.indexOf('?') < 0 ? key.size() : key.indexOf('?'));
            const auto found = m_routes.find(key);
            if (found == m_routes.end()) {
                r.status = 404;
                r.reason = "Not Found";
                r.body = "no such file";
            } else {
                r = found->second;
                served = m_served[key]++;
            }
        }
        if (!r.raw.isEmpty()) {
            send(socket, r.raw, -1);
            return;
        }
        if (!r.bodyFile.isEmpty()) {
            sendFile(socket, r);
            return;
        }
        QByteArray body = r.body;
        QByteArray out;
        const auto header = [&](const QByteArray &name, const QByteArray &value) { out += name + ": " + value + "\r\n"; };
        if (served < r.busyFirst) {
            out += "HTTP/1.1 " + QByteArray::number(r.busyStatus) + " Busy\r\n";
            header("Retry-After", r.retryAfter);
            header("Content-Length", "4");
            header("Connection", "close");
            out += "\r\nbusy";
            send(socket, out, -1);
            return;
        }
        const bool notModified = (!r.etag.isEmpty() && seen.headers.value("if-none-match") == r.etag) ||
                                 (!r.lastModified.isEmpty() && seen.headers.value("if-modified-since") == r.lastModified);
        if (notModified && r.status == 200) {
            out += "HTTP/1.1 304 Not Modified\r\n";
            if (!r.etag.isEmpty())
                header("ETag", r.etag);
            header("Connection", "close");
            out += "\r\n";
            send(socket, out, -1);
            return;
        }
        const bool gzip = r.gzipWhenAsked && seen.headers.value("accept-encoding").contains("gzip");
        if (gzip)
            body = gzipBytes(body);
        out += "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + r.reason + "\r\n";
        header("Content-Type", r.contentType);
        if (!r.etag.isEmpty())
            header("ETag", r.etag);
        if (!r.lastModified.isEmpty())
            header("Last-Modified", r.lastModified);
        if (gzip)
            header("Content-Encoding", "gzip");
        for (const auto &[name, value] : r.headers)
            header(name, value);
        header("Connection", "close");
        QByteArray payload = body;
        qint64 limit = -1;
        if (r.chunked) {
            header("Transfer-Encoding", "chunked");
            payload.clear();
            for (qsizetype at = 0; at < body.size(); at += 4096) {
                const QByteArray piece = body.mid(at, 4096);
                payload += QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n";
            }
            payload += "0\r\n\r\n";
        } else {
            header("Content-Length", QByteArray::number(body.size()));
        }
        out += "\r\n";
        if (r.cutAfter >= 0)
            limit = out.size() + r.cutAfter;
        if (r.stallAfter >= 0) {
            socket->write(out + payload.left(r.stallAfter));
            return; // and nothing more: the connection stays open until the server stops
        }
        if (r.trickleBytes > 0) {
            const QByteArray whole = out + payload;
            const QByteArray all = limit < 0 ? whole : whole.left(limit);
            socket->write(out);
            auto sent = std::make_shared<qsizetype>(out.size());
            auto *timer = new QTimer(socket);
            QObject::connect(timer, &QTimer::timeout, socket, [socket, timer, sent, all, step = r.trickleBytes] {
                socket->write(all.mid(*sent, step));
                *sent += step;
                if (*sent >= all.size()) {
                    timer->stop();
                    socket->disconnectFromHost();
                }
            });
            timer->start(r.trickleMs);
            return;
        }
        send(socket, out + payload, limit);
    }

    /// A forward proxy's CONNECT host:port (how a client reaches an HTTPS address through a proxy): logged as a
    /// request through the proxy, then every byte passed both ways to 127.0.0.1 at that port.
    QTcpSocket *openTunnel(QTcpSocket *socket, const QByteArray &head)
    {
        HttpRequestSeen seen;
        const QList<QByteArray> first = head.split('\n').value(0).trimmed().split(' ');
        seen.method = first.value(0);
        seen.target = first.value(1);
        seen.path = seen.target;
        {
            const std::lock_guard lock(m_mutex);
            m_seen.push_back(seen);
        }
        const quint16 port = static_cast<quint16>(seen.target.mid(seen.target.lastIndexOf(':') + 1).toUInt());
        auto *upstream = new QTcpSocket(socket);
        upstream->connectToHost(QHostAddress::LocalHost, port);
        if (!upstream->waitForConnected(5000)) {
            socket->write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            socket->disconnectFromHost();
            return nullptr;
        }
        QObject::connect(upstream, &QTcpSocket::readyRead, socket, [socket, upstream] { socket->write(upstream->readAll()); });
        QObject::connect(upstream, &QTcpSocket::disconnected, socket, [socket] { socket->disconnectFromHost(); });
        socket->write("HTTP/1.1 200 Connection established\r\n\r\n");
        return upstream;
    }

    /// A 200 whose body is read from r.bodyFile a megabyte at a time, as the socket drains.
    static void sendFile(QTcpSocket *socket, const HttpRoute &r)
    {
        auto file = std::make_shared<QFile>(r.bodyFile);
        if (!file->open(QIODevice::ReadOnly)) {
            send(socket, "HTTP/1.1 500 Cannot read\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", -1);
            return;
        }
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: " + r.contentType + "\r\nContent-Length: " +
                      QByteArray::number(file->size()) + "\r\nConnection: close\r\n\r\n");
        const auto more = [socket, file] {
            while (socket->bytesToWrite() < (4 << 20) && !file->atEnd())
                socket->write(file->read(1 << 20));
            if (file->atEnd() && socket->bytesToWrite() == 0)
                socket->disconnectFromHost();
        };
        QObject::connect(socket, &QTcpSocket::bytesWritten, socket, more);
        more();
    }

    static void send(QTcpSocket *socket, const QByteArray &bytes, qint64 limit)
    {
        socket->write(limit < 0 ? bytes : bytes.left(limit));
        socket->disconnectFromHost(); // after what was written has gone
    }

    std::unique_ptr<QThread> m_thread;
    std::atomic<QEventLoop *> m_loop = nullptr;
    std::atomic<bool> m_stopping = false;
    std::atomic<bool> m_tls = false;
    quint16 m_port = 0;
    mutable std::mutex m_mutex;
    std::map<QByteArray, HttpRoute> m_routes;
    std::map<QByteArray, int> m_served;
    std::vector<HttpRequestSeen> m_seen;
};

} // namespace mltco::test

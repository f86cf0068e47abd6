#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <atomic>
#include <chrono>
#include <mutex>
#include <variant>

namespace mltco::fetch {

/// How patient and how trusting a fetch is. The defaults are what `mltco-cli catalog update` and the app use.
struct FetchSettings final
{
    /// A server that sends no byte for this long (no answer, or a body that stops) fails the fetch.
    std::chrono::milliseconds stallTimeout = std::chrono::seconds(60);
    /// 429 Too Many Requests and 503 Service Unavailable are asked again this many times at most, after the
    /// server's Retry-After (seconds or a date), else after 2, 4, 8 … seconds.
    int retries = 3;
    /// A Retry-After longer than this is not waited for: the fetch fails, naming the wait asked.
    std::chrono::milliseconds longestRetryWait = std::chrono::minutes(2);
    /// PEM certificates trusted besides the system's (a company mirror signed by its own authority).
    QString caFile;
    /// The file is text whose every line ends with a newline (a CSV): a body whose length the server did not declare
    /// (chunked, or compressed on the way) and that ends inside a line was cut short. Qt 6.4 takes a chunked body
    /// whose connection closed before its last chunk for a whole one; this catches every such cut but one that
    /// falls exactly between two lines.
    bool endsWithNewline = false;
};

/// Why a fetch failed. Network: no answer, a status other than 200/304 after the retries, a body cut short, a server
/// that went silent. Content: what came is not what was asked for (a web page instead of a price file). Local: the
/// downloaded bytes could not be kept (a full disk). Cancelled: the user stopped it.
enum class FailureKind { Network, Content, Local, Cancelled };

struct FetchFailure final
{
    FailureKind kind = FailureKind::Network;
    QString message;     ///< names the address and the reason
    QStringList details; ///< e.g. one `file:line: reason` per refused row
};

/// The validators a previous fetch of the same address kept: sent back as If-None-Match / If-Modified-Since.
struct Validators final
{
    QString etag;
    QString lastModified;
};

/// What came back.
struct Fetched final
{
    bool notModified = false; ///< 304: the server says nothing changed since the validators; no file written
    QUrl url;                 ///< the address asked
    QUrl finalUrl;            ///< where the bytes came from after redirects
    QString path;             ///< the file the body was written to
    QString sha256;           ///< of the body as delivered (after any transfer compression was undone)
    qint64 bytes = 0;
    QString etag, lastModified, contentType;
    QDateTime retrievedAt; ///< when the last byte arrived (UTC)
};

using FetchOutcome = std::variant<Fetched, FetchFailure>;

/// How far a fetch has got, shared by the thread that fetches and one that shows it; cancel() stops it at once.
class FetchProgress final
{
public:
    void cancel() { m_cancelled = true; }
    bool isCancelled() const { return m_cancelled; }
    /// Stops the download under way for a reason of the program's own (its import refused the file): not a cancel
    /// by the user. The fetch fails as Cancelled; clearStop() before the next.
    void stop() { m_stopped = true; }
    void clearStop() { m_stopped = false; }
    bool isStopped() const { return m_stopped; }
    qint64 received() const { return m_received; }
    /// The HTTP status of the answer under way (0 until its headers arrived).
    int httpStatus() const { return m_httpStatus; }
    void setHttpStatus(int status) { m_httpStatus = status; }
    qint64 expected() const { return m_expected; } ///< 0 when the server did not say
    QString address() const
    {
        const std::lock_guard lock(m_mutex);
        return m_address;
    }
    QString status() const
    {
        const std::lock_guard lock(m_mutex);
        return m_status;
    }

    void setAddress(const QString &address)
    {
        const std::lock_guard lock(m_mutex);
        m_address = address;
        m_received = 0;
        m_expected = 0;
        m_httpStatus = 0;
    }
    /// A line for a person: "waiting 5 s: the server asked (503)".
    void setStatus(const QString &status)
    {
        const std::lock_guard lock(m_mutex);
        m_status = status;
    }
    void setReceived(qint64 received, qint64 expected)
    {
        m_received = received;
        m_expected = expected;
    }

private:
    std::atomic<bool> m_cancelled = false;
    std::atomic<bool> m_stopped = false;
    std::atomic<qint64> m_received = 0;
    std::atomic<qint64> m_expected = 0;
    std::atomic<int> m_httpStatus = 0;
    mutable std::mutex m_mutex;
    QString m_address;
    QString m_status;
};

/// Fetches `url` into the file `path` (created or truncated) with QtNetwork: HTTPS with the system's certificates,
/// the system's proxy settings (and http_proxy, https_proxy, no_proxy), redirects that never go from HTTPS to
/// HTTP, transfer compression undone. `validators` are sent back so that an unchanged file costs a 304. Blocks the
/// calling thread, running its own event loop (so it may run on any QThread, or in a command-line tool's main
/// thread before the application's loop runs). A body that starts like a web page is refused as Content.
FetchOutcome fetchToFile(const QUrl &url, const Validators &validators, const QString &path,
                         const FetchSettings &settings, FetchProgress &progress);

/// The address in messages: the URL without user name and password.
QString addressText(const QUrl &url);

} // namespace mltco::fetch

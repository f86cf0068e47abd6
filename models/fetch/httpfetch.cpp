#include "models/fetch/httpfetch.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslConfiguration>
#include <QTimer>

#include <algorithm>

namespace mltco::fetch {
namespace {

using std::chrono::milliseconds;

/// What Qt's network stack may hold for a reply before it stops reading from the socket.
constexpr qint64 kReadBufferBytes = 4 << 20;
/// How often a running fetch looks at FetchProgress::isCancelled().
constexpr int kCancelPollMs = 50;
/// The first wait before asking a busy server again when it does not say how long (doubled each time).
constexpr milliseconds kFirstRetryWait = std::chrono::seconds(2);

/// Retry-After as HTTP writes it: a number of seconds, or a date ("Wed, 21 Oct 2026 07:28:00 GMT").
std::optional<milliseconds> retryAfter(const QByteArray &value)
{
    const QByteArray text = value.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    bool number = false;
    const qlonglong seconds = text.toLongLong(&number);
    if (number)
        return seconds < 0 ? std::nullopt : std::optional<milliseconds>(std::chrono::seconds(seconds));
    const QDateTime local =
        QLocale::c().toDateTime(QString::fromLatin1(text), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"));
    if (!local.isValid())
        return std::nullopt;
    const QDateTime when(local.date(), local.time(), Qt::UTC);
    return milliseconds(std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(when)));
}

QString secondsText(milliseconds wait)
{
    const qint64 s = (wait.count() + 999) / 1000;
    return s == 1 ? QStringLiteral("1 second") : QStringLiteral("%1 seconds").arg(s);
}

/// Whether the first bytes of a body are markup: a web page (a captive portal's sign-in, a proxy's error page), never
/// one of the files mltco fetches (CSV, JSON, zip).
bool looksLikeMarkup(const QByteArray &start)
{
    QByteArray text = start;
    if (text.startsWith("\xEF\xBB\xBF"))
        text = text.mid(3);
    text = text.trimmed();
    return text.startsWith('<');
}

/// Waits `wait` on this thread's event loop, or less when the fetch is cancelled; false when it was.
bool pause(milliseconds wait, FetchProgress &progress)
{
    QEventLoop loop;
    QTimer done;
    done.setSingleShot(true);
    QObject::connect(&done, &QTimer::timeout, &loop, &QEventLoop::quit);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (progress.isCancelled())
            loop.quit();
    });
    done.start(wait);
    poll.start(kCancelPollMs);
    loop.exec();
    return !progress.isCancelled();
}

struct Attempt final
{
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QString errorText;
    bool stalled = false;
    bool markup = false;
    std::optional<QString> writeError;
    QByteArray retryAfter;
    qint64 received = 0;
    qint64 declaredLength = -1;
    bool transferEncoded = false; ///< Content-Encoding: the declared length counts the compressed bytes
    bool lastByteNewline = false;
    QString reason;               ///< the status line's words ("Not Found")
};

} // namespace

QString addressText(const QUrl &url)
{
    return url.toString(QUrl::RemoveUserInfo);
}

FetchOutcome fetchToFile(const QUrl &url, const Validators &validators, const QString &path,
                         const FetchSettings &settings, FetchProgress &progress)
{
    const QString address = addressText(url);
    const auto fail = [&](FailureKind kind, const QString &why) { return FetchFailure{kind, why, {}}; };
    if (!url.isValid() || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
        return fail(FailureKind::Content, QStringLiteral("%1 is not an http or https address").arg(address));
    progress.setAddress(address);
    progress.setStatus(QStringLiteral("connecting"));
    // The system's proxy (libproxy on Linux: the desktop's settings, else http_proxy, https_proxy and no_proxy).
    QNetworkProxyFactory::setUseSystemConfiguration(true);

    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    if (!settings.caFile.isEmpty()) {
        if (!tls.addCaCertificates(settings.caFile, QSsl::Pem))
            return fail(FailureKind::Local,
                        QStringLiteral("no certificate could be read from %1").arg(QDir::toNativeSeparators(settings.caFile)));
    }

    QNetworkAccessManager manager;
    manager.setAutoDeleteReplies(false);
    milliseconds nextWait = kFirstRetryWait;
    for (int attempt = 0;; ++attempt) {
        QNetworkRequest request(url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
        request.setMaximumRedirectsAllowed(10);
        request.setHeader(QNetworkRequest::UserAgentHeader,
                          QStringLiteral("mltco/%1 (price update)").arg(QCoreApplication::applicationVersion()));
        request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
        if (!validators.etag.isEmpty())
            request.setRawHeader("If-None-Match", validators.etag.toLatin1());
        if (!validators.lastModified.isEmpty())
            request.setRawHeader("If-Modified-Since", validators.lastModified.toLatin1());
        if (url.scheme() == QLatin1String("https"))
            request.setSslConfiguration(tls);

        QFile out(path);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(FailureKind::Local, QStringLiteral("the download of %1 cannot be kept at %2: %3")
                                                .arg(address, QDir::toNativeSeparators(path), out.errorString()));
        QCryptographicHash sha(QCryptographicHash::Sha256);
        Attempt a;
        QByteArray head; // the body's first bytes, until it is clear it is not a web page
        bool headChecked = false;

        std::unique_ptr<QNetworkReply> reply(manager.get(request));
        // Back-pressure: Qt's network thread stops reading the socket while this much waits for us, so a fast server
        // and a slow disk never pile the body up in memory (an AWS price list is hundreds of megabytes).
        reply->setReadBufferSize(kReadBufferBytes);
        QEventLoop loop;
        QTimer stall;
        stall.setSingleShot(true);
        QTimer poll;
        const auto stop = [&] {
            stall.stop();
            poll.stop();
            reply->abort();
        };
        QObject::connect(&stall, &QTimer::timeout, &loop, [&] {
            a.stalled = true;
            stop();
        });
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (progress.isCancelled() || progress.isStopped())
                stop();
        });
        QObject::connect(reply.get(), &QNetworkReply::metaDataChanged, &loop, [&] {
            stall.start(settings.stallTimeout);
            progress.setHttpStatus(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt());
        });
        QObject::connect(reply.get(), &QNetworkReply::downloadProgress, &loop, [&](qint64, qint64 total) {
            progress.setReceived(a.received, std::max<qint64>(0, total));
        });
        QObject::connect(reply.get(), &QNetworkReply::readyRead, &loop, [&] {
            stall.start(settings.stallTimeout);
            const QByteArray data = reply->readAll();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status != 200)
                return; // an error page's body: not kept
            if (!headChecked) {
                head += data;
                const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString().toLower();
                if (type.contains(QLatin1String("text/html")) || type.contains(QLatin1String("xhtml")) ||
                    looksLikeMarkup(head)) {
                    a.markup = true;
                    stop();
                    return;
                }
                headChecked = !head.trimmed().isEmpty();
            }
            // Flushed at once: an import may be reading the file as it grows.
            if (out.write(data) != data.size() || !out.flush()) {
                a.writeError = out.errorString();
                stop();
                return;
            }
            sha.addData(data);
            a.received += data.size();
            if (!data.isEmpty())
                a.lastByteNewline = data.back() == '\n';
            progress.setReceived(a.received, std::max<qint64>(0, reply->header(QNetworkRequest::ContentLengthHeader).toLongLong()));
        });
        QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        stall.start(settings.stallTimeout);
        poll.start(kCancelPollMs);
        progress.setStatus(attempt == 0 ? QStringLiteral("downloading") : QStringLiteral("downloading (again)"));
        if (!reply->isFinished())
            loop.exec();
        stall.stop();
        poll.stop();

        a.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        a.reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        a.error = reply->error();
        a.errorText = reply->errorString();
        a.retryAfter = reply->rawHeader("Retry-After");
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        a.declaredLength = length.isValid() ? length.toLongLong() : -1;
        a.transferEncoded = !reply->rawHeader("Content-Encoding").trimmed().isEmpty();
        if (!out.flush() && !a.writeError)
            a.writeError = out.errorString();
        out.close();

        if (progress.isCancelled() || progress.isStopped()) {
            QFile::remove(path);
            return fail(FailureKind::Cancelled, QStringLiteral("the download of %1 was cancelled").arg(address));
        }
        if (a.writeError)
            return fail(FailureKind::Local, QStringLiteral("the download of %1 cannot be kept at %2: %3")
                                                .arg(address, QDir::toNativeSeparators(path), *a.writeError));
        if (a.stalled)
            return fail(FailureKind::Network,
                        a.received > 0 || a.status != 0
                            ? QStringLiteral("%1 stopped sending: no byte for %2 after %3 bytes")
                                  .arg(address, secondsText(settings.stallTimeout))
                                  .arg(a.received)
                            : QStringLiteral("%1 did not answer within %2").arg(address, secondsText(settings.stallTimeout)));
        if (a.markup)
            return fail(FailureKind::Content,
                        QStringLiteral("%1 sent a web page, not the file asked for: a sign-in page of the network (a "
                                       "hotel's or a company's portal) or a proxy's message may stand in the way; open "
                                       "the address in a browser to see it")
                            .arg(address));
        if (a.status == 304) {
            Fetched notModified;
            notModified.notModified = true;
            notModified.url = url;
            notModified.finalUrl = reply->url();
            notModified.etag = QString::fromLatin1(reply->rawHeader("ETag"));
            notModified.lastModified = QString::fromLatin1(reply->rawHeader("Last-Modified"));
            notModified.retrievedAt = QDateTime::currentDateTimeUtc();
            QFile::remove(path);
            return notModified;
        }
        if ((a.status == 429 || a.status == 503) && attempt < settings.retries) {
            const std::optional<milliseconds> asked = retryAfter(a.retryAfter);
            const milliseconds wait = asked.value_or(nextWait);
            if (wait > settings.longestRetryWait)
                return fail(FailureKind::Network,
                            QStringLiteral("%1 answered HTTP %2 %3 and asked to wait %4, longer than the %5 mltco "
                                           "waits; try again later")
                                .arg(address)
                                .arg(a.status)
                                .arg(a.reason, secondsText(wait), secondsText(settings.longestRetryWait)));
            nextWait *= 2;
            progress.setStatus(QStringLiteral("waiting %1: the server is busy (HTTP %2)").arg(secondsText(wait)).arg(a.status));
            if (!pause(wait, progress)) {
                QFile::remove(path);
                return fail(FailureKind::Cancelled, QStringLiteral("the download of %1 was cancelled").arg(address));
            }
            continue;
        }
        if (a.status != 0 && a.status != 200)
            return fail(FailureKind::Network,
                        QStringLiteral("%1 answered HTTP %2%3%4")
                            .arg(address)
                            .arg(a.status)
                            .arg(a.reason.isEmpty() ? QString() : QLatin1Char(' ') + a.reason,
                                 a.status == 429 || a.status == 503
                                     ? QStringLiteral(" after %1 tries").arg(settings.retries + 1)
                                     : QString()));
        if (a.error != QNetworkReply::NoError || a.status == 0) {
            const bool cut = a.status == 200;
            return fail(FailureKind::Network,
                        cut ? QStringLiteral("the download of %1 was cut short after %2: %3")
                                  .arg(address,
                                       a.declaredLength >= 0 && !a.transferEncoded
                                           ? QStringLiteral("%1 of %2 bytes").arg(a.received).arg(a.declaredLength)
                                           : QStringLiteral("%1 bytes").arg(a.received),
                                       a.errorText)
                            : QStringLiteral("%1 could not be reached: %2").arg(address, a.errorText));
        }
        if (a.declaredLength >= 0 && !a.transferEncoded && a.received != a.declaredLength)
            return fail(FailureKind::Network, QStringLiteral("the download of %1 was cut short after %2 of %3 bytes")
                                                  .arg(address)
                                                  .arg(a.received)
                                                  .arg(a.declaredLength));
        if (settings.endsWithNewline && (a.declaredLength < 0 || a.transferEncoded) && a.received > 0 &&
            !a.lastByteNewline)
            return fail(FailureKind::Network,
                        QStringLiteral("the download of %1 was cut short after %2 bytes: it ends inside a line")
                            .arg(address)
                            .arg(a.received));
        Fetched got;
        got.url = url;
        got.finalUrl = reply->url();
        got.path = path;
        got.sha256 = QString::fromLatin1(sha.result().toHex());
        got.bytes = a.received;
        got.etag = QString::fromLatin1(reply->rawHeader("ETag"));
        got.lastModified = QString::fromLatin1(reply->rawHeader("Last-Modified"));
        got.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toString();
        got.retrievedAt = QDateTime::currentDateTimeUtc();
        progress.setStatus(QStringLiteral("downloaded"));
        return got;
    }
}

} // namespace mltco::fetch

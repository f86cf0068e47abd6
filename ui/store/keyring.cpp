#include "ui/store/keyring.h"

#include <QEventLoop>
#include <QTimer>
#include <qt6keychain/keychain.h>

namespace mltco::ui::keyring {
namespace {

const QString kService = QStringLiteral("mltco team store");
constexpr int kKeyringTimeoutMs = 5000; // a keyring that does not answer is treated as none

// Runs a QtKeychain job to its end (they answer through the event loop), within the timeout.
bool finish(QKeychain::Job &job)
{
    QEventLoop loop;
    bool done = false;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, [&] {
        done = true;
        loop.quit();
    });
    QTimer::singleShot(kKeyringTimeoutMs, &loop, &QEventLoop::quit);
    job.setAutoDelete(false);
    job.start();
    if (!done)
        loop.exec();
    return done && job.error() == QKeychain::NoError;
}

} // namespace

QString password(const QString &storeUrl)
{
    QKeychain::ReadPasswordJob job(kService);
    job.setKey(storeUrl);
    return finish(job) ? job.textData() : QString();
}

Status savePassword(const QString &storeUrl, const QString &password)
{
    QKeychain::WritePasswordJob job(kService);
    job.setKey(storeUrl);
    job.setTextData(password);
    if (!finish(job))
        return Error{QStringLiteral("The password could not be kept in the desktop keyring (%1); mltco will ask for it "
                                    "next time, or put it in ~/.pgpass.")
                         .arg(job.errorString().isEmpty() ? QStringLiteral("it did not answer") : job.errorString()),
                     {}};
    return {};
}

void forgetPassword(const QString &storeUrl)
{
    QKeychain::DeletePasswordJob job(kService);
    job.setKey(storeUrl);
    (void)finish(job);
}

} // namespace mltco::ui::keyring

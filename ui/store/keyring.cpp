#include "ui/store/keyring.h"

#include <QEventLoop>
#include <QPointer>
#include <QTimer>
#include <qt6keychain/keychain.h>

#include <memory>

namespace mltco::ui::keyring {
namespace {

const QString kService = QStringLiteral("mltco team store");
constexpr int kKeyringTimeoutMs = 5000; // a keyring that does not answer is treated as none

struct Outcome
{
    bool done = false;
    bool ok = false;
    QString text;
    QString error;
};

// Runs a QtKeychain job (they answer through the event loop) and waits for it up to the timeout. The job lives on
// the heap and deletes itself when it finishes, even after this has stopped waiting (a keyring asking for its own
// unlock password can take longer): a late answer lands in the shared outcome, never in a finished stack frame.
Outcome run(QKeychain::Job *job)
{
    auto outcome = std::make_shared<Outcome>();
    QEventLoop loop;
    QPointer<QEventLoop> waiting(&loop);
    QObject::connect(job, &QKeychain::Job::finished, job, [outcome, waiting](QKeychain::Job *finished) {
        outcome->done = true;
        outcome->ok = finished->error() == QKeychain::NoError;
        outcome->error = finished->errorString();
        if (auto *read = qobject_cast<QKeychain::ReadPasswordJob *>(finished))
            outcome->text = read->textData();
        if (waiting)
            waiting->quit();
    });
    job->setAutoDelete(true);
    QTimer::singleShot(kKeyringTimeoutMs, &loop, &QEventLoop::quit);
    job->start();
    if (!outcome->done)
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    return *outcome;
}

} // namespace

QString password(const QString &storeUrl)
{
    auto *job = new QKeychain::ReadPasswordJob(kService);
    job->setKey(storeUrl);
    const Outcome outcome = run(job);
    return outcome.ok ? outcome.text : QString();
}

Status savePassword(const QString &storeUrl, const QString &password)
{
    auto *job = new QKeychain::WritePasswordJob(kService);
    job->setKey(storeUrl);
    job->setTextData(password);
    const Outcome outcome = run(job);
    if (!outcome.ok)
        return Error{
            QStringLiteral("The password could not be kept in the desktop keyring (%1); mltco will ask for it "
                           "next time, or put it in ~/.pgpass.")
                .arg(outcome.done && !outcome.error.isEmpty() ? outcome.error : QStringLiteral("it did not answer")),
            {}};
    return {};
}

void forgetPassword(const QString &storeUrl)
{
    auto *job = new QKeychain::DeletePasswordJob(kService);
    job->setKey(storeUrl);
    (void)run(job);
}

} // namespace mltco::ui::keyring

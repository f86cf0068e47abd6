#pragma once

// A PostgreSQL cluster of a test's own, to kill and start again while the suite's other tests share the fixture's
// (tests/support/pgcluster.sh: unprivileged, 127.0.0.1, a free port).
#include "models/store/document.h"
#include "models/store/location.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QSqlQuery>

namespace mltco::test {

struct OwnCluster final
{
    QString dir = QStringLiteral("/tmp/mltco-pg-kill-%1").arg(QCoreApplication::applicationPid());
    QString script = QStringLiteral(MLTCO_SOURCE_DIR "/tests/support/pgcluster.sh");
    int port = 0;

    OwnCluster() = default;
    OwnCluster(const OwnCluster &) = delete;
    OwnCluster &operator=(const OwnCluster &) = delete;
    ~OwnCluster() { run("stop"); }

    /// pgcluster.sh's start, stop, kill (an immediate stop, as a crash) or restart (on the same port).
    bool run(const char *command) const
    {
        return QProcess::execute(QStringLiteral("bash"), {script, QString::fromLatin1(command), dir}) == 0;
    }
    bool start()
    {
        QFile portFile(dir + QStringLiteral("/port"));
        if (!run("start") || !portFile.open(QIODevice::ReadOnly))
            return false;
        port = portFile.readAll().trimmed().toInt();
        return port > 0;
    }
    QString url(const QString &database) const
    {
        return QStringLiteral("postgresql://mltco_admin@127.0.0.1:%1/%2").arg(port).arg(database);
    }
    /// Makes every commit so far survive a kill: the test clusters commit without waiting for the disk
    /// (synchronous_commit=off), and an immediate stop may lose the last ones otherwise.
    bool checkpoint() const
    {
        const QString name = QStringLiteral("checkpoint");
        bool done = false;
        {
            Expected<QSqlDatabase> db = store::connectLocation(url(QStringLiteral("postgres")), name, 0);
            done = db && QSqlQuery(*db).exec(QStringLiteral("CHECKPOINT"));
        }
        store::disconnectDatabase(name);
        return done;
    }
    /// A new database holding an empty store.
    bool newStore(const QString &database) const
    {
        const QString name = QStringLiteral("make-db");
        bool made = false;
        {
            Expected<QSqlDatabase> db = store::connectLocation(url(QStringLiteral("postgres")), name, 0);
            made = db && QSqlQuery(*db).exec(QStringLiteral("CREATE DATABASE %1").arg(database));
        }
        store::disconnectDatabase(name);
        return made && static_cast<bool>(store::Document::open(url(database)));
    }
};

} // namespace mltco::test

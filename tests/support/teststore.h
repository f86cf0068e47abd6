#pragma once

// Where a test's documents live: .mltco files in the test's temporary folder, or, when CTest runs the `_pg` variant of
// a test (MLTCO_TEST_STORE=postgresql), new databases in the run's PostgreSQL cluster (tests/support/pgcluster.sh).
// The same test code then proves both stores.

#include "models/store/location.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QTemporaryDir>
#include <QUuid>

namespace mltco::test {

inline bool onPostgres()
{
    return qEnvironmentVariable("MLTCO_TEST_STORE") == QLatin1String("postgresql");
}

/// The test cluster's port; 0 (and a message on stderr) when there is none.
inline int clusterPort()
{
    QFile file(qEnvironmentVariable("MLTCO_TEST_PG_DIR") + QStringLiteral("/port"));
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("No PostgreSQL test cluster: %s (CTest starts one with the pg_cluster fixture)",
                 qPrintable(file.fileName()));
        return 0;
    }
    return file.readAll().trimmed().toInt();
}

/// A URL of the test cluster: database `database`, as `user` (the superuser unless said).
inline QString clusterUrl(const QString &database, const QString &user = QStringLiteral("mltco_admin"))
{
    return QStringLiteral("postgresql://%1@127.0.0.1:%2/%3").arg(user).arg(clusterPort()).arg(database);
}

/// Runs `sql` as the cluster's superuser in `database` (CREATE DATABASE, roles, GRANTs); the error's text or empty.
inline QString clusterExec(const QString &database, const QString &sql)
{
    const QString name = QStringLiteral("test-admin-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QString error;
    {
        Expected<QSqlDatabase> db = store::connectLocation(clusterUrl(database), name, 0);
        if (!db)
            return db.error().message;
        QSqlQuery q(*db);
        if (!q.exec(sql))
            error = q.lastError().text();
    }
    store::disconnectDatabase(name);
    return error;
}

/// A new, empty database in the cluster; its name (lower case, from `hint`, unique to this process).
inline QString newClusterDatabase(const QString &hint)
{
    static int counter = 0;
    QString base = hint.toLower();
    base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("_"));
    const QString name =
        QStringLiteral("t%1_%2_%3").arg(QCoreApplication::applicationPid()).arg(++counter).arg(base.left(40));
    const QString error = clusterExec(QStringLiteral("postgres"), QStringLiteral("CREATE DATABASE %1").arg(name));
    if (!error.isEmpty())
        qWarning("CREATE DATABASE %s failed: %s", qPrintable(name), qPrintable(error));
    return name;
}

/// Where a new document named `name` goes: `dir`/NAME.mltco, or a new database of the cluster.
inline QString newStoreLocation(const QTemporaryDir &dir, const QString &name)
{
    if (!onPostgres())
        return dir.filePath(name.endsWith(QLatin1String(".mltco")) ? name : name + QStringLiteral(".mltco"));
    return clusterUrl(newClusterDatabase(name));
}

} // namespace mltco::test

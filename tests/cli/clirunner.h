#pragma once

// Runs the real mltco-cli binary for CLI tests, with an isolated HOME so the user's default
// document is never touched.
#include <QHash>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// `extra` adds to (or with an empty value, removes from) the environment: a proxy, say.
inline CliRun runCli(const QStringList &args, const QString &home, const QHash<QString, QString> &extra = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (auto it = extra.cbegin(); it != extra.cend(); ++it) {
        if (it.value().isEmpty())
            env.remove(it.key());
        else
            env.insert(it.key(), it.value());
    }
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/.local/share"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"), args);
    CliRun r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

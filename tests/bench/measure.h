#pragma once
// Runs a program from a benchmark and measures it from outside: wall time and peak resident memory (wait4's
// rusage), so a whole process is measured, start-up and exit included.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <chrono>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace mltco::bench {

struct Measured final
{
    bool ok = false;
    double seconds = 0.0;
    double megabytes = 0.0; // peak resident set
};

// Runs argv with stdout to `output` and stderr to /dev/null; its wall time and peak RSS (wait4's rusage).
inline Measured run(const QStringList &argv, const QString &output = QStringLiteral("/dev/null"))
{
    std::vector<QByteArray> bytes;
    for (const QString &a : argv)
        bytes.push_back(a.toLocal8Bit());
    std::vector<char *> args;
    for (QByteArray &b : bytes)
        args.push_back(b.data());
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, output.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    Measured m;
    pid_t pid = 0;
    const auto start = std::chrono::steady_clock::now();
    const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return m;
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid)
        return m;
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m.megabytes = static_cast<double>(usage.ru_maxrss) / 1024.0;
    m.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return m;
}

inline Measured best(const QStringList &argv, int runs)
{
    Measured out;
    for (int i = 0; i < runs; ++i) {
        const Measured m = run(argv);
        if (!m.ok)
            return m;
        if (!out.ok || m.seconds < out.seconds)
            out = m;
    }
    return out;
}

} // namespace mltco::bench

#pragma once
// Shared by the libFuzzer targets of tests/fuzz (see tests/fuzz/README.md).
//
// Each target defines LLVMFuzzerTestOneInput. Built with -DMLTCO_FUZZ=ON (clang) it links libFuzzer;
// in the ordinary build it links replay.cpp instead, and CTest replays the seeds and every input a
// fuzzer ever crashed on (tests/fuzz/regressions/<target>/) through the same function.

#include <QByteArray>
#include <QCoreApplication>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace mltco::fuzz {

/// The input as a QByteArray that does not copy it.
inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
}

/// A broken invariant: report it and abort, so libFuzzer keeps the input as a crash.
[[noreturn]] inline void fail(const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "fuzz invariant broken: %s %s\n", what, detail.toUtf8().constData());
    std::fflush(stderr);
    std::abort();
}

/// Qt's SQL drivers and file engines want an application object; one lives for the whole run.
inline void ensureApplication()
{
    if (QCoreApplication::instance())
        return;
    static int argc = 1;
    static char name[] = "mltco-fuzz";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
}

} // namespace mltco::fuzz

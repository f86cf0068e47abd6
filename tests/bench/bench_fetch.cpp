// Price update benchmark (printed, never asserted): `mltco-cli catalog update aws-pricelist` of a generated AWS Price
// List CSV served by a local HTTP server (tests/support/httpserver.h), whole process (wall time and peak RSS), next
// to the baseline `mltco-cli catalog import --format aws-pricelist` of the same file from disk. The update downloads
// and imports at once (the list streams into the importer as it arrives), so the goal is the import's own time plus
// little, and memory that does not grow with the file. A second size a tenth as large shows the memory.
//
//   build/tests/bench_fetch            # 300 MB and 30 MB, best of 3 (by hand, on an idle machine)
//   build/tests/bench_fetch 3          # what ctest runs (label "bench") so the benchmark keeps working
#include "awspricelist.h"
#include "measure.h"
#include "models/fetch/httpfetch.h"
#include "tests/support/httpserver.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <chrono>
#include <cstdio>

using namespace mltco;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

struct Pair final
{
    bench::Measured import, update;
    double download = 0.0; ///< seconds to fetch the file alone
};

/// Both runs on a file of `megabytes` MB, each into a fresh document, best of `runs`.
Pair measure(const QTemporaryDir &dir, test::HttpServer &server, qint64 megabytes, int runs)
{
    const QString list = dir.filePath(QStringLiteral("index-%1.csv").arg(megabytes));
    if (!bench::writeAwsPriceList(list, megabytes))
        return {};
    // Served from disk as the client takes it: the benchmark's own memory stays small (a child spawned from a large
    // process would report the parent's peak as its own).
    test::HttpRoute route;
    route.bodyFile = list;
    route.contentType = "text/csv";
    const QByteArray root = "/mb" + QByteArray::number(megabytes);
    server.route(root + "/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.csv", route);
    Pair best;
    for (int i = 0; i < runs; ++i) {
        const QString a = dir.filePath(QStringLiteral("import-%1-%2.mltco").arg(megabytes).arg(i));
        const QString b = dir.filePath(QStringLiteral("update-%1-%2.mltco").arg(megabytes).arg(i));
        const bench::Measured imported =
            bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("import"),
                        QStringLiteral("--format"), QStringLiteral("aws-pricelist"), list, QStringLiteral("--gpu-only"),
                        QStringLiteral("--document"), a});
        const bench::Measured updated =
            bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("update"),
                        QStringLiteral("aws-pricelist"), QStringLiteral("--url"), server.base() + QString::fromLatin1(root),
                        QStringLiteral("--region"), QStringLiteral("us-east-1"), QStringLiteral("--gpu-only"),
                        QStringLiteral("--document"), b});
        if (!imported.ok || !updated.ok)
            return {};
        if (!best.import.ok || imported.seconds < best.import.seconds)
            best.import = imported;
        if (!best.update.ok || updated.seconds < best.update.seconds)
            best.update = updated;
        // The download alone, in this process: what the update would take if importing cost nothing.
        fetch::FetchProgress progress;
        const QString copy = dir.filePath(QStringLiteral("download-%1").arg(megabytes));
        const auto start = std::chrono::steady_clock::now();
        const fetch::FetchOutcome got =
            fetch::fetchToFile(QUrl(server.base() + QString::fromLatin1(root) +
                                    QStringLiteral("/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.csv")),
                               {}, copy, {}, progress);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (std::holds_alternative<fetch::Fetched>(got) && (best.download <= 0 || seconds < best.download))
            best.download = seconds;
        QFile::remove(copy);
        QFile::remove(a);
        QFile::remove(b);
    }
    QFile::remove(list);
    return best;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const qint64 megabytes = argc > 1 ? QByteArray(argv[1]).toLongLong() : 300;
    const int runs = megabytes >= 100 ? 3 : 1;
    QTemporaryDir dir;
    test::HttpServer server;
    out() << "Price update of an AWS Price List CSV from a local HTTP server (mltco-cli catalog update aws-pricelist "
             "--gpu-only), whole process, best of "
          << runs << "\nbaseline: mltco-cli catalog import --format aws-pricelist --gpu-only of the same file from disk\n\n";
    out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
                 .arg(QStringLiteral("size"), 8)
                 .arg(QStringLiteral("import s"), 9)
                 .arg(QStringLiteral("download s"), 10)
                 .arg(QStringLiteral("update s"), 9)
                 .arg(QStringLiteral("÷ import"), 9)
                 .arg(QStringLiteral("÷ larger"), 9)
                 .arg(QStringLiteral("import MB"), 10)
                 .arg(QStringLiteral("update MB"), 10);
    for (const qint64 size : {megabytes, std::max<qint64>(1, megabytes / 10)}) {
        const Pair p = measure(dir, server, size, runs);
        if (!p.import.ok || !p.update.ok) {
            std::fprintf(stderr, "bench_fetch: a run failed at %lld MB\n", static_cast<long long>(size));
            return 1;
        }
        // "÷ larger": the update against the larger of the import and the download alone, the floor of doing the two
        // at once (one after the other would be their sum).
        out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
                     .arg(QStringLiteral("%1 MB").arg(size), 8)
                     .arg(p.import.seconds, 9, 'f', 2)
                     .arg(p.download, 10, 'f', 2)
                     .arg(p.update.seconds, 9, 'f', 2)
                     .arg(p.update.seconds / std::max(1e-9, p.import.seconds), 9, 'f', 2)
                     .arg(p.update.seconds / std::max(1e-9, std::max(p.import.seconds, p.download)), 9, 'f', 2)
                     .arg(p.import.megabytes, 10, 'f', 0)
                     .arg(p.update.megabytes, 10, 'f', 0);
        out().flush();
    }
    return 0;
}

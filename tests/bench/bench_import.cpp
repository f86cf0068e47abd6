// Import benchmark (printed, never asserted): `mltco-cli catalog import --format csv` of a generated N-row generic
// price CSV into a document holding the seed catalog, whole process (wall time and peak RSS), next to the sqlite3
// shell's `.import --csv` of the same file into a bare table: the floor for "read a CSV into SQLite". Goal: within
// 1.2x of sqlite3, with every check mltco makes kept, and memory that does not grow with the file (the import streams).
//
//   build/tests/bench_import              # 1,000,000 rows, best of 3 (run by hand on an idle machine)
//   build/tests/bench_import 20000        # what ctest runs (label "bench") so the benchmark keeps working
//   build/tests/bench_import 1000000 --parse-only   # the parser alone, in process, for work on the parser
//   build/tests/bench_import --aws 300     # a generated 300 MB AWS Price List CSV for EC2 (and one a tenth of it, to
//                                          # show that memory does not grow with the file), against sqlite3 --skip 5
#include "awspricelist.h"
#include "bigdata.h"
#include "measure.h"
#include "models/catalog/importers/genericcsvimporter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>

using namespace mltco;
using mltco::bench::Measured;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QString rate(qint64 rows, double seconds)
{
    return QString::number(seconds > 0 ? qint64(double(rows) / seconds) : rows);
}

QString figure(const Measured &m)
{
    return QStringLiteral("%1 s, %2 MB peak").arg(m.seconds, 0, 'f', 2).arg(m.megabytes, 0, 'f', 0);
}

/// `mltco-cli catalog import --format aws-pricelist` of a generated AWS price list of `megabytes` MB and of one a
/// tenth of it (peak RSS must not grow with the file), next to the sqlite3 shell's `.import --csv --skip 5`.
int benchAws(qint64 megabytes)
{
    QTemporaryDir dir;
    const QString pristine = dir.filePath(QStringLiteral("pristine.mltco"));
    if (!bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("list"),
                     QStringLiteral("providers"), QStringLiteral("--document"), pristine})
             .ok) {
        std::fprintf(stderr, "mltco-cli could not create the document\n");
        return 1;
    }
    const QString sqlite = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    for (const qint64 size : {std::max<qint64>(1, megabytes / 10), megabytes}) {
        const QString csv = dir.filePath(QStringLiteral("index-%1.csv").arg(size));
        QElapsedTimer timer;
        timer.start();
        if (!bench::writeAwsPriceList(csv, size)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(csv));
            return 1;
        }
        out() << "bench_import --aws (" << MLTCO_BUILD_TYPE << "): " << QFile(csv).size() / (1024 * 1024)
              << " MB AWS Price List CSV for EC2 (generated in " << timer.elapsed() << " ms)\n";
        const QString doc = dir.filePath(QStringLiteral("aws-%1.mltco").arg(size));
        if (!QFile::copy(pristine, doc))
            return 1;
        const QString report = dir.filePath(QStringLiteral("import-%1.txt").arg(size));
        const Measured m = bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("import"),
                                       QStringLiteral("--format"), QStringLiteral("aws-pricelist"), csv,
                                       QStringLiteral("--document"), doc},
                                      report);
        QFile said(report);
        const QByteArray firstLine = said.open(QIODevice::ReadOnly) ? said.readLine().trimmed() : QByteArray();
        if (!m.ok || !firstLine.startsWith("Imported")) {
            std::fprintf(stderr, "mltco-cli catalog import --format aws-pricelist failed\n");
            return 1;
        }
        out() << "  " << firstLine << '\n';
        out() << "  mltco   : " << figure(m) << " (catalog import --format aws-pricelist, whole process: read, filter, "
              << "pair reserved terms, check, hash, write, index, commit); "
              << QString::number(double(QFile(csv).size()) / (1024 * 1024) / std::max(m.seconds, 1e-9), 'f', 0)
              << " MB/s\n";
        if (sqlite.isEmpty()) {
            out() << "  sqlite3 : not installed (apt install sqlite3); comparison skipped\n";
            continue;
        }
        const QString bare = dir.filePath(QStringLiteral("bare-%1.sqlite").arg(size));
        const Measured shell = bench::run(
            {sqlite, QStringLiteral("-batch"), bare, QStringLiteral(".import --csv --skip 5 %1 prices").arg(csv)});
        if (!shell.ok) {
            out() << "  sqlite3 : failed; comparison skipped\n";
            continue;
        }
        out() << "  sqlite3 : " << figure(shell) << " (.import --csv --skip 5: every row, unchecked, into a bare "
              << "table)\n  ratio   : mltco / sqlite3 = "
              << QString::number(m.seconds / std::max(shell.seconds, 1e-9), 'f', 2) << '\n';
        QFile::remove(bare);
        QFile::remove(csv);
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    qint64 rows = 1'000'000;
    bool parseOnly = false;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        bool ok = true;
        if (arg == "--aws" && i + 1 < argc) {
            const qint64 megabytes = QByteArray(argv[++i]).toLongLong(&ok);
            return ok && megabytes > 0 ? benchAws(megabytes) : 2;
        }
        if (arg == "--parse-only")
            parseOnly = true;
        else
            rows = arg.toLongLong(&ok);
        if (!ok || rows <= 0) {
            std::fprintf(stderr, "usage: bench_import [ROWS] [--parse-only]  (default 1000000 rows)\n");
            return 2;
        }
    }
    const int runs = rows >= 100'000 ? 3 : 1;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "cannot create a temporary folder\n");
        return 1;
    }
    const QString csvPath = dir.filePath(QStringLiteral("prices.csv"));
    QElapsedTimer timer;
    timer.start();
    if (!bench::writePriceCsv(csvPath, rows)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(csvPath));
        return 1;
    }
    out() << "bench_import (" << MLTCO_BUILD_TYPE << "): " << rows << " rows, " << QFile(csvPath).size() / 1024
          << " KiB of CSV (generated in " << timer.elapsed() << " ms), best of " << runs << '\n';

    if (parseOnly) {
        QFile csv(csvPath);
        if (!csv.open(QIODevice::ReadOnly))
            return 1;
        catalog::ImportOptions options;
        options.fileName = QStringLiteral("prices.csv");
        options.observedAt = QDate(2025, 1, 1);
        timer.restart();
        const auto parsed = catalog::parseGenericCsv(csv, options);
        const double seconds = timer.nsecsElapsed() / 1e9;
        if (!parsed) {
            std::fprintf(stderr, "%s\n", qPrintable(parsed.error().message));
            return 1;
        }
        out() << "  parse   : " << QString::number(seconds, 'f', 2) << " s, " << rate(rows, seconds) << " rows/s\n";
        return 0;
    }

    // A document with the seed catalog, made once and copied before each run, so every import starts alike.
    const QString pristine = dir.filePath(QStringLiteral("pristine.mltco"));
    if (!bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                     QStringLiteral("--document"), pristine})
             .ok) {
        std::fprintf(stderr, "mltco-cli could not create the document\n");
        return 1;
    }
    const QString doc = dir.filePath(QStringLiteral("bench.mltco"));
    Measured mltco;
    for (int i = 0; i < runs; ++i) {
        QFile::remove(doc);
        if (!QFile::copy(pristine, doc)) {
            std::fprintf(stderr, "cannot copy the document\n");
            return 1;
        }
        const Measured m = bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("import"),
                                       QStringLiteral("--format"), QStringLiteral("csv"), csvPath, QStringLiteral("--observed-at"),
                                       QStringLiteral("2025-01-01"), QStringLiteral("--document"), doc});
        if (!m.ok) {
            std::fprintf(stderr, "mltco-cli catalog import failed\n");
            return 1;
        }
        if (!mltco.ok || m.seconds < mltco.seconds)
            mltco = m;
    }
    out() << "  mltco   : " << figure(mltco) << " (mltco-cli catalog import, whole process: read, check, hash, write, "
          << "index, commit); " << rate(rows, mltco.seconds) << " rows/s\n";

    // sqlite3 shell: the same file into a bare table (created from the header, all TEXT columns).
    const QString sqlite = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    if (sqlite.isEmpty()) {
        out() << "  sqlite3 : not installed (apt install sqlite3); comparison skipped\n";
        return 0;
    }
    const QString bare = dir.filePath(QStringLiteral("bare.sqlite"));
    Measured shell;
    for (int i = 0; i < runs; ++i) {
        QFile::remove(bare);
        const Measured m = bench::run({sqlite, QStringLiteral("-batch"), bare, QStringLiteral(".import --csv %1 prices").arg(csvPath)});
        if (!m.ok) {
            out() << "  sqlite3 : failed; comparison skipped\n";
            return 0;
        }
        if (!shell.ok || m.seconds < shell.seconds)
            shell = m;
    }
    QProcess count;
    count.start(sqlite, {QStringLiteral("-batch"), bare, QStringLiteral("SELECT count(*) FROM prices;")});
    count.waitForFinished(-1);
    out() << "  sqlite3 : " << figure(shell) << " (.import --csv, " << count.readAllStandardOutput().trimmed()
          << " rows); " << rate(rows, shell.seconds) << " rows/s\n";
    const double ratio = shell.seconds > 0 ? mltco.seconds / shell.seconds : 0.0;
    out() << "  ratio   : mltco / sqlite3 = " << QString::number(ratio, 'f', 2)
          << " (goal <= 1.20: " << (ratio <= 1.2 ? "met" : "not met") << ")\n";
    return 0;
}

// Import benchmark: how long mltco takes to import an N-row generic price CSV (readPriceFile: the parse
// with the file's SHA-256 computed alongside, then CatalogRepository::applyImport into a fresh document), next to the sqlite3 shell's
// `.import --csv` of the same file into a bare table — the floor for "read a CSV into SQLite".
// Target: within 2x of sqlite3. It prints figures and never fails on time.
//
//   build/bin/bench_import            # 1,000,000 rows (run by hand, ideally on a Release build)
//   build/bin/bench_import 20000      # what ctest runs (label "bench") so the benchmark keeps working
//   build/bin/bench_import 1000000 --parse-only   # parseGenericCsv alone, for work on the parser
#include "models/catalog/catalogrepository.h"
#include "models/catalog/genericcsvimporter.h"
#include "models/catalog/pricefile.h"
#include "models/store/document.h"
#include "bigdata.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <array>
#include <cstdio>

using namespace mltco;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QString rate(qint64 rows, qint64 ms)
{
    return QString::number(ms > 0 ? rows * 1000 / ms : rows);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    qint64 rows = 1'000'000;
    bool parseOnly = false;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        bool ok = true;
        if (arg == "--parse-only")
            parseOnly = true;
        else
            rows = arg.toLongLong(&ok);
        if (!ok || rows <= 0) {
            std::fprintf(stderr, "usage: bench_import [ROWS] [--parse-only]  (default 1000000 rows)\n");
            return 2;
        }
    }
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
    out() << "bench_import: " << rows << " rows, " << QFile(csvPath).size() / 1024 << " KiB of CSV (generated in "
          << timer.elapsed() << " ms)\n";

    // mltco: hash, parse, write — what `mltco-cli catalog import --format csv` does.
    auto document = store::Document::open(dir.filePath(QStringLiteral("bench.mltco")));
    if (!document) {
        std::fprintf(stderr, "%s\n", qPrintable(document.error().message));
        return 1;
    }
    catalog::CatalogRepository repo((*document)->database());
    catalog::ImportOptions options;
    options.fileName = QStringLiteral("prices.csv");
    options.observedAt = QDate(2025, 1, 1);

    QFile csv(csvPath);
    if (!csv.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(csvPath));
        return 1;
    }
    // Parse and hash as the import does: the SHA-256 runs on a second thread during the parse.
    timer.restart();
    const auto parsed = catalog::readPriceFile(csvPath, csv, catalog::PriceFileFormat::GenericCsv, options);
    const qint64 parseMs = timer.elapsed();
    if (!parsed) {
        std::fprintf(stderr, "%s\n%s\n", qPrintable(parsed.error().message),
                     qPrintable(parsed.error().details.join(u'\n')));
        return 1;
    }
    const catalog::ImportData *data = &parsed->data;
    if (parseOnly) {
        out() << "  parse   : " << parseMs << " ms, " << rate(rows, parseMs) << " rows/s\n";
        return 0;
    }
    timer.restart();
    const auto summary = repo.applyImport(*data, {options.fileName, parsed->sha256, options.observedAt});
    const qint64 applyMs = timer.elapsed();
    if (!summary) {
        std::fprintf(stderr, "%s\n", qPrintable(summary.error().message));
        return 1;
    }
    const qint64 mltcoMs = parseMs + applyMs;
    out() << "  mltco   : " << mltcoMs << " ms = parse with sha256 alongside " << parseMs << " + applyImport "
          << applyMs << " (" << summary->pricesAdded << " prices); " << rate(rows, mltcoMs) << " rows/s (parse alone "
          << rate(rows, parseMs) << " rows/s)\n";

    // sqlite3 shell: the same file into a bare table (created from the header, all TEXT columns).
    const QString sqlite = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    if (sqlite.isEmpty()) {
        out() << "  sqlite3 : not installed (apt install sqlite3); comparison skipped\n";
        return 0;
    }
    const QString bare = dir.filePath(QStringLiteral("bare.sqlite"));
    QProcess process;
    timer.restart();
    process.start(sqlite, {QStringLiteral("-batch"), bare, QStringLiteral(".import --csv %1 prices").arg(csvPath)});
    const bool finished = process.waitForFinished(-1);
    const qint64 sqliteMs = timer.elapsed();
    if (!finished || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        out() << "  sqlite3 : failed (" << process.readAllStandardError().trimmed() << "); comparison skipped\n";
        return 0;
    }
    process.start(sqlite, {QStringLiteral("-batch"), bare, QStringLiteral("SELECT count(*) FROM prices;")});
    process.waitForFinished(-1);
    const QByteArray imported = process.readAllStandardOutput().trimmed();
    out() << "  sqlite3 : " << sqliteMs << " ms (.import --csv, " << imported << " rows); " << rate(rows, sqliteMs)
          << " rows/s\n";
    const double ratio = sqliteMs > 0 ? double(mltcoMs) / double(sqliteMs) : 0.0;
    out() << "  ratio   : mltco / sqlite3 = " << QString::number(ratio, 'f', 2)
          << " (target <= 2.00: " << (ratio <= 2.0 ? "met" : "not met") << ")\n";
    return 0;
}

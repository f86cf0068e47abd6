// Import benchmark (printed, never asserted): `mltco-cli catalog import --format csv` of a generated N-row generic
// price CSV into a document holding the seed catalog, whole process (wall time and peak RSS), next to the sqlite3
// shell's `.import --csv` of the same file into a bare table: the floor for "read a CSV into SQLite". Goal: within
// 1.2x of sqlite3, with every check mltco makes kept, and memory that does not grow with the file (the import streams).
//
//   build/tests/bench_import              # 1,000,000 rows, best of 3 (run by hand on an idle machine)
//   build/tests/bench_import 20000        # what ctest runs (label "bench") so the benchmark keeps working
//   build/tests/bench_import 1000000 --parse-only   # the parser alone, in process, for work on the parser
//   build/tests/bench_import 1000000 --write F.csv  # only writes the generated CSV (to profile an import by hand)
//   build/tests/bench_import --aws 300     # a generated 300 MB AWS Price List CSV for EC2 (and one a tenth of it, to
//                                          # show that memory does not grow with the file), against sqlite3 --skip 5
//   build/tests/bench_import --focus 1000  # a generated 1 GB FOCUS 1.2 bill (and one a tenth of it): `mltco-cli
//                                          # actuals import` against sha256sum (one read of the file) and sqlite3's
//                                          # .import; then, in process, the progress it reports and a cancel halfway
#include "awspricelist.h"
#include "bigdata.h"
#include "measure.h"
#include "models/actuals/actualsstore.h"
#include "models/catalog/importers/genericcsvimporter.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "tests/support/focusbill.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <QSqlQuery>

#include <cstdio>
#include <future>

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

/// A document holding the seed catalog, made once by mltco-cli in `dir` and copied before each run, so every import
/// starts alike; empty (and said on stderr) when it cannot be made.
QString pristineDocument(const QTemporaryDir &dir)
{
    const QString pristine = dir.filePath(QStringLiteral("pristine.mltco"));
    if (bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("list"),
                    QStringLiteral("providers"), QStringLiteral("--document"), pristine})
            .ok)
        return pristine;
    std::fprintf(stderr, "mltco-cli could not create the document\n");
    return {};
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
    const QString pristine = pristineDocument(dir);
    if (pristine.isEmpty())
        return 1;
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

/// The bills and monthly sums a document holds, and whether SQLite finds it whole: "0 bills, 0 sums, ok".
QString billState(const QSqlDatabase &db)
{
    QStringList parts;
    for (const char *sql : {"SELECT count(*) FROM bill", "SELECT count(*) FROM actual_cost", "PRAGMA integrity_check"}) {
        QSqlQuery q(db);
        parts << (q.exec(QString::fromLatin1(sql)) && q.next() ? q.value(0).toString() : QStringLiteral("?"));
    }
    return QStringLiteral("%1 bills, %2 monthly sums, integrity %3").arg(parts[0], parts[1], parts[2]);
}

/// `mltco-cli actuals import` of a generated FOCUS 1.2 bill of `megabytes` MB and of one a tenth of it (peak RSS must
/// not grow with the file), next to sha256sum (reading the file once) and sqlite3's `.import --csv`; then the same
/// import in process with its progress sampled, and one cancelled halfway (the document must be left as it was).
int benchFocus(qint64 megabytes)
{
    QTemporaryDir dir;
    const QString pristine = pristineDocument(dir);
    if (pristine.isEmpty())
        return 1;
    const QString sqlite = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    const QString sha = QStandardPaths::findExecutable(QStringLiteral("sha256sum"));
    QString largest;
    for (const qint64 size : {std::max<qint64>(1, megabytes / 10), megabytes}) {
        const QString csv = dir.filePath(QStringLiteral("bill-%1.csv").arg(size));
        QElapsedTimer timer;
        timer.start();
        const test::FocusBillFigures figures = test::writeFocusBill(csv, size * 1'000'000);
        if (figures.rows < 0) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(csv));
            return 1;
        }
        out() << "bench_import --focus (" << MLTCO_BUILD_TYPE << "): " << figures.bytes / 1'000'000 << " MB FOCUS 1.2 "
              << "bill, " << figures.rows << " rows (" << figures.gpuRows << " GPU), generated in " << timer.elapsed()
              << " ms\n";
        const QString doc = dir.filePath(QStringLiteral("bill-%1.mltco").arg(size));
        if (!QFile::copy(pristine, doc))
            return 1;
        const QString report = dir.filePath(QStringLiteral("import-%1.txt").arg(size));
        const Measured m = bench::run({QStringLiteral(MLTCO_CLI), QStringLiteral("actuals"), QStringLiteral("import"),
                                       csv, QStringLiteral("--document"), doc},
                                      report);
        QFile said(report);
        const QByteArray firstLine = said.open(QIODevice::ReadOnly) ? said.readLine().trimmed() : QByteArray();
        if (!m.ok || !firstLine.startsWith("Imported")) {
            std::fprintf(stderr, "mltco-cli actuals import failed\n");
            return 1;
        }
        const QString expected = QStringLiteral("%1 rows read, %2 GPU rows").arg(figures.rows).arg(figures.gpuRows);
        out() << "  " << firstLine << (firstLine.contains(expected.toUtf8()) ? "" : "  << NOT the generated figures")
              << '\n';
        const double mb = double(figures.bytes) / 1e6;
        out() << "  mltco     : " << figure(m) << " (actuals import, whole process: read, check, sum, hash, write, "
              << "commit); " << QString::number(mb / std::max(m.seconds, 1e-9), 'f', 0) << " MB/s\n";
        if (!sha.isEmpty()) {
            const Measured hash = bench::run({sha, csv});
            out() << "  sha256sum : " << figure(hash) << " (one read of the file, hashed: the floor)\n"
                  << "  ratio     : mltco / sha256sum = "
                  << QString::number(m.seconds / std::max(hash.seconds, 1e-9), 'f', 2) << '\n';
        }
        if (sqlite.isEmpty()) {
            out() << "  sqlite3   : not installed (apt install sqlite3); comparison skipped\n";
        } else {
            const QString bare = dir.filePath(QStringLiteral("bare-%1.sqlite").arg(size));
            const Measured shell =
                bench::run({sqlite, QStringLiteral("-batch"), bare, QStringLiteral(".import --csv %1 bill").arg(csv)});
            if (shell.ok)
                out() << "  sqlite3   : " << figure(shell) << " (.import --csv: every row, unchecked, into a bare "
                      << "table)\n  ratio     : mltco / sqlite3 = "
                      << QString::number(m.seconds / std::max(shell.seconds, 1e-9), 'f', 2) << '\n';
            QFile::remove(bare);
        }
        if (!largest.isEmpty())
            QFile::remove(largest);
        largest = csv;
    }

    // In process, as the app runs it: the import on a thread of its own, its progress read every 20 ms (the app's
    // dialog reads it every 100 ms).
    for (const bool cancelHalfway : {false, true}) {
        const QString doc = dir.filePath(cancelHalfway ? QStringLiteral("cancel.mltco") : QStringLiteral("progress.mltco"));
        if (!QFile::copy(pristine, doc))
            return 1;
        ImportProgress progress;
        QElapsedTimer timer;
        timer.start();
        std::future<Expected<actuals::BillImportResult>> running =
            std::async(std::launch::async, [&] { return actuals::runBillImport(doc, largest, progress); });
        int samples = 0;
        bool monotonic = true;
        qint64 last = 0;
        qint64 total = 0;
        qint64 cancelledAt = -1;
        while (running.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
            const qint64 done = progress.done();
            if (progress.stage() == ImportProgress::Stage::Reading) {
                monotonic = monotonic && done >= last;
                last = done;
                total = progress.total();
            }
            ++samples;
            if (cancelHalfway && cancelledAt < 0 && total > 0 && done >= total / 2) {
                progress.cancel();
                cancelledAt = done;
            }
        }
        const Expected<actuals::BillImportResult> result = running.get();
        const double seconds = timer.nsecsElapsed() / 1e9;
        auto document = catalog::openDocument(doc);
        const QString state = document ? billState((*document)->database()) : document.error().message;
        if (!cancelHalfway) {
            out() << "  progress  : " << samples << " readings in " << QString::number(seconds, 'f', 2) << " s, "
                  << (monotonic ? "never going back" : "WENT BACK") << ", the last while reading at " << last / 1'000'000
                  << " of " << total / 1'000'000 << " MB; " << (result && !result->cancelled ? "imported" : "FAILED")
                  << "; the document holds " << state << '\n';
        } else {
            if (cancelledAt < 0)
                out() << "  cancel    : the import ended before a reading saw it halfway (too small a file)\n";
            else
                out() << "  cancel    : pressed at " << cancelledAt / 1'000'000 << " of " << total / 1'000'000
                      << " MB, stopped " << QString::number(seconds, 'f', 2) << " s after the start; "
                      << (result && result->cancelled ? "reported as cancelled" : "NOT reported as cancelled")
                      << "; the document holds " << state << '\n';
        }
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
        if (arg == "--focus" && i + 1 < argc) {
            const qint64 megabytes = QByteArray(argv[++i]).toLongLong(&ok);
            return ok && megabytes > 0 ? benchFocus(megabytes) : 2;
        }
        if (arg == "--write" && i + 1 < argc) // the generated CSV alone, to profile an import by hand
            return bench::writePriceCsv(QString::fromLocal8Bit(argv[++i]), rows) ? 0 : 1;
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

    const QString pristine = pristineDocument(dir);
    if (pristine.isEmpty())
        return 1;
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

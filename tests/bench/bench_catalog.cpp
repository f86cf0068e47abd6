// Catalog scale benchmark (printed, never asserted), on a document of N generated prices imported as a user would:
//   bench_catalog [PRICES]     1,000,000 by default
//   bench_catalog --quick      what CTest runs: 20,000
// 1. `mltco-cli catalog list prices` in each format, whole process (time, peak RSS), best of three, beside the
//    sqlite3 shell running the listing's own query into /dev/null (the floor) and the goals 2 s, 100 MB;
// 2. the GUI: launch to main window shown (median of three) beside the same for the seed-only document (goal: at
//    most 0.5 s more), and peak RSS with every page drawn (`mltco --screenshots`, goal 250 MB) beside the seed
//    document's. Runs on the offscreen platform.
#include "bigdata.h"
#include "measure.h"

#include "models/catalog/catalogrepository.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace mltco;
using mltco::bench::run;

namespace {

// Launch to "window shown" (the app prints when its window is exposed with --quit-when-shown), median of `runs`.
double shownSeconds(const QString &document, int runs)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QProcess p;
        QElapsedTimer t;
        t.start();
        p.start(QStringLiteral(MLTCO_GUI), {document, QStringLiteral("--quit-when-shown")});
        if (!p.waitForReadyRead(120000))
            return -1;
        times.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
        p.waitForFinished(120000);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

QString mb(double megabytes) { return QString::number(megabytes, 'f', 0) + QStringLiteral(" MB"); }

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = app.arguments().mid(1);
    const bool quick = args.contains(QStringLiteral("--quick"));
    qint64 prices = quick ? 20000 : 1000000;
    for (const QString &a : args)
        if (a.toLongLong() > 0)
            prices = a.toLongLong();
    const int runs = quick ? 1 : 3;
    QTemporaryDir dir;
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("HOME", dir.path().toLocal8Bit()); // the apps' settings and default document stay in here
    const QString big = dir.filePath(QStringLiteral("big.mltco")), seed = dir.filePath(QStringLiteral("seed.mltco"));
    QElapsedTimer made;
    made.start();
    if (!run({QStringLiteral(MLTCO_MAKE_BIG), QStringLiteral("document"), big, QString::number(prices)}).ok ||
        !run({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
              QStringLiteral("--document"), seed})
             .ok) {
        out << "cannot make the documents\n";
        return 1;
    }
    out << "bench_catalog (" << MLTCO_BUILD_TYPE << "): a document of " << prices << " prices ("
        << QFileInfo(big).size() / 1048576 << " MB, made in " << made.elapsed() / 1000.0 << " s), best of " << runs << '\n';

    // 1. The listing, against the sqlite3 shell running its query.
    const QString sqlite = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    if (!sqlite.isEmpty()) {
        const QByteArray sql = catalog::CatalogRepository::priceListingSql({}, catalog::PriceOrder::Listing);
        const bench::Measured floor = bench::best({sqlite, QStringLiteral("-readonly"), big, QString::fromUtf8(sql)}, runs);
        out << QStringLiteral("  sqlite3 shell, the listing's query: %1 s, %2 (the floor)\n").arg(floor.seconds, 0, 'f', 2).arg(mb(floor.megabytes));
    }
    for (const QString &format : {QStringLiteral("table"), QStringLiteral("csv"), QStringLiteral("json")}) {
        const bench::Measured m = bench::best({QStringLiteral(MLTCO_CLI), QStringLiteral("catalog"), QStringLiteral("list"),
                                               QStringLiteral("prices"), QStringLiteral("--format"), format,
                                               QStringLiteral("--document"), big},
                                              runs);
        if (!m.ok) {
            out << "  catalog list prices --format " << format << ": failed\n";
            return 1;
        }
        out << QStringLiteral("  catalog list prices --format %1: %2 s, %3 (goals 2 s: %4, 100 MB: %5)\n")
                   .arg(format, -5)
                   .arg(m.seconds, 0, 'f', 2)
                   .arg(mb(m.megabytes))
                   .arg(m.seconds <= 2 ? QStringLiteral("met") : QStringLiteral("not met"),
                        m.megabytes <= 100 ? QStringLiteral("met") : QStringLiteral("not met"));
    }

    // 2. The GUI.
    const double shownSeed = shownSeconds(seed, runs), shownBig = shownSeconds(big, runs);
    if (shownSeed < 0 || shownBig < 0) {
        out << "  mltco did not report its window\n";
        return 1;
    }
    out << QStringLiteral("  GUI window shown: %1 s, the seed document %2 s: %3 s more (goal <= 0.5 s: %4)\n")
               .arg(shownBig, 0, 'f', 2)
               .arg(shownSeed, 0, 'f', 2)
               .arg(shownBig - shownSeed, 0, 'f', 2)
               .arg(shownBig - shownSeed <= 0.5 ? QStringLiteral("met") : QStringLiteral("not met"));
    const bench::Measured pagesSeed = run({QStringLiteral(MLTCO_GUI), seed, QStringLiteral("--screenshots"), dir.filePath(QStringLiteral("shots-seed"))});
    const bench::Measured pagesBig = run({QStringLiteral(MLTCO_GUI), big, QStringLiteral("--screenshots"), dir.filePath(QStringLiteral("shots-big"))});
    if (!pagesSeed.ok || !pagesBig.ok) {
        out << "  mltco --screenshots failed\n";
        return 1;
    }
    out << QStringLiteral("  GUI every page drawn: %1 peak, the seed document %2 (goal <= 250 MB: %3)\n")
               .arg(mb(pagesBig.megabytes), mb(pagesSeed.megabytes))
               .arg(pagesBig.megabytes <= 250 ? QStringLiteral("met") : QStringLiteral("not met"));
    return 0;
}

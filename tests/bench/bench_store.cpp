// Team store against file against the sqlite3 shell, side by side in one run (printed, never asserted): the same N
// generated prices (bigdata.h)
//   bench_store [PRICES]     1,000,000 by default
//   bench_store --quick      what CTest runs: 20,000
// 1. import: `sqlite3 .import --csv` of the file into a bare table (the floor), and `mltco-cli catalog import --format
//    csv` into a new .mltco file and into a new team store database, whole process (time, peak RSS), best of three
//    (each run into a new document);
// 2. opening the catalog: `mltco-cli catalog list prices --format csv` (every price, in the listing's order), best of
//    three, and the desktop app from launch to its window shown (median of three, offscreen), on each;
// 3. exchange rates: `mltco-cli fx import` of the ECB's whole history (tests/data/fx, 217,555 rates) into a new
//    document with its seed catalog, best of the imports' runs, on each.
// The team store's server vacuums a table a million rows bigger within a minute of the import (autovacuum); on this
// machine's two cores that would run beside the next step, so each store is vacuumed before the next step is timed.
// The PostgreSQL side is a throwaway cluster on 127.0.0.1: the CTest fixture's (MLTCO_TEST_PG_DIR), or one this
// benchmark starts and stops itself with tests/support/pgcluster.sh. The ratio is PostgreSQL over SQLite, the file
// being the baseline. The server runs on the same machine with fsync off (a test cluster): a real one adds the
// network's round trips and its own disk.
#include "bigdata.h"
#include "measure.h"
#include "tests/support/teststore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <functional>

using namespace mltco;
using mltco::bench::run;

namespace {

double shownSeconds(const QStringList &args, int runs)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        QElapsedTimer t;
        t.start();
        p.start(QStringLiteral(MLTCO_GUI), args + QStringList{QStringLiteral("--quit-when-shown")});
        if (!p.waitForReadyRead(300000))
            return -1;
        times.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
        p.waitForFinished(120000);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

/// The fastest of `runs` runs; run i is the command `argvOf(i)` (a new document each run where the command writes).
bench::Measured bestOf(int runs, const std::function<QStringList(int)> &argvOf)
{
    bench::Measured best;
    for (int i = 0; i < runs; ++i) {
        const bench::Measured m = run(argvOf(i));
        if (m.ok && (!best.ok || m.seconds < best.seconds))
            best = m;
    }
    return best;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = app.arguments().mid(1);
    const qint64 prices =
        args.contains(QStringLiteral("--quick")) ? 20000 : (args.isEmpty() ? 1000000 : args.first().toLongLong());
    if (prices <= 0) {
        out << "usage: bench_store [PRICES|--quick]\n";
        return 2;
    }
    const QString script = QStringLiteral(MLTCO_SOURCE_DIR "/tests/support/pgcluster.sh");
    bool ownCluster = false;
    if (qEnvironmentVariableIsEmpty("MLTCO_TEST_PG_DIR")) {
        const QString dir = QStringLiteral("/tmp/mltco-pg-bench-%1").arg(QCoreApplication::applicationPid());
        qputenv("MLTCO_TEST_PG_DIR", dir.toLocal8Bit());
        if (QProcess::execute(QStringLiteral("bash"), {script, QStringLiteral("start"), dir}) != 0) {
            out << "bench_store: the PostgreSQL cluster did not start\n";
            return 1;
        }
        ownCluster = true;
    }
    const auto stopCluster = [&] {
        if (ownCluster)
            QProcess::execute(QStringLiteral("bash"),
                              {script, QStringLiteral("stop"), qEnvironmentVariable("MLTCO_TEST_PG_DIR")});
    };

    const auto vacuum = [&](const QString &database) {
        if (const QString error = test::clusterExec(database, QStringLiteral("VACUUM (ANALYZE) price_point"));
            !error.isEmpty())
            out << "bench_store: VACUUM failed: " << error << '\n';
    };

    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("prices.csv"));
    if (!bench::writePriceCsv(csv, prices)) {
        out << "bench_store: cannot write " << csv << '\n';
        stopCluster();
        return 1;
    }
    const QString cli = QStringLiteral(MLTCO_CLI);
    const QString ecbHistory = QStringLiteral(MLTCO_SOURCE_DIR "/tests/data/fx/eurofxref-hist.zip");
    const int runs = prices >= 100000 ? 3 : 1;
    // The floor: the sqlite3 shell reading the same file into a bare table, unchecked, best of the same runs.
    const QString sqlite = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    const bench::Measured shell = sqlite.isEmpty() ? bench::Measured{} : bestOf(runs, [&](int i) {
        return QStringList{sqlite, QStringLiteral("-batch"), dir.filePath(QStringLiteral("bare-%1.sqlite").arg(i)),
                           QStringLiteral(".import --csv %1 prices").arg(csv)};
    });
    struct Side
    {
        QString name;
        bool file = true;
        QString location;
        QString database; // the team store's, in the cluster
        bench::Measured import, list, rates;
        double shown = 0;
    };
    std::vector<Side> sides{{QStringLiteral("SQLite file (baseline)"), true, {}, {}, {}, {}, {}, 0},
                            {QStringLiteral("PostgreSQL team store"), false, {}, {}, {}, {}, {}, 0}};
    for (Side &side : sides) {
        side.import = bestOf(runs, [&](int i) {
            // A new document each run, created with its seed catalog first, so the import measures the import alone.
            if (!side.file) {
                if (i > 0)
                    vacuum(side.database); // the previous run's
                side.database = test::newClusterDatabase(QStringLiteral("bench_store_%1").arg(i));
            }
            side.location = side.file ? dir.filePath(QStringLiteral("team-%1.mltco").arg(i)) : test::clusterUrl(side.database);
            run({cli, QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                 QStringLiteral("--document"), side.location});
            return QStringList{cli, QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                               QStringLiteral("csv"), csv, QStringLiteral("--document"), side.location};
        });
        if (!side.file)
            vacuum(side.database);
        side.list = bestOf(3, [&](int) {
            return QStringList{cli, QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"),
                               QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--document"), side.location};
        });
        side.shown = shownSeconds(side.file ? QStringList{side.location} : QStringList{QStringLiteral("--store"), side.location}, 3);
        // Exchange rates: the ECB's whole history (217,555 rates) into a new document with its seed catalog.
        side.rates = bestOf(runs, [&](int i) {
            const QString location =
                side.file ? dir.filePath(QStringLiteral("rates-%1.mltco").arg(i))
                          : test::clusterUrl(test::newClusterDatabase(QStringLiteral("bench_rates_%1").arg(i)));
            run({cli, QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                 QStringLiteral("--document"), location});
            return QStringList{cli, QStringLiteral("fx"), QStringLiteral("import"), ecbHistory,
                               QStringLiteral("--document"), location};
        });
    }
    stopCluster();

    out << "bench_store: " << prices << " prices (" << MLTCO_BUILD_TYPE << " build), imports best of " << runs << "\n\n";
    out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
               .arg(QStringLiteral("store"), -24)
               .arg(QStringLiteral("import"), 10)
               .arg(QStringLiteral("import RSS"), 11)
               .arg(QStringLiteral("list all"), 10)
               .arg(QStringLiteral("list RSS"), 9)
               .arg(QStringLiteral("window shown"), 13)
               .arg(QStringLiteral("ECB rates"), 10);
    if (shell.ok)
        out << QStringLiteral("%1  %2  %3\n")
                   .arg(QStringLiteral("sqlite3 .import (floor)"), -24)
                   .arg(QStringLiteral("%1 s").arg(shell.seconds, 0, 'f', 2), 10)
                   .arg(QStringLiteral("%1 MB").arg(shell.megabytes, 0, 'f', 0), 11);
    bool ok = true;
    for (const Side &s : sides) {
        ok = ok && s.import.ok && s.list.ok && s.shown > 0 && s.rates.ok;
        out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                   .arg(s.name, -24)
                   .arg(QStringLiteral("%1 s").arg(s.import.seconds, 0, 'f', 2), 10)
                   .arg(QStringLiteral("%1 MB").arg(s.import.megabytes, 0, 'f', 0), 11)
                   .arg(QStringLiteral("%1 s").arg(s.list.seconds, 0, 'f', 2), 10)
                   .arg(QStringLiteral("%1 MB").arg(s.list.megabytes, 0, 'f', 0), 9)
                   .arg(QStringLiteral("%1 s").arg(s.shown, 0, 'f', 2), 13)
                   .arg(QStringLiteral("%1 s").arg(s.rates.seconds, 0, 'f', 2), 10);
    }
    const Side &f = sides[0], &p = sides[1];
    out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
               .arg(QStringLiteral("ratio PostgreSQL/SQLite"), -24)
               .arg(QStringLiteral("%1x").arg(p.import.seconds / f.import.seconds, 0, 'f', 2), 10)
               .arg(QStringLiteral("%1x").arg(p.import.megabytes / f.import.megabytes, 0, 'f', 2), 11)
               .arg(QStringLiteral("%1x").arg(p.list.seconds / f.list.seconds, 0, 'f', 2), 10)
               .arg(QStringLiteral("%1x").arg(p.list.megabytes / f.list.megabytes, 0, 'f', 2), 9)
               .arg(QStringLiteral("%1x").arg(p.shown / f.shown, 0, 'f', 2), 13)
               .arg(QStringLiteral("%1x").arg(p.rates.seconds / f.rates.seconds, 0, 'f', 2), 10);
    // The goals side by side (docs/benchmarks.md): the file import within 1.2x of the sqlite3 shell, the team store's
    // import, listing and rates within 2x of the file's.
    const auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
    const auto said = [](double r, double goal) {
        return QStringLiteral("%1x (goal <= %2: %3)").arg(r, 0, 'f', 2).arg(goal, 0, 'f', 1).arg(r <= goal ? QStringLiteral("met") : QStringLiteral("not met"));
    };
    out << "\nratios of this run\n";
    if (shell.ok)
        out << "  file import / sqlite3 .import       " << said(ratio(f.import.seconds, shell.seconds), 1.2) << '\n';
    else
        out << "  file import / sqlite3 .import       (sqlite3 not installed: apt install sqlite3)\n";
    out << "  team store import / file import     " << said(ratio(p.import.seconds, f.import.seconds), 2.0) << '\n';
    out << "  team store list / file list         " << said(ratio(p.list.seconds, f.list.seconds), 2.0) << '\n';
    out << "  team store rates / file rates       " << said(ratio(p.rates.seconds, f.rates.seconds), 2.0) << '\n';
    if (!ok)
        out << "bench_store: a step failed (see above)\n";
    return ok ? 0 : 1;
}

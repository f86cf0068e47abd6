// Whole-process benchmark of `mltco-cli report --xlsx` (printed, never asserted):
//   bench_workbook            the growing-team example, then plans of 20 and 200 scenarios over 120 months
//   bench_workbook --quick    what CTest runs: the example and plans of 10 and 40 scenarios over 24 months
// The baseline is `report --csv` of the same plan, whole process, best of three: the workbook's time against the CSV's
// (goal <= 2x on the example). Memory: the peak resident set of the small and the large plan (the workbook's rows go
// to disk as written, so the large one should need little more than the plan's own evaluation).
#include "bigdata.h"
#include "measure.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>

using mltco::bench::Measured;
using mltco::bench::best;

namespace {

void line(QTextStream &out, const QString &what, const Measured &m)
{
    if (!m.ok) {
        out << QStringLiteral("  %1: failed\n").arg(what, -44);
        return;
    }
    out << QStringLiteral("  %1 %2 s  %3 MB\n").arg(what, -44).arg(m.seconds, 7, 'f', 3).arg(m.megabytes, 7, 'f', 1);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    QTextStream out(stdout);
    QTemporaryDir dir;
    if (!dir.isValid())
        return 1;
    qputenv("HOME", dir.path().toLocal8Bit());
    qputenv("XDG_DATA_HOME", (dir.path() + QStringLiteral("/data")).toLocal8Bit());
    const QString cli = QStringLiteral(MLTCO_CLI);
    const int runs = quick ? 1 : 3;

    out << "report --xlsx against report --csv of the same plan (whole process, best of " << runs << ")\n";
    const auto compare = [&](const QString &what, const QString &plan) {
        const Measured csv = best({cli, QStringLiteral("report"), plan, QStringLiteral("--csv"), dir.filePath(QStringLiteral("csv"))}, runs);
        const Measured xlsx =
            best({cli, QStringLiteral("report"), plan, QStringLiteral("--xlsx"), dir.filePath(QStringLiteral("plan.xlsx"))}, runs);
        line(out, what + QStringLiteral(", --csv"), csv);
        line(out, what + QStringLiteral(", --xlsx"), xlsx);
        if (csv.ok && xlsx.ok)
            out << QStringLiteral("  %1 xlsx / csv: %2x (time), workbook %3 kB\n")
                       .arg(what, -30)
                       .arg(xlsx.seconds / csv.seconds, 0, 'f', 2)
                       .arg(QFileInfo(dir.filePath(QStringLiteral("plan.xlsx"))).size() / 1024);
        out.flush();
        return xlsx;
    };
    compare(QStringLiteral("growing-team example"), QStringLiteral("example:growing-team"));

    const int months = quick ? 24 : 120;
    const int small = quick ? 10 : 20, large = quick ? 40 : 200;
    Measured peaks[2];
    for (int i = 0; i < 2; ++i) {
        const int scenarios = i == 0 ? small : large;
        const QString plan = dir.filePath(QStringLiteral("big-%1.json").arg(scenarios));
        QFile file(plan);
        if (!file.open(QIODevice::WriteOnly) || file.write(mltco::bench::bigPlan(scenarios, months)) < 0)
            return 1;
        file.close();
        peaks[i] = compare(QStringLiteral("%1 scenarios, %2 months").arg(scenarios).arg(months), plan);
    }
    if (peaks[0].ok && peaks[1].ok)
        out << QStringLiteral("  memory: %1 scenarios need %2x the peak of %3 (%4 times the scenarios)\n")
                   .arg(large)
                   .arg(peaks[1].megabytes / peaks[0].megabytes, 0, 'f', 2)
                   .arg(small)
                   .arg(large / small);
    return peaks[0].ok && peaks[1].ok ? 0 : 1;
}

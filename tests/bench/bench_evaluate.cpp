// Whole-process benchmark of `mltco-cli evaluate` on a large plan (printed, never asserted):
//   bench_evaluate [SCENARIOS [MONTHS]]   the 20,000-scenario, 120-month plan by default (tests/bench/bigdata.h)
//   bench_evaluate --quick                what CTest runs: 200 scenarios over 24 months
// For each format it prints the wall time and peak memory (RSS) of the whole process, output to /dev/null, best
// of three runs; JSON's time against CSV's (goal <= 1.5x) and every format against 150 MB; and `--format table`
// against python3 running tests/bench/model.py, a plain transcription of docs/model.md (goal >= 50x).
// Before timing anything it checks that the transcription's totals and NPVs agree with the engine's (relative
// 1e-9) on a 200-scenario, 120-month plan; a disagreement fails the run (exit 1), so the baseline is the same
// calculation, not a different one.
#include "bigdata.h"
#include "measure.h"

#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <chrono>
#include <map>
#include <cmath>
#include <cstdio>

using namespace mltco;
using mltco::bench::Measured;
using mltco::bench::best;
using mltco::bench::run;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The transcription against the engine on the same plan: 0 when they agree, else how many figures differ.
int disagreements(const QString &python, const QString &planPath, QTextStream &out)
{
    QFile file(planPath);
    if (!file.open(QIODevice::ReadOnly))
        return 1;
    const Expected<tco::Plan> plan = tco::readPlan(file.readAll());
    const Expected<tco::PlanResult> result = plan ? tco::evaluatePlan(*plan) : Expected<tco::PlanResult>(plan.error());
    if (!result) {
        out << "  the agreement plan cannot be evaluated\n";
        return 1;
    }
    QProcess process;
    process.start(python, {QStringLiteral(MLTCO_MODEL_PY), planPath});
    if (!process.waitForFinished(600000) || process.exitCode() != 0) {
        out << "  python3 model.py failed: " << process.readAllStandardError() << '\n';
        return 1;
    }
    const QList<QByteArray> lines = process.readAllStandardOutput().split('\n');
    int wrong = 0;
    for (std::size_t i = 0; i < result->scenarios.size(); ++i) {
        const QList<QByteArray> fields = i < static_cast<std::size_t>(lines.size()) ? lines[static_cast<qsizetype>(i)].split('\t')
                                                                                   : QList<QByteArray>{};
        const tco::ScenarioResult &r = result->scenarios[i].result;
        const auto agrees = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a)); };
        if (fields.size() != 3 || !agrees(r.total, fields[1].toDouble()) || !agrees(r.npv, fields[2].toDouble())) {
            if (wrong++ < 5)
                out << "  disagree: " << result->scenarios[i].name << ": engine " << QString::number(r.total, 'g', 17) << " / "
                    << QString::number(r.npv, 'g', 17) << ", python " << (fields.size() == 3 ? fields[1] + " / " + fields[2] : QByteArray("?"))
                    << '\n';
        }
    }
    return wrong;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = app.arguments().mid(1);
    const bool quick = args.contains(QStringLiteral("--quick"));
    int scenarios = quick ? 200 : 20000, months = quick ? 24 : 120;
    const QStringList numbers = QStringList(args).filter(QRegularExpression(QStringLiteral("^\\d+$")));
    if (!numbers.isEmpty())
        scenarios = numbers[0].toInt();
    if (numbers.size() > 1)
        months = numbers[1].toInt();
    const int runs = quick ? 1 : 3;
    QTemporaryDir dir;
    const QString planPath = dir.filePath(QStringLiteral("plan.json"));
    const QString agreementPath = dir.filePath(QStringLiteral("agreement.json"));
    if (!dir.isValid() || !writeFile(planPath, bench::bigPlan(scenarios, months)) ||
        !writeFile(agreementPath, bench::bigPlan(200, 120))) {
        out << "cannot write the plans\n";
        return 1;
    }
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    out << "bench_evaluate (" << MLTCO_BUILD_TYPE << "): mltco-cli evaluate of " << scenarios << " scenarios over " << months
        << " months, whole process, output to /dev/null, best of " << runs << '\n';
    if (python.isEmpty()) {
        out << "  python3 not installed: the transcription baseline is skipped\n";
    } else if (const int wrong = disagreements(python, agreementPath, out); wrong > 0) {
        out << "  tests/bench/model.py disagrees with the engine on " << wrong << " scenarios: no comparison made\n";
        return 1;
    } else {
        out << "  tests/bench/model.py agrees with the engine on 200 scenarios over 120 months (relative 1e-9)\n";
    }
    std::map<QString, Measured> figures;
    for (const QString &format : {QStringLiteral("csv"), QStringLiteral("json"), QStringLiteral("table")}) {
        const Measured m = best({QStringLiteral(MLTCO_CLI), QStringLiteral("evaluate"), planPath, QStringLiteral("--format"), format}, runs);
        if (!m.ok) {
            out << "  " << format << ": mltco-cli failed\n";
            return 1;
        }
        figures[format] = m;
        out << QStringLiteral("  %1: %2 s, %3 MB peak (goal <= 150 MB: %4)\n")
                   .arg(format, -5)
                   .arg(m.seconds, 0, 'f', 2)
                   .arg(m.megabytes, 0, 'f', 0)
                   .arg(m.megabytes <= 150 ? QStringLiteral("met") : QStringLiteral("not met"));
    }
    const double jsonRatio = figures[QStringLiteral("json")].seconds / figures[QStringLiteral("csv")].seconds;
    out << QStringLiteral("  json / csv time: %1 (goal <= 1.5: %2)\n")
               .arg(jsonRatio, 0, 'f', 2)
               .arg(jsonRatio <= 1.5 ? QStringLiteral("met") : QStringLiteral("not met"));
    if (!python.isEmpty()) {
        const Measured py = run({python, QStringLiteral(MLTCO_MODEL_PY), planPath});
        if (!py.ok) {
            out << "  python3 model.py failed on the plan\n";
            return 1;
        }
        const double ratio = py.seconds / figures[QStringLiteral("table")].seconds;
        out << QStringLiteral("  python3 model.py: %1 s, %2 MB peak; table is %3x faster (goal >= 50x: %4)\n")
                   .arg(py.seconds, 0, 'f', 2)
                   .arg(py.megabytes, 0, 'f', 0)
                   .arg(ratio, 0, 'f', 1)
                   .arg(ratio >= 50 ? QStringLiteral("met") : QStringLiteral("not met"));
    }
    return 0;
}

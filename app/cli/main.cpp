// mltco-cli: the headless face of mltco, for automation. Every command works without a display.
#include "cliio.h"
#include "planrunner.h"

#include <QApplication>
#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace {

const char kHelp[] = R"(mltco-cli: TCO planning for machine-learning GPU infrastructure

usage: mltco-cli COMMAND [ARGS...]

commands:
  catalog import --format skypilot|csv|aws-pricelist|azure-retail|sparecores FILE|DIR [--observed-at YYYY-MM-DD] [--provider P] [--skip-cpu-only|--gpu-only] [--document PATH]
  catalog update skypilot [--url ROOT] --cloud C [--cloud C2 …] | azure-retail [--url ENDPOINT] | aws-pricelist [--url ROOT] --region R [--region R2 …] [--gpu-only] [--timeout SECONDS] [--ca-file PEM] [--document PATH]
  catalog list [instances|gpus|prices|providers|imports] [--provider P] [--format table|csv|json] [--document PATH]
  catalog trend [--provider P] [--gpu G] [--pricing MODEL] [--format table|json] [--document PATH]
  evaluate PLAN.json [--document PATH] [--format json|csv|table]
  calc tflops-price|commitment|utilization-spot|egress|storage|multi-gpu|budget|lease-vs-buy|irr [OPTIONS] [--format json|table]
  calc SUBCOMMAND --help
  analyze PLAN.json [--trials N] [--seed S] [--sampling lhs|random] [--swing 0.2] [--threads T] [--converge] [--samples-csv FILE] [--format json|table|csv] [--document PATH]
  optimize PLAN.json [--objective mean|cvar] [--beta B] [--trials N] [--seed S] [--threads T] [--format json|table] [--write-plan OUT.json] [--document PATH]
  actuals import FILE | list [--by instance|service-category] | bills | remove ID | compare PLAN.json --scenario NAME [--start YYYY-MM] [--format table|csv|json] [--document PATH]
  fx update [--url URL] [--timeout SECONDS] [--ca-file PEM] [--document PATH]
  fx import FILE | update [--url URL] | list [--currency C] [--from YYYY-MM-DD] [--to YYYY-MM-DD] | rate FROM TO [--date YYYY-MM-DD] | add CURRENCY PER_EUR --date YYYY-MM-DD --source TEXT [--format table|csv|json] [--document PATH]
  plan list [--format table|json] [--document PATH]
  plan save PLAN.json|example:NAME [--replace ID] [--document PATH]
  plan show ID [--document PATH]
  plan remove ID [--document PATH]
  report PLAN.json|DOCUMENT.mltco [--summary [--format text|markdown]] [--pdf OUT.pdf] [--csv DIR] [--xlsx OUT.xlsx [--fleet-plan]] [--page-size a4|letter] [--stale-after DAYS] [--document PATH]
  store copy SOURCE DEST (each a .mltco file or a postgresql:// URL)
  example [NAME]
  help

A plan argument may be example:NAME for a bundled example (seed-000, growing-team, generations).

Without --document the default document in the application data folder is used (created on first run).
--store postgresql://USER@HOST[:PORT]/DB[?sslmode=...] names a team store instead (docs/team-store.md); the
password comes from ~/.pgpass (or PGPASSFILE), never from the command line's history.
Exit codes: 0 success, 1 invalid input (a file or page refused), 2 usage error, 3 the network failed (no answer,
a status other than 200/304, a download cut short, a server gone silent).
)";

} // namespace

int main(int argc, char *argv[])
{
    // The report draws charts, which are widgets: it needs a QApplication, on the offscreen platform when
    // there is no display. Every other command stays a plain QCoreApplication.
    const bool report = argc > 1 && std::strcmp(argv[1], "report") == 0;
    if (report && !std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY") && !std::getenv("QT_QPA_PLATFORM"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    std::unique_ptr<QCoreApplication> app = report ? std::make_unique<QApplication>(argc, argv)
                                                   : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("mltco"));
    QCoreApplication::setApplicationVersion(QStringLiteral(MLTCO_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    mltco::cli::Io io{out, err};

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty())
        return mltco::cli::usageError(io, QStringLiteral("no command given"), QStringLiteral("mltco-cli help"));
    const QString command = args.takeFirst();
    args = mltco::cli::storeAsDocument(args);
    if (command == QLatin1String("help") || command == QLatin1String("--help") || command == QLatin1String("-h")) {
        out << kHelp;
        return mltco::cli::ExitOk;
    }
    if (command == QLatin1String("--version")) {
        out << "mltco-cli " << MLTCO_VERSION << '\n';
        return mltco::cli::ExitOk;
    }
    if (command == QLatin1String("catalog"))
        return mltco::cli::runCatalog(args, io);
    if (command == QLatin1String("evaluate"))
        return mltco::cli::runEvaluate(args, io);
    if (command == QLatin1String("fx"))
        return mltco::cli::runFx(args, io);
    if (command == QLatin1String("calc"))
        return mltco::cli::runCalc(args, io);
    if (command == QLatin1String("report"))
        return mltco::cli::runReport(args, io);
    if (command == QLatin1String("analyze"))
        return mltco::cli::runAnalyze(args, io);
    if (command == QLatin1String("optimize"))
        return mltco::cli::runOptimize(args, io);
    if (command == QLatin1String("plan"))
        return mltco::cli::runPlan(args, io);
    if (command == QLatin1String("actuals"))
        return mltco::cli::runActuals(args, io);
    if (command == QLatin1String("store"))
        return mltco::cli::runStore(args, io);
    if (command == QLatin1String("example"))
        return mltco::cli::runExample(args, io);
    return mltco::cli::usageError(io, QStringLiteral("unknown command '%1'").arg(command),
                                  QStringLiteral("mltco-cli help"));
}

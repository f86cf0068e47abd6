// mltco-cli: the headless face of mltco, for automation. Every command works without a display.
#include "cliio.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <cstdio>

namespace {

const char kHelp[] = R"(mltco-cli: TCO planning for machine-learning GPU infrastructure

usage: mltco-cli COMMAND [ARGS...]

commands:
  catalog import --format skypilot|csv FILE [--observed-at DATE] [--provider P] [--skip-cpu-only] [--document PATH]
  catalog list [instances|gpus|prices|providers] [--provider P] [--format table|csv|json] [--document PATH]
  evaluate PLAN.json [--document PATH] [--format json|csv|table]
  calc tflops-price|commitment|utilization-spot|egress|storage|multi-gpu|budget [OPTIONS] [--format json|table]
  help

Without --document the default document in the application data folder is used (created on first run).
Exit codes: 0 success, 1 invalid input, 2 usage error.
)";

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("mltco"));
    QCoreApplication::setApplicationVersion(QStringLiteral(MLTCO_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    mltco::cli::Io io{out, err};

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty())
        return mltco::cli::usageError(io, QStringLiteral("no command given"), QStringLiteral("mltco-cli help"));
    const QString command = args.takeFirst();
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
    if (command == QLatin1String("calc"))
        return mltco::cli::runCalc(args, io);
    return mltco::cli::usageError(io, QStringLiteral("unknown command '%1'").arg(command),
                                  QStringLiteral("mltco-cli help"));
}

#include "cliio.h"

namespace mltco::cli {

int runEvaluate(const QStringList &args, Io &io)
{
    Q_UNUSED(args);
    return inputError(io, QStringLiteral("evaluate is not available yet"));
}

} // namespace mltco::cli

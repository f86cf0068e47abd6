#include "cliio.h"

namespace mltco::cli {

int runCalc(const QStringList &args, Io &io)
{
    Q_UNUSED(args);
    return inputError(io, QStringLiteral("calc is not available yet"));
}

} // namespace mltco::cli

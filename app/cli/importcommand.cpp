// mltco-cli catalog import
#include "cliio.h"

namespace mltco::cli {

int runImport(const QStringList &args, Io &io)
{
    Q_UNUSED(args);
    return inputError(io, QStringLiteral("catalog import is not available yet"));
}

} // namespace mltco::cli

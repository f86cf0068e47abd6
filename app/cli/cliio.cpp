#include "cliio.h"

#include <QFile>

#include "models/catalog/seedcatalog.h"

namespace mltco::cli {

int usageError(Io &io, const QString &message, const QString &usage)
{
    io.err << "mltco-cli: " << message << '\n';
    if (!usage.isEmpty())
        io.err << "usage: " << usage << '\n';
    io.err.flush();
    return ExitUsage;
}

int inputError(Io &io, const QString &message, const QStringList &details)
{
    io.err << "mltco-cli: " << message << '\n';
    for (const QString &line : details)
        io.err << line << '\n';
    io.err.flush();
    return ExitInvalidInput;
}

Expected<std::unique_ptr<store::Document>> openDocumentOption(const QString &path)
{
    return catalog::openDocument(path.isEmpty() ? store::Document::defaultPath() : path);
}

QStringList storeAsDocument(const QStringList &args)
{
    QStringList out;
    for (const QString &a : args) {
        if (a == QLatin1String("--store"))
            out << QStringLiteral("--document");
        else if (a.startsWith(QLatin1String("--store=")))
            out << QStringLiteral("--document=") + a.mid(8);
        else
            out << a;
    }
    return out;
}

int writeRowsToStdout(Io &io, const QString &format, const QStringList &header, const RowSource &rows,
                      const std::function<bool()> &complete)
{
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly))
        return inputError(io, QStringLiteral("Could not write to standard output"));
    io.out.flush();
    if (!writeListing(out, format, header, rows, complete))
        return inputError(io, QStringLiteral("Could not write the listing: %1").arg(out.errorString()));
    return ExitOk;
}

} // namespace mltco::cli

// `mltco-cli store copy SOURCE DEST`: a document between a .mltco file and a team store, in either direction.
#include "cliio.h"
#include "models/common/numbertext.h"
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "models/store/copy/storecopy.h"

#include <QFileInfo>

namespace mltco::cli {
namespace {

const QString kStoreUsage = QStringLiteral("mltco-cli store copy SOURCE DEST (each a .mltco file or a postgresql:// URL)");

QString countsOf(const store::Document &document)
{
    QStringList parts;
    struct Counted
    {
        const char *table;
        const char16_t *one;
        const char16_t *many;
    };
    const Counted counted[] = {{"price_point", u"price", u"prices"},   {"instance_type", u"instance type", u"instance types"},
                               {"fx_rate", u"exchange rate", u"exchange rates"}, {"source", u"source", u"sources"},
                               {"plan", u"plan", u"plans"},              {"bill", u"bill", u"bills"}};
    for (const Counted &c : counted) {
        const Expected<qint64> n =
            store::queryInt(document.database(), QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1String(c.table)));
        parts << (n ? countOf(*n, c.one, c.many) : QStringLiteral("? ") + QString::fromUtf16(c.many));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

int runStore(const QStringList &args, Io &io)
{
    if (args.value(0) != QLatin1String("copy"))
        return usageError(io,
                          args.isEmpty() ? QStringLiteral("store needs a subcommand")
                                         : QStringLiteral("unknown store subcommand '%1'").arg(args.first()),
                          kStoreUsage);
    if (args.size() != 3)
        return usageError(io, QStringLiteral("store copy needs a SOURCE and a DEST"), kStoreUsage);
    const QString source = args.at(1);
    const QString dest = args.at(2);
    // Opened as the app opens it (a document of an older version is upgraded first, so both sides have one schema);
    // nothing else is written to it.
    auto from = store::Document::openExisting(source);
    if (!from)
        return inputError(io, from.error().message);
    if (store::isStoreUrl(dest)) {
        // An empty database becomes an empty store (no seed catalog: every row comes from SOURCE).
        auto to = store::Document::open(dest, store::Initializer([](const QSqlDatabase &) { return Status{}; }));
        if (!to)
            return inputError(io, to.error().message);
        if (Status s = store::copyStore(**from, **to); !s)
            return inputError(io, s.error().message);
        io.out << "Copied " << countsOf(**to) << " from " << (*from)->path() << " to " << (*to)->path() << ".\n";
        return ExitOk;
    }
    if (QFileInfo::exists(dest))
        return inputError(io,
                          QStringLiteral("Cannot copy to \"%1\": the file exists. Give the name of a new file; mltco "
                                         "does not overwrite a document with a copy.")
                              .arg(dest));
    if (Status s = store::copyStoreToFile(**from, dest); !s)
        return inputError(io, s.error().message);
    // Read back through a connection that may write, so that it is the last one and SQLite removes its log and index
    // files when it closes (a read-only connection leaves them beside the copy); nothing writes through it.
    auto written = store::Document::openExisting(dest);
    if (!written)
        return inputError(io, written.error().message);
    io.out << "Copied " << countsOf(**written) << " from " << (*from)->path() << " to " << (*written)->path() << ".\n";
    return ExitOk;
}

} // namespace mltco::cli

// mltco-cli catalog import|list
#include "cliio.h"
#include "listing.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/pricetrend.h"
#include "models/fetch/priceupdate.h"
#include "models/report/csvexport.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <functional>
#include <numeric>

namespace mltco::cli {
namespace {

const QString kListUsage = QStringLiteral(
    "mltco-cli catalog list [instances|gpus|prices|providers|imports] [--provider P] [--format table|csv|json] "
    "[--document PATH]");

QJsonValue numberOrNull(const std::optional<double> &v) { return v ? QJsonValue(*v) : QJsonValue(); }

int runList(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("what"), QStringLiteral("instances, gpus, prices, providers or imports"));
    parser.addOption({QStringLiteral("provider"), QStringLiteral("Only this provider."), QStringLiteral("P")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table, csv or json."), QStringLiteral("F"), QStringLiteral("table")});
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kListUsage);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return usageError(io, QStringLiteral("catalog list takes one table name"), kListUsage);
    const QString what = positional.value(0, QStringLiteral("instances"));
    const QString format = parser.value(QStringLiteral("format"));
    if (!QStringList{QStringLiteral("table"), QStringLiteral("csv"), QStringLiteral("json")}.contains(format))
        return usageError(io, QStringLiteral("--format must be table, csv or json, not '%1'").arg(format), kListUsage);
    if (!QStringList{QStringLiteral("instances"), QStringLiteral("gpus"), QStringLiteral("prices"), QStringLiteral("providers"),
                     QStringLiteral("imports")}
             .contains(what))
        return usageError(io, QStringLiteral("unknown table '%1' (instances, gpus, prices, providers or imports)").arg(what),
                          kListUsage);

    auto document = openDocumentOption(parser.value(QStringLiteral("document")));
    if (!document)
        return inputError(io, document.error().message);
    catalog::CatalogRepository repo((*document)->database());
    const QString provider = parser.value(QStringLiteral("provider"));
    if (!provider.isEmpty() && what != QLatin1String("imports")) {
        // A provider the catalog does not hold lists nothing: said, not shown as an empty listing.
        QStringList known;
        for (const catalog::Provider &p : repo.providers())
            known << p.name;
        if (!known.contains(provider))
            return inputError(io, QStringLiteral("The catalog holds no provider \"%1\"; it holds %2.")
                                      .arg(provider, known.isEmpty() ? QStringLiteral("none") : known.join(QStringLiteral(", "))));
    }

    QStringList header;
    RowSource rows;
    Status importsRead;
    if (what == QLatin1String("imports")) {
        // Every import, oldest first: a file's name, or the address it was fetched from with the server's validators.
        header = {QStringLiteral("id"),          QStringLiteral("format"),      QStringLiteral("origin"),
                  QStringLiteral("sha256"),      QStringLiteral("observed_at"), QStringLiteral("imported_at"),
                  QStringLiteral("rows"),        QStringLiteral("etag"),        QStringLiteral("last_modified"),
                  QStringLiteral("retrieved_at")};
        rows = [&](bool, const RowSink &sink) {
            importsRead = fetch::visitImports((*document)->database(), [&](const fetch::ImportRecord &r) {
                sinkValues(sink, {double(r.id), r.format, r.origin, r.sha256, r.observedAt, r.importedAt,
                                  double(r.rows), r.etag, r.lastModified,
                                  r.retrievedAt.isEmpty() ? QJsonValue() : QJsonValue(r.retrievedAt)});
                return true;
            });
        };
    } else if (what == QLatin1String("providers")) {
        header = {QStringLiteral("provider"), QStringLiteral("name"), QStringLiteral("kind")};
        rows = [&](bool, const RowSink &sink) {
            for (const catalog::Provider &p : repo.providers())
                if (provider.isEmpty() || p.name == provider)
                    sinkValues(sink, {p.name, p.displayName, catalog::providerKindKey(p.kind)});
        };
    } else if (what == QLatin1String("gpus")) {
        header = {QStringLiteral("gpu"), QStringLiteral("vendor"), QStringLiteral("architecture"), QStringLiteral("year"),
                  QStringLiteral("memory_gb"), QStringLiteral("speedup"), QStringLiteral("throughput"), QStringLiteral("source")};
        rows = [&](bool, const RowSink &sink) {
            for (const catalog::Gpu &g : repo.gpus()) {
                QStringList figures;
                for (const catalog::ThroughputFigure &f : g.throughput)
                    figures << QStringLiteral("%1%2=%3 (%4)")
                                   .arg(f.gpuCount > 1 ? QStringLiteral("%1x ").arg(f.gpuCount) : QString(), f.metric)
                                   .arg(f.tflops)
                                   .arg(f.source);
                sinkValues(sink, {g.name, g.vendor, g.architecture, g.year ? QJsonValue(g.year) : QJsonValue(),
                                  g.memoryGb > 0 ? QJsonValue(g.memoryGb) : QJsonValue(), numberOrNull(g.speedup),
                                  figures.join(QLatin1String("; ")), g.source});
            }
        };
    } else if (what == QLatin1String("instances")) {
        header = {QStringLiteral("provider"), QStringLiteral("instance"), QStringLiteral("gpu"), QStringLiteral("gpu_count"),
                  QStringLiteral("vcpus"), QStringLiteral("memory_gb"), QStringLiteral("source")};
        rows = [&](bool, const RowSink &sink) {
            for (const catalog::InstanceType &i : repo.instanceTypes(provider))
                sinkValues(sink, {i.provider, i.name, i.gpu, i.gpuCount, i.vcpus, i.memoryGb, i.source});
        };
    } else {
        // Money in the price's own currency (model.md §13): amount, upfront and per_hour are in `currency`.
        header = {QStringLiteral("provider"),       QStringLiteral("instance"), QStringLiteral("region"),
                  QStringLiteral("zone"),           QStringLiteral("pricing"),  QStringLiteral("purchase_option"),
                  QStringLiteral("offering_class"), QStringLiteral("amount"),   QStringLiteral("currency"),
                  QStringLiteral("unit"),           QStringLiteral("upfront"),  QStringLiteral("per_hour"),
                  QStringLiteral("observed_at"),    QStringLiteral("source"),   QStringLiteral("licence")};
        // Where a value came from includes the terms it came under: a Spare Cores price says "CC BY-SA 4.0".
        const QHash<QString, QString> licences = repo.sourceLicences();
        catalog::PriceFilter filter;
        filter.provider = provider;
        // Streamed from SQLite, row by row as it reads them: a million prices list in flat memory. Sizing the
        // table's columns reads them as stored, which is quicker than in the listing's order.
        rows = [&, filter, licences](bool sizing, const RowSink &sink) {
            Row row(15);
            QByteArray lastSource;
            QByteArray lastLicence; // UTF-8: a cell holds a view of it
            repo.forEachPriceRow(filter, sizing ? catalog::PriceOrder::Stored : catalog::PriceOrder::Listing,
                                 [&](const catalog::PriceRowView &p) {
                                     // per_hour as PricePoint::hourly(); the pricing model matters only to an
                                     // upfront.
                                     const catalog::PricingModel pricing =
                                         p.upfront ? catalog::pricingModelFromKey(QString::fromLatin1(p.pricing))
                                                         .value_or(catalog::PricingModel::OnDemand)
                                                   : catalog::PricingModel::OnDemand;
                                     const std::optional<double> hourly = catalog::hourlyRate(
                                         p.amount,
                                         p.unit == "month" ? catalog::PriceUnit::Month : catalog::PriceUnit::Hour,
                                         pricing, p.upfront);
                                     row[0] = Cell::ofText(p.provider);
                                     row[1] = Cell::ofText(p.instance);
                                     row[2] = Cell::ofText(p.region);
                                     row[3] = Cell::ofText(p.zone);
                                     row[4] = Cell::ofText(p.pricing);
                                     row[5] = Cell::ofText(p.purchase);
                                     row[6] = Cell::ofText(p.offering);
                                     row[7] = Cell::ofNumber(p.amount);
                                     row[8] = Cell::ofText(p.currency);
                                     row[9] = Cell::ofText(p.unit);
                                     row[10] = Cell::ofNumber(p.upfront);
                                     row[11] = Cell::ofNumber(hourly);
                                     row[12] = Cell::ofText(p.observedAt);
                                     row[13] = Cell::ofText(p.source);
                                     if (p.source != lastSource) { // prices come grouped by source, mostly
                                         lastSource = p.source.toByteArray();
                                         lastLicence = licences.value(QString::fromUtf8(p.source)).toUtf8();
                                     }
                                     row[14] = Cell::ofText(lastLicence);
                                     sink(row);
                                     return true;
                                 });
        };
    }
    // A list cut short by a page that cannot be read is not printed as if it were the whole: an aligned table reads
    // every row before printing any and prints nothing then; CSV and JSON, written as they are read, stop where
    // the damage is, and the message and exit code say the listing is incomplete.
    io.out.flush();
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly))
        return inputError(io, QStringLiteral("cannot write to standard output: %1").arg(out.errorString()));
    const bool written =
        writeListing(out, format, header, rows, [&] { return repo.readStatus().isOk() && importsRead.isOk(); });
    out.close();
    if (!written)
        return inputError(io, QStringLiteral("cannot write to standard output"));
    if (Status s = repo.readStatus(); !s)
        return inputError(io, s.error().message);
    if (!importsRead)
        return inputError(io, importsRead.error().message);
    return ExitOk;
}

const QString kTrendUsage = QStringLiteral(
    "mltco-cli catalog trend [--provider P] [--gpu G] [--pricing MODEL] [--format table|json] [--document PATH]");

// The yearly change of cloud prices per reference GPU-hour in the document's price history (model.md §10.9).
int runTrend(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("provider"), QStringLiteral("Only this provider."), QStringLiteral("P")});
    parser.addOption({QStringLiteral("gpu"), QStringLiteral("Only instances with this GPU."), QStringLiteral("G")});
    parser.addOption({QStringLiteral("pricing"), QStringLiteral("Only this pricing model."), QStringLiteral("MODEL")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table or json."), QStringLiteral("F"), QStringLiteral("table")});
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kTrendUsage);
    if (!parser.positionalArguments().isEmpty())
        return usageError(io, QStringLiteral("catalog trend takes no argument"), kTrendUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("table") && format != QLatin1String("json"))
        return usageError(io, QStringLiteral("--format must be table or json, not '%1'").arg(format), kTrendUsage);
    catalog::TrendFilter filter;
    filter.provider = parser.value(QStringLiteral("provider"));
    filter.gpu = parser.value(QStringLiteral("gpu"));
    if (parser.isSet(QStringLiteral("pricing"))) {
        filter.pricing = catalog::pricingModelFromKey(parser.value(QStringLiteral("pricing")));
        if (!filter.pricing)
            return usageError(io, QStringLiteral("--pricing must be one of %1")
                                      .arg(catalog::pricingModelKeys().join(QStringLiteral(", "))),
                              kTrendUsage);
    }
    auto document = openDocumentOption(parser.value(QStringLiteral("document")));
    if (!document)
        return inputError(io, document.error().message);
    const catalog::CatalogRepository repo((*document)->database());
    const Expected<catalog::PriceTrend> trend = catalog::priceTrend(repo, filter);
    if (!trend)
        return inputError(io, trend.error().message, trend.error().details);
    const catalog::LogLinearFit &fit = trend->fit;
    if (format == QLatin1String("json")) {
        const QJsonObject o{{QStringLiteral("annual_change"), fit.annualChange},
                            {QStringLiteral("ci90"), QJsonArray{fit.ci90Low, fit.ci90High}},
                            {QStringLiteral("points"), fit.points},
                            {QStringLiteral("first_observed"), trend->first.toString(Qt::ISODate)},
                            {QStringLiteral("last_observed"), trend->last.toString(Qt::ISODate)},
                            {QStringLiteral("skipped"), trend->skipped}};
        io.out << QJsonDocument(o).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    const auto pct = [](double f) { return QStringLiteral("%1%2 %").arg(f >= 0 ? QStringLiteral("+") : QString()).arg(f * 100, 0, 'f', 1); };
    io.out << "Cloud price per reference GPU-hour: " << pct(fit.annualChange) << " a year (90 % interval " << pct(fit.ci90Low)
           << " to " << pct(fit.ci90High) << "), from " << fit.points << " points observed "
           << trend->first.toString(Qt::ISODate) << " to " << trend->last.toString(Qt::ISODate) << ".\n";
    if (trend->skipped > 0)
        io.out << trend->skipped << " observations left out (missing prices, CPU-only instances, GPUs without a speedup).\n";
    io.out << "Use it as the plan's workload cloud_price_trend: " << QString::number(fit.annualChange, 'f', 4) << '\n';
    return ExitOk;
}

} // namespace

int runImport(const QStringList &args, Io &io);

int runCatalog(const QStringList &args, Io &io)
{
    if (args.isEmpty())
        return usageError(io, QStringLiteral("catalog needs a subcommand: import, update, list or trend"), kListUsage);
    const QString sub = args.first();
    if (sub == QLatin1String("import"))
        return runImport(args.mid(1), io);
    if (sub == QLatin1String("list"))
        return runList(args.mid(1), io);
    if (sub == QLatin1String("trend"))
        return runTrend(args.mid(1), io);
    if (sub == QLatin1String("update"))
        return runCatalogUpdate(args.mid(1), io);
    return usageError(io, QStringLiteral("unknown catalog subcommand '%1' (import, update, list or trend)").arg(sub),
                      QStringLiteral("mltco-cli help")); // which lists each of them
}

} // namespace mltco::cli

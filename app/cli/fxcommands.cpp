// mltco-cli fx import|list|rate|add: exchange rates (model.md §13), the European Central Bank's and those typed in.
#include "cliio.h"
#include "listing.h"
#include "models/catalog/fxrates.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/common/currency.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace mltco::cli {
namespace {

const QString kFxUsage = QStringLiteral(
    "mltco-cli fx import FILE | update [--url URL] | list [--currency C] [--from YYYY-MM-DD] [--to YYYY-MM-DD] | rate FROM TO "
    "[--date YYYY-MM-DD] | add CURRENCY PER_EUR --date YYYY-MM-DD --source TEXT [--format table|csv|json] "
    "[--document PATH]");

/// A rate as people read it: six significant digits, never an exponent for the rates currencies have.
QString rateText(double rate)
{
    return QString::number(rate, 'g', 6);
}

std::optional<QDate> dateOption(const QCommandLineParser &parser, const QString &name, QString &problem)
{
    if (!parser.isSet(name))
        return QDate();
    const QDate date = QDate::fromString(parser.value(name), Qt::ISODate);
    if (!date.isValid() || parser.value(name).size() != 10) {
        problem = QStringLiteral("--%1 must be a date written YYYY-MM-DD, not '%2'").arg(name, parser.value(name));
        return std::nullopt;
    }
    return date;
}

int runFxImport(const QString &path, store::Document &document, Io &io)
{
    if (Status s = document.checkWritable(QStringLiteral("import exchange rates into")); !s)
        return inputError(io, s.error().message);
    Expected<catalog::EcbImportResult> result = catalog::importEcbRates(document.database(), path);
    if (!result)
        return inputError(io, result.error().message, result.error().details);
    const catalog::EcbRates &r = result->rates;
    io.out << "Imported the ECB's rates of " << r.currencies.size() << " currencies over " << r.days << " days ("
           << r.first.toString(Qt::ISODate) << " to " << r.last.toString(Qt::ISODate) << "): "
           << result->written.added << " rates added, " << result->written.changed << " changed, "
           << result->written.unchanged << " already there";
    if (r.notAvailable > 0)
        io.out << "; " << r.notAvailable << " cells N/A (no rate that day)";
    io.out << ".\n";
    return ExitOk;
}

int runRate(const QStringList &positional, const QDate &date, const QSqlDatabase &db, const QString &format, Io &io)
{
    const QString from = positional.value(0).toUpper();
    const QString to = positional.value(1).toUpper();
    for (const QString &code : {from, to}) {
        if (!isCurrencyCode(code))
            return usageError(io, QStringLiteral("'%1' is not a currency code (three letters, such as USD)").arg(code),
                              kFxUsage);
    }
    const QDate on = date.isValid() ? date : QDate::currentDate();
    Expected<catalog::RateTable> table = catalog::readRateTable(db, {from, to});
    if (!table)
        return inputError(io, table.error().message);
    const Expected<catalog::FxRate> rate = table->rate(from, to, on);
    if (!rate)
        return inputError(io, rate.error().message);
    if (format == QLatin1String("json")) {
        const QJsonObject object{
            {QStringLiteral("from"), from},
            {QStringLiteral("to"), to},
            {QStringLiteral("date"), on.toString(Qt::ISODate)},
            {QStringLiteral("rate"), rate->rate},
            {QStringLiteral("rate_date"), rate->rateDate.toString(Qt::ISODate)},
            {QStringLiteral("source"), rate->source},
        };
        io.out << QJsonDocument(object).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << "1 " << from << " = " << rateText(rate->rate) << ' ' << to << " on " << on.toString(Qt::ISODate);
    if (rate->rateDate != on)
        io.out << " (the rate of " << rate->rateDate.toString(Qt::ISODate) << ", the last ECB day before)";
    if (!rate->source.isEmpty())
        io.out << "; source " << rate->source;
    io.out << ".\n";
    return ExitOk;
}

int runAdd(const QStringList &positional, const QCommandLineParser &parser, const QDate &date,
           store::Document &document, Io &io)
{
    if (!date.isValid())
        return usageError(io, QStringLiteral("fx add needs --date YYYY-MM-DD: the day the rate is for"), kFxUsage);
    if (!parser.isSet(QStringLiteral("source")))
        return usageError(io, QStringLiteral("fx add needs --source TEXT: where the rate comes from"), kFxUsage);
    bool ok = false;
    const double perEur = positional.value(1).toDouble(&ok);
    if (!ok)
        return usageError(io,
                          QStringLiteral("the rate is a number (units of %1 per 1 EUR), not '%2'")
                              .arg(positional.value(0), positional.value(1)),
                          kFxUsage);
    if (Status s = document.checkWritable(QStringLiteral("add an exchange rate to")); !s)
        return inputError(io, s.error().message);
    const catalog::FxQuote quote{positional.value(0).toUpper(), date, perEur, {}};
    Expected<catalog::FxWriteResult> result =
        catalog::addRateByHand(document.database(), quote, parser.value(QStringLiteral("source")));
    if (!result)
        return inputError(io, result.error().message);
    io.out << (result->changed > 0 ? "Changed" : result->added > 0 ? "Added" : "Kept") << " the rate of "
           << quote.currency << " on " << date.toString(Qt::ISODate) << ": " << rateText(perEur) << " per 1 EUR.\n";
    return ExitOk;
}

} // namespace

int runFx(const QStringList &args, Io &io)
{
    const QStringList subcommands = {QStringLiteral("import"), QStringLiteral("list"), QStringLiteral("rate"),
                                     QStringLiteral("add")};
    if (args.isEmpty())
        return usageError(io, QStringLiteral("fx needs a subcommand: import, update, list, rate or add"), kFxUsage);
    const QString sub = args.first();
    if (sub == QLatin1String("update"))
        return runFxUpdate(args.mid(1), io);
    if (!subcommands.contains(sub))
        return usageError(io, QStringLiteral("unknown fx subcommand '%1' (import, update, list, rate or add)").arg(sub),
                          kFxUsage);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table, csv or json."), QStringLiteral("F"),
                      QStringLiteral("table")});
    parser.addOption({QStringLiteral("currency"), QStringLiteral("Only this currency."), QStringLiteral("C")});
    parser.addOption({QStringLiteral("from"), QStringLiteral("From this day."), QStringLiteral("YYYY-MM-DD")});
    parser.addOption({QStringLiteral("to"), QStringLiteral("Up to this day."), QStringLiteral("YYYY-MM-DD")});
    parser.addOption({QStringLiteral("date"), QStringLiteral("The day of the rate."), QStringLiteral("YYYY-MM-DD")});
    parser.addOption({QStringLiteral("source"), QStringLiteral("Where a rate typed in comes from."),
                      QStringLiteral("TEXT")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args.mid(1)))
        return usageError(io, parser.errorText(), kFxUsage);
    const QStringList positional = parser.positionalArguments();
    const int wanted = sub == QLatin1String("import") ? 1 : sub == QLatin1String("list") ? 0 : 2;
    if (positional.size() != wanted)
        return usageError(io,
                          wanted == 0 ? QStringLiteral("fx list takes no argument")
                          : wanted == 1
                              ? QStringLiteral("fx import takes exactly one file")
                              : QStringLiteral("fx %1 takes exactly two arguments").arg(sub),
                          kFxUsage);
    const QString format = parser.value(QStringLiteral("format"));
    const QStringList formats = sub == QLatin1String("rate")
                                    ? QStringList{QStringLiteral("table"), QStringLiteral("json")}
                                    : QStringList{QStringLiteral("table"), QStringLiteral("csv"), QStringLiteral("json")};
    if (!formats.contains(format))
        return usageError(
            io, QStringLiteral("--format must be %1, not '%2'").arg(formats.join(QStringLiteral(" or ")), format),
            kFxUsage);
    QString problem;
    const std::optional<QDate> date = dateOption(parser, QStringLiteral("date"), problem);
    const std::optional<QDate> from = dateOption(parser, QStringLiteral("from"), problem);
    const std::optional<QDate> to = dateOption(parser, QStringLiteral("to"), problem);
    if (!date || !from || !to)
        return usageError(io, problem, kFxUsage);
    const QString currency = parser.value(QStringLiteral("currency")).toUpper();
    if (!currency.isEmpty() && !isCurrencyCode(currency))
        return usageError(io, QStringLiteral("--currency must be a currency code such as USD, not '%1'").arg(currency),
                          kFxUsage);
    // A file that cannot be read is refused before the document is opened (and created) at all.
    if (sub == QLatin1String("import") && !QFile::exists(positional.first()))
        return inputError(io, QStringLiteral("No such file: %1").arg(positional.first()));

    auto document = openDocumentOption(parser.value(QStringLiteral("document")));
    if (!document)
        return inputError(io, document.error().message);
    const QSqlDatabase db = (*document)->database();
    if (sub == QLatin1String("import"))
        return runFxImport(positional.first(), **document, io);
    if (sub == QLatin1String("rate"))
        return runRate(positional, *date, db, format, io);
    if (sub == QLatin1String("add"))
        return runAdd(positional, parser, *date, **document, io);

    // list: streamed as the document reads it.
    Status status;
    const int code = writeRowsToStdout(
        io, format,
        {QStringLiteral("date"), QStringLiteral("currency"), QStringLiteral("per_eur"), QStringLiteral("source")},
        [&](bool, const RowSink &sink) {
            status = catalog::visitRates(db, currency, *from, *to, [&](const catalog::FxQuote &q) {
                sinkValues(sink, {q.day.toString(Qt::ISODate), q.currency, q.perEur, q.source});
                return true;
            });
        },
        [&] { return status.isOk(); });
    if (!status)
        return inputError(io, status.error().message);
    return code;
}

} // namespace mltco::cli

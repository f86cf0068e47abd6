// mltco-cli actuals import|list|bills|remove|compare: actual spend from FOCUS bills, and the plan held against it.
#include "cliio.h"
#include "listing.h"
#include "models/actuals/actualsstore.h"
#include "models/actuals/plancompare.h"
#include "models/report/format.h"
#include "planrunner.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonValue>

#include <cmath>

namespace mltco::cli {
namespace {

const QString kActualsUsage = QStringLiteral(
    "mltco-cli actuals import FILE | list [--by instance|service-category] | bills | remove ID | compare PLAN.json "
    "--scenario NAME [--start YYYY-MM] [--format table|csv|json] [--document PATH]");

/// Money in whole cents, as every `…_usd` column of mltco's exports (README, report --csv).
double cents(double usd)
{
    const double c = std::round(usd * 100.0) / 100.0;
    return c == 0.0 ? 0.0 : c; // never -0
}
QJsonValue cents(const std::optional<double> &usd)
{
    return usd ? QJsonValue(cents(*usd)) : QJsonValue();
}
QJsonValue share(const std::optional<double> &fraction)
{
    return fraction ? QJsonValue(std::round(*fraction * 1e6) / 1e6) : QJsonValue();
}

int runBillImport(const QString &path, store::Document &document, Io &io)
{
    if (Status s = document.checkWritable(QStringLiteral("import a bill into")); !s)
        return inputError(io, s.error().message);
    Expected<actuals::BillImportResult> result = actuals::importBill(document.database(), path);
    if (!result)
        return inputError(io, result.error().message, result.error().details);
    const actuals::BillData &data = result->data;
    QStringList months;
    for (const actuals::BillPeriod &p : data.periods)
        months << p.month;
    months.sort();
    months.removeDuplicates();
    // Counts that agree with their nouns: "1 row read", "2 GPU rows in 1 monthly sum".
    const auto counted = [](qsizetype n, const char *one, const char *many) {
        return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
    };
    io.out << "Imported bill " << result->billId << " (FOCUS " << data.focusVersion
           << "): " << counted(data.rowsRead, "row read", "rows read") << ", "
           << counted(data.rowsUsed, "GPU row", "GPU rows") << " in "
           << counted(data.costs.size(), "monthly sum", "monthly sums");
    if (!months.isEmpty())
        io.out << ", covering " << months.front() << (months.size() > 1 ? " to " + months.back() : QString());
    io.out << ".\n";
    for (const QString &note : data.notes)
        io.out << "  note: " << note << '\n';
    return ExitOk;
}

int runCompare(const QString &planPath, const QCommandLineParser &parser, store::Document &document, Io &io,
               const QString &format)
{
    QString start = parser.value(QStringLiteral("start"));
    if (!start.isEmpty() && !actuals::isMonth(start))
        return usageError(io, QStringLiteral("--start must be a month written YYYY-MM, not '%1'").arg(start), kActualsUsage);
    tco::Plan read;
    Expected<tco::PlanResult> plan = evaluatePlanFile(planPath, document.path(), &read);
    if (!plan)
        return inputError(io, plan.error().message, plan.error().details);
    // The plan's own link (its "actuals" section) unless the command line says otherwise.
    QString scenarioName = parser.value(QStringLiteral("scenario"));
    if (scenarioName.isEmpty() && read.actuals)
        scenarioName = read.actuals->scenario;
    if (start.isEmpty() && read.actuals && (scenarioName == read.actuals->scenario))
        start = read.actuals->start;
    if (scenarioName.isEmpty())
        return usageError(
            io, QStringLiteral("actuals compare needs --scenario NAME (the plan links no scenario to the bills)"),
            kActualsUsage);
    const tco::EvaluatedScenario *scenario = nullptr;
    QStringList names;
    for (const tco::EvaluatedScenario &s : plan->scenarios) {
        names << s.name;
        if (s.name == scenarioName)
            scenario = &s;
    }
    if (!scenario)
        return inputError(io, QStringLiteral("the plan has no scenario named '%1' (it has: %2)")
                                  .arg(scenarioName, names.join(QStringLiteral(", "))));
    Expected<QList<actuals::MonthActual>> months = actuals::monthlyActuals(document.database(), read.currency);
    if (!months)
        return inputError(io, months.error().message);
    Expected<actuals::PlanComparison> comparison = actuals::compareWithPlan(scenario->result, *months, start);
    if (!comparison)
        return inputError(io, comparison.error().message);
    for (const QString &note : comparison->notes)
        io.err << "mltco-cli: note: " << note << '\n';
    // Amounts in the plan's currency, which the column names carry ("planned_eur"), as the report's CSV.
    const QString cur = read.currency.toLower();
    const QStringList header = {QStringLiteral("plan_month"),
                                QStringLiteral("month"),
                                QStringLiteral("planned_") + cur,
                                QStringLiteral("actual_") + cur,
                                QStringLiteral("variance_") + cur,
                                QStringLiteral("variance_share"),
                                QStringLiteral("cumulative_planned_") + cur,
                                QStringLiteral("cumulative_actual_") + cur,
                                QStringLiteral("actual_billed_") + cur,
                                QStringLiteral("planned_total_") + cur};
    io.err.flush();
    return writeRowsToStdout(io, format, header, [&](bool, const RowSink &sink) {
        for (const actuals::VarianceRow &r : comparison->rows)
            sinkValues(sink, {r.planMonth, r.month, cents(r.planned), cents(r.actual), cents(r.variance),
                              share(r.varianceShare), cents(r.cumulativePlanned), cents(r.cumulativeActual),
                              cents(r.actualBilled), cents(r.plannedTotal)});
    });
}

} // namespace

int runActuals(const QStringList &args, Io &io)
{
    const QStringList subcommands = {QStringLiteral("import"), QStringLiteral("list"), QStringLiteral("bills"),
                                     QStringLiteral("remove"), QStringLiteral("compare")};
    if (args.isEmpty())
        return usageError(io, QStringLiteral("actuals needs a subcommand: import, list, bills, remove or compare"),
                          kActualsUsage);
    const QString sub = args.first();
    if (!subcommands.contains(sub))
        return usageError(
            io, QStringLiteral("unknown actuals subcommand '%1' (import, list, bills, remove or compare)").arg(sub),
            kActualsUsage);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table, csv or json."), QStringLiteral("F"),
                      QStringLiteral("table")});
    parser.addOption({QStringLiteral("scenario"), QStringLiteral("The scenario to compare."), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("start"), QStringLiteral("The calendar month of the plan's month 1."),
                      QStringLiteral("YYYY-MM")});
    parser.addOption({QStringLiteral("by"), QStringLiteral("list: instance (the GPU sums) or service-category (the "
                                                           "whole bill)."),
                      QStringLiteral("WHAT"), QStringLiteral("instance")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args.mid(1)))
        return usageError(io, parser.errorText(), kActualsUsage);
    const QStringList positional = parser.positionalArguments();
    const bool takesArgument =
        sub == QLatin1String("import") || sub == QLatin1String("remove") || sub == QLatin1String("compare");
    if (positional.size() != (takesArgument ? 1 : 0))
        return usageError(io,
                          takesArgument ? QStringLiteral("actuals %1 takes exactly one argument").arg(sub)
                                        : QStringLiteral("actuals %1 takes no argument").arg(sub),
                          kActualsUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (!QStringList{QStringLiteral("table"), QStringLiteral("csv"), QStringLiteral("json")}.contains(format))
        return usageError(io, QStringLiteral("--format must be table, csv or json, not '%1'").arg(format), kActualsUsage);
    std::optional<qint64> billId;
    if (sub == QLatin1String("remove")) {
        bool ok = false;
        billId = positional.first().toLongLong(&ok);
        if (!ok || *billId <= 0)
            return usageError(
                io,
                QStringLiteral("a bill id is a whole number from `actuals bills`, not '%1'").arg(positional.first()),
                kActualsUsage);
    }
    // A bill that cannot be read is refused before the document is opened (and created) at all.
    if (sub == QLatin1String("import") && !QFile::exists(positional.first()))
        return inputError(io, QStringLiteral("No such file: %1").arg(positional.first()));

    auto document = openDocumentOption(parser.value(QStringLiteral("document")));
    if (!document)
        return inputError(io, document.error().message);
    const QSqlDatabase db = (*document)->database();

    if (sub == QLatin1String("import"))
        return runBillImport(positional.first(), **document, io);
    if (sub == QLatin1String("compare"))
        return runCompare(positional.first(), parser, **document, io, format);
    if (sub == QLatin1String("remove")) {
        if (Status s = (*document)->checkWritable(QStringLiteral("remove a bill from")); !s)
            return inputError(io, s.error().message);
        if (Status s = actuals::removeBill(db, *billId); !s)
            return inputError(io, s.error().message);
        io.out << "Removed bill " << *billId << " and its monthly sums.\n";
        return ExitOk;
    }
    if (sub == QLatin1String("bills")) {
        Expected<QList<actuals::BillRecord>> list = actuals::bills(db);
        if (!list)
            return inputError(io, list.error().message);
        return writeRowsToStdout(io, format,
                         {QStringLiteral("id"), QStringLiteral("file"), QStringLiteral("focus_version"),
                          QStringLiteral("imported_at"), QStringLiteral("first_month"), QStringLiteral("last_month"),
                          QStringLiteral("rows_read"), QStringLiteral("rows_used"), QStringLiteral("sha256")},
                         [&](bool, const RowSink &sink) {
                             for (const actuals::BillRecord &b : *list)
                                 sinkValues(sink, {double(b.id), b.fileName, b.focusVersion, b.importedAt, b.firstMonth,
                                                   b.lastMonth, b.rowsRead, b.rowsUsed, b.sha256});
                         });
    }
    // list: streamed from SQLite as it reads the sums; a listing is never held in memory.
    Status status;
    const QString by = parser.value(QStringLiteral("by"));
    if (by != QLatin1String("instance") && by != QLatin1String("service-category"))
        return usageError(io, QStringLiteral("--by must be instance or service-category, not '%1'").arg(by), kActualsUsage);
    if (by == QLatin1String("service-category")) {
        // The whole bill: every row by month, provider and FOCUS ServiceCategory, with the part held against a plan.
        const int code = writeRowsToStdout(
            io, format,
            {QStringLiteral("month"), QStringLiteral("provider"), QStringLiteral("service_category"),
             QStringLiteral("gpu_cost"), QStringLiteral("gpu_unsized_cost"), QStringLiteral("not_gpu_cost"),
             QStringLiteral("tax_credit_adjustment_cost"), QStringLiteral("effective_cost"),
             QStringLiteral("billed_cost"), QStringLiteral("currency"), QStringLiteral("rows")},
            [&](bool, const RowSink &sink) {
                status = actuals::visitServiceCategories(db, [&](const actuals::ServiceCategorySum &c) {
                    // Money to the cent, as `actuals compare` gives it (the sums keep every digit the bill had).
                    sinkValues(sink, {c.month, c.provider, c.serviceCategory, cents(c.byKind[0]), cents(c.byKind[1]),
                                      cents(c.byKind[2]), cents(c.byKind[3]), cents(c.effectiveCost),
                                      cents(c.billedCost), c.currency, double(c.rows)});
                    return true;
                });
            },
            [&] { return status.isOk(); });
        if (!status)
            return inputError(io, status.error().message);
        return code;
    }
    const int code = writeRowsToStdout(
        io, format,
        {QStringLiteral("month"), QStringLiteral("provider"), QStringLiteral("service"),
         QStringLiteral("instance_type"), QStringLiteral("pricing_category"), QStringLiteral("effective_cost"),
         QStringLiteral("billed_cost"), QStringLiteral("currency"), QStringLiteral("gpu_hours")},
        [&](bool, const RowSink &sink) {
            status = actuals::visitActuals(db, [&](const actuals::ActualCost &c) {
                sinkValues(sink, {c.month, c.provider, c.service, c.instanceType,
                                  actuals::pricingCategoryKey(c.category), cents(c.effectiveCost), cents(c.billedCost),
                                  c.currency, c.gpuHours});
                return true;
            });
        },
        [&] { return status.isOk(); });
    if (!status)
        return inputError(io, status.error().message);
    return code;
}

} // namespace mltco::cli

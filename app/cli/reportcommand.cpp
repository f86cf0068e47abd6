// mltco-cli report: the board report (PDF) and the CSV exports of a plan file or a document, headless.
#include "cliio.h"
#include "planrunner.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/instanceresolver.h"
#include "models/report/csvexport.h"
#include "models/report/reportdata.h"
#include "models/report/fleetreport.h"
#include "models/report/summary.h"
#include "models/report/titlecheck.h"
#include "models/store/planstore.h"
#include "models/plan/planreader.h"
#include "models/workbook/workbook.h"
#include "ui/report/pdfreport.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

namespace mltco::cli {
namespace {

const QString kReportUsage = QStringLiteral(
    "mltco-cli report PLAN.json|DOCUMENT.mltco [--summary [--format text|markdown]] [--pdf OUT.pdf] [--csv DIR] "
    "[--xlsx OUT.xlsx [--fleet-plan]] [--page-size a4|letter] [--stale-after DAYS] [--document PATH]");

struct Loaded
{
    std::unique_ptr<store::Document> document;
    tco::Plan plan;
};

Expected<Loaded> load(const QString &input, const QString &documentOption)
{
    Loaded loaded;
    if (QFileInfo(input).suffix() == QLatin1String("mltco") || store::Document::inspect(input)) {
        auto document = store::Document::openExisting(input);
        if (!document)
            return document.error();
        const store::PlanStore store((*document)->database());
        const QList<store::StoredPlan> plans = store.plans();
        if (Status s = store.readStatus(); !s)
            return s.error();
        if (plans.isEmpty())
            return Error{QStringLiteral("%1 holds no plan; open it in mltco or evaluate a plan file.").arg(input), {}};
        auto plan = tco::readPlan(plans.first().json);
        if (!plan)
            return Error{QStringLiteral("The plan in %1 cannot be read: %2").arg(input, plan.error().message),
                         plan.error().details};
        loaded.document = std::move(*document);
        loaded.plan = std::move(*plan);
        return loaded;
    }
    Expected<QByteArray> bytes = readPlanArgument(input);
    if (!bytes)
        return bytes.error();
    auto plan = tco::readPlan(*bytes);
    if (!plan)
        return Error{QStringLiteral("%1: %2").arg(QFileInfo(input).fileName(), plan.error().message), plan.error().details};
    auto document = openDocumentOption(documentOption);
    if (!document)
        return document.error();
    loaded.document = std::move(*document);
    loaded.plan = std::move(*plan);
    return loaded;
}

Status writeCsvs(const QString &dir, const tco::PlanResult &result, const catalog::CatalogRepository &repo,
                 const tco::Plan &plan, const std::optional<tco::AnalysisResult> &risk, const QString &documentName)
{
    if (!QDir().mkpath(dir))
        return Error{QStringLiteral("cannot create the folder %1").arg(dir), {}};
    QList<catalog::PricePoint> history;
    QSet<QString> seen;
    for (const tco::PlanScenario &s : plan.scenarios) {
        if (!s.instance || seen.contains(s.instance->provider + QLatin1Char('/') + s.instance->name))
            continue;
        seen.insert(s.instance->provider + QLatin1Char('/') + s.instance->name);
        catalog::PriceFilter filter;
        filter.provider = s.instance->provider;
        filter.instance = s.instance->name;
        history += repo.prices(filter);
    }
    const QList<std::pair<QString, QByteArray>> files{
        {QStringLiteral("monthly.csv"), report::monthlyCsv(result)},
        {QStringLiteral("yearly.csv"), report::yearlyCsv(result)},
        {QStringLiteral("scenarios.csv"), report::scenariosCsv(result)},
        {QStringLiteral("breakeven.csv"), report::breakEvenCsv(result)},
        {QStringLiteral("breakeven-utilization.csv"), report::breakEvenUtilizationCsv(result)},
        {QStringLiteral("price-history.csv"), report::priceHistoryCsv(history)},
    };
    QList<std::pair<QString, QByteArray>> all = files;
    if (risk)
        all << std::pair{QStringLiteral("risk-summary.csv"), report::riskSummaryCsv(*risk)}
            << std::pair{QStringLiteral("risk-pairs.csv"), report::riskPairsCsv(*risk)}
            << std::pair{QStringLiteral("risk-fan.csv"), report::riskFanCsv(*risk)}
            << std::pair{QStringLiteral("tornado.csv"), report::tornadoCsv(*risk)};
    QStringList names;
    for (const auto &[name, bytes] : all) {
        if (Status s = report::writeFileAtomically(QDir(dir).filePath(name), bytes); !s)
            return s;
        names << name;
    }
    // What the files are, beside them: the plan, the date, the model version and every column's unit.
    return report::writeFileAtomically(QDir(dir).filePath(QStringLiteral("README.txt")),
                                       report::csvReadme(plan.name, documentName, QDate::currentDate(), names, {},
                                                         result.currency, report::ratesUsedText(result)));
}

} // namespace

int runReport(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("input"), QStringLiteral("PLAN.json or DOCUMENT.mltco"));
    parser.addOption({QStringLiteral("pdf"), QStringLiteral("Write the PDF report here."), QStringLiteral("OUT.pdf")});
    parser.addOption({QStringLiteral("xlsx"), QStringLiteral("Write the plan as a live Excel workbook here (every figure a formula)."),
                      QStringLiteral("OUT.xlsx")});
    parser.addOption({QStringLiteral("fleet-plan"),
                      QStringLiteral("With --xlsx: add the fleet optimizer's answer to the plan's request as a sheet of values.")});
    parser.addOption({QStringLiteral("csv"), QStringLiteral("Write the CSV exports into this folder."), QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("page-size"), QStringLiteral("a4 or letter."), QStringLiteral("SIZE"), QStringLiteral("a4")});
    parser.addOption({QStringLiteral("stale-after"),
                      QStringLiteral("Warn when a catalog price behind an option is older than this many days (90)."),
                      QStringLiteral("DAYS"), QStringLiteral("90")});
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document whose catalog prices the plan."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("summary"), QStringLiteral("Print the executive summary (for an email).")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("The summary as text or markdown."), QStringLiteral("FORMAT"),
                      QStringLiteral("text")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kReportUsage);
    if (parser.positionalArguments().size() != 1)
        return usageError(io, QStringLiteral("report takes exactly one PLAN.json or DOCUMENT.mltco"), kReportUsage);
    if (parser.isSet(QStringLiteral("fleet-plan")) && !parser.isSet(QStringLiteral("xlsx")))
        return usageError(io, QStringLiteral("--fleet-plan goes with --xlsx"), kReportUsage);
    if (parser.isSet(QStringLiteral("format")) && !parser.isSet(QStringLiteral("summary")))
        return usageError(io, QStringLiteral("--format goes with --summary"), kReportUsage);
    if (!parser.isSet(QStringLiteral("pdf")) && !parser.isSet(QStringLiteral("csv")) && !parser.isSet(QStringLiteral("summary")) &&
        !parser.isSet(QStringLiteral("xlsx")))
        return usageError(io, QStringLiteral("say what to write: --summary, --pdf OUT.pdf, --csv DIR and/or --xlsx OUT.xlsx"),
                          kReportUsage);
    const QString summaryFormat = parser.value(QStringLiteral("format")).toLower();
    if (summaryFormat != QLatin1String("text") && summaryFormat != QLatin1String("markdown"))
        return usageError(io, QStringLiteral("--format must be text or markdown, not '%1'").arg(summaryFormat), kReportUsage);
    const QString pageSize = parser.value(QStringLiteral("page-size")).toLower();
    if (pageSize != QLatin1String("a4") && pageSize != QLatin1String("letter"))
        return usageError(io, QStringLiteral("--page-size must be a4 or letter, not '%1'").arg(pageSize), kReportUsage);
    bool staleOk = false;
    const int staleDays = parser.value(QStringLiteral("stale-after")).toInt(&staleOk);
    if (!staleOk || staleDays < 1 || staleDays > 36500)
        return usageError(io, QStringLiteral("--stale-after must be a number of days from 1 to 36500, not '%1'")
                                  .arg(parser.value(QStringLiteral("stale-after"))),
                          kReportUsage);
    report::setStalePriceDays(staleDays);

    const QString input = parser.positionalArguments().first();
    Expected<Loaded> loaded = load(input, parser.value(QStringLiteral("document")));
    if (!loaded)
        return inputError(io, loaded.error().message, loaded.error().details);
    const QSqlDatabase db = loaded->document->database();
    Expected<tco::PlanResult> result = tco::evaluatePlan(loaded->plan, catalog::makeInstanceResolver(db));
    if (!result)
        return inputError(io, result.error().message, result.error().details);
    const catalog::CatalogRepository repo(db);
    // A plan with uncertain inputs also gets its risk (the same 10,000 trials, seed 1, every time).
    const std::optional<tco::AnalysisResult> risk = report::reportRisk(loaded->plan, *result);

    if (parser.isSet(QStringLiteral("summary"))) {
        report::ExecutiveSummary summary =
            report::withFleetPlan(report::executiveSummary(loaded->plan, *result), loaded->plan, *result);
        if (risk)
            summary.howSure = report::howSureSentence(summary, *risk);
        io.out << report::summaryText(summary, summaryFormat == QLatin1String("markdown") ? report::SummaryFormat::Markdown
                                                                                         : report::SummaryFormat::Text);
    }
    if (parser.isSet(QStringLiteral("csv"))) {
        if (Status s = writeCsvs(parser.value(QStringLiteral("csv")), *result, repo, loaded->plan, risk,
                                 QFileInfo(input).fileName());
            !s)
            return inputError(io, s.error().message);
        io.out << "CSV exports written to " << parser.value(QStringLiteral("csv")) << '\n';
    }
    if (parser.isSet(QStringLiteral("xlsx"))) {
        const QString xlsx = parser.value(QStringLiteral("xlsx"));
        // The figures only the engine makes go on sheets of values: the risk the other outputs show, and with
        // --fleet-plan the optimizer's answer to the plan's request (a run of its own).
        const std::optional<tco::OptimizeAnswer> fleet =
            parser.isSet(QStringLiteral("fleet-plan")) ? report::reportFleet(loaded->plan, *result) : std::nullopt;
        const workbook::WorkbookSource source{QFileInfo(input).fileName(), QDate::currentDate(), repo.sources(),
                                              risk ? &*risk : nullptr, fleet ? &*fleet : nullptr};
        if (Status s = workbook::writeWorkbook(xlsx, loaded->plan, *result, source); !s)
            return inputError(io, s.error().message);
        io.out << "Workbook written to " << xlsx << '\n';
    }
    if (parser.isSet(QStringLiteral("pdf"))) {
        const report::ReportData data = report::assembleReport(loaded->plan, *result, repo.sources(),
                                                               QFileInfo(input).fileName(), QDate::currentDate());
        const QString pdf = parser.value(QStringLiteral("pdf"));
        // A plan linked to the document's bills gets its "Plan vs actual" page.
        Expected<QList<actuals::MonthActual>> months = actuals::monthlyActuals(db, loaded->plan.currency);
        if (!months)
            return inputError(io, months.error().message);
        const std::optional<actuals::PlanComparison> bills = actuals::linkedComparison(loaded->plan, *result, *months);
        // A plan with a fleet plan request gets its "Fleet plan" page.
        const std::optional<tco::OptimizeAnswer> fleet = report::reportFleet(loaded->plan, *result);
        if (Status s = ui::writePdfReport(pdf, data, *result,
                                          pageSize == QLatin1String("letter") ? ui::ReportPageSize::Letter : ui::ReportPageSize::A4,
                                          risk ? &*risk : nullptr, bills ? &*bills : nullptr, fleet ? &*fleet : nullptr);
            !s)
            return inputError(io, s.error().message);
        io.out << "PDF report written to " << pdf << '\n';
        // The title is page one's first line: one the plan has outgrown is pointed out (the report is written anyway).
        for (const QString &stale : report::titleMismatches(loaded->plan))
            io.err << "mltco-cli: note: " << stale << " Change the plan's \"name\" to retitle the report.\n";
        io.err.flush();
    }
    io.out.flush();
    return ExitOk;
}

} // namespace mltco::cli

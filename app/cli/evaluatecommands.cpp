// mltco-cli evaluate PLAN.json [--document PATH] [--format json|csv|table]
#include "cliio.h"
#include "planrunner.h"
#include "textformat.h"

#include "models/report/csvexport.h"
#include "models/tco/resultjson.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace mltco::cli {

namespace {

const QString kUsage = QStringLiteral("mltco-cli evaluate PLAN.json [--document PATH] [--format json|csv|table]");

QString workloadLine(const tco::Workload &w)
{
    QString text = QStringLiteral("Workload: %1 engineers, %2 reference GPU-hours/month, %3 GPU-hours per job, %4 months, "
                                  "discount rate %5, cloud price trend %6/year\n")
                       .arg(w.engineers)
                       .arg(grouped(w.demandGpuHours, 0), grouped(w.jobGpuHours, 1))
                       .arg(w.horizonMonths)
                       .arg(percent(w.discountRate), percent(w.cloudPriceTrend));
    QStringList demand;
    for (const tco::DemandStep &step : w.demandSteps)
        demand << QStringLiteral("%1 from month %2").arg(grouped(step.gpuHours, 0)).arg(step.month);
    if (w.demandGrowth != 0.0)
        demand << QStringLiteral("growing %1/year").arg(percent(w.demandGrowth));
    if (!demand.isEmpty())
        text += QStringLiteral("Demand: ") + demand.join(QStringLiteral(", ")) +
                QStringLiteral(" (peak %1 GPU-hours/month)\n").arg(grouped(tco::peakDemand(w), 0));
    if (w.taxRate > 0.0)
        text += QStringLiteral("All figures after tax at %1 (depreciation, gains on sale and deductible costs).\n")
                    .arg(percent(w.taxRate));
    return text;
}

QString summaryTable(const tco::PlanResult &result, bool &anyUnmet)
{
    TextTable table({QStringLiteral("Scenario"), QStringLiteral("Kind"), QStringLiteral("Total"),
                     QStringLiteral("NPV"), QStringLiteral("Per year"), QStringLiteral("Served GPU-h"),
                     QStringLiteral("Unmet GPU-h"), QStringLiteral("Utilization"), QStringLiteral("$/GPU-h")});
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        const tco::ScenarioResult &r = s.result;
        const bool unmet = r.hasUnmetDemand();
        anyUnmet = anyUnmet || unmet;
        table.addRow({unmet ? QString(s.name + QStringLiteral(" *")) : s.name, tco::scenarioKindKey(s.kind()), money(r.total),
                      money(r.npv), money(r.averageAnnual), grouped(r.served, 0), grouped(r.unmet, 0),
                      percent(r.utilization), money(r.costPerServedGpuHour)});
    }
    return table.toString();
}

QString yearTable(const tco::PlanResult &result)
{
    QStringList header{QStringLiteral("Scenario")};
    if (!result.scenarios.empty()) {
        for (const tco::YearSum &year : result.scenarios.front().result.years)
            header << (year.partial ? QStringLiteral("Year %1 (%2 mo)").arg(year.year).arg(year.months)
                                    : QStringLiteral("Year %1").arg(year.year));
    }
    TextTable table(header);
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        QStringList row{s.name};
        for (const tco::YearSum &year : s.result.years)
            row << money(year.total);
        table.addRow(row);
    }
    return table.toString();
}

QString categoryTable(const tco::PlanResult &result)
{
    QStringList header{QStringLiteral("Scenario")};
    for (tco::Category category : tco::kCategories)
        header << QString::fromLatin1(tco::categoryKey(category));
    TextTable table(header);
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        QStringList row{s.name};
        for (tco::Category category : tco::kCategories)
            row << money(s.result.categoryTotal(category));
        table.addRow(row);
    }
    return table.toString();
}

QString hybridLines(const tco::PlanResult &result)
{
    QString text;
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        if (s.kind() != tco::ScenarioKind::Hybrid)
            continue;
        const auto &h = std::get<tco::HybridScenario>(s.scenario);
        const tco::ScenarioResult &r = s.result;
        const double share = r.demand > 0.0 ? r.burstGpuHours / r.demand : 0.0;
        text += QStringLiteral("%1: base %2 %3, burst %4 %5 (%6 of the work)\n")
                    .arg(s.name, h.base, money(r.total - r.burst), h.burst, money(r.burst), percent(share));
    }
    return text;
}

QString breakEvenLines(const tco::PlanResult &result)
{
    QString text;
    for (const tco::EvaluatedBreakEven &b : result.breakeven) {
        const int maxServers = b.request.maxServers;
        text += QStringLiteral("%1 vs %2: ").arg(b.request.purchase, b.request.cloud);
        if (const auto &fleet = b.result.fleet) {
            text += QStringLiteral("pay-per-use costs as much as the servers at %1 reference GPU-hours a month, "
                                   "%2 of their capacity%3\n")
                        .arg(grouped(fleet->demandGpuHoursPerMonth, 0), percent(fleet->utilization),
                             fleet->reachable ? QString()
                                              : QStringLiteral(" (more than they can do: pay-per-use stays cheaper)"));
            continue;
        }
        if (!b.result.servers) {
            text += QStringLiteral("buying is never cheaper up to %1 servers\n").arg(maxServers);
            continue;
        }
        const tco::SweepPoint &at = b.result.sweep[static_cast<std::size_t>(*b.result.servers - 1)];
        text += QStringLiteral("buying is cheaper from %1 server(s) (%2 against %3 for %4 cloud instance(s)%5); ")
                    .arg(*b.result.servers)
                    .arg(money(at.purchaseTotal), money(at.cloudTotal), grouped(at.cloudInstances, 2),
                         b.request.basis == tco::BreakEvenBasis::Capacity ? QStringLiteral(" of equal throughput")
                                                                          : QString());
        text += b.result.staysCheaper ? QStringLiteral("it stays cheaper up to %1 servers\n").arg(maxServers)
                                      : QStringLiteral("it does not stay cheaper for every count up to %1\n")
                                            .arg(maxServers);
    }
    return text;
}

QString tableReport(const tco::PlanResult &result)
{
    QString text = QStringLiteral("Plan: %1\n").arg(result.plan) + workloadLine(result.workload) + QLatin1Char('\n');
    bool anyUnmet = false;
    text += summaryTable(result, anyUnmet);
    if (anyUnmet)
        text += QStringLiteral("* leaves demand unmet: it is cheaper because it does less\n");
    text += QStringLiteral("\nCost per year\n") + yearTable(result);
    text += QStringLiteral("\nCost by category over %1 months\n").arg(result.workload.horizonMonths) +
            categoryTable(result);
    if (const QString hybrids = hybridLines(result); !hybrids.isEmpty())
        text += QStringLiteral("\nBase and burst\n") + hybrids;
    if (!result.breakeven.empty())
        text += QStringLiteral("\nBreak-even\n") + breakEvenLines(result);
    return text;
}

} // namespace

int runEvaluate(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (JSON)."));
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document whose catalog prices instances."),
                      QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("json, csv or table."), QStringLiteral("FORMAT"),
                      QStringLiteral("json")});
    if (!parser.parse(QStringList{QStringLiteral("evaluate")} + args))
        return usageError(io, parser.errorText(), kUsage);
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return usageError(io, QStringLiteral("evaluate needs a plan file"), kUsage);
    if (positional.size() > 1)
        return usageError(io, QStringLiteral("evaluate takes one plan file, not %1").arg(positional.size()), kUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("json") && format != QLatin1String("csv") && format != QLatin1String("table"))
        return usageError(io, QStringLiteral("unknown format \"%1\" (json, csv or table)").arg(format), kUsage);
    if (parser.isSet(QStringLiteral("document")) && parser.value(QStringLiteral("document")).isEmpty())
        return usageError(io, QStringLiteral("--document needs a path"), kUsage);

    Expected<tco::PlanResult> result =
        evaluatePlanFile(positional.first(), parser.value(QStringLiteral("document")));
    if (!result)
        return inputError(io, result.error().message, result.error().details);
    for (const QString &warning : result->warnings)
        io.err << "mltco-cli: warning: " << warning << '\n';
    for (const QString &note : result->notes)
        io.err << "mltco-cli: note: " << note << '\n';
    io.err.flush();

    if (format == QLatin1String("json"))
        io.out << QJsonDocument(tco::planResultToJson(*result)).toJson(QJsonDocument::Indented);
    else if (format == QLatin1String("csv"))
        io.out << QString::fromUtf8(report::monthlyCsv(*result));
    else
        io.out << tableReport(*result);
    io.out.flush();
    return ExitOk;
}

} // namespace mltco::cli

// mltco-cli optimize: the fleet plan (model.md §11.4): what to own, what to reserve and what to burst, and when, for
// the objective and risk the plan's `optimize` request (or the options) choose.
#include "cliio.h"
#include "planrunner.h"

#include "models/analytics/fleetoptimizer.h"
#include "models/plan/planwriter.h"
#include "models/report/csvexport.h"
#include "models/report/fleetreport.h"
#include "models/report/format.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>

namespace mltco::cli {
namespace {

const QString kOptimizeUsage = QStringLiteral(
    "mltco-cli optimize PLAN.json [--objective mean|cvar] [--beta B] [--trials N] [--seed S] [--threads T] "
    "[--format json|table] [--write-plan OUT.json] [--document PATH]");

void printOptimizeTable(QTextStream &out, const tco::Plan &plan, const tco::OptimizeAnswer &a)
{
    const QString c = a.currency;
    out << "Plan: " << plan.name << '\n'
        << "Fleet plan over " << a.futures.size() << " futures, objective "
        << (a.objective == tco::OptimizeObjective::Cvar
                ? QStringLiteral("CVaR at %1 (the worst %2 of futures)").arg(report::percent(a.beta, 0), report::percent(1 - a.beta, 0))
                : QStringLiteral("mean NPV"))
        << "\n\n"
        << report::fleetSentence(a) << "\n\n";
    out << QStringLiteral("Objective %1").arg(report::money(a.value, c));
    if (a.bound)
        out << QStringLiteral(" (proven lower bound %1, within %2)")
                   .arg(report::money(*a.bound, c),
                        report::percent(a.value != 0 ? (a.value - *a.bound) / std::abs(a.value) : 0.0, 2));
    out << QStringLiteral("\nNPV over the futures: mean %1, P10 %2, P50 %3, P90 %4\n")
               .arg(report::money(a.mean, c), report::money(a.p10, c), report::money(a.p50, c), report::money(a.p90, c));
    out << "\nBuy (month: servers)       ";
    // With candidates listed (model.md §14.4) each entry names its candidate.
    for (const tco::FleetPurchase &p : a.plan.purchases)
        out << p.month << ": " << p.servers << (a.request.ownListed ? QStringLiteral(" of \u201c%1\u201d").arg(a.request.own.value(p.candidate)) : QString()) << "  ";
    out << "\nReserve (month: instances) ";
    for (const tco::FleetTerm &t : a.plan.terms)
        out << t.startMonth << ": " << t.instances << " for " << t.termMonths << " months"
            << (a.request.reserveListed ? QStringLiteral(" of \u201c%1\u201d").arg(a.request.reserve.value(t.candidate)) : QString())
            << "  ";
    out << "\n\nEvery scenario under the same futures\n";
    qsizetype width = 0; // the names in one column, as wide as the longest up to 60 characters
    for (const tco::ScenarioUnderFutures &s : a.scenarios)
        width = std::max(width, std::min<qsizetype>(60, report::underFuturesName(s).size()));
    for (const tco::ScenarioUnderFutures &s : a.scenarios)
        out << QStringLiteral("  %1  mean %2  CVaR %3\n")
                   .arg(report::underFuturesName(s).left(width), -static_cast<int>(width))
                   .arg(s.mean ? report::moneyWhole(*s.mean, c) : QStringLiteral("n/a"), 14)
                   .arg(s.cvar ? report::moneyWhole(*s.cvar, c) : QStringLiteral("n/a"), 14);
    if (!a.frontier.empty()) {
        out << "\nEfficient frontier (the optimum at each risk level)\n";
        for (const tco::FrontierPoint &p : a.frontier)
            out << QStringLiteral("  beta %1  mean %2  CVaR %3\n")
                       .arg(p.beta, 4, 'f', 2)
                       .arg(report::moneyWhole(p.mean, c), 14)
                       .arg(report::moneyWhole(p.cvar, c), 14);
    }
    const QStringList marginal = report::marginalSentences(a);
    if (!marginal.isEmpty())
        out << "\nAt the margin\n  " << marginal.join(QStringLiteral("\n  ")) << '\n';
}

} // namespace

int runOptimize(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("The plan file, with an optimize object."));
    parser.addOption({QStringLiteral("objective"), QStringLiteral("mean or cvar."), QStringLiteral("O")});
    parser.addOption({QStringLiteral("beta"), QStringLiteral("CVaR level (0.9: the worst 10 %)."), QStringLiteral("B")});
    parser.addOption({QStringLiteral("trials"), QStringLiteral("Futures sampled from the plan's uncertainty."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("S")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Threads (0: all cores)."), QStringLiteral("T"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("json or table."), QStringLiteral("F"), QStringLiteral("table")});
    parser.addOption({QStringLiteral("write-plan"), QStringLiteral("Write the plan with the answer added."), QStringLiteral("OUT")});
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kOptimizeUsage);
    if (parser.positionalArguments().size() != 1)
        return usageError(io, QStringLiteral("optimize takes one plan file"), kOptimizeUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("json") && format != QLatin1String("table"))
        return usageError(io, QStringLiteral("--format must be json or table, not '%1'").arg(format), kOptimizeUsage);

    tco::OptimizeOptions options;
    bool ok = false;
    if (parser.isSet(QStringLiteral("objective"))) {
        options.objective = tco::optimizeObjectiveFromKey(parser.value(QStringLiteral("objective")));
        if (!options.objective)
            return usageError(io, QStringLiteral("--objective must be mean or cvar"), kOptimizeUsage);
    }
    if (parser.isSet(QStringLiteral("beta"))) {
        const double beta = parser.value(QStringLiteral("beta")).toDouble(&ok);
        if (!ok || !(beta >= 0 && beta <= 0.999))
            return usageError(io, QStringLiteral("--beta must be a number from 0 to 0.999 (0.9: the worst 10 % of futures)"), kOptimizeUsage);
        options.beta = beta;
    }
    if (parser.isSet(QStringLiteral("trials"))) {
        const int trials = parser.value(QStringLiteral("trials")).toInt(&ok);
        if (!ok || trials < 1 || trials > tco::OptimizeRequest::kMaxTrials)
            return usageError(io, QStringLiteral("--trials must be a whole number from 1 to %1").arg(tco::OptimizeRequest::kMaxTrials), kOptimizeUsage);
        options.trials = trials;
    }
    if (parser.isSet(QStringLiteral("seed"))) {
        const quint64 seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            return usageError(io, QStringLiteral("--seed must be a whole number from 0 to 18446744073709551615"), kOptimizeUsage);
        options.seed = seed;
    }
    options.threads = parser.value(QStringLiteral("threads")).toInt(&ok);
    if (!ok || options.threads < 0 || options.threads > 256)
        return usageError(io, QStringLiteral("--threads must be a whole number from 0 (all cores) to 256"), kOptimizeUsage);

    tco::Plan plan;
    Expected<tco::PlanResult> base =
        evaluatePlanFile(parser.positionalArguments().first(), parser.value(QStringLiteral("document")), &plan);
    if (!base)
        return inputError(io, base.error().message, base.error().details);
    if (!plan.optimize)
        return inputError(io, QStringLiteral("the plan has no \"optimize\" object"),
                          {QStringLiteral("optimize: missing; give {\"own\": ..., \"reserve\": ..., \"burst\": ...} naming "
                                          "at least two scenarios (docs/plan-format.md)")});
    Expected<tco::OptimizeAnswer> answer = tco::optimizeFleet(plan, *base, options);
    if (!answer)
        return inputError(io, answer.error().message, answer.error().details);

    const QString planOut = parser.value(QStringLiteral("write-plan"));
    if (!planOut.isEmpty()) {
        // Written whole or not at all.
        QSaveFile file(planOut);
        if (!file.open(QIODevice::WriteOnly))
            return inputError(io, QStringLiteral("cannot write %1: %2").arg(planOut, file.errorString()));
        file.write(tco::writePlan(tco::planWithAnswer(plan, *answer))); // a failed write shows in the commit below
        if (Status s = report::commitSaveFile(file, planOut); !s)
            return inputError(io, s.error().message);
    }
    if (format == QLatin1String("json"))
        io.out << QJsonDocument(report::optimizeAnswerToJson(*answer)).toJson(QJsonDocument::Indented);
    else
        printOptimizeTable(io.out, plan, *answer);
    return ExitOk;
}

} // namespace mltco::cli

// mltco-cli analyze: the decision analytics of a plan (model.md §10.9): tornado, Monte Carlo over its
// `uncertainty`, probabilities of being cheapest, fan-chart percentiles and the payback month's spread.
#include "cliio.h"
#include "planrunner.h"

#include "models/report/csvexport.h"
#include "models/report/format.h"
#include "models/analytics/analysis.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace mltco::cli {
namespace {

const QString kAnalyzeUsage = QStringLiteral(
    "mltco-cli analyze PLAN.json [--trials N] [--seed S] [--sampling lhs|random] [--swing 0.2] [--threads T] "
    "[--converge] [--samples-csv FILE] [--format json|table|csv] [--document PATH]");

QJsonValue orNull(const std::optional<double> &v) { return v ? QJsonValue(*v) : QJsonValue(); }

QJsonObject toJson(const tco::AnalysisResult &r)
{
    QJsonArray scenarios;
    for (const tco::ScenarioRisk &s : r.scenarios)
        scenarios.append(QJsonObject{{QStringLiteral("name"), s.name},
                                     {QStringLiteral("mean"), s.mean},
                                     {QStringLiteral("p10"), s.total.p10},
                                     {QStringLiteral("p50"), s.total.p50},
                                     {QStringLiteral("p90"), s.total.p90},
                                     {QStringLiteral("npv_mean"), s.npvMean},
                                     {QStringLiteral("npv_p10"), s.npv.p10},
                                     {QStringLiteral("npv_p50"), s.npv.p50},
                                     {QStringLiteral("npv_p90"), s.npv.p90},
                                     {QStringLiteral("p_cheapest"), s.pCheapest}});
    QJsonArray pairs;
    for (const tco::PairRisk &p : r.pairs)
        pairs.append(QJsonObject{{QStringLiteral("a"), p.a},
                                 {QStringLiteral("b"), p.b},
                                 {QStringLiteral("p_a_cheaper"), p.pACheaper},
                                 {QStringLiteral("p10"), p.difference.p10},
                                 {QStringLiteral("p50"), p.difference.p50},
                                 {QStringLiteral("p90"), p.difference.p90}});
    QJsonArray tornado;
    for (const tco::TornadoEntry &t : r.tornado)
        tornado.append(QJsonObject{{QStringLiteral("scenario"), t.scenario},
                                   {QStringLiteral("target"), t.target},
                                   {QStringLiteral("parameter"), tco::parameterKey(t.parameter)},
                                   {QStringLiteral("base"), t.base},
                                   {QStringLiteral("low"), t.low},
                                   {QStringLiteral("high"), t.high},
                                   {QStringLiteral("total_low"), t.totalLow},
                                   {QStringLiteral("total_high"), t.totalHigh},
                                   {QStringLiteral("swing"), t.swing()}});
    QJsonArray fan;
    for (const tco::FanSeries &f : r.fan) {
        const auto list = [](const std::vector<double> &v) {
            QJsonArray a;
            for (double x : v)
                a.append(x);
            return a;
        };
        fan.append(QJsonObject{{QStringLiteral("scenario"), f.scenario},
                               {QStringLiteral("p10"), list(f.p10)},
                               {QStringLiteral("p50"), list(f.p50)},
                               {QStringLiteral("p90"), list(f.p90)}});
    }
    QJsonArray months;
    for (const tco::BreakEvenMonthRisk &b : r.breakevenMonths)
        months.append(QJsonObject{{QStringLiteral("purchase"), b.purchase},
                                  {QStringLiteral("cloud"), b.cloud},
                                  {QStringLiteral("on_dashboard"), b.onDashboard},
                                  {QStringLiteral("requested"), b.requested},
                                  {QStringLiteral("p_never"), b.pNever},
                                  {QStringLiteral("p10"), orNull(b.p10)},
                                  {QStringLiteral("p50"), orNull(b.p50)},
                                  {QStringLiteral("p90"), orNull(b.p90)}});
    QJsonObject out{{QStringLiteral("trials"), r.trials},
                       {QStringLiteral("seed"), QString::number(r.seed)},
                       {QStringLiteral("sampling"), tco::samplingKey(r.sampling)},
                       {QStringLiteral("swing"), r.swing},
                       {QStringLiteral("scenarios"), scenarios},
                       {QStringLiteral("pairs"), pairs},
                       {QStringLiteral("tornado"), tornado},
                       {QStringLiteral("fan"), fan},
                       {QStringLiteral("breakeven_month"), months}};
    if (r.converged)
        out.insert(QStringLiteral("converged"), *r.converged);
    return out;
}

void printTable(QTextStream &out, const tco::Plan &plan, const tco::AnalysisResult &r)
{
    out << "Plan: " << plan.name << '\n'
        << r.trials << " trials (" << (r.sampling == tco::Sampling::LatinHypercube ? "Latin hypercube" : "random")
        << ", seed " << r.seed << "), " << plan.uncertainty.size() << " uncertain inputs"
        << (r.converged ? (*r.converged ? ", every median settled to ±1 %" : ", medians NOT yet settled to ±1 %") : "")
        << "\n\n";
    out << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
               .arg(QStringLiteral("Scenario"), -28)
               .arg(QStringLiteral("Mean"), 14)
               .arg(QStringLiteral("P10"), 14)
               .arg(QStringLiteral("P50"), 14)
               .arg(QStringLiteral("P90"), 14)
               .arg(QStringLiteral("Cheapest"), 9);
    for (const tco::ScenarioRisk &s : r.scenarios)
        out << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                   .arg(s.name.left(28), -28)
                   .arg(report::moneyWhole(s.mean), 14)
                   .arg(report::moneyWhole(s.total.p10), 14)
                   .arg(report::moneyWhole(s.total.p50), 14)
                   .arg(report::moneyWhole(s.total.p90), 14)
                   .arg(report::percent(s.pCheapest), 9);
    if (!r.pairs.empty()) {
        out << "\nPairs (A − B)\n";
        for (const tco::PairRisk &p : r.pairs)
            out << "  " << p.a << " vs " << p.b << ": A cheaper in " << report::percent(p.pACheaper)
                << " of trials; difference P10 " << report::moneyWhole(p.difference.p10) << ", P50 "
                << report::moneyWhole(p.difference.p50) << ", P90 " << report::moneyWhole(p.difference.p90) << '\n';
    }
    for (const tco::BreakEvenMonthRisk &b : r.breakevenMonths) {
        const auto month = [](const std::optional<double> &m) {
            return m ? QStringLiteral("month %1").arg(*m, 0, 'f', 1) : QStringLiteral("never");
        };
        out << "\nPayback of " << b.purchase << " against " << b.cloud << ": never in " << report::percent(b.pNever)
            << " of trials; P10 " << month(b.p10) << ", P50 " << month(b.p50) << ", P90 " << month(b.p90) << '\n';
    }
    out << "\nTornado (±" << report::percent(r.swing, 0) << " where no distribution is given; the 5 largest per scenario)\n";
    QString current;
    int shown = 0;
    for (const tco::TornadoEntry &t : r.tornado) {
        if (t.scenario != current) {
            current = t.scenario;
            shown = 0;
            out << "  " << current << '\n';
        }
        if (++shown > 5)
            continue;
        out << "    " << (t.target == QLatin1String("workload") ? QStringLiteral("workload.") : QString())
            << tco::parameterKey(t.parameter) << " " << t.low << " .. " << t.high << ": "
            << report::moneyWhole(t.totalLow) << " .. " << report::moneyWhole(t.totalHigh) << " (swing "
            << report::moneyWhole(t.swing()) << ")\n";
    }
}

} // namespace

int runAnalyze(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("The plan file."));
    parser.addOption({QStringLiteral("trials"), QStringLiteral("Monte Carlo trials."), QStringLiteral("N"), QStringLiteral("10000")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("S"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("sampling"), QStringLiteral("lhs or random."), QStringLiteral("M"), QStringLiteral("lhs")});
    parser.addOption({QStringLiteral("swing"), QStringLiteral("Tornado swing."), QStringLiteral("P"), QStringLiteral("0.2")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Threads (0: all cores)."), QStringLiteral("T"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("samples-csv"), QStringLiteral("Every trial's inputs and totals."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("converge"), QStringLiteral("Stop once every median is known to ±1 % (95 %); --trials is the most.")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("json, table or csv."), QStringLiteral("F"), QStringLiteral("table")});
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kAnalyzeUsage);
    if (parser.positionalArguments().size() != 1)
        return usageError(io, QStringLiteral("analyze takes one plan file"), kAnalyzeUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("json") && format != QLatin1String("table") && format != QLatin1String("csv"))
        return usageError(io, QStringLiteral("--format must be json, table or csv, not '%1'").arg(format), kAnalyzeUsage);

    tco::AnalysisOptions options;
    bool ok = false;
    options.trials = parser.value(QStringLiteral("trials")).toInt(&ok);
    if (!ok || options.trials < 1 || options.trials > tco::kMaxTrials)
        return usageError(io, QStringLiteral("--trials must be a whole number from 1 to %1").arg(tco::kMaxTrials), kAnalyzeUsage);
    options.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return usageError(io, QStringLiteral("--seed must be a whole number from 0 to 18446744073709551615"), kAnalyzeUsage);
    const auto sampling = tco::samplingFromKey(parser.value(QStringLiteral("sampling")));
    if (!sampling)
        return usageError(io, QStringLiteral("--sampling must be lhs or random"), kAnalyzeUsage);
    options.sampling = *sampling;
    options.swing = parser.value(QStringLiteral("swing")).toDouble(&ok);
    if (!ok || !(options.swing > 0 && options.swing < 1))
        return usageError(io, QStringLiteral("--swing must be a fraction greater than 0 and less than 1 (0.2 is ±20 %)"), kAnalyzeUsage);
    options.threads = parser.value(QStringLiteral("threads")).toInt(&ok);
    if (!ok || options.threads < 0 || options.threads > 256)
        return usageError(io, QStringLiteral("--threads must be a whole number from 0 (all cores) to 256"), kAnalyzeUsage);
    options.converge = parser.isSet(QStringLiteral("converge"));
    const QString samplesPath = parser.value(QStringLiteral("samples-csv"));
    options.keepSamples = !samplesPath.isEmpty();

    tco::Plan plan;
    Expected<tco::PlanResult> base =
        evaluatePlanFile(parser.positionalArguments().first(), parser.value(QStringLiteral("document")), &plan);
    if (!base)
        return inputError(io, base.error().message, base.error().details);
    Expected<tco::AnalysisResult> result = tco::analyzePlan(plan, *base, options);
    if (!result)
        return inputError(io, result.error().message, result.error().details);

    if (!samplesPath.isEmpty()) {
        // One row per trial: its inputs, then each scenario's total (written whole or not at all).
        QSaveFile file(samplesPath);
        if (!file.open(QIODevice::WriteOnly))
            return inputError(io, QStringLiteral("cannot write %1: %2").arg(samplesPath, file.errorString()));
        QStringList header{QStringLiteral("trial")};
        for (const tco::Uncertainty &u : std::as_const(plan.uncertainty))
            header << report::csvField(u.target + QLatin1Char('.') + tco::parameterKey(u.parameter));
        for (const tco::ScenarioRisk &s : result->scenarios)
            header << report::csvField(QStringLiteral("total:") + s.name);
        file.write(header.join(QLatin1Char(',')).toUtf8() + "\r\n");
        const std::size_t k = static_cast<std::size_t>(plan.uncertainty.size());
        const std::size_t nScen = result->scenarios.size();
        for (std::size_t i = 0; i < static_cast<std::size_t>(result->trials); ++i) {
            QByteArray line = QByteArray::number(static_cast<qulonglong>(i + 1));
            for (std::size_t c = 0; c < k; ++c)
                line += ',' + QByteArray::number(result->sampleInputs[i * k + c], 'g', 17);
            for (std::size_t s = 0; s < nScen; ++s)
                line += ',' + QByteArray::number(result->sampleTotals[i * nScen + s], 'g', 17);
            file.write(line + "\r\n");
        }
        if (Status s = report::commitSaveFile(file, samplesPath); !s)
            return inputError(io, s.error().message);
    }

    if (format == QLatin1String("json")) {
        io.out << QJsonDocument(toJson(*result)).toJson(QJsonDocument::Indented);
    } else if (format == QLatin1String("csv")) {
        io.out << "scenario,mean,p10,p50,p90,npv_mean,npv_p10,npv_p50,npv_p90,p_cheapest\r\n";
        for (const tco::ScenarioRisk &s : result->scenarios)
            io.out << report::csvField(s.name) << ',' << QString::number(s.mean, 'g', 17) << ','
                   << QString::number(s.total.p10, 'g', 17) << ',' << QString::number(s.total.p50, 'g', 17) << ','
                   << QString::number(s.total.p90, 'g', 17) << ',' << QString::number(s.npvMean, 'g', 17) << ','
                   << QString::number(s.npv.p10, 'g', 17) << ',' << QString::number(s.npv.p50, 'g', 17) << ','
                   << QString::number(s.npv.p90, 'g', 17) << ',' << QString::number(s.pCheapest, 'g', 17) << "\r\n";
    } else {
        printTable(io.out, plan, *result);
    }
    return ExitOk;
}

} // namespace mltco::cli

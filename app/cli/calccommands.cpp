// mltco-cli calc tflops-price|commitment|utilization-spot|egress|storage|multi-gpu|budget|lease-vs-buy|irr [OPTIONS]
// The calculators of model.md §6–§7 (models/tco/calculators.h), with named options.
#include "calcoptions.h"
#include "cliio.h"
#include "planrunner.h"
#include "textformat.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/tflopsquote.h"
#include "models/tco/calculators.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace mltco::cli {

namespace {

const QString kCalcUsage = QStringLiteral(
    "mltco-cli calc tflops-price|commitment|utilization-spot|egress|storage|multi-gpu|budget|lease-vs-buy|irr [OPTIONS] "
    "[--format json|table]\n       mltco-cli calc SUBCOMMAND --help");

QJsonValue calcOrNull(std::optional<double> value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

// The price and throughput of a catalog instance (model.md §6): `--instance PROVIDER/NAME` in place of the
// typed figures; the lookup is the one the GUI's TFLOPS calculator uses (models/catalog/tflopsquote.h).
int tflopsPriceOfInstance(CalcCommand &c, std::optional<double> baseline)
{
    const QString instance = c.value(QStringLiteral("instance"));
    const qsizetype slash = instance.indexOf(QLatin1Char('/'));
    if (slash <= 0 || slash == instance.size() - 1)
        return c.usage(QStringLiteral("--instance must be PROVIDER/NAME, e.g. aws/p4d.24xlarge"));
    for (const char *typed : {"rate", "gpu-rate", "gpus", "gpu-tflops", "node-tflops"}) {
        if (c.isSet(QLatin1String(typed)))
            return c.usage(QStringLiteral("--instance takes the price and figures from the catalog; leave out --%1")
                               .arg(QLatin1String(typed)));
    }
    const QString pricingKey = c.isSet(QStringLiteral("pricing")) ? c.value(QStringLiteral("pricing"))
                                                                   : QStringLiteral("on_demand");
    const std::optional<catalog::PricingModel> pricing = catalog::pricingModelFromKey(pricingKey);
    if (!pricing)
        return c.invalid({QStringLiteral("--pricing must be one of ") +
                          catalog::pricingModelKeys().join(QStringLiteral(", "))});
    const QString metric = c.isSet(QStringLiteral("metric")) ? c.value(QStringLiteral("metric"))
                                                              : QStringLiteral("tf32_sparse");
    Expected<std::unique_ptr<store::Document>> document = openDocumentOption(c.value(QStringLiteral("document")));
    if (!document)
        return c.invalid({document.error().message});
    const catalog::CatalogRepository repo((*document)->database());
    Expected<catalog::TflopsQuote> quote =
        catalog::quoteCatalogInstance(repo, instance.left(slash), instance.mid(slash + 1), *pricing,
                                      c.value(QStringLiteral("region")), metric, metric, !c.isSet(QStringLiteral("per-gpu")));
    if (!quote)
        return c.invalid({quote.error().message});
    const std::optional<double> change = tco::relativeChange(quote->price, baseline);
    QJsonObject json{{QStringLiteral("instance"), quote->label()},
                     {QStringLiteral("gpu"), quote->gpu},
                     {QStringLiteral("gpu_count"), quote->gpuCount},
                     {QStringLiteral("currency"), quote->currency},
                     {QStringLiteral("rate_per_hour"), calcOrNull(quote->rate)},
                     {QStringLiteral("rate_basis"), quote->rateBasis},
                     {QStringLiteral("metric"), metric},
                     {QStringLiteral("node_tflops"), calcOrNull(quote->nodeTflops)},
                     {QStringLiteral("tflops_basis"), quote->tflopsBasis},
                     {QStringLiteral("price_per_1000_tflops_hour"), calcOrNull(quote->price)},
                     {QStringLiteral("missing"), quote->missing},
                     {QStringLiteral("baseline"), calcOrNull(baseline)},
                     {QStringLiteral("change_vs_baseline"), calcOrNull(change)}};
    QList<std::pair<QString, QString>> lines{
        {QStringLiteral("Instance"), QStringLiteral("%1 (%2 x %3)").arg(quote->label(), grouped(quote->gpuCount, 0), quote->gpu)},
        {QStringLiteral("Rate per node-hour"), quote->rate ? money(*quote->rate) + QStringLiteral("  (") + quote->rateBasis + QLatin1Char(')')
                                                           : QStringLiteral("n/a")},
        {QStringLiteral("Node TFLOPS (%1)").arg(metric),
         quote->nodeTflops ? grouped(*quote->nodeTflops, 1) + QStringLiteral("  (") + quote->tflopsBasis + QLatin1Char(')')
                           : QStringLiteral("n/a")},
        {QStringLiteral("$ per 1000 TFLOPS-hour"), quote->price ? money(*quote->price) : QStringLiteral("n/a: ") + quote->missing},
    };
    if (baseline) {
        lines << std::pair{QStringLiteral("Baseline"), money(*baseline)};
        lines << std::pair{QStringLiteral("Change vs baseline"), percent(change)};
    }
    return c.finish(json, lines);
}

int tflopsPrice(CalcCommand &c)
{
    if (c.isSet(QStringLiteral("instance"))) {
        auto baseline = c.number(QStringLiteral("baseline"), Rule::positive(), Need::Optional);
        if (c.failed())
            return c.finishErrors();
        return tflopsPriceOfInstance(c, baseline);
    }
    auto rate = c.number(QStringLiteral("rate"), Rule::positive(), Need::Optional);
    auto gpuRate = c.number(QStringLiteral("gpu-rate"), Rule::positive(), Need::Optional);
    auto gpus = c.number(QStringLiteral("gpus"), Rule::positive(), Need::Optional, 1.0);
    auto gpuTflops = c.number(QStringLiteral("gpu-tflops"), Rule::positive(), Need::Optional);
    auto nodeTflops = c.number(QStringLiteral("node-tflops"), Rule::positive(), Need::Optional);
    auto baseline = c.number(QStringLiteral("baseline"), Rule::positive(), Need::Optional);
    if (c.failed())
        return c.finishErrors();
    if (rate.has_value() == gpuRate.has_value())
        return c.usage(QStringLiteral("give exactly one of --rate (per instance-hour) and --gpu-rate (per GPU-hour), "
                                      "or name a catalog --instance"));
    if (gpuTflops.has_value() == nodeTflops.has_value())
        return c.usage(QStringLiteral("give exactly one of --gpu-tflops (per GPU) and --node-tflops (whole node)"));

    const double nodeRate = rate ? *rate : *gpuRate * *gpus;
    const double tflops = nodeTflops ? *nodeTflops : *gpuTflops * *gpus;
    const std::optional<double> price = tco::pricePer1000TflopsHour(nodeRate, tflops);
    const std::optional<double> change = tco::relativeChange(price, baseline);
    QJsonObject json{{QStringLiteral("rate_per_hour"), nodeRate},
                     {QStringLiteral("node_tflops"), tflops},
                     {QStringLiteral("price_per_1000_tflops_hour"), calcOrNull(price)},
                     {QStringLiteral("baseline"), calcOrNull(baseline)},
                     {QStringLiteral("change_vs_baseline"), calcOrNull(change)}};
    QList<std::pair<QString, QString>> lines{
        {QStringLiteral("Rate per node-hour"), money(nodeRate)},
        {QStringLiteral("Node TFLOPS"), grouped(tflops, 1)},
        {QStringLiteral("$ per 1000 TFLOPS-hour"), money(price)},
    };
    if (baseline) {
        lines << std::pair{QStringLiteral("Baseline"), money(*baseline)};
        lines << std::pair{QStringLiteral("Change vs baseline"), percent(change)};
    }
    return c.finish(json, lines);
}

int commitmentCalc(CalcCommand &c)
{
    tco::CommitmentInput in;
    auto used = c.number(QStringLiteral("used-hours"), Rule::range(0, 744), Need::Required);
    auto month = c.number(QStringLiteral("month-hours"), Rule::positiveUpTo(744), Need::Optional, 730.0);
    auto rate = c.number(QStringLiteral("rate"), Rule::positive(), Need::Required);
    auto discount = c.number(QStringLiteral("discount"), Rule::fraction(), Need::Required);
    if (c.failed())
        return c.finishErrors();
    if (*used > *month)
        return c.invalid(QStringList{QStringLiteral("--used-hours: must be at most --month-hours (%1)").arg(*month)});
    in.usedHours = *used;
    in.monthHours = *month;
    in.onDemandRate = *rate;
    in.discount = *discount;
    const tco::CommitmentResult r = tco::commitment(in);
    const QString recommendation = r.reserve ? QStringLiteral("reserve") : QStringLiteral("on-demand");
    QJsonObject json{{QStringLiteral("utilization"), r.utilization},
                     {QStringLiteral("break_even_utilization"), r.breakEvenUtilization},
                     {QStringLiteral("recommendation"), recommendation},
                     {QStringLiteral("on_demand_annual"), r.onDemandAnnual},
                     {QStringLiteral("committed_annual"), r.committedAnnual},
                     {QStringLiteral("annual_savings"), r.annualSavings}};
    return c.finish(json, {{QStringLiteral("Utilization"), percent(r.utilization)},
                           {QStringLiteral("Break-even utilization"), percent(r.breakEvenUtilization)},
                           {QStringLiteral("Recommendation"), recommendation},
                           {QStringLiteral("On-demand per year"), money(r.onDemandAnnual)},
                           {QStringLiteral("Committed per year"), money(r.committedAnnual)},
                           {QStringLiteral("Savings per year"), money(r.annualSavings)}});
}

// model.md §12: the net advantage of leasing (clarification 39).
int leaseVsBuyCalc(CalcCommand &c)
{
    auto price = c.number(QStringLiteral("price"), Rule::positive(), Need::Required);
    auto years = c.number(QStringLiteral("life-years"), Rule::integer(1, 50), Need::Required);
    auto lease = c.number(QStringLiteral("lease-payment"), Rule::range(0, 1e15), Need::Required);
    auto tax = c.number(QStringLiteral("tax-rate"), Rule::positiveUpTo(1.0), Need::Optional, 0.0);
    auto borrowing = c.number(QStringLiteral("borrowing-rate"), Rule::range(0, 1), Need::Required);
    if (c.failed())
        return c.finishErrors();
    const tco::LeaseVsBuyResult r =
        tco::leaseVsBuy({*price, static_cast<int>(*years), *lease, *tax, *borrowing});
    QJsonArray flows;
    for (double f : r.flows)
        flows.append(f);
    const QJsonObject json{{QStringLiteral("nal"), r.nal},
                           {QStringLiteral("discount_rate"), r.discountRate},
                           {QStringLiteral("flows"), flows}};
    QList<std::pair<QString, QString>> lines{
        {QStringLiteral("Net advantage of leasing (NAL)"), money(r.nal)},
        {QStringLiteral("Decision"), r.nal > 0 ? QStringLiteral("lease: it costs less than borrowing to buy")
                                               : QStringLiteral("buy: borrowing to buy costs less than the lease")},
        {QStringLiteral("Discounted at"), percent(r.discountRate) + QStringLiteral(" (the borrowing rate after tax)")}};
    for (std::size_t y = 0; y < r.flows.size(); ++y)
        lines << std::pair{QStringLiteral("Year %1, leasing minus buying").arg(y), money(r.flows[y])};
    return c.finish(json, lines);
}

// model.md §12: the internal rate of return of a list of flows, the first at t = 0 (clarification 40).
int irrCalc(CalcCommand &c)
{
    const std::vector<double> flows = c.list(QStringLiteral("flows"), Rule::range(-1e15, 1e15));
    if (c.failed())
        return c.finishErrors();
    if (flows.size() < 2)
        return c.usage(QStringLiteral("--flows needs at least two cash flows, the first at t = 0: --flows=-70000,12000,15000"));
    const std::optional<double> irr = tco::internalRateOfReturn(flows);
    const QJsonObject json{{QStringLiteral("irr"), irr ? QJsonValue(*irr) : QJsonValue(QJsonValue::Null)}};
    return c.finish(json, {{QStringLiteral("Internal rate of return"),
                            irr ? percent(*irr) + QStringLiteral(" a period")
                                : QStringLiteral("none: the flows never change sign, no rate makes them worth zero")}});
}

int utilizationSpotCalc(CalcCommand &c)
{
    auto spend = c.number(QStringLiteral("monthly-spend"), Rule::range(0, 1e12), Need::Required);
    auto current = c.number(QStringLiteral("current-utilization"), Rule::positiveUpTo(1), Need::Required);
    auto target = c.number(QStringLiteral("target-utilization"), Rule::positiveUpTo(1), Need::Required);
    auto share = c.number(QStringLiteral("spot-share"), Rule::fraction(), Need::Optional, 0.6);
    auto discount = c.number(QStringLiteral("spot-discount"), Rule::fraction(), Need::Optional, 0.7);
    if (c.failed())
        return c.finishErrors();
    if (*target < *current)
        return c.invalid(QStringList{QStringLiteral("--target-utilization: must be at least --current-utilization (%1)")
                              .arg(*current)});
    const tco::UtilizationSpotResult r = tco::utilizationSpot({*spend, *current, *target, *share, *discount});
    QJsonObject json{{QStringLiteral("after_utilization_monthly"), r.afterUtilization},
                     {QStringLiteral("after_monthly"), r.afterMonthly},
                     {QStringLiteral("monthly_savings"), r.monthlySavings},
                     {QStringLiteral("annual_savings"), r.annualSavings},
                     {QStringLiteral("savings_rate"), r.savingsRate}};
    return c.finish(json, {{QStringLiteral("Spend after utilization"), money(r.afterUtilization)},
                           {QStringLiteral("Spend after spot"), money(r.afterMonthly)},
                           {QStringLiteral("Savings per month"), money(r.monthlySavings)},
                           {QStringLiteral("Savings per year"), money(r.annualSavings)},
                           {QStringLiteral("Savings rate"), percent(r.savingsRate)}});
}

int egressCalc(CalcCommand &c)
{
    auto volume = c.number(QStringLiteral("gb-per-month"), Rule::range(0, 1e15), Need::Required);
    auto cost = c.number(QStringLiteral("cost-per-gb"), Rule::range(0, 1e6), Need::Required);
    std::vector<double> reductions;
    for (const char *name : {"locality", "compression", "caching"}) {
        if (auto f = c.number(QString::fromLatin1(name), Rule::fraction(), Need::Optional))
            reductions.push_back(*f);
    }
    for (double f : c.numbers(QStringLiteral("reduction"), Rule::fraction()))
        reductions.push_back(f);
    if (c.failed())
        return c.finishErrors();
    const tco::EgressResult r = tco::egress(*volume, *cost, reductions);
    QJsonArray applied;
    for (double f : reductions)
        applied.append(f);
    QJsonObject json{{QStringLiteral("reductions"), applied},
                     {QStringLiteral("before_monthly"), r.beforeMonthly},
                     {QStringLiteral("after_monthly"), r.afterMonthly},
                     {QStringLiteral("monthly_savings"), r.monthlySavings},
                     {QStringLiteral("annual_savings"), r.annualSavings},
                     {QStringLiteral("savings_rate"), r.savingsRate}};
    return c.finish(json, {{QStringLiteral("Egress per month"), money(r.beforeMonthly)},
                           {QStringLiteral("After reductions"), money(r.afterMonthly)},
                           {QStringLiteral("Savings per month"), money(r.monthlySavings)},
                           {QStringLiteral("Savings per year"), money(r.annualSavings)},
                           {QStringLiteral("Savings rate"), percent(r.savingsRate)}});
}

int storageCalc(CalcCommand &c)
{
    auto inflow = c.number(QStringLiteral("inflow-gb"), Rule::range(0, 1e15), Need::Required);
    std::vector<tco::StorageTier> tiers = tco::seedStorageTiers();
    if (c.isSet(QStringLiteral("tiers"))) {
        auto parsed = c.tiers(QStringLiteral("tiers"));
        if (parsed)
            tiers = *parsed;
    }
    if (c.failed())
        return c.finishErrors();
    const tco::StorageResult r = tco::storageTiering(*inflow, tiers);
    QJsonArray tierJson;
    QList<std::pair<QString, QString>> lines;
    for (const tco::StorageTierResult &t : r.tiers) {
        tierJson.append(QJsonObject{{QStringLiteral("name"), t.name},
                                    {QStringLiteral("from_days"), t.fromDays},
                                    {QStringLiteral("until_days"), t.untilDays},
                                    {QStringLiteral("gigabytes"), t.gigabytes},
                                    {QStringLiteral("monthly_cost"), t.monthlyCost}});
        lines << std::pair{QStringLiteral("%1, days %2-%3").arg(t.name).arg(t.fromDays).arg(t.untilDays),
                           QStringLiteral("%1 GB  %2/month").arg(grouped(t.gigabytes, 0), money(t.monthlyCost))};
    }
    QJsonObject json{{QStringLiteral("tiers"), tierJson},
                     {QStringLiteral("gigabytes"), r.gigabytes},
                     {QStringLiteral("monthly_cost"), r.monthlyCost},
                     {QStringLiteral("all_hot_monthly_cost"), r.allHotMonthlyCost},
                     {QStringLiteral("monthly_savings"), r.monthlySavings},
                     {QStringLiteral("savings_rate"), r.savingsRate}};
    lines << std::pair{QStringLiteral("Tiered per month"), money(r.monthlyCost)}
          << std::pair{QStringLiteral("All hot per month"), money(r.allHotMonthlyCost)}
          << std::pair{QStringLiteral("Savings per month"), money(r.monthlySavings)}
          << std::pair{QStringLiteral("Savings rate"), percent(r.savingsRate)};
    return c.finish(json, lines);
}

int multiGpuCalc(CalcCommand &c)
{
    auto gpus = c.number(QStringLiteral("gpus"), Rule::integer(1, 100000), Need::Required);
    auto efficiency = c.number(QStringLiteral("efficiency"), Rule::positiveUpTo(1), Need::Optional);
    auto speedup = c.number(QStringLiteral("speedup"), Rule::positive(), Need::Optional);
    auto jobHours = c.number(QStringLiteral("job-gpu-hours"), Rule::positive(), Need::Optional);
    auto gpuRate = c.number(QStringLiteral("gpu-rate"), Rule::positive(), Need::Optional);
    if (c.failed())
        return c.finishErrors();
    if (efficiency && speedup)
        return c.usage(QStringLiteral("give --efficiency or --speedup, not both"));
    double e = tco::kSeedEightGpuEfficiency;
    if (efficiency) {
        e = *efficiency;
    } else if (speedup) {
        e = *speedup / *gpus;
        if (e > 1.0)
            return c.invalid(QStringList{QStringLiteral("--speedup: must be at most --gpus (%1)").arg(*gpus)});
    } else if (*gpus != 8) {
        return c.usage(QStringLiteral("give --efficiency or --speedup (seed 003's 5x rule is for 8 GPUs only)"));
    }
    const tco::MultiGpuResult r = tco::multiGpu(static_cast<int>(*gpus), e);
    QJsonObject json{{QStringLiteral("gpus"), r.gpus},
                     {QStringLiteral("efficiency"), r.efficiency},
                     {QStringLiteral("speedup"), r.speedup},
                     {QStringLiteral("wall_time_fraction"), r.wallTimeFraction},
                     {QStringLiteral("gpu_hours_factor"), r.gpuHoursFactor}};
    QList<std::pair<QString, QString>> lines{
        {QStringLiteral("GPUs"), QString::number(r.gpus)},
        {QStringLiteral("Efficiency"), percent(r.efficiency)},
        {QStringLiteral("Speedup"), grouped(r.speedup, 2) + QLatin1Char('x')},
        {QStringLiteral("Wall time vs one GPU"), percent(r.wallTimeFraction)},
        {QStringLiteral("GPU-hours billed per one-GPU hour"), grouped(r.gpuHoursFactor, 3)},
    };
    if (jobHours) {
        json.insert(QStringLiteral("job_wall_hours"), *jobHours / r.speedup);
        lines << std::pair{QStringLiteral("Job wall hours"), grouped(*jobHours / r.speedup, 2)};
        if (gpuRate) {
            json.insert(QStringLiteral("job_cost"), *jobHours * r.gpuHoursFactor * *gpuRate);
            json.insert(QStringLiteral("job_cost_one_gpu"), *jobHours * *gpuRate);
            lines << std::pair{QStringLiteral("Job cost"), money(*jobHours * r.gpuHoursFactor * *gpuRate)}
                  << std::pair{QStringLiteral("Job cost on one GPU"), money(*jobHours * *gpuRate)};
        }
    }
    return c.finish(json, lines);
}

int budgetCalc(CalcCommand &c)
{
    auto budget = c.number(QStringLiteral("budget"), Rule::positive(), Need::Required);
    std::vector<double> thresholds = tco::seedBudgetThresholds();
    if (c.isSet(QStringLiteral("thresholds")))
        thresholds = c.list(QStringLiteral("thresholds"), Rule::positiveUpTo(10));
    const bool fromPlan = c.isSet(QStringLiteral("plan"));
    const bool fromCosts = c.isSet(QStringLiteral("monthly-costs"));
    std::vector<double> costs;
    if (fromCosts)
        costs = c.list(QStringLiteral("monthly-costs"), Rule::range(-1e15, 1e15));
    if (c.failed())
        return c.finishErrors();
    if (fromPlan == fromCosts)
        return c.usage(QStringLiteral("give exactly one of --plan PLAN.json and --monthly-costs A,B,..."));

    QList<std::pair<QString, std::vector<double>>> series;
    if (fromPlan) {
        Expected<tco::PlanResult> result = evaluatePlanFile(c.value(QStringLiteral("plan")),
                                                            c.value(QStringLiteral("document")));
        if (!result)
            return c.invalid(QStringList{result.error().message} + result.error().details);
        for (const QString &warning : result->warnings)
            c.warn(warning);
        for (const tco::EvaluatedScenario &s : result->scenarios) {
            std::vector<double> monthly;
            for (const tco::MonthRow &row : s.result.months)
                monthly.push_back(row.total);
            series << std::pair{s.name, monthly};
        }
    } else {
        series << std::pair{QStringLiteral("monthly costs"), costs};
    }

    QJsonArray scenarios;
    TextTable table([&] {
        QStringList header{QStringLiteral("Scenario")};
        for (double t : thresholds)
            header << percent(t, 0);
        return header;
    }());
    for (const auto &[name, monthly] : series) {
        QJsonArray crossings;
        QStringList row{name};
        for (const tco::BudgetCrossing &crossing : tco::budgetCrossings(monthly, *budget, thresholds)) {
            const std::optional<double> day = crossing.fractionOfMonth
                                                  ? std::optional<double>(*crossing.fractionOfMonth * tco::kDaysPerMonth)
                                                  : std::nullopt;
            crossings.append(QJsonObject{
                {QStringLiteral("threshold"), crossing.threshold},
                {QStringLiteral("month"), crossing.month ? QJsonValue(*crossing.month) : QJsonValue(QJsonValue::Null)},
                {QStringLiteral("day_of_month"), calcOrNull(day)}});
            row << (crossing.month ? QStringLiteral("month %1, day %2").arg(*crossing.month).arg(grouped(*day, 1))
                                   : QStringLiteral("never"));
        }
        table.addRow(row);
        scenarios.append(QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("crossings"), crossings}});
    }
    QJsonArray thresholdJson;
    for (double t : thresholds)
        thresholdJson.append(t);
    QJsonObject json{{QStringLiteral("budget"), *budget},
                     {QStringLiteral("thresholds"), thresholdJson},
                     {QStringLiteral("scenarios"), scenarios}};
    return c.finishText(json, QStringLiteral("Monthly budget %1: when each share is first reached (even spending "
                                             "within a month)\n")
                                      .arg(money(*budget)) +
                                  table.toString());
}

struct Subcommand final
{
    const char *name;
    QList<OptionSpec> options;
    int (*run)(CalcCommand &);
};

QList<Subcommand> subcommands()
{
    const QString fraction = QStringLiteral("F");
    return {
        {"tflops-price",
         {{"rate", "USD per instance-hour", "USD"},
          {"gpu-rate", "USD per GPU-hour (multiplied by --gpus)", "USD"},
          {"gpus", "GPUs in the instance (default 1)", "N"},
          {"gpu-tflops", "throughput figure per GPU (e.g. TF32), TFLOPS", "T"},
          {"node-tflops", "throughput figure of the whole node, TFLOPS", "T"},
          {"baseline", "another $ per 1000 TFLOPS-hour to compare with", "USD"},
          {"instance", "a catalog instance instead of typed figures, e.g. aws/p4d.24xlarge", "PROVIDER/NAME"},
          {"pricing", "with --instance: pricing model (default on_demand)", "MODEL"},
          {"region", "with --instance: only this region's prices (default: the latest of any region)", "REGION"},
          {"metric", "with --instance: throughput metric, e.g. tf32_sparse (default), tf32_dense, bf16_dense", "METRIC"},
          {"per-gpu", "with --instance: GPU count x the per-GPU figure, even where a node figure is quoted", ""},
          {"document", "with --instance: the document whose catalog to read", "PATH"}},
         tflopsPrice},
        {"commitment",
         {{"used-hours", "hours used in a month", "H"},
          {"month-hours", "hours in a month (default 730; seed 004 uses 720)", "H"},
          {"rate", "on-demand USD per hour", "USD"},
          {"discount", "commitment discount, fraction or percent (0.4 or 40%)", fraction}},
         commitmentCalc},
        {"utilization-spot",
         {{"monthly-spend", "GPU spend per month, USD", "USD"},
          {"current-utilization", "utilization now, fraction or percent", fraction},
          {"target-utilization", "utilization after the change, fraction or percent", fraction},
          {"spot-share", "share moved to spot (default 0.6, seed 004)", fraction},
          {"spot-discount", "spot discount (default 0.7, seed 004)", fraction}},
         utilizationSpotCalc},
        {"egress",
         {{"gb-per-month", "egress volume, GB per month", "GB"},
          {"cost-per-gb", "USD per GB", "USD"},
          {"locality", "share saved by data locality (seed 004: 0.3)", fraction},
          {"compression", "share saved by compression (seed 004: 0.5)", fraction},
          {"caching", "share saved by caching (seed 004: 0.4)", fraction},
          {"reduction", "another share saved (repeatable)", fraction}},
         egressCalc},
        {"storage",
         {{"inflow-gb", "GB written per month", "GB"},
          {"tiers", "DAYS:PRICE,... each tier's age limit and USD per GB-month; the last is the expiry "
                    "(default seed 003: 30:0.023,90:0.0125,365:0.004,730:0.00099)", "LIST"}},
         storageCalc},
        {"multi-gpu",
         {{"gpus", "GPUs per job (k)", "K"},
          {"efficiency", "scaling efficiency e(k) (default 5/8 for 8 GPUs, seed 003)", fraction},
          {"speedup", "measured speedup on k GPUs (instead of --efficiency)", "S"},
          {"job-gpu-hours", "one-GPU hours of a job, for its wall time and cost", "H"},
          {"gpu-rate", "USD per GPU-hour, for the job's cost", "USD"}},
         multiGpuCalc},
        {"lease-vs-buy",
         {{"price", "the asset's price, paid at year 0 if bought", "USD"},
          {"life-years", "years of the lease and of straight-line depreciation", "N"},
          {"lease-payment", "lease payment per year, at each year's end", "USD"},
          {"tax-rate", "tax rate, fraction or percent (default 0)", fraction},
          {"borrowing-rate", "pre-tax borrowing rate per year, fraction or percent", fraction}},
         leaseVsBuyCalc},
        {"irr",
         {{"flows", "cash flows F0,F1,... (F0 at t = 0; outflows negative)", "LIST"}},
         irrCalc},
        {"budget",
         {{"budget", "monthly budget, USD", "USD"},
          {"thresholds", "shares of the budget (default 25%,50%,75%,100%, seed 003)", "LIST"},
          {"monthly-costs", "costs of months 1, 2, ... (comma-separated)", "LIST"},
          {"plan", "plan file whose scenarios' monthly totals to check", "PLAN"},
          {"document", "document whose catalog prices the plan's instances", "PATH"}},
         budgetCalc},
    };
}

} // namespace

int runCalc(const QStringList &args, Io &io)
{
    if (args.isEmpty())
        return usageError(io, QStringLiteral("calc needs a calculator"), kCalcUsage);
    const QString name = args.first();
    for (const Subcommand &sub : subcommands()) {
        if (name == QLatin1String(sub.name)) {
            CalcCommand command(io, QStringLiteral("mltco-cli calc ") + name, sub.options);
            if (const std::optional<int> exit = command.parse(args.mid(1)))
                return *exit;
            return sub.run(command);
        }
    }
    return usageError(io, QStringLiteral("unknown calculator \"%1\"").arg(name), kCalcUsage);
}

} // namespace mltco::cli

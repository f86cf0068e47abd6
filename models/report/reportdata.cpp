#include "models/report/reportdata.h"

#include "models/report/format.h"
#include "models/report/problemtext.h"
#include "models/report/summary.h"
#include "models/tco/breakeven.h"
#include "models/plan/parameters.h"
#include "models/tco/workload.h"

#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace mltco::report {
namespace {

bool isMoneyUnit(const QString &unit) { return unit.startsWith(QLatin1String("USD")); }
bool isFractionUnit(const QString &unit) { return unit.startsWith(QLatin1String("fraction")); }

QString tiersText(const std::vector<tco::BulkTier> &tiers)
{
    if (tiers.empty())
        return QStringLiteral("none");
    QStringList parts;
    for (const tco::BulkTier &t : tiers)
        parts << QStringLiteral("%1 from %2 servers").arg(percent(t.fraction), QString::number(t.minServers));
    return parts.join(QLatin1String("; "));
}

QString defaultSource(const tco::ParameterInfo &info)
{
    const QString source = QString::fromUtf8(info.source);
    if (source.isEmpty())
        return QStringLiteral("default");
    return source == QLatin1String("assumption") ? QStringLiteral("default (assumption)")
                                                 : QStringLiteral("default (%1)").arg(source);
}

/// Seed files named in a text ("000_8df8b20412f607fd.txt").
QStringList seedFilesIn(const QString &text)
{
    static const QRegularExpression seed(QStringLiteral("\\b(\\d{3}_[0-9a-f]{16}\\.txt)"));
    QStringList files;
    for (auto it = seed.globalMatch(text); it.hasNext();)
        files << it.next().captured(1);
    return files;
}

// The unit as a reader wants it beside a value already written with its sign: "$12.24" "per hour", not "USD/hour";
// "15.0 %" alone, not beside "fraction"; "0.0 %" "per year", "30.0 %" "of list price".
QString unitInWords(const QString &unit)
{
    if (unit == QLatin1String("USD") || unit == QLatin1String("fraction"))
        return {};
    if (unit.startsWith(QLatin1String("USD/")))
        return QStringLiteral("per ") + unit.mid(4);
    if (unit.startsWith(QLatin1String("fraction ")))
        return unit.mid(9);
    return unit;
}

// "AWS p3.8xlarge, us-east-1, on demand": an instance as the report names it.
QString instanceInWords(const tco::InstanceRef &ref)
{
    QStringList parts{ref.provider.toUpper() + QLatin1Char(' ') + ref.name};
    if (!ref.region.isEmpty())
        parts << ref.region;
    if (!ref.pricing.isEmpty())
        parts << QString(ref.pricing).replace(QLatin1Char('_'), QLatin1Char(' '));
    return parts.join(QStringLiteral(", "));
}

AssumptionRow assumptionRow(tco::ParamId id, const QString &value, const QString &source, const QString &note = {})
{
    const tco::ParameterInfo &info = tco::parameterInfo(id);
    return AssumptionRow{QString::fromUtf8(info.label), value, unitInWords(QString::fromUtf8(info.unit)), source, note,
                         false};
}

bool isCatalogParameter(tco::ParamId id)
{
    return id == tco::ParamId::RatePerHour || id == tco::ParamId::GpusPerInstance || id == tco::ParamId::Speedup;
}

std::optional<double> catalogValue(const tco::ResolvedInstance &r, tco::ParamId id)
{
    switch (id) {
    case tco::ParamId::RatePerHour:
        return r.ratePerHour;
    case tco::ParamId::GpusPerInstance:
        return r.gpusPerInstance;
    case tco::ParamId::Speedup:
        return r.speedup;
    default:
        return std::nullopt;
    }
}

ScenarioSection scenarioSection(const tco::PlanScenario &planned, const tco::EvaluatedScenario &evaluated,
                                const QString &currency, std::optional<double> planElectricity)
{
    ScenarioSection section{planned.name, tco::scenarioKindKey(planned.kind()), planned.notes, {}};
    const std::optional<tco::ResolvedInstance> &resolved = evaluated.instance;
    if (planned.instance) {
        AssumptionRow instanceRow{QStringLiteral("Catalog instance"), instanceInWords(*planned.instance), QString(),
                                  resolved ? QStringLiteral("catalog: %1, %2")
                                                 .arg(resolved->source, reportDate(resolved->observedAt))
                                           : QStringLiteral("plan"),
                                  planned.assumptions.value(QStringLiteral("instance")), false};
        section.assumptions << instanceRow;
    }
    for (tco::ParamId id : tco::scenarioParameters(planned.kind())) {
        const tco::ParameterInfo &info = tco::parameterInfo(id);
        const QString key = QString::fromUtf8(info.key);
        const bool given = tco::isGiven(planned.given, id);
        QString value;
        if (id == tco::ParamId::BulkDiscounts) {
            const auto *purchase = std::get_if<tco::PurchaseScenario>(&evaluated.scenario);
            value = purchase ? tiersText(purchase->bulkDiscounts) : QString();
        } else if (id == tco::ParamId::Purchases) {
            const auto *purchase = std::get_if<tco::PurchaseScenario>(&evaluated.scenario);
            if (!purchase || purchase->purchases.empty())
                continue; // none: the servers of month 1 are all
            QStringList entries;
            for (const tco::ScheduledPurchase &p : purchase->purchases)
                entries << QStringLiteral("%1 in month %2").arg(p.servers).arg(p.month);
            value = entries.join(QStringLiteral(", "));
        } else if (id == tco::ParamId::Boxes && !tco::parameterValue(evaluated.scenario, id)) {
            value = QStringLiteral("engineers × boxes per engineer");
        } else if (id == tco::ParamId::DepreciationMonths && !tco::parameterValue(evaluated.scenario, id)) {
            value = QStringLiteral("the holding period");
        } else if (id == tco::ParamId::Terms) {
            const auto *reserved = std::get_if<tco::ReservedScenario>(&evaluated.scenario);
            QStringList entries;
            for (const tco::ReservedTerm &t : reserved ? reserved->terms : std::vector<tco::ReservedTerm>{})
                entries << QStringLiteral("%1 from month %2 for %3 months").arg(t.instances).arg(t.startMonth).arg(t.termMonths);
            value = entries.isEmpty() ? QStringLiteral("none") : entries.join(QStringLiteral(", "));
        } else if (id == tco::ParamId::Layers) {
            const auto *mix = std::get_if<tco::MixScenario>(&evaluated.scenario);
            value = mix ? mix->layers.join(QStringLiteral(", then ")) : QString();
        } else if (const auto *mix = std::get_if<tco::MixScenario>(&evaluated.scenario);
                   mix && info.type == tco::ParamType::ScenarioName) {
            value = mix->burst.isEmpty() ? QStringLiteral("none (what the layers cannot serve is unmet)") : mix->burst;
        } else if (info.type == tco::ParamType::ScenarioName) {
            const auto &hybrid = std::get<tco::HybridScenario>(evaluated.scenario);
            value = id == tco::ParamId::Base ? hybrid.base : hybrid.burst;
        } else if (const auto *purchase = std::get_if<tco::PurchaseScenario>(&evaluated.scenario);
                   id == tco::ParamId::ElectricityPerKwh && purchase && purchase->electricityFromPlan && planElectricity) {
            value = formatParameter(id, *planElectricity, currency); // the plan's price, which this purchase pays
        } else if (const std::optional<double> v = tco::parameterValue(evaluated.scenario, id)) {
            value = info.type == tco::ParamType::Boolean ? (*v != 0 ? QStringLiteral("yes") : QStringLiteral("no"))
                                                          : formatParameter(id, *v, currency);
        } else {
            continue;
        }
        AssumptionRow r = assumptionRow(id, value, QString(), planned.assumptions.value(key));
        // A plain flag and number rather than std::optional: GCC 12 at -O2 misreads the optional here
        // (-Wmaybe-uninitialized).
        double catalogNumber = 0;
        bool hasCatalogValue = false;
        if (resolved && isCatalogParameter(id)) {
            if (const std::optional<double> v = catalogValue(*resolved, id)) {
                catalogNumber = *v;
                hasCatalogValue = true;
            }
        }
        if (given) {
            r.source = planned.assumptions.contains(key) ? QStringLiteral("plan (assumption)") : QStringLiteral("plan");
            const std::optional<double> stated = tco::parameterValue(planned.scenario, id);
            if (hasCatalogValue && stated && catalogNumber != *stated) {
                r.overridesCatalog = true;
                const QString was = QStringLiteral("overrides catalog %1 (%2, %3)")
                                        .arg(formatParameter(id, catalogNumber, currency), resolved->source,
                                             reportDate(resolved->observedAt));
                r.note = r.note.isEmpty() ? was : r.note + QStringLiteral("; ") + was;
            }
        } else if (hasCatalogValue && id == tco::ParamId::Speedup &&
                   resolved->speedupOrigin == tco::SpeedupOrigin::Estimated) {
            r.source = QStringLiteral("estimated from datasheets: %1").arg(resolved->speedupBasis);
        } else if (hasCatalogValue) {
            r.source = QStringLiteral("catalog: %1, %2").arg(resolved->source, reportDate(resolved->observedAt));
        } else if (id == tco::ParamId::ElectricityPerKwh && planElectricity) {
            r.source = QStringLiteral("plan (workload)");
        } else {
            r.source = defaultSource(info);
        }
        section.assumptions << r;
    }
    return section;
}

QString scenarioLine(const tco::EvaluatedScenario &s, const QString &currency)
{
    QString line = QStringLiteral("%1 (%2): total %3, NPV %4, %5 a year on average")
                       .arg(s.name, tco::scenarioKindKey(s.kind()), money(s.result.total, currency),
                            money(s.result.npv, currency), money(s.result.averageAnnual, currency));
    if (s.result.hasUnmetDemand())
        line += QStringLiteral(" — serves only %1 of the demand; it is cheaper because it does less")
                    .arg(percent(s.result.demand > 0 ? s.result.served / s.result.demand : 0.0));
    if (const auto *hybrid = std::get_if<tco::HybridScenario>(&s.scenario))
        line += QStringLiteral(" — the base (%1) costs %2, the burst (%3) %4 for %5 of the work")
                    .arg(hybrid->base, money(s.result.total - s.result.burst, currency), hybrid->burst,
                         money(s.result.burst, currency),
                         percent(s.result.demand > 0 ? s.result.burstGpuHours / s.result.demand : 0.0));
    if (const auto *mix = std::get_if<tco::MixScenario>(&s.scenario); mix && !mix->burst.isEmpty())
        line += QStringLiteral(" — the layers (%1) cost %2, the burst (%3) %4 for %5 of the work")
                    .arg(mix->layers.join(QStringLiteral(", ")), money(s.result.total - s.result.burst, currency),
                         mix->burst, money(s.result.burst, currency),
                         percent(s.result.demand > 0 ? s.result.burstGpuHours / s.result.demand : 0.0));
    const std::vector<tco::MonthRow> &months = s.result.months;
    if (!s.fleetKey().isEmpty() && months.size() > 1 && months.back().fleet != months.front().fleet)
        line += QStringLiteral("; its %1 go from %2 to %3").arg(s.fleetKey(), grouped(months.front().fleet, 0),
                                                               grouped(months.back().fleet, 0));
    return line + QLatin1Char('.');
}

QString servers(int count)
{
    return count == 1 ? QStringLiteral("1 server") : QStringLiteral("%1 servers").arg(count);
}

QStringList summarize(const tco::Plan &plan, const tco::PlanResult &result)
{
    QStringList out;
    if (result.scenarios.empty())
        return {QStringLiteral("The plan has no scenarios.")};
    // The cheapest among scenarios that serve all the demand; one that does less is not a like-for-like saving.
    const int best = tco::cheapestMeetingDemand(result);
    const tco::EvaluatedScenario *cheapest = best >= 0 ? &result.scenarios[static_cast<std::size_t>(best)] : nullptr;
    const tco::EvaluatedScenario &baseline = result.scenarios.front();
    if (cheapest) {
        out << QStringLiteral("Cheapest scenario that meets all demand: %1, at %2 over %3 months (NPV %4).")
                   .arg(cheapest->name, money(cheapest->result.total, result.currency),
                        QString::number(result.workload.horizonMonths), money(cheapest->result.npv, result.currency));
        if (cheapest != &baseline) {
            const double saving = baseline.result.total - cheapest->result.total;
            out << QStringLiteral("Against the baseline, %1, it saves %2 (%3).")
                       .arg(baseline.name, money(saving, result.currency),
                            percent(baseline.result.total != 0 ? saving / baseline.result.total : std::optional<double>()));
        } else {
            out << QStringLiteral("The baseline (%1) is itself the cheapest scenario.").arg(baseline.name);
        }
    } else {
        out << QStringLiteral("No scenario meets all of the demand.");
    }
    if (result.workload.taxRate > 0.0)
        out << QStringLiteral("Every figure is after tax at %1: costs are deducted, servers depreciated and gains on "
                              "sale taxed, assuming other taxable profit to offset.")
                   .arg(percent(result.workload.taxRate));
    for (const tco::EvaluatedScenario &s : result.scenarios)
        out << scenarioLine(s, result.currency);
    for (const tco::EvaluatedBreakEven &b : result.breakeven) {
        out << breakEvenSentence(b, result.workload.horizonMonths);
        const tco::EvaluatedScenario *purchase = nullptr;
        const tco::EvaluatedScenario *cloud = nullptr;
        for (const tco::EvaluatedScenario &s : result.scenarios) {
            if (s.name == b.request.purchase)
                purchase = &s;
            if (s.name == b.request.cloud)
                cloud = &s;
        }
        if (purchase && cloud) {
            const std::optional<int> month = tco::breakEvenMonth(purchase->result, cloud->result);
            out << (month ? QStringLiteral("At the plan's own sizes, %1 pays back against %2 in month %3.")
                                .arg(purchase->name, cloud->name, QString::number(*month))
                          : QStringLiteral("At the plan's own sizes, %1 does not pay back against %2 within %3 months.")
                                .arg(purchase->name, cloud->name, QString::number(result.workload.horizonMonths)));
        }
    }
    Q_UNUSED(plan);
    return out;
}

} // namespace

QString reportDate(const QDate &date)
{
    return date.isValid() ? QLocale(QLocale::English).toString(date, QStringLiteral("d MMMM yyyy")) : QStringLiteral("undated");
}

QString formatParameter(tco::ParamId id, double value, const QString &currency)
{
    if (tco::parameterInfo(id).type == tco::ParamType::Choice)
        return tco::parameterChoices(id).value(static_cast<qsizetype>(value));
    const QString unit = QString::fromUtf8(tco::parameterInfo(id).unit);
    if (isMoneyUnit(unit))
        return money(value, currency);
    if (isFractionUnit(unit))
        return percent(value);
    if (tco::parameterInfo(id).type == tco::ParamType::Integer)
        return grouped(value, 0);
    const double rounded2 = std::round(value * 100) / 100;
    return grouped(value, rounded2 == value ? (std::round(value) == value ? 0 : 2) : 4);
}

QString breakEvenSentence(const tco::EvaluatedBreakEven &b, int horizonMonths)
{
    const QString over = horizonInWords(horizonMonths);
    if (const auto &f = b.result.fleet) {
        if (f->demandScale <= 0.0)
            return QStringLiteral("Owning %1 costs less than paying per use for %2 over %3 at any demand: the servers "
                                  "cost less than what %2 costs even with no work.")
                .arg(b.request.purchase, b.request.cloud, over);
        if (!f->reachable)
            return QStringLiteral("Paying per use for %1 costs less than owning %2 over %3 at any demand the servers can "
                                  "serve: owning would catch up only at %4 times the work they can do (%5 reference "
                                  "GPU-hours a month; the plan needs %6).")
                .arg(b.request.cloud, b.request.purchase, over, grouped(f->utilization, 1),
                     grouped(f->demandGpuHoursPerMonth, 0), grouped(f->planDemandGpuHoursPerMonth, 0));
        return QStringLiteral("Owning %1 costs less than paying per use for %2 over %3 once the servers are busy %4 of "
                              "the time (%5 reference GPU-hours a month; the plan needs %6).")
            .arg(b.request.purchase, b.request.cloud, over, percent(f->utilization, 0),
                 grouped(f->demandGpuHoursPerMonth, 0), grouped(f->planDemandGpuHoursPerMonth, 0));
    }
    const int max = b.request.maxServers;
    const QString rented = b.request.basis == tco::BreakEvenBasis::Capacity
                               ? QStringLiteral("renting %1 of equal throughput").arg(b.request.cloud)
                               : QStringLiteral("renting as many %1 instances").arg(b.request.cloud);
    if (!b.result.servers)
        return QStringLiteral("Renting %1 costs less than buying any number of servers (%2) from 1 to %3 over %4.")
            .arg(b.request.cloud, b.request.purchase)
            .arg(max)
            .arg(over);
    const int from = *b.result.servers;
    if (b.result.staysCheaper)
        return QStringLiteral("Buying %1 or more servers (%2) costs less than %3 over %4 (compared up to %5).")
            .arg(QString::number(from), b.request.purchase, rented, over, servers(max));
    return QStringLiteral("Buying %1 (%2) costs less than %3 over %4, though not at every larger count up to %5.")
        .arg(servers(from), b.request.purchase, rented, over, servers(max));
}

QString counterpartSentence(const tco::PlanResult &result, const tco::HeadlineBreakEven &headline)
{
    if (headline.cloud < 0 || static_cast<std::size_t>(headline.cloud) >= result.scenarios.size())
        return {};
    const QString &cloud = result.scenarios[static_cast<std::size_t>(headline.cloud)].name;
    return headline.cloudMeetsDemand
               ? QStringLiteral("Owning is measured against %1, the cheapest cloud option that meets the demand.").arg(cloud)
               : QStringLiteral("Owning is measured against %1, the cheapest cloud option; no cloud option meets all the "
                                "demand.")
                     .arg(cloud);
}

QStringList ratesUsedText(const tco::PlanResult &result)
{
    QStringList lines;
    for (const tco::FxUse &fx : result.fxUsed())
        lines << QStringLiteral("1 %1 = %2 %3 (rate of %4; %5)")
                     .arg(result.currency, QString::number(fx.rate, 'g', 6), fx.currency,
                          fx.date.toString(Qt::ISODate), fx.source);
    return lines;
}

QString demandText(const tco::Workload &w)
{
    // In words a board reads: GPU-hours of the reference GPU (a V100), not "reference GPU-hours".
    QStringList parts{QStringLiteral("%1 V100-equivalent GPU-hours a month").arg(grouped(std::max(0.0, w.demandGpuHours), 0))};
    for (const tco::DemandStep &step : w.demandSteps)
        parts << QStringLiteral("%1 from month %2").arg(grouped(step.gpuHours, 0), QString::number(step.month));
    if (w.demandGrowth != 0.0)
        parts << QStringLiteral("growing %1 a year").arg(percent(w.demandGrowth));
    if (parts.size() > 1) {
        const tco::DemandPeak peak = tco::demandPeak(w);
        parts << QStringLiteral("peak %1 in month %2").arg(grouped(peak.gpuHours, 0), QString::number(peak.month));
    }
    return parts.join(QStringLiteral("; "));
}

ReportData assembleReport(const tco::Plan &plan, const tco::PlanResult &result,
                          const QList<catalog::Source> &catalogSources, const QString &documentName, const QDate &date)
{
    ReportData data;
    data.planName = plan.name;
    data.currency = result.currency;
    data.ratesUsed = ratesUsedText(result);
    data.documentName = documentName;
    data.date = date;
    data.horizonMonths = result.workload.horizonMonths;
    data.discountRate = percent(result.workload.discountRate);
    data.priceTrend = percent(result.workload.cloudPriceTrend);
    data.taxView = result.workload.taxRate > 0.0 ? QStringLiteral("after tax at %1").arg(percent(result.workload.taxRate))
                                                 : QStringLiteral("before tax (cash)");
    data.demand = demandText(result.workload);
    // In the plan's words: the scenario's name and the field's label, not the engine's path.
    data.warnings = leftOutText(result, plan);
    for (const QStringList *lines : {&result.warnings, &result.notes})
        for (const QString &line : *lines)
            data.warnings << problemText(line, plan);
    data.modelVersion = QStringLiteral("mltco calculation model, version %1 (docs/model.md)").arg(kModelVersion);
    data.summary = summarize(plan, result);
    data.executive = executiveSummary(plan, result);

    QSet<QString> usedKeys;    // catalog source keys a shown number depends on
    QSet<QString> seedFiles;   // seed articles named by defaults and assumptions
    for (tco::ParamId id : tco::workloadParameters()) {
        const tco::ParameterInfo &info = tco::parameterInfo(id);
        const QString key = QString::fromUtf8(info.key);
        const std::optional<double> v = tco::parameterValue(result.workload, id);
        if (!v)
            continue;
        const bool given = tco::isGiven(plan.workloadGiven, id);
        data.workload << assumptionRow(id, info.type == tco::ParamType::Choice ? QString() : formatParameter(id, *v, result.currency),
                             given ? (plan.workloadAssumptions.contains(key) ? QStringLiteral("plan (assumption)")
                                                                              : QStringLiteral("plan"))
                                   : defaultSource(info),
                             plan.workloadAssumptions.value(key));
    }
    if (!result.workload.demandSteps.empty())
        data.workload << assumptionRow(tco::ParamId::DemandSteps, demandText(result.workload), QStringLiteral("plan"),
                             plan.workloadAssumptions.value(QStringLiteral("demand_steps")));
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        const tco::EvaluatedScenario &evaluated = result.scenarios[i];
        const tco::PlanScenario *planned = plan.scenario(evaluated.name);
        if (!planned)
            continue;
        data.scenarios << scenarioSection(*planned, evaluated, result.currency, result.workload.electricityPerKwh);
        if (evaluated.instance) {
            usedKeys.insert(evaluated.instance->source);
            const tco::ResolvedInstance &r = *evaluated.instance;
            data.prices << CatalogPriceRow{evaluated.name, instanceInWords(planned->instance.value_or(tco::InstanceRef{})),
                                           QStringLiteral("%1 an hour").arg(unitPrice(r.ratePerHour, 4, result.currency)),
                                           r.gpu.isEmpty() ? grouped(r.gpusPerInstance, 0)
                                                           : QStringLiteral("%1 × %2").arg(grouped(r.gpusPerInstance, 0), r.gpu),
                                           r.observedAt, r.source};
        }
    }
    // A default's article reads by its catalog key ("default (ntropy-2022)"), as the sources appendix lists it.
    QHash<QString, QString> keyOfFile;
    for (const catalog::Source &s : catalogSources)
        if (!s.reference.isEmpty())
            keyOfFile.insert(s.reference, s.key);
    auto collectSeeds = [&](QList<AssumptionRow> &rows) {
        for (AssumptionRow &r : rows) {
            for (const QString &f : seedFilesIn(r.source + QLatin1Char(' ') + r.note)) {
                seedFiles.insert(f);
                if (const auto key = keyOfFile.constFind(f); key != keyOfFile.constEnd()) {
                    r.source.replace(f, *key);
                    r.note.replace(f, *key);
                }
            }
        }
    };
    collectSeeds(data.workload);
    for (ScenarioSection &s : data.scenarios) {
        collectSeeds(s.assumptions);
        for (const QString &f : seedFilesIn(s.notes))
            seedFiles.insert(f);
    }
    for (const QString &f : seedFilesIn(plan.notes))
        seedFiles.insert(f);
    for (const catalog::Source &s : catalogSources) {
        if (usedKeys.contains(s.key) || seedFiles.contains(s.reference))
            data.sources << SourceRow{s.key, s.kind, s.title, s.reference, s.publishedOn};
        seedFiles.remove(s.reference);
    }
    QStringList rest = seedFiles.values(); // seed files the document's catalog does not list
    rest.sort();
    for (const QString &f : rest)
        data.sources << SourceRow{f, QStringLiteral("seed"), QStringLiteral("Seed article"), f, QDate()};
    std::stable_sort(data.sources.begin(), data.sources.end(),
                     [](const SourceRow &a, const SourceRow &b) { return a.key < b.key; });
    return data;
}

} // namespace mltco::report

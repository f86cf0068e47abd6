#include "models/report/summary.h"

#include "models/report/fleetreport.h"

#include "models/report/format.h"
#include "models/report/problemtext.h"
#include "models/report/reportdata.h"
#include "models/analytics/analysis.h"
#include "models/tco/breakeven.h"
#include "models/plan/parameters.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>

namespace mltco::report {

namespace {

// Owned or layered: measured against the cheapest cloud option, with a payback month.
bool isOwnedOrLayered(tco::ScenarioKind kind)
{
    return kind == tco::ScenarioKind::Purchase || kind == tco::ScenarioKind::Hybrid || kind == tco::ScenarioKind::Mix;
}

// What the recommendation is measured against: an owned option against the cheapest cloud one (the question the
// plan asks), a cloud or hybrid option against the next cheapest of any other kind, else the next cheapest.
int alternativeTo(const tco::PlanResult &result, int best)
{
    const tco::ScenarioKind kind = result.scenarios[static_cast<std::size_t>(best)].kind();
    int alternative = -1;
    if (isOwnedOrLayered(kind))
        alternative = tco::cheapestMeetingDemand(result, [&](std::size_t i) { return tco::isCloudKind(result.scenarios[i].kind()); });
    if (alternative < 0)
        alternative = tco::cheapestMeetingDemand(result, [&](std::size_t i) { return static_cast<int>(i) != best; });
    return alternative;
}

QString serverCount(double count)
{
    const auto n = static_cast<long long>(std::llround(count));
    return n == 1 ? QStringLiteral("1 server") : QStringLiteral("%1 servers").arg(n);
}

// "Buy 1 server", "Buy 2 servers, growing to 4 as demand grows".
QString buyWords(const tco::EvaluatedScenario &s)
{
    const auto *purchase = std::get_if<tco::PurchaseScenario>(&s.scenario);
    const double first = s.result.months.empty() ? 0.0 : s.result.months.front().fleet;
    const double peak = s.result.peakFleet.value_or(first);
    if (purchase && peak > first + 0.5)
        return QStringLiteral("Buy %1, growing to %2 as demand grows").arg(serverCount(first)).arg(std::llround(peak));
    return QStringLiteral("Buy %1").arg(serverCount(purchase ? std::max(first, double(purchase->servers)) : first));
}

QString share(double part, double whole)
{
    return whole > 0.0 ? percent(part / whole, 0) : QStringLiteral("n/a");
}

// Preemptible capacity is recommended only with its risk in the same breath: the provider can take it back, and the
// figures hold only as far as the plan's assumption about interruptions does. Empty for capacity that is not.
QString interruptionRisk(const tco::Plan &plan, const tco::PlanResult &result, const tco::EvaluatedScenario &best)
{
    const tco::EvaluatedScenario *elastic = &best;
    if (best.burstPart && *best.burstPart < result.scenarios.size())
        elastic = &result.scenarios[*best.burstPart];
    const auto *e = std::get_if<tco::ElasticScenario>(&elastic->scenario);
    if (!e)
        return {};
    const tco::PlanScenario *planned = plan.scenario(elastic->name);
    const QString pricing = planned && planned->instance ? planned->instance->pricing : QString();
    const bool preemptible = e->preemptionsPerJob > 0.0 || pricing == QLatin1String("preemptible") ||
                             pricing == QLatin1String("spot");
    if (!preemptible)
        return {};
    const QString what = elastic == &best ? QStringLiteral("It runs on") : QStringLiteral("Its burst (%1) runs on").arg(elastic->name);
    if (e->preemptionsPerJob <= 0.0)
        return QStringLiteral(" %1 preemptible capacity, which the provider can take back at short notice, and the plan "
                              "assumes no interruptions: set its preemptions per job to see what they cost.")
            .arg(what);
    const auto hours = [](double h) {
        return h == 1.0 ? QStringLiteral("1 hour") : QStringLiteral("%1 hours").arg(grouped(h, fewestDecimals(h, 2)));
    };
    const double per100 = e->preemptionsPerJob * 100.0;
    return QStringLiteral(" %1 preemptible capacity, which the provider can take back at short notice: the figures "
                          "include about %2 interruptions in 100 jobs, each redoing up to %3 of work since the last "
                          "checkpoint and %4 to restart; work that cannot wait needs capacity that is not preemptible.")
        .arg(what, grouped(per100, fewestDecimals(per100, 1)), hours(e->checkpointIntervalHours), hours(e->restartHours));
}

QString recommendationSentence(const tco::Plan &plan, const tco::PlanResult &result, const ExecutiveSummary &summary)
{
    const QString over = horizonInWords(result.workload.horizonMonths);
    if (summary.recommended < 0) {
        // Nothing does all the work: name the one that comes closest, and say that the plan needs changing.
        const tco::EvaluatedScenario *closest = nullptr;
        for (const tco::EvaluatedScenario &s : result.scenarios)
            if (!closest || s.result.unmet < closest->result.unmet)
                closest = &s;
        if (!closest)
            return QStringLiteral("The plan has no scenarios to compare.");
        return QStringLiteral("No option meets all of the demand: the closest, %1, leaves %2 of it undone. Size the "
                              "options to the demand before choosing.")
            .arg(closest->name, share(closest->result.unmet, closest->result.demand));
    }
    const tco::EvaluatedScenario &best = result.scenarios[static_cast<std::size_t>(summary.recommended)];
    const tco::ScenarioKind kind = best.kind();
    QString action;
    switch (kind) {
    case tco::ScenarioKind::Purchase:
        action = QStringLiteral("%1 (%2)").arg(buyWords(best), best.name);
        break;
    case tco::ScenarioKind::Hybrid:
        action = QStringLiteral("Own a base and burst to the cloud (%1)").arg(best.name);
        break;
    case tco::ScenarioKind::Mix:
        action = QStringLiteral("Layer owned and reserved capacity and burst the rest (%1)").arg(best.name);
        break;
    default:
        action = QStringLiteral("Use %1 (%2)").arg(best.name, kindInWords(kind));
        break;
    }
    const QString risk = interruptionRisk(plan, result, best);
    if (summary.alternative < 0)
        return QStringLiteral("%1: the only option that meets all of the demand, at %2 over %3.")
                   .arg(action, moneyCompact(best.result.total, result.currency), over) +
               risk;
    const tco::EvaluatedScenario &alt = result.scenarios[static_cast<std::size_t>(summary.alternative)];
    const double saving = alt.result.total - best.result.total;
    // Within half a percent the figures do not choose: say so rather than crown a winner by rounding.
    if (std::fabs(saving) <= 0.005 * std::max(std::fabs(alt.result.total), std::fabs(best.result.total)))
        return QStringLiteral("%1 and %2 cost the same within 0.5 % over %3 (%4 and %5): choose on other grounds.")
            .arg(best.name, alt.name, over, moneyCompact(best.result.total, result.currency),
                 moneyCompact(alt.result.total, result.currency));
    const QString against = isOwnedOrLayered(kind)
                                ? (tco::isCloudKind(alt.kind()) ? QStringLiteral("the cheapest cloud option, %1").arg(alt.name)
                                                       : QStringLiteral("the next cheapest option, %1").arg(alt.name))
                                : QStringLiteral("the next cheapest, %1").arg(alt.name);
    QString sentence = QStringLiteral("%1: %2 (%3) less than %4, over %5")
                           .arg(action, moneyCompact(saving, result.currency), share(saving, alt.result.total), against,
                                over);
    if ((isOwnedOrLayered(kind)) && summary.paybackMonth)
        sentence += *summary.paybackMonth <= 1 ? QStringLiteral(", cheaper from the first month")
                                               : QStringLiteral(", paying back in month %1").arg(*summary.paybackMonth);
    if (summary.owningIrr)
        sentence += QStringLiteral(" (an annual return on owning of %1)").arg(percent(*summary.owningIrr));
    return sentence + QLatin1Char('.') + risk;
}

// A choice the plan makes (how many boxes, servers or nodes, hours on, how much to commit, how long to hold),
// not an assumption about the world: moving it answers a different question, so it is not what the answer hangs on.
bool isDecision(tco::ParamId id)
{
    switch (id) {
    case tco::ParamId::Engineers:
        return false; // the team's size is an assumption ("what if the team doubles")
    case tco::ParamId::BoxesPerEngineer:
    case tco::ParamId::HoursOn:
    case tco::ParamId::TargetUtilization:
    case tco::ParamId::CommitFraction:
    case tco::ParamId::CommitUpfrontFraction:
    case tco::ParamId::GpusPerInstance:
        return true;
    default:
        return tco::parameterInfo(id).type != tco::ParamType::Number; // counts, terms, periods and choices
    }
}

// The inputs the choice between the recommendation and its alternative hangs on, from the tornado of those two
// (both scenarios and the workload they share). Only the two are evaluated, with whatever they are evaluated from
// (a hybrid's base and burst, a mix's layers and burst).
std::vector<Sensitivity> sensitivities(const tco::Plan &plan, const tco::PlanResult &result, int best, int alt)
{
    std::vector<std::size_t> wanted{static_cast<std::size_t>(best), static_cast<std::size_t>(alt)};
    const tco::PlanResult pair = tco::subsetOf(result, wanted);
    const tco::PlanResult *base = &pair;
    const QString bestName = result.scenarios[static_cast<std::size_t>(best)].name;
    const QString altName = result.scenarios[static_cast<std::size_t>(alt)].name;
    const double bestTotal = result.scenarios[static_cast<std::size_t>(best)].result.total;
    const double altTotal = result.scenarios[static_cast<std::size_t>(alt)].result.total;

    // Per input (whose, which parameter): both totals at the low and at the high point.
    struct Moved final
    {
        const tco::TornadoEntry *entry = nullptr;
        double bestLow, bestHigh, altLow, altHigh;
    };
    std::map<std::pair<QString, int>, Moved> moved;
    const std::vector<tco::TornadoEntry> bars = tco::tornado(plan, *base); // `moved` points into it
    for (const tco::TornadoEntry &e : bars) {
        if ((e.scenario != bestName && e.scenario != altName) || isDecision(e.parameter))
            continue;
        auto [it, added] = moved.try_emplace({e.target, static_cast<int>(e.parameter)},
                                             Moved{&e, bestTotal, bestTotal, altTotal, altTotal});
        (e.scenario == bestName ? it->second.bestLow : it->second.altLow) = e.totalLow;
        (e.scenario == bestName ? it->second.bestHigh : it->second.altHigh) = e.totalHigh;
    }
    const double saving = altTotal - bestTotal;
    std::vector<Sensitivity> out;
    std::vector<double> impact;
    for (const auto &[key, m] : moved) {
        const tco::ParameterInfo &info = tco::parameterInfo(m.entry->parameter);
        Sensitivity s;
        const QString label = QString::fromUtf8(info.label);
        s.input = m.entry->target == QLatin1String("workload") ? label
                                                               : QStringLiteral("%1 of %2").arg(label, m.entry->target);
        s.base = formatParameter(m.entry->parameter, m.entry->base, result.currency);
        s.low = formatParameter(m.entry->parameter, m.entry->low, result.currency);
        s.high = formatParameter(m.entry->parameter, m.entry->high, result.currency);
        s.savingLow = m.altLow - m.bestLow;
        s.savingHigh = m.altHigh - m.bestHigh;
        impact.push_back(std::max(std::fabs(s.savingLow - saving), std::fabs(s.savingHigh - saving)));
        out.push_back(std::move(s));
    }
    std::vector<std::size_t> order(out.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return impact[a] > impact[b]; });
    std::vector<Sensitivity> top;
    for (std::size_t k = 0; k < order.size() && top.size() < 2; ++k) {
        if (impact[order[k]] <= 1e-9 * std::max(1.0, std::fabs(altTotal)))
            break;
        Sensitivity s = out[order[k]];
        const double lo = std::min(s.savingLow, s.savingHigh);
        const double hi = std::max(s.savingLow, s.savingHigh);
        const QString range = QStringLiteral("%1 (%2 to %3, now %4)").arg(s.input, s.low, s.high, s.base);
        if (lo > 0.0)
            s.sentence = QStringLiteral("%1: %2 stays cheaper, by %3 to %4.")
                             .arg(range, bestName, moneyCompact(lo, result.currency), moneyCompact(hi, result.currency));
        else
            s.sentence = QStringLiteral("%1: %2 would be cheaper by %3 at %4.")
                             .arg(range, altName, moneyCompact(-lo, result.currency),
                                  s.savingLow < s.savingHigh ? s.low : s.high);
        top.push_back(std::move(s));
    }
    return top;
}

} // namespace

QString kindInWords(tco::ScenarioKind kind)
{
    switch (kind) {
    case tco::ScenarioKind::Dedicated:
        return QStringLiteral("cloud, always on");
    case tco::ScenarioKind::Cluster:
        return QStringLiteral("cloud cluster");
    case tco::ScenarioKind::Elastic:
        return QStringLiteral("pay-per-use cloud");
    case tco::ScenarioKind::Purchase:
        return QStringLiteral("owned servers");
    case tco::ScenarioKind::Reserved:
        return QStringLiteral("reserved cloud capacity");
    case tco::ScenarioKind::Mix:
        return QStringLiteral("layers of capacity, cloud burst");
    case tco::ScenarioKind::Hybrid:
        break;
    }
    return QStringLiteral("owned base, cloud burst");
}

QString owningReturnSentence(const tco::PlanResult &result, std::size_t position)
{
    const std::optional<tco::OwningVersusCloud> v = tco::owningVersusCloud(result, position);
    if (!v)
        return {};
    const tco::EvaluatedScenario &own = result.scenarios[position];
    const tco::EvaluatedScenario &cloud = result.scenarios[static_cast<std::size_t>(v->cloud)];
    const QString payback = !v->paybackMonth       ? QStringLiteral("no payback within %1")
                                                         .arg(horizonInWords(result.workload.horizonMonths))
                            : *v->paybackMonth <= 1 ? QStringLiteral("cheaper from the first month")
                                                    : QStringLiteral("pays back in month %1").arg(*v->paybackMonth);
    QString irr;
    if (v->irr && *v->irr < 0.0) {
        // A negative return: owning never earns back what it costs beyond renting; the rate says how far short.
        irr = QStringLiteral("owning never earns back its extra outlay (as a return, %1 a year: it loses against "
                             "renting)")
                  .arg(percent(*v->irr));
    } else if (v->irr) {
        irr = QStringLiteral("an annual return on owning of %1").arg(percent(*v->irr));
    } else {
        // No rate makes the flows (cloud - owned, month by month) sum to nothing: they never change sign.
        bool saves = false;
        for (std::size_t m = 0; m < own.result.months.size() && m < cloud.result.months.size(); ++m)
            saves = saves || cloud.result.months[m].total > own.result.months[m].total;
        irr = saves ? QStringLiteral("owning costs less every month, so there is no outlay to earn a return on")
                    : QStringLiteral("owning saves nothing in any month, so it earns no return");
    }
    const bool meets = tco::owningCounterpart(result).meetsDemand;
    return QStringLiteral("Owning (%1) instead of renting %2 (the cheapest cloud option%3): %4; %5.")
        .arg(own.name, cloud.name, meets ? QStringLiteral(" that meets the demand") : QString(), payback, irr);
}

QString howSureSentence(const ExecutiveSummary &summary, const tco::AnalysisResult &risk)
{
    if (summary.recommended < 0 || summary.recommended >= static_cast<int>(summary.rows.size()) || risk.trials <= 0)
        return {};
    const QString &name = summary.rows[static_cast<std::size_t>(summary.recommended)].name;
    for (const tco::ScenarioRisk &r : risk.scenarios) {
        if (r.name != name)
            continue;
        return QStringLiteral("How sure: %1 is the cheapest in %2 of %3 futures drawn from the plan's uncertain inputs; "
                              "its total lies between %4 and %5 in 8 of 10 (P10 to P90).")
            .arg(name, percent(r.pCheapest, 0), grouped(risk.trials, 0), moneyCompact(r.total.p10, risk.currency),
                 moneyCompact(r.total.p90, risk.currency));
    }
    return {};
}

QString horizonInWords(int months)
{
    if (months > 0 && months % 12 == 0)
        return months == 12 ? QStringLiteral("1 year") : QStringLiteral("%1 years").arg(months / 12);
    return months == 1 ? QStringLiteral("1 month") : QStringLiteral("%1 months").arg(months);
}

QString categoryWords(tco::Category category)
{
    switch (category) {
    case tco::Category::Compute: return QStringLiteral("compute");
    case tco::Category::Capex: return QStringLiteral("capex");
    case tco::Category::Resale: return QStringLiteral("resale and residual");
    case tco::Category::Financing: return QStringLiteral("financing");
    case tco::Category::Facilities: return QStringLiteral("facilities");
    case tco::Category::Power: return QStringLiteral("power");
    case tco::Category::Failures: return QStringLiteral("hardware failures");
    case tco::Category::Staff: return QStringLiteral("staff");
    case tco::Category::Overhead: return QStringLiteral("overhead");
    case tco::Category::Tax: return QStringLiteral("tax");
    }
    return {};
}

CategoryGap categoryGap(const tco::PlanResult &result, int a, int b)
{
    CategoryGap gap;
    gap.a = a;
    gap.b = b;
    const tco::ScenarioResult &ra = result.scenarios.at(static_cast<std::size_t>(a)).result;
    const tco::ScenarioResult &rb = result.scenarios.at(static_cast<std::size_t>(b)).result;
    for (std::size_t c = 0; c < tco::kCategoryCount; ++c) {
        gap.difference[c] = ra.npvByCategory[c] - rb.npvByCategory[c];
        gap.total += gap.difference[c];
    }
    return gap;
}

std::vector<tco::Category> gapCategoriesBySize(const CategoryGap &gap)
{
    std::vector<tco::Category> order;
    for (tco::Category c : tco::kCategories)
        if (std::fabs(gap.difference[static_cast<std::size_t>(c)]) >= 0.5)
            order.push_back(c);
    std::stable_sort(order.begin(), order.end(), [&](tco::Category x, tco::Category y) {
        return std::fabs(gap.difference[static_cast<std::size_t>(x)]) > std::fabs(gap.difference[static_cast<std::size_t>(y)]);
    });
    return order;
}

int nextCheapest(const tco::PlanResult &result, int recommended)
{
    return tco::cheapestMeetingDemand(result, [recommended](std::size_t i) { return static_cast<int>(i) != recommended; });
}

QString gapSentence(const tco::PlanResult &result, const CategoryGap &gap)
{
    if (gap.a < 0 || gap.b < 0)
        return {};
    const QString &cur = result.currency;
    const QString a = result.scenarios.at(static_cast<std::size_t>(gap.a)).name;
    const QString b = result.scenarios.at(static_cast<std::size_t>(gap.b)).name;
    const QString over = result.workload.discountRate > 0.0
                             ? QStringLiteral("in present value at %1 a year").arg(percent(result.workload.discountRate))
                             : QStringLiteral("over %1").arg(horizonInWords(result.workload.horizonMonths));
    const double size = std::fabs(gap.total);
    QString head;
    if (size < 0.5)
        head = QStringLiteral("\u201c%1\u201d and \u201c%2\u201d cost the same %3").arg(a, b, over);
    else
        head = QStringLiteral("\u201c%1\u201d costs %2 %3 than \u201c%4\u201d %5")
                   .arg(a, moneyCompact(size, cur), gap.total < 0 ? QStringLiteral("less") : QStringLiteral("more"), b, over);
    // The categories that move, largest first; small ones (under 1 % of the largest) are gathered as the rest.
    double largest = 0.0;
    for (double d : gap.difference)
        largest = std::max(largest, std::fabs(d));
    std::vector<std::size_t> order;
    for (tco::Category c : gapCategoriesBySize(gap))
        if (std::fabs(gap.difference[static_cast<std::size_t>(c)]) >= 0.01 * largest)
            order.push_back(static_cast<std::size_t>(c));
    constexpr std::size_t kNamed = 4;
    QStringList parts;
    double rest = gap.total;
    for (std::size_t k = 0; k < order.size() && k < kNamed; ++k) {
        const auto c = static_cast<tco::Category>(order[k]);
        const double d = gap.difference[order[k]];
        rest -= d;
        const QString amount = moneyCompact(std::fabs(d), cur);
        if (c == tco::Category::Resale)
            parts << QStringLiteral("%1 %2 back at resale").arg(amount, d < 0 ? QStringLiteral("more") : QStringLiteral("less"));
        else
            parts << QStringLiteral("%1 %2 %3").arg(amount, d < 0 ? QStringLiteral("less") : QStringLiteral("more"),
                                                  categoryWords(c));
    }
    if (std::fabs(rest) >= 0.5 && std::fabs(rest) >= 0.005 * std::max(size, largest))
        parts << QStringLiteral("%1 %2 in the rest").arg(moneyCompact(std::fabs(rest), cur),
                                                        rest < 0 ? QStringLiteral("less") : QStringLiteral("more"));
    if (parts.isEmpty())
        return head + QLatin1Char('.');
    QString list = parts.size() == 1 ? parts.front() : parts.mid(0, parts.size() - 1).join(QStringLiteral(", ")) +
                                                           QStringLiteral(" and ") + parts.back();
    return head + QStringLiteral(": ") + list + QLatin1Char('.');
}

ExecutiveSummary executiveSummary(const tco::Plan &plan, const tco::PlanResult &result)
{
    ExecutiveSummary summary;
    summary.planName = result.plan;
    summary.currency = result.currency;
    summary.horizonMonths = result.workload.horizonMonths;
    summary.taxView = result.workload.taxRate > 0.0
                          ? QStringLiteral("after tax at %1").arg(percent(result.workload.taxRate))
                          : QStringLiteral("before tax (cash)");
    summary.question = QStringLiteral("Which way of providing %1 costs least over %2?")
                           .arg(demandText(result.workload), horizonInWords(result.workload.horizonMonths));
    summary.recommended = tco::cheapestMeetingDemand(result);
    if (summary.recommended >= 0)
        summary.alternative = alternativeTo(result, summary.recommended);
    if (summary.recommended >= 0 && summary.alternative >= 0) {
        const tco::ScenarioKind kind = result.scenarios[static_cast<std::size_t>(summary.recommended)].kind();
        if (isOwnedOrLayered(kind))
            summary.paybackMonth =
                tco::breakEvenMonth(result.scenarios[static_cast<std::size_t>(summary.recommended)].result,
                                    result.scenarios[static_cast<std::size_t>(summary.alternative)].result);
        // An owned recommendation's alternative is the cheapest cloud option, the one owningVersusCloud measures by.
        if (const auto v = tco::owningVersusCloud(result, static_cast<std::size_t>(summary.recommended));
            v && v->cloud == summary.alternative)
            summary.owningIrr = v->irr;
    }
    for (std::size_t i = 0; i < result.scenarios.size(); ++i)
        if (const QString sentence = owningReturnSentence(result, i); !sentence.isEmpty())
            summary.owningReturns << sentence;
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        const tco::EvaluatedScenario &s = result.scenarios[i];
        ComparisonRow row;
        row.name = s.name;
        row.kind = kindInWords(s.kind());
        row.total = s.result.total;
        row.npv = s.result.npv;
        row.perYear = s.result.averageAnnual;
        row.costPerServedGpuHour = s.result.costPerServedGpuHour;
        row.costPerMillionTokens = s.result.costPerMillionTokens;
        row.unmetShare = s.result.hasUnmetDemand() && s.result.demand > 0.0 ? s.result.unmet / s.result.demand : 0.0;
        row.recommended = static_cast<int>(i) == summary.recommended;
        summary.rows.push_back(std::move(row));
    }
    summary.recommendation = recommendationSentence(plan, result, summary);
    if (summary.recommended >= 0)
        if (const int next = nextCheapest(result, summary.recommended); next >= 0)
            summary.gap = gapSentence(result, categoryGap(result, summary.recommended, next));
    if (summary.recommended >= 0 && summary.alternative >= 0)
        summary.sensitivities = sensitivities(plan, result, summary.recommended, summary.alternative);
    // The break-even the dashboard shows first, with the counterpart it is against; then the plan's other requests.
    const std::optional<tco::HeadlineBreakEven> headline = tco::headlineBreakEven(result);
    if (headline) {
        summary.buyOrRent = breakEvenSentence(headline->breakEven, result.workload.horizonMonths) + QLatin1Char(' ') +
                            counterpartSentence(result, *headline);
        summary.breakEvens << summary.buyOrRent;
    }
    for (std::size_t i = 0; i < result.breakeven.size(); ++i)
        if (!headline || headline->index != i)
            summary.breakEvens << breakEvenSentence(result.breakeven[i], result.workload.horizonMonths);

    int unmet = 0;
    for (const ComparisonRow &row : summary.rows)
        unmet += row.unmetShare > 0.0 ? 1 : 0;
    if (unmet > 0)
        summary.notes << QStringLiteral("%1 leave%2 part of the demand undone (marked *): cheaper because %3 less, so "
                                        "%4 not recommended.")
                             .arg(unmet == 1 ? QStringLiteral("1 option") : QStringLiteral("%1 options").arg(unmet),
                                  unmet == 1 ? QStringLiteral("s") : QString(),
                                  unmet == 1 ? QStringLiteral("it does") : QStringLiteral("they do"),
                                  unmet == 1 ? QStringLiteral("it is") : QStringLiteral("they are"));
    summary.notes << leftOutText(result, plan);
    summary.notes << QStringLiteral("Figures are %1, over %2; NPV at %3 a year.")
                         .arg(summary.taxView, horizonInWords(summary.horizonMonths), percent(result.workload.discountRate));
    for (std::size_t i = 0; i < summary.rows.size() && i < result.scenarios.size(); ++i)
        if (const auto &instance = result.scenarios[i].instance; instance && instance->rateUsed)
            summary.rows[i].pricesObservedAt = instance->observedAt;
    notePriceAges(summary, plan, QDate::currentDate());
    return summary;
}

namespace {
std::atomic<int> g_stalePriceDays{90};

QString daysText(qint64 days)
{
    return days == 0 ? QStringLiteral("today") : days == 1 ? QStringLiteral("1 day ago") : QStringLiteral("%1 days ago").arg(days);
}
} // namespace

int stalePriceDays()
{
    return g_stalePriceDays;
}

void setStalePriceDays(int days)
{
    g_stalePriceDays = std::max(1, days);
}

void notePriceAges(ExecutiveSummary &summary, const tco::Plan &plan, const QDate &today)
{
    summary.prices.clear();
    summary.stalePrices.clear();
    QStringList ages;
    QStringList old;
    qint64 oldest = 0;
    for (const ComparisonRow &row : summary.rows) {
        if (!row.pricesObservedAt.isValid())
            continue;
        const qint64 age = std::max<qint64>(0, row.pricesObservedAt.daysTo(today));
        ages << QStringLiteral("%1 observed %2 (%3)").arg(row.name, row.pricesObservedAt.toString(Qt::ISODate), daysText(age));
        if (age > stalePriceDays()) {
            old << row.name;
            oldest = std::max(oldest, age);
        }
    }
    if (ages.isEmpty())
        return;
    if (plan.pricesAsOf.isValid()) {
        summary.prices = QStringLiteral("Catalog prices of %1, the day the plan stands on (workload.prices_as_of): %2.")
                             .arg(plan.pricesAsOf.toString(Qt::ISODate), ages.join(QStringLiteral("; ")));
        return;
    }
    summary.prices = QStringLiteral("Catalog prices behind the options: %1.").arg(ages.join(QStringLiteral("; ")));
    if (!old.isEmpty())
        summary.stalePrices =
            QStringLiteral("Old prices: the catalog prices behind %1 are older than %2 days (the oldest %3 days). Update "
                           "them (Catalog › Update prices…, or mltco-cli catalog update), or pin the plan to their day "
                           "with workload.prices_as_of.")
                .arg(old.size() == 1 ? old.first() : QStringLiteral("%1 options (%2)").arg(old.size()).arg(old.join(QStringLiteral(", "))))
                .arg(stalePriceDays())
                .arg(oldest);
}

std::vector<ComparisonLine> compareScenarios(const tco::PlanResult &result, std::size_t a, std::size_t b)
{
    std::vector<ComparisonLine> lines;
    if (a >= result.scenarios.size() || b >= result.scenarios.size())
        return lines;
    const tco::ScenarioResult &ra = result.scenarios[a].result;
    const tco::ScenarioResult &rb = result.scenarios[b].result;
    const QString &cur = result.currency;
    const auto signedMoney = [&](double v) -> QString {
        if (std::fabs(v) < 0.005)
            return moneyWhole(0.0, cur);
        return (v > 0 ? QStringLiteral("+") : QStringLiteral("-")) + moneyWhole(std::fabs(v), cur);
    };
    const auto moneyLine = [&](const QString &label, double va, double vb) {
        lines.push_back({label, moneyWhole(va, cur), moneyWhole(vb, cur), signedMoney(va - vb), va, vb});
    };
    moneyLine(QStringLiteral("Total"), ra.total, rb.total);
    moneyLine(QStringLiteral("NPV"), ra.npv, rb.npv);
    moneyLine(QStringLiteral("Per year"), ra.averageAnnual, rb.averageAnnual);
    {
        const double va = ra.costPerServedGpuHour.value_or(0.0), vb = rb.costPerServedGpuHour.value_or(0.0);
        const bool both = ra.costPerServedGpuHour && rb.costPerServedGpuHour;
        lines.push_back({QStringLiteral("Per served GPU-hour"), money(ra.costPerServedGpuHour, cur),
                         money(rb.costPerServedGpuHour, cur),
                         both ? QString((va - vb >= 0 ? QStringLiteral("+") : QStringLiteral("-")) +
                                        money(std::fabs(va - vb), cur))
                              : QString(),
                         va, vb});
    }
    for (tco::Category c : tco::kCategories) {
        const double va = ra.categoryTotal(c), vb = rb.categoryTotal(c);
        if (va == 0.0 && vb == 0.0)
            continue; // a category neither has says nothing
        QString label = QString::fromLatin1(tco::categoryKey(c));
        label[0] = label[0].toUpper();
        moneyLine(label, va, vb);
    }
    lines.push_back({QStringLiteral("Served (reference GPU-hours)"), grouped(ra.served, 0), grouped(rb.served, 0),
                     QString(), ra.served, rb.served});
    lines.push_back({QStringLiteral("Unmet demand"), share(ra.unmet, ra.demand), share(rb.unmet, rb.demand), QString(),
                     ra.unmet, rb.unmet});
    const tco::ScenarioKind ka = result.scenarios[a].kind(), kb = result.scenarios[b].kind();
    if ((ka == tco::ScenarioKind::Purchase) != (kb == tco::ScenarioKind::Purchase)) {
        const bool aOwned = ka == tco::ScenarioKind::Purchase;
        const std::optional<int> month = aOwned ? tco::breakEvenMonth(ra, rb) : tco::breakEvenMonth(rb, ra);
        const QString text = month ? QStringLiteral("month %1").arg(*month)
                                   : QStringLiteral("not within %1").arg(horizonInWords(result.workload.horizonMonths));
        lines.push_back({QStringLiteral("Owned option pays back"), aOwned ? text : QString(), aOwned ? QString() : text,
                         QString(), double(month.value_or(0)), double(month.value_or(0))});
    }
    return lines;
}

ExecutiveSummary withFleetPlan(ExecutiveSummary summary, const tco::Plan &plan, const tco::PlanResult &result)
{
    if (!plan.optimize)
        return summary;
    tco::OptimizeOptions options;
    options.frontier = false;
    const Expected<tco::OptimizeAnswer> answer = tco::optimizeFleet(plan, result, options);
    summary.fleetPlan = answer ? QStringLiteral("\u201c%1\u201d: %2").arg(answer->request.mixName(), fleetSentence(*answer))
                               : QStringLiteral("not found: %1").arg(answer.error().details.value(0, answer.error().message));
    return summary;
}

QString summaryText(const ExecutiveSummary &summary, SummaryFormat format)
{
    const bool md = format == SummaryFormat::Markdown;
    QString text;
    text += md ? QStringLiteral("## %1\n\n").arg(summary.planName) : QString(summary.planName + QLatin1Char('\n'));
    text += (md ? QStringLiteral("**Question.** %1\n\n") : QStringLiteral("\nQuestion: %1\n")).arg(summary.question);
    text += (md ? QStringLiteral("**Recommendation.** %1\n\n") : QStringLiteral("Recommendation: %1\n\n"))
                .arg(summary.recommendation);
    if (!summary.howSure.isEmpty())
        text += QStringLiteral("%1\n\n").arg(summary.howSure);
    if (!summary.gap.isEmpty())
        text += (md ? QStringLiteral("**Where the gap comes from.** %1\n\n") : QStringLiteral("Where the gap comes from: %1\n\n"))
                    .arg(summary.gap);
    if (!summary.fleetPlan.isEmpty())
        text += (md ? QStringLiteral("**Fleet plan.** %1\n\n") : QStringLiteral("Fleet plan %1\n\n")).arg(summary.fleetPlan);

    const bool tokens = std::any_of(summary.rows.begin(), summary.rows.end(),
                                    [](const ComparisonRow &r) { return r.costPerMillionTokens.has_value(); });
    QStringList header{QStringLiteral("Scenario"), QStringLiteral("Kind"), QStringLiteral("Total"),
                       QStringLiteral("NPV"), QStringLiteral("Per year"), QStringLiteral("Per served GPU-hour")};
    if (tokens)
        header << QStringLiteral("Per million tokens");
    QList<QStringList> rows;
    for (const ComparisonRow &r : summary.rows) {
        QString name = r.name;
        if (r.unmetShare > 0.0)
            name += QStringLiteral(" * (leaves %1 undone)").arg(percent(r.unmetShare, 0));
        if (r.recommended)
            name = md ? QStringLiteral("**%1** (recommended)").arg(name) : QString(name + QStringLiteral(" (recommended)"));
        rows << QStringList{name, r.kind, moneyWhole(r.total, summary.currency), moneyWhole(r.npv, summary.currency),
                            moneyWhole(r.perYear, summary.currency), money(r.costPerServedGpuHour, summary.currency)};
        if (tokens)
            rows.back() << money(r.costPerMillionTokens, summary.currency);
    }
    if (md) {
        const auto escapeCell = [](QString cell) { return cell.replace(QLatin1Char('|'), QStringLiteral("\\|")); };
        QStringList line;
        for (const QString &h : header)
            line << h;
        text += QStringLiteral("| ") + line.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        text += QStringLiteral("|---|---|---:|---:|---:|---:|\n");
        for (const QStringList &row : rows) {
            QStringList cells;
            for (const QString &cell : row)
                cells << escapeCell(cell);
            text += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        }
        text += QLatin1Char('\n');
    } else {
        std::vector<qsizetype> widths(static_cast<std::size_t>(header.size()));
        for (qsizetype c = 0; c < header.size(); ++c)
            widths[static_cast<std::size_t>(c)] = header[c].size();
        for (const QStringList &row : rows)
            for (qsizetype c = 0; c < row.size(); ++c)
                widths[static_cast<std::size_t>(c)] = std::max(widths[static_cast<std::size_t>(c)], row[c].size());
        const auto line = [&](const QStringList &cells) -> QString {
            QString out;
            for (qsizetype c = 0; c < cells.size(); ++c) {
                const auto width = static_cast<int>(widths[static_cast<std::size_t>(c)]);
                out += c < 2 ? cells[c].leftJustified(width) : cells[c].rightJustified(width);
                out += c + 1 < cells.size() ? QStringLiteral("  ") : QString();
            }
            while (out.endsWith(QLatin1Char(' ')))
                out.chop(1);
            return out + QLatin1Char('\n');
        };
        text += line(header);
        QStringList rule;
        for (qsizetype w : widths)
            rule << QString(w, QLatin1Char('-'));
        text += line(rule);
        for (const QStringList &row : rows)
            text += line(row);
        text += QLatin1Char('\n');
    }
    if (!summary.sensitivities.empty() || !summary.breakEvens.isEmpty()) {
        text += md ? QStringLiteral("**What the answer hangs on.**\n\n") : QStringLiteral("What the answer hangs on:\n");
        if (!summary.sensitivities.empty()) {
            for (const Sensitivity &s : summary.sensitivities)
                text += QStringLiteral("- %1\n").arg(s.sentence);
        } else {
            for (const QString &b : summary.breakEvens)
                text += QStringLiteral("- %1\n").arg(b);
        }
        text += QLatin1Char('\n');
    }
    if (!summary.buyOrRent.isEmpty() && !summary.sensitivities.empty())
        text += (md ? QStringLiteral("**Buy or rent.** %1\n\n") : QStringLiteral("Buy or rent: %1\n\n")).arg(summary.buyOrRent);
    if (!summary.owningReturns.isEmpty()) {
        text += md ? QStringLiteral("**The return on owning.**\n\n") : QStringLiteral("The return on owning:\n");
        for (const QString &r : summary.owningReturns)
            text += QStringLiteral("- %1\n").arg(r);
        text += QLatin1Char('\n');
    }
    if (!summary.stalePrices.isEmpty())
        text += md ? QStringLiteral("**%1**\n\n").arg(summary.stalePrices) : QString(summary.stalePrices + QLatin1Char('\n'));
    if (!summary.prices.isEmpty())
        text += md ? QStringLiteral("_%1_\n\n").arg(summary.prices) : QString(summary.prices + QLatin1Char('\n'));
    for (const QString &note : summary.notes)
        text += md ? QStringLiteral("_%1_\n\n").arg(note) : QString(note + QLatin1Char('\n'));
    return text;
}

} // namespace mltco::report

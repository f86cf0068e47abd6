#include "models/report/fleetreport.h"

#include "models/report/format.h"

#include <QJsonArray>

#include <algorithm>

namespace mltco::report {

namespace {

QString count(int n, const QString &one, const QString &many)
{
    return n == 1 ? QStringLiteral("1 %1").arg(one) : QStringLiteral("%1 %2").arg(n).arg(many);
}

QString ordinal(int n)
{
    const int tens = n % 100;
    const char *suffix = (tens >= 11 && tens <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    return QString::number(n) + QLatin1String(suffix);
}

QJsonValue orNull(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonArray purchasesJson(const tco::FleetPlan &plan)
{
    QJsonArray out;
    for (const tco::ScheduledPurchase &p : plan.purchases)
        out.append(QJsonArray{p.month, p.servers});
    return out;
}

QJsonArray termsJson(const tco::FleetPlan &plan)
{
    QJsonArray out;
    for (const tco::ReservedTerm &t : plan.terms)
        out.append(QJsonArray{t.startMonth, t.instances, t.termMonths});
    return out;
}

} // namespace

std::optional<tco::OptimizeAnswer> reportFleet(const tco::Plan &plan, const tco::PlanResult &result)
{
    if (!plan.optimize)
        return std::nullopt;
    Expected<tco::OptimizeAnswer> answer = tco::optimizeFleet(plan, result, {});
    if (!answer)
        return std::nullopt;
    return std::move(*answer);
}

QString fleetSentence(const tco::OptimizeAnswer &a)
{
    const tco::OptimizeRequest &r = a.request;
    const QString c = a.currency;
    QStringList parts;
    if (!r.own.isEmpty()) {
        if (a.plan.purchases.empty()) {
            parts << QStringLiteral("Own no servers");
        } else {
            QString text = QStringLiteral("Own %1 from month %2")
                               .arg(count(a.plan.purchases.front().servers, QStringLiteral("server"), QStringLiteral("servers")))
                               .arg(a.plan.purchases.front().month);
            for (std::size_t i = 1; i < a.plan.purchases.size(); ++i)
                text += (i + 1 == a.plan.purchases.size() ? QStringLiteral(" and %1 more from month %2")
                                                          : QStringLiteral(", %1 more from month %2"))
                            .arg(a.plan.purchases[i].servers)
                            .arg(a.plan.purchases[i].month);
            parts << text;
        }
    }
    if (!r.reserve.isEmpty()) {
        if (a.plan.terms.empty()) {
            parts << QStringLiteral("reserve nothing");
        } else {
            QString text = QStringLiteral("reserve %1 for %2 months from month %3")
                               .arg(count(a.plan.terms.front().instances, QStringLiteral("instance"), QStringLiteral("instances")))
                               .arg(a.termMonths)
                               .arg(a.plan.terms.front().startMonth);
            for (std::size_t i = 1; i < a.plan.terms.size(); ++i)
                text += (i + 1 == a.plan.terms.size() ? QStringLiteral(" and %1 from month %2")
                                                      : QStringLiteral(", %1 from month %2"))
                            .arg(a.plan.terms[i].instances)
                            .arg(a.plan.terms[i].startMonth);
            parts << text;
        }
    }
    if (!r.burst.isEmpty())
        parts << QStringLiteral("burst the rest to \u201c%1\u201d").arg(r.burst);
    else
        parts << QStringLiteral("serve at least %1 of the demand without burst").arg(percent(r.minService.value_or(1.0), 0));
    if (!parts.isEmpty())
        parts.front()[0] = parts.front()[0].toUpper();
    QString sentence = parts.join(QStringLiteral(", "));
    sentence += QStringLiteral(": expected %1, P90 %2").arg(moneyCompact(a.mean, c), moneyCompact(a.p90, c));
    if (a.objective == tco::OptimizeObjective::Cvar)
        sentence += QStringLiteral(", %1 on average in the worst %2 of futures")
                        .arg(moneyCompact(a.value, c), percent(1.0 - a.beta, 0));
    if (a.bestSingleValue) {
        const double saving = *a.bestSingleValue - a.value;
        if (saving >= 0)
            sentence += QStringLiteral(", %1 less than the best single option, \u201c%2\u201d").arg(moneyCompact(saving, c), a.bestSingle);
        else
            sentence += QStringLiteral(", %1 more than \u201c%2\u201d, the best single option").arg(moneyCompact(-saving, c), a.bestSingle);
    }
    sentence += QStringLiteral(" (NPV after tax over %1 futures).").arg(a.futures.size());
    return sentence;
}

QStringList marginalSentences(const tco::OptimizeAnswer &a, int most)
{
    struct Line
    {
        double saving;
        QString text;
    };
    std::vector<Line> lines;
    int owned = 0;
    for (const tco::ScheduledPurchase &p : a.plan.purchases)
        owned += p.servers;
    const QString average = a.objective == tco::OptimizeObjective::Cvar ? QStringLiteral("in the worst futures")
                                                                        : QStringLiteral("on average");
    const auto say = [&](const std::optional<double> &delta, const QString &what) {
        if (!delta)
            return;
        lines.push_back({-*delta, *delta < 0 ? QStringLiteral("%1 would save %2 %3").arg(what, moneyCompact(-*delta, a.currency), average)
                                             : QStringLiteral("%1 would cost %2 more %3").arg(what, moneyCompact(*delta, a.currency), average)});
    };
    for (const tco::MarginalValue &m : a.marginal) {
        say(m.serversPlus, owned == 0 ? QStringLiteral("a first server in month %1").arg(m.epoch)
                                      : QStringLiteral("a %1 server in month %2").arg(ordinal(owned + 1)).arg(m.epoch));
        say(m.serversMinus, QStringLiteral("one server fewer in month %1").arg(m.epoch));
        say(m.instancesPlus, QStringLiteral("one more reserved instance from month %1").arg(m.epoch));
        say(m.instancesMinus, QStringLiteral("one reserved instance fewer from month %1").arg(m.epoch));
    }
    // The cheapest moves first: how close the answer is to its neighbours.
    std::stable_sort(lines.begin(), lines.end(), [](const Line &x, const Line &y) { return x.saving > y.saving; });
    QStringList out;
    for (const Line &l : lines) {
        if (static_cast<int>(out.size()) >= most)
            break;
        QString text = l.text;
        text[0] = text[0].toUpper();
        out << text + QLatin1Char('.');
    }
    return out;
}

QJsonObject optimizeAnswerToJson(const tco::OptimizeAnswer &a)
{
    QJsonArray futures;
    for (const auto &[weight, npv] : a.futures)
        futures.append(QJsonObject{{QStringLiteral("weight"), weight}, {QStringLiteral("npv"), npv}});
    QJsonArray scenarios;
    for (const tco::ScenarioUnderFutures &s : a.scenarios)
        scenarios.append(QJsonObject{{QStringLiteral("name"), s.name},
                                     {QStringLiteral("mean"), orNull(s.mean)},
                                     {QStringLiteral("cvar"), orNull(s.cvar)}});
    QJsonArray frontier;
    for (const tco::FrontierPoint &p : a.frontier)
        frontier.append(QJsonObject{{QStringLiteral("beta"), p.beta},
                                    {QStringLiteral("mean"), p.mean},
                                    {QStringLiteral("cvar"), p.cvar},
                                    {QStringLiteral("purchases"), purchasesJson(p.plan)},
                                    {QStringLiteral("terms"), termsJson(p.plan)}});
    QJsonArray marginal;
    for (const tco::MarginalValue &m : a.marginal)
        marginal.append(QJsonObject{{QStringLiteral("epoch"), m.epoch},
                                    {QStringLiteral("servers_plus"), orNull(m.serversPlus)},
                                    {QStringLiteral("servers_minus"), orNull(m.serversMinus)},
                                    {QStringLiteral("instances_plus"), orNull(m.instancesPlus)},
                                    {QStringLiteral("instances_minus"), orNull(m.instancesMinus)}});
    return QJsonObject{{QStringLiteral("objective"), tco::optimizeObjectiveKey(a.objective)},
                       {QStringLiteral("beta"), a.beta},
                       {QStringLiteral("value"), a.value},
                       {QStringLiteral("bound"), orNull(a.bound)},
                       {QStringLiteral("mean"), a.mean},
                       {QStringLiteral("p10"), a.p10},
                       {QStringLiteral("p50"), a.p50},
                       {QStringLiteral("p90"), a.p90},
                       {QStringLiteral("purchases"), purchasesJson(a.plan)},
                       {QStringLiteral("terms"), termsJson(a.plan)},
                       {QStringLiteral("futures"), futures},
                       {QStringLiteral("scenarios"), scenarios},
                       {QStringLiteral("frontier"), frontier},
                       {QStringLiteral("marginal"), marginal},
                       {QStringLiteral("sentence"), fleetSentence(a)}};
}

} // namespace mltco::report

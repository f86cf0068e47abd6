#include "models/report/fleetreport.h"

#include "models/report/format.h"

#include <QJsonArray>

#include <algorithm>
#include <type_traits>

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

// [month, servers], or [month, servers, candidate] when the request lists its own candidates (model.md §14.4).
QJsonArray purchasesJson(const tco::FleetPlan &plan, const tco::OptimizeRequest &r)
{
    QJsonArray out;
    for (const tco::FleetPurchase &p : plan.purchases) {
        QJsonArray entry{p.month, p.servers};
        if (r.ownListed)
            entry.append(r.own.value(p.candidate));
        out.append(entry);
    }
    return out;
}

QJsonArray termsJson(const tco::FleetPlan &plan, const tco::OptimizeRequest &r)
{
    QJsonArray out;
    for (const tco::FleetTerm &t : plan.terms) {
        QJsonArray entry{t.startMonth, t.instances, t.termMonths};
        if (r.reserveListed)
            entry.append(r.reserve.value(t.candidate));
        out.append(entry);
    }
    return out;
}

// "Own 2 servers from month 1 and 1 more from month 7" for one candidate's purchases; `of` names its candidate.
QString ownedText(const std::vector<tco::FleetPurchase> &purchases, const QString &of)
{
    QString text = QStringLiteral("%1%2 from month %3")
                       .arg(count(purchases.front().servers, QStringLiteral("server"), QStringLiteral("servers")), of)
                       .arg(purchases.front().month);
    for (std::size_t i = 1; i < purchases.size(); ++i)
        text += (i + 1 == purchases.size() ? QStringLiteral(" and %1 more from month %2") : QStringLiteral(", %1 more from month %2"))
                    .arg(purchases[i].servers)
                    .arg(purchases[i].month);
    return text;
}

QString reservedText(const std::vector<tco::FleetTerm> &terms, const QString &of)
{
    QString text = QStringLiteral("%1%2 for %3 months from month %4")
                       .arg(count(terms.front().instances, QStringLiteral("instance"), QStringLiteral("instances")), of)
                       .arg(terms.front().termMonths)
                       .arg(terms.front().startMonth);
    for (std::size_t i = 1; i < terms.size(); ++i)
        text += (i + 1 == terms.size() ? QStringLiteral(" and %1 from month %2") : QStringLiteral(", %1 from month %2"))
                    .arg(terms[i].instances)
                    .arg(terms[i].startMonth);
    return text;
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
    // With candidates listed, each one that buys or reserves is named (model.md §14.4): "own 2 servers of “A100” from
    // month 1 and 4 servers of “H100” from month 13".
    const auto of = [](bool listed, const QString &name) {
        return listed ? QStringLiteral(" of \u201c%1\u201d").arg(name) : QString();
    };
    // Each candidate's entries in words, for the candidates that have any.
    const auto byCandidate = [&](const auto &entries, const QStringList &names, bool listed, const auto &text) {
        QStringList out;
        for (qsizetype k = 0; k < names.size(); ++k) {
            std::remove_cvref_t<decltype(entries)> mine;
            for (const auto &entry : entries)
                if (entry.candidate == k)
                    mine.push_back(entry);
            if (!mine.empty())
                out << text(mine, of(listed, names.at(k)));
        }
        return out;
    };
    if (!r.own.isEmpty()) {
        const QStringList owned = byCandidate(a.plan.purchases, r.own, r.ownListed, ownedText);
        parts << (owned.isEmpty() ? QStringLiteral("Own no servers") : QStringLiteral("Own ") + owned.join(QStringLiteral("; ")));
    }
    if (!r.reserve.isEmpty()) {
        const QStringList reserved = byCandidate(a.plan.terms, r.reserve, r.reserveListed, reservedText);
        parts << (reserved.isEmpty() ? QStringLiteral("reserve nothing")
                                     : QStringLiteral("reserve ") + reserved.join(QStringLiteral("; ")));
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
    // Servers owned, of each candidate when they are listed (a row then names its candidate).
    const auto owned = [&](const QString &candidate) {
        int n = 0;
        for (const tco::FleetPurchase &p : a.plan.purchases)
            if (candidate.isEmpty() || a.request.own.value(p.candidate) == candidate)
                n += p.servers;
        return n;
    };
    const QString average = a.objective == tco::OptimizeObjective::Cvar ? QStringLiteral("in the worst futures")
                                                                        : QStringLiteral("on average");
    const auto say = [&](const std::optional<double> &delta, const QString &what) {
        if (!delta)
            return;
        lines.push_back({-*delta, *delta < 0 ? QStringLiteral("%1 would save %2 %3").arg(what, moneyCompact(-*delta, a.currency), average)
                                             : QStringLiteral("%1 would cost %2 more %3").arg(what, moneyCompact(*delta, a.currency), average)});
    };
    for (const tco::MarginalValue &m : a.marginal) {
        const int n = owned(m.candidate);
        // A candidate is named where its role lists several (or was given as a list).
        const bool nameServer = !m.candidate.isEmpty() && a.request.ownListed;
        const bool nameInstance = !m.candidate.isEmpty() && a.request.reserveListed;
        const QString server = nameServer ? QStringLiteral("\u201c%1\u201d server").arg(m.candidate) : QStringLiteral("server");
        const QString instance =
            nameInstance ? QStringLiteral("reserved \u201c%1\u201d instance").arg(m.candidate) : QStringLiteral("reserved instance");
        say(m.serversPlus, n == 0 ? QStringLiteral("a first %1 in month %2").arg(server).arg(m.epoch)
                                  : QStringLiteral("a %1 %2 in month %3").arg(ordinal(n + 1), server).arg(m.epoch));
        say(m.serversMinus, QStringLiteral("one %1 fewer in month %2").arg(server).arg(m.epoch));
        say(m.instancesPlus, QStringLiteral("one more %1 from month %2").arg(instance).arg(m.epoch));
        say(m.instancesMinus, QStringLiteral("one %1 fewer from month %2").arg(instance).arg(m.epoch));
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

QString underFuturesName(const tco::ScenarioUnderFutures &scenario)
{
    return scenario.unmet ? QStringLiteral("%1 (serves %2 of demand)").arg(scenario.name, servedShare(scenario.served))
                          : scenario.name;
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
                                    {QStringLiteral("purchases"), purchasesJson(p.plan, a.request)},
                                    {QStringLiteral("terms"), termsJson(p.plan, a.request)}});
    QJsonArray marginal;
    for (const tco::MarginalValue &m : a.marginal) {
        QJsonObject row{{QStringLiteral("epoch"), m.epoch},
                        {QStringLiteral("servers_plus"), orNull(m.serversPlus)},
                        {QStringLiteral("servers_minus"), orNull(m.serversMinus)},
                        {QStringLiteral("instances_plus"), orNull(m.instancesPlus)},
                        {QStringLiteral("instances_minus"), orNull(m.instancesMinus)}};
        if (!m.candidate.isEmpty())
            row.insert(QStringLiteral("candidate"), m.candidate);
        marginal.append(row);
    }
    return QJsonObject{{QStringLiteral("objective"), tco::optimizeObjectiveKey(a.objective)},
                       {QStringLiteral("beta"), a.beta},
                       {QStringLiteral("value"), a.value},
                       {QStringLiteral("bound"), orNull(a.bound)},
                       {QStringLiteral("mean"), a.mean},
                       {QStringLiteral("p10"), a.p10},
                       {QStringLiteral("p50"), a.p50},
                       {QStringLiteral("p90"), a.p90},
                       {QStringLiteral("purchases"), purchasesJson(a.plan, a.request)},
                       {QStringLiteral("terms"), termsJson(a.plan, a.request)},
                       {QStringLiteral("futures"), futures},
                       {QStringLiteral("scenarios"), scenarios},
                       {QStringLiteral("frontier"), frontier},
                       {QStringLiteral("marginal"), marginal},
                       {QStringLiteral("sentence"), fleetSentence(a)}};
}

} // namespace mltco::report

// The plan reader, part of a plan file: break-even requests and the scenarios they name.
#include "models/plan/planreaderimpl.h"

namespace mltco::tco::planreading {

void PlanReader::readBreakEvens(const QJsonValue &value, Plan &plan)
{
    if (!value.isArray()) {
        problem(QStringLiteral("breakeven"), QStringLiteral("must be a list"));
        return;
    }
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = QStringLiteral("breakeven[%1]").arg(i);
        if (!array.at(i).isObject()) {
            problem(path, QStringLiteral("must be an object"));
            continue;
        }
        const QJsonObject object = array.at(i).toObject();
        BreakEvenRequest request;
        for (const char *required : {"purchase", "cloud"}) {
            if (!object.contains(QLatin1String(required)))
                problem(path + QLatin1Char('.') + QLatin1String(required), QStringLiteral("missing"));
        }
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString itemPath = path + QLatin1Char('.') + it.key();
            if (it.key() == QLatin1String("purchase")) {
                request.purchase = requiredText(it.value(), itemPath);
            } else if (it.key() == QLatin1String("cloud")) {
                request.cloud = requiredText(it.value(), itemPath);
            } else if (it.key() == QLatin1String("max_servers")) {
                const double v = it.value().toDouble(-1);
                if (!it.value().isDouble() || v < 1 || v > kMaxBreakEvenServers || v != std::floor(v))
                    problem(itemPath, QStringLiteral("must be an integer from 1 to %1").arg(kMaxBreakEvenServers));
                else
                    request.maxServers = static_cast<int>(v);
            } else if (it.key() == QLatin1String("basis")) {
                const auto basis = breakEvenBasisFromKey(it.value().toString());
                if (!it.value().isString() || !basis)
                    problem(itemPath, QStringLiteral("must be capacity or count"));
                else
                    request.basis = *basis;
            } else if (it.key() == QLatin1String("notes")) {
                request.notes = text(it.value(), itemPath);
            } else {
                problem(itemPath, QStringLiteral("unknown key"));
            }
        }
        plan.breakeven << request;
    }
}

void PlanReader::checkBreakEvenNames(const Plan &plan)
{
    for (qsizetype i = 0; i < plan.breakeven.size(); ++i) {
        const BreakEvenRequest &request = plan.breakeven.at(i);
        const QString path = QStringLiteral("breakeven[%1]").arg(i);
        if (checkReference(path + QStringLiteral(".purchase"), request.purchase, false)) {
            // The request chooses the purchase's size or sweeps it (model.md §10.10, clarification 7).
            const PlanScenario *purchase = plan.scenario(request.purchase);
            const auto *p = purchase ? std::get_if<PurchaseScenario>(&purchase->scenario) : nullptr;
            if (p && p->expansion == Expansion::ToDemand)
                problem(path + QStringLiteral(".purchase"),
                        QStringLiteral("%1 expands to demand; a break-even needs a fixed number of servers")
                            .arg(quoted(request.purchase)));
            else if (p && p->servers == 0)
                problem(
                    path + QStringLiteral(".purchase"),
                    QStringLiteral("%1 has 0 servers; a break-even needs at least one").arg(quoted(request.purchase)));
        }
        checkReference(path + QStringLiteral(".cloud"), request.cloud, true);
    }
}

bool PlanReader::checkReference(const QString &path, const QString &name, bool cloudSide)
{
    if (name.isEmpty())
        return false; // missing or not a text: already reported
    if (!m_scenarioIndex.contains(name)) {
        problem(path, QStringLiteral("no scenario is named %1").arg(quoted(name)));
        return false;
    }
    const auto kind = m_kinds.constFind(name);
    if (kind == m_kinds.cend())
        return false; // that scenario's kind is wrong: already reported
    const bool ok = cloudSide ? (*kind == ScenarioKind::Dedicated || *kind == ScenarioKind::Cluster ||
                                 *kind == ScenarioKind::Elastic)
                              : *kind == ScenarioKind::Purchase;
    if (!ok)
        problem(path, QStringLiteral("%1 is a scenario of kind %2; must name %3")
                          .arg(quoted(name), scenarioKindKey(*kind),
                               cloudSide ? QStringLiteral("a dedicated, cluster or elastic scenario")
                                         : QStringLiteral("a purchase scenario")));
    return ok;
}

} // namespace mltco::tco::planreading

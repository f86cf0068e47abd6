// The plan reader, part of a plan file: "optimize", the fleet optimizer's request (model.md §11.4, §11.5 clarification
// 29 for the paths of its refusals).
#include "models/plan/planreaderimpl.h"

#include <cmath>

namespace mltco::tco::planreading {

namespace {

bool isWhole(const QJsonValue &value, double low, double high)
{
    return value.isDouble() && value.toDouble() >= low && value.toDouble() <= high &&
           value.toDouble() == std::floor(value.toDouble());
}

bool isNumber(const QJsonValue &value, double low, double high)
{
    return value.isDouble() && std::isfinite(value.toDouble()) && value.toDouble() >= low && value.toDouble() <= high;
}

} // namespace

std::optional<OptimizeFuture> PlanReader::optimizeFuture(const QJsonValue &value, const QString &path)
{
    if (!value.isObject()) {
        problem(path, QStringLiteral("must be an object with weight and workload"));
        return std::nullopt;
    }
    const int before = static_cast<int>(m_problems.size());
    OptimizeFuture future;
    const QJsonObject object = value.toObject();
    if (!object.contains(QLatin1String("weight")))
        problem(path + QStringLiteral(".weight"), QStringLiteral("missing; must be a number greater than 0"));
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString itemPath = path + QLatin1Char('.') + it.key();
        if (it.key() == QLatin1String("weight")) {
            if (!it.value().isDouble() || !std::isfinite(it.value().toDouble()) || it.value().toDouble() <= 0 ||
                it.value().toDouble() > 1e9)
                problem(itemPath, QStringLiteral("must be a number greater than 0 (weights are normalised to sum to 1)"));
            else
                future.weight = it.value().toDouble();
        } else if (it.key() == QLatin1String("workload")) {
            if (!it.value().isObject()) {
                problem(itemPath, QStringLiteral("must be an object of demand keys (demand_gpu_hours, demand_growth, "
                                                 "demand_steps)"));
                continue;
            }
            const QJsonObject workload = it.value().toObject();
            for (auto w = workload.begin(); w != workload.end(); ++w) {
                const QString keyPath = itemPath + QLatin1Char('.') + w.key();
                if (w.key() == QLatin1String("demand_gpu_hours")) {
                    if (const auto v = parameter(w.value(), keyPath, parameterInfo(ParamId::DemandGpuHours)))
                        future.demandGpuHours = *v;
                } else if (w.key() == QLatin1String("demand_growth")) {
                    if (const auto v = parameter(w.value(), keyPath, parameterInfo(ParamId::DemandGrowth)))
                        future.demandGrowth = *v;
                } else if (w.key() == QLatin1String("demand_steps")) {
                    future.demandSteps = demandSteps(w.value(), keyPath);
                } else {
                    problem(keyPath, QStringLiteral("a future changes only the demand: demand_gpu_hours, demand_growth "
                                                    "or demand_steps"));
                }
            }
        } else {
            problem(itemPath, QStringLiteral("unknown key"));
        }
    }
    if (m_problems.size() != before)
        return std::nullopt;
    return future;
}

void PlanReader::readOptimize(const QJsonValue &value, Plan &plan)
{
    const QString path = QStringLiteral("optimize");
    if (!value.isObject()) {
        problem(path, QStringLiteral("must be an object (own, reserve, burst, epochs, objective, ...)"));
        return;
    }
    OptimizeRequest r;
    const QJsonObject object = value.toObject();
    const auto at = [&](const QString &key) -> QString { return path + QLatin1Char('.') + key; };
    const auto limit = QString::number(OptimizeRequest::kMaxLimit);
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        const QJsonValue v = it.value();
        const QString itemPath = at(key);
        if (key == QLatin1String("burst")) {
            if (!v.isNull())
                r.burst = requiredText(v, itemPath);
        } else if (key == QLatin1String("own") || key == QLatin1String("reserve")) {
            // One name (version 3), or a list of candidates (model.md §14.4).
            const bool own = key == QLatin1String("own");
            QStringList &role = own ? r.own : r.reserve;
            if (v.isArray()) {
                const QJsonArray array = v.toArray();
                if (array.isEmpty())
                    problem(itemPath, QStringLiteral("must name one or more scenarios, or be null"));
                for (qsizetype i = 0; i < array.size(); ++i) {
                    const QString candidatePath = QStringLiteral("%1[%2]").arg(itemPath).arg(i);
                    const QString name = requiredText(array.at(i), candidatePath);
                    if (name.isEmpty())
                        continue;
                    if (role.contains(name))
                        problem(candidatePath, QStringLiteral("%1 is named twice").arg(quoted(name)));
                    else
                        role << name;
                }
                (own ? r.ownListed : r.reserveListed) = true;
            } else if (!v.isNull()) {
                if (const QString name = requiredText(v, itemPath); !name.isEmpty())
                    role = QStringList{name};
            }
        } else if (key == QLatin1String("epochs")) {
            if (!v.isArray() || v.toArray().isEmpty()) {
                problem(itemPath, QStringLiteral("must be a list of months, strictly ascending, from 1 to the horizon"));
                continue;
            }
            std::vector<int> epochs;
            const QJsonArray array = v.toArray();
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (!isWhole(array.at(i), 1, parameterInfo(ParamId::HorizonMonths).max))
                    problem(QStringLiteral("%1[%2]").arg(itemPath).arg(i),
                            QStringLiteral("must be a month, a whole number from 1 to the horizon"));
                else
                    epochs.push_back(array.at(i).toInt());
            }
            if (static_cast<qsizetype>(epochs.size()) == array.size())
                r.epochs = std::move(epochs);
        } else if (key == QLatin1String("every_months")) {
            if (isWhole(v, 1, parameterInfo(ParamId::HorizonMonths).max))
                r.everyMonths = v.toInt();
            else
                problem(itemPath, QStringLiteral("must be an integer from 1 to 240"));
        } else if (key == QLatin1String("max_servers") || key == QLatin1String("max_instances")) {
            if (!isWhole(v, 0, OptimizeRequest::kMaxLimit))
                problem(itemPath, QStringLiteral("must be an integer from 0 to %1").arg(limit));
            else
                (key == QLatin1String("max_servers") ? r.maxServers : r.maxInstances) = v.toInt();
        } else if (key == QLatin1String("capex_budget_per_year")) {
            if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() <= 0 || v.toDouble() > 1e12)
                problem(itemPath, QStringLiteral("must be a number greater than 0 and at most 1e12 (money a plan year may "
                                                 "spend on servers)"));
            else
                r.capexBudgetPerYear = v.toDouble();
        } else if (key == QLatin1String("min_service") || key == QLatin1String("max_utilization")) {
            if (!isNumber(v, 0, 1))
                problem(itemPath, QStringLiteral("must be a number from 0 to 1"));
            else
                (key == QLatin1String("min_service") ? r.minService : r.maxUtilization) = v.toDouble();
        } else if (key == QLatin1String("objective")) {
            if (const auto objective = optimizeObjectiveFromKey(v.toString()); v.isString() && objective)
                r.objective = objective;
            else
                problem(itemPath, QStringLiteral("must be one of mean, cvar"));
        } else if (key == QLatin1String("beta")) {
            if (!isNumber(v, 0, 0.999))
                problem(itemPath, QStringLiteral("must be a number from 0 to 0.999 (0.9: the worst 10 % of futures)"));
            else
                r.beta = v.toDouble();
        } else if (key == QLatin1String("trials")) {
            if (!isWhole(v, 1, OptimizeRequest::kMaxTrials))
                problem(itemPath, QStringLiteral("must be an integer from 1 to %1").arg(OptimizeRequest::kMaxTrials));
            else
                r.trials = v.toInt();
        } else if (key == QLatin1String("seed")) {
            if (!isWhole(v, 0, 9007199254740992.0))
                problem(itemPath, QStringLiteral("must be a whole number from 0 to 2^53"));
            else
                r.seed = static_cast<quint64>(v.toDouble());
        } else if (key == QLatin1String("name")) {
            if (const QString name = requiredText(v, itemPath); !name.isEmpty())
                r.name = name;
        } else if (key == QLatin1String("futures")) {
            if (!v.isArray() || v.toArray().isEmpty()) {
                problem(itemPath, QStringLiteral("must be a list of one or more {\"weight\", \"workload\"} objects"));
                continue;
            }
            std::vector<OptimizeFuture> futures;
            const QJsonArray array = v.toArray();
            for (qsizetype i = 0; i < array.size(); ++i)
                if (auto future = optimizeFuture(array.at(i), QStringLiteral("%1[%2]").arg(itemPath).arg(i)))
                    futures.push_back(std::move(*future));
            if (static_cast<qsizetype>(futures.size()) == array.size())
                r.futures = std::move(futures);
        } else {
            problem(itemPath, QStringLiteral("unknown key"));
        }
    }
    if (r.roles() < 2)
        problem(path, QStringLiteral("name at least two of own (a purchase scenario), reserve (a reserved scenario) and "
                                     "burst (an elastic scenario)"));
    plan.optimize = std::move(r);
}

void PlanReader::checkOptimize(const Plan &plan)
{
    if (!plan.optimize)
        return;
    const OptimizeRequest &r = *plan.optimize;
    const auto checkRole = [&](const QString &key, const QString &name, ScenarioKind kind) {
        if (name.isEmpty())
            return;
        const auto found = m_kinds.constFind(name);
        if (found == m_kinds.cend())
            problem(QStringLiteral("optimize.") + key, QStringLiteral("no scenario is named %1").arg(quoted(name)));
        else if (*found != kind)
            problem(QStringLiteral("optimize.") + key, QStringLiteral("%1 is a scenario of kind %2; must name %3")
                                                           .arg(quoted(name), scenarioKindKey(*found), aScenarioOfKind(kind)));
    };
    const auto checkCandidates = [&](const QString &key, const QStringList &names, bool listed, ScenarioKind kind) {
        for (qsizetype i = 0; i < names.size(); ++i)
            checkRole(listed ? QStringLiteral("%1[%2]").arg(key).arg(i) : key, names.at(i), kind);
    };
    checkCandidates(QStringLiteral("own"), r.own, r.ownListed, ScenarioKind::Purchase);
    checkCandidates(QStringLiteral("reserve"), r.reserve, r.reserveListed, ScenarioKind::Reserved);
    checkRole(QStringLiteral("burst"), r.burst, ScenarioKind::Elastic);
    const int horizon = plan.workload.horizonMonths;
    if (r.epochs) {
        int previous = 0;
        for (std::size_t i = 0; i < r.epochs->size(); ++i) {
            const int e = (*r.epochs)[i];
            const QString itemPath = QStringLiteral("optimize.epochs[%1]").arg(i);
            if (e > horizon)
                problem(itemPath, QStringLiteral("month %1 is outside the horizon (1 to %2)").arg(e).arg(horizon));
            else if (e <= previous)
                problem(itemPath, QStringLiteral("month %1 must come after month %2 of the epoch before").arg(e).arg(previous));
            previous = std::max(previous, e);
        }
    }
    if (r.futures) {
        for (std::size_t i = 0; i < r.futures->size(); ++i) {
            const OptimizeFuture &f = (*r.futures)[i];
            if (f.demandSteps)
                for (const QString &p : validateDemandSteps(*f.demandSteps, horizon))
                    problem(QStringLiteral("optimize.futures[%1].workload.%2").arg(i).arg(p.section(QStringLiteral(": "), 0, 0)),
                            p.section(QStringLiteral(": "), 1));
        }
    }
}

} // namespace mltco::tco::planreading

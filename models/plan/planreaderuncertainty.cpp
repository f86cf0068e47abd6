// The plan reader, part of a plan file: uncertain inputs and their rank correlations (model.md §10.9).
#include "models/plan/planreaderimpl.h"

namespace mltco::tco::planreading {

void PlanReader::readUncertainty(const QJsonValue &value, Plan &plan)
{
    if (!value.isArray()) {
        problem(QStringLiteral("uncertainty"), QStringLiteral("must be a list"));
        return;
    }
    const QJsonArray array = value.toArray();
    QSet<QString> seen;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = QStringLiteral("uncertainty[%1]").arg(i);
        // Every entry keeps its place, so correlations' positions stay right even when one is refused.
        Uncertainty entry;
        const int before = static_cast<int>(m_problems.size());
        if (!array.at(i).isObject()) {
            problem(path, QStringLiteral("must be an object"));
            plan.uncertainty << entry;
            continue;
        }
        const QJsonObject object = array.at(i).toObject();
        for (const char *required : {"target", "parameter", "distribution"}) {
            if (!object.contains(QLatin1String(required)))
                problem(path + QLatin1Char('.') + QLatin1String(required), QStringLiteral("missing"));
        }
        const ParameterInfo *info = nullptr;
        std::optional<ScenarioKind> kind;
        if (object.contains(QStringLiteral("target"))) {
            entry.target = requiredText(object.value(QStringLiteral("target")), path + QStringLiteral(".target"));
            if (!entry.target.isEmpty() && !entry.targetsWorkload()) {
                if (!m_scenarioIndex.contains(entry.target))
                    problem(path + QStringLiteral(".target"),
                            QStringLiteral("must be \"workload\" or the name of a scenario; no scenario is named %1")
                                .arg(quoted(entry.target)));
                else if (m_kinds.contains(entry.target))
                    kind = m_kinds.value(entry.target);
            }
        }
        if (object.contains(QStringLiteral("parameter"))) {
            const QString itemPath = path + QStringLiteral(".parameter");
            const QString key = requiredText(object.value(QStringLiteral("parameter")), itemPath);
            info = key.isEmpty() ? nullptr
                                 : parameterByKey(key, entry.targetsWorkload() ? ParamScope::InWorkload : ParamScope::InScenario);
            if (!key.isEmpty() && (!info || (info->type != ParamType::Number && info->type != ParamType::Integer))) {
                problem(itemPath, QStringLiteral("%1 is not a numeric parameter").arg(quoted(key)));
                info = nullptr;
            } else if (info && entry.targetsWorkload() &&
                       (!isWorkloadParameter(info->id) || info->id == ParamId::HorizonMonths)) {
                problem(itemPath, QStringLiteral("%1 is not a workload parameter that can vary (not horizon_months)")
                                      .arg(quoted(key)));
                info = nullptr;
            } else if (info && kind && !usesParameter(*kind, info->id)) {
                problem(itemPath,
                        QStringLiteral("a %1 scenario has no parameter %2").arg(scenarioKindKey(*kind), quoted(key)));
                info = nullptr;
            }
            if (info)
                entry.parameter = info->id;
        }
        if (object.contains(QStringLiteral("distribution"))) {
            const auto d = distributionFromKey(object.value(QStringLiteral("distribution")).toString());
            if (!d)
                problem(path + QStringLiteral(".distribution"),
                        QStringLiteral("must be triangular, pert, uniform or lognormal"));
            else
                entry.distribution = *d;
        }
        const bool lognormal = entry.distribution == DistributionKind::Lognormal;
        const bool withMode =
            entry.distribution == DistributionKind::Triangular || entry.distribution == DistributionKind::Pert;
        QStringList needed = lognormal ? QStringList{QStringLiteral("median"), QStringLiteral("p90")}
                                       : QStringList{QStringLiteral("low"), QStringLiteral("high")};
        if (withMode)
            needed.insert(1, QStringLiteral("mode"));
        QHash<QString, double> values;
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString itemPath = path + QLatin1Char('.') + it.key();
            if (it.key() == QLatin1String("target") || it.key() == QLatin1String("parameter") ||
                it.key() == QLatin1String("distribution"))
                continue;
            if (it.key() == QLatin1String("notes")) {
                entry.notes = text(it.value(), itemPath);
            } else if (needed.contains(it.key())) {
                if (!it.value().isDouble() || !std::isfinite(it.value().toDouble()))
                    problem(itemPath, QStringLiteral("must be a number"));
                else
                    values.insert(it.key(), it.value().toDouble());
            } else if (QStringList{QStringLiteral("low"), QStringLiteral("mode"), QStringLiteral("high"),
                                   QStringLiteral("median"), QStringLiteral("p90")}
                           .contains(it.key())) {
                problem(itemPath, QStringLiteral("is not used by a %1 distribution (it takes %2)")
                                      .arg(distributionKey(entry.distribution), needed.join(QStringLiteral(", "))));
            } else {
                problem(itemPath, QStringLiteral("unknown key"));
            }
        }
        for (const QString &key : std::as_const(needed)) {
            if (!object.contains(key))
                problem(path + QLatin1Char('.') + key, QStringLiteral("missing"));
        }
        if (values.size() == needed.size()) {
            entry.low = values.value(QStringLiteral("low"));
            entry.mode = values.value(QStringLiteral("mode"), entry.low);
            entry.high = values.value(QStringLiteral("high"));
            entry.median = values.value(QStringLiteral("median"));
            entry.p90 = values.value(QStringLiteral("p90"));
            if (lognormal) {
                if (!(entry.median > 0) || !(entry.p90 > entry.median))
                    problem(
                        path,
                        QStringLiteral("needs 0 < median < p90 (median %1, p90 %2)").arg(entry.median).arg(entry.p90));
            } else if (!(entry.low < entry.high) || (withMode && (entry.mode < entry.low || entry.mode > entry.high))) {
                problem(path,
                        withMode ? QStringLiteral("needs low <= mode <= high and low < high (low %1, mode %2, high %3)")
                                       .arg(entry.low)
                                       .arg(entry.mode)
                                       .arg(entry.high)
                                 : QStringLiteral("needs low < high (low %1, high %2)").arg(entry.low).arg(entry.high));
            }
            if (info && static_cast<int>(m_problems.size()) == before) {
                // The distribution's range (a lognormal's median and P90; its tails are clipped to the parameter's
                // range when sampled) must lie within the parameter's.
                const auto [lo, hi] = lognormal ? std::pair{entry.median, entry.p90} : std::pair{entry.low, entry.high};
                const bool below = info->minExclusive ? lo <= info->min : lo < info->min;
                if (below || hi > info->max)
                    problem(path, QStringLiteral("%1 takes %2; the distribution reaches outside it")
                                      .arg(parameterKey(info->id), allowedValues(*info)));
            }
        }
        if (info && !entry.target.isEmpty() && static_cast<int>(m_problems.size()) == before) {
            const QString key = entry.target + QLatin1Char('\n') + parameterKey(entry.parameter);
            if (seen.contains(key))
                problem(path, QStringLiteral("%1 of %2 is already uncertain in an earlier entry")
                                  .arg(parameterKey(entry.parameter), quoted(entry.target)));
            seen.insert(key);
        }
        plan.uncertainty << entry;
    }
}

void PlanReader::readCorrelations(const QJsonValue &value, Plan &plan)
{
    if (!value.isArray()) {
        problem(QStringLiteral("correlations"), QStringLiteral("must be a list"));
        return;
    }
    const QJsonArray array = value.toArray();
    const int n = static_cast<int>(plan.uncertainty.size());
    const int before = static_cast<int>(m_problems.size());
    QSet<QPair<int, int>> pairs;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = QStringLiteral("correlations[%1]").arg(i);
        if (!array.at(i).isObject()) {
            problem(path, QStringLiteral("must be an object"));
            continue;
        }
        const QJsonObject object = array.at(i).toObject();
        RankCorrelation c;
        bool ok = true;
        for (const char *key : {"a", "b", "rank"}) {
            const QString k = QLatin1String(key);
            const QJsonValue v = object.value(k);
            if (!object.contains(k)) {
                problem(path + QLatin1Char('.') + k, QStringLiteral("missing"));
                ok = false;
            } else if (k == QLatin1String("rank")) {
                if (!v.isDouble() || !(v.toDouble() > -1) || !(v.toDouble() < 1)) {
                    problem(path + QStringLiteral(".rank"),
                            QStringLiteral("must be a number greater than -1 and less than 1"));
                    ok = false;
                } else {
                    c.rank = v.toDouble();
                }
            } else {
                const double d = v.toDouble(-1);
                if (!v.isDouble() || d < 0 || d >= n || d != std::floor(d)) {
                    problem(path + QLatin1Char('.') + k,
                            n == 0
                                ? QStringLiteral("there is no uncertainty entry to correlate")
                                : QStringLiteral("must be the position of an uncertainty entry, 0 to %1").arg(n - 1));
                    ok = false;
                } else {
                    (k == QLatin1String("a") ? c.a : c.b) = static_cast<int>(d);
                }
            }
        }
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() != QLatin1String("a") && it.key() != QLatin1String("b") && it.key() != QLatin1String("rank"))
                problem(path + QLatin1Char('.') + it.key(), QStringLiteral("unknown key"));
        }
        if (!ok)
            continue;
        if (c.a == c.b) {
            problem(path, QStringLiteral("a and b must be two different entries"));
            continue;
        }
        const QPair<int, int> key{std::min(c.a, c.b), std::max(c.a, c.b)};
        if (pairs.contains(key)) {
            problem(path, QStringLiteral("entries %1 and %2 are already correlated").arg(key.first).arg(key.second));
            continue;
        }
        pairs.insert(key);
        plan.correlations << c;
    }
    if (static_cast<int>(m_problems.size()) == before && !plan.correlations.isEmpty() &&
        !targetCorrelationMatrix(plan.correlations, n))
        problem(QStringLiteral("correlations"),
                QStringLiteral("these correlations contradict each other (no set of inputs can have them all: the "
                               "correlation matrix is not positive definite)"));
}

} // namespace mltco::tco::planreading

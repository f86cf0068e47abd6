#include "models/plan/optimize.h"

namespace mltco::tco {

QString optimizeObjectiveKey(OptimizeObjective objective)
{
    return objective == OptimizeObjective::Cvar ? QStringLiteral("cvar") : QStringLiteral("mean");
}

std::optional<OptimizeObjective> optimizeObjectiveFromKey(const QString &key)
{
    if (key == QLatin1String("mean"))
        return OptimizeObjective::Mean;
    if (key == QLatin1String("cvar"))
        return OptimizeObjective::Cvar;
    return std::nullopt;
}

Workload OptimizeFuture::applyTo(Workload workload) const
{
    if (demandGpuHours)
        workload.demandGpuHours = *demandGpuHours;
    if (demandGrowth)
        workload.demandGrowth = *demandGrowth;
    if (demandSteps)
        workload.demandSteps = *demandSteps;
    return workload;
}

std::vector<int> OptimizeRequest::decisionMonths(int horizonMonths) const
{
    if (epochs)
        return *epochs;
    std::vector<int> months;
    const int every = std::max(1, everyMonths.value_or(kDefaultEveryMonths));
    for (int m = 1; m <= horizonMonths; m += every)
        months.push_back(m);
    return months;
}

QString OptimizeRequest::ownName(const QString &candidate) const
{
    return mixName() + QStringLiteral(" \u00b7 own") + (ownListed ? QStringLiteral(" \u00b7 ") + candidate : QString());
}

QString OptimizeRequest::reserveName(const QString &candidate) const
{
    return mixName() + QStringLiteral(" \u00b7 reserve") + (reserveListed ? QStringLiteral(" \u00b7 ") + candidate : QString());
}

} // namespace mltco::tco

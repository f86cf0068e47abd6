// The plan reader, part of a plan file: the workload, the plan's link to its bills, its currency and fixed rates.
#include "models/plan/planreaderimpl.h"

#include <cmath>

namespace mltco::tco::planreading {

std::optional<std::vector<DemandStep>> PlanReader::demandSteps(const QJsonValue &value, const QString &path)
{
    const ParameterInfo &info = parameterInfo(ParamId::DemandSteps);
    const ParameterInfo &horizon = parameterInfo(ParamId::HorizonMonths);
    std::vector<DemandStep> steps;
    const bool ok = numberPairs(
        value, path, info,
        [&](double month, double hours) { return isAllowedValue(horizon, month) && hours >= 0 && hours <= info.max; },
        QStringLiteral("must be [month, gpu_hours] with month an integer from 1 to %1 and gpu_hours a number from "
                       "0 to %2")
            .arg(horizon.max, 0, 'g', 15)
            .arg(info.max, 0, 'g', 15),
        [&](qsizetype, double month, double hours, const QString &itemPath) {
            const DemandStep step{static_cast<int>(month), hours};
            if (!steps.empty() && step.month <= steps.back().month) {
                problem(itemPath, QStringLiteral("month %1 must come after month %2 of the step before")
                                      .arg(step.month)
                                      .arg(steps.back().month));
                return false;
            }
            steps.push_back(step);
            return true;
        });
    if (!ok)
        return std::nullopt;
    return steps;
}

void PlanReader::readWorkload(const QJsonValue &value, Plan &plan)
{
    const QString path = QStringLiteral("workload");
    if (!value.isObject()) {
        problem(path, QStringLiteral("must be an object"));
        return;
    }
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString itemPath = path + QLatin1Char('.') + it.key();
        if (it.key() == QLatin1String("notes")) {
            plan.workloadNotes = text(it.value(), itemPath);
            continue;
        }
        if (it.key() == QLatin1String("assumptions")) {
            plan.workloadAssumptions = assumptions(it.value(), itemPath, std::nullopt, true);
            continue;
        }
        if (it.key() == QLatin1String("prices_as_of")) {
            plan.pricesAsOf = it.value().isString() ? QDate::fromString(it.value().toString(), Qt::ISODate) : QDate();
            if (!plan.pricesAsOf.isValid() || it.value().toString().size() != 10)
                problem(itemPath, QStringLiteral("must be a day written YYYY-MM-DD, such as \"2026-03-31\": the plan "
                                                 "then stands on the catalog's prices of that day"));
            continue;
        }
        const ParameterInfo *info = parameterByKey(it.key(), ParamScope::InWorkload);
        if (!info || info->kinds != 0) {
            problem(itemPath, info ? QStringLiteral("a scenario parameter; give it in a scenario")
                                   : QStringLiteral("unknown key"));
            continue;
        }
        if (info->type == ParamType::Steps) {
            if (auto steps = demandSteps(it.value(), itemPath)) {
                plan.workload.demandSteps = std::move(*steps);
                setGiven(plan.workloadGiven, info->id);
            }
            continue;
        }
        if (const auto v = parameter(it.value(), itemPath, *info)) {
            setParameterValue(plan.workload, info->id, *v);
            setGiven(plan.workloadGiven, info->id);
        }
    }
    // The demand is the team's total or follows it per engineer, never both (keys are read in name order, so the
    // per-engineer figure is set again here, after the team's size).
    if (isGiven(plan.workloadGiven, ParamId::DemandGpuHoursPerEngineer)) {
        if (isGiven(plan.workloadGiven, ParamId::DemandGpuHours))
            problem(QStringLiteral("workload.demand_gpu_hours_per_engineer"),
                    QStringLiteral("give either demand_gpu_hours (the team's) or demand_gpu_hours_per_engineer, not both"));
        else if (const std::optional<double> per = plan.workload.demandGpuHoursPerEngineer)
            setParameterValue(plan.workload, ParamId::DemandGpuHoursPerEngineer, *per);
    }
}

void PlanReader::checkStepsWithinHorizon(const Plan &plan)
{
    const auto &steps = plan.workload.demandSteps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].month > plan.workload.horizonMonths)
            problem(QStringLiteral("workload.demand_steps[%1]").arg(i),
                    QStringLiteral("month %1 is after the horizon (%2 months)")
                        .arg(steps[i].month)
                        .arg(plan.workload.horizonMonths));
    }
}

void PlanReader::readActuals(const QJsonValue &value, Plan &plan)
{
    if (!value.isObject()) {
        problem(QStringLiteral("actuals"), QStringLiteral("must be an object"));
        return;
    }
    const QJsonObject object = value.toObject();
    ActualsLink link;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString path = QStringLiteral("actuals.") + it.key();
        if (it.key() == QLatin1String("scenario")) {
            link.scenario = requiredText(it.value(), path);
        } else if (it.key() == QLatin1String("start")) {
            static const QRegularExpression month(QStringLiteral("^(19|[2-9][0-9])[0-9]{2}-(0[1-9]|1[0-2])$"));
            link.start = it.value().toString();
            if (!it.value().isString() || !month.match(link.start).hasMatch())
                problem(path, QStringLiteral("must be a month written YYYY-MM (e.g. \"2026-01\")"));
        } else {
            problem(path, QStringLiteral("unknown key"));
        }
    }
    if (!object.contains(QStringLiteral("scenario")))
        problem(QStringLiteral("actuals.scenario"), QStringLiteral("missing"));
    plan.actuals = link;
}

void PlanReader::readCurrency(const QJsonValue &value, Plan &plan)
{
    if (!value.isString() || !isCurrencyCode(value.toString())) {
        problem(QStringLiteral("currency"),
                QStringLiteral("must be a currency code of three capital letters (ISO 4217), such as \"USD\", "
                               "\"EUR\" or \"GBP\""));
        return;
    }
    plan.currency = value.toString();
}

void PlanReader::readFxRates(const QJsonValue &value, Plan &plan)
{
    if (!value.isObject()) {
        problem(QStringLiteral("fx_rates"),
                QStringLiteral("must be an object of rates by currency, e.g. {\"EUR\": 0.92}: units of each currency "
                               "per 1 unit of the plan's currency"));
        return;
    }
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString path = QStringLiteral("fx_rates.") + it.key();
        if (!isCurrencyCode(it.key())) {
            problem(path, QStringLiteral("is not a currency code (three capital letters, such as EUR)"));
            continue;
        }
        if (it.key() == plan.currency) {
            problem(path, QStringLiteral("is the plan's own currency: it needs no rate"));
            continue;
        }
        const double rate = it.value().toDouble();
        if (!it.value().isDouble() || !std::isfinite(rate) || rate <= 0.0 || rate > 1e9) {
            problem(path, QStringLiteral("must be a number above 0 and at most 1e9: units of %1 per 1 unit of the "
                                         "plan's currency")
                              .arg(it.key()));
            continue;
        }
        plan.fxRates.insert(it.key(), rate);
    }
}

} // namespace mltco::tco::planreading

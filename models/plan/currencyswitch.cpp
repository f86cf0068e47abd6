#include "models/plan/currencyswitch.h"

#include "models/common/currency.h"
#include "models/plan/parameters.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace mltco::tco {
namespace {

bool isMoney(ParamId id) { return QByteArray(parameterInfo(id).unit).startsWith("USD"); }

// "$150,000", "$0.12", "€1,234.50": an amount as the assumption quotes it, whole amounts without cents, others with
// the decimals they have (at least 2; at most 4 below 10, else 2).
QString amount(double value, const QString &currency)
{
    const int most = std::abs(value) < 10 ? 4 : 2;
    int decimals = 0;
    while (decimals < most &&
           std::abs(value * std::pow(10.0, decimals) - std::round(value * std::pow(10.0, decimals))) > 1e-9)
        ++decimals;
    return amountText(value, currency, decimals == 1 ? 2 : decimals);
}

// The converted value within the parameter's range (a price cannot exceed its maximum after conversion).
double withinRange(const ParameterInfo &info, double value, bool *clipped)
{
    const double kept = std::clamp(value, info.min, info.max);
    *clipped = kept != value;
    return kept;
}

} // namespace

QString conversionInWords(const CurrencyConversion &c)
{
    // As the plan's currency note says a rate: "0.923 EUR per USD (2026-12-04, ECB)".
    const QString figure = QLocale::c().toString(c.rate, 'g', 6);
    const QString day = c.day.toString(Qt::ISODate);
    return QStringLiteral("%1 %2 per %3 (%4)")
        .arg(figure, c.to, c.from, c.source.isEmpty() ? day : QStringLiteral("%1, %2").arg(day, c.source));
}

Plan convertedPlan(const Plan &plan, const CurrencyConversion &c)
{
    Plan out = plan;
    out.currency = c.to;
    const QString at = QStringLiteral("at %1").arg(conversionInWords(c));
    // One amount converted, and why written beside it: the new figure, and the note it keeps in the plan.
    const auto convert = [&](ParamId id, double value, bool given, QMap<QString, QString> &assumptions) {
        bool clipped = false;
        const double converted = withinRange(parameterInfo(id), value * c.rate, &clipped);
        QString why = given ? QStringLiteral("Converted from %1 %2.").arg(amount(value, c.from), at)
                            : QStringLiteral("The default %1, converted %2.").arg(amount(value, c.from), at);
        if (clipped)
            why += QStringLiteral(" Kept at %1, the most this value may be.").arg(amount(converted, c.to));
        const QString key = parameterKey(id);
        const QString before = assumptions.value(key);
        assumptions.insert(key, before.isEmpty() ? why : before + QLatin1Char(' ') + why);
        return converted;
    };
    // The plan's own money values (its electricity price): converted when it states them.
    for (ParamId id : workloadParameters()) {
        if (!isMoney(id) || !isGiven(out.workloadGiven, id))
            continue;
        if (const std::optional<double> value = parameterValue(out.workload, id))
            setParameterValue(out.workload, id, convert(id, *value, true, out.workloadAssumptions));
    }
    for (PlanScenario &s : out.scenarios) {
        for (ParamId id : scenarioParameters(s.kind())) {
            if (!isMoney(id))
                continue;
            const bool given = isGiven(s.given, id);
            // A price the plan leaves to the catalog is converted by the evaluation, at the rate of its own day.
            if (id == ParamId::RatePerHour && !given)
                continue;
            // A purchase that pays the plan's electricity price keeps paying it (converted above).
            if (id == ParamId::ElectricityPerKwh && !given && out.workload.electricityPerKwh)
                continue;
            const std::optional<double> value = parameterValue(s.scenario, id);
            if (!value)
                continue;
            setParameterValue(s.scenario, id, convert(id, *value, given, s.assumptions));
            setGiven(s.given, id);
        }
    }
    for (Uncertainty &u : out.uncertainty) {
        if (!isMoney(u.parameter))
            continue;
        const ParameterInfo &info = parameterInfo(u.parameter);
        bool clipped = false;
        for (double *v : {&u.low, &u.mode, &u.high, &u.median, &u.p90})
            *v = withinRange(info, *v * c.rate, &clipped);
        const QString why = QStringLiteral("Converted %1.").arg(at);
        u.notes = u.notes.isEmpty() ? why : u.notes + QLatin1Char(' ') + why;
    }
    if (out.optimize && out.optimize->capexBudgetPerYear)
        out.optimize->capexBudgetPerYear = *out.optimize->capexBudgetPerYear * c.rate;
    // Fixed rates are units of each currency per 1 unit of the plan's: per 1 of the new one, X per old ÷ new per old.
    QMap<QString, double> rates;
    for (auto it = plan.fxRates.cbegin(); it != plan.fxRates.cend(); ++it)
        if (it.key() != c.to)
            rates.insert(it.key(), it.value() / c.rate);
    out.fxRates = rates;
    return out;
}

} // namespace mltco::tco

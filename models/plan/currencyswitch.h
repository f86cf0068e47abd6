#pragma once

#include "models/plan/plan.h"

#include <QDate>
#include <QString>

namespace mltco::tco {

/// A change of a plan's currency at one stated rate (model.md §13, "Changing a plan's currency").
struct CurrencyConversion final
{
    QString from;     ///< the plan's currency now
    QString to;       ///< the currency it takes
    double rate = 1;  ///< units of `to` per 1 `from`
    QDate day;        ///< the day of the rate
    QString source;   ///< where the rate comes from ("ECB", "plan fx_rates")
};

/// "0.9234 EUR per USD (2026-12-04, ECB)": the conversion in words, as the question and the plan say it.
QString conversionInWords(const CurrencyConversion &conversion);

/// The plan in `conversion.to`, every money amount it holds converted at the one rate: each scenario's money
/// parameters (prices per hour the plan states, server prices, overheads, staff, facilities, failures, electricity,
/// lease payments), stated or left to their default (a default in dollars is not a default in euros: it is written
/// into the plan, converted), money ranges of uncertain inputs, the fleet request's capex budget, and the plan's fixed
/// rates (re-expressed per unit of the new currency). Each converted parameter's assumption says from what and at
/// which rate and day. Prices the plan leaves to the catalog stay there: the evaluation converts them at the rate of
/// their own day. Values that would leave their range after conversion are kept at the range's end, and said.
Plan convertedPlan(const Plan &plan, const CurrencyConversion &conversion);

} // namespace mltco::tco

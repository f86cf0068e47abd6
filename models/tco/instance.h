#pragma once

#include "models/common/expected.h"

#include <QDate>
#include <QString>

#include <functional>
#include <optional>

namespace mltco::tco {

/// A plan's reference to a catalog price: `"instance": {"provider", "name", "region", "pricing", "as_of"}`.
struct InstanceRef final
{
    QString provider; ///< provider key, e.g. "aws"
    QString name;     ///< instance type, e.g. "p3.8xlarge"
    QString region;   ///< e.g. "us-east-1"; empty for a provider that prices without regions
    QString pricing;  ///< pricing-model key, e.g. "on_demand", "preemptible", "monthly"
    QDate asOf;       ///< the price in force on this date; null = the latest observation
    /// The currency the price is wanted in (the plan's); empty: as the catalog holds it. Not part of the plan file.
    QString currency = {};

    friend bool operator==(const InstanceRef &, const InstanceRef &) = default;
};

/// An exchange rate a result used (model.md §13), as a plan's `fx_rates` write one: units of `currency` per 1 unit
/// of the plan's currency, the day of the rate and where it came from.
struct FxUse final
{
    QString currency = {};
    QDate date;       ///< the rate's day (for a rate the plan fixes: the day of the price it converted)
    double rate = 1.0;
    QString source;   ///< source key(s) of the rate table, or "plan fx_rates"

    friend bool operator==(const FxUse &, const FxUse &) = default;
};

/// Where a scenario's speedup came from (model.md §10.8), in the order they are tried.
enum class SpeedupOrigin {
    Plan,      ///< the plan states it
    PersonSet, ///< a person set it on the GPU in the catalog (the seed values, with their source)
    Estimated, ///< dense FP16/BF16 tensor TFLOPS / 125: "estimated from datasheets"
};

/// What the catalog says about an InstanceRef.
struct ResolvedInstance final
{
    double ratePerHour = 0.0;      ///< `currency` per instance-hour (a monthly price converted at 730 h)
    double gpusPerInstance = 0.0;
    std::optional<double> speedup; ///< of its GPU: person-set, else estimated; none when neither is possible
    QString gpu;                   ///< GPU model name
    QString source;                ///< source key of the price observation
    QDate observedAt;              ///< date of the price observation used
    SpeedupOrigin speedupOrigin = SpeedupOrigin::PersonSet;
    QString speedupBasis;          ///< the person-set value's source key, or the estimate's arithmetic
    // model.md §13: the price's currency, and how it came into the currency asked for.
    QString currency = QStringLiteral("USD"); ///< of ratePerHour: the currency asked for, once converted
    QString priceCurrency = QStringLiteral("USD"); ///< the catalog price's own currency
    double priceRatePerHour = 0.0; ///< the catalog's figure, in priceCurrency (0: as ratePerHour)
    std::optional<FxUse> fx = {};  ///< the rate that converted it, when it was converted
    QString fxProblem = {};        ///< why it could not be converted into the currency asked for (then currency is
                                   ///< priceCurrency)
    /// Set by the plan's evaluation: the scenario's rate is this price (the plan does not state its own), so its
    /// figures stand on the observation of observedAt.
    bool rateUsed = false;
};

/// Looks an InstanceRef up in a catalog. Must return an Error naming what is missing (provider, instance,
/// region, pricing model, or no price on or before the date) rather than a zero price. A resolver may be
/// called from any thread the caller evaluates on; the store's factory decides how it reaches its data.
using InstanceResolver = std::function<Expected<ResolvedInstance>(const InstanceRef &)>;

/// "aws p3.8xlarge in us-east-1 (on_demand)", for messages.
inline QString describe(const InstanceRef &ref)
{
    QString text = ref.region.isEmpty()
                       ? QStringLiteral("%1 %2 (%3)").arg(ref.provider, ref.name, ref.pricing)
                       : QStringLiteral("%1 %2 in %3 (%4)").arg(ref.provider, ref.name, ref.region, ref.pricing);
    if (ref.asOf.isValid())
        text += QStringLiteral(" as of %1").arg(ref.asOf.toString(Qt::ISODate));
    return text;
}

} // namespace mltco::tco

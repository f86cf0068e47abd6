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

    friend bool operator==(const InstanceRef &, const InstanceRef &) = default;
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
    double ratePerHour = 0.0;      ///< USD per instance-hour (a monthly price converted at 730 h)
    double gpusPerInstance = 0.0;
    std::optional<double> speedup; ///< of its GPU: person-set, else estimated; none when neither is possible
    QString gpu;                   ///< GPU model name
    QString source;                ///< source key of the price observation
    QDate observedAt;              ///< date of the price observation used
    SpeedupOrigin speedupOrigin = SpeedupOrigin::PersonSet;
    QString speedupBasis;          ///< the person-set value's source key, or the estimate's arithmetic
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

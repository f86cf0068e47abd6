#include "models/catalog/commitmentterms.h"

#include <cmath>

namespace mltco::catalog {

std::optional<CommitmentTerms> commitmentFromReservedPrice(const PricePoint &reserved, double onDemandHourly)
{
    const double hours = termHours(reserved.pricing);
    if ((reserved.pricing != PricingModel::Reserved1y && reserved.pricing != PricingModel::Reserved3y) || hours <= 0)
        return std::nullopt;
    const std::optional<double> effective = reserved.hourly();
    if (!effective || !std::isfinite(onDemandHourly) || onDemandHourly <= 0)
        return std::nullopt;
    CommitmentTerms terms;
    terms.discount = 1.0 - *effective / onDemandHourly;
    if (!(terms.discount >= 0.0 && terms.discount <= 0.99))
        return std::nullopt;
    // The term's whole cost: the upfront and the hourly charge for every hour of it (effective x hours).
    const double whole = *effective * hours;
    terms.upfrontFraction = reserved.upfront && whole > 0 ? std::min(1.0, *reserved.upfront / whole) : 0.0;
    terms.termMonths = reserved.pricing == PricingModel::Reserved3y ? 36 : 12;
    return terms;
}

} // namespace mltco::catalog

#pragma once

#include "models/catalog/types.h"

#include <optional>

namespace mltco::catalog {

/// A scenario's commitment worked out from a reserved price (model.md §10.4: commit_discount,
/// commit_upfront_fraction, commit_term_months).
struct CommitmentTerms final
{
    double discount = 0.0;        ///< 1 - the reservation's effective hourly rate / the on-demand rate
    double upfrontFraction = 0.0; ///< the share of the term's cost paid at its start
    int termMonths = 12;          ///< 12 for a 1-year term, 36 for a 3-year one
};

/// The terms of `reserved` (a reserved_1y or reserved_3y price, its upfront and hourly charge) against the on-demand
/// hourly rate of the same instance: nullopt when `reserved` is no reservation, either rate is missing, or the
/// reservation is not cheaper than on demand (a discount must lie in [0, 0.99], as commit_discount allows).
std::optional<CommitmentTerms> commitmentFromReservedPrice(const PricePoint &reserved, double onDemandHourly);

} // namespace mltco::catalog

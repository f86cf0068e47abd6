#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"

#include <QDate>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace mltco::catalog {

class CatalogRepository;

/// A least-squares line through (x, ln y) and what it says about y's yearly change (model.md §10.9, §10.10
/// clarification 14).
struct LogLinearFit final
{
    int points = 0;
    double slope = 0.0;         ///< of ln(price) per year
    double slopeStdError = 0.0; ///< from the residuals, n − 2 degrees of freedom
    double annualChange = 0.0;  ///< e^slope − 1
    double ci90Low = 0.0, ci90High = 0.0; ///< e^(slope ± t₀.₉₅,ₙ₋₂ × SE) − 1
};

/// Fits ln(y) = a + b·x to (years, price) pairs. Needs three points or more on at least two different x, and
/// positive prices.
Expected<LogLinearFit> fitLogLinear(const std::vector<std::pair<double, double>> &yearsAndPrices);

/// Student's t quantile: P(T ≤ t) = p with `degrees` degrees of freedom (p in (0, 1)).
double studentQuantile(double p, int degrees);

struct TrendFilter final
{
    QString provider;
    QString gpu;
    std::optional<PricingModel> pricing;
};

/// The trend of cloud prices per reference GPU-hour in a document's price history: each price is divided by
/// its instance's GPUs × speedup (the GPU's person-set speedup, else its datasheet estimate), one point per
/// instance, pricing model and date (regions averaged in logarithms), a year being 365.25 days.
struct PriceTrend final
{
    LogLinearFit fit;
    QDate first, last;
    int skipped = 0; ///< observations left out: missing prices, CPU-only instances, GPUs with no speedup
};

Expected<PriceTrend> priceTrend(const CatalogRepository &repo, const TrendFilter &filter);

} // namespace mltco::catalog

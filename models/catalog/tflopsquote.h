#pragma once

#include "models/catalog/catalogrepository.h"
#include "models/catalog/types.h"
#include "models/common/expected.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace mltco::catalog {

/// One instance's price per 1000 TFLOPS-hour (model.md §6), in its currency, and what the figure rests on: which price, which
/// throughput figure. Missing parts leave the price at nullopt ("n/a"), never 0, with `missing` saying why.
struct TflopsQuote final
{
    QString provider;
    QString instance;
    QString gpu;
    double gpuCount = 0.0;
    QString currency = QStringLiteral("USD"); ///< of rate and price (the quote's, model.md §13)
    std::optional<double> rate; ///< `currency` per node-hour
    QString rateBasis;          ///< "us-east-1, 2025-01-28 (hardware-perspective-2025)": region, observation date, source
    std::optional<double> nodeTflops;
    QString tflopsBasis;         ///< "node figure (hardware-perspective-2025)" or "8 × 156.0 per GPU (nvidia-a100-datasheet)"
    std::optional<double> price; ///< `currency` per 1000 TFLOPS-hour
    QString missing;             ///< why price is n/a

    QString key() const { return provider + QLatin1Char('/') + instance; }
    QString label() const { return provider + QLatin1Char(' ') + instance; }
};

/// The latest usable price of each instance under `pricing`, keyed by TflopsQuote::key(). Per region, the
/// latest observation counts (a later "missing" observation makes that region missing); of the regions, the
/// most recent observation wins, the cheapest on a tie (seed 002 compares "the cheapest regions").
QHash<QString, PricePoint> latestPrices(const QList<PricePoint> &prices);
/// The same from the repository's matching prices, read one by one (nothing but the latest of each region is held).
QHash<QString, PricePoint> latestPrices(const CatalogRepository &repo, const PriceFilter &filter);

/// latestPrices() fed one observation at a time, in the listing's order.
class LatestPrices final
{
public:
    void add(const PricePoint &price);
    QHash<QString, PricePoint> result() const;

private:
    QHash<QString, PricePoint> m_perRegion;
};

/// Quotes one instance. `metric` is a throughput metric key ("tf32_sparse"), `metricLabel` its name in
/// messages ("TF32"); with `preferNodeFigures` a
/// figure quoted for the instance's whole node (seed 002's ~2,200 for 8×A100) wins over GPU count × the
/// per-GPU datasheet figure.
/// The price is taken in its own currency: convert it first (PriceConverter) to compare quotes. `priceProblem`, when
/// there is no price, says why (e.g. no exchange rate for it) instead of "no price in the catalog".
TflopsQuote quoteInstance(const InstanceType &instance, const Gpu *gpu,
                          const std::optional<PricePoint> &price, const QString &metric,
                          const QString &metricLabel, bool preferNodeFigures, const QString &priceProblem = {});

/// Quotes a named instance from a document's catalog: its latest usable price under `pricing` (in `region`
/// when one is given) and its GPU's figure, the GPU taken from the bundled GPU table when the document does
/// not have it. An instance the catalog does not know is an Error naming it; a missing price or figure is
/// a quote with price n/a and `missing` saying why.
/// The quote is in `currency`: a price in another converts at its observation day's rate (PriceConverter).
Expected<TflopsQuote> quoteCatalogInstance(const CatalogRepository &repo, const QString &provider,
                                           const QString &instance, PricingModel pricing, const QString &region,
                                           const QString &metric, const QString &metricLabel, bool preferNodeFigures,
                                           const QString &currency = QStringLiteral("USD"));

} // namespace mltco::catalog

#pragma once

#include "models/catalog/types.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace mltco::ui {

/// One instance's $ per 1000 TFLOPS-hour (model.md §6) and what the figure rests on: which price, which
/// throughput figure. Missing parts leave the price at nullopt ("n/a"), never 0, with `missing` saying why.
struct TflopsQuote final
{
    QString provider;
    QString instance;
    QString gpu;
    double gpuCount = 0.0;
    std::optional<double> rate; ///< USD per node-hour
    QString rateBasis;          ///< "us-east-1, 2025-01-28 (seed-002)": region, observation date, source
    std::optional<double> nodeTflops;
    QString tflopsBasis;         ///< "node figure (seed-002)" or "8 × 156.0 per GPU (nvidia-a100-datasheet)"
    std::optional<double> price; ///< USD per 1000 TFLOPS-hour
    QString missing;             ///< why price is n/a

    QString key() const { return provider + QLatin1Char('/') + instance; }
    QString label() const { return provider + QLatin1Char(' ') + instance; }
};

/// The latest usable price of each instance under `pricing`, keyed by TflopsQuote::key(). Per region, the
/// latest observation counts (a later "missing" observation makes that region missing); of the regions, the
/// most recent observation wins, the cheapest on a tie (seed 002 compares "the cheapest regions").
QHash<QString, catalog::PricePoint> latestPrices(const QList<catalog::PricePoint> &prices);

/// Quotes one instance. `metric` is a throughput metric key ("tf32_sparse"), `metricLabel` its name in
/// messages ("TF32"); with `preferNodeFigures` a
/// figure quoted for the instance's whole node (seed 002's ~2,200 for 8×A100) wins over GPU count × the
/// per-GPU datasheet figure.
TflopsQuote quoteInstance(const catalog::InstanceType &instance, const catalog::Gpu *gpu,
                          const std::optional<catalog::PricePoint> &price, const QString &metric,
                          const QString &metricLabel, bool preferNodeFigures);

} // namespace mltco::ui

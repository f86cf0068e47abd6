#pragma once

#include "models/catalog/catalogeditor.h"

#include <QDate>
#include <QMap>
#include <QString>
#include <QStringList>

namespace mltco::ui {

/// Which TF32 figure a node's throughput is taken from (model.md §6).
enum class TflopsBasis {
    QuotedNode, ///< a figure a source quotes for the whole node (seed 002: 2,200 for 8 × A100); else GPUs × sparse
    Sparse,     ///< GPUs × the per-GPU TF32 sparse figure
    Dense,      ///< GPUs × the per-GPU TF32 dense figure
};

/// One instance type priced per 1000 TF32 TFLOPS-hour.
struct TflopsBar final
{
    QString provider;
    QString instance;
    QString region;
    QString gpu;
    double gpuCount = 0;
    double ratePerHour = 0; ///< latest on-demand USD per hour (the cheapest region on its latest date)
    QDate observedAt;
    QString priceSource;
    double nodeTflops = 0;
    QString basis; ///< "node TF32 2,200 TFLOPS (hardware-perspective-2025, sparse)" or "8 × 156 TF32 dense (datasheet)"
    double costPer1000 = 0;
};

struct TflopsComparison final
{
    QList<TflopsBar> bars;               ///< cheapest first
    QMap<QString, QStringList> noFigure; ///< GPU -> instance types it leaves at "n/a"
    QStringList noPrice;                 ///< GPU instance types with no on-demand price
};

/// $ per 1000 TF32 TFLOPS-hour of every instance type with a GPU, from its latest on-demand price
/// (`latest`: CatalogEditor::latestPrices(OnDemand)) and its GPU's figures; the arithmetic is
/// tco::pricePer1000TflopsHour(). CPU-only instance types are left out.
TflopsComparison compareTflopsCost(const QList<catalog::InstanceRecord> &instances,
                                   const QList<catalog::GpuRecord> &gpus, const QList<catalog::PriceRecord> &latest,
                                   TflopsBasis basis, const QHash<QString, catalog::Source> &sources);

} // namespace mltco::ui

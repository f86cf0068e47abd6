#include "ui/catalog/tflopscomparison.h"

#include "models/tco/calculators.h"
#include "ui/catalog/catalogformat.h"

#include <cmath>

namespace mltco::ui {

namespace {

struct NodeFigure final
{
    double tflops = 0;
    QString basis;
};

QString sourceWord(const QString &key, const QHash<QString, catalog::Source> &sources)
{
    const auto it = sources.constFind(key);
    return it != sources.constEnd() && it->kind == QLatin1String("datasheet") ? QStringLiteral("datasheet")
                                                                              : catalogtext::sourceLabel(key, sources);
}

std::optional<NodeFigure> perGpu(const catalog::Gpu &gpu, double count, const QString &metric,
                                 const QHash<QString, catalog::Source> &sources, const QString &extra = {})
{
    for (const catalog::ThroughputFigure &f : gpu.throughput) {
        if (f.metric != metric || f.gpuCount != 1)
            continue;
        const QString basis = QStringLiteral("%1 × %2 %3 (%4%5)")
                                  .arg(catalogtext::number(count), catalogtext::number(f.tflops),
                                       catalogtext::metricLabel(metric), sourceWord(f.source, sources), extra);
        return NodeFigure{count * f.tflops, basis};
    }
    return std::nullopt;
}

std::optional<NodeFigure> nodeFigure(const catalog::Gpu &gpu, double count, TflopsBasis basis,
                                     const QHash<QString, catalog::Source> &sources)
{
    switch (basis) {
    case TflopsBasis::Dense:
        return perGpu(gpu, count, QStringLiteral("tf32_dense"), sources);
    case TflopsBasis::Sparse:
        return perGpu(gpu, count, QStringLiteral("tf32_sparse"), sources);
    case TflopsBasis::QuotedNode:
        for (const catalog::ThroughputFigure &f : gpu.throughput) {
            if (f.gpuCount > 1 && f.gpuCount == count && f.metric.startsWith(QLatin1String("tf32"))) {
                const QString kind = f.metric.section(QLatin1Char('_'), 1);
                return NodeFigure{f.tflops,
                                  QStringLiteral("node TF32 %1 TFLOPS (%2, %3)")
                                      .arg(catalogtext::number(f.tflops), sourceWord(f.source, sources), kind)};
            }
        }
        return perGpu(gpu, count, QStringLiteral("tf32_sparse"), sources, QStringLiteral("; no node figure quoted"));
    }
    return std::nullopt;
}

} // namespace

TflopsComparison compareTflopsCost(const QList<catalog::InstanceRecord> &instances,
                                   const QList<catalog::GpuRecord> &gpus, const QList<catalog::PriceRecord> &latest,
                                   TflopsBasis basis, const QHash<QString, catalog::Source> &sources)
{
    QHash<QString, const catalog::Gpu *> gpuByName;
    for (const catalog::GpuRecord &g : gpus)
        gpuByName.insert(g.gpu.name, &g.gpu);
    // The cheapest region of each instance type's latest on-demand observations.
    QHash<qint64, const catalog::PriceRecord *> cheapest;
    for (const catalog::PriceRecord &p : latest) {
        const std::optional<double> rate = p.price.hourly();
        if (!rate)
            continue;
        const catalog::PriceRecord *&best = cheapest[p.instanceId];
        if (!best || p.price.observedAt > best->price.observedAt ||
            (p.price.observedAt == best->price.observedAt && *rate < *best->price.hourly()))
            best = &p;
    }
    TflopsComparison out;
    for (const catalog::InstanceRecord &i : instances) {
        if (i.type.gpu.isEmpty() || i.type.gpuCount <= 0)
            continue;
        const QString label = catalogtext::instanceLabel(i.type.provider, i.type.name);
        const catalog::PriceRecord *price = cheapest.value(i.id);
        const catalog::Gpu *gpu = gpuByName.value(i.type.gpu);
        const std::optional<NodeFigure> figure = gpu ? nodeFigure(*gpu, i.type.gpuCount, basis, sources) : std::nullopt;
        if (!figure) {
            if (price) // an instance nobody can price is noise in this list
                out.noFigure[i.type.gpu] << label;
            continue;
        }
        if (!price) {
            out.noPrice << label;
            continue;
        }
        const std::optional<double> cost = tco::pricePer1000TflopsHour(price->price.hourly(), figure->tflops);
        if (!cost)
            continue;
        out.bars << TflopsBar{i.type.provider,
                              i.type.name,
                              price->price.region,
                              i.type.gpu,
                              i.type.gpuCount,
                              *price->price.hourly(),
                              price->price.observedAt,
                              price->price.source,
                              figure->tflops,
                              figure->basis,
                              *cost};
    }
    std::stable_sort(out.bars.begin(), out.bars.end(),
                     [](const TflopsBar &a, const TflopsBar &b) { return a.costPer1000 < b.costPer1000; });
    return out;
}

} // namespace mltco::ui

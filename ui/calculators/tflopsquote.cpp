#include "ui/calculators/tflopsquote.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "ui/calculators/numberfield.h"

#include <QCoreApplication>

#include <cmath>

namespace mltco::ui {
namespace {

QString trQuote(const char *text)
{
    return QCoreApplication::translate("TflopsQuote", text);
}

} // namespace

QHash<QString, catalog::PricePoint> latestPrices(const QList<catalog::PricePoint> &prices)
{
    // Latest observation per instance and region (the list is ordered by date within each).
    QHash<QString, catalog::PricePoint> perRegion;
    for (const catalog::PricePoint &p : prices) {
        const QString key = p.provider + QLatin1Char('/') + p.instance + QLatin1Char('\n') + p.region;
        const auto it = perRegion.constFind(key);
        if (it == perRegion.constEnd() || it->observedAt <= p.observedAt)
            perRegion.insert(key, p);
    }
    QHash<QString, catalog::PricePoint> best;
    for (const catalog::PricePoint &p : std::as_const(perRegion)) {
        if (!p.hourly())
            continue;
        const QString key = p.provider + QLatin1Char('/') + p.instance;
        const auto it = best.constFind(key);
        const bool better = it == best.constEnd() || p.observedAt > it->observedAt ||
                            (p.observedAt == it->observedAt && *p.hourly() < *it->hourly());
        if (better)
            best.insert(key, p);
    }
    return best;
}

TflopsQuote quoteInstance(const catalog::InstanceType &instance, const catalog::Gpu *gpu,
                          const std::optional<catalog::PricePoint> &price, const QString &metric,
                          const QString &metricLabel, bool preferNodeFigures)
{
    TflopsQuote q;
    q.provider = instance.provider;
    q.instance = instance.name;
    q.gpu = instance.gpu;
    q.gpuCount = instance.gpuCount;

    if (price && price->hourly()) {
        q.rate = price->hourly();
        const QString where = price->region.isEmpty() ? QString() : price->region + QStringLiteral(", ");
        q.rateBasis = trQuote("%1%2 (%3)").arg(where, price->observedAt.toString(Qt::ISODate), price->source);
    }

    if (gpu) {
        const catalog::ThroughputFigure *perGpu = nullptr;
        const catalog::ThroughputFigure *node = nullptr;
        for (const catalog::ThroughputFigure &f : gpu->throughput) {
            if (f.metric != metric)
                continue;
            if (f.gpuCount == 1 && !perGpu)
                perGpu = &f;
            else if (f.gpuCount > 1 && std::fabs(f.gpuCount - instance.gpuCount) < 1e-9 && !node)
                node = &f;
        }
        if (node && (preferNodeFigures || !perGpu)) {
            q.nodeTflops = node->tflops;
            q.tflopsBasis = trQuote("node figure (%1)").arg(node->source);
        } else if (perGpu && instance.gpuCount > 0) {
            q.nodeTflops = perGpu->tflops * instance.gpuCount;
            q.tflopsBasis = trQuote("%1 × %2 per GPU (%3)")
                                .arg(inputNumber(instance.gpuCount), inputNumber(perGpu->tflops, 1), perGpu->source);
        }
    }

    q.price = tco::pricePer1000TflopsHour(q.rate, q.nodeTflops);
    if (!q.nodeTflops)
        q.missing = gpu ? trQuote("%1 has no %2 figure").arg(instance.gpu, metricLabel)
                        : trQuote("the catalog does not know the GPU \"%1\"").arg(instance.gpu);
    else if (!q.rate)
        q.missing = trQuote("no price in the catalog");
    return q;
}

} // namespace mltco::ui

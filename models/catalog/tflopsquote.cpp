#include "models/catalog/tflopsquote.h"

#include "models/catalog/gputable.h"
#include "models/catalog/priceconverter.h"
#include "models/tco/calculators.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace mltco::catalog {
namespace {

QString trQuote(const char *text)
{
    return QCoreApplication::translate("TflopsQuote", text);
}

// A figure as typed: no trailing zeros, no grouping ("8", "156", "989.5").
QString plain(double value, int decimals = 2)
{
    return QString::number(value, 'f', decimals).remove(QRegularExpression(QStringLiteral("\\.?0+$")));
}

} // namespace

void LatestPrices::add(const PricePoint &p)
{
    // Latest observation per instance and region (a later one of the same date replaces an earlier).
    const QString key = p.provider + QLatin1Char('/') + p.instance + QLatin1Char('\n') + p.region;
    const auto it = m_perRegion.constFind(key);
    if (it == m_perRegion.constEnd() || it->observedAt <= p.observedAt)
        m_perRegion.insert(key, p);
}

QHash<QString, PricePoint> LatestPrices::result() const
{
    QHash<QString, PricePoint> best;
    for (const PricePoint &p : std::as_const(m_perRegion)) {
        if (!p.hourly())
            continue;
        const QString key = p.provider + QLatin1Char('/') + p.instance;
        const auto it = best.constFind(key);
        // The cheapest on a tie only when the two are in one currency (a euro and a dollar figure are not compared).
        const bool better = it == best.constEnd() || p.observedAt > it->observedAt ||
                            (p.observedAt == it->observedAt && p.currency == it->currency &&
                             *p.hourly() < *it->hourly());
        if (better)
            best.insert(key, p);
    }
    return best;
}

QHash<QString, PricePoint> latestPrices(const QList<PricePoint> &prices)
{
    LatestPrices latest;
    for (const PricePoint &p : prices)
        latest.add(p);
    return latest.result();
}

QHash<QString, PricePoint> latestPrices(const CatalogRepository &repo, const PriceFilter &filter)
{
    LatestPrices latest;
    repo.forEachPrice(filter, [&](const PricePoint &p) {
        latest.add(p);
        return true;
    });
    return latest.result();
}

TflopsQuote quoteInstance(const InstanceType &instance, const Gpu *gpu,
                          const std::optional<PricePoint> &price, const QString &metric,
                          const QString &metricLabel, bool preferNodeFigures, const QString &priceProblem)
{
    TflopsQuote q;
    q.provider = instance.provider;
    q.instance = instance.name;
    q.gpu = instance.gpu;
    q.gpuCount = instance.gpuCount;

    if (price)
        q.currency = price->currency;
    if (price && price->hourly()) {
        q.rate = price->hourly();
        const QString where = price->region.isEmpty() ? QString() : price->region + QStringLiteral(", ");
        q.rateBasis = trQuote("%1%2 (%3)").arg(where, price->observedAt.toString(Qt::ISODate), price->source);
    }

    if (gpu) {
        const ThroughputFigure *perGpu = nullptr;
        const ThroughputFigure *node = nullptr;
        for (const ThroughputFigure &f : gpu->throughput) {
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
                                .arg(plain(instance.gpuCount), plain(perGpu->tflops, 1), perGpu->source);
        }
    }

    q.price = tco::pricePer1000TflopsHour(q.rate, q.nodeTflops);
    if (!q.nodeTflops)
        q.missing = gpu ? trQuote("%1 has no %2 figure").arg(instance.gpu, metricLabel)
                        : trQuote("the catalog does not know the GPU \"%1\"").arg(instance.gpu);
    else if (!q.rate)
        q.missing = priceProblem.isEmpty() ? trQuote("no price in the catalog") : priceProblem;
    return q;
}

Expected<TflopsQuote> quoteCatalogInstance(const CatalogRepository &repo, const QString &provider,
                                           const QString &instance, PricingModel pricing, const QString &region,
                                           const QString &metric, const QString &metricLabel, bool preferNodeFigures,
                                           const QString &currency)
{
    const std::optional<InstanceType> type = repo.instanceType(provider, instance);
    if (!type)
        return Error{trQuote("The catalog has no instance type %1 of provider %2.").arg(instance, provider), {}};
    PriceFilter filter;
    filter.provider = provider;
    filter.instance = instance;
    filter.region = region;
    filter.pricing = pricing;
    const QHash<QString, PricePoint> prices = latestPrices(repo, filter);
    const auto price = prices.constFind(provider + QLatin1Char('/') + instance);
    std::optional<Gpu> gpu = type->gpu.isEmpty() ? std::nullopt : repo.gpu(type->gpu);
    if (!type->gpu.isEmpty() && (!gpu || gpu->throughput.isEmpty()))
        gpu = GpuTable::find(type->gpu); // a document from before the GPU table grew
    std::optional<PricePoint> converted;
    QString problem;
    if (price != prices.cend()) {
        PriceConverter converter(repo.database(), currency);
        if (Expected<PricePoint> p = converter.convert(*price))
            converted = *p;
        else
            problem = trQuote("its price is in %1 and cannot be shown in %2: %3")
                          .arg(price->currency, currency, p.error().message);
    }
    return quoteInstance(*type, gpu ? &*gpu : nullptr, converted, metric, metricLabel, preferNodeFigures, problem);
}

} // namespace mltco::catalog

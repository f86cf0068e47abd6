#include "models/catalog/instanceresolver.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/fxrates.h"
#include "models/catalog/gputable.h"

#include <memory>

namespace mltco::catalog {

namespace {

// model.md §10.8: a speedup a person set on the GPU; else an estimate from its datasheet figures, the
// document's or, for a document from before the GPU table grew, the bundled table's. Neither leaves it unset.
void resolveSpeedup(const CatalogRepository &repo, const QString &gpuName, tco::ResolvedInstance &resolved)
{
    const std::optional<Gpu> gpu = repo.gpu(gpuName);
    if (gpu && gpu->speedup) {
        resolved.speedup = gpu->speedup;
        resolved.speedupOrigin = tco::SpeedupOrigin::PersonSet;
        resolved.speedupBasis = gpu->speedupSource;
        return;
    }
    for (const std::optional<Gpu> &candidate : {gpu, GpuTable::find(gpuName)}) {
        if (!candidate)
            continue;
        if (const std::optional<double> estimate = estimatedSpeedup(*candidate)) {
            resolved.speedup = estimate;
            resolved.speedupOrigin = tco::SpeedupOrigin::Estimated;
            resolved.speedupBasis = estimateBasis(*candidate);
            return;
        }
    }
}

// model.md §13: a catalog price in another currency than the plan's converts at the rate of its observation day. When
// the table has no such rate the price stays in its own currency and says why: the plan's fixed rates may still cover
// it (planevaluation decides).
void convert(const QSqlDatabase &db, const QString &currency, const QDate &day, std::optional<RateTable> &rates,
             tco::ResolvedInstance &resolved)
{
    if (!rates) {
        Expected<RateTable> table = readRateTable(db);
        if (!table) {
            resolved.fxProblem = table.error().message;
            return;
        }
        rates = std::move(*table);
    }
    // Units of the price's currency per 1 unit of the plan's: what a plan's fx_rates would say.
    const Expected<FxRate> rate = rates->rate(currency, resolved.priceCurrency, day);
    if (!rate) {
        resolved.fxProblem = rate.error().message;
        return;
    }
    resolved.ratePerHour = resolved.priceRatePerHour / rate->rate;
    resolved.currency = currency;
    resolved.fx = tco::FxUse{resolved.priceCurrency, rate->rateDate, rate->rate, rate->source};
}

} // namespace

tco::InstanceResolver makeInstanceResolver(const QSqlDatabase &db)
{
    // The rate table is read once, the first time a price must change currency.
    auto rates = std::make_shared<std::optional<RateTable>>();
    return [db, rates](const tco::InstanceRef &ref) -> Expected<tco::ResolvedInstance> {
        const CatalogRepository repo(db);
        const std::optional<PricingModel> pricing = pricingModelFromKey(ref.pricing);
        if (!pricing)
            return Error{QStringLiteral("Unknown pricing model \"%1\" for %2; use one of: %3.")
                             .arg(ref.pricing, tco::describe(ref), pricingModelKeys().join(QLatin1String(", "))),
                         {}};
        const std::optional<InstanceType> instance = repo.instanceType(ref.provider, ref.name);
        if (!instance)
            return Error{QStringLiteral("The catalog has no instance type %1 of provider %2.").arg(ref.name, ref.provider), {}};
        const QDate asOf = ref.asOf.isValid() ? ref.asOf : QDate::currentDate();
        Expected<PricePoint> price = repo.latestPrice(ref.provider, ref.name, ref.region, *pricing, asOf);
        if (!price)
            return price.error();
        tco::ResolvedInstance resolved;
        resolved.ratePerHour = *price->hourly();
        resolved.priceRatePerHour = resolved.ratePerHour;
        resolved.currency = price->currency;
        resolved.priceCurrency = price->currency;
        if (!ref.currency.isEmpty() && ref.currency != price->currency)
            convert(db, ref.currency, price->observedAt, *rates, resolved);
        resolved.gpusPerInstance = instance->gpuCount;
        resolved.gpu = instance->gpu;
        resolved.source = price->source;
        resolved.observedAt = price->observedAt;
        if (!instance->gpu.isEmpty())
            resolveSpeedup(repo, instance->gpu, resolved);
        return resolved;
    };
}

CachingInstanceResolver::CachingInstanceResolver(const QSqlDatabase &db) : m_db(db), m_inner(makeInstanceResolver(db))
{
}

tco::InstanceResolver CachingInstanceResolver::resolver()
{
    return [this](const tco::InstanceRef &ref) -> Expected<tco::ResolvedInstance> {
        const QDate asOf = ref.asOf.isValid() ? ref.asOf : QDate::currentDate();
        const QString key =
            QStringList{ref.provider, ref.name, ref.region, ref.pricing, asOf.toString(Qt::ISODate), ref.currency}.join(
                QChar(0x1f));
        if (const auto known = m_answers.find(key); known != m_answers.end())
            return known->second;
        Expected<tco::ResolvedInstance> answer = m_inner(ref);
        if (answer) // an error (a missing price, a page that cannot be read) is asked again next time
            m_answers.emplace(key, *answer);
        return answer;
    };
}

} // namespace mltco::catalog

#include "models/catalog/instanceresolver.h"

#include "models/catalog/catalogrepository.h"

namespace mltco::catalog {

tco::InstanceResolver makeInstanceResolver(const QSqlDatabase &db)
{
    return [db](const tco::InstanceRef &ref) -> Expected<tco::ResolvedInstance> {
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
        resolved.gpusPerInstance = instance->gpuCount;
        resolved.gpu = instance->gpu;
        resolved.source = price->source;
        resolved.observedAt = price->observedAt;
        if (!instance->gpu.isEmpty()) {
            if (const std::optional<Gpu> gpu = repo.gpu(instance->gpu))
                resolved.speedup = gpu->speedup;
        }
        return resolved;
    };
}

} // namespace mltco::catalog

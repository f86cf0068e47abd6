#include "models/catalog/types.h"

#include <array>
#include <utility>

namespace mltco::catalog {
namespace {

constexpr std::array<std::pair<PricingModel, const char *>, 8> kPricingKeys{{
    {PricingModel::OnDemand, "on_demand"},
    {PricingModel::Spot, "spot"},
    {PricingModel::Preemptible, "preemptible"},
    {PricingModel::Reserved1y, "reserved_1y"},
    {PricingModel::Reserved3y, "reserved_3y"},
    {PricingModel::SavingsPlan1y, "savings_plan_1y"},
    {PricingModel::SavingsPlan3y, "savings_plan_3y"},
    {PricingModel::Monthly, "monthly"},
}};

constexpr std::array<std::pair<PurchaseOption, const char *>, 4> kPurchaseKeys{{
    {PurchaseOption::None, ""},
    {PurchaseOption::NoUpfront, "no_upfront"},
    {PurchaseOption::PartialUpfront, "partial_upfront"},
    {PurchaseOption::AllUpfront, "all_upfront"},
}};

constexpr std::array<std::pair<OfferingClass, const char *>, 3> kOfferingKeys{{
    {OfferingClass::None, ""},
    {OfferingClass::Standard, "standard"},
    {OfferingClass::Convertible, "convertible"},
}};

constexpr std::array<std::pair<ProviderKind, const char *>, 4> kProviderKindKeys{{
    {ProviderKind::Hyperscaler, "hyperscaler"},
    {ProviderKind::GpuCloud, "gpu_cloud"},
    {ProviderKind::Marketplace, "marketplace"},
    {ProviderKind::OnPrem, "on_prem"},
}};

template<typename Enum, std::size_t N>
QString keyOf(const std::array<std::pair<Enum, const char *>, N> &table, Enum value)
{
    for (const auto &[e, key] : table)
        if (e == value)
            return QString::fromLatin1(key);
    return {};
}

template<typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, const char *>, N> &table, const QString &key)
{
    for (const auto &[e, k] : table)
        if (key == QLatin1String(k))
            return e;
    return std::nullopt;
}

} // namespace

QString pricingModelKey(PricingModel model) { return keyOf(kPricingKeys, model); }
std::optional<PricingModel> pricingModelFromKey(const QString &key) { return valueOf(kPricingKeys, key); }

QStringList pricingModelKeys()
{
    QStringList keys;
    for (const auto &entry : kPricingKeys)
        keys << QString::fromLatin1(entry.second);
    return keys;
}

QString providerKindKey(ProviderKind kind) { return keyOf(kProviderKindKeys, kind); }
std::optional<ProviderKind> providerKindFromKey(const QString &key) { return valueOf(kProviderKindKeys, key); }

QString purchaseOptionKey(PurchaseOption option)
{
    return keyOf(kPurchaseKeys, option);
}
std::optional<PurchaseOption> purchaseOptionFromKey(const QString &key)
{
    return valueOf(kPurchaseKeys, key);
}
QString offeringClassKey(OfferingClass offering)
{
    return keyOf(kOfferingKeys, offering);
}
std::optional<OfferingClass> offeringClassFromKey(const QString &key)
{
    return valueOf(kOfferingKeys, key);
}

double termHours(PricingModel model)
{
    switch (model) {
    case PricingModel::Reserved1y:
    case PricingModel::SavingsPlan1y:
        return 12 * kHoursPerMonth;
    case PricingModel::Reserved3y:
    case PricingModel::SavingsPlan3y:
        return 36 * kHoursPerMonth;
    default:
        return 0;
    }
}

QString priceUnitKey(PriceUnit unit) { return unit == PriceUnit::Month ? QStringLiteral("month") : QStringLiteral("hour"); }

std::optional<PriceUnit> priceUnitFromKey(const QString &key)
{
    if (key == QLatin1String("hour"))
        return PriceUnit::Hour;
    if (key == QLatin1String("month"))
        return PriceUnit::Month;
    return std::nullopt;
}

} // namespace mltco::catalog

#pragma once

#include <QDate>
#include <QList>
#include <QString>

#include <optional>

namespace mltco::catalog {

/// How a price is charged (model.md §2). Stored as the snake_case key.
enum class PricingModel {
    OnDemand,
    Spot,
    Preemptible,
    Reserved1y,
    Reserved3y,
    SavingsPlan1y,
    SavingsPlan3y,
    Monthly,
};

enum class ProviderKind { Hyperscaler, GpuCloud, Marketplace, OnPrem };

/// How a reserved or savings-plan price is paid (AWS and Azure reservations): nothing, part or all of the term
/// up front. None for every other price. Stored as the snake_case key ("" for None).
enum class PurchaseOption { None, NoUpfront, PartialUpfront, AllUpfront };
/// AWS reserved instances come in two classes: standard (fixed) and convertible (exchangeable, dearer).
enum class OfferingClass { None, Standard, Convertible };

/// A price is quoted per hour or per month; a monthly price converts at 730 h (model.md §1).
enum class PriceUnit { Hour, Month };

inline constexpr double kHoursPerMonth = 730.0;

QString pricingModelKey(PricingModel model);
std::optional<PricingModel> pricingModelFromKey(const QString &key);
QStringList pricingModelKeys();

QString providerKindKey(ProviderKind kind);
std::optional<ProviderKind> providerKindFromKey(const QString &key);

QString priceUnitKey(PriceUnit unit);
QString purchaseOptionKey(PurchaseOption option); ///< "", "no_upfront", "partial_upfront", "all_upfront"
std::optional<PurchaseOption> purchaseOptionFromKey(const QString &key);
QString offeringClassKey(OfferingClass offering); ///< "", "standard", "convertible"
std::optional<OfferingClass> offeringClassFromKey(const QString &key);
/// The hours of the term a reserved or savings-plan price commits to (8,760 or 26,280), 0 for other prices.
double termHours(PricingModel model);
std::optional<PriceUnit> priceUnitFromKey(const QString &key);

struct Provider final
{
    QString name;        ///< key, lower case: "aws", "gcp", "lambda"
    QString displayName; ///< "Amazon Web Services"
    ProviderKind kind = ProviderKind::Hyperscaler;
};

struct ThroughputFigure final
{
    QString metric;     ///< "tf32_dense", "tf32_sparse", "bf16_dense", "fp16_tensor_dense", ...
    double tflops = 0;  ///< per GPU, or for the whole node when gpuCount > 1
    int gpuCount = 1;   ///< 1 = a per-GPU figure; 8 = a figure quoted for an 8-GPU node
    QString source;     ///< source key
};

struct Gpu final
{
    QString name; ///< "A100 40GB"
    QString vendor;
    QString architecture;
    int year = 0;
    double memoryGb = 0;
    double tdpW = 0;
    std::optional<double> speedup; ///< set by a person (model.md §1, §10.8); V100 16GB = 1; none: estimate it
    QString speedupSource;         ///< source key of that speedup (a seed article, or "user")
    QString source;                ///< source key of the datasheet row
    QList<ThroughputFigure> throughput;
};

/// A record of what a number was taken from: a seed article, a datasheet, an imported file.
struct Source final
{
    QString key;   ///< stable key: "ntropy-2022", "nvidia-a100-datasheet", "import:<sha256>"
    QString kind;  ///< "seed", "datasheet", "vendor", "import", "assumption", "user"
    QString title;
    QString reference;   ///< file name or URL-free citation
    QDate publishedOn;   ///< date the source gives (may be null)
    QString sha256;      ///< for imported files
};

struct InstanceType final
{
    QString provider;     ///< provider key
    QString name;         ///< "p3.8xlarge"; for a GPU offering attached to a host: "gpu:V100"
    QString gpu;          ///< GPU model name, empty for CPU-only
    double gpuCount = 0;  ///< may be fractional (shared GPUs)
    double vcpus = 0;
    double memoryGb = 0;
    QString source;
};

/// USD per hour of a quote: a monthly amount converts at 730 h; an upfront fee is spread over the term's hours (the
/// effective rate of a reservation used all the time). nullopt when missing (no amount, or 0 without an upfront).
inline std::optional<double> hourlyRate(std::optional<double> amount, PriceUnit unit, PricingModel pricing,
                                        std::optional<double> upfront)
{
    if (!amount || *amount < 0)
        return std::nullopt;
    const double rate = unit == PriceUnit::Month ? *amount / kHoursPerMonth : *amount;
    if (upfront && termHours(pricing) > 0)
        return rate + *upfront / termHours(pricing);
    return rate > 0 ? std::optional<double>(rate) : std::nullopt;
}

/// One observation of a price (the price history). A missing price (0 or absent) has no amount.
struct PricePoint final
{
    QString provider;
    QString instance;
    QString region;
    QString zone; ///< availability zone where the source gives one, else empty
    PricingModel pricing = PricingModel::OnDemand;
    std::optional<double> amount; ///< `currency` per unit; nullopt = missing, never free
    PriceUnit unit = PriceUnit::Hour;
    QDate observedAt;
    QString source;
    QString note;
    PurchaseOption purchase = PurchaseOption::None; ///< reservations: how much of the term is paid up front
    OfferingClass offering = OfferingClass::None;
    /// Paid once at the start of the term (Partial and All Upfront, and only they). `amount` is then the
    /// hourly charge on top, which All Upfront makes 0: a real price, not a missing one.
    std::optional<double> upfront;
    QString currency = QStringLiteral("USD"); ///< ISO 4217 code of `amount` and `upfront`

    /// hourlyRate() of this price.
    std::optional<double> hourly() const { return hourlyRate(amount, unit, pricing, upfront); }
};

} // namespace mltco::catalog

#pragma once

#include "models/common/expected.h"
#include "models/common/progress.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QIODevice;

namespace mltco::actuals {

/// FOCUS PricingCategory: how the usage was priced. Unspecified: the bill left it empty (allowed on corrections,
/// purchases and unused commitments).
enum class PricingCategory { Standard, Dynamic, Committed, Other, Unspecified };
inline constexpr int kPricingCategoryCount = 5;

/// "standard", "dynamic", "committed", "other", "unspecified": the key in the document, the CLI and JSON.
QString pricingCategoryKey(PricingCategory category);
std::optional<PricingCategory> pricingCategoryFromKey(QStringView key);
/// "On-demand", "Spot and other dynamic", "Commitment", ...: for people.
QString pricingCategoryLabel(PricingCategory category);

/// One monthly sum of a bill's GPU charges: the bill's rows of one calendar month (by ChargePeriodStart, in UTC),
/// provider, service, instance type and pricing category, added up.
struct ActualCost final
{
    QString month; ///< "YYYY-MM"
    QString provider;
    QString service;
    QString instanceType; ///< empty when the bill gives a GPU count but no instance type
    PricingCategory category = PricingCategory::Unspecified;
    double effectiveCost = 0.0; ///< EffectiveCost: amortised, after discounts (the economic view)
    double billedCost = 0.0;    ///< BilledCost: what the invoice charges (the cash view)
    double gpuHours = 0.0;      ///< ConsumedQuantity (hours) x the instance's GPU count
    int rows = 0;               ///< the bill rows summed
    QString currency;           ///< of the costs: the bill's BillingCurrency (set when read back from a document)
    /// The provider's own amount in its PricingCurrency (FOCUS 1.2 PricingCurrencyEffectiveCost), when every row of
    /// the sum gives one in the same currency: what a plan in that currency takes instead of converting.
    QString pricingCurrency;
    std::optional<double> pricingEffectiveCost;
};

/// How a bill's charge counts: GPU spend held against a plan, GPU spend the catalog cannot size, a usage or purchase
/// charge that is not GPU, or a Tax, Credit or Adjustment row.
enum class ChargeKind { Gpu, GpuUnsized, NotGpu, TaxCreditAdjustment };
inline constexpr int kChargeKindCount = 4;

/// "gpu", "gpu_unsized", "not_gpu", "tax_credit_adjustment": the key in the document, the CLI and JSON.
QString chargeKindKey(ChargeKind kind);
std::optional<ChargeKind> chargeKindFromKey(QStringView key);

/// The whole bill at a glance (seed 004's "ML cloud bill anatomy"): every row of a bill, summed by calendar month,
/// provider, FOCUS ServiceCategory ("Compute", "Storage", "Networking", "AI and Machine Learning", ...; empty when the
/// bill does not say) and how it counts.
struct ChargeSum final
{
    QString month;
    QString provider;
    QString serviceCategory;
    ChargeKind kind = ChargeKind::NotGpu;
    double effectiveCost = 0.0;
    double billedCost = 0.0;
    int rows = 0;
    QString currency; ///< set when read back from a document
};

/// A month of a billing account that a bill covers with charges of its own (corrections of earlier months are not
/// coverage). Two bills never cover the same period: that would count the month twice.
struct BillPeriod final
{
    QString provider;
    QString billingAccount;
    QString month;
    bool operator==(const BillPeriod &) const = default;
};

/// What a FOCUS cost export says about GPU spend, checked and summed, before it touches a document.
struct BillData final
{
    QString focusVersion; ///< "1.0", "1.1" or "1.2", inferred from the columns the file has
    QString currency;     ///< the bill's BillingCurrency (ISO 4217), one per file
    int rowsRead = 0;
    int rowsUsed = 0;          ///< GPU usage and purchase rows summed into `costs`
    int corrections = 0;       ///< of which ChargeClass Correction (summed into the month they correct)
    QList<ActualCost> costs;   ///< sorted by month, provider, service, instance type, category
    QList<BillPeriod> periods; ///< sorted
    QList<ChargeSum> charges;  ///< every row of the bill by month, provider, service category and kind, sorted
    QStringList notes;         ///< rows left out and why, each instance type left out named with its cost
    double unsizedGpuCost = 0.0; ///< EffectiveCost of GPU rows the catalog cannot size (named in `notes`)
    double notGpuCost = 0.0;     ///< EffectiveCost of the usage and purchase rows that are not GPU (named in `notes`)
};

struct BillOptions final
{
    QString fileName; ///< for `file:line: reason` messages
    /// The GPU count of an instance type the catalog knows (by name, any provider), nullopt when it does not know
    /// it: how a row whose SkuPriceDetails gives no GPU count is recognised as GPU usage.
    std::function<std::optional<double>(const QString &instanceType)> catalogGpuCount;
    /// Where readBillFile() counts the file's bytes as it reads them (of a gzip file, its compressed bytes); a cancel
    /// through it stops the reading at once, and the read fails with "cancelled".
    ImportProgress *progress = nullptr;
};

/// Reads a FOCUS 1.0, 1.1 or 1.2 cost and usage export (CSV, columns found by name; gzip is inflated by the caller,
/// see readBillFile()) and sums its GPU charges per month (docs/import-formats.md, "FOCUS bills"):
/// - rows with ChargeCategory Usage or Purchase count; Tax, Credit and Adjustment rows are left out and counted;
/// - every row, whatever it is, is also summed by month, provider, ServiceCategory and how it counts (`charges`), so
///   the share of the whole bill that GPU spend is can be shown;
/// - a row is GPU usage when its SkuPriceDetails gives a GPU count above 0 (`GpuCount`, or the withdrawn draft's
///   `F_GpuCount`), or when its instance type (SkuPriceDetails `InstanceType`/`F_InstanceType`, else the part of
///   AWS's `x_UsageType` after its colon) is one the catalog knows with GPUs;
/// - GPU-hours are ConsumedQuantity x the GPU count when ConsumedUnit is hours; ConsumedQuantity may be empty
///   (purchases, unused commitments, some corrections): the cost counts, no GPU-hours;
/// - ChargeClass Correction rows go to the month of their ChargePeriodStart, the period they correct;
/// - every row is in the bill's one BillingCurrency, any ISO 4217 code (model.md §13); a row in another currency
///   refuses the file, naming both.
/// A bad row refuses the whole file with `file:line: reason` messages (at most kMaxImportErrors).
Expected<BillData> parseFocusBill(QIODevice &in, const BillOptions &options);

/// Opens `path` (plain CSV or gzip, told apart by its first bytes) and parses it with parseFocusBill().
Expected<BillData> readBillFile(const QString &path, const BillOptions &options);

} // namespace mltco::actuals

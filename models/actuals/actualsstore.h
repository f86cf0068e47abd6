#pragma once

#include "models/actuals/focusbill.h"
#include "models/common/expected.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <array>
#include <functional>
#include <optional>

namespace mltco::actuals {

/// What importing a bill did.
struct BillImportResult final
{
    qint64 billId = 0;
    BillData data; ///< the sums written and the notes about rows left out
    bool cancelled = false; ///< stopped by the user: nothing was written
};

/// One imported bill, for listings.
struct BillRecord final
{
    qint64 id = 0;
    QString fileName;
    QString sha256;
    QString focusVersion;
    QString importedAt; ///< ISO 8601, UTC
    int rowsRead = 0;
    int rowsUsed = 0;
    QString firstMonth, lastMonth; ///< of the periods it covers
    QStringList notes;             ///< what its import left out and why, each left-out instance type with its cost
};

/// The actual GPU spend of one calendar month, all providers and categories together.
struct MonthActual final
{
    QString month; ///< "YYYY-MM"
    double effectiveCost = 0.0;
    double billedCost = 0.0;
    double gpuHours = 0.0;
    /// EffectiveCost by PricingCategory (index = PricingCategory).
    std::array<double, kPricingCategoryCount> byCategory{};
    /// GPU-hours by PricingCategory (index = PricingCategory).
    std::array<double, kPricingCategoryCount> gpuHoursByCategory{};
    /// How the month's bills in another currency were converted, one line per currency ("bills of Jan 2026 in EUR
    /// at 1.0821 USD per EUR, the mean of the month's 21 ECB rates"); empty when none needed converting.
    QStringList conversions;
};

/// A bill's rows summed by month, provider and FOCUS ServiceCategory, in the bill's own currency.
struct ServiceCategorySum final
{
    QString month;
    QString provider;
    QString serviceCategory; ///< empty when the bill does not say
    QString currency;
    std::array<double, kChargeKindCount> byKind{}; ///< EffectiveCost by how it counts (index = ChargeKind)
    double effectiveCost = 0.0;                    ///< every row
    double billedCost = 0.0;
    qint64 rows = 0;
};

/// The whole bill of a span of months in a plan's currency: what share of it GPU spend held against the plan is, and
/// where the rest goes.
struct BillBreakdown final
{
    double total = 0.0;                               ///< EffectiveCost of every row of the bills (amortised)
    double billedTotal = 0.0;                         ///< BilledCost of every row (what the invoices charge)
    std::array<double, kChargeKindCount> byKind{};    ///< of which, by how it counts (index = ChargeKind)
    QList<std::pair<QString, double>> otherByServiceCategory; ///< the rest (all but counted GPU spend), largest first
    QString firstMonth, lastMonth;                    ///< of the sums, empty when there are none
    int billsWithoutBreakdown = 0; ///< bills imported before documents kept the whole bill (schema version 6)
};

/// The GPU count of an instance type name in the document's catalog (any provider; the largest when providers
/// disagree), nullopt when no instance type has that name.
std::function<std::optional<double>(const QString &)> catalogGpuCounter(const QSqlDatabase &db);

/// Reads the FOCUS export at `path` (CSV or gzip) and writes its monthly GPU sums to the document open on `db`, in
/// one transaction. Refused, with the document unchanged: a file that is not a FOCUS export or has a bad row; the same
/// file imported before (by SHA-256); a bill covering a billing account's month that another imported bill already
/// covers (it would be counted twice: the message names that bill).
/// `progress`, when given, counts the file's bytes as they are read and can cancel the import at any moment: a cancelled
/// import writes nothing and says so (BillImportResult::cancelled).
Expected<BillImportResult> importBill(const QSqlDatabase &db, const QString &path, ImportProgress *progress = nullptr);

/// importBill() on a connection of its own to the document at `documentLocation` (a file or a team store), so it runs
/// on any thread while the app's own connection keeps reading: what the app's bill import runs.
Expected<BillImportResult> runBillImport(const QString &documentLocation, const QString &path,
                                         ImportProgress &progress);

/// The monthly sums of every imported bill added together: one row per month x provider x service x instance type x
/// pricing category, in that order. `visit` may stop the listing by returning false.
Status visitActuals(const QSqlDatabase &db, const std::function<bool(const ActualCost &)> &visit);

/// Actual GPU spend per calendar month (every provider), in month order, in `currency`: a bill in another currency
/// converts at the average of its month's ECB rates, or takes the provider's own amounts when the bill priced the
/// rows in `currency` (FOCUS 1.2 PricingCurrency, PricingCurrencyEffectiveCost) (model.md §13); a month without a
/// rate is an error naming it. Each month says how it was converted (MonthActual::conversions).
Expected<QList<MonthActual>> monthlyActuals(const QSqlDatabase &db, const QString &currency = QStringLiteral("USD"));

/// Every imported bill's rows by month, provider and ServiceCategory (with what counted as GPU spend, GPU spend the
/// catalog could not size, not GPU, and Tax, Credit and Adjustment), in month order, each in its bill's currency.
/// `visit` may stop the listing by returning false.
Status visitServiceCategories(const QSqlDatabase &db, const std::function<bool(const ServiceCategorySum &)> &visit);

/// The bills of the months fromMonth..toMonth ("YYYY-MM"; empty: no bound) added up in `currency`, each month at the
/// average of its ECB rates (model.md §13).
Expected<BillBreakdown> billBreakdown(const QSqlDatabase &db, const QString &currency, const QString &fromMonth = {},
                                      const QString &toMonth = {});

/// The bills imported, oldest first.
Expected<QList<BillRecord>> bills(const QSqlDatabase &db);

/// Removes an imported bill and its sums (to import a corrected export of the same period), in one transaction.
Status removeBill(const QSqlDatabase &db, qint64 billId);

} // namespace mltco::actuals

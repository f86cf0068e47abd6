#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"
#include "models/store/location.h"

#include <QByteArrayView>
#include <QDate>
#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <functional>

namespace mltco::catalog {

/// Filters for price listings; empty fields match everything.
struct PriceFilter final
{
    QString provider;
    QString instance;
    QString region;
    std::optional<PricingModel> pricing;
};

/// One price observation as SQLite holds it, for listings that write rows straight out: the text columns are UTF-8
/// views, valid only during the visit that receives them.
struct PriceRowView final
{
    QByteArrayView provider, instance, region, zone, pricing, unit, observedAt, source, note;
    QByteArrayView purchase, offering; ///< "" for a price that is not a reserved or savings-plan term
    QByteArrayView currency;           ///< ISO 4217 code of amount and upfront
    std::optional<double> amount;
    std::optional<double> upfront;
};

/// The order a price listing comes in: the listing's (provider, instance type, pricing model, region, observation
/// date, then as added), which SQLite reads through its index; or as stored, the quickest when order does not
/// matter (sizing columns, totals).
enum class PriceOrder { Listing, Stored };

/// Reads and writes the catalog tables of one document. Every write runs in one transaction.
class CatalogRepository final
{
public:
    explicit CatalogRepository(QSqlDatabase db);

    QList<Source> sources() const;
    /// The licence of each source that has one ("CC BY-SA 4.0" for a Spare Cores import), by source key: what a
    /// price listing shows beside each price of that source.
    QHash<QString, QString> sourceLicences() const;
    QList<Provider> providers() const;
    QList<Gpu> gpus() const;
    QList<InstanceType> instanceTypes(const QString &provider = {}) const;
    /// Price observations in the listing's order: provider, instance type, pricing model, region, observation date,
    /// then the order they were added.
    QList<PricePoint> prices(const PriceFilter &filter = {}) const;
    /// The same observations handed to `visit` one by one as SQLite reads them (the order is its index's: nothing is
    /// sorted or held, so memory does not grow with the document); `visit` returns false to stop. A read that fails
    /// part-way is reported by readStatus().
    void forEachPrice(const PriceFilter &filter, const std::function<bool(const PricePoint &)> &visit) const;
    /// The same rows as views of SQLite's own text, in either order, for output written row by row.
    void forEachPriceRow(const PriceFilter &filter, PriceOrder order,
                         const std::function<bool(const PriceRowView &)> &visit) const;
    /// What a provider offers: every (instance type, region, pricing model) with at least one priced observation
    /// (a missing price is not an offer), in the listing's order. Read through the price index, without reading the
    /// observations into memory.
    struct Offer final
    {
        QString instance, region;
        PricingModel pricing = PricingModel::OnDemand;
    };
    QList<Offer> offers(const QString &provider) const;
    /// How many observations each provider has in each region (provider -> region -> count), counted by SQLite.
    QHash<QString, QHash<QString, int>> regionCounts() const;
    std::optional<InstanceType> instanceType(const QString &provider, const QString &name) const;
    std::optional<Gpu> gpu(const QString &name) const;
    std::optional<double> listPrice(const QString &provider, const QString &instance) const;

    /// The latest observation on or before `asOf` (model.md §2). A missing price (none observed, or
    /// the latest observation says missing) is an Error naming what is missing.
    Expected<PricePoint> latestPrice(const QString &provider, const QString &instance, const QString &region,
                                     PricingModel pricing, const QDate &asOf) const;

    /// Adds one price observation typed in by a user (source kind "user"); returns its row id.
    Expected<qint64> addUserPrice(const PricePoint &price);

    QSqlDatabase database() const { return m_db; }

    /// The SQL forEachPriceRow runs for a filter and order on `backend` (for tests and benchmarks that check its
    /// plan).
    static QByteArray priceListingSql(const PriceFilter &filter, PriceOrder order,
                                      store::Backend backend = store::Backend::Sqlite);

    /// The list reads above return what they could read. When one of them failed (a page that cannot be
    /// read: the file was damaged after it was opened, or the disk failed), this says so, "the document is
    /// damaged: …", from then on; callers that show or export a list check it, so a short list is never
    /// taken for the whole.
    Status readStatus() const;

private:
    QSqlDatabase m_db;
    mutable std::optional<Error> m_readError;
};

} // namespace mltco::catalog

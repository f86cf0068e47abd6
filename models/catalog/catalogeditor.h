#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"

#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace mltco::catalog {

/// The catalog tables a user edits by hand.
enum class CatalogTable { Gpu, InstanceType, PricePoint };

/// Source key of everything typed in by a user (CatalogRepository::addUserPrice uses the same one).
inline constexpr char kUserSourceKey[] = "user";

struct GpuRecord final
{
    qint64 id = 0;
    Gpu gpu;
};

struct InstanceRecord final
{
    qint64 id = 0;
    InstanceType type;
    std::optional<double> listPrice; ///< purchase price of an on-prem server, USD
};

struct PriceRecord final
{
    qint64 id = 0;
    qint64 instanceId = 0;
    PricePoint price;   ///< price.source is the source key
    QString sourceKind; ///< "seed", "import", "user", ...
    qint64 batchId = 0; ///< import batch, 0 when typed in or seeded
};

/// One stored row, every column as SQLite holds it.
struct StoredRow final
{
    QString table;
    QStringList columns;
    QVariantList values;

    QVariant value(const QString &column) const { return values.value(columns.indexOf(column)); }
};

/// A GPU (with its throughput figures), an instance type or a price observation exactly as stored, so
/// that an undo puts it back unchanged, row ids included.
struct CatalogImage final
{
    CatalogTable table = CatalogTable::PricePoint;
    qint64 id = 0;
    StoredRow row;
    QList<StoredRow> children; ///< a GPU's throughput rows
};

/// The writes a user makes to the catalog by hand, and the reads (with row ids) that editing needs.
///
/// Every write runs in one transaction. Deletes return the full content of what they removed, and
/// reinsert()/overwrite() put such an image back, so undo commands restore rows exactly. Prices are
/// observations (model.md §2): they are added and deleted, never changed.
class CatalogEditor final
{
public:
    explicit CatalogEditor(QSqlDatabase db);

    QList<GpuRecord> gpus() const;
    QList<InstanceRecord> instanceTypes() const;
    QList<PriceRecord> prices(qint64 batchId = 0) const; ///< every observation, or one import batch's
    QList<PriceRecord> pricesWithIds(const QList<qint64> &ids) const;
    /// One instance type's observations of one pricing model, oldest first (read through the lookup index).
    QList<PriceRecord> history(qint64 instanceId, PricingModel pricing) const;
    qint64 priceCount() const;
    /// The latest observation of `pricing` for each instance type and region (every zone of that date).
    QList<PriceRecord> latestPrices(PricingModel pricing) const;
    /// Price observations per instance type id.
    QHash<qint64, int> priceCounts() const;

    /// A GPU's `source` and its figures' sources are source keys; empty means typed in by the user.
    Expected<qint64> addGpu(const Gpu &gpu);
    Status updateGpu(qint64 id, const Gpu &gpu);
    Expected<qint64> addInstanceType(const InstanceType &type, std::optional<double> listPrice);
    Status updateInstanceType(qint64 id, const InstanceType &type, std::optional<double> listPrice);
    /// Adds an observation typed in by the user; `price.source` is ignored (the source is "user").
    Expected<qint64> addPrice(const PricePoint &price);

    Expected<CatalogImage> image(CatalogTable table, qint64 id) const;
    /// Deletes rows and returns what they held. Refused, with the reason, for a GPU that instance types
    /// use and an instance type that has prices; several ids are removed all or none.
    Expected<QList<CatalogImage>> remove(CatalogTable table, const QList<qint64> &ids);
    /// Inserts deleted rows back with their ids. Should an id have been taken meanwhile (an import
    /// between delete and undo), the row gets a fresh id; the images are updated to the ids used.
    Status reinsert(QList<CatalogImage> &images);
    /// Writes an image over the existing row (undo of an edit), children included.
    Status overwrite(const CatalogImage &image);

    /// The price reads above return what they could read; when one failed part-way (a page that cannot be read),
    /// this says "the document is damaged: …" from then on, so a short list is never taken for the whole.
    Status readStatus() const;

private:
    QSqlDatabase m_db;
    mutable std::optional<Error> m_readError;
};

} // namespace mltco::catalog

#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace mltco::catalog {

/// Called every few thousand rows with (rows written, rows in all); return false to cancel.
using ImportProgressFn = std::function<bool(qint64 done, qint64 total)>;

/// Writes many price observations inside the caller's transaction, through SQLite's own prepared statement
/// (no per-row QVariant work), or into a team store by PostgreSQL's COPY. Each batch of rows handed to write() goes
/// into the table in the order of the price_point_lookup index, so a listing or one instance's history reads
/// neighbouring pages. Once an import grows large, the index is dropped and built once at finish(), which is cheaper
/// than updating it row by row. This is what keeps an import of a million rows close to the sqlite3 shell's `.import`.
class PriceInserter final
{
public:
    PriceInserter();
    ~PriceInserter();
    PriceInserter(const PriceInserter &) = delete;
    PriceInserter &operator=(const PriceInserter &) = delete;

    /// Prepares the insert for rows of one source and import batch; rows without a date take `defaultObservedAt`.
    Status prepare(const QSqlDatabase &db, qint64 sourceId, qint64 batchId, const QDate &defaultObservedAt);
    /// Writes `prices`; `instanceIds` maps importInstanceKey(provider, instance) to the instance type's row id.
    /// `progress` is asked every few thousand rows (with the rows written by this call); false cancels.
    Status write(const QList<PricePoint> &prices, const QHash<QString, qint64> &instanceIds,
                 const ImportProgressFn &progress = {});
    /// Writes `prices` in the order `rows` gives (PriceWriteOrder, worked out by the caller, perhaps on another
    /// thread); `instanceIdOf[i]` is prices[i]'s instance type's row id.
    Status write(const QList<PricePoint> &prices, const std::vector<qsizetype> &rows,
                 const std::vector<qint64> &instanceIdOf, const ImportProgressFn &progress = {});
    /// Builds the index again if it was dropped (a file), ends the COPY (a team store). Call before committing.
    Status finish();
    /// A team store: the rows go by one COPY across write() calls, and the connection runs nothing else meanwhile;
    /// this ends it, so that another statement can run (the next write() starts another). Nothing to do on a file.
    Status endCopy();
    /// Ends a COPY left open as refused, so that the connection can roll back (an import that failed or was cancelled).
    void abandonCopy();

    qint64 written() const;
    /// The instance type ids the written rows refer to (each once).
    QList<qint64> instanceIdsWritten() const;
    /// Rows written per provider.
    const QHash<QString, int> &writtenByProvider() const;

private:
    Status writeByCopy(const QList<PricePoint> &prices, const std::vector<qsizetype> &order,
                       const std::vector<qint64> &instanceIdOf, const ImportProgressFn &progress);
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// The order PriceInserter writes prices in: the price_point_lookup index's (instance type, pricing model, region,
/// date), the given order among equals. It keeps its working room from one chunk to the next (room asked of the
/// system afresh for every chunk cost its thread a page fault every few rows).
class PriceWriteOrder final
{
public:
    /// Sets `order` to the positions of `prices` in writing order. `instanceRank[i]` orders prices[i]'s instance type
    /// as its row id does (the id itself, or for an instance type not yet written any number above every id written,
    /// in the order they will be); a price without a date takes `defaultObservedAt`.
    void operator()(const QList<PricePoint> &prices, const std::vector<qint64> &instanceRank,
                    const QDate &defaultObservedAt, std::vector<qsizetype> &order);

private:
    std::vector<qint64> m_days;
    std::vector<std::pair<quint64, qsizetype>> m_keys, m_sorted;
};

inline QString importInstanceKey(const QString &provider, const QString &name) { return provider + QChar(0x1f) + name; }

/// The message of the Error returned when an import is cancelled.
QString importCancelledMessage();

} // namespace mltco::catalog

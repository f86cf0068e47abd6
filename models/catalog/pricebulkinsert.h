#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <functional>

namespace mltco::catalog {

/// Called every few thousand rows with (rows written, rows in all); return false to cancel.
using ImportProgressFn = std::function<bool(qint64 done, qint64 total)>;

/// Writes many price observations inside the caller's transaction, through SQLite's own prepared
/// statement (no per-row QVariant work), with the lookup index rebuilt once at the end when the batch
/// is large. This is what keeps an import of a million rows close to the sqlite3 shell's `.import`.
struct PriceBatch final
{
    const QList<PricePoint> *prices = nullptr;
    QHash<QString, qint64> instanceIds; ///< key: provider + U+001F + instance name
    qint64 sourceId = 0;
    qint64 batchId = 0;
    QDate defaultObservedAt; ///< for rows without a date
};

/// Returns the number of rows written, or an Error (a cancel is an Error whose message says so).
Expected<qint64> insertPrices(const QSqlDatabase &db, const PriceBatch &batch, const ImportProgressFn &progress,
                              QHash<QString, int> *pricesByProvider);

inline QString importInstanceKey(const QString &provider, const QString &name) { return provider + QChar(0x1f) + name; }

/// The message of the Error returned when an import is cancelled.
QString importCancelledMessage();

} // namespace mltco::catalog

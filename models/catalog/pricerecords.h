#pragma once

#include "models/catalog/catalogeditor.h"
#include "models/common/expected.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>
#include <QVariantList>

#include <functional>
#include <optional>
#include <vector>

// Reading a document's price history in bulk: for the catalog editor, price queries and worker threads.
namespace mltco::catalog {

/// Price observations with their row ids, read through store::RowReader (SQLite's own statement: a catalog may hold
/// a million of them, which took seconds through QSqlQuery's QVariants). `where` follows the FROM clause over
/// price_point `pp` (a WHERE, JOIN or ORDER BY); its `?` are bound from `values` in order.
/// A read that fails part-way (a page that cannot be read) is recorded in `failure` (the first one wins) as
/// "the document is damaged: …", so a short list is never taken for the whole.
QList<PriceRecord> readPriceRecords(const QSqlDatabase &db, const QString &where, const QVariantList &values = {},
                                    std::optional<Error> *failure = nullptr);

/// Runs `read` on a connection of its own to the document at `documentPath`, a file or a team store URL (for a
/// worker thread).
Expected<std::vector<qint64>>
withWorkerConnection(const QString &documentPath,
                     const std::function<Expected<std::vector<qint64>>(const QSqlDatabase &)> &read);

/// Every price observation of the document at `documentPath`, read through a connection of its own
/// so that a worker thread can load a large price history while the window stays responsive.
Expected<QList<PriceRecord>> readAllPrices(const QString &documentPath);

} // namespace mltco::catalog

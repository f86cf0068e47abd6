#pragma once

#include "models/common/expected.h"

#include <QString>

#include <functional>

namespace mltco::store {

class Document;

/// The tables of a document, parents before the rows that refer to them. A schema step that adds a table adds it here.
inline constexpr const char *kDocumentTables[] = {"source",        "provider",     "gpu",         "throughput",
                                                  "instance_type", "import_batch", "price_point", "plan",
                                                  "meta",          "bill",         "bill_period", "actual_cost",
                                                  "bill_charge",   "fx_rate"};

/// Called after each block of rows with (table, rows copied of that table so far).
using CopyProgressFn = std::function<void(const QString &table, qint64 rows)>;

/// Copies every row of `from` into `to` with their ids, so each price keeps its source and import batch, each plan
/// its revision: provenance arrives intact. `to` must hold no rows yet (a new file, or a team store created empty);
/// anything else is refused, unchanged. The copy is one transaction on `to`: it lands whole or not at all. Rows are
/// read in blocks by id, so memory does not grow with the catalog's size; into PostgreSQL they go by COPY.
Status copyStore(const Document &from, Document &to, const CopyProgressFn &progress = {});

/// Copies `from` into a new .mltco file at `target` (built beside it under a temporary name and renamed into place;
/// an existing file there is replaced only once the copy is whole).
Status copyStoreToFile(const Document &from, const QString &target, const CopyProgressFn &progress = {});

/// A copy of `from` in the file `target`, whatever `from` is: a file is copied whole (Document::copyTo), a team store
/// table by table (copyStoreToFile). What File › Save As runs.
Status saveCopy(const Document &from, const QString &target);

} // namespace mltco::store

#pragma once

#include "models/common/expected.h"
#include "models/store/location.h"

#include <QSqlDatabase>

namespace mltco::store {

/// `PRAGMA application_id` of every mltco document: "MLTC" in ASCII.
inline constexpr qint32 kApplicationId = 0x4D4C5443;

/// The schema version this build writes on a team store (mltco_document.schema_version) and on a file
/// (`PRAGMA user_version`). Upgrades go N -> N+1; a document with a larger version is refused, never touched.
/// Versions 8 and 9 changed a team store only, so a file stays at 7 (a file's next change takes it from 7 to 10, steps 8
/// and 9 doing nothing there): a file the previous build wrote opens read-only as it is, and that build still opens
/// this one's.
inline constexpr int kStoreSchemaVersion = 9;
inline constexpr int kFileSchemaVersion = 7;
/// The newest version a file may carry and be read: a file marked 8 holds version 7's tables (builds of one afternoon
/// marked files 8 before version 8 became a store's only).
inline constexpr int kNewestFileSchemaRead = 8;
/// The version this build writes on a document of `backend`.
constexpr int schemaVersionFor(Backend backend)
{
    return backend == Backend::Sqlite ? kFileSchemaVersion : kStoreSchemaVersion;
}

/// The index behind "latest price on or before a date". Bulk imports drop it and build it again after
/// the rows are in (one sorted build is far cheaper than a million index updates).
inline constexpr char kPricePointIndexName[] = "price_point_lookup";
inline constexpr char kCreatePricePointIndex[] =
    "CREATE INDEX price_point_lookup ON price_point (instance_type_id, pricing_model, region, observed_at)";

/// Whether each upgrade step commits on its own, or all run inside a transaction the caller holds (a team store
/// is created or upgraded whole, under the writers' lock).
enum class SchemaSteps { OwnTransactions, InCallersTransaction };

/// Brings a document from `fromVersion` (0 = empty database) up to schemaVersionFor() its backend. With OwnTransactions each step is
/// a transaction of its own and also sets the version, so an interrupted upgrade resumes at the step that failed.
Status upgradeSchema(const QSqlDatabase &db, int fromVersion, SchemaSteps steps = SchemaSteps::OwnTransactions);

} // namespace mltco::store

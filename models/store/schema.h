#pragma once

#include "models/common/expected.h"

#include <QSqlDatabase>

namespace mltco::store {

/// `PRAGMA application_id` of every mltco document: "MLTC" in ASCII.
inline constexpr qint32 kApplicationId = 0x4D4C5443;

/// The schema version this build writes (`PRAGMA user_version`; on PostgreSQL mltco_document.schema_version). Upgrades
/// go N -> N+1, each in its own transaction; a document with a larger version is refused, never touched.
inline constexpr int kSchemaVersion = 8;

/// The index behind "latest price on or before a date". Bulk imports drop it and build it again after
/// the rows are in (one sorted build is far cheaper than a million index updates).
inline constexpr char kPricePointIndexName[] = "price_point_lookup";
inline constexpr char kCreatePricePointIndex[] =
    "CREATE INDEX price_point_lookup ON price_point (instance_type_id, pricing_model, region, observed_at)";

/// Whether each upgrade step commits on its own, or all run inside a transaction the caller holds (a team store
/// is created or upgraded whole, under the writers' lock).
enum class SchemaSteps { OwnTransactions, InCallersTransaction };

/// Brings a document from `fromVersion` (0 = empty database) up to kSchemaVersion. With OwnTransactions each step is
/// a transaction of its own and also sets the version, so an interrupted upgrade resumes at the step that failed.
Status upgradeSchema(const QSqlDatabase &db, int fromVersion, SchemaSteps steps = SchemaSteps::OwnTransactions);

} // namespace mltco::store

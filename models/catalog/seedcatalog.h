#pragma once

#include "models/common/expected.h"
#include "models/store/document.h"

#include <QByteArray>
#include <QSqlDatabase>

#include <memory>

namespace mltco::catalog {

/// Resource path of the seed catalog compiled into the application (resources/seed/catalog.json).
inline constexpr char kSeedCatalogResource[] = ":/seed/catalog.json";

/// Loads a seed catalog (format "mltco-seed-catalog", documented in docs/seed-catalog.md) into an
/// empty document. Runs inside the caller's transaction; any bad row fails the whole load.
Status loadSeedCatalog(const QSqlDatabase &db, const QByteArray &json);

/// Opens the document at `path`, creating it from the bundled seed catalog when it does not exist (unless
/// read-only access is asked for: see store::Document::open).
Expected<std::unique_ptr<store::Document>> openDocument(const QString &path, store::Access access = store::Access::ReadWrite,
                                                        const QString &readOnlyReason = {});

} // namespace mltco::catalog

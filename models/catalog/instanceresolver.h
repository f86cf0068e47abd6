#pragma once

#include "models/tco/instance.h"

#include <QSqlDatabase>

namespace mltco::catalog {

/// An InstanceResolver backed by a document's catalog: the latest price on or before the reference's
/// `as_of` date (today when it gives none), the instance's GPU count and its GPU's speedup.
/// It reads through `db`, so call it on the thread that owns that connection; to evaluate elsewhere,
/// resolve first and pass the resolved values along.
tco::InstanceResolver makeInstanceResolver(const QSqlDatabase &db);

} // namespace mltco::catalog

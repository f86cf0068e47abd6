#pragma once

#include "models/tco/instance.h"

#include <QSqlDatabase>
#include <QString>

#include <map>

namespace mltco::catalog {

/// An InstanceResolver backed by a document's catalog: the latest price on or before the reference's
/// `as_of` date (today when it gives none), the instance's GPU count and its GPU's speedup. A price in another
/// currency than the reference asks for is converted at the rate of its observation day (the document's rate table,
/// read once by each resolver).
/// It reads through `db`, so call it on the thread that owns that connection; to evaluate elsewhere,
/// resolve first and pass the resolved values along.
tco::InstanceResolver makeInstanceResolver(const QSqlDatabase &db);

/// makeInstanceResolver() remembering each instance it resolved until clear(). The desktop app
/// evaluates the plan again on every edit of an assumption, while the catalog changes far less often: whoever
/// changes it clears the cache. An instance priced "as of today" is asked again when the date changes.
class CachingInstanceResolver final
{
public:
    explicit CachingInstanceResolver(const QSqlDatabase &db);
    /// Resolves through the cache; valid while this object lives.
    tco::InstanceResolver resolver();
    /// Forgets every answer, and the exchange rates read for them.
    void clear()
    {
        m_answers.clear();
        m_inner = makeInstanceResolver(m_db);
    }

private:
    QSqlDatabase m_db;
    tco::InstanceResolver m_inner;
    std::map<QString, tco::ResolvedInstance> m_answers;
};

} // namespace mltco::catalog

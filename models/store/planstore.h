#pragma once

#include "models/common/expected.h"

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <optional>

namespace mltco::store {

/// A plan as the document keeps it: its JSON text (docs/plan-format.md) under a row id, with its revision (raised by
/// every save) and when it was last saved (UTC, ISO 8601).
struct StoredPlan final
{
    qint64 id = 0;
    QString name;
    QByteArray json;
    qint64 revision = 1;
    QString updatedAt;
};

/// The plans of one document. Each write is one transaction; the JSON is stored as given (the plan
/// reader validates it when it is loaded).
class PlanStore final
{
public:
    explicit PlanStore(QSqlDatabase db);

    /// Every plan, in order; when the read failed part-way, what it read and readStatus() says why.
    QList<StoredPlan> plans() const;
    /// Ok, or "the document is damaged: …" after plans() failed.
    Status readStatus() const;
    Expected<StoredPlan> plan(qint64 id) const;
    Expected<qint64> insert(const QString &name, const QByteArray &json);
    /// Saves over revision `expectedRevision` and returns the new revision. When the stored plan is no longer at
    /// that revision (someone else saved it meanwhile), nothing is written, `*stale` is set and the error says who
    /// saved when; the caller offers to reload, or to save as a copy.
    Expected<qint64> update(qint64 id, const QString &name, const QByteArray &json, qint64 expectedRevision,
                            bool *stale = nullptr);
    Status remove(qint64 id);

private:
    QSqlDatabase m_db;
    mutable std::optional<Error> m_readError;
};

} // namespace mltco::store

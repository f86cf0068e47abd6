#pragma once

#include "models/common/expected.h"

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <optional>

namespace mltco::store {

/// A plan as the document keeps it: its JSON text (docs/plan-format.md) under a row id.
struct StoredPlan final
{
    qint64 id = 0;
    QString name;
    QByteArray json;
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
    Status update(qint64 id, const QString &name, const QByteArray &json);
    Status remove(qint64 id);

private:
    QSqlDatabase m_db;
    mutable std::optional<Error> m_readError;
};

} // namespace mltco::store

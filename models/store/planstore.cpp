#include "models/store/planstore.h"

#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QDateTime>
#include <QSqlError>

namespace mltco::store {
namespace {

const QString kSelectPlans = QStringLiteral("SELECT id, name, json FROM plan ORDER BY position, id");
const QString kSelectPlan = QStringLiteral("SELECT id, name, json FROM plan WHERE id = ?");
const QString kInsertPlan = QStringLiteral(
    "INSERT INTO plan (name, position, json, updated_at) VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM plan), ?, ?)");
const QString kUpdatePlan = QStringLiteral("UPDATE plan SET name = ?, json = ?, updated_at = ? WHERE id = ?");
const QString kDeletePlan = QStringLiteral("DELETE FROM plan WHERE id = ?");

QString now() { return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs); }

template<typename Fn>
Status inTransaction(const QSqlDatabase &db, Fn fn)
{
    Transaction tx(db);
    if (!tx.isActive())
        return Error{QStringLiteral("The plan could not be saved: %1").arg(tx.errorString()), {}};
    if (Status s = fn(); !s)
        return Error{QStringLiteral("The plan could not be saved: %1").arg(s.error().message), {}};
    if (!tx.commit())
        return Error{QStringLiteral("The plan could not be saved: %1").arg(tx.errorString()), {}};
    return {};
}

} // namespace

PlanStore::PlanStore(QSqlDatabase db) : m_db(std::move(db)) {}

Status PlanStore::readStatus() const
{
    if (m_readError)
        return *m_readError;
    return {};
}

QList<StoredPlan> PlanStore::plans() const
{
    QList<StoredPlan> out;
    Expected<QSqlQuery> q = exec(m_db, kSelectPlans);
    if (!q) {
        m_readError = damage(q.error().message);
        return out;
    }
    while (q->next())
        out.append(StoredPlan{q->value(0).toLongLong(), q->value(1).toString(), q->value(2).toString().toUtf8()});
    if (q->lastError().isValid())
        m_readError = damage(q->lastError().text());
    return out;
}

Expected<StoredPlan> PlanStore::plan(qint64 id) const
{
    Expected<QSqlQuery> q = exec(m_db, kSelectPlan, {id});
    if (!q)
        return q.error();
    if (!q->next()) {
        if (q->lastError().isValid())
            return damage(q->lastError().text());
        return Error{QStringLiteral("The document has no plan %1.").arg(id), {}};
    }
    return StoredPlan{q->value(0).toLongLong(), q->value(1).toString(), q->value(2).toString().toUtf8()};
}

Expected<qint64> PlanStore::insert(const QString &name, const QByteArray &json)
{
    qint64 id = 0;
    Status s = inTransaction(m_db, [&]() -> Status {
        Expected<QSqlQuery> q = exec(m_db, kInsertPlan, {name, QString::fromUtf8(json), now()});
        if (!q)
            return q.error();
        id = q->lastInsertId().toLongLong();
        return {};
    });
    if (!s)
        return s.error();
    return id;
}

Status PlanStore::update(qint64 id, const QString &name, const QByteArray &json)
{
    return inTransaction(m_db, [&]() -> Status {
        Expected<QSqlQuery> q = exec(m_db, kUpdatePlan, {name, QString::fromUtf8(json), now(), id});
        if (!q)
            return q.error();
        if (q->numRowsAffected() != 1)
            return Error{QStringLiteral("the document has no plan %1").arg(id), {}};
        return {};
    });
}

Status PlanStore::remove(qint64 id)
{
    return inTransaction(m_db, [&]() -> Status {
        Expected<QSqlQuery> q = exec(m_db, kDeletePlan, {id});
        return q ? Status{} : Status{q.error()};
    });
}

} // namespace mltco::store

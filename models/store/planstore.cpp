#include "models/store/planstore.h"

#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QDateTime>
#include <QSqlError>

namespace mltco::store {
namespace {

const QString kSelectPlans =
    QStringLiteral("SELECT id, name, json, revision, updated_at FROM plan ORDER BY position, id");
const QString kSelectPlan = QStringLiteral("SELECT id, name, json, revision, updated_at FROM plan WHERE id = ?");
const QString kInsertPlan = QStringLiteral("INSERT INTO plan (name, position, json, updated_at) VALUES (?, (SELECT "
                                           "COALESCE(MAX(position), 0) + 1 FROM plan), ?, ?) RETURNING id");
const QString kUpdatePlan = QStringLiteral(
    "UPDATE plan SET name = ?, json = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND revision = ? "
    "RETURNING revision");
const QString kDeletePlan = QStringLiteral("DELETE FROM plan WHERE id = ?");

QString now() { return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs); }

StoredPlan storedPlan(const QSqlQuery &q)
{
    return StoredPlan{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString().toUtf8(),
                      q.value(3).toLongLong(), q.value(4).toString()};
}

template<typename Fn>
Status inTransaction(const QSqlDatabase &db, Fn fn)
{
    Transaction tx(db, WriteLock::Plans);
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
        m_readError = readFailure(m_db, q.error().message);
        return out;
    }
    while (q->next())
        out.append(storedPlan(*q));
    if (q->lastError().isValid())
        m_readError = readFailure(m_db, q->lastError());
    return out;
}

Expected<StoredPlan> PlanStore::plan(qint64 id) const
{
    Expected<QSqlQuery> q = exec(m_db, kSelectPlan, {id});
    if (!q)
        return q.error();
    if (!q->next()) {
        if (q->lastError().isValid())
            return readFailure(m_db, q->lastError());
        return Error{QStringLiteral("The document has no plan %1.").arg(id), {}};
    }
    return storedPlan(*q);
}

Expected<qint64> PlanStore::insert(const QString &name, const QByteArray &json)
{
    qint64 id = 0;
    Status s = inTransaction(m_db, [&]() -> Status {
        Expected<QSqlQuery> q = exec(m_db, kInsertPlan, {name, QString::fromUtf8(json), now()});
        if (!q)
            return q.error();
        id = insertedId(*q);
        return {};
    });
    if (!s)
        return s.error();
    return id;
}

Expected<qint64> PlanStore::update(qint64 id, const QString &name, const QByteArray &json, qint64 expectedRevision,
                                   bool *stale)
{
    if (stale)
        *stale = false;
    qint64 revision = 0;
    Status saved = inTransaction(m_db, [&]() -> Status {
        Expected<QSqlQuery> q = exec(m_db, kUpdatePlan, {name, QString::fromUtf8(json), now(), id, expectedRevision});
        if (!q)
            return q.error();
        if (q->next()) {
            revision = q->value(0).toLongLong();
            return {};
        }
        q->finish();
        Expected<QSqlQuery> current = exec(m_db, kSelectPlan, {id});
        if (!current)
            return current.error();
        if (!current->next())
            return Error{QStringLiteral("the document has no plan %1 any more; someone deleted it").arg(id), {}};
        const StoredPlan there = storedPlan(*current);
        if (stale)
            *stale = true;
        return Error{
            QStringLiteral("someone else saved \"%1\" at %2 UTC (revision %3; these edits started from "
                           "revision %4). Nothing was overwritten: reload their version, or save yours as a copy")
                .arg(there.name, QString(there.updatedAt).replace(QLatin1Char('T'), QLatin1Char(' ')).left(19))
                .arg(there.revision)
                .arg(expectedRevision),
            {}};
    });
    if (!saved)
        return saved.error();
    return revision;
}

Status PlanStore::remove(qint64 id)
{
    return inTransaction(m_db, [&]() -> Status {
        Expected<QSqlQuery> q = exec(m_db, kDeletePlan, {id});
        return q ? Status{} : Status{q.error()};
    });
}

} // namespace mltco::store

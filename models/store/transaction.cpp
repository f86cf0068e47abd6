#include "models/store/transaction.h"

#include "models/store/dialect.h"
#include "models/store/sqlutil.h"

#include <QSqlError>
#include <QSqlQuery>

#include <atomic>

namespace mltco::store {

Transaction::Transaction(QSqlDatabase db, WriteLock lock) : m_db(std::move(db))
{
    const Backend backend = backendOf(m_db);
    QSqlQuery begin(m_db);
    m_active = begin.exec(dialect::beginWrite(backend));
    QSqlError error = begin.lastError();
    if (m_active && backend == Backend::PostgreSql) {
        if (const QSqlError taken = dialect::lockForWriting(m_db, dialect::busyTimeout(m_db), lock); taken.isValid()) {
            error = taken;
            m_db.rollback();
            m_active = false;
        }
    }
    if (m_active)
        return;
    m_error = dialect::writeRefusal(m_db, error.nativeErrorCode(), error.text(), dialect::busyTimeout(m_db));
    if (m_error == error.text()) // not a refusal of its own kind: the driver's error, in words
        m_error = errorInWords(m_db, error);
}

Transaction::~Transaction()
{
    if (m_active)
        rollback();
}

bool Transaction::commit()
{
    if (!m_active)
        return false;
    if (!m_db.commit()) {
        const QSqlError error = m_db.lastError();
        m_error = errorInWords(m_db, error);
        if (connectionLost(m_db, error))
            m_error += QStringLiteral(". The connection broke while the team store committed: it may have kept this "
                                      "change or not; open the store again to see");
        rollback();
        return false;
    }
    m_active = false;
    return true;
}

void Transaction::rollback()
{
    if (!m_active)
        return;
    m_db.rollback();
    m_active = false;
}

Savepoint::Savepoint(QSqlDatabase db) : m_db(std::move(db))
{
    static std::atomic<quint64> next{0};
    m_name = QStringLiteral("mltco_part_%1").arg(++next);
    QSqlQuery q(m_db);
    m_active = q.exec(QStringLiteral("SAVEPOINT ") + m_name);
    if (!m_active)
        m_error = errorInWords(m_db, q.lastError());
}

Savepoint::~Savepoint()
{
    if (!m_active)
        return;
    QSqlQuery q(m_db);
    (void)q.exec(QStringLiteral("ROLLBACK TO SAVEPOINT ") + m_name);
    (void)q.exec(QStringLiteral("RELEASE SAVEPOINT ") + m_name);
}

bool Savepoint::release()
{
    if (!m_active)
        return false;
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("RELEASE SAVEPOINT ") + m_name)) {
        m_error = errorInWords(m_db, q.lastError());
        return false;
    }
    m_active = false;
    return true;
}

} // namespace mltco::store

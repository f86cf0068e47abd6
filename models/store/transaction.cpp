#include "models/store/transaction.h"

#include <QSqlError>
#include <QSqlQuery>

namespace mltco::store {

Transaction::Transaction(QSqlDatabase db) : m_db(std::move(db))
{
    // IMMEDIATE takes the write lock at once, waiting up to the busy timeout for another writer to finish.
    // A deferred BEGIN would take it at the first write, where a second writer in WAL mode fails at once
    // ("database is locked") instead of waiting its turn: two imports at the same time would lose one.
    QSqlQuery begin(m_db);
    m_active = begin.exec(QStringLiteral("BEGIN IMMEDIATE"));
    if (!m_active) {
        const QSqlError error = begin.lastError();
        if (error.nativeErrorCode() == QLatin1String("5")) { // SQLITE_BUSY
            QSqlQuery timeout(m_db);
            const int ms = timeout.exec(QStringLiteral("PRAGMA busy_timeout")) && timeout.next() ? timeout.value(0).toInt()
                                                                                                 : kBusyTimeoutMs;
            m_error = QStringLiteral("another program kept this document busy for more than %1; try again when it "
                                     "has finished writing. Nothing was written.")
                          .arg(ms >= 2000 ? QStringLiteral("%1 seconds").arg(ms / 1000)
                                          : QStringLiteral("%1 ms").arg(ms));
        } else if (error.nativeErrorCode() == QLatin1String("8")) { // SQLITE_READONLY
            m_error = QStringLiteral("the document is open read-only. Nothing was written.");
        } else {
            m_error = error.text();
        }
    }
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
        m_error = m_db.lastError().text();
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

} // namespace mltco::store

#include "models/store/workerconnection.h"

#include "models/store/location.h"

#include <QUuid>

namespace mltco::store {

WorkerConnection::WorkerConnection(const QString &location)
    : m_name(QStringLiteral("mltco-import-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    Expected<QSqlDatabase> db =
        connectLocation(location, m_name, isStoreUrl(location) ? kTeamStoreWaitMs : kWorkerBusyTimeoutMs);
    if (!db)
        m_error = db.error().message;
}

WorkerConnection::~WorkerConnection()
{
    disconnectDatabase(m_name);
}

} // namespace mltco::store

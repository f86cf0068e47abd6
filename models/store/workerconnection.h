#pragma once

#include <QSqlDatabase>
#include <QString>

namespace mltco::store {

/// A connection of this thread's own to the document at `location` (a file or a team store URL), removed when it goes
/// out of scope: what imports and price-history reads on worker threads run on.
class WorkerConnection final
{
public:
    explicit WorkerConnection(const QString &location);
    ~WorkerConnection();
    WorkerConnection(const WorkerConnection &) = delete;
    WorkerConnection &operator=(const WorkerConnection &) = delete;

    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }
    QString errorString() const { return m_error; }

private:
    static constexpr int kWorkerBusyTimeoutMs = 5000;
    // A colleague's import into the team store may take minutes: an import waits its turn that long, where a file's
    // other writer is another program on this machine and 5 s is plenty.
    static constexpr int kTeamStoreWaitMs = 10 * 60 * 1000;
    QString m_name;
    QString m_error;
};

} // namespace mltco::store

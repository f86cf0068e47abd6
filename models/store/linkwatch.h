#pragma once

#include <QSqlDatabase>
#include <QString>

/// The client's own deadline for a team store's answers (docs/data-safety.md, "A team store that stops answering").
///
/// libpq waits for the server without a time limit once a statement is sent, and TCP keepalives do not help when a
/// proxy, a VPN or a firewall keeps the connection open but forwards nothing: their own kernel answers the probes. So
/// every team-store connection is watched from a thread of its own, once a second. On Linux through the socket's
/// TCP_INFO:
/// - a connection with a statement in progress (libpq's transaction status) that has neither sent nor received
///   anything for the deadline is waiting for an answer; one whose unsent bytes have not moved is waiting to send;
///   on other systems (no such statistics) one whose statement has been in progress for the deadline by the watch's
///   own clock (MLTCO_LINK_WATCH_CLOCK=1 makes Linux watch that way too);
/// - a connection whose reader's rows may wait unread while its caller uses the ones before them
///   (setReaderAhead()) is not waiting for the link;
/// - when either has lasted the deadline (60 s, or MLTCO_STORE_DEADLINE_SECONDS), the watch asks the server on a
///   connection of its own whether the waiting backend is still working on a statement (pg_stat_activity: active,
///   and, for a streaming read, not waiting to send to the client, as a backend whose rows the link no longer
///   carries does). If the
///   server says so, the watch waits on; if it says otherwise, or cannot be reached within 10 s, the watch shuts the
///   connection's socket down. The waiting statement then fails at once, its transaction is rolled back by the
///   server when the connection ends, and the message says the store did not answer (errorInWords).
namespace mltco::store {

/// The deadline in seconds: MLTCO_STORE_DEADLINE_SECONDS when set (1 to 3600), else 60.
int roundTripDeadlineSeconds();

/// Starts watching a team-store connection just opened (on the thread that owns it). `conninfo` is what the watch
/// connects with to ask the server about it (host, port, database, user, password).
void watchConnection(const QSqlDatabase &db, const QString &conninfo);
/// Stops watching it; called before it closes, so that a socket number used again is never shut down.
void unwatchConnection(const QString &connectionName);
/// A reader on `db` lets the server send on while its caller uses the rows it has (true), or is about to wait for
/// more (false). Meanwhile rows may already have come and the server wait for the reader to take them, so the watch
/// leaves the connection alone however long the caller takes (a listing piped into a paused pager); the deadline
/// counts from the reader's next wait.
void setReaderAhead(const QSqlDatabase &db, bool ahead);
/// A reader's rows stream on `db` (true) or no longer (false): while the reader waits for them, a backend that waits
/// to send is waiting on the link, not working (sqlutil's setReading() says so).
void setStreaming(const QSqlDatabase &db, bool streaming);
/// Whether the watch shut this connection down for want of an answer.
bool cutForNoAnswer(const QSqlDatabase &db);
/// Closes a team-store connection at once, whatever its link does (a store that stopped answering; reopenStore()
/// opens it again).
void closeWithoutWaiting(QSqlDatabase &db);
/// Whether `db` is closed because closeWithoutWaiting() closed it (and not reopened since: markReopened()).
bool closedUnanswered(const QSqlDatabase &db);
void markReopened(const QSqlDatabase &db);
/// Whether a team store's connection can no longer be used: closed, lost (libpq's status) or shut down by the watch.
/// False for a file's connection, and for one that is merely waiting.
bool connectionBroken(const QSqlDatabase &db);

} // namespace mltco::store

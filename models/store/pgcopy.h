#pragma once

#include "models/common/expected.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QSqlDatabase>
#include <QStringList>

#include <memory>

namespace mltco::store {

/// The libpq connection (PGconn *) under a QPSQL connection; null for any other. For the few things Qt's driver does
/// not do: COPY, rows read without a QVariant per value, the link watch.
void *libpqConnection(const QSqlDatabase &db);

/// Rows streamed into a PostgreSQL table with `COPY … FROM STDIN` on a QPSQL connection (libpq underneath): the fast
/// way to write many rows, one round trip per megabyte instead of one per row. Runs inside the caller's transaction;
/// memory stays at about one megabyte of rows whatever their number.
class PgCopyIn final
{
public:
    ~PgCopyIn();
    PgCopyIn(const PgCopyIn &) = delete;
    PgCopyIn &operator=(const PgCopyIn &) = delete;

    /// Starts copying into `table` (`columns` in the order each row gives them).
    static Expected<std::unique_ptr<PgCopyIn>> start(const QSqlDatabase &db, const QString &table,
                                                     const QStringList &columns);

    void addNull();
    void addText(QByteArrayView utf8);
    void addInt(qint64 value);
    void addDouble(double value);
    /// Ends the row; sends what has gathered once it is large. Refuses a row with a text holding a NUL character
    /// (PostgreSQL's text cannot) or a number that is not finite (PostgreSQL keeps NaN and lets it pass a CHECK such
    /// as amount > 0, where SQLite stores NULL): the two stores must hold the same values.
    Status endRow();
    /// Sends what has gathered so far (the COPY stays open).
    Status flush() { return send(); }
    /// Sends the rest and ends the COPY; the server's refusal (a CHECK, a key) comes back here.
    Status finish();

private:
    PgCopyIn(void *connection, QSqlDatabase db);
    Status send();
    /// The server's or libpq's words, said as errorInWords() says a lost connection or an answer that never came.
    Error failure(const QString &message) const;
    void separate();

    void *m_connection; // PGconn
    QSqlDatabase m_db;
    QString m_refused;  // a value PostgreSQL would take otherwise than SQLite does, refused at endRow()
    QByteArray m_buffer;
    bool m_rowStarted = false;
    bool m_open = true;
};

} // namespace mltco::store

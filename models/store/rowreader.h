#pragma once

#include "models/common/expected.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QSqlDatabase>
#include <QVariant>

#include <memory>
#include <vector>

namespace mltco::store {

/// Reads the rows of one SELECT, column by column without a QVariant per value: through SQLite's own statement (the
/// text of a column is not copied), or on PostgreSQL as one COPY … TO STDOUT stream read a few thousand rows at a time
/// (never the whole result at once; inside the caller's transaction if one is open, from a savepoint: read to its
/// end, the reader puts its settings back and releases the savepoint; left part-way or failed, it rolls back to it,
/// so neither its settings nor its failure outlast it; else in a read-only transaction of its own that ends with the
/// reader). No statement timeout cuts a read: its caller may take its time over the rows (the link watch guards a
/// stalled link). For the reads of a million prices; `?` placeholders, bound in order from
/// `values` (integers, doubles or text; on PostgreSQL written into the statement as quoted literals, COPY taking no
/// parameters).
///
/// On a team store the connection is the reader's until its rows have all come (or it is destroyed): a statement sent
/// on it meanwhile through Qt would wait forever for the stream's end, one sent through libpq would swallow the rest
/// of it. sqlutil's exec(), execPlain() and queryInt() refuse in words while a read streams (setReading()); a read
/// whose stream another statement took says so at its next batch. Read what another statement needs first, or use
/// another connection. Nor should the event loop run while a read streams on a connection that listens for change
/// notices: Qt's notification handler reads whatever the socket holds into libpq's buffer, which would then hold the
/// rest of the stream (readers run to their end synchronously, or on a thread with a connection of its own).
class RowReader final
{
public:
    ~RowReader();
    RowReader(const RowReader &) = delete;
    RowReader &operator=(const RowReader &) = delete;

    /// What PostgreSQL's planner is to favour (SQLite has one plan either way): the whole result soonest (the
    /// caller keeps every row; the server's own plan), or the first rows soonest (rows are used as they come, as a
    /// listing written out is): index scans read in the index's order rather than bitmap scans that read a table's
    /// pages in their order and sort after, and no parallel workers, whose rows would come in no order.
    enum class Plan { AllRows, FirstRowsSoon };

    static Expected<std::unique_ptr<RowReader>> start(const QSqlDatabase &db, const QByteArray &sql,
                                                      const QVariantList &values = {}, Plan plan = Plan::AllRows);

    /// The next row; false at the end or on an error (error() says which).
    bool next();
    /// The read's failure, also a value of int64() or real() that is not a number of that kind (a damaged store).
    std::optional<Error> error() const { return m_error; }

    bool isNull(int column) const;
    qint64 int64(int column) const;
    double real(int column) const;
    /// The column's text as UTF-8, valid until next().
    QByteArrayView text(int column) const;

private:
    RowReader() = default;
    struct Impl;
    void noteBadNumber(int column) const;
    std::unique_ptr<Impl> d;
    mutable std::optional<Error> m_error;
};

} // namespace mltco::store

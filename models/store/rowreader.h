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
/// text of a column is not copied), or a cursor on PostgreSQL read a few thousand rows at a time (never the whole
/// result at once; inside the caller's transaction if one is open, else in a read-only one of its own that ends with
/// the reader). For the reads of a million prices; `?` placeholders, bound in order from `values` (integers, doubles
/// or text).
class RowReader final
{
public:
    ~RowReader();
    RowReader(const RowReader &) = delete;
    RowReader &operator=(const RowReader &) = delete;

    /// What PostgreSQL's planner is to favour (SQLite has one plan either way): the whole result soonest (the
    /// caller keeps every row), or the first rows soonest (rows are used as they come, as a listing written out is):
    /// a plan that streams, where the fastest in total may sort everything before sending the first row.
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

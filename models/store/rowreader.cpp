#include "models/store/rowreader.h"

#include "models/store/sqlutil.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

#include <sqlite3.h>

namespace mltco::store {

struct RowReader::Impl
{
    ~Impl()
    {
        if (stmt)
            sqlite3_finalize(stmt);
    }
    sqlite3 *handle = nullptr;
    sqlite3_stmt *stmt = nullptr;
    std::optional<QSqlQuery> query;
    QSqlDatabase db; // PostgreSQL: what a failed read is said against (readFailure)
    std::vector<QByteArray> texts; // PostgreSQL: the current row's text columns, made on demand
    std::vector<bool> made;
};

RowReader::~RowReader() = default;

Expected<std::unique_ptr<RowReader>> RowReader::start(const QSqlDatabase &db, const QByteArray &sql,
                                                      const QVariantList &values)
{
    std::unique_ptr<RowReader> reader(new RowReader);
    reader->d = std::make_unique<Impl>();
    Impl &d = *reader->d;
    if (sqlite3 *handle = sqliteHandle(db)) {
        d.handle = handle;
        if (sqlite3_prepare_v2(handle, sql.constData(), static_cast<int>(sql.size()), &d.stmt, nullptr) != SQLITE_OK)
            return damage(QString::fromUtf8(sqlite3_errmsg(handle)));
        int index = 1;
        for (const QVariant &v : values) {
            if (v.isNull())
                sqlite3_bind_null(d.stmt, index);
            else if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
                sqlite3_bind_int64(d.stmt, index, v.toLongLong());
            else if (v.typeId() == QMetaType::Double)
                sqlite3_bind_double(d.stmt, index, v.toDouble());
            else {
                const QByteArray utf8 = v.toString().toUtf8();
                sqlite3_bind_text(d.stmt, index, utf8.constData(), static_cast<int>(utf8.size()), SQLITE_TRANSIENT);
            }
            ++index;
        }
        return reader;
    }
    d.query.emplace(db);
    d.db = db;
    d.query->setForwardOnly(true);
    if (!d.query->prepare(QString::fromUtf8(sql)))
        return readFailure(db, d.query->lastError().text());
    for (int i = 0; i < values.size(); ++i)
        d.query->bindValue(i, values[i]);
    if (!d.query->exec())
        return readFailure(db, d.query->lastError().text());
    d.texts.resize(static_cast<std::size_t>(d.query->record().count()));
    d.made.resize(d.texts.size());
    return reader;
}

bool RowReader::next()
{
    if (d->stmt) {
        const int rc = sqlite3_step(d->stmt);
        if (rc == SQLITE_ROW)
            return true;
        if (rc != SQLITE_DONE)
            m_error = damage(QString::fromUtf8(sqlite3_errmsg(d->handle)));
        return false;
    }
    std::fill(d->made.begin(), d->made.end(), false);
    if (d->query->next())
        return true;
    if (d->query->lastError().isValid())
        m_error = readFailure(d->db, d->query->lastError().text());
    return false;
}

bool RowReader::isNull(int column) const
{
    return d->stmt ? sqlite3_column_type(d->stmt, column) == SQLITE_NULL : d->query->isNull(column);
}

qint64 RowReader::int64(int column) const
{
    return d->stmt ? sqlite3_column_int64(d->stmt, column) : d->query->value(column).toLongLong();
}

double RowReader::real(int column) const
{
    return d->stmt ? sqlite3_column_double(d->stmt, column) : d->query->value(column).toDouble();
}

QByteArrayView RowReader::text(int column) const
{
    if (d->stmt)
        return columnBytes(d->stmt, column);
    const auto at = static_cast<std::size_t>(column);
    if (!d->made[at]) {
        d->texts[at] = d->query->value(column).toString().toUtf8();
        d->made[at] = true;
    }
    return d->texts[at];
}

} // namespace mltco::store

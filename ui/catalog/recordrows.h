#pragma once

#include <QList>

namespace mltco::ui {

/// The record shown in `row` of a catalog table, or nullptr outside the table.
template<typename Record>
const Record *recordAt(const QList<Record> &records, int row)
{
    return row >= 0 && row < records.size() ? &records[row] : nullptr;
}

/// The row of the record with database id `id`, or -1.
template<typename Record>
int rowWithId(const QList<Record> &records, qint64 id)
{
    for (int row = 0; row < records.size(); ++row)
        if (records[row].id == id)
            return row;
    return -1;
}

} // namespace mltco::ui

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QIODevice;
class QJsonValue;

namespace mltco::cli {

/// One cell of a listing: UTF-8 text (a view, valid while the row is handed over), a number, or nothing.
struct Cell final
{
    enum class Kind { Text, Number, Null };
    Kind kind = Kind::Null;
    QByteArrayView text;
    double number = 0.0;

    static Cell ofText(QByteArrayView utf8) { return {Kind::Text, utf8, 0.0}; }
    static Cell ofNumber(double value) { return {Kind::Number, {}, value}; }
    static Cell ofNumber(const std::optional<double> &value) { return value ? ofNumber(*value) : Cell{}; }
};
using Row = std::vector<Cell>;
using RowSink = std::function<void(const Row &)>;
/// Hands every row of a listing to the sink, in order. An aligned table calls it twice, first with `sizing` true
/// (only the cells' widths are wanted, so the rows may come in any order), then to print: a listing is never held
/// in memory, however long.
using RowSource = std::function<void(bool sizing, const RowSink &)>;

/// Writes `catalog list` output to `device` as rows arrive: aligned columns (`table`, the first column left as
/// every other: cells left-aligned, two spaces apart, line ends trimmed), CSV (RFC 4180, formula-like text
/// neutralised) or a JSON array of objects (keys in QJsonObject's order). Numbers are written as
/// QString::number(v, 'g', 12) in the table and CSV, in full in JSON. An aligned table is not printed when
/// `complete()` says the sizing pass was cut short. Returns false when a write failed.
bool writeListing(QIODevice &device, const QString &format, const QStringList &header, const RowSource &rows,
                  const std::function<bool()> &complete);

/// Hands a row of short-listing values (text, numbers, null) to `sink` as cells.
void sinkValues(const RowSink &sink, const QList<QJsonValue> &values);

} // namespace mltco::cli

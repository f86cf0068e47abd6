#pragma once

#include "models/common/expected.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QString>

#include <string>
#include <string_view>
#include <vector>

class QIODevice;

namespace mltco {

/// Writes JSON to a device as it goes, in the layout of QJsonDocument::toJson(Indented) (four spaces a level,
/// "key": value, numbers as appendJsonNumber), so that output too large to build in memory stays the same text.
/// QJsonObject sorts its keys: to match it byte for byte, give each object's keys in sorted order. Output is
/// buffered and written in blocks of about 64 KiB; a write error is kept and reported by finish().
class JsonStreamWriter final
{
public:
    explicit JsonStreamWriter(QIODevice &device);

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    /// The key of the next value inside an object (ASCII, no escaping needed).
    void key(std::string_view name);
    void key(const QString &name) { keyText(name); }
    void key(const char *name) { key(std::string_view(name)); }
    void keyText(const QString &name);

    void value(double number);
    void value(int number) { value(static_cast<double>(number)); }
    void value(bool flag);
    void value(const QString &text);
    /// A string given as UTF-8 bytes.
    void utf8Value(QByteArrayView utf8);
    void null();
    /// Any JSON value Qt holds (objects keep QJsonObject's sorted key order).
    void value(const QJsonValue &json);

    /// An object of numbers under fixed keys, written in one go (the month rows of a large output): make the layout
    /// once where the objects will go (its indentation is the writer's depth at that point), then write each
    /// object's values in the layout's key order.
    struct NumberObjectLayout final
    {
        std::vector<std::string> prefixes; ///< per key: separator, indentation, "key": 
        std::string close;                 ///< line end, indentation and '}'
        std::size_t bytes = 0;             ///< the most one object can take
    };
    NumberObjectLayout numberObjectLayout(const std::vector<std::string_view> &keys) const;
    void numberObject(const NumberObjectLayout &layout, const double *values);

    /// Whether every write so far reached the device (a writer that failed keeps accepting values, writing none).
    bool ok() const { return m_error.isEmpty(); }
    /// Writes what is buffered and the final line end; the device's error, if any write failed.
    Status finish();

private:
    void beforeValue();
    void beforeKey();
    void close(char bracket);
    void indent(std::size_t depth);
    void append(const char *data, std::size_t size);
    void append(std::string_view text) { append(text.data(), text.size()); }
    void append(char c);
    /// Room for `size` more bytes at m_end (flushing the block first if needed).
    char *reserve(std::size_t size);
    void flush();

    struct Level final
    {
        bool array = false;
        bool empty = true;
    };
    QIODevice &m_device;
    std::vector<char> m_block; // a plain buffer: QByteArray's appends cost a third of a large output
    std::size_t m_used = 0;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
    QString m_error;
};

/// Appends `text` as a JSON string literal, escaped as QJsonDocument escapes it.
void appendJsonString(QByteArray &out, const QString &text);
void appendJsonString(QByteArray &out, QByteArrayView utf8);

} // namespace mltco

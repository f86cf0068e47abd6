#include "models/common/jsonstreamwriter.h"

#include "models/common/numbertext.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cstring>

namespace mltco {

namespace {

constexpr qsizetype kBlock = 64 * 1024;

} // namespace

void appendJsonString(QByteArray &out, const QString &text)
{
    appendJsonString(out, QByteArrayView(text.toUtf8()));
}

void appendJsonString(QByteArray &out, QByteArrayView utf8)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (u < 0x20) {
                out += "\\u00";
                out += kHex[u >> 4];
                out += kHex[u & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

JsonStreamWriter::JsonStreamWriter(QIODevice &device) : m_device(device), m_block(kBlock) {}

void JsonStreamWriter::flush()
{
    if (m_used > 0 && m_error.isEmpty() &&
        m_device.write(m_block.data(), static_cast<qint64>(m_used)) != static_cast<qint64>(m_used))
        m_error = m_device.errorString();
    m_used = 0;
}

char *JsonStreamWriter::reserve(std::size_t size)
{
    if (m_used + size > m_block.size()) {
        flush();
        if (size > m_block.size())
            m_block.resize(size);
    }
    return m_block.data() + m_used;
}

void JsonStreamWriter::append(const char *data, std::size_t size)
{
    std::memcpy(reserve(size), data, size);
    m_used += size;
}

void JsonStreamWriter::append(char c)
{
    *reserve(1) = c;
    ++m_used;
}

void JsonStreamWriter::indent(std::size_t depth)
{
    static constexpr char kSpaces[] = "                                                                ";
    std::size_t n = depth * 4;
    while (n > 0) {
        const std::size_t step = std::min(n, sizeof kSpaces - 1);
        append(kSpaces, step);
        n -= step;
    }
}

void JsonStreamWriter::beforeKey()
{
    Level &level = m_levels.back();
    if (!level.empty)
        append(",\n");
    level.empty = false;
    indent(m_levels.size());
}

void JsonStreamWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_levels.empty())
        beforeKey();
}

void JsonStreamWriter::key(std::string_view name)
{
    beforeKey();
    char *at = reserve(name.size() + 4);
    *at++ = '"';
    std::memcpy(at, name.data(), name.size());
    at += name.size();
    std::memcpy(at, "\": ", 3);
    m_used += name.size() + 4;
    m_afterKey = true;
}

void JsonStreamWriter::keyText(const QString &name)
{
    beforeKey();
    QByteArray text;
    appendJsonString(text, name);
    append(text.constData(), static_cast<std::size_t>(text.size()));
    append(": ");
    m_afterKey = true;
}

void JsonStreamWriter::beginObject()
{
    beforeValue();
    append("{\n");
    m_levels.push_back({false, true});
}

void JsonStreamWriter::beginArray()
{
    beforeValue();
    append("[\n");
    m_levels.push_back({true, true});
}

void JsonStreamWriter::close(char bracket)
{
    const bool empty = m_levels.back().empty;
    m_levels.pop_back();
    if (!empty)
        append('\n');
    indent(m_levels.size());
    append(bracket);
}

void JsonStreamWriter::endObject() { close('}'); }
void JsonStreamWriter::endArray() { close(']'); }

void JsonStreamWriter::value(double number)
{
    beforeValue();
    m_used = static_cast<std::size_t>(writeJsonNumber(reserve(kMaxNumberText), number) - m_block.data());
}

void JsonStreamWriter::value(bool flag)
{
    beforeValue();
    append(flag ? std::string_view("true") : std::string_view("false"));
}

void JsonStreamWriter::value(const QString &text)
{
    beforeValue();
    QByteArray quoted;
    appendJsonString(quoted, text);
    append(quoted.constData(), static_cast<std::size_t>(quoted.size()));
}

void JsonStreamWriter::utf8Value(QByteArrayView utf8)
{
    beforeValue();
    // Plain text (the usual case) is copied as it is; anything to escape goes the long way.
    const bool plain = std::all_of(utf8.begin(), utf8.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && c != '"' && c != '\\';
    });
    if (!plain) {
        QByteArray quoted;
        appendJsonString(quoted, utf8);
        append(quoted.constData(), static_cast<std::size_t>(quoted.size()));
        return;
    }
    char *at = reserve(static_cast<std::size_t>(utf8.size()) + 2);
    *at++ = '"';
    if (!utf8.isEmpty()) // an empty view may have no data at all, and memcpy must not be given a null pointer
        std::memcpy(at, utf8.data(), static_cast<std::size_t>(utf8.size()));
    at[utf8.size()] = '"';
    m_used += static_cast<std::size_t>(utf8.size()) + 2;
}

void JsonStreamWriter::null()
{
    beforeValue();
    append("null");
}

void JsonStreamWriter::value(const QJsonValue &json)
{
    switch (json.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = json.toObject();
        beginObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            key(it.key());
            value(it.value());
        }
        endObject();
        return;
    }
    case QJsonValue::Array: {
        const QJsonArray array = json.toArray();
        beginArray();
        for (const QJsonValue &item : array)
            value(item);
        endArray();
        return;
    }
    case QJsonValue::Bool:
        value(json.toBool());
        return;
    case QJsonValue::Double:
        value(json.toDouble());
        return;
    case QJsonValue::String:
        value(json.toString());
        return;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        null();
        return;
    }
}

JsonStreamWriter::NumberObjectLayout JsonStreamWriter::numberObjectLayout(const std::vector<std::string_view> &keys) const
{
    // The objects are values at depth d (inside an array or after a key): their keys sit at d + 1 levels.
    const std::size_t depth = m_levels.size();
    NumberObjectLayout layout;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        std::string prefix = i == 0 ? std::string() : std::string(",\n");
        prefix.append((depth + 1) * 4, ' ');
        prefix += '"';
        prefix += keys[i];
        prefix += "\": ";
        layout.bytes += prefix.size() + kMaxNumberText;
        layout.prefixes.push_back(std::move(prefix));
    }
    layout.close = keys.empty() ? std::string() : std::string("\n");
    layout.close.append(depth * 4, ' ');
    layout.close += '}';
    layout.bytes += 2 + layout.close.size();
    return layout;
}

void JsonStreamWriter::numberObject(const NumberObjectLayout &layout, const double *values)
{
    beforeValue();
    char *at = reserve(layout.bytes);
    *at++ = '{';
    *at++ = '\n';
    for (std::size_t i = 0; i < layout.prefixes.size(); ++i) {
        const std::string &prefix = layout.prefixes[i];
        std::memcpy(at, prefix.data(), prefix.size());
        at = writeJsonNumber(at + prefix.size(), values[i]);
    }
    std::memcpy(at, layout.close.data(), layout.close.size());
    m_used = static_cast<std::size_t>(at + layout.close.size() - m_block.data());
}

Status JsonStreamWriter::finish()
{
    if (m_levels.empty())
        append('\n');
    flush();
    if (!m_error.isEmpty())
        return Error{QStringLiteral("cannot write the JSON: %1").arg(m_error), {}};
    return {};
}

} // namespace mltco

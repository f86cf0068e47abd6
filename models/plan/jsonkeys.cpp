#include "models/plan/jsonkeys.h"

#include <QString>

#include <algorithm>
#include <vector>

namespace mltco::tco {

namespace {

/// A walk over JSON text, checking the keys of every object. It is meant for valid JSON, but it may run beside the
/// parser that finds out (readPlan), so on any text it ends, within kMaxDepth levels of nesting. It holds the path
/// to where it is as a stack of views into the text and spells a path out only for a key given twice: a plan of
/// 20,000 scenarios has a quarter of a million keys, and building every one's path took longer than parsing it.
class KeyScanner final
{
public:
    explicit KeyScanner(const QByteArray &json) : m_json(json) {}

    QStringList scan()
    {
        skipSpace();
        value();
        return m_problems;
    }

private:
    struct Segment final
    {
        QByteArray key; // empty for an array element
        int index = -1;
    };

    static constexpr std::size_t kMaxDepth = 2048;

    char at() const { return m_json[m_at]; }
    bool more() const { return m_at < m_json.size(); }

    void skipSpace()
    {
        while (more() && (at() == ' ' || at() == '\t' || at() == '\n' || at() == '\r')) {
            if (at() == '\n')
                ++m_line;
            ++m_at;
        }
    }

    // Skips a string token; returns its raw text between the quotes (escapes left as they are).
    QByteArrayView skipString()
    {
        const qsizetype start = ++m_at; // after the opening quote
        while (more() && at() != '"')
            m_at += at() == '\\' ? 2 : 1;
        m_at = std::min(m_at, m_json.size()); // text that ends in a backslash
        const QByteArrayView raw(m_json.constData() + start, m_at - start);
        ++m_at; // closing quote
        return raw;
    }

    // A key decoded (escapes and UTF-8 \u sequences), as QJsonDocument reads it: keys spelled differently can be
    // the same key.
    static QByteArray decoded(QByteArrayView raw)
    {
        if (!raw.contains('\\'))
            return raw.toByteArray();
        QByteArray out;
        for (qsizetype i = 0; i < raw.size(); ++i) {
            if (raw[i] != '\\' || i + 1 >= raw.size()) {
                out += raw[i];
                continue;
            }
            const char c = raw[++i];
            if (c == 'u' && i + 4 < raw.size()) {
                out += QString(QChar(raw.sliced(i + 1, 4).toByteArray().toUShort(nullptr, 16))).toUtf8();
                i += 4;
                continue;
            }
            out += c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c == 'b' ? '\b' : c == 'f' ? '\f' : c;
        }
        return out;
    }

    QString pathTo(const QByteArray &key) const
    {
        QString path;
        for (const Segment &segment : m_path) {
            if (segment.index >= 0)
                path += QStringLiteral("[%1]").arg(segment.index);
            else
                path += (path.isEmpty() ? QString() : QStringLiteral(".")) + QString::fromUtf8(segment.key);
        }
        return (path.isEmpty() ? QString() : path + QLatin1Char('.')) + QString::fromUtf8(key);
    }

    void value()
    {
        if (!more())
            return;
        if (m_path.size() > kMaxDepth) {
            m_at = m_json.size(); // deeper than any parser reads (QJsonDocument stops at 1024): nothing to check
            return;
        }
        const char c = at();
        if (c == '{') {
            object();
        } else if (c == '[') {
            array();
        } else if (c == '"') {
            skipString();
        } else {
            // number, true, false, null; on text that is not JSON, at least one character, so every loop ends
            const qsizetype from = m_at;
            while (more() && !QByteArrayView(",]} \t\r\n").contains(at()))
                ++m_at;
            if (m_at == from)
                ++m_at;
        }
    }

    void object()
    {
        std::vector<std::pair<QByteArray, int>> seen; // key -> line it was first given on
        ++m_at;
        skipSpace();
        while (more() && at() != '}') {
            const int line = m_line;
            QByteArray key = decoded(skipString());
            const auto first = std::find_if(seen.begin(), seen.end(), [&](const auto &k) { return k.first == key; });
            if (first != seen.end())
                m_problems << QStringLiteral("%1: given twice (line %2, then line %3); state it once")
                                  .arg(pathTo(key))
                                  .arg(first->second)
                                  .arg(line);
            else
                seen.emplace_back(key, line);
            skipSpace();
            ++m_at; // ':'
            skipSpace();
            m_path.push_back({std::move(key), -1});
            value();
            m_path.pop_back();
            skipSpace();
            if (more() && at() == ',') {
                ++m_at;
                skipSpace();
            }
        }
        ++m_at;
    }

    void array()
    {
        ++m_at;
        skipSpace();
        for (int index = 0; more() && at() != ']'; ++index) {
            m_path.push_back({{}, index});
            value();
            m_path.pop_back();
            skipSpace();
            if (more() && at() == ',') {
                ++m_at;
                skipSpace();
            }
        }
        ++m_at;
    }

    const QByteArray &m_json;
    qsizetype m_at = 0;
    int m_line = 1;
    std::vector<Segment> m_path;
    QStringList m_problems;
};

} // namespace

QStringList duplicateKeys(const QByteArray &json)
{
    return KeyScanner(json).scan();
}

std::optional<JsonListSpans> rootListSpans(const QByteArray &json, QByteArrayView key)
{
    const char *const text = json.constData();
    const qsizetype size = json.size();
    qsizetype at = 0;
    const auto space = [&] {
        while (at < size && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r'))
            ++at;
    };
    const auto is = [&](char c) { return at < size && text[at] == c; };
    const auto string = [&] { // at its opening quote; false when the text ends first
        for (++at; at < size; ++at) {
            if (text[at] == '\\')
                ++at;
            else if (text[at] == '"')
                return ++at, true;
        }
        return false;
    };
    const auto value = [&] { // one value of any kind; false when the text ends first or nothing is there
        if (is('"'))
            return string();
        if (!is('{') && !is('[')) { // number, true, false, null
            const qsizetype from = at;
            while (at < size && !QByteArrayView(",]} \t\r\n").contains(text[at]))
                ++at;
            return at > from;
        }
        int depth = 0;
        while (at < size) {
            const char c = text[at];
            if (c == '"') {
                if (!string())
                    return false;
                continue;
            }
            ++at;
            if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0)
                return true;
        }
        return false;
    };

    std::optional<JsonListSpans> found;
    space();
    if (!is('{'))
        return std::nullopt;
    ++at;
    for (space(); !is('}'); space()) {
        if (!is('"'))
            return std::nullopt;
        const qsizetype keyStart = at + 1;
        if (!string())
            return std::nullopt;
        const bool wanted = QByteArrayView(text + keyStart, at - 1 - keyStart) == key;
        space();
        if (!is(':'))
            return std::nullopt;
        ++at;
        space();
        if (!wanted) {
            if (!value())
                return std::nullopt;
        } else {
            if (found || !is('['))
                return std::nullopt; // given twice, or not a list
            found.emplace();
            found->open = at++;
            space();
            for (bool more = !is(']'); more;) { // an element, then a comma and the next one, or the end
                const qsizetype begin = at;
                if (!value())
                    return std::nullopt; // nothing where an element must be (a comma before the end, say)
                found->elements.emplace_back(begin, at);
                space();
                more = is(',');
                if (more) {
                    ++at;
                    space();
                } else if (!is(']')) {
                    return std::nullopt;
                }
            }
            found->close = at++;
        }
        space();
        if (is(','))
            ++at;
        else if (!is('}'))
            return std::nullopt;
    }
    if (!found || found->elements.empty())
        return std::nullopt;
    return found;
}

} // namespace mltco::tco

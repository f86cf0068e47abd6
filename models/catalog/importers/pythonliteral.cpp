#include "models/catalog/importers/pythonliteral.h"

#include <QVariantList>
#include <QVariantMap>

#include <charconv>
#include <cmath>
#include <string>

namespace mltco::catalog {
namespace {

constexpr int kMaxDepth = 64;

class Parser final
{
public:
    explicit Parser(QStringView text) : m_text(text) {}

    Expected<QVariant> parseDocument()
    {
        QVariant value;
        if (!parseValue(value, 0))
            return failure();
        skipBlanks();
        if (m_pos < m_text.size()) {
            fail(QStringLiteral("unexpected text after the value"));
            return failure();
        }
        return value;
    }

private:
    Error failure() const
    {
        return Error{QStringLiteral("invalid Python literal: %1 at column %2").arg(m_error).arg(m_errorPos + 1), {}};
    }

    bool fail(const QString &what) { return fail(what, m_pos); }
    bool fail(const QString &what, qsizetype pos)
    {
        if (m_error.isEmpty()) {
            m_error = what;
            m_errorPos = pos;
        }
        return false;
    }

    QChar peek() const { return m_pos < m_text.size() ? m_text[m_pos] : QChar(); }
    bool atEnd() const { return m_pos >= m_text.size(); }

    void skipBlanks()
    {
        while (!atEnd() && (peek() == u' ' || peek() == u'\t' || peek() == u'\n' || peek() == u'\r'))
            ++m_pos;
    }

    bool parseValue(QVariant &out, int depth)
    {
        skipBlanks();
        if (atEnd())
            return fail(QStringLiteral("expected a value, found the end of the text"));
        if (depth > kMaxDepth)
            return fail(QStringLiteral("nested deeper than %1 levels").arg(kMaxDepth));
        const QChar c = peek();
        if (c == u'{')
            return parseDict(out, depth);
        if (c == u'[')
            return parseSequence(out, depth, u']');
        if (c == u'(')
            return parseSequence(out, depth, u')');
        if (c == u'\'' || c == u'"')
            return parseString(out);
        if (c == u'-' || c == u'+' || c == u'.' || c.isDigit())
            return parseNumber(out);
        if (c.isLetter() || c == u'_')
            return parseWord(out);
        return fail(QStringLiteral("unexpected character '%1'").arg(c));
    }

    bool parseDict(QVariant &out, int depth)
    {
        ++m_pos; // '{'
        QVariantMap map;
        for (;;) {
            skipBlanks();
            if (peek() == u'}') {
                ++m_pos;
                break;
            }
            const qsizetype keyPos = m_pos;
            QVariant key;
            if (!parseValue(key, depth + 1))
                return false;
            if (key.typeId() != QMetaType::QString)
                return fail(QStringLiteral("dict keys must be strings"), keyPos);
            skipBlanks();
            if (peek() != u':')
                return fail(QStringLiteral("expected ':' after a dict key"));
            ++m_pos;
            QVariant value;
            if (!parseValue(value, depth + 1))
                return false;
            map.insert(key.toString(), value); // as in Python, a repeated key keeps the last value
            skipBlanks();
            if (peek() == u',') {
                ++m_pos;
                continue;
            }
            if (peek() == u'}') {
                ++m_pos;
                break;
            }
            return fail(atEnd() ? QStringLiteral("unterminated dict: expected ',' or '}'")
                                : QStringLiteral("expected ',' or '}' in a dict"));
        }
        out = map;
        return true;
    }

    bool parseSequence(QVariant &out, int depth, char16_t close)
    {
        const bool tuple = close == u')';
        ++m_pos; // '[' or '('
        QVariantList list;
        bool sawComma = false;
        for (;;) {
            skipBlanks();
            if (peek() == close) {
                ++m_pos;
                break;
            }
            QVariant value;
            if (!parseValue(value, depth + 1))
                return false;
            list.append(value);
            skipBlanks();
            if (peek() == u',') {
                ++m_pos;
                sawComma = true;
                continue;
            }
            if (peek() == close) {
                ++m_pos;
                break;
            }
            const QString kind = tuple ? QStringLiteral("tuple") : QStringLiteral("list");
            return fail(atEnd() ? QStringLiteral("unterminated %1: expected ',' or '%2'").arg(kind, QChar(close))
                                : QStringLiteral("expected ',' or '%1' in a %2").arg(QChar(close)).arg(kind));
        }
        // In Python "(1)" is just 1 in parentheses; only "(1,)" and "()" are tuples.
        if (tuple && list.size() == 1 && !sawComma)
            out = list.first();
        else
            out = list;
        return true;
    }

    bool parseString(QVariant &out, bool raw = false)
    {
        const qsizetype start = m_pos;
        const QChar quote = peek();
        ++m_pos;
        if (m_pos + 1 < m_text.size() && m_text[m_pos] == quote && m_text[m_pos + 1] == quote)
            return fail(QStringLiteral("triple-quoted strings are not supported"), start);
        QString value;
        for (;;) {
            if (atEnd())
                return fail(QStringLiteral("unterminated string"), start);
            const QChar c = m_text[m_pos++];
            if (c == quote)
                break;
            if (c == u'\n' || c == u'\r')
                return fail(QStringLiteral("line break inside a string"), m_pos - 1);
            if (c != u'\\') {
                value.append(c);
                continue;
            }
            if (atEnd())
                return fail(QStringLiteral("unterminated string"), start);
            const QChar e = m_text[m_pos++];
            if (raw) {
                value.append(c); // a raw string keeps the backslash, yet \' still does not end it
                value.append(e);
                continue;
            }
            switch (e.unicode()) {
            case u'\\':
                value.append(u'\\');
                break;
            case u'\'':
                value.append(u'\'');
                break;
            case u'"':
                value.append(u'"');
                break;
            case u'n':
                value.append(u'\n');
                break;
            case u't':
                value.append(u'\t');
                break;
            case u'r':
                value.append(u'\r');
                break;
            case u'0':
                value.append(QChar(0));
                break;
            case u'a':
                value.append(QChar(7));
                break;
            case u'b':
                value.append(QChar(8));
                break;
            case u'f':
                value.append(QChar(12));
                break;
            case u'v':
                value.append(QChar(11));
                break;
            case u'x':
            case u'u':
            case u'U': {
                const int digits = e == u'x' ? 2 : e == u'u' ? 4 : 8;
                char32_t code = 0;
                for (int i = 0; i < digits; ++i) {
                    const char16_t h = atEnd() ? u'\0' : m_text[m_pos].unicode();
                    int nibble = -1;
                    if (h >= u'0' && h <= u'9')
                        nibble = h - u'0';
                    else if (h >= u'a' && h <= u'f')
                        nibble = h - u'a' + 10;
                    else if (h >= u'A' && h <= u'F')
                        nibble = h - u'A' + 10;
                    if (nibble < 0)
                        return fail(QStringLiteral("bad \\%1 escape: expected %2 hex digits").arg(e).arg(digits));
                    code = code * 16 + char32_t(nibble);
                    ++m_pos;
                }
                if (code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
                    return fail(QStringLiteral("escape names no Unicode character"));
                value.append(QString::fromUcs4(&code, 1));
                break;
            }
            case u'\n':
                break; // a backslash before a line break continues the string
            default:
                // Python keeps unknown escapes such as "\d" as they are (with a warning).
                value.append(u'\\');
                value.append(e);
                break;
            }
        }
        out = value;
        return true;
    }

    bool parseNumber(QVariant &out)
    {
        const qsizetype start = m_pos;
        if (peek() == u'-' || peek() == u'+')
            ++m_pos;
        skipBlanks(); // "- 1" is valid Python
        std::string digits;
        if (m_text[start] == u'-')
            digits += '-';
        bool isFloat = false;
        bool sawDigit = false;
        while (!atEnd()) {
            const QChar c = peek();
            if (c >= u'0' && c <= u'9') {
                sawDigit = true;
            } else if (c == u'.' || c == u'e' || c == u'E') {
                isFloat = true;
            } else if ((c == u'-' || c == u'+') && !digits.empty() && (digits.back() == 'e' || digits.back() == 'E')) {
                // exponent sign
            } else if (c == u'_' || c == u'x' || c == u'X' || c == u'o' || c == u'O' || c == u'j' || c == u'J') {
                return fail(QStringLiteral("only plain decimal numbers are supported"));
            } else {
                break;
            }
            digits += char(c.unicode());
            ++m_pos;
        }
        if (!sawDigit)
            return fail(QStringLiteral("malformed number"), start);
        const char *first = digits.data();
        const char *last = digits.data() + digits.size();
        if (isFloat) {
            double value = 0;
            const auto [end, ec] = std::from_chars(first, last, value);
            if (end != last || ec != std::errc() || !std::isfinite(value))
                return fail(QStringLiteral("malformed number"), start);
            out = value;
            return true;
        }
        const std::size_t leading = digits[0] == '-' ? 1 : 0;
        if (digits.size() > leading + 1 && digits[leading] == '0')
            return fail(QStringLiteral("integers may not start with 0"), start); // as Python 3 says
        qlonglong value = 0;
        const auto [end, ec] = std::from_chars(first, last, value);
        if (ec == std::errc::result_out_of_range)
            return fail(QStringLiteral("integer too large"), start);
        if (end != last || ec != std::errc())
            return fail(QStringLiteral("malformed number"), start);
        out = value;
        return true;
    }

    bool parseWord(QVariant &out)
    {
        const qsizetype start = m_pos;
        while (!atEnd() && (peek().isLetterOrNumber() || peek() == u'_'))
            ++m_pos;
        const QStringView word = m_text.mid(start, m_pos - start);
        if (word == u"True") {
            out = true;
            return true;
        }
        if (word == u"False") {
            out = false;
            return true;
        }
        if (word == u"None") {
            out = QVariant::fromValue(nullptr);
            return true;
        }
        const bool quoteNext = peek() == u'\'' || peek() == u'"';
        if (quoteNext && (word.compare(u"u", Qt::CaseInsensitive) == 0))
            return parseString(out);
        if (quoteNext && (word.compare(u"r", Qt::CaseInsensitive) == 0))
            return parseString(out, true);
        if (quoteNext)
            return fail(QStringLiteral("string prefix '%1' is not supported").arg(word), start);
        return fail(QStringLiteral("unknown name '%1' (only True, False and None are allowed)").arg(word), start);
    }

    QStringView m_text;
    qsizetype m_pos = 0;
    QString m_error;
    qsizetype m_errorPos = 0;
};

} // namespace

Expected<QVariant> parsePythonLiteral(QStringView text)
{
    return Parser(text).parseDocument();
}

} // namespace mltco::catalog

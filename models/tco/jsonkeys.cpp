#include "models/tco/jsonkeys.h"

#include <QHash>
#include <QString>

namespace mltco::tco {

namespace {

/// A walk over JSON text that is known to be valid, noting the path of every object key.
class KeyScanner final
{
public:
    explicit KeyScanner(const QByteArray &json) : m_json(json) {}

    QStringList scan()
    {
        skipSpace();
        value(QString());
        return m_problems;
    }

private:
    void skipSpace()
    {
        while (m_at < m_json.size() && (m_json[m_at] == ' ' || m_json[m_at] == '\t' || m_json[m_at] == '\n' ||
                                         m_json[m_at] == '\r')) {
            if (m_json[m_at] == '\n')
                ++m_line;
            ++m_at;
        }
    }

    // A string token, decoded (escapes and UTF-8), the cursor after its closing quote.
    QString string()
    {
        QByteArray raw;
        ++m_at; // opening quote
        while (m_at < m_json.size() && m_json[m_at] != '"') {
            if (m_json[m_at] == '\\' && m_at + 1 < m_json.size()) {
                const char c = m_json[m_at + 1];
                if (c == 'u' && m_at + 5 < m_json.size()) {
                    raw += QString(QChar(m_json.mid(m_at + 2, 4).toUShort(nullptr, 16))).toUtf8();
                    m_at += 6;
                    continue;
                }
                raw += c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c == 'b' ? '\b' : c == 'f' ? '\f' : c;
                m_at += 2;
                continue;
            }
            raw += m_json[m_at++];
        }
        ++m_at; // closing quote
        return QString::fromUtf8(raw);
    }

    void value(const QString &path)
    {
        if (m_at >= m_json.size())
            return;
        const char c = m_json[m_at];
        if (c == '{') {
            object(path);
        } else if (c == '[') {
            array(path);
        } else if (c == '"') {
            string();
        } else {
            // number, true, false, null
            while (m_at < m_json.size() && !QByteArrayView(",]} \t\r\n").contains(m_json[m_at]))
                ++m_at;
        }
    }

    void object(const QString &path)
    {
        QHash<QString, int> seen; // key -> line it was first given on
        ++m_at;
        skipSpace();
        while (m_at < m_json.size() && m_json[m_at] != '}') {
            const int line = m_line;
            const QString key = string();
            const QString keyPath = path.isEmpty() ? key : path + QLatin1Char('.') + key;
            if (const auto first = seen.constFind(key); first != seen.cend())
                m_problems << QStringLiteral("%1: given twice (line %2, then line %3); state it once")
                                  .arg(keyPath)
                                  .arg(*first)
                                  .arg(line);
            else
                seen.insert(key, line);
            skipSpace();
            ++m_at; // ':'
            skipSpace();
            value(keyPath);
            skipSpace();
            if (m_at < m_json.size() && m_json[m_at] == ',') {
                ++m_at;
                skipSpace();
            }
        }
        ++m_at;
    }

    void array(const QString &path)
    {
        ++m_at;
        skipSpace();
        for (int index = 0; m_at < m_json.size() && m_json[m_at] != ']'; ++index) {
            value(QStringLiteral("%1[%2]").arg(path).arg(index));
            skipSpace();
            if (m_at < m_json.size() && m_json[m_at] == ',') {
                ++m_at;
                skipSpace();
            }
        }
        ++m_at;
    }

    const QByteArray &m_json;
    qsizetype m_at = 0;
    int m_line = 1;
    QStringList m_problems;
};

} // namespace

QStringList duplicateKeys(const QByteArray &json)
{
    return KeyScanner(json).scan();
}

} // namespace mltco::tco

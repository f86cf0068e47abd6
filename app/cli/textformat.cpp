#include "textformat.h"

#include <algorithm>

namespace mltco::cli {

void TextTable::widen(const QStringList &cells)
{
    if (m_widths.isEmpty())
        for (const QString &cell : m_header)
            m_widths << cell.size();
    for (qsizetype c = 0; c < cells.size(); ++c) {
        if (c >= m_widths.size())
            m_widths << 0;
        m_widths[c] = std::max(m_widths[c], cells[c].size());
    }
}

QString TextTable::line(const QStringList &cells) const
{
    QString text;
    for (qsizetype c = 0; c < cells.size(); ++c) {
        if (c > 0)
            text += QStringLiteral("  ");
        const qsizetype width = c < m_widths.size() ? m_widths[c] : 0;
        text += c == 0 ? cells[c].leftJustified(width) : cells[c].rightJustified(width);
    }
    while (text.endsWith(QLatin1Char(' ')))
        text.chop(1);
    return text + QLatin1Char('\n');
}

QString TextTable::head()
{
    widen({});
    QStringList rule;
    for (qsizetype width : std::as_const(m_widths))
        rule << QString(width, QLatin1Char('-'));
    return line(m_header) + line(rule);
}

QString TextTable::toString()
{
    for (const QStringList &row : std::as_const(m_rows))
        widen(row);
    QString text = head();
    for (const QStringList &row : std::as_const(m_rows))
        text += line(row);
    return text;
}

QString keyValueLines(const QList<std::pair<QString, QString>> &lines)
{
    qsizetype width = 0;
    for (const auto &[label, value] : lines)
        width = std::max(width, label.size());
    QString text;
    for (const auto &[label, value] : lines)
        text += label.leftJustified(width + 2) + value + QLatin1Char('\n');
    return text;
}

} // namespace mltco::cli

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
    appendLine(cells, text);
    return text;
}

void TextTable::appendLine(const QStringList &cells, QString &text) const
{
    const qsizetype start = text.size();
    for (qsizetype c = 0; c < cells.size(); ++c) {
        if (c > 0)
            text += QLatin1String("  ");
        const qsizetype padding = std::max<qsizetype>(0, (c < m_widths.size() ? m_widths[c] : 0) - cells[c].size());
        if (c == 0) {
            text += cells[c];
            text.resize(text.size() + padding, QLatin1Char(' '));
        } else {
            text.resize(text.size() + padding, QLatin1Char(' '));
            text += cells[c];
        }
    }
    qsizetype end = text.size();
    while (end > start && text.at(end - 1) == QLatin1Char(' '))
        --end;
    text.truncate(end);
    text += QLatin1Char('\n');
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

#include "textformat.h"

#include <algorithm>

namespace mltco::cli {

namespace {

// The layout of one line, for any list of cells that can be indexed (QStringList, a span of views).
template<typename Cells>
void widenTo(QList<qsizetype> &widths, const Cells &cells)
{
    for (std::size_t c = 0; c < static_cast<std::size_t>(cells.size()); ++c) {
        if (static_cast<qsizetype>(c) >= widths.size())
            widths << 0;
        widths[static_cast<qsizetype>(c)] = std::max(widths[static_cast<qsizetype>(c)], qsizetype(cells[c].size()));
    }
}

template<typename Cells>
void appendCells(const QList<qsizetype> &widths, const Cells &cells, QString &text)
{
    const qsizetype start = text.size();
    for (std::size_t c = 0; c < static_cast<std::size_t>(cells.size()); ++c) {
        const auto column = static_cast<qsizetype>(c);
        if (c > 0)
            text += QLatin1String("  ");
        const qsizetype padding = std::max<qsizetype>(0, (column < widths.size() ? widths[column] : 0) - cells[c].size());
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

} // namespace

void TextTable::widen(const QStringList &cells)
{
    if (m_widths.isEmpty())
        widenTo(m_widths, m_header);
    widenTo(m_widths, cells);
}

void TextTable::widen(std::span<const QStringView> cells)
{
    if (m_widths.isEmpty())
        widenTo(m_widths, m_header);
    widenTo(m_widths, cells);
}

QString TextTable::line(const QStringList &cells) const
{
    QString text;
    appendLine(cells, text);
    return text;
}

void TextTable::appendLine(const QStringList &cells, QString &text) const
{
    appendCells(m_widths, cells, text);
}

void TextTable::appendLine(std::span<const QStringView> cells, QString &text) const
{
    appendCells(m_widths, cells, text);
}

QString TextTable::head()
{
    widen(QStringList());
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

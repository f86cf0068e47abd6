#include "textformat.h"

#include <algorithm>

namespace mltco::cli {

QString TextTable::toString() const
{
    QList<qsizetype> widths;
    for (const QString &cell : m_header)
        widths << cell.size();
    for (const QStringList &row : m_rows) {
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (c >= widths.size())
                widths << 0;
            widths[c] = std::max(widths[c], row[c].size());
        }
    }
    const auto line = [&](const QStringList &cells) -> QString {
        QString text;
        for (qsizetype c = 0; c < cells.size(); ++c) {
            if (c > 0)
                text += QStringLiteral("  ");
            text += c == 0 ? cells[c].leftJustified(widths[c]) : cells[c].rightJustified(widths[c]);
        }
        while (text.endsWith(QLatin1Char(' ')))
            text.chop(1);
        return text + QLatin1Char('\n');
    };
    QString text = line(m_header);
    QStringList rule;
    for (qsizetype width : widths)
        rule << QString(width, QLatin1Char('-'));
    text += line(rule);
    for (const QStringList &row : m_rows)
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

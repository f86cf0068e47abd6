#include "models/workbook/sheets.h"

#include "models/common/currency.h"

#include <xlsxwriter.h>
#include <algorithm>

#include <QLocale>
#include <QRegularExpression>

namespace mltco::workbook::detail {

QString columnName(int column)
{
    QString name;
    for (int c = column + 1; c > 0; c = (c - 1) / 26)
        name.prepend(QChar(u'A' + (c - 1) % 26));
    return name;
}

QString cell(int row, int column)
{
    return columnName(column) + QString::number(row + 1);
}

QString absoluteCell(int row, int column)
{
    return QStringLiteral("$%1$%2").arg(columnName(column)).arg(row + 1);
}

QString sheetRef(const QString &sheet)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (plain.match(sheet).hasMatch())
        return sheet;
    QString quoted = sheet;
    quoted.replace(QLatin1Char('\''), QStringLiteral("''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString number(double value)
{
    return QString::number(value, 'g', 17);
}

lxw_format *Formats::of(Fmt fmt) const
{
    switch (fmt) {
    case Fmt::Text: return text;
    case Fmt::Header: return header;
    case Fmt::Title: return title;
    case Fmt::Muted: return muted;
    case Fmt::Money: return money;
    case Fmt::Number: return number;
    case Fmt::Integer:
    case Fmt::Month: return integer;
    case Fmt::Fraction: return fraction;
    case Fmt::Factor: return factor;
    case Fmt::Hours: return hours;
    }
    return nullptr;
}

Formats makeFormats(lxw_workbook *book, const QString &currency)
{
    Formats f;
    f.text = workbook_add_format(book);
    f.header = workbook_add_format(book);
    format_set_bold(f.header);
    format_set_bg_color(f.header, 0xE4E9EF);
    format_set_text_wrap(f.header);
    format_set_align(f.header, LXW_ALIGN_VERTICAL_TOP);
    format_set_bottom(f.header, LXW_BORDER_THIN);
    f.title = workbook_add_format(book);
    format_set_bold(f.title);
    format_set_font_size(f.title, 14);
    f.muted = workbook_add_format(book);
    format_set_font_color(f.muted, 0x5F6B77);
    f.wrap = workbook_add_format(book);
    format_set_text_wrap(f.wrap);
    format_set_align(f.wrap, LXW_ALIGN_VERTICAL_TOP);
    // Money in the plan's currency: "$1,234.56", "€1,234.56"; negatives in parentheses are not what finance reads in
    // a model, so a minus sign.
    const QString symbol = currencySymbol(currency);
    const QString quoted = QStringLiteral("\"%1\"").arg(symbol == currency ? currency + QLatin1Char(' ') : symbol);
    f.money = workbook_add_format(book);
    format_set_num_format(f.money, (quoted + QStringLiteral("#,##0.00;-") + quoted + QStringLiteral("#,##0.00")).toUtf8().constData());
    f.number = workbook_add_format(book);
    format_set_num_format(f.number, "#,##0.####");
    f.integer = workbook_add_format(book);
    format_set_num_format(f.integer, "0");
    f.fraction = workbook_add_format(book);
    format_set_num_format(f.fraction, "0.00%");
    f.hours = workbook_add_format(book);
    format_set_num_format(f.hours, "#,##0");
    f.factor = workbook_add_format(book);
    format_set_num_format(f.factor, "0.000000");
    return f;
}

int MonthTable::add(const QString &header, Fmt format, const std::function<QString(int)> &formula, std::vector<double> values)
{
    Column c;
    c.header = header;
    c.format = format;
    c.formulas.reserve(static_cast<std::size_t>(m_horizon));
    for (int m = 1; m <= m_horizon; ++m)
        c.formulas.push_back(formula(m));
    values.resize(static_cast<std::size_t>(m_horizon), 0.0);
    c.values = std::move(values);
    m_columns.push_back(std::move(c));
    return static_cast<int>(m_columns.size()) - 1;
}

int MonthTable::add(const QString &header, Fmt format, const std::function<QString(int)> &formula,
                    const std::function<double(int)> &value)
{
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(m_horizon));
    for (int m = 1; m <= m_horizon; ++m)
        values.push_back(value(m));
    return add(header, format, formula, std::move(values));
}

QString MonthTable::range(int column) const
{
    return QStringLiteral("%1:%2").arg(absoluteCell(rowOf(1), column), absoluteCell(rowOf(m_horizon), column));
}

QString MonthTable::index(int column, const QString &position) const
{
    return QStringLiteral("INDEX(%1,%2)").arg(range(column), position);
}

QString MonthTable::window(int column, const QString &from, const QString &to) const
{
    return index(column, from) + QLatin1Char(':') + index(column, to);
}

QString AssumptionCells::nameOf(const QString &key)
{
    // rate_per_hour -> RatePerHour; a name Excel could read as a cell ("PUE" is not one, "R1C1" would be) gets a
    // trailing underscore.
    QString name;
    bool upper = true;
    for (QChar ch : key) {
        if (ch == QLatin1Char('_')) {
            upper = true;
            continue;
        }
        name += upper ? ch.toUpper() : ch;
        upper = false;
    }
    static const QRegularExpression cellLike(QStringLiteral("^([A-Za-z]{1,3}[0-9]+|[Rr][0-9]*[Cc][0-9]*)$"));
    if (cellLike.match(name).hasMatch())
        name += QLatin1Char('_');
    return name;
}

namespace {
// The lines a header takes wrapped at word boundaries in a column about `chars` characters wide.
int wrappedLines(const QString &text, int chars)
{
    int lines = 1, used = 0;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const int need = used == 0 ? static_cast<int>(word.size()) : used + 1 + static_cast<int>(word.size());
        if (used > 0 && need > chars) {
            ++lines;
            used = static_cast<int>(word.size());
        } else {
            used = need;
        }
    }
    return lines;
}
} // namespace

void writeTable(lxw_worksheet *sheet, const Formats &formats, const MonthTable &table, const QStringList &units)
{
    const auto &columns = table.columns();
    const auto head = static_cast<lxw_row_t>(table.headRow());
    int lines = 3; // the header row is as tall as its longest wrapped header, three lines at least
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const QString unit = c < static_cast<std::size_t>(units.size()) ? units.at(static_cast<qsizetype>(c)) : QString();
        const QString text = unit.isEmpty() ? columns[c].header : QStringLiteral("%1 (%2)").arg(columns[c].header, unit);
        worksheet_write_string(sheet, head, static_cast<lxw_col_t>(c), text.toUtf8().constData(), formats.header);
        const int width = columns[c].format == Fmt::Month ? 7 : columns[c].format == Fmt::Money ? 15 : 13;
        worksheet_set_column(sheet, static_cast<lxw_col_t>(c), static_cast<lxw_col_t>(c), width, nullptr);
        lines = std::max(lines, wrappedLines(text, width - 2));
    }
    worksheet_set_row(sheet, head, 15.0 * lines, nullptr);
    for (int m = 1; m <= table.horizon(); ++m) {
        const auto row = static_cast<lxw_row_t>(table.rowOf(m));
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const Column &column = columns[c];
            const QString &formula = column.formulas[static_cast<std::size_t>(m - 1)];
            lxw_format *format = formats.of(column.format);
            if (formula.isEmpty())
                worksheet_write_number(sheet, row, static_cast<lxw_col_t>(c), column.values[static_cast<std::size_t>(m - 1)], format);
            else
                worksheet_write_formula_num(sheet, row, static_cast<lxw_col_t>(c), (QLatin1Char('=') + formula).toUtf8().constData(),
                                            format, column.values[static_cast<std::size_t>(m - 1)]);
        }
    }
    worksheet_freeze_panes(sheet, head + 1, 1);
    // Printed: landscape, every column on one page width, the header on every page.
    worksheet_set_landscape(sheet);
    worksheet_fit_to_pages(sheet, 1, 0);
    worksheet_repeat_rows(sheet, head, head);
}

} // namespace mltco::workbook::detail

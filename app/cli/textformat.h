#pragma once

#include "models/report/format.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <span>

// Layout for the people-facing `--format table` output of evaluate and calc. Machine formats (JSON, CSV)
// carry full precision; only people-facing text is rounded.

namespace mltco::cli {

// Numbers for people go through the app's one formatter (models/report/format.h).
using report::grouped;
using report::money;
using report::moneyUnit;
using report::percent;

/// Columns of text printed aligned: the first column left-aligned, the others right-aligned. Either rows are
/// added and toString() prints them all, or, for tables too long to hold, every row is given to widen() first and
/// then head() and line(row) print them one by one.
class TextTable final
{
public:
    explicit TextTable(QStringList header) : m_header(std::move(header)) {}
    void addRow(QStringList cells) { m_rows << std::move(cells); }
    QString toString();

    void widen(const QStringList &cells);
    void widen(std::span<const QStringView> cells);
    /// The header and its rule.
    QString head();
    QString line(const QStringList &cells) const;
    /// line(cells) appended to `text`, without building it on its own first (safe from several threads at once).
    void appendLine(const QStringList &cells, QString &text) const;
    void appendLine(std::span<const QStringView> cells, QString &text) const;

private:
    QStringList m_header;
    QList<QStringList> m_rows;
    QList<qsizetype> m_widths;
};

/// "label   value" lines with the values aligned, for calculator results.
QString keyValueLines(const QList<std::pair<QString, QString>> &lines);

} // namespace mltco::cli

#pragma once

#include <QDate>
#include <QString>
#include <QStringView>

#include <optional>

// The one place numbers become text for people: the GUI, the PDF report and the CLI's table output
// all format through these, so an exported figure reads exactly as the app shows it. Machine formats
// (CSV, JSON) carry full precision and never pass through here.
namespace mltco::report {

// Money is shown in a currency (model.md §13): its sign before the figure ("$", "€", "£", "¥"), or its code and a
// blank for a currency without one ("CHF 1,234.00"); a minus comes first ("-€62,000.00"). US dollars unless said.

/// "$1,234,567.89", "-$62,000.00": rounded to cents, never "-$0.00".
QString money(double amount, QStringView currency = u"USD");
/// money(), or "n/a" when there is no value.
QString money(std::optional<double> amount, QStringView currency = u"USD");
/// A unit price with as many decimals as it needs, at least cents and at most `maxDecimals`: "$0.526",
/// "$12.24", "$1.3699" (a monthly plan per hour), "$0.00099" per GB with 6. Prices are quoted that
/// finely; money() would round $0.526 to $0.53.
QString unitPrice(double amount, int maxDecimals = 4, QStringView currency = u"USD");
/// Whole units: "$1,234,568".
QString moneyWhole(double amount, QStringView currency = u"USD");
/// Short form for cards and axes: "$372.9k", "$1.80M", "$950", "-$62.0k", "€1.80M", "CHF 950".
QString moneyCompact(double amount, QStringView currency = u"USD");
/// What a money axis or column is labelled with: "$", "€", "CHF".
QString moneyUnit(QStringView currency = u"USD");
/// "1,234,567.9" with `decimals` digits after the point and thousands separators.
QString grouped(double value, int decimals);
/// The fewest decimals (up to `maxDecimals`) that show `value` without visible rounding: 720, 0.5, 0.0125.
int fewestDecimals(double value, int maxDecimals);
/// "75.1 %" from 0.751, or "n/a".
QString percent(std::optional<double> fraction, int decimals = 1);
/// The share of demand a scenario serves, truncated so that one that falls short never reads "100 %": "0 %", "97 %",
/// "99.9 %".
QString servedShare(double fraction);

/// A file name to offer when saving an export of `planName`: "Growing team – TCO report 2026-11-28.pdf", the
/// characters no file system takes (/ \ : * ? " < > |) and control characters replaced by "-", at most 80 characters
/// before the suffix; "TCO report …" when the plan has no name.
QString suggestedFileName(const QString &planName, const QDate &date, const QString &suffix);

} // namespace mltco::report

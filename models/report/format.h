#pragma once

#include <QString>

#include <optional>

// The one place numbers become text for people: the GUI, the PDF report and the CLI's table output
// all format through these, so an exported figure reads exactly as the app shows it. Machine formats
// (CSV, JSON) carry full precision and never pass through here.
namespace mltco::report {

/// "$1,234,567.89", "-$62,000.00": rounded to cents, never "-$0.00".
QString money(double amount);
/// money(), or "n/a" when there is no value.
QString money(std::optional<double> amount);
/// A unit price with as many decimals as it needs, at least cents and at most `maxDecimals`: "$0.526",
/// "$12.24", "$1.3699" (a monthly plan per hour), "$0.00099" per GB with 6. Prices are quoted that
/// finely; money() would round $0.526 to $0.53.
QString unitPrice(double amount, int maxDecimals = 4);
/// Whole dollars: "$1,234,568".
QString moneyWhole(double amount);
/// Short form for cards and axes: "$372.9k", "$1.80M", "$950", "-$62.0k".
QString moneyCompact(double amount);
/// "1,234,567.9" with `decimals` digits after the point and thousands separators.
QString grouped(double value, int decimals);
/// "75.1 %" from 0.751, or "n/a".
QString percent(std::optional<double> fraction, int decimals = 1);

} // namespace mltco::report

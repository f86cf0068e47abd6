#pragma once

#include <QString>
#include <QStringView>

namespace mltco {

/// The currency of every amount that does not say otherwise: what every document held before currencies (model.md
/// §13), and a plan without `"currency"`.
inline constexpr char kDefaultCurrency[] = "USD";

/// Whether `code` is written as an ISO 4217 code: three ASCII capital letters ("USD", "EUR", "GBP").
bool isCurrencyCode(QStringView code);

/// How a figure in `code` is marked: "$" (US dollars), "€", "£", "¥" (yen and yuan), "₹", "₩"; any other
/// currency by its code ("CHF"), which money text separates from the figure by a space ("CHF 1,234.00").
QString currencySymbol(QStringView code);

/// Whether the symbol of `code` is a code rather than a sign, and so is written apart from the figure.
bool symbolIsCode(QStringView code);

/// "$150,000", "€0.1200", "CHF 12.24": an amount with its currency's mark, thousands grouped, `decimals` decimals;
/// for the messages of the rooms below the report's money text (models/report/format.h), which prints the figures.
QString amountText(double amount, QStringView currency, int decimals);

/// The lower-case code that names a money column of a CSV file or a JSON key: "usd", "eur".
QString currencySuffix(QStringView code);

} // namespace mltco

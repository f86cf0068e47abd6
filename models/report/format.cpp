#include "models/report/format.h"

#include "models/common/currency.h"

#include <QLocale>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace mltco::report {
namespace {

// Formatting is fixed to the C locale's digits with "," grouping and "." decimals, whatever the
// machine's locale, so reports and tests read the same everywhere. The digits are those of the whole number
// round(magnitude x 10^decimals) with the point put back, the separators added here: exactly QLocale's text while
// that whole number is below 2^49 (where it is exact), and a report of 20,000 scenarios formats half a million sums, where a
// QLocale per call was most of its time. Larger values, or more than six decimals, go to QLocale itself.
QString groupedDigits(const char *prefix, double magnitude, int decimals)
{
    static constexpr double kScales[] = {1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0};
    const double whole = decimals >= 0 && decimals < 7 ? std::round(magnitude * kScales[decimals]) : -1.0;
    if (!(whole >= 0.0 && whole < 562949953421312.0)) { // 2^49: far enough below 2^53 that the product above is within 1/4 of it
        QLocale c(QLocale::C);
        c.setNumberOptions(QLocale::DefaultNumberOptions); // grouping on
        return QLatin1StringView(prefix) + c.toString(magnitude, 'f', decimals);
    }
    // Written into one buffer and made a QString once: this runs for every money figure of a large report.
    char digits[24];
    const std::to_chars_result r = std::to_chars(digits, digits + sizeof digits, static_cast<unsigned long long>(whole));
    const int count = static_cast<int>(r.ptr - digits);
    const int shown = std::max(count, decimals + 1); // "0.05": leading zeros up to the point
    const int integer = shown - decimals;
    char text[64];
    int k = 0;
    for (const char *p = prefix; *p; ++p)
        text[k++] = *p;
    for (int i = 0; i < shown; ++i) {
        if (i == integer)
            text[k++] = '.';
        else if (i > 0 && i < integer && (integer - i) % 3 == 0)
            text[k++] = ',';
        text[k++] = i < shown - count ? '0' : digits[i - (shown - count)];
    }
    return QString::fromLatin1(text, k);
}

double roundTo(double value, int decimals)
{
    static constexpr double kScales[] = {1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0};
    const double scale = decimals >= 0 && decimals < 7 ? kScales[decimals] : std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

bool isUsd(QStringView currency)
{
    return currency == u"USD";
}

// The sign and the symbol before a figure: "-$", "€", "CHF " (a code is kept apart from the digits).
QString moneyPrefix(bool negative, QStringView currency)
{
    QString prefix = negative ? QStringLiteral("-") : QString();
    prefix += currencySymbol(currency);
    if (symbolIsCode(currency))
        prefix += QLatin1Char(' ');
    return prefix;
}

QString signedMoney(double amount, int decimals, QStringView currency)
{
    const double rounded = roundTo(amount, decimals);
    if (isUsd(currency)) // the common case, written in one go
        return groupedDigits(rounded < 0 ? "-$" : "$", std::fabs(rounded), decimals);
    return moneyPrefix(rounded < 0, currency) + groupedDigits("", std::fabs(rounded), decimals);
}

} // namespace

QString money(double amount, QStringView currency) { return signedMoney(amount, 2, currency); }

QString money(std::optional<double> amount, QStringView currency)
{
    return amount ? money(*amount, currency) : QStringLiteral("n/a");
}

QString moneyUnit(QStringView currency) { return currencySymbol(currency); }

QString unitPrice(double amount, int maxDecimals, QStringView currency)
{
    int decimals = 2;
    while (decimals < maxDecimals) {
        const double scale = std::pow(10.0, decimals);
        if (std::fabs(std::round(amount * scale) / scale - amount) < 1e-9)
            break;
        ++decimals;
    }
    return signedMoney(amount, decimals, currency);
}

QString moneyWhole(double amount, QStringView currency) { return signedMoney(amount, 0, currency); }

QString moneyCompact(double amount, QStringView currency)
{
    const double a = std::fabs(amount);
    QString text;
    if (a >= 999.95e6)
        text = QString::number(a / 1e9, 'f', a >= 9.995e9 ? 1 : 2) + QLatin1Char('B');
    else if (a >= 999.95e3)
        text = QString::number(a / 1e6, 'f', a >= 9.995e6 ? 1 : 2) + QLatin1Char('M');
    else if (a >= 999.5)
        text = QString::number(a / 1e3, 'f', 1) + QLatin1Char('k');
    else
        text = QString::number(std::round(a), 'f', 0);
    const bool negative = amount < 0 && text != QLatin1String("0");
    return moneyPrefix(negative, currency) + text;
}

int fewestDecimals(double value, int maxDecimals)
{
    for (int d = 0; d < maxDecimals; ++d) {
        const double scale = std::pow(10.0, d);
        if (std::abs(std::round(value * scale) / scale - value) <= 1e-9 * std::max(1.0, std::abs(value)))
            return d;
    }
    return maxDecimals;
}

QString grouped(double value, int decimals)
{
    const double rounded = roundTo(value, decimals);
    return groupedDigits(rounded < 0 ? "-" : "", std::fabs(rounded), decimals);
}

QString percent(std::optional<double> fraction, int decimals)
{
    if (!fraction || !std::isfinite(*fraction))
        return QStringLiteral("n/a");
    return grouped(*fraction * 100.0, decimals) + QStringLiteral(" %");
}

QString servedShare(double fraction)
{
    if (fraction < 0.99)
        return percent(std::floor(fraction * 100.0) / 100.0, 0);
    return percent(std::floor(fraction * 1000.0) / 1000.0, 1);
}

QString suggestedFileName(const QString &planName, const QDate &date, const QString &suffix)
{
    QString name;
    for (const QChar c : planName.simplified())
        name += c.isPrint() && !QStringLiteral("/\\:*?\"<>|").contains(c) ? c : QLatin1Char('-');
    name = name.left(80).trimmed();
    const QString stem = name.isEmpty() ? QStringLiteral("TCO report %1").arg(date.toString(Qt::ISODate))
                                        : QStringLiteral("%1 \u2013 TCO report %2").arg(name, date.toString(Qt::ISODate));
    return suffix.isEmpty() ? stem : stem + QLatin1Char('.') + suffix;
}

} // namespace mltco::report

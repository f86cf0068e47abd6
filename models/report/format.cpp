#include "models/report/format.h"

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

QString signedMoney(double amount, int decimals)
{
    const double rounded = roundTo(amount, decimals);
    return groupedDigits(rounded < 0 ? "-$" : "$", std::fabs(rounded), decimals);
}

} // namespace

QString money(double amount) { return signedMoney(amount, 2); }

QString money(std::optional<double> amount) { return amount ? money(*amount) : QStringLiteral("n/a"); }

QString unitPrice(double amount, int maxDecimals)
{
    int decimals = 2;
    while (decimals < maxDecimals) {
        const double scale = std::pow(10.0, decimals);
        if (std::fabs(std::round(amount * scale) / scale - amount) < 1e-9)
            break;
        ++decimals;
    }
    return signedMoney(amount, decimals);
}

QString moneyWhole(double amount) { return signedMoney(amount, 0); }

QString moneyCompact(double amount)
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
    return (negative ? QStringLiteral("-$") : QStringLiteral("$")) + text;
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

} // namespace mltco::report

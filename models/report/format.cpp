#include "models/report/format.h"

#include <QLocale>

#include <cmath>

namespace mltco::report {
namespace {

// Formatting is fixed to the C locale's digits with "," grouping and "." decimals, whatever the
// machine's locale, so reports and tests read the same everywhere.
QString groupedDigits(double magnitude, int decimals)
{
    QLocale c(QLocale::C);
    c.setNumberOptions(QLocale::DefaultNumberOptions); // grouping on
    return c.toString(magnitude, 'f', decimals);
}

double roundTo(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

QString signedMoney(double amount, int decimals)
{
    const double rounded = roundTo(amount, decimals);
    const QString digits = groupedDigits(std::fabs(rounded), decimals);
    return rounded < 0 ? QStringLiteral("-$") + digits : QStringLiteral("$") + digits;
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
    const QString digits = groupedDigits(std::fabs(rounded), decimals);
    return rounded < 0 ? QLatin1Char('-') + digits : digits;
}

QString percent(std::optional<double> fraction, int decimals)
{
    if (!fraction || !std::isfinite(*fraction))
        return QStringLiteral("n/a");
    return grouped(*fraction * 100.0, decimals) + QStringLiteral(" %");
}

} // namespace mltco::report

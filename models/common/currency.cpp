#include "models/common/currency.h"

#include <QLocale>

#include <cmath>

namespace mltco {

bool isCurrencyCode(QStringView code)
{
    if (code.size() != 3)
        return false;
    for (const QChar c : code) {
        if (c.unicode() < u'A' || c.unicode() > u'Z')
            return false;
    }
    return true;
}

QString currencySymbol(QStringView code)
{
    if (code == u"USD")
        return QStringLiteral("$");
    if (code == u"EUR")
        return QStringLiteral("\u20ac");
    if (code == u"GBP")
        return QStringLiteral("\u00a3");
    if (code == u"JPY" || code == u"CNY")
        return QStringLiteral("\u00a5");
    if (code == u"INR")
        return QStringLiteral("\u20b9");
    if (code == u"KRW")
        return QStringLiteral("\u20a9");
    return code.toString();
}

bool symbolIsCode(QStringView code)
{
    return currencySymbol(code) == code;
}

QString currencySuffix(QStringView code)
{
    return code.toString().toLower();
}

QString amountText(double amount, QStringView currency, int decimals)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // "150,000"
    const QString figure = c.toString(std::fabs(amount), 'f', decimals);
    const QString sign = amount < 0 ? QStringLiteral("-") : QString();
    return symbolIsCode(currency) ? QStringLiteral("%1%2 %3").arg(sign, currencySymbol(currency), figure)
                                  : sign + currencySymbol(currency) + figure;
}

} // namespace mltco

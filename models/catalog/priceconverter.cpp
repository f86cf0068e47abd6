#include "models/catalog/priceconverter.h"

namespace mltco::catalog {

PriceConverter::PriceConverter(const QSqlDatabase &db, const QString &currency, const QMap<QString, double> &fixed)
    : m_db(db), m_currency(currency), m_fixed(fixed)
{
}

Expected<double> PriceConverter::factor(const QString &from, const QDate &day)
{
    if (from == m_currency)
        return 1.0;
    if (const auto fixed = m_fixed.constFind(from); fixed != m_fixed.cend())
        return 1.0 / fixed.value(); // the plan's fx_rates: units of `from` per 1 unit of the target
    if (!m_rates)
        m_rates = readRateTable(m_db);
    if (!*m_rates)
        return m_rates->error();
    const Expected<FxRate> rate = (**m_rates).rate(from, m_currency, day);
    if (!rate)
        return rate.error();
    return rate->rate;
}

Expected<PricePoint> PriceConverter::convert(const PricePoint &price)
{
    const Expected<double> f = factor(price.currency, price.observedAt);
    if (!f)
        return f.error();
    PricePoint converted = price;
    if (converted.amount)
        *converted.amount *= *f;
    if (converted.upfront)
        *converted.upfront *= *f;
    converted.currency = m_currency;
    return converted;
}

} // namespace mltco::catalog

#pragma once

#include "models/catalog/fxrates.h"
#include "models/catalog/types.h"
#include "models/common/expected.h"

#include <QDate>
#include <QMap>
#include <QSqlDatabase>
#include <QString>

#include <optional>

namespace mltco::catalog {

/// Catalog prices in one currency, as a plan or a page shows them (model.md §13): a price in another currency
/// converts at the rate of its observation day (the latest ECB day on or before it, at most 14 days older, crosses
/// through the euro), or at a rate the plan fixes (`fixed`: units of a currency per 1 unit of the target, the plan's
/// fx_rates), which wins. The document's rate table is read once, the first time a price needs it; a price without a
/// rate is an Error naming the currency and the day, never converted at 1.
class PriceConverter final
{
public:
    PriceConverter(const QSqlDatabase &db, const QString &currency, const QMap<QString, double> &fixed = {});

    const QString &currency() const { return m_currency; }
    /// Units of the target currency per 1 unit of `from` on `day` (1 for the target itself).
    Expected<double> factor(const QString &from, const QDate &day);
    /// `price` with its amount and upfront in the target currency.
    Expected<PricePoint> convert(const PricePoint &price);

private:
    QSqlDatabase m_db;
    QString m_currency;
    QMap<QString, double> m_fixed;
    std::optional<Expected<RateTable>> m_rates;
};

} // namespace mltco::catalog

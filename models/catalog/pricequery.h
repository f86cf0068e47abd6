#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"

#include <QSqlDatabase>
#include <QString>

#include <optional>
#include <vector>

namespace mltco::catalog {

/// Which price observations a listing shows, in what order: what the catalog page's price table asks the document
/// for, so that a million observations are filtered and sorted by SQLite rather than in memory.
struct PriceQuery final
{
    enum class SortBy { Added, Provider, Instance, Region, Zone, Pricing, Hourly, ObservedAt, Source, Note };

    QString provider;                     ///< empty: every provider
    std::optional<PricingModel> pricing;  ///< none: every pricing model
    QString text;                         ///< found (case-insensitive, ASCII) in provider, instance, region, zone,
                                          ///< source key or title, or note; empty: no search
    SortBy sortBy = SortBy::Added;        ///< Added: the order they were added (row ids)
    bool descending = false;              ///< ties always keep the order they were added

    friend bool operator==(const PriceQuery &, const PriceQuery &) = default;
};

/// The row ids of the matching observations in the query's order: 8 bytes a row, never the rows themselves.
Expected<std::vector<qint64>> readPriceIds(const QSqlDatabase &db, const PriceQuery &query);
/// The same through a connection of its own to the document at `path`, for a worker thread.
Expected<std::vector<qint64>> readPriceIdsAt(const QString &documentPath, const PriceQuery &query);

} // namespace mltco::catalog

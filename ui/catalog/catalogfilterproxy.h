#pragma once

#include "models/catalog/types.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace mltco::ui {

/// What the catalog page's search box and filter combos ask for; empty fields match everything.
struct CatalogFilter final
{
    QString text; ///< case-insensitive, matched against every text column
    QString provider;
    std::optional<catalog::PricingModel> pricing;
};

/// Implemented by the catalog's table models so that filtering and sorting read their records
/// directly: a price table can hold a million rows, too many to compare through QVariants.
class FilterableRows
{
public:
    virtual ~FilterableRows() = default;
    virtual bool rowMatches(int row, const CatalogFilter &filter) const = 0;
    virtual bool rowLessThan(int column, int left, int right) const = 0;
    /// Called before the proxy sorts by `column`: a model may compute sort keys once here.
    virtual void prepareSort(int column) { Q_UNUSED(column); }
    /// A model too large to filter or sort row by row (the price history) does both itself: the proxy then hands
    /// it the filter and the sort order and keeps its rows as they come.
    virtual bool filtersItself() const { return false; }
    virtual void applyFilter(const CatalogFilter &filter) { Q_UNUSED(filter); }
    virtual void applySort(int column, Qt::SortOrder order)
    {
        Q_UNUSED(column);
        Q_UNUSED(order);
    }
};

/// Sorts and filters a catalog table model (a FilterableRows) by the page's filter.
class CatalogFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit CatalogFilterProxy(QObject *parent = nullptr);

    void setFilter(const CatalogFilter &filter);
    const CatalogFilter &filter() const { return m_filter; }
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    const FilterableRows *rows() const;

    CatalogFilter m_filter;
};

} // namespace mltco::ui

#include "ui/catalog/catalogfilterproxy.h"

namespace mltco::ui {

CatalogFilterProxy::CatalogFilterProxy(QObject *parent) : QSortFilterProxyModel(parent) {}

void CatalogFilterProxy::setFilter(const CatalogFilter &filter)
{
    if (filter.text == m_filter.text && filter.provider == m_filter.provider && filter.pricing == m_filter.pricing)
        return;
    m_filter = filter;
    if (auto *r = dynamic_cast<FilterableRows *>(sourceModel()); r && r->filtersItself()) {
        r->applyFilter(filter); // the model resets with the matching rows
        return;
    }
    // A full invalidate (one layout change) rather than invalidateRowsFilter(): on a million rows the
    // latter tells the view about every run of hidden rows separately, which took seconds.
    invalidate();
}

void CatalogFilterProxy::sort(int column, Qt::SortOrder order)
{
    auto *r = dynamic_cast<FilterableRows *>(sourceModel());
    if (r && r->filtersItself()) {
        r->applySort(column, order); // the model resets in the new order; the proxy keeps it
        QSortFilterProxyModel::sort(-1, order);
        return;
    }
    if (r && column >= 0)
        r->prepareSort(column);
    QSortFilterProxyModel::sort(column, order);
}

const FilterableRows *CatalogFilterProxy::rows() const
{
    return dynamic_cast<const FilterableRows *>(sourceModel());
}

bool CatalogFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    const FilterableRows *r = rows();
    return !r || r->filtersItself() || r->rowMatches(sourceRow, m_filter);
}

bool CatalogFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const FilterableRows *r = rows();
    return r ? r->rowLessThan(left.column(), left.row(), right.row()) : QSortFilterProxyModel::lessThan(left, right);
}

} // namespace mltco::ui

#include "ui/catalog/catalogfilterproxy.h"

namespace mltco::ui {

CatalogFilterProxy::CatalogFilterProxy(QObject *parent) : QSortFilterProxyModel(parent) {}

void CatalogFilterProxy::setFilter(const CatalogFilter &filter)
{
    if (filter.text == m_filter.text && filter.provider == m_filter.provider && filter.pricing == m_filter.pricing)
        return;
    m_filter = filter;
    // A full invalidate (one layout change) rather than invalidateRowsFilter(): on a million rows the
    // latter tells the view about every run of hidden rows separately, which took seconds.
    invalidate();
}

void CatalogFilterProxy::sort(int column, Qt::SortOrder order)
{
    if (auto *r = dynamic_cast<FilterableRows *>(sourceModel()); r && column >= 0)
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
    return !r || r->rowMatches(sourceRow, m_filter);
}

bool CatalogFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const FilterableRows *r = rows();
    return r ? r->rowLessThan(left.column(), left.row(), right.row()) : QSortFilterProxyModel::lessThan(left, right);
}

} // namespace mltco::ui

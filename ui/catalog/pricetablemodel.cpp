#include "ui/catalog/pricetablemodel.h"

#include "models/report/format.h"
#include "ui/catalog/catalogformat.h"
#include "ui/core/theme.h"

#include <QColor>

#include <algorithm>

namespace mltco::ui {

PriceTableModel::PriceTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void PriceTableModel::setDatabase(const QSqlDatabase &db)
{
    m_db = db;
}

void PriceTableModel::setSources(QHash<QString, catalog::Source> sources)
{
    m_sources = std::move(sources);
    m_sourceLabels.clear();
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it)
        m_sourceLabels.insert(it.key(), catalogtext::sourceLabel(*it));
    if (!m_ids.empty())
        emit dataChanged(index(0, Source), index(rowCount() - 1, Source));
}

void PriceTableModel::setIds(std::vector<qint64> ids)
{
    beginResetModel();
    m_ids = std::move(ids);
    m_total = -1;
    m_pages.clear();
    m_pageOrder.clear();
    endResetModel();
}

void PriceTableModel::reload()
{
    Expected<std::vector<qint64>> ids = catalog::readPriceIds(m_db, m_query);
    m_readError.clear();
    setIds(ids ? std::move(*ids) : std::vector<qint64>());
    if (!ids)
        reportFailure(ids.error().message);
}

void PriceTableModel::reportFailure(const QString &message) const
{
    if (message == m_readError)
        return; // said once
    m_readError = message;
    // Told after the read that found it returns (reads happen while the view paints).
    QMetaObject::invokeMethod(const_cast<PriceTableModel *>(this), [this, message] { emit readFailed(message); },
                              Qt::QueuedConnection);
}

void PriceTableModel::setQuery(const catalog::PriceQuery &query)
{
    if (query == m_query)
        return;
    m_query = query;
    reload();
}

void PriceTableModel::applyFilter(const CatalogFilter &filter)
{
    catalog::PriceQuery q = m_query;
    q.text = filter.text;
    q.provider = filter.provider;
    q.pricing = filter.pricing;
    setQuery(q);
}

void PriceTableModel::applySort(int column, Qt::SortOrder order)
{
    using SortBy = catalog::PriceQuery::SortBy;
    catalog::PriceQuery q = m_query;
    switch (static_cast<Column>(column)) {
    case Provider: q.sortBy = SortBy::Provider; break;
    case Instance: q.sortBy = SortBy::Instance; break;
    case Region: q.sortBy = SortBy::Region; break;
    case Zone: q.sortBy = SortBy::Zone; break;
    case Pricing: q.sortBy = SortBy::Pricing; break;
    case PerHour:
    case Quoted: q.sortBy = SortBy::Hourly; break;
    case ObservedAt: q.sortBy = SortBy::ObservedAt; break;
    case Source: q.sortBy = SortBy::Source; break;
    case Note: q.sortBy = SortBy::Note; break;
    case ColumnCount: q.sortBy = SortBy::Added; break;
    }
    if (column < 0)
        q.sortBy = SortBy::Added;
    q.descending = order == Qt::DescendingOrder;
    setQuery(q);
}

const catalog::PriceRecord *PriceTableModel::fetch(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    const int page = row / kPageRows;
    auto it = m_pages.find(page);
    if (it == m_pages.end()) {
        const std::size_t first = static_cast<std::size_t>(page) * kPageRows;
        const std::size_t last = std::min(m_ids.size(), first + kPageRows);
        const QList<qint64> ids(m_ids.begin() + static_cast<std::ptrdiff_t>(first), m_ids.begin() + static_cast<std::ptrdiff_t>(last));
        QHash<qint64, catalog::PriceRecord> byId;
        const catalog::CatalogEditor editor(m_db);
        for (catalog::PriceRecord &r : editor.pricesWithIds(ids))
            byId.insert(r.id, std::move(r));
        if (const Status read = editor.readStatus(); !read)
            reportFailure(read.error().message);
        std::vector<std::optional<catalog::PriceRecord>> rows;
        rows.reserve(static_cast<std::size_t>(ids.size()));
        for (qint64 id : ids) {
            const auto found = byId.constFind(id);
            rows.push_back(found == byId.constEnd() ? std::nullopt : std::optional(*found));
        }
        if (m_pageOrder.size() >= kPagesKept) {
            m_pages.remove(m_pageOrder.front());
            m_pageOrder.pop_front();
        }
        m_pageOrder.push_back(page);
        it = m_pages.insert(page, std::move(rows));
    }
    const std::optional<catalog::PriceRecord> &r = (*it)[static_cast<std::size_t>(row % kPageRows)];
    return r ? &*r : nullptr;
}

qint64 PriceTableModel::totalCount() const
{
    const bool everything = m_query.text.isEmpty() && m_query.provider.isEmpty() && !m_query.pricing;
    if (m_total < 0)
        m_total = everything ? static_cast<qint64>(m_ids.size()) : catalog::CatalogEditor(m_db).priceCount();
    return m_total;
}

std::optional<catalog::PriceRecord> PriceTableModel::record(int row) const
{
    const catalog::PriceRecord *r = fetch(row);
    return r ? std::optional(*r) : std::nullopt;
}

int PriceTableModel::rowOfId(qint64 id) const
{
    const auto it = std::find(m_ids.begin(), m_ids.end(), id);
    return it == m_ids.end() ? -1 : static_cast<int>(it - m_ids.begin());
}

int PriceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_ids.size());
}

int PriceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString PriceTableModel::text(const catalog::PriceRecord &r, int column) const
{
    const catalog::PricePoint &p = r.price;
    switch (static_cast<Column>(column)) {
    case Provider:
        return p.provider;
    case Instance:
        return p.instance;
    case Region:
        return p.region.isEmpty() ? QStringLiteral("—") : p.region;
    case Zone:
        return p.zone;
    case Pricing:
        return catalogtext::pricingLabel(p);
    case PerHour:
        return catalogtext::hourlyText(p.hourly(), p.currency);
    case Quoted:
        return catalogtext::quotedText(p);
    case ObservedAt:
        return p.observedAt.toString(Qt::ISODate);
    case Source:
        return m_sourceLabels.value(p.source, p.source);
    case Note:
        return p.note;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PriceTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == IdRole)
        return m_ids[static_cast<std::size_t>(index.row())];
    const catalog::PriceRecord *r = role == Qt::DisplayRole || role == Qt::ToolTipRole || role == Qt::ForegroundRole
                                        ? fetch(index.row())
                                        : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        return r ? text(*r, index.column()) : QString();
    case Qt::ToolTipRole:
        if (!r)
            return index.column() == 0 ? tr("This observation was deleted meanwhile.") : QVariant();
        switch (index.column()) {
        case Source:
            return m_sources.value(r->price.source).title;
        case Note:
            return r->price.note.isEmpty() ? QVariant() : QVariant(r->price.note);
        case PerHour:
            if (r->price.upfront && r->price.hourly())
                return tr("Effective rate: %1 up front spread over the term's %2 hours, plus the hourly charge.")
                    .arg(report::money(*r->price.upfront), report::grouped(catalog::termHours(r->price.pricing), 0));
            return r->price.hourly() ? (r->price.unit == catalog::PriceUnit::Month
                                            ? tr("Quoted per month; converted at 730 hours a month.")
                                            : QVariant())
                                     : tr("The source gives no price (a price of 0 or none is missing, never free).");
        case Region:
            return r->price.region.isEmpty() ? tr("The provider prices this without regions.") : QVariant();
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (r && index.column() == PerHour && !r->price.hourly())
            return theme::color(theme::Role::BadText);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == PerHour || index.column() == Quoted)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant PriceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case Provider:
        return tr("Provider");
    case Instance:
        return tr("Instance type");
    case Region:
        return tr("Region");
    case Zone:
        return tr("Zone");
    case Pricing:
        return tr("Pricing model");
    case PerHour:
        return tr("Price (USD/hour)");
    case Quoted:
        return tr("As quoted (USD)");
    case ObservedAt:
        return tr("Observed");
    case Source:
        return tr("Source");
    case Note:
        return tr("Note");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace mltco::ui

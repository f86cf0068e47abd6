#include "ui/catalog/pricetablemodel.h"

#include "ui/catalog/recordrows.h"

#include "ui/catalog/catalogformat.h"

#include <QColor>

namespace mltco::ui {

PriceTableModel::PriceTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void PriceTableModel::reset(QList<catalog::PriceRecord> prices, QHash<QString, catalog::Source> sources)
{
    beginResetModel();
    m_prices = std::move(prices);
    setSources(std::move(sources));
    rowsChanged();
    endResetModel();
}

void PriceTableModel::rowsChanged()
{
    for (auto &cache : m_matches)
        cache.clear(); // a freed string's address may come back holding other text
    if (m_sortColumn >= 0)
        prepareSort(m_sortColumn); // the proxy sorts inserted rows right after they arrive
}

void PriceTableModel::setSources(QHash<QString, catalog::Source> sources)
{
    m_sources = std::move(sources);
    m_sourceLabels.clear();
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it)
        m_sourceLabels.insert(it.key(), catalogtext::sourceLabel(*it));
    m_matches[Source].clear();
}

void PriceTableModel::append(QList<catalog::PriceRecord> prices)
{
    if (prices.isEmpty())
        return;
    const int first = static_cast<int>(m_prices.size());
    beginInsertRows({}, first, first + static_cast<int>(prices.size()) - 1);
    m_prices.append(std::move(prices));
    rowsChanged();
    endInsertRows();
}

void PriceTableModel::removeIds(const QSet<qint64> &ids)
{
    // Contiguous runs from the end, so earlier row numbers stay valid while removing.
    int row = static_cast<int>(m_prices.size()) - 1;
    while (row >= 0) {
        if (!ids.contains(m_prices[row].id)) {
            --row;
            continue;
        }
        const int last = row;
        while (row > 0 && ids.contains(m_prices[row - 1].id))
            --row;
        beginRemoveRows({}, row, last);
        m_prices.remove(row, last - row + 1);
        rowsChanged();
        endRemoveRows();
        --row;
    }
}

const catalog::PriceRecord *PriceTableModel::record(int row) const
{
    return recordAt(m_prices, row);
}

int PriceTableModel::rowOfId(qint64 id) const
{
    return rowWithId(m_prices, id);
}

int PriceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_prices.size());
}

int PriceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString PriceTableModel::text(int row, int column) const
{
    const catalog::PricePoint &p = m_prices[row].price;
    switch (static_cast<Column>(column)) {
    case Pricing:
        return catalogtext::pricingLabel(p.pricing);
    case PerHour:
        return catalogtext::hourlyText(p.hourly());
    case Quoted:
        return catalogtext::quotedText(p);
    case ObservedAt:
        return p.observedAt.toString(Qt::ISODate);
    case ColumnCount:
        return {};
    default:
        return shown(column, *field(row, column));
    }
}

const QString *PriceTableModel::field(int row, int column) const
{
    const catalog::PricePoint &p = m_prices[row].price;
    switch (static_cast<Column>(column)) {
    case Provider:
        return &p.provider;
    case Instance:
        return &p.instance;
    case Region:
        return &p.region;
    case Zone:
        return &p.zone;
    case Source:
        return &p.source;
    case Note:
        return &p.note;
    default:
        return nullptr;
    }
}

QString PriceTableModel::shown(int column, const QString &field) const
{
    if (column == Region && field.isEmpty())
        return QStringLiteral("—");
    if (column == Source)
        return m_sourceLabels.value(field, field);
    return field;
}

QVariant PriceTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const catalog::PriceRecord &r = m_prices[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row(), index.column());
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Source:
            return m_sources.value(r.price.source).title;
        case Note:
            return r.price.note.isEmpty() ? QVariant() : QVariant(r.price.note);
        case PerHour:
            return r.price.hourly() ? (r.price.unit == catalog::PriceUnit::Month
                                           ? tr("Quoted per month; converted at 730 hours a month.")
                                           : QVariant())
                                    : tr("The source gives no price (a price of 0 or none is missing, never free).");
        case Region:
            return r.price.region.isEmpty() ? tr("The provider prices this without regions.") : QVariant();
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == PerHour && !r.price.hourly())
            return QColor(0xb0, 0x3a, 0x2e);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == PerHour || index.column() == Quoted)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case IdRole:
        return r.id;
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

bool PriceTableModel::rowMatches(int row, const CatalogFilter &filter) const
{
    const catalog::PricePoint &p = m_prices[row].price;
    if (!filter.provider.isEmpty() && p.provider != filter.provider)
        return false;
    if (filter.pricing && p.pricing != *filter.pricing)
        return false;
    if (filter.text.isEmpty())
        return true;
    if (filter.text != m_matchText) {
        m_matchText = filter.text;
        for (auto &cache : m_matches)
            cache.clear();
    }
    for (int column : {Provider, Instance, Region, Zone, Source, Note}) {
        const QString *f = field(row, column);
        QHash<const void *, bool> &cache = m_matches[column];
        auto it = cache.constFind(f->constData());
        if (it == cache.constEnd())
            it = cache.insert(f->constData(), shown(column, *f).contains(filter.text, Qt::CaseInsensitive));
        if (*it)
            return true;
    }
    return false;
}

bool PriceTableModel::rowLessThan(int column, int left, int right) const
{
    if (column == m_sortColumn && m_sortKeys.size() == m_prices.size())
        return m_sortKeys[left] < m_sortKeys[right];
    const catalog::PricePoint &a = m_prices[left].price;
    const catalog::PricePoint &b = m_prices[right].price;
    switch (static_cast<Column>(column)) {
    case PerHour:
    case Quoted:
        return a.hourly().value_or(-1) < b.hourly().value_or(-1); // missing before every real price
    case ObservedAt:
        return a.observedAt < b.observedAt;
    case Pricing:
        return a.pricing < b.pricing;
    default:
        return text(left, column).compare(text(right, column), Qt::CaseInsensitive) < 0;
    }
}

void PriceTableModel::prepareSort(int column)
{
    m_sortColumn = column;
    m_sortKeys.resize(m_prices.size());
    if (column == PerHour || column == Quoted || column == ObservedAt || column == Pricing) {
        for (qsizetype row = 0; row < m_prices.size(); ++row) {
            const catalog::PricePoint &p = m_prices[row].price;
            m_sortKeys[row] = column == ObservedAt ? static_cast<double>(p.observedAt.toJulianDay())
                              : column == Pricing  ? static_cast<double>(p.pricing)
                                                   : p.hourly().value_or(-1);
        }
        return;
    }
    // Rank each distinct string once, then give every row its string's rank.
    QHash<const void *, double> rank;
    QList<std::pair<QString, const void *>> distinct;
    for (qsizetype row = 0; row < m_prices.size(); ++row) {
        const QString *f = field(static_cast<int>(row), column);
        if (!rank.contains(f->constData())) {
            rank.insert(f->constData(), 0);
            distinct.append({shown(column, *f), f->constData()});
        }
    }
    std::sort(distinct.begin(), distinct.end(),
              [](const auto &a, const auto &b) { return a.first.compare(b.first, Qt::CaseInsensitive) < 0; });
    for (qsizetype i = 0; i < distinct.size(); ++i)
        rank[distinct[i].second] = static_cast<double>(i);
    for (qsizetype row = 0; row < m_prices.size(); ++row)
        m_sortKeys[row] = rank.value(field(static_cast<int>(row), column)->constData());
}

} // namespace mltco::ui

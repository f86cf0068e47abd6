#include "ui/catalog/instancetablemodel.h"

#include "ui/catalog/recordrows.h"

#include "models/report/format.h"
#include "ui/catalog/catalogformat.h"

namespace mltco::ui {

InstanceTableModel::InstanceTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void InstanceTableModel::reset(QList<catalog::InstanceRecord> instances, QHash<qint64, int> priceCounts,
                               QHash<QString, catalog::Source> sources)
{
    beginResetModel();
    m_instances = std::move(instances);
    m_priceCounts = std::move(priceCounts);
    m_sources = std::move(sources);
    endResetModel();
}

const catalog::InstanceRecord *InstanceTableModel::record(int row) const
{
    return recordAt(m_instances, row);
}

int InstanceTableModel::rowOfId(qint64 id) const
{
    return rowWithId(m_instances, id);
}

int InstanceTableModel::priceCount(int row) const
{
    const catalog::InstanceRecord *r = record(row);
    return r ? m_priceCounts.value(r->id) : 0;
}

int InstanceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_instances.size());
}

int InstanceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString InstanceTableModel::text(int row, int column) const
{
    const catalog::InstanceRecord &r = m_instances[row];
    const catalog::InstanceType &t = r.type;
    switch (static_cast<Column>(column)) {
    case Provider:
        return t.provider;
    case Name:
        return t.name;
    case Gpu:
        return t.gpu.isEmpty() ? tr("none (CPU only)") : t.gpu;
    case GpuCount:
        return t.gpu.isEmpty() ? QStringLiteral("—") : catalogtext::number(t.gpuCount);
    case Vcpus:
        return t.vcpus > 0 ? catalogtext::number(t.vcpus) : QStringLiteral("—");
    case MemoryGb:
        return t.memoryGb > 0 ? catalogtext::number(t.memoryGb) : QStringLiteral("—");
    case ListPrice:
        return r.listPrice ? report::money(*r.listPrice) : QStringLiteral("—");
    case Prices:
        return QString::number(m_priceCounts.value(r.id));
    case Source:
        return catalogtext::sourceLabel(t.source, m_sources);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant InstanceTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const catalog::InstanceRecord &r = m_instances[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == Source)
            return m_sources.value(r.type.source).title;
        if (index.column() == ListPrice)
            return tr("Purchase price of one server (on-premises); empty for rented instances.");
        if ((index.column() == Vcpus || index.column() == MemoryGb) &&
            text(index.row(), index.column()) == QLatin1String("—"))
            return tr("Not known");
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= GpuCount && index.column() <= Prices)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case IdRole:
        return r.id;
    default:
        return {};
    }
}

QVariant InstanceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case Provider:
        return tr("Provider");
    case Name:
        return tr("Instance type");
    case Gpu:
        return tr("GPU");
    case GpuCount:
        return tr("GPUs");
    case Vcpus:
        return tr("vCPUs");
    case MemoryGb:
        return tr("Memory (GB)");
    case ListPrice:
        return tr("List price (USD)");
    case Prices:
        return tr("Price observations");
    case Source:
        return tr("Source");
    case ColumnCount:
        break;
    }
    return {};
}

bool InstanceTableModel::rowMatches(int row, const CatalogFilter &filter) const
{
    const catalog::InstanceType &t = m_instances[row].type;
    if (!filter.provider.isEmpty() && t.provider != filter.provider)
        return false;
    if (filter.text.isEmpty())
        return true;
    for (int column : {Provider, Name, Gpu, Source})
        if (text(row, column).contains(filter.text, Qt::CaseInsensitive))
            return true;
    return false;
}

bool InstanceTableModel::rowLessThan(int column, int left, int right) const
{
    const catalog::InstanceRecord &a = m_instances[left];
    const catalog::InstanceRecord &b = m_instances[right];
    switch (static_cast<Column>(column)) {
    case GpuCount:
        return a.type.gpuCount < b.type.gpuCount;
    case Vcpus:
        return a.type.vcpus < b.type.vcpus;
    case MemoryGb:
        return a.type.memoryGb < b.type.memoryGb;
    case ListPrice:
        return a.listPrice.value_or(0) < b.listPrice.value_or(0);
    case Prices:
        return m_priceCounts.value(a.id) < m_priceCounts.value(b.id);
    default:
        return QString::localeAwareCompare(text(left, column), text(right, column)) < 0;
    }
}

} // namespace mltco::ui

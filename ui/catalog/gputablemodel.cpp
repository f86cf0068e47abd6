#include "ui/catalog/gputablemodel.h"

#include "ui/catalog/recordrows.h"

#include "ui/catalog/catalogformat.h"

namespace mltco::ui {

GpuTableModel::GpuTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void GpuTableModel::reset(QList<catalog::GpuRecord> gpus, const QList<catalog::InstanceRecord> &instances,
                          QHash<QString, catalog::Source> sources)
{
    beginResetModel();
    m_gpus = std::move(gpus);
    m_sources = std::move(sources);
    m_instanceCounts.clear();
    m_providers.clear();
    for (const catalog::InstanceRecord &i : instances) {
        if (i.type.gpu.isEmpty())
            continue;
        ++m_instanceCounts[i.type.gpu];
        m_providers[i.type.gpu].insert(i.type.provider);
    }
    endResetModel();
}

const catalog::GpuRecord *GpuTableModel::record(int row) const
{
    return recordAt(m_gpus, row);
}

int GpuTableModel::rowOfId(qint64 id) const
{
    return rowWithId(m_gpus, id);
}

int GpuTableModel::instanceCount(int row) const
{
    const catalog::GpuRecord *r = record(row);
    return r ? m_instanceCounts.value(r->gpu.name) : 0;
}

int GpuTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_gpus.size());
}

int GpuTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString GpuTableModel::text(int row, int column) const
{
    const catalog::Gpu &g = m_gpus[row].gpu;
    switch (static_cast<Column>(column)) {
    case Name:
        return g.name;
    case Vendor:
        return g.vendor;
    case Architecture:
        return g.architecture;
    case Year:
        return g.year > 0 ? QString::number(g.year) : QStringLiteral("—");
    case MemoryGb:
        return g.memoryGb > 0 ? catalogtext::number(g.memoryGb) : QStringLiteral("—");
    case TdpW:
        return g.tdpW > 0 ? catalogtext::number(g.tdpW) : QStringLiteral("—");
    case Speedup:
        return g.speedup ? QStringLiteral("%1×").arg(catalogtext::number(*g.speedup)) : QStringLiteral("—");
    case Tf32: {
        const QStringList list = figures(row, true);
        return list.isEmpty() ? tr("n/a (none recorded)") : list.join(QStringLiteral("; "));
    }
    case OtherThroughput: {
        const QStringList list = figures(row, false);
        return list.isEmpty() ? tr("none recorded") : list.join(QStringLiteral("; "));
    }
    case InstanceTypes:
        return QString::number(m_instanceCounts.value(g.name));
    case Source:
        return catalogtext::sourceLabel(g.source, m_sources);
    case ColumnCount:
        break;
    }
    return {};
}

QStringList GpuTableModel::figures(int row, bool tf32) const
{
    QStringList out;
    if (!tf32) {
        for (const catalog::ThroughputFigure &f : m_gpus[row].gpu.throughput)
            if (!f.metric.startsWith(QLatin1String("tf32")))
                out << catalogtext::figureText(f, m_sources);
        return out;
    }
    // TF32 figures grouped by source and node size: "dense 156, sparse 312 (datasheet)", "8-GPU node:
    // sparse 2,200 (hardware-perspective-2025)"; the column header already says TF32 and TFLOPS.
    QList<std::pair<QString, int>> groups;
    QHash<QString, QStringList> values;
    for (const catalog::ThroughputFigure &f : m_gpus[row].gpu.throughput) {
        if (!f.metric.startsWith(QLatin1String("tf32")))
            continue;
        const QString key = f.source + QChar(0x1f) + QString::number(f.gpuCount);
        if (!values.contains(key))
            groups.append({key, f.gpuCount});
        values[key] << QStringLiteral("%1 %2").arg(f.metric.section(QLatin1Char('_'), 1),
                                                   catalogtext::number(f.tflops));
    }
    for (const auto &[key, count] : groups) {
        const QString source = key.section(QChar(0x1f), 0, 0);
        const QString from = m_sources.value(source).kind == QLatin1String("datasheet")
                                 ? QStringLiteral("datasheet")
                                 : catalogtext::sourceLabel(source, m_sources);
        const QString list = values.value(key).join(QStringLiteral(", "));
        out << (count > 1 ? QStringLiteral("%1-GPU node: %2 (%3)").arg(count).arg(list, from)
                          : QStringLiteral("%1 (%2)").arg(list, from));
    }
    return out;
}

QVariant GpuTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const catalog::GpuRecord &r = m_gpus[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == Tf32 || index.column() == OtherThroughput) {
            QStringList all;
            for (const catalog::ThroughputFigure &f : r.gpu.throughput)
                all << catalogtext::figureText(f, m_sources);
            if (index.column() == Tf32 && figures(index.row(), true).isEmpty())
                all.prepend(tr("No TF32 figure is recorded for this GPU: its $ per TFLOPS shows n/a."));
            return all.join(QLatin1Char('\n'));
        }
        if (index.column() == Source)
            return m_sources.value(r.gpu.source).title;
        if (index.column() == Speedup)
            return tr("Reference GPU-hours one hour of this GPU does (V100 16GB = 1×); empty when no source gives it.");
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= Year && index.column() <= Speedup)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        if (index.column() == InstanceTypes)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case IdRole:
        return r.id;
    default:
        return {};
    }
}

QVariant GpuTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case Name:
        return tr("GPU");
    case Vendor:
        return tr("Vendor");
    case Architecture:
        return tr("Architecture");
    case Year:
        return tr("Year");
    case MemoryGb:
        return tr("Memory (GB)");
    case TdpW:
        return tr("TDP (W)");
    case Speedup:
        return tr("Speedup (× V100)");
    case Tf32:
        return tr("TF32 (TFLOPS per GPU unless a node is named)");
    case OtherThroughput:
        return tr("Other throughput (TFLOPS)");
    case InstanceTypes:
        return tr("Instance types");
    case Source:
        return tr("Source");
    case ColumnCount:
        break;
    }
    return {};
}

bool GpuTableModel::rowMatches(int row, const CatalogFilter &filter) const
{
    const catalog::Gpu &g = m_gpus[row].gpu;
    if (!filter.provider.isEmpty() && !m_providers.value(g.name).contains(filter.provider))
        return false;
    if (filter.text.isEmpty())
        return true;
    for (int column : {Name, Vendor, Architecture, Tf32, OtherThroughput, Source})
        if (text(row, column).contains(filter.text, Qt::CaseInsensitive))
            return true;
    return false;
}

bool GpuTableModel::rowLessThan(int column, int left, int right) const
{
    const catalog::Gpu &a = m_gpus[left].gpu;
    const catalog::Gpu &b = m_gpus[right].gpu;
    switch (static_cast<Column>(column)) {
    case Year:
        return a.year < b.year;
    case MemoryGb:
        return a.memoryGb < b.memoryGb;
    case TdpW:
        return a.tdpW < b.tdpW;
    case Speedup:
        return a.speedup.value_or(0) < b.speedup.value_or(0);
    case InstanceTypes:
        return m_instanceCounts.value(a.name) < m_instanceCounts.value(b.name);
    default:
        return QString::localeAwareCompare(text(left, column), text(right, column)) < 0;
    }
}

} // namespace mltco::ui

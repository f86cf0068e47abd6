#pragma once

#include "models/catalog/catalogeditor.h"
#include "ui/catalog/catalogfilterproxy.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>

namespace mltco::ui {

/// The catalog's GPU models with their throughput figures, one row per GPU.
class GpuTableModel final : public QAbstractTableModel, public FilterableRows
{
    Q_OBJECT

public:
    enum Column {
        Name,
        Vendor,
        Architecture,
        Year,
        MemoryGb,
        TdpW,
        Speedup,
        Tf32,
        OtherThroughput,
        InstanceTypes,
        Source,
        ColumnCount
    };
    static constexpr int IdRole = Qt::UserRole + 1;

    explicit GpuTableModel(QObject *parent = nullptr);

    /// `instances` tell which providers offer each GPU (for the provider filter) and how many types use it.
    void reset(QList<catalog::GpuRecord> gpus, const QList<catalog::InstanceRecord> &instances,
               QHash<QString, catalog::Source> sources);
    const catalog::GpuRecord *record(int row) const;
    int rowOfId(qint64 id) const;
    int instanceCount(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    bool rowMatches(int row, const CatalogFilter &filter) const override;
    bool rowLessThan(int column, int left, int right) const override;

private:
    QString text(int row, int column) const;
    QStringList figures(int row, bool tf32) const;

    QList<catalog::GpuRecord> m_gpus;
    QHash<QString, int> m_instanceCounts;
    QHash<QString, QSet<QString>> m_providers;
    QHash<QString, catalog::Source> m_sources;
};

} // namespace mltco::ui

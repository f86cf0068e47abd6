#pragma once

#include "models/catalog/catalogeditor.h"
#include "ui/catalog/catalogfilterproxy.h"

#include <QAbstractTableModel>
#include <QHash>

namespace mltco::ui {

/// The catalog's instance types (what a provider rents or a buyer owns), one row each.
class InstanceTableModel final : public QAbstractTableModel, public FilterableRows
{
    Q_OBJECT

public:
    enum Column { Provider, Name, Gpu, GpuCount, Vcpus, MemoryGb, ListPrice, Prices, Source, ColumnCount };
    static constexpr int IdRole = Qt::UserRole + 1;

    explicit InstanceTableModel(QObject *parent = nullptr);

    void reset(QList<catalog::InstanceRecord> instances, QHash<qint64, int> priceCounts,
               QHash<QString, catalog::Source> sources);
    const catalog::InstanceRecord *record(int row) const;
    const QList<catalog::InstanceRecord> &records() const { return m_instances; }
    int rowOfId(qint64 id) const;
    int priceCount(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    bool rowMatches(int row, const CatalogFilter &filter) const override;
    bool rowLessThan(int column, int left, int right) const override;

private:
    QString text(int row, int column) const;

    QList<catalog::InstanceRecord> m_instances;
    QHash<qint64, int> m_priceCounts;
    QHash<QString, catalog::Source> m_sources;
};

} // namespace mltco::ui

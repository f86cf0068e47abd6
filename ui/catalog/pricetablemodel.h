#pragma once

#include "models/catalog/catalogeditor.h"
#include "ui/catalog/catalogfilterproxy.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>

namespace mltco::ui {

/// The price history: every observation, one row each. Rows are added and removed in place after an
/// edit or an import (a catalog may hold a million observations; reloading them all would stall).
class PriceTableModel final : public QAbstractTableModel, public FilterableRows
{
    Q_OBJECT

public:
    enum Column { Provider, Instance, Region, Zone, Pricing, PerHour, Quoted, ObservedAt, Source, Note, ColumnCount };
    static constexpr int IdRole = Qt::UserRole + 1;

    explicit PriceTableModel(QObject *parent = nullptr);

    void reset(QList<catalog::PriceRecord> prices, QHash<QString, catalog::Source> sources);
    /// New sources must be known before rows citing them are appended.
    void setSources(QHash<QString, catalog::Source> sources);
    void append(QList<catalog::PriceRecord> prices);
    void removeIds(const QSet<qint64> &ids);
    const catalog::PriceRecord *record(int row) const;
    int rowOfId(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    bool rowMatches(int row, const CatalogFilter &filter) const override;
    bool rowLessThan(int column, int left, int right) const override;
    void prepareSort(int column) override;

private:
    QString text(int row, int column) const;
    /// The stored string a text column shows (strings repeat: one copy per distinct value).
    const QString *field(int row, int column) const;
    QString shown(int column, const QString &field) const;
    void rowsChanged();

    QList<catalog::PriceRecord> m_prices;
    QHash<QString, catalog::Source> m_sources;
    QHash<QString, QString> m_sourceLabels; ///< key -> label, computed once per source
    // Searching and sorting a million rows look at each distinct string once, not once per row.
    int m_sortColumn = -1;
    QList<double> m_sortKeys; ///< per row, for m_sortColumn
    mutable QString m_matchText;
    mutable QHash<const void *, bool> m_matches[ColumnCount];
};

} // namespace mltco::ui

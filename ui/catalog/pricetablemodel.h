#pragma once

#include "models/catalog/catalogeditor.h"
#include "models/catalog/pricequery.h"
#include "ui/catalog/catalogfilterproxy.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSqlDatabase>

#include <deque>
#include <optional>
#include <vector>

namespace mltco::ui {

/// The price history, read lazily: the model holds the row ids of the observations its query matches (8 bytes a
/// row) and reads the rows themselves a page at a time as the view shows them, keeping the last few pages. SQLite
/// filters and sorts (catalog::PriceQuery), so a document of a million observations opens, scrolls, searches and
/// sorts without ever being in memory.
class PriceTableModel final : public QAbstractTableModel, public FilterableRows
{
    Q_OBJECT

public:
    enum Column { Provider, Instance, Region, Zone, Pricing, PerHour, Quoted, ObservedAt, Source, Note, ColumnCount };
    static constexpr int IdRole = Qt::UserRole + 1;
    static constexpr int kPageRows = 256;
    static constexpr std::size_t kPagesKept = 64;

    explicit PriceTableModel(QObject *parent = nullptr);

    /// The connection rows are read through (the GUI thread's own).
    void setDatabase(const QSqlDatabase &db);
    void setSources(QHash<QString, catalog::Source> sources);

    const catalog::PriceQuery &query() const { return m_query; }
    /// Shows these rows: the ids readPriceIds() gives for query(), read on this thread or a worker's.
    void setIds(std::vector<qint64> ids);
    /// Reads the ids of query() again, on this thread (after an edit, an import, or another program's write).
    void reload();
    /// The query changes (a filter or a sort): the model reads its ids again, here and now.
    void setQuery(const catalog::PriceQuery &query);

    /// Every observation of the document, matching or not (counted by SQLite, not read).
    qint64 totalCount() const;
    std::optional<catalog::PriceRecord> record(int row) const;
    int rowOfId(qint64 id) const;
    /// "the document is damaged: …" when the last read failed, else empty.
    QString readError() const { return m_readError; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // FilterableRows: this model filters and sorts itself, in SQL.
    bool filtersItself() const override { return true; }
    void applyFilter(const CatalogFilter &filter) override;
    void applySort(int column, Qt::SortOrder order) override;
    bool rowMatches(int, const CatalogFilter &) const override { return true; }
    bool rowLessThan(int, int left, int right) const override { return left < right; }

signals:
    /// A read failed ("the document is damaged: …"): the rows it could not read show as empty, never as others.
    void readFailed(const QString &message) const;

private:
    void reportFailure(const QString &message) const;

    const catalog::PriceRecord *fetch(int row) const;
    QString text(const catalog::PriceRecord &r, int column) const;

    QSqlDatabase m_db;
    catalog::PriceQuery m_query;
    std::vector<qint64> m_ids;
    QHash<QString, catalog::Source> m_sources;
    QHash<QString, QString> m_sourceLabels; ///< key -> label, computed once per source
    mutable QString m_readError;
    mutable qint64 m_total = -1; ///< totalCount(), until the next reset
    // The pages read last (page number -> its rows in the order of m_ids; a row deleted meanwhile is absent).
    mutable QHash<int, std::vector<std::optional<catalog::PriceRecord>>> m_pages;
    mutable std::deque<int> m_pageOrder;
};

} // namespace mltco::ui

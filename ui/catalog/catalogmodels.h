#pragma once

#include "models/catalog/catalogeditor.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

namespace mltco::ui {

class PlanEditor;
class GpuTableModel;
class InstanceTableModel;
class PriceTableModel;

/// The catalog page's three table models over the open document, and the one place that brings
/// them up to date after a write (an edit, its undo or redo, an import) and re-evaluates the plan.
class CatalogModels final : public QObject
{
    Q_OBJECT

public:
    explicit CatalogModels(PlanEditor *editor, QObject *parent = nullptr);
    ~CatalogModels() override;

    PlanEditor *planEditor() const { return m_editor; }
    catalog::CatalogEditor catalogEditor() const;
    GpuTableModel *gpus() const { return m_gpus; }
    InstanceTableModel *instances() const { return m_instances; }
    PriceTableModel *prices() const { return m_prices; }
    const QHash<QString, catalog::Source> &sources() const { return m_sources; }
    const QList<catalog::Provider> &providers() const { return m_providers; }

    /// Reads everything again. Which prices match the price table's query is read on a worker thread when the
    /// history is large (over kForegroundPrices rows); pricesLoading() is true until the answer arrives.
    void reload();
    bool pricesLoading() const { return m_loading; }
    static constexpr qint64 kForegroundPrices = 100000;

    // After a write: refresh what it touched, then re-evaluate the plan so every page follows.
    void gpusChanged();
    void instancesChanged(bool namesChanged);
    void pricesAdded(const QList<qint64> &ids);
    void pricesRemoved(const QSet<qint64> &ids);
    void imported();

    /// Reads the whole document again, as when another program changed it: after a team store's connection was made
    /// anew, whose changes meanwhile sent no notice.
    void readAgain();

    /// An undo or redo that could not be carried out: says why (the page shows it).
    void reportFailure(const QString &message);

signals:
    void changed();
    /// Another program, or a colleague on the team store, changed the document (its catalog, rates or bills).
    void changedOutside();
    void failure(const QString &message);

private:
    /// Every this many milliseconds the document is asked whether another program changed it.
    static constexpr int kWatchIntervalMs = 1500;
    qint64 dataVersion() const;
    void checkOutsideChanges();

    void reloadSmallTables();
    void reloadPrices();
    void pricesChanged();
    void pricesArrived();
    void finish();

    PlanEditor *m_editor;
    GpuTableModel *m_gpus;
    InstanceTableModel *m_instances;
    PriceTableModel *m_prices;
    QHash<QString, catalog::Source> m_sources;
    QList<catalog::Provider> m_providers;
    QFutureWatcher<Expected<std::vector<qint64>>> m_loader;
    bool m_loading = false;
    QTimer m_watch;
    qint64 m_dataVersion = -1;
    qint64 m_planVersion = -1;  ///< a team store's plan changes by others; -1 for a file (not told apart)
    bool m_reloadAgain = false; ///< the prices changed while they were being read
};

} // namespace mltco::ui

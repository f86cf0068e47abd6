#include "ui/catalog/catalogmodels.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/pricequery.h"
#include "models/store/dialect.h"
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "ui/catalog/gputablemodel.h"
#include "ui/catalog/instancetablemodel.h"
#include "ui/catalog/pricetablemodel.h"
#include "ui/core/planeditor.h"

#include <QtConcurrent>

namespace mltco::ui {

CatalogModels::CatalogModels(PlanEditor *editor, QObject *parent)
    : QObject(parent), m_editor(editor), m_gpus(new GpuTableModel(this)), m_instances(new InstanceTableModel(this)),
      m_prices(new PriceTableModel(this))
{
    m_prices->setDatabase(editor->document().database());
    connect(m_prices, &PriceTableModel::readFailed, this, &CatalogModels::failure);
    connect(&m_loader, &QFutureWatcher<Expected<std::vector<qint64>>>::finished, this, &CatalogModels::pricesArrived);
    // Another program (mltco-cli, a second window, another user of a team store) may import into the same document:
    // the data version changes only for commits made through other connections, so polling it costs one tiny query
    // (a team store's notifications are counted as they arrive).
    m_dataVersion = dataVersion();
    m_planVersion = store::dialect::dataVersion(editor->document().database(), store::dialect::Changes::Plans);
    m_watch.setInterval(kWatchIntervalMs);
    connect(&m_watch, &QTimer::timeout, this, &CatalogModels::checkOutsideChanges);
    m_watch.start();
}

qint64 CatalogModels::dataVersion() const
{
    return store::dialect::dataVersion(m_editor->document().database());
}

void CatalogModels::readAgain()
{
    m_dataVersion = dataVersion();
    m_planVersion = store::dialect::dataVersion(m_editor->document().database(), store::dialect::Changes::Plans);
    m_editor->followStoredPlan();
    reload();
    m_editor->reevaluate();
    emit changedOutside();
}

void CatalogModels::checkOutsideChanges()
{
    if (m_editor->document().isUnreachable())
        return; // nothing arrives meanwhile; readAgain() once the store answers
    const qint64 now = dataVersion();
    if (now < 0 || now == m_dataVersion || m_loading)
        return;
    // On a team store a colleague's plan edits (one a keystroke) change only the plans: the catalog is not read again.
    const qint64 plans = store::dialect::dataVersion(m_editor->document().database(), store::dialect::Changes::Plans);
    const bool onlyPlans = plans >= 0 && m_planVersion >= 0 && plans - m_planVersion == now - m_dataVersion;
    m_dataVersion = now;
    m_planVersion = plans;
    m_editor->followStoredPlan(); // someone else may have saved the plan
    if (onlyPlans)
        return;
    reload();
    m_editor->reevaluate(); // prices the plan uses may have changed
    emit changedOutside();
}

CatalogModels::~CatalogModels()
{
    m_loader.disconnect(this);
}

catalog::CatalogEditor CatalogModels::catalogEditor() const
{
    return catalog::CatalogEditor(m_editor->document().database());
}

void CatalogModels::reload()
{
    reloadSmallTables();
    reloadPrices();
    emit changed();
}

void CatalogModels::reloadPrices()
{
    if (m_loading) {
        m_reloadAgain = true;
        return;
    }
    m_prices->setSources(m_sources);
    if (catalogEditor().priceCount() <= kForegroundPrices) {
        m_prices->reload();
        return;
    }
    m_loading = true;
    const QString path = m_editor->document().path();
    const catalog::PriceQuery query = m_prices->query();
    m_loader.setFuture(QtConcurrent::run([path, query] { return catalog::readPriceIdsAt(path, query); }));
}

void CatalogModels::pricesArrived()
{
    m_loading = false;
    if (m_reloadAgain) { // an edit landed meanwhile: what arrived may miss it
        m_reloadAgain = false;
        reloadPrices();
        return;
    }
    Expected<std::vector<qint64>> ids = m_loader.result();
    if (!ids)
        emit failure(ids.error().message);
    m_prices->setIds(ids ? std::move(*ids) : std::vector<qint64>());
    emit changed();
}

void CatalogModels::reloadSmallTables()
{
    const catalog::CatalogRepository repo(m_editor->document().database());
    m_sources.clear();
    for (const catalog::Source &s : repo.sources())
        m_sources.insert(s.key, s);
    m_providers = repo.providers();
    const catalog::CatalogEditor editor = catalogEditor();
    const QList<catalog::InstanceRecord> instances = editor.instanceTypes();
    m_gpus->reset(editor.gpus(), instances, m_sources);
    m_instances->reset(instances, editor.priceCounts(), m_sources);
}

void CatalogModels::finish()
{
    m_editor->reevaluate();
    emit changed();
}

void CatalogModels::gpusChanged()
{
    reloadSmallTables();
    finish();
}

void CatalogModels::instancesChanged(bool namesChanged)
{
    reloadSmallTables();
    // Price rows show their instance by name; only a rename needs them read again.
    if (namesChanged)
        reloadPrices();
    finish();
}

// The price table reads which rows match again: where added rows go depends on its order, and its ids of
// removed rows must go.
void CatalogModels::pricesChanged()
{
    reloadSmallTables();
    reloadPrices();
    finish();
}

void CatalogModels::pricesAdded(const QList<qint64> &) { pricesChanged(); }
void CatalogModels::pricesRemoved(const QSet<qint64> &) { pricesChanged(); }
void CatalogModels::imported() { pricesChanged(); }

void CatalogModels::reportFailure(const QString &message)
{
    emit failure(message);
}

} // namespace mltco::ui

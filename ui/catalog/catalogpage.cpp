#include "ui/catalog/catalogpage.h"

#include "models/catalog/catalogrepository.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "ui/catalog/catalogcommands.h"
#include "ui/catalog/catalogfilterproxy.h"
#include "ui/catalog/catalogformat.h"
#include "ui/catalog/catalogmodels.h"
#include "ui/catalog/gpudialog.h"
#include "ui/catalog/gputablemodel.h"
#include "ui/catalog/ratesview.h"
#include "ui/catalog/updatepricesdialog.h"
#include "models/fetch/priceupdate.h"
#include "ui/catalog/importdialog.h"
#include "ui/catalog/instancedialog.h"
#include "ui/catalog/instancetablemodel.h"
#include "ui/catalog/pricedialog.h"
#include "ui/catalog/pricetablemodel.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QTabWidget>
#include <QTableWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace mltco::ui {

using catalog::CatalogTable;

CatalogPage::CatalogPage(PlanEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_models(new CatalogModels(editor, this)),
      m_priceProxy(new CatalogFilterProxy(this)), m_instanceProxy(new CatalogFilterProxy(this)),
      m_gpuProxy(new CatalogFilterProxy(this)), m_searchDelay(new QTimer(this))
{
    m_priceProxy->setSourceModel(m_models->prices());
    m_instanceProxy->setSourceModel(m_models->instances());
    m_gpuProxy->setSourceModel(m_models->gpus());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(20, 16, 20, 12);
    auto *title = new QLabel(tr("Catalog"), this);
    title->setStyleSheet(QStringLiteral("font-size: 17pt; font-weight: 600;"));
    auto *subtitle = new QLabel(tr("The prices, instance types and GPUs every plan reads from. Prices are dated "
                                   "observations with their source; a plan uses the latest one on or before its date."),
                                this);
    subtitle->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    subtitle->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(subtitle);

    buildFilters();
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 2);
    filters->addWidget(m_providerFilter, 1);
    filters->addWidget(m_pricingFilter, 1);
    filters->addStretch(1);
    auto *importButton = new QPushButton(tr("Import price file…"), this);
    importButton->setObjectName(QStringLiteral("importButton"));
    importButton->setToolTip(tr("Import a generic price CSV or a SkyPilot vms.csv (File › Import price catalog…)."));
    connect(importButton, &QPushButton::clicked, this, &CatalogPage::startImport);
    filters->addWidget(importButton);
    layout->addLayout(filters);

    m_messageBar = new QFrame(this);
    m_messageBar->setObjectName(QStringLiteral("catalogMessageBar"));
    auto *barLayout = new QHBoxLayout(m_messageBar);
    barLayout->setContentsMargins(10, 6, 6, 6);
    m_message = new QLabel(m_messageBar);
    m_message->setObjectName(QStringLiteral("catalogMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *closeMessage = new QToolButton(m_messageBar);
    closeMessage->setText(QStringLiteral("✕"));
    closeMessage->setAutoRaise(true);
    closeMessage->setToolTip(tr("Dismiss"));
    connect(closeMessage, &QToolButton::clicked, m_messageBar, &QWidget::hide);
    barLayout->addWidget(m_message, 1);
    barLayout->addWidget(closeMessage, 0, Qt::AlignTop);
    m_messageBar->hide();
    layout->addWidget(m_messageBar);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("catalogTabs"));
    m_tabs->setAccessibleName(tr("Catalog tables"));
    m_priceTable = makeTable("priceTable", m_priceProxy);
    m_priceTable->setAccessibleName(tr("Prices"));
    m_priceTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_instanceTable = makeTable("instanceTable", m_instanceProxy);
    m_instanceTable->setAccessibleName(tr("Instance types"));
    m_gpuTable = makeTable("gpuTable", m_gpuProxy);
    m_gpuTable->setAccessibleName(tr("GPUs and throughput"));
    m_gpuTable->setWordWrap(false);
    m_tabs->addTab(m_priceTable, QString());
    m_tabs->addTab(m_instanceTable, QString());
    m_tabs->addTab(m_gpuTable, QString());
    m_rates = new RatesView(m_editor, this);
    m_tabs->addTab(m_rates, tr("Exchange rates"));
    m_imports = new QTableWidget(0, 8, this);
    m_imports->setObjectName(QStringLiteral("importsTable"));
    m_imports->setAccessibleName(tr("Imports"));
    m_imports->setHorizontalHeaderLabels({tr("Id"), tr("Format"), tr("From (address or file)"), tr("Prices of"),
                                          tr("Imported (UTC)"), tr("Rows"), tr("SHA-256"), tr("Server's ETag")});
    m_imports->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_imports->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_imports->verticalHeader()->hide();
    m_imports->setWordWrap(false);
    m_imports->setTextElideMode(Qt::ElideMiddle);
    m_imports->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_tabs->addTab(m_imports, tr("Imports"));
    layout->addWidget(m_tabs, 1);

    auto *actions = new QHBoxLayout;
    const auto button = [this, actions](const QString &text, const char *name, void (CatalogPage::*slot)()) {
        auto *b = new QPushButton(text, this);
        b->setObjectName(QLatin1String(name));
        connect(b, &QPushButton::clicked, this, slot);
        actions->addWidget(b);
        return b;
    };
    QPushButton *addPriceButton = button(tr("Add price…"), "addPriceButton", &CatalogPage::addPrice);
    QPushButton *addInstanceButton = button(tr("Add instance type…"), "addInstanceButton", &CatalogPage::addInstanceType);
    QPushButton *addGpuButton = button(tr("Add GPU…"), "addGpuButton", &CatalogPage::addGpu);
    actions->addSpacing(16);
    m_editButton = button(tr("Edit…"), "editButton", &CatalogPage::editCurrent);
    m_deleteButton = button(tr("Delete"), "deleteButton", &CatalogPage::deleteSelected);
    if (m_editor->isReadOnly()) {
        // Nothing here may write: the buttons say why instead of failing later.
        const QString why = tr("The document is read-only (%1).").arg(m_editor->document().readOnlyReason());
        for (QPushButton *b : {importButton, addPriceButton, addInstanceButton, addGpuButton}) {
            b->setEnabled(false);
            b->setToolTip(why);
        }
    }
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("catalogHint"));
    m_hint->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_hint->setWordWrap(true);
    actions->addSpacing(16);
    actions->addWidget(m_hint, 1);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("catalogCount"));
    m_count->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    actions->addWidget(m_count);
    layout->addLayout(actions);

    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(200);
    connect(m_searchDelay, &QTimer::timeout, this, &CatalogPage::applyFilter);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_providerFilter, &QComboBox::currentIndexChanged, this, &CatalogPage::applyFilter);
    connect(m_pricingFilter, &QComboBox::currentIndexChanged, this, &CatalogPage::applyFilter);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (currentTab() == ImportsTab)
            fillImports();
        updateCounts();
        updateButtons();
    });
    connect(m_models, &CatalogModels::changed, this, [this] {
        buildFilters();
        if (currentTab() == ImportsTab)
            fillImports();
        updateCounts();
        updateButtons();
    });
    connect(m_models, &CatalogModels::failure, this, [this](const QString &m) { showMessage(m, true); });
    // Rates a colleague imports into the team store (or another program into the file) appear without a restart.
    connect(m_models, &CatalogModels::changedOutside, m_rates, &RatesView::refresh);
    for (CatalogFilterProxy *proxy : {m_priceProxy, m_instanceProxy, m_gpuProxy}) {
        connect(proxy, &QAbstractItemModel::rowsInserted, this, &CatalogPage::updateCounts);
        connect(proxy, &QAbstractItemModel::rowsRemoved, this, &CatalogPage::updateCounts);
        connect(proxy, &QAbstractItemModel::modelReset, this, &CatalogPage::updateCounts);
        connect(proxy, &QAbstractItemModel::layoutChanged, this, &CatalogPage::updateCounts);
    }

    updateButtons();
}

CatalogPage::~CatalogPage() = default;

void CatalogPage::ensureLoaded() const
{
    // The catalog is read when the page is first shown (or its models first asked for): a document of a million prices
    // opens its window without waiting for them (docs/benchmarks.md, Scale).
    if (m_loaded)
        return;
    m_loaded = true;
    m_models->reload();
    // Small tables read best in name order; the price history keeps the order it was recorded in
    // (sorting a million observations on start-up would stall the window).
    m_gpuTable->sortByColumn(GpuTableModel::Name, Qt::AscendingOrder);
    m_instanceTable->sortByColumn(InstanceTableModel::Provider, Qt::AscendingOrder);
    m_gpuTable->resizeColumnsToContents();
    m_gpuTable->setColumnWidth(GpuTableModel::OtherThroughput, 330);
    m_instanceTable->resizeColumnsToContents();
    const QList<int> priceWidths{90, 190, 110, 80, 120, 120, 150, 90, 170};
    for (int c = 0; c < priceWidths.size(); ++c)
        m_priceTable->setColumnWidth(c, priceWidths[c]);
}

void CatalogPage::showEvent(QShowEvent *event)
{
    ensureLoaded();
    QWidget::showEvent(event);
}

QTableView *CatalogPage::makeTable(const char *name, CatalogFilterProxy *proxy)
{
    auto *table = new QTableView(this);
    table->setTabKeyNavigation(false); // Tab leaves the table; arrows move between cells
    table->setObjectName(QLatin1String(name));
    table->setModel(proxy);
    // No sort until the user clicks a header: enabling sorting would otherwise sort at once (the
    // header's default is column 0, descending), a long stall on a million observations.
    table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    table->setSortingEnabled(true);
    table->setAlternatingRowColors(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setHighlightSections(false);
    connect(table, &QTableView::doubleClicked, this, &CatalogPage::editCurrent);
    connect(table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CatalogPage::updateButtons);
    return table;
}

void CatalogPage::buildFilters()
{
    if (!m_search) {
        m_search = new QLineEdit(this);
        m_search->setObjectName(QStringLiteral("catalogSearch"));
        m_search->setAccessibleName(tr("Search the catalog"));
        m_search->setPlaceholderText(tr("Search provider, instance type, GPU, region, source, note…"));
        m_search->setClearButtonEnabled(true);
        m_providerFilter = new QComboBox(this);
        m_providerFilter->setObjectName(QStringLiteral("providerFilter"));
        m_providerFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        m_pricingFilter = new QComboBox(this);
        m_pricingFilter->setObjectName(QStringLiteral("pricingFilter"));
        m_pricingFilter->addItem(tr("All pricing models"), QString());
        for (const QString &key : catalog::pricingModelKeys())
            m_pricingFilter->addItem(catalogtext::pricingLabel(*catalog::pricingModelFromKey(key)), key);
    }
    // Providers come and go with imports; keep the user's choice while it still exists.
    const QString current = m_providerFilter->currentData().toString();
    const QSignalBlocker block(m_providerFilter);
    m_providerFilter->clear();
    m_providerFilter->addItem(tr("All providers"), QString());
    for (const catalog::Provider &p : m_models->providers())
        m_providerFilter->addItem(
            p.displayName.isEmpty() ? p.name : QStringLiteral("%1 (%2)").arg(p.displayName, p.name), p.name);
    m_providerFilter->setCurrentIndex(std::max(0, m_providerFilter->findData(current)));
}

void CatalogPage::applyFilter()
{
    CatalogFilter filter;
    filter.text = m_search->text().trimmed();
    filter.provider = m_providerFilter->currentData().toString();
    filter.pricing = catalog::pricingModelFromKey(m_pricingFilter->currentData().toString());
    for (CatalogFilterProxy *proxy : {m_priceProxy, m_instanceProxy, m_gpuProxy})
        proxy->setFilter(filter);
    updateCounts();
}

void CatalogPage::updateCounts()
{
    const auto title = [](const QString &name, int shown, int total) {
        return shown == total
                   ? QStringLiteral("%1 (%2)").arg(name, report::grouped(total, 0))
                   : QStringLiteral("%1 (%2 of %3)").arg(name, report::grouped(shown, 0), report::grouped(total, 0));
    };
    m_tabs->setTabText(PricesTab, m_models->pricesLoading() ? tr("Price history (loading…)")
                                                            : title(tr("Price history"), m_priceProxy->rowCount(),
                                                                    static_cast<int>(m_models->prices()->totalCount())));
    m_tabs->setTabText(InstancesTab,
                       title(tr("Instance types"), m_instanceProxy->rowCount(), m_models->instances()->rowCount()));
    m_tabs->setTabText(GpusTab, title(tr("GPUs and throughput"), m_gpuProxy->rowCount(), m_models->gpus()->rowCount()));
    if (!onTableTab()) {
        m_count->clear();
        return;
    }
    const QAbstractItemModel *shown = currentTable()->model();
    const QAbstractItemModel *all = static_cast<CatalogFilterProxy *>(currentTable()->model())->sourceModel();
    m_count->setText(
        tr("Showing %1 of %2").arg(report::grouped(shown->rowCount(), 0), report::grouped(all->rowCount(), 0)));
}

void CatalogPage::updateButtons()
{
    // The search and filters, and edit and delete, act on the three tables; the rates tab has its own controls.
    const bool table = onTableTab();
    for (QWidget *w : {static_cast<QWidget *>(m_search), static_cast<QWidget *>(m_providerFilter),
                       static_cast<QWidget *>(m_pricingFilter)})
        w->setEnabled(table);
    const int selected = table ? static_cast<int>(selectedSourceRows(currentTable()).size()) : 0;
    m_editButton->setEnabled(selected == 1 && !m_editor->isReadOnly());
    m_deleteButton->setEnabled(selected >= 1 && !m_editor->isReadOnly());
    switch (currentTab()) {
    case ImportsTab:
        m_editButton->setText(tr("Edit…"));
        m_editButton->setToolTip(tr("An import is a record of where prices came from; it is never edited."));
        m_hint->setText(tr("Every import, oldest first: the file's name, or the address it was fetched from "
                           "(Catalog › Update prices…) with the server's ETag and the SHA-256 of the bytes."));
        break;
    case RatesTab:
        m_editButton->setText(tr("Edit…"));
        m_editButton->setToolTip(tr("Exchange rates are added or imported, never edited in place."));
        m_hint->setText(tr("Rates in units per 1 EUR, the European Central Bank's layout; a rate typed in keeps its "
                           "source."));
        break;
    case PricesTab:
        m_editButton->setText(tr("New observation…"));
        m_editButton->setToolTip(tr("Prices are never changed in place: this adds a new observation of the selected "
                                    "price; the earlier one stays in the history."));
        m_hint->setText(tr("Prices are observations: a new price is a new row, nothing is overwritten. Missing "
                           "prices read “missing”, never $0."));
        break;
    case InstancesTab:
        m_editButton->setText(tr("Edit…"));
        m_editButton->setToolTip(QString());
        m_hint->setText(tr("An instance type with prices cannot be deleted until its prices are."));
        break;
    case GpusTab:
        m_editButton->setText(tr("Edit…"));
        m_editButton->setToolTip(QString());
        m_hint->setText(tr("Throughput figures keep their source; a GPU that instance types use cannot be deleted."));
        break;
    }
}

void CatalogPage::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_messageBar->setStyleSheet(
        error ? QStringLiteral("#catalogMessageBar { background: %1; border: 1px solid %2; }")
                    .arg(theme::css(theme::Role::BadBackground), theme::css(theme::Role::BadBorder))
              : QStringLiteral("#catalogMessageBar { background: %1; border: 1px solid %2; }")
                    .arg(theme::css(theme::Role::InfoBackground), theme::css(theme::Role::InfoBorder)));
    m_messageBar->show();
}

CatalogPage::Tab CatalogPage::currentTab() const
{
    return static_cast<Tab>(m_tabs->currentIndex());
}

QTableView *CatalogPage::currentTable() const
{
    switch (currentTab()) {
    case InstancesTab:
        return m_instanceTable;
    case GpusTab:
        return m_gpuTable;
    case PricesTab:
    case RatesTab:
    case ImportsTab:
        break;
    }
    return m_priceTable;
}

QList<int> CatalogPage::selectedSourceRows(QTableView *table) const
{
    QList<int> rows;
    const auto *proxy = static_cast<CatalogFilterProxy *>(table->model());
    for (const QModelIndex &index : table->selectionModel()->selectedRows())
        rows << proxy->mapToSource(index).row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void CatalogPage::selectId(QTableView *table, qint64 id)
{
    const auto *proxy = static_cast<CatalogFilterProxy *>(table->model());
    const QAbstractItemModel *source = proxy->sourceModel();
    if (const auto *prices = qobject_cast<const PriceTableModel *>(source)) {
        // The price history finds the row among its ids (reading every row to ask would read them all).
        const QModelIndex shown = proxy->mapFromSource(prices->index(prices->rowOfId(id), 0));
        if (shown.isValid()) {
            table->selectionModel()->setCurrentIndex(shown, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            table->scrollTo(shown);
        }
        return;
    }
    for (int row = source->rowCount() - 1; row >= 0; --row) {
        const QModelIndex index = source->index(row, 0);
        if (index.data(PriceTableModel::IdRole).toLongLong() != id)
            continue;
        const QModelIndex shown = proxy->mapFromSource(index);
        if (shown.isValid()) {
            table->selectionModel()->setCurrentIndex(shown,
                                                     QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            table->scrollTo(shown);
        }
        return;
    }
}

QHash<QString, QString> CatalogPage::instancesUsedByPlan() const
{
    QHash<QString, QString> used;
    for (const tco::PlanScenario &s : m_editor->plan().scenarios)
        if (s.instance && !used.contains(InstanceDialog::key(s.instance->provider, s.instance->name)))
            used.insert(InstanceDialog::key(s.instance->provider, s.instance->name), s.name);
    return used;
}

void CatalogPage::startRatesImport()
{
    ensureLoaded();
    m_tabs->setCurrentWidget(m_rates);
    m_rates->importWithDialog();
}

void CatalogPage::startImport()
{
    ensureLoaded();
    if (Status s = m_editor->document().checkWritable(tr("import into")); !s)
        return showMessage(s.error().message, true);
    if (!m_importDialog) {
        m_importDialog = new ImportDialog(m_models, this);
        m_importDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_importDialog->show();
    m_importDialog->raise();
    m_importDialog->activateWindow();
}

void CatalogPage::fillImports()
{
    std::vector<fetch::ImportRecord> records;
    const Status read = fetch::visitImports(m_editor->document().database(), [&records](const fetch::ImportRecord &r) {
        records.push_back(r);
        return true;
    });
    if (!read)
        showMessage(tr("The imports could not be read: %1").arg(read.error().message), true);
    m_imports->setRowCount(static_cast<int>(records.size()));
    const QLocale locale;
    for (int row = 0; row < m_imports->rowCount(); ++row) {
        const fetch::ImportRecord &r = records[static_cast<std::size_t>(row)];
        const QStringList cells = {QString::number(r.id), r.format, r.origin, r.observedAt,
                                   QString(r.importedAt).replace(QLatin1Char('T'), QLatin1Char(' ')).remove(QLatin1Char('Z')),
                                   locale.toString(r.rows), r.sha256.left(16) + QStringLiteral("…"), r.etag};
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            if (column == 2 || column == 6)
                item->setToolTip(column == 2 ? r.origin : r.sha256);
            if (column == 0 || column == 5)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_imports->setItem(row, column, item);
        }
    }
    m_imports->resizeColumnsToContents();
    m_imports->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
}

void CatalogPage::startUpdate()
{
    ensureLoaded();
    if (Status s = m_editor->document().checkWritable(tr("update the prices of")); !s)
        return showMessage(s.error().message, true);
    if (!m_updateDialog) {
        m_updateDialog = new UpdatePricesDialog(m_models, this);
        m_updateDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_updateDialog->show();
    m_updateDialog->raise();
    m_updateDialog->activateWindow();
}

void CatalogPage::addPrice()
{
    ensureLoaded();
    editPrice(-1);
}

void CatalogPage::editPrice(int row)
{
    // Regions each provider prices in, the most observed first (the likeliest choice on top).
    const QHash<QString, QHash<QString, int>> seen =
        catalog::CatalogRepository(m_editor->document().database()).regionCounts();
    const PriceTableModel *prices = m_models->prices();
    QHash<QString, QStringList> regions;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        QStringList list = it->keys();
        std::sort(list.begin(), list.end(), [&](const QString &a, const QString &b) {
            return it->value(a) != it->value(b) ? it->value(a) > it->value(b) : a < b;
        });
        regions.insert(it.key(), list);
    }
    auto *dialog = new PriceDialog(m_models->providers(), m_models->instances()->records(), regions, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (const std::optional<catalog::PriceRecord> r = prices->record(row))
        dialog->startFrom(r->price);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (Status writable = m_editor->document().checkWritable(tr("change the catalog of")); !writable)
            return showMessage(writable.error().message, true);
        const catalog::PricePoint p = dialog->price();
        Expected<qint64> id = m_models->catalogEditor().addPrice(p);
        if (!id)
            return showMessage(id.error().message, true);
        m_editor->undoStack()->push(new AddCatalogRowCommand(
            m_models, CatalogTable::PricePoint, *id,
            tr("Add price of %1 (%2)")
                .arg(catalogtext::instanceLabel(p.provider, p.instance), p.observedAt.toString(Qt::ISODate))));
        m_tabs->setCurrentIndex(PricesTab);
        selectId(m_priceTable, *id);
    });
    dialog->open();
}

void CatalogPage::addInstanceType()
{
    ensureLoaded();
    editInstance(-1);
}

void CatalogPage::editInstance(int row)
{
    QList<catalog::GpuRecord> gpus;
    for (int r = 0; r < m_models->gpus()->rowCount(); ++r)
        gpus << *m_models->gpus()->record(r);
    auto *dialog =
        new InstanceDialog(m_models->providers(), gpus, m_models->instances()->records(), instancesUsedByPlan(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const catalog::InstanceRecord *original = m_models->instances()->record(row);
    const qint64 id = original ? original->id : 0;
    if (original)
        dialog->edit(*original);
    connect(dialog, &QDialog::accepted, this, [this, dialog, id] {
        if (Status writable = m_editor->document().checkWritable(tr("change the catalog of")); !writable)
            return showMessage(writable.error().message, true);
        catalog::CatalogEditor editor = m_models->catalogEditor();
        const catalog::InstanceType t = dialog->instanceType();
        const QString label = catalogtext::instanceLabel(t.provider, t.name);
        if (id == 0) {
            Expected<qint64> added = editor.addInstanceType(t, dialog->listPrice());
            if (!added)
                return showMessage(added.error().message, true);
            m_editor->undoStack()->push(new AddCatalogRowCommand(m_models, CatalogTable::InstanceType, *added,
                                                                 tr("Add instance type %1").arg(label)));
            m_tabs->setCurrentIndex(InstancesTab);
            selectId(m_instanceTable, *added);
            return;
        }
        Expected<catalog::CatalogImage> before = editor.image(CatalogTable::InstanceType, id);
        Status s = before ? editor.updateInstanceType(id, t, dialog->listPrice()) : Status(before.error());
        Expected<catalog::CatalogImage> after =
            s ? editor.image(CatalogTable::InstanceType, id) : Expected<catalog::CatalogImage>(s.error());
        if (!after)
            return showMessage(after.error().message, true);
        m_editor->undoStack()->push(
            new EditCatalogRowCommand(m_models, *before, *after, tr("Edit instance type %1").arg(label)));
        selectId(m_instanceTable, id);
    });
    dialog->open();
}

void CatalogPage::addGpu()
{
    ensureLoaded();
    editGpu(-1);
}

void CatalogPage::editGpu(int row)
{
    QList<catalog::GpuRecord> gpus;
    for (int r = 0; r < m_models->gpus()->rowCount(); ++r)
        gpus << *m_models->gpus()->record(r);
    auto *dialog = new GpuDialog(gpus, m_models->sources(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const catalog::GpuRecord *original = m_models->gpus()->record(row);
    const qint64 id = original ? original->id : 0;
    if (original)
        dialog->edit(*original);
    connect(dialog, &QDialog::accepted, this, [this, dialog, id] {
        if (Status writable = m_editor->document().checkWritable(tr("change the catalog of")); !writable)
            return showMessage(writable.error().message, true);
        catalog::CatalogEditor editor = m_models->catalogEditor();
        const catalog::Gpu g = dialog->gpu();
        if (id == 0) {
            Expected<qint64> added = editor.addGpu(g);
            if (!added)
                return showMessage(added.error().message, true);
            m_editor->undoStack()->push(
                new AddCatalogRowCommand(m_models, CatalogTable::Gpu, *added, tr("Add GPU %1").arg(g.name)));
            m_tabs->setCurrentIndex(GpusTab);
            selectId(m_gpuTable, *added);
            return;
        }
        Expected<catalog::CatalogImage> before = editor.image(CatalogTable::Gpu, id);
        Status s = before ? editor.updateGpu(id, g) : Status(before.error());
        Expected<catalog::CatalogImage> after =
            s ? editor.image(CatalogTable::Gpu, id) : Expected<catalog::CatalogImage>(s.error());
        if (!after)
            return showMessage(after.error().message, true);
        m_editor->undoStack()->push(
            new EditCatalogRowCommand(m_models, *before, *after, tr("Edit GPU %1").arg(g.name)));
        selectId(m_gpuTable, id);
    });
    dialog->open();
}

void CatalogPage::editCurrent()
{
    ensureLoaded();
    const QList<int> rows = selectedSourceRows(currentTable());
    if (rows.size() != 1)
        return;
    switch (currentTab()) {
    case RatesTab:
    case ImportsTab:
        return; // rates are added or imported, never edited in place; imports are records
    case PricesTab:
        return editPrice(rows.first());
    case InstancesTab:
        return editInstance(rows.first());
    case GpusTab:
        return editGpu(rows.first());
    }
}

void CatalogPage::deleteSelected()
{
    ensureLoaded();
    const QList<int> rows = selectedSourceRows(currentTable());
    if (rows.isEmpty() || !onTableTab())
        return;
    if (Status writable = m_editor->document().checkWritable(tr("change the catalog of")); !writable)
        return showMessage(writable.error().message, true);
    catalog::CatalogEditor editor = m_models->catalogEditor();
    QList<qint64> ids;
    QString text;
    QString note;
    switch (currentTab()) {
    case PricesTab: {
        QSet<QString> files;
        int seeded = 0;
        for (int row : rows) {
            const std::optional<catalog::PriceRecord> r = m_models->prices()->record(row);
            if (!r)
                continue; // deleted meanwhile
            ids << r->id;
            if (r->sourceKind == QLatin1String("import"))
                files.insert(catalogtext::sourceLabel(r->price.source, m_models->sources()));
            else if (r->sourceKind != QLatin1String("user"))
                ++seeded;
        }
        const std::optional<catalog::PriceRecord> first = m_models->prices()->record(rows.first());
        if (!first || ids.isEmpty())
            return;
        text = rows.size() == 1 ? tr("Delete price of %1 (%2)")
                                      .arg(catalogtext::instanceLabel(first->price.provider, first->price.instance),
                                           first->price.observedAt.toString(Qt::ISODate))
                                : tr("Delete %1 price observations").arg(report::grouped(rows.size(), 0));
        if (!files.isEmpty()) {
            QStringList list(files.cbegin(), files.cend());
            list.sort();
            note = tr("Deleted %1 from the price history, including observations imported from %2. Importing that "
                      "file again will not bring them back (it is recorded as imported); Edit › Undo will.")
                       .arg(rows.size() == 1 ? tr("1 observation")
                                             : tr("%1 observations").arg(report::grouped(rows.size(), 0)),
                            list.join(QStringLiteral(", ")));
        } else if (seeded > 0) {
            note = tr("Deleted from the price history, including observations from the built-in catalog or a "
                      "datasheet. Edit › Undo brings them back.");
        }
        break;
    }
    case InstancesTab: {
        const catalog::InstanceRecord *r = m_models->instances()->record(rows.first());
        const QString scenario = instancesUsedByPlan().value(InstanceDialog::key(r->type.provider, r->type.name));
        if (!scenario.isEmpty())
            return showMessage(tr("%1 cannot be deleted: the scenario “%2” prices itself from it. Choose another "
                                  "instance for the scenario first.")
                                   .arg(catalogtext::instanceLabel(r->type.provider, r->type.name), scenario),
                               true);
        ids << r->id;
        text = tr("Delete instance type %1").arg(catalogtext::instanceLabel(r->type.provider, r->type.name));
        break;
    }
    case RatesTab:
    case ImportsTab:
        return;
    case GpusTab: {
        const catalog::GpuRecord *r = m_models->gpus()->record(rows.first());
        ids << r->id;
        text = tr("Delete GPU %1").arg(r->gpu.name);
        break;
    }
    }
    const CatalogTable table = currentTab() == PricesTab      ? CatalogTable::PricePoint
                               : currentTab() == InstancesTab ? CatalogTable::InstanceType
                                                              : CatalogTable::Gpu;
    Expected<QList<catalog::CatalogImage>> removed = editor.remove(table, ids);
    if (!removed)
        return showMessage(removed.error().message, true);
    m_messageBar->hide();
    m_editor->undoStack()->push(new DeleteCatalogRowsCommand(m_models, table, *removed, text));
    if (!note.isEmpty())
        showMessage(note, false);
}

} // namespace mltco::ui

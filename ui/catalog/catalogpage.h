#pragma once

#include "models/catalog/catalogeditor.h"

#include <QPointer>
#include <QWidget>

class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTableWidget;
class QTimer;

namespace mltco::ui {

class PlanEditor;
class CatalogModels;
class CatalogFilterProxy;
class ImportDialog;
class UpdatePricesDialog;
class RatesView;

/// The catalog a plan prices itself from: price observations, instance types and GPU models in three
/// tables that one search box and the provider / pricing-model filters narrow down. Every add, edit
/// and delete is one step on the document's undo stack; File › Import price catalog… opens the import.
class CatalogPage final : public QWidget
{
    Q_OBJECT

public:
    explicit CatalogPage(PlanEditor *editor, QWidget *parent = nullptr);
    ~CatalogPage() override;

    /// The page's models, read from the document first if the page has not been shown yet.
    CatalogModels *models() const
    {
        ensureLoaded();
        return m_models;
    }

public slots:
    /// Opens the import dialog (File › Import price catalog…).
    void startImport();
    /// Shows the exchange rates and asks for an ECB file to import (File › Import exchange rates…).
    void startRatesImport();
    /// Opens Catalog › Update prices…: the providers' price files fetched from their addresses.
    void startUpdate();
    RatesView *rates() const { return m_rates; }
    void addPrice();
    void addInstanceType();
    void addGpu();
    void editCurrent();
    void deleteSelected();

protected:
    void showEvent(QShowEvent *event) override;

private:
    enum Tab { PricesTab, InstancesTab, GpusTab, RatesTab, ImportsTab };
    /// The tabs that are not one of the three catalog tables (they have their own controls).
    bool onTableTab() const { return currentTab() != RatesTab && currentTab() != ImportsTab; }
    void fillImports();

    /// Reads the catalog into the models and sizes the tables, once.
    void ensureLoaded() const;
    mutable bool m_loaded = false;

    QTableView *makeTable(const char *name, CatalogFilterProxy *proxy);
    void buildFilters();
    void applyFilter();
    void updateCounts();
    void updateButtons();
    void showMessage(const QString &text, bool error);
    Tab currentTab() const;
    QTableView *currentTable() const;
    QList<int> selectedSourceRows(QTableView *table) const;
    void selectId(QTableView *table, qint64 id);
    QHash<QString, QString> instancesUsedByPlan() const;
    void editPrice(int row);
    void editInstance(int row);
    void editGpu(int row);

    PlanEditor *m_editor;
    CatalogModels *m_models = nullptr;
    CatalogFilterProxy *m_priceProxy = nullptr;
    CatalogFilterProxy *m_instanceProxy = nullptr;
    CatalogFilterProxy *m_gpuProxy = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_providerFilter = nullptr;
    QComboBox *m_pricingFilter = nullptr;
    QTimer *m_searchDelay = nullptr;
    QFrame *m_messageBar = nullptr;
    QLabel *m_message = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableView *m_priceTable = nullptr;
    QTableView *m_instanceTable = nullptr;
    QTableView *m_gpuTable = nullptr;
    RatesView *m_rates = nullptr; ///< the document's exchange rates (model.md §13)
    QTableWidget *m_imports = nullptr; ///< every import with where it came from
    QLabel *m_count = nullptr;
    QLabel *m_hint = nullptr;
    QPushButton *m_editButton = nullptr;
    QPushButton *m_deleteButton = nullptr;
    QPointer<ImportDialog> m_importDialog;
    QPointer<UpdatePricesDialog> m_updateDialog;
};

} // namespace mltco::ui

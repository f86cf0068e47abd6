#pragma once

#include "models/common/expected.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QLabel;
class QListWidget;
class QLockFile;
class QPushButton;
class QStackedWidget;
class QMenu;

namespace mltco::store {
class Document;
}

namespace mltco::ui {

class PlanEditor;
class Settings;
class StoreLinkBanner;
class DashboardPage;
class ScenariosPage;
class CatalogPage;
class PriceHistoryPage;
class CalculatorsPage;
class RiskPage;
class FleetPlanPage;
class ActualsPage;

/// The application window: one open document, its plan, and the seven pages that study it.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    enum Page { Dashboard, Scenarios, Catalog, PriceHistory, Calculators, Risk, FleetPlan, Actuals, PageCount };

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a document (creating it from the seed catalog if the path does not exist) and shows its
    /// first plan, or `planJson` when it has none. On failure the current document stays open.
    ///
    /// A window edits a document only while it holds the document's lock file (`.NAME.mltco.lock` beside
    /// it): a second window or process opening the same document gets it read-only and says so, as it does
    /// for a file that cannot be written. Read-only windows keep edits in memory; Save As keeps them.
    ///
    /// A team store's URL (`postgresql://…`) opens the store instead: no lock file (many people edit it at once;
    /// plan revisions keep them from overwriting each other), its password from `password`, the desktop keyring or
    /// ~/.pgpass.
    Status openDocument(const QString &path, const QByteArray &planJson = {});
    /// Opens a team store with the password given (kept in the keyring when `remember`).
    Status connectTeamStore(const QString &url, const QString &password = {}, bool remember = false);
    /// File › Connect to team store…: asks for the address (filled from `url`, or the last store used) and the
    /// password, with `problem` shown when an attempt already failed; true once a store is open.
    bool connectWithDialog(const QString &url = {}, const QString &problem = {});
    /// Adds the plan in a plan file to the open document and shows it.
    Status importPlanFile(const QString &path);
    /// Adds a bundled example plan (tco::bundledExamples()) to the document and shows its dashboard.
    Status openExample(const QString &key);
    /// Writes a copy of the document to `path` and continues working on the copy.
    Status saveDocumentAs(const QString &path);

    PlanEditor *editor() const { return m_editor; }
    store::Document *document() const { return m_document.get(); }
    void showPage(Page page);
    Page currentPage() const;
    static QString pageTitle(Page page);

    /// Writes a PNG of every page at the window's current size into `dir`; returns the files written.
    Expected<QStringList> saveScreenshots(const QString &dir);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    void rebuildPages();
    void updateTitle();
    void updateRecentMenu();
    void openWithDialog();
    void newWithDialog();
    void saveAsWithDialog();
    void importPlanWithDialog();
    void updateConflictBanner();
    Status installDocument(std::unique_ptr<store::Document> document, std::unique_ptr<QLockFile> lock,
                           const QByteArray &planJson);
    void showModelReference();
    /// Edit › Plan title and notes…
    void editPlanDetails();
    /// File › Export PDF report: asks first when the plan's title says what the plan no longer does.
    void exportPdf();
    void showError(const QString &title, const Status &status);
    void updateReadOnlyBanner();

    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<store::Document> m_document;
    std::unique_ptr<QLockFile> m_lock; ///< held while this window may edit m_document
    QWidget *m_readOnlyBanner = nullptr;
    QLabel *m_readOnlyMessage = nullptr;
    QPushButton *m_retryEditing = nullptr;
    QWidget *m_conflictBanner = nullptr;
    QLabel *m_conflictMessage = nullptr;
    StoreLinkBanner *m_storeLink = nullptr;
    PlanEditor *m_editor = nullptr;
    QListWidget *m_navigation = nullptr;
    QStackedWidget *m_pages = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    DashboardPage *m_dashboard = nullptr;
    ScenariosPage *m_scenarios = nullptr;
    CatalogPage *m_catalog = nullptr;
    PriceHistoryPage *m_priceHistory = nullptr;
    CalculatorsPage *m_calculators = nullptr;
    RiskPage *m_risk = nullptr;
    FleetPlanPage *m_fleet = nullptr;
    ActualsPage *m_actuals = nullptr;
    QPointer<QWidget> m_focusBeforeMenu; ///< where the focus was when a menu of the menu bar opened
};

} // namespace mltco::ui

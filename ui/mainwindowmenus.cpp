#include "ui/mainwindow.h"

// The main window's menus: every command of the app, its shortcut and object name.

#include "models/plan/examples.h"
#include "models/report/reportdata.h"
#include "models/store/document.h"
#include "models/tco/scenario.h"
#include "ui/actuals/actualspage.h"
#include "ui/catalog/catalogpage.h"
#include "ui/core/planeditor.h"
#include "ui/core/settings.h"
#include "ui/fleet/fleetplanpage.h"
#include "ui/report/exports.h"
#include "ui/risk/riskpage.h"
#include "ui/scenarios/comparedialog.h"
#include "ui/scenarios/scenariospage.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QKeyEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QTimer>
#include <QUndoStack>

namespace mltco::ui {

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New…"), QKeySequence::New, this, &MainWindow::newWithDialog);
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openWithDialog);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    QAction *connectStore = file->addAction(tr("Connect to &team store…"), this, [this] { connectWithDialog(); });
    connectStore->setObjectName(QStringLiteral("connectTeamStoreAction"));
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAsWithDialog);
    file->addSeparator();
    QAction *importCatalog = file->addAction(tr("&Import price catalog…"));
    importCatalog->setObjectName(QStringLiteral("importCatalogAction"));
    importCatalog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    connect(importCatalog, &QAction::triggered, this, [this] {
        showPage(Catalog);
        if (m_catalog)
            QMetaObject::invokeMethod(m_catalog, "startImport");
    });
    QAction *importBill = file->addAction(tr("Import &bill (FOCUS)…"));
    importBill->setObjectName(QStringLiteral("importBillAction"));
    importBill->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(importBill, &QAction::triggered, this, [this] {
        showPage(Actuals);
        if (m_actuals)
            m_actuals->importBillWithDialog();
    });
    QAction *importRates = file->addAction(tr("Import exchange ra&tes (ECB)…"));
    importRates->setObjectName(QStringLiteral("importRatesAction"));
    connect(importRates, &QAction::triggered, this, [this] {
        showPage(Catalog);
        if (m_catalog)
            m_catalog->startRatesImport();
    });
    file->addAction(tr("Import &plan file…"), this, &MainWindow::importPlanWithDialog);
    QMenu *examples = file->addMenu(tr("Open e&xample"));
    examples->setObjectName(QStringLiteral("examplesMenu"));
    for (const tco::Example &example : tco::bundledExamples()) {
        QAction *action = examples->addAction(example.title, this, [this, key = example.key] {
            if (Status s = openExample(key); !s)
                showError(tr("Open example"), s);
        });
        action->setObjectName(QStringLiteral("openExample_") + example.key);
    }
    file->addSeparator();
    QAction *exportPdfAction = file->addAction(tr("Export P&DF report…"), this, &MainWindow::exportPdf);
    exportPdfAction->setObjectName(QStringLiteral("exportPdfAction"));
    exportPdfAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    QAction *exportWorkbookAction = file->addAction(tr("Export &workbook (Excel)…"), this, [this] {
        // The Fleet plan page's answer goes with it while it still answers the plan.
        if (m_editor)
            exportWorkbookWithDialog(this, *m_editor, m_fleet ? m_fleet->currentAnswer() : nullptr);
    });
    exportWorkbookAction->setObjectName(QStringLiteral("exportWorkbookAction"));
    QAction *exportCsvAction = file->addAction(tr("Export &CSV…"), this, [this] {
        if (m_editor)
            exportCsvWithDialog(this, *m_editor);
    });
    exportCsvAction->setObjectName(QStringLiteral("exportCsvAction"));
    exportCsvAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    m_undoAction = edit->addAction(tr("&Undo"));
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    connect(m_undoAction, &QAction::triggered, this, [this] {
        if (m_editor)
            m_editor->undoStack()->undo();
    });
    m_redoAction = edit->addAction(tr("&Redo"));
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    // The platform's redo keys, plus Ctrl+Shift+Z and Ctrl+Y where the platform has not already got them: one
    // sequence given twice makes Qt call it ambiguous and run neither.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence &key : {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)})
        if (!redoKeys.contains(key))
            redoKeys << key;
    m_redoAction->setShortcuts(redoKeys);
    connect(m_redoAction, &QAction::triggered, this, [this] {
        if (m_editor)
            m_editor->undoStack()->redo();
    });
    edit->addSeparator();
    QAction *details = edit->addAction(tr("Plan &title and notes…"));
    details->setObjectName(QStringLiteral("planDetailsAction"));
    connect(details, &QAction::triggered, this, &MainWindow::editPlanDetails);
    QAction *addFromKeyboard = edit->addAction(tr("Add scenario…"));
    addFromKeyboard->setObjectName(QStringLiteral("addScenarioAction"));
    addFromKeyboard->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(addFromKeyboard, &QAction::triggered, this, [this] {
        showPage(Scenarios);
        if (m_scenarios)
            m_scenarios->showAddMenu();
    });
    // F2 renames in the scenario list itself (a window-wide F2 would take cell editing from every table).
    QAction *rename = edit->addAction(tr("&Rename scenario… (F2 in the list)"));
    rename->setObjectName(QStringLiteral("renameScenarioAction"));
    connect(rename, &QAction::triggered, this, [this] {
        showPage(Scenarios);
        if (m_scenarios)
            m_scenarios->startRename();
    });
    QMenu *add = edit->addMenu(tr("&Add scenario"));
    for (const tco::ScenarioKind kind : {tco::ScenarioKind::Dedicated, tco::ScenarioKind::Cluster, tco::ScenarioKind::Elastic,
                                         tco::ScenarioKind::Purchase, tco::ScenarioKind::Reserved,
                                         tco::ScenarioKind::Hybrid, tco::ScenarioKind::Mix}) {
        add->addAction(tco::scenarioKindKey(kind), this, [this, kind] {
            if (m_editor) {
                m_editor->addScenario(kind);
                showPage(Scenarios);
            }
        });
    }
    QAction *duplicate = edit->addAction(tr("&Duplicate scenario"));
    duplicate->setObjectName(QStringLiteral("duplicateScenarioAction"));
    duplicate->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(duplicate, &QAction::triggered, this, [this] {
        if (m_editor && m_scenarios)
            m_editor->duplicateScenario(m_scenarios->currentScenario());
    });
    QAction *compare = edit->addAction(tr("&Compare two scenarios…"));
    compare->setObjectName(QStringLiteral("compareScenariosAction"));
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(compare, &QAction::triggered, this, [this] {
        if (!m_editor || m_editor->plan().scenarios.size() < 2)
            return;
        // The scenario in hand against the next one (or the first).
        const int a = m_scenarios ? std::max(0, m_scenarios->currentScenario()) : 0;
        const int b = a + 1 < m_editor->plan().scenarios.size() ? a + 1 : 0;
        CompareDialog dialog(m_editor, a, b, this);
        dialog.exec();
    });
    QAction *remove = edit->addAction(tr("D&elete scenario"));
    remove->setObjectName(QStringLiteral("deleteScenarioAction"));
    remove->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Delete));
    connect(remove, &QAction::triggered, this, [this] {
        if (m_editor && m_scenarios)
            m_editor->removeScenario(m_scenarios->currentScenario());
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (int p = 0; p < PageCount; ++p) {
        QAction *a = view->addAction(pageTitle(static_cast<Page>(p)), this, [this, p] {
            showPage(static_cast<Page>(p));
            // From the keyboard, the page's first input takes the focus, so Tab walks the page from its top (and
            // the menu bar lets go of the focus).
            QWidget *pageWidget = m_pages->currentWidget();
            QWidget *w = pageWidget;
            do
                w = w->nextInFocusChain();
            while (w != pageWidget && !(pageWidget->isAncestorOf(w) && w->isVisibleTo(pageWidget) && w->isEnabled() &&
                                        (w->focusPolicy() & Qt::TabFocus)));
            if (w != pageWidget)
                w->setFocus(Qt::TabFocusReason);
        });
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + p)));
    }

    // The catalog's own menu: its prices kept current from the providers' addresses, or imported from files.
    QMenu *catalogMenu = menuBar()->addMenu(tr("&Catalog"));
    QAction *updatePrices = catalogMenu->addAction(tr("&Update prices…"));
    updatePrices->setObjectName(QStringLiteral("updatePricesAction"));
    updatePrices->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    connect(updatePrices, &QAction::triggered, this, [this] {
        showPage(Catalog);
        if (m_catalog)
            m_catalog->startUpdate();
    });
    catalogMenu->addAction(importCatalog);
    catalogMenu->addAction(importRates);

    // The two long computations, from the keyboard as well as from their pages' buttons.
    QMenu *analysis = menuBar()->addMenu(tr("&Analysis"));
    QAction *runRisk = analysis->addAction(tr("Run the &risk trials"), this, [this] {
        showPage(Risk);
        if (m_risk && !m_risk->isRunning())
            m_risk->run();
    });
    runRisk->setObjectName(QStringLiteral("runRiskAction"));
    runRisk->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    QAction *runFleet = analysis->addAction(tr("Find the &fleet plan"), this, [this] {
        showPage(FleetPlan);
        if (m_fleet && !m_fleet->isRunning())
            m_fleet->run();
    });
    runFleet->setObjectName(QStringLiteral("runFleetPlanAction"));
    runFleet->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Model reference"), QKeySequence::HelpContents, this, &MainWindow::showModelReference);
    help->addAction(tr("&About mltco"), this, [this] {
        QMessageBox::about(this, tr("About mltco"),
                           tr("<h3>mltco %1</h3><p>Total cost of ownership planning for machine-learning GPU "
                              "infrastructure.</p><p>Calculation model version %2.</p>")
                               .arg(QApplication::applicationVersion())
                               .arg(report::kModelVersion));
    });
    // Esc closes a menu and leaves the menu bar at once: the focus goes back where it was, not to a menu title that
    // shows no sign of holding it (Qt keeps the bar in its keyboard mode until a second Esc).
    for (QAction *top : menuBar()->actions()) {
        QMenu *menu = top->menu();
        if (!menu)
            continue;
        connect(menu, &QMenu::aboutToShow, this, [this] {
            QWidget *focus = QApplication::focusWidget();
            if (focus && focus != menuBar() && !qobject_cast<QMenu *>(focus))
                m_focusBeforeMenu = focus;
        });
        connect(menu, &QMenu::aboutToHide, this, [this] {
            QTimer::singleShot(0, this, [this] {
                if (QApplication::activePopupWidget())
                    return; // the next menu (arrow keys) is open
                if (menuBar()->hasFocus()) {
                    QKeyEvent escape(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
                    QApplication::sendEvent(menuBar(), &escape);
                }
                // An action that moved the focus (a page, a dialog) keeps it; otherwise it goes back where it was.
                const QWidget *focus = QApplication::focusWidget();
                if ((!focus || focus == menuBar()) && m_focusBeforeMenu && m_focusBeforeMenu->isVisible())
                    m_focusBeforeMenu->setFocus(Qt::PopupFocusReason);
            });
        });
    }
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    for (const QString &f : files) {
        m_recentMenu->addAction(store::isStoreUrl(f) ? f : QDir::toNativeSeparators(f), this, [this, f] {
            if (Status s = openDocument(f); !s)
                showError(tr("Open document"), s);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

} // namespace mltco::ui

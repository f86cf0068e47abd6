#include "ui/mainwindow.h"

#include "models/report/titlecheck.h"

#include "models/catalog/seedcatalog.h"
#include "models/report/reportdata.h"
#include "models/report/summary.h"
#include "models/store/copy/storecopy.h"
#include "models/store/document.h"
#include "models/plan/examples.h"
#include "models/plan/planwriter.h"
#include "models/tco/scenario.h"
#include "ui/actuals/actualspage.h"
#include "ui/calculators/calculatorspage.h"
#include "ui/catalog/catalogmodels.h"
#include "ui/catalog/catalogpage.h"
#include "ui/catalog/ratesview.h"
#include "ui/catalog/pricehistorypage.h"
#include "ui/core/planeditor.h"
#include "ui/core/plurals.h"
#include "ui/core/settings.h"
#include "ui/core/shortcutguard.h"
#include "ui/core/theme.h"
#include "ui/dashboard/dashboardpage.h"
#include "ui/report/exports.h"
#include "ui/fleet/fleetplanpage.h"
#include "ui/risk/riskpage.h"
#include "ui/scenarios/comparedialog.h"
#include "ui/scenarios/plandetailsdialog.h"
#include "ui/scenarios/scenariospage.h"
#include "ui/store/connectdialog.h"
#include "ui/store/keyring.h"
#include "ui/store/storelinkbanner.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QLockFile>
#include <QKeyEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QSysInfo>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

namespace mltco::ui {
namespace {
const QString kDocumentFilter = QStringLiteral("mltco documents (*.mltco);;All files (*)");
const char kSamplePlan[] = ":/plans/sample-plan.json";

QByteArray samplePlan()
{
    QFile file(QString::fromLatin1(kSamplePlan));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_settings(std::make_unique<Settings>())
{
    setObjectName(QStringLiteral("mainWindow"));
    new ShortcutGuard(this); // the plan's undo, redo, export and print keys also while a form field has focus
    PluralTranslator::installOnce(); // "1 month", "2 months" from tr("%n month(s)")
    // After how many days a catalog price is called old (Catalog › Update prices… sets it).
    report::setStalePriceDays(m_settings->staleAfterDays());
    // Vector art, drawn at whatever size and pixel ratio the desktop asks (QtSvg's icon engine).
    setWindowIcon(QIcon(QStringLiteral(":/icons/mltco.svg")));
    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_navigation = new QListWidget(central);
    m_navigation->setObjectName(QStringLiteral("navigation"));
    m_navigation->setFixedWidth(170);
    m_navigation->setFrameShape(QFrame::NoFrame);
    m_navigation->setFocusPolicy(Qt::NoFocus);
    m_navigation->setStyleSheet(QStringLiteral(
        "QListWidget { background: #23313f; color: #dfe6ee; font-size: 11pt; padding-top: 12px; outline: 0; }"
        "QListWidget::item { padding: 10px 14px; }"
        "QListWidget::item:selected { background: #2f80c0; color: white; }"));
    for (int p = 0; p < PageCount; ++p)
        m_navigation->addItem(pageTitle(static_cast<Page>(p)));
    m_pages = new QStackedWidget(central);
    m_pages->setObjectName(QStringLiteral("pages"));
    layout->addWidget(m_navigation);
    auto *right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->setSpacing(0);
    m_readOnlyBanner = new QFrame(central);
    m_readOnlyBanner->setObjectName(QStringLiteral("readOnlyBanner"));
    m_readOnlyBanner->setStyleSheet(theme::bannerStyle(m_readOnlyBanner->objectName(), theme::Role::WarningBackground,
                                                       theme::Role::WarningBorder));
    auto *bannerLayout = new QHBoxLayout(m_readOnlyBanner);
    bannerLayout->setContentsMargins(14, 8, 10, 8);
    m_readOnlyMessage = new QLabel(m_readOnlyBanner);
    m_readOnlyMessage->setObjectName(QStringLiteral("readOnlyMessage"));
    m_readOnlyMessage->setWordWrap(true);
    m_readOnlyMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_retryEditing = new QPushButton(tr("Edit here"), m_readOnlyBanner);
    m_retryEditing->setObjectName(QStringLiteral("retryEditingButton"));
    m_retryEditing->setToolTip(tr("Open the document for editing again, once the other window has closed it."));
    connect(m_retryEditing, &QPushButton::clicked, this, [this] {
        if (!m_document)
            return;
        if (Status s = openDocument(m_document->path()); !s)
            showError(tr("Open document"), s);
        else if (m_document->isReadOnly())
            statusBar()->showMessage(tr("Still read-only: %1.").arg(m_document->readOnlyReason()), 8000);
    });
    auto *saveCopy = new QPushButton(tr("Save a copy…"), m_readOnlyBanner);
    saveCopy->setObjectName(QStringLiteral("saveCopyButton"));
    connect(saveCopy, &QPushButton::clicked, this, &MainWindow::saveAsWithDialog);
    bannerLayout->addWidget(m_readOnlyMessage, 1);
    bannerLayout->addWidget(m_retryEditing);
    bannerLayout->addWidget(saveCopy);
    m_readOnlyBanner->hide();
    right->addWidget(m_readOnlyBanner);
    // A team store that stops answering: said, retried, and reconnected once it answers (storelinkbanner.h).
    m_storeLink = new StoreLinkBanner(central);
    connect(m_storeLink, &StoreLinkBanner::message, this, [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    connect(m_storeLink, &StoreLinkBanner::reconnected, this, [this] {
        if (m_catalog)
            m_catalog->models()->readAgain();
        updateConflictBanner();
        updateTitle();
    });
    right->addWidget(m_storeLink);
    // Someone else saved the plan first (a team store, or another window): this window's edits wait for a choice.
    m_conflictBanner = new QFrame(central);
    m_conflictBanner->setObjectName(QStringLiteral("conflictBanner"));
    m_conflictBanner->setStyleSheet(theme::bannerStyle(m_conflictBanner->objectName(), theme::Role::WarningBackground,
                                                       theme::Role::WarningBorder));
    auto *conflictLayout = new QHBoxLayout(m_conflictBanner);
    conflictLayout->setContentsMargins(14, 8, 10, 8);
    m_conflictMessage = new QLabel(m_conflictBanner);
    m_conflictMessage->setObjectName(QStringLiteral("conflictMessage"));
    m_conflictMessage->setWordWrap(true);
    m_conflictMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *reloadTheirs = new QPushButton(tr("Reload theirs"), m_conflictBanner);
    reloadTheirs->setObjectName(QStringLiteral("reloadTheirsButton"));
    reloadTheirs->setToolTip(tr("Drop the edits made here and show the plan as it was saved."));
    connect(reloadTheirs, &QPushButton::clicked, this, [this] {
        if (Status s = m_editor ? m_editor->reloadStoredPlan() : Status{}; !s)
            showError(tr("Reload the plan"), s);
        updateConflictBanner();
        updateTitle();
    });
    auto *keepMine = new QPushButton(tr("Save mine as a copy"), m_conflictBanner);
    keepMine->setObjectName(QStringLiteral("saveMineAsCopyButton"));
    keepMine->setToolTip(tr("Keep the edits made here as a new plan, and leave the saved one as it is."));
    connect(keepMine, &QPushButton::clicked, this, [this] {
        if (Status s = m_editor ? m_editor->saveConflictAsCopy() : Status{}; !s)
            showError(tr("Save a copy of the plan"), s);
        updateConflictBanner();
        updateTitle();
    });
    conflictLayout->addWidget(m_conflictMessage, 1);
    conflictLayout->addWidget(reloadTheirs);
    conflictLayout->addWidget(keepMine);
    m_conflictBanner->hide();
    right->addWidget(m_conflictBanner);
    right->addWidget(m_pages, 1);
    layout->addLayout(right, 1);
    setCentralWidget(central);
    connect(m_navigation, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);

    buildMenus();
    if (!restoreGeometry(m_settings->windowGeometry()))
        resize(1440, 900);
    statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow()
{
    // Pages and the store's banner hold pointers into the editor and document: let go of them first.
    m_storeLink->follow(nullptr, nullptr);
    delete m_pages;
    m_pages = nullptr;
    delete m_editor;
}

QString MainWindow::pageTitle(Page page)
{
    switch (page) {
    case Dashboard:
        return tr("Dashboard");
    case Scenarios:
        return tr("Scenarios");
    case Catalog:
        return tr("Catalog");
    case PriceHistory:
        return tr("Price history");
    case Calculators:
        return tr("Calculators");
    case Risk:
        return tr("Risk");
    case FleetPlan:
        return tr("Fleet plan");
    case Actuals:
        return tr("Plan vs actual");
    case PageCount:
        break;
    }
    return {};
}

Status MainWindow::openDocument(const QString &path, const QByteArray &planJson)
{
    if (store::isStoreUrl(path))
        return connectTeamStore(path);
    const Expected<QString> resolved = store::Document::documentPath(path);
    if (!resolved)
        return resolved.error();
    // The lock says "a window is editing this document". This window's own lock is kept when it reopens
    // the same document; a stale one (its process gone) is taken over by QLockFile.
    const QFileInfo info(*resolved);
    const QString lockPath = info.absolutePath() + QStringLiteral("/.") + info.fileName() + QStringLiteral(".lock");
    std::unique_ptr<QLockFile> lock;
    if (m_lock && m_lock->fileName() == lockPath && m_lock->isLocked())
        lock = std::move(m_lock);
    store::Access access = store::Access::ReadWrite;
    QString readOnlyReason;
    if (!lock && QDir().mkpath(info.absolutePath())) {
        lock = std::make_unique<QLockFile>(lockPath);
        if (!lock->tryLock(0)) {
            if (lock->error() == QLockFile::LockFailedError) {
                qint64 pid = 0;
                QString host, application;
                lock->getLockInfo(&pid, &host, &application);
                access = store::Access::ReadOnly;
                readOnlyReason = host.isEmpty() || host == QSysInfo::machineHostName()
                                     ? tr("it is open for editing in another mltco window, process %1").arg(pid)
                                     : tr("it is open for editing in mltco on %1, process %2").arg(host).arg(pid);
            }
            lock.reset(); // no lock (e.g. a folder that cannot be written): the document judges for itself
        }
    }
    auto document = catalog::openDocument(*resolved, access, readOnlyReason);
    if (!document) {
        if (lock && lock->fileName() == lockPath && m_document && m_document->path() == *resolved)
            m_lock = std::move(lock); // the current document stays open: keep its lock
        return document.error();
    }
    if ((*document)->isReadOnly())
        lock.reset();
    return installDocument(std::move(*document), std::move(lock), planJson);
}

Status MainWindow::connectTeamStore(const QString &url, const QString &password, bool remember)
{
    Expected<store::StoreAddress> address = store::parseStoreUrl(url);
    if (!address)
        return address.error();
    const QString shown = address->displayUrl();
    // The password to try: the one given, else the address's own, else one this process already used for the store,
    // else the keyring's. It is remembered in memory only (this process's worker connections find it there), and
    // only once the server took it: a mistyped one is dropped again, so ~/.pgpass or the keyring count next time.
    const QString previous = store::rememberedPassword(shown);
    QString candidate = password.isEmpty() ? address->password : password;
    if (candidate.isEmpty() && previous.isEmpty())
        candidate = keyring::password(shown);
    if (!candidate.isEmpty())
        store::rememberPassword(shown, candidate);
    auto document = catalog::openDocument(shown);
    if (!document) {
        store::rememberPassword(shown, previous);
        return document.error();
    }
    if (remember && !password.isEmpty())
        if (Status s = keyring::savePassword(shown, password); !s)
            statusBar()->showMessage(s.error().message, 10000);
    return installDocument(std::move(*document), nullptr, {});
}

Status MainWindow::installDocument(std::unique_ptr<store::Document> opened, std::unique_ptr<QLockFile> lock,
                                   const QByteArray &planJson)
{
    auto document = std::move(opened);
    auto *editor = new PlanEditor(*document);
    if (Status s = editor->loadFirstPlan(planJson.isEmpty() ? samplePlan() : planJson); !s) {
        delete editor;
        return s;
    }
    // Swap in the new document only once it opened and its plan loaded.
    m_storeLink->follow(nullptr, nullptr);
    const int page = m_pages->currentIndex();
    while (m_pages->count() > 0) {
        QWidget *w = m_pages->widget(0);
        m_pages->removeWidget(w);
        delete w;
    }
    delete m_editor;
    m_document = std::move(document);
    m_lock = std::move(lock);
    m_editor = editor;
    m_editor->setParent(this);
    connect(m_editor->undoStack(), &QUndoStack::canUndoChanged, m_undoAction, &QAction::setEnabled);
    connect(m_editor->undoStack(), &QUndoStack::canRedoChanged, m_redoAction, &QAction::setEnabled);
    connect(m_editor->undoStack(), &QUndoStack::undoTextChanged, this,
            [this](const QString &t) { m_undoAction->setText(t.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(t)); });
    connect(m_editor->undoStack(), &QUndoStack::redoTextChanged, this,
            [this](const QString &t) { m_redoAction->setText(t.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(t)); });
    connect(m_editor, &PlanEditor::saveFailed, this, [this](const QString &message) {
        m_storeLink->probeNow(); // a lost team store is then said in the banner, and retried
        showError(tr("Saving failed"), Error{message, {}});
    });
    connect(m_editor, &PlanEditor::saveConflictFound, this, &MainWindow::updateConflictBanner);
    connect(m_editor, &PlanEditor::planChanged, this, &MainWindow::updateConflictBanner);
    connect(m_editor, &PlanEditor::planChanged, this, &MainWindow::updateTitle); // a retitled plan, an undone title
    m_undoAction->setEnabled(false);
    m_redoAction->setEnabled(false);
    rebuildPages();
    showPage(page >= 0 ? static_cast<Page>(page) : Dashboard);
    m_settings->addRecentFile(m_document->path());
    updateRecentMenu();
    updateTitle();
    updateReadOnlyBanner();
    updateConflictBanner();
    m_storeLink->follow(m_document.get(), m_editor);
    return {};
}

void MainWindow::updateConflictBanner()
{
    const bool conflict = m_editor && m_editor->hasSaveConflict();
    m_conflictBanner->setVisible(conflict);
    if (conflict)
        m_conflictMessage->setText(tr("<b>Not saved:</b> %1").arg(m_editor->saveConflict().toHtmlEscaped()));
}

bool MainWindow::connectWithDialog(const QString &url, const QString &problem)
{
    ConnectDialog dialog(this);
    if (!url.isEmpty()) {
        dialog.setUrl(url);
    } else {
        const QStringList recent = m_settings->recentFiles();
        const auto last =
            std::find_if(recent.cbegin(), recent.cend(), [](const QString &f) { return store::isStoreUrl(f); });
        if (last != recent.cend())
            dialog.setUrl(*last);
    }
    if (!problem.isEmpty())
        dialog.setError(problem);
    while (dialog.exec() == QDialog::Accepted) {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const Status s = connectTeamStore(dialog.url(), dialog.password(), dialog.rememberPassword());
        QApplication::restoreOverrideCursor();
        if (s)
            return true;
        dialog.setError(s.error().message);
    }
    return false;
}

void MainWindow::updateReadOnlyBanner()
{
    const bool readOnly = m_document && m_document->isReadOnly();
    m_readOnlyBanner->setVisible(readOnly);
    if (!readOnly)
        return;
    m_readOnlyMessage->setText(tr("<b>Read-only:</b> %1. Changes you make here are not saved to it; Save a copy keeps "
                                  "them in a new document.")
                                   .arg(m_document->readOnlyReason().toHtmlEscaped()));
    // Only a lock held by another window can go away; a file's permissions stay.
    m_retryEditing->setVisible(m_document->readOnlyReason().contains(QLatin1String("another")));
}

void MainWindow::rebuildPages()
{
    m_dashboard = new DashboardPage(m_editor);
    m_scenarios = new ScenariosPage(m_editor);
    m_catalog = new CatalogPage(m_editor);
    m_priceHistory = new PriceHistoryPage(m_editor);
    m_calculators = new CalculatorsPage(m_editor);
    m_risk = new RiskPage(m_editor);
    m_dashboard->setObjectName(QStringLiteral("dashboardPage"));
    m_scenarios->setObjectName(QStringLiteral("scenariosPage"));
    m_catalog->setObjectName(QStringLiteral("catalogPage"));
    m_priceHistory->setObjectName(QStringLiteral("priceHistoryPage"));
    m_calculators->setObjectName(QStringLiteral("calculatorsPage"));
    m_risk->setObjectName(QStringLiteral("riskPage"));
    m_fleet = new FleetPlanPage(m_editor);
    m_fleet->setObjectName(QStringLiteral("fleetPlanPage"));
    m_actuals = new ActualsPage(m_editor);
    m_actuals->setObjectName(QStringLiteral("actualsPage"));
    // Pages whose forms and tables need more room than a 13" laptop's window has scroll instead of holding the
    // window open wider than the screen; on a larger window they fill it as before.
    const auto scrollable = [](QWidget *page) -> QWidget * {
        auto *area = new QScrollArea;
        area->setObjectName(page->objectName() + QStringLiteral("Scroll"));
        area->setWidgetResizable(true);
        // Always there: wrapped text in a page (the workload form's demand-steps note) makes its height depend on its
        // width, and a bar that came and went with the height changed the width again, back and forth without end at
        // some window sizes (found by the window monkey: the stack overflowed).
        area->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
        area->setFrameShape(QFrame::NoFrame);
        area->setWidget(page);
        return area;
    };
    for (QWidget *page : {static_cast<QWidget *>(m_dashboard), scrollable(m_scenarios), scrollable(m_catalog),
                          scrollable(m_priceHistory), static_cast<QWidget *>(m_calculators),
                          static_cast<QWidget *>(m_risk), static_cast<QWidget *>(m_fleet), scrollable(m_actuals)})
        m_pages->addWidget(page);
}

Status MainWindow::importPlanFile(const QString &path)
{
    if (!m_editor)
        return Error{tr("Open a document first."), {}};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{tr("Cannot read \"%1\": %2").arg(QDir::toNativeSeparators(path), file.errorString()), {}};
    if (Status s = m_editor->importPlan(file.readAll()); !s)
        return Error{tr("The plan \"%1\" was not imported: %2").arg(QFileInfo(path).fileName(), s.error().message),
                     s.error().details};
    updateTitle();
    return {};
}

Status MainWindow::openExample(const QString &key)
{
    if (!m_editor)
        return Error{tr("Open a document first."), {}};
    Expected<QByteArray> json = tco::exampleJson(key);
    if (!json)
        return json.error();
    // The example becomes a plan of the open document (its catalog stays), shown at once; undo does not
    // remove it, like an imported plan file.
    if (Status s = m_editor->importPlan(*json); !s)
        return s;
    updateTitle();
    showPage(Dashboard);
    return {};
}

Status MainWindow::saveDocumentAs(const QString &path)
{
    if (!m_document)
        return Error{tr("There is no document to save."), {}};
    // From a read-only document the copy also gets what was edited here and never saved.
    const bool pending = m_editor && m_editor->hasUnsavedChanges();
    const tco::Plan edited = m_editor ? m_editor->plan() : tco::Plan{};
    const qint64 storedId = m_editor ? m_editor->planId() : 0;
    if (Status s = store::saveCopy(*m_document, path); !s)
        return s;
    // A copy without plans takes the edited plan as its first one; otherwise it replaces the plan it came from.
    if (Status s = openDocument(path, pending && storedId == 0 ? tco::writePlan(edited) : QByteArray()); !s)
        return s;
    if (pending && storedId != 0 && m_editor) {
        if (Status s = m_editor->storeAsCurrent(edited, storedId); !s)
            return s;
        updateTitle();
    }
    return {};
}

void MainWindow::showPage(Page page)
{
    m_navigation->setCurrentRow(page);
    m_pages->setCurrentIndex(page);
}

MainWindow::Page MainWindow::currentPage() const { return static_cast<Page>(m_pages->currentIndex()); }

void MainWindow::updateTitle()
{
    if (!m_document || !m_editor)
        return;
    setWindowTitle(m_document->isReadOnly()
                       ? tr("%1 [read-only] — %2 — mltco").arg(m_document->displayName(), m_editor->plan().name)
                       : tr("%1 — %2 — mltco").arg(m_document->displayName(), m_editor->plan().name));
    setWindowFilePath(m_document->path());
}

void MainWindow::showError(const QString &title, const Status &status)
{
    QMessageBox box(QMessageBox::Warning, title, status.error().message, QMessageBox::Ok, this);
    box.setObjectName(QStringLiteral("errorDialog"));
    if (!status.error().details.isEmpty())
        box.setDetailedText(status.error().details.join(QLatin1Char('\n')));
    box.exec();
}

void MainWindow::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open document"), QString(), kDocumentFilter);
    if (path.isEmpty())
        return;
    if (Status s = openDocument(path); !s)
        showError(tr("Open document"), s);
}

void MainWindow::newWithDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("New document"), QString(), kDocumentFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".mltco");
    if (QFileInfo::exists(path)) {
        showError(tr("New document"), Error{tr("\"%1\" already exists; open it or choose another name.").arg(path), {}});
        return;
    }
    if (Status s = openDocument(path); !s)
        showError(tr("New document"), s);
}

void MainWindow::saveAsWithDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save document as"), QString(), kDocumentFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".mltco");
    if (Status s = saveDocumentAs(path); !s)
        showError(tr("Save As"), s);
}

void MainWindow::importPlanWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import plan file"), QString(), tr("Plan files (*.json)"));
    if (path.isEmpty())
        return;
    if (Status s = importPlanFile(path); !s)
        showError(tr("Import plan"), s);
}

void MainWindow::exportPdf()
{
    if (!m_editor)
        return;
    // A board reads the title first: one the plan has outgrown ("four ML engineers" for a team of 12) is asked about.
    if (const QStringList stale = report::titleMismatches(m_editor->plan()); !stale.isEmpty()) {
        QMessageBox ask(QMessageBox::Question, tr("Export PDF"),
                        tr("The report's title may no longer fit the plan:\n\n%1\n\nRetitle the plan before exporting?")
                            .arg(stale.join(QLatin1Char('\n'))),
                        QMessageBox::NoButton, this);
        ask.setObjectName(QStringLiteral("staleTitleQuestion"));
        QPushButton *retitle = ask.addButton(tr("Edit title…"), QMessageBox::AcceptRole);
        retitle->setObjectName(QStringLiteral("staleTitleEdit"));
        QPushButton *asIs = ask.addButton(tr("Export as it is"), QMessageBox::DestructiveRole);
        asIs->setObjectName(QStringLiteral("staleTitleKeep"));
        ask.addButton(QMessageBox::Cancel);
        ask.setDefaultButton(retitle);
        ask.exec();
        if (ask.clickedButton() == retitle)
            editPlanDetails();
        else if (ask.clickedButton() != asIs)
            return;
    }
    exportPdfWithDialog(this, *m_editor);
}

void MainWindow::editPlanDetails()
{
    if (!m_editor)
        return;
    PlanDetailsDialog dialog(m_editor->plan().name, m_editor->plan().notes, this);
    if (dialog.exec() == QDialog::Accepted)
        m_editor->setPlanText(dialog.title(), dialog.notes());
}

void MainWindow::showModelReference()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Model reference"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *browser = new QTextBrowser(&dialog);
    QFile file(QStringLiteral(":/docs/model.md"));
    browser->setMarkdown(file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll())
                                                         : tr("The model reference is not part of this build."));
    layout->addWidget(browser);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(900, 700);
    dialog.exec();
}

namespace {

// A page shown lays itself out over a few turns of the event loop: a chart that redraws for its new size (the price
// history's bars) posts its drawing and the placing of its labels after the layout that asked for it.
void settle()
{
    for (int turn = 0; turn < 6; ++turn) {
        QApplication::sendPostedEvents();
        QApplication::processEvents();
    }
}

} // namespace

Expected<QStringList> MainWindow::saveScreenshots(const QString &dir)
{
    if (!QDir().mkpath(dir))
        return Error{tr("The folder %1 cannot be created.").arg(dir), {}};
    QStringList written;
    const Page before = currentPage();
    for (int p = 0; p < PageCount; ++p) {
        showPage(static_cast<Page>(p));
        settle();
        const QString name = QStringLiteral("%1/%2-%3.png")
                                 .arg(dir)
                                 .arg(p + 1, 2, 10, QLatin1Char('0'))
                                 .arg(pageTitle(static_cast<Page>(p)).toLower().replace(QLatin1Char(' '), QLatin1Char('-')));
        if (!grab().save(name, "PNG"))
            return Error{tr("The screenshot %1 could not be written.").arg(name), {}};
        written << name;
        // A page taller than the window scrolls: its whole content as a second picture.
        QWidget *page = m_pages->widget(p);
        QList<QScrollArea *> areas = page->findChildren<QScrollArea *>();
        if (auto *outer = qobject_cast<QScrollArea *>(page))
            areas.prepend(outer);
        for (QScrollArea *area : std::as_const(areas)) {
            if (!area->isVisible() || !area->widget() || area->widget()->height() <= area->viewport()->height() + 1)
                continue;
            QString full = name;
            full.replace(QLatin1String(".png"), QLatin1String("-full.png"));
            if (!area->widget()->grab().save(full, "PNG"))
                return Error{tr("The screenshot %1 could not be written.").arg(full), {}};
            written << full;
            break;
        }
        // The catalog's exchange rates are a tab of their own: a picture of them too.
        if (static_cast<Page>(p) == Catalog && m_catalog) {
            auto *tabs = m_catalog->findChild<QTabWidget *>(QStringLiteral("catalogTabs"));
            if (tabs && m_catalog->rates()) {
                QWidget *shown = tabs->currentWidget();
                tabs->setCurrentWidget(m_catalog->rates());
                settle();
                QString ratesName = name;
                ratesName.replace(QLatin1String(".png"), QLatin1String("-rates.png"));
                const bool saved = grab().save(ratesName, "PNG");
                tabs->setCurrentWidget(shown);
                if (!saved)
                    return Error{tr("The screenshot %1 could not be written.").arg(ratesName), {}};
                written << ratesName;
            }
        }
    }
    showPage(before);
    return written;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Edits a writable document could not take (a failed save, a save refused because someone else saved first)
    // are lost on closing: say so first. A read-only document's edits are its own, shown in its banner.
    if (m_editor && m_document && !m_document->isReadOnly() && m_editor->hasUnsavedChanges()) {
        QMessageBox box(QMessageBox::Warning, tr("Unsaved edits"),
                        tr("The latest edits to \"%1\" were not saved%2. Close anyway and lose them?")
                            .arg(m_editor->plan().name,
                                 m_editor->hasSaveConflict()     ? tr(": someone else saved the plan first")
                                 : m_document->isUnreachable() ? tr(": the team store is unreachable")
                                                               : QString()),
                        QMessageBox::Discard | QMessageBox::Cancel, this);
        box.setObjectName(QStringLiteral("unsavedOnCloseDialog"));
        box.setDefaultButton(QMessageBox::Cancel);
        if (box.exec() != QMessageBox::Discard) {
            event->ignore();
            return;
        }
    }
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    event->accept();
}

} // namespace mltco::ui

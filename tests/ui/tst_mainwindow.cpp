// The main window: opening documents (and refusing bad ones while keeping the current one), undo and redo through
// the Edit menu and its keys, the plan's title and notes, navigation, accessibility, palette and icon, comparing two scenarios.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/catalog/seedcatalog.h"
#include "models/report/summary.h"
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "models/plan/parameters.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/calculators/calculatorspage.h"
#include "ui/charts/chartview.h"
#include "ui/core/settings.h"
#include "ui/core/theme.h"
#include "ui/dashboard/kpicard.h"
#include "ui/report/exports.h"
#include "ui/scenarios/workloadform.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHash>
#include <QIcon>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>

#include <cmath>

using namespace mltco;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private slots:
    void opensOnTheSamplePlan()
    {
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(f.editor());
        QVERIFY(!f.editor()->plan().scenarios.isEmpty());
        QVERIFY2(f.editor()->result().has_value(), qPrintable(f.editor()->evaluationError()));
        QVERIFY(f.window->windowTitle().contains(QStringLiteral("test")));
        QVERIFY(f.window->windowTitle().contains(f.editor()->plan().name));
    }

    void navigationSwitchesPages()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *nav = f.find<QListWidget>(QStringLiteral("navigation"));
        auto *pages = f.find<QStackedWidget>(QStringLiteral("pages"));
        QVERIFY(nav && pages);
        QCOMPARE(pages->count(), int(ui::MainWindow::PageCount));
        for (int row = 0; row < nav->count(); ++row) {
            const QRect rect = nav->visualItemRect(nav->item(row));
            QTest::mouseClick(nav->viewport(), Qt::LeftButton, {}, rect.center());
            QTRY_COMPARE(pages->currentIndex(), row);
        }
    }

    void badDocumentIsRefusedAndCurrentOneKept()
    {
        UiFixture f;
        QVERIFY(f.open());
        const QString before = f.window->document()->path();
        const QString bogus = f.dir.filePath(QStringLiteral("notes.mltco"));
        {
            QFile file(bogus);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("quarterly notes, not a database");
        }
        const Status s = f.window->openDocument(bogus);
        QVERIFY(!s);
        QVERIFY(s.error().message.contains(QStringLiteral("not a mltco document")));
        QCOMPARE(f.window->document()->path(), before);
        QVERIFY(f.editor()->result().has_value());
        QFile file(bogus);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("quarterly notes, not a database"));
    }

    void undoAndRedoThroughTheEditMenu()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *undo = f.find<QAction>(QStringLiteral("undoAction"));
        auto *redo = f.find<QAction>(QStringLiteral("redoAction"));
        QVERIFY(undo && redo);
        QVERIFY(!undo->isEnabled());
        const double total = f.editor()->result()->scenarios.front().result.total;
        const int engineers = f.editor()->plan().workload.engineers;
        f.editor()->setWorkloadValue(tco::ParamId::Engineers, engineers * 2);
        QVERIFY(undo->isEnabled());
        QVERIFY(undo->text().contains(QStringLiteral("Change")));
        QVERIFY(f.editor()->result()->scenarios.front().result.total != total);
        undo->trigger();
        QCOMPARE(f.editor()->plan().workload.engineers, engineers);
        QCOMPARE(f.editor()->result()->scenarios.front().result.total, total);
        QVERIFY(redo->isEnabled());
        redo->trigger();
        QCOMPARE(f.editor()->plan().workload.engineers, engineers * 2);
    }

    void redoKeysWorkAndNoShortcutIsGivenTwice()
    {
        // Qt runs neither of two actions that share a key sequence ("ambiguous shortcut"): every sequence of the
        // window's actions is unique, and the redo keys of every platform habit reach redo.
        UiFixture f;
        QVERIFY(f.open());
        QHash<QKeySequence, QString> owner;
        const QList<QAction *> actions = f.window->findChildren<QAction *>();
        for (QAction *a : actions) {
            // An action bound to its widget (a dashboard card's Copy) answers only while that widget has the focus:
            // one widget at a time, so such actions never compete.
            if (a->shortcutContext() == Qt::WidgetShortcut)
                continue;
            for (const QKeySequence &key : a->shortcuts()) {
                if (key.isEmpty())
                    continue;
                QVERIFY2(!owner.contains(key), qPrintable(QStringLiteral("%1 is on \"%2\" and \"%3\"")
                                                               .arg(key.toString(), owner.value(key), a->text())));
                owner.insert(key, a->text());
            }
        }
        const int engineers = f.editor()->plan().workload.engineers;
        for (const QKeySequence &redoKey : {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)}) {
            f.editor()->setWorkloadValue(tco::ParamId::Engineers, engineers * 2);
            QTest::keySequence(f.window.get(), QKeySequence::Undo);
            QTRY_COMPARE(f.editor()->plan().workload.engineers, engineers);
            QTest::keySequence(f.window.get(), redoKey);
            QTRY_COMPARE(f.editor()->plan().workload.engineers, engineers * 2);
            f.editor()->undoStack()->undo();
        }
    }

    // Ctrl+Z and Ctrl+Shift+Z undo and redo the plan while a form field has the focus; the field keeps them for its
    // own typing only while it is being edited. Ctrl+E (export CSV) and Ctrl+P (export PDF) reach the window from a
    // field, and their dialogs open in the last export folder, never the hidden folder of the default document.
    void shortcutsActOnThePlanFromAFormField()
    {
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        f.window->showPage(ui::MainWindow::Scenarios);
        auto *engineers = f.find<QLineEdit>(QStringLiteral("param_engineers"));
        QVERIFY(engineers);
        const int before = f.editor()->plan().workload.engineers;
        UiFixture::type(engineers, QString::number(before + 4));
        QTRY_COMPARE(f.editor()->plan().workload.engineers, before + 4);
        QCOMPARE(QApplication::focusWidget(), engineers);
        QTest::keyClick(engineers, Qt::Key_Z, Qt::ControlModifier);
        QTRY_COMPARE(f.editor()->plan().workload.engineers, before);
        QCOMPARE(engineers->text(), QString::number(before));
        QTest::keyClick(engineers, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE(f.editor()->plan().workload.engineers, before + 4);
        // Typing not yet committed: Ctrl+Z takes the typing back, the plan stays.
        QTest::keyClick(engineers, Qt::Key_End);
        QTest::keyClicks(engineers, QStringLiteral("0"));
        QCOMPARE(engineers->text(), QString::number(before + 4) + QLatin1Char('0'));
        QTest::keyClick(engineers, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(engineers->text(), QString::number(before + 4));
        QCOMPARE(f.editor()->plan().workload.engineers, before + 4);

        // Ctrl+E from the field: the CSV export's dialog, which is cancelled.
        const QString exports = f.dir.filePath(QStringLiteral("exports"));
        QVERIFY(QDir().mkpath(exports));
        ui::Settings().rememberExport(exports, true);
        bool csvAsked = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            csvAsked = dialog && dialog->objectName() == QLatin1String("exportCsvDialog");
            if (dialog)
                dialog->reject();
        });
        QTest::keyClick(engineers, Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY(csvAsked);
        f.window->activateWindow(); // the offscreen platform gives the activation back to no window by itself
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        engineers->setFocus();
        // Ctrl+P from the field: the PDF's save dialog, in the last export folder.
        // (The title no longer says the team's size: asked first, kept as it is.)
        QString pdfFolder;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            QWidget *modal = QApplication::activeModalWidget();
            if (auto *box = qobject_cast<QMessageBox *>(modal)) {
                if (auto *keep = box->findChild<QPushButton *>(QStringLiteral("staleTitleKeep")))
                    keep->click();
            } else if (auto *dialog = qobject_cast<QFileDialog *>(modal)) {
                pdfFolder = dialog->directory().absolutePath();
                dialog->reject();
            }
        });
        poll.start(20);
        QTest::keyClick(engineers, Qt::Key_P, Qt::ControlModifier);
        QTRY_COMPARE(pdfFolder, QFileInfo(exports).absoluteFilePath());
        poll.stop();
        // Without a remembered folder that still exists: Documents (or home), not the default document's folder.
        QVERIFY(QDir(exports).removeRecursively());
        const QString fallback = ui::Settings().exportFolder();
        QVERIFY(!fallback.startsWith(QFileInfo(store::Document::defaultPath()).absolutePath()));
        QVERIFY(QFileInfo(fallback).isDir());
    }

    // The window's title follows a retitled plan (and its undo).
    void windowTitleFollowsThePlan()
    {
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(f.window->windowTitle().contains(f.editor()->plan().name));
        const QString before = f.editor()->plan().name;
        f.editor()->setPlanText(QStringLiteral("Board pack, Q3"), f.editor()->plan().notes);
        QTRY_VERIFY(f.window->windowTitle().contains(QStringLiteral("Board pack, Q3")));
        QVERIFY(f.window->windowTitle().startsWith(QStringLiteral("test — ")));
        f.editor()->undoStack()->undo();
        QTRY_VERIFY(f.window->windowTitle().contains(before));
    }

    void ctrlTwoPutsTheFocusAtTheTopOfTheScenariosPage()
    {
        // After Ctrl+2 the first Tab stop of the Scenarios page has the focus (the workload's currency), not a field
        // half-way down the scenario form.
        UiFixture f;
        QVERIFY(f.open());
        f.window->show();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        QTest::keySequence(f.window.get(), QKeySequence(Qt::CTRL | Qt::Key_2));
        QTRY_COMPARE(f.window->currentPage(), ui::MainWindow::Scenarios);
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        QVERIFY2(f.find<QWidget>(QStringLiteral("scenariosPage"))->isAncestorOf(focus) ||
                     f.window->findChild<QWidget *>(QStringLiteral("scenariosPage")) == nullptr,
                 qPrintable(focus->objectName()));
        const QRect at(focus->mapTo(f.window.get(), QPoint()), focus->size());
        for (QWidget *w : f.window->findChildren<QLineEdit *>())
            if (w->isVisible() && w->window() == f.window.get() && f.window->currentPage() == ui::MainWindow::Scenarios &&
                w->mapTo(f.window.get(), QPoint()).y() < at.y() - 2 && w->focusPolicy() & Qt::TabFocus &&
                f.find<QWidget>(QStringLiteral("scenariosPage"))->isAncestorOf(w))
                QFAIL(qPrintable(QStringLiteral("%1 lies above the focused %2").arg(w->objectName(), focus->objectName())));
    }

    void planTitleAndNotesAreEditableWithUndo()
    {
        UiFixture f;
        QVERIFY(f.open());
        const QString before = f.editor()->plan().name;
        auto *action = f.find<QAction>(QStringLiteral("planDetailsAction"));
        QVERIFY(action);
        // Fill in the dialog as a person would: a bad title is refused inline with OK disabled, a good one taken.
        QTimer::singleShot(0, this, [] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto *title = dialog->findChild<QLineEdit *>(QStringLiteral("planTitleEdit"));
            auto *notes = dialog->findChild<QPlainTextEdit *>(QStringLiteral("planNotesEdit"));
            auto *error = dialog->findChild<QLabel *>(QStringLiteral("planTitleError"));
            auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            QVERIFY(title && notes && error && ok);
            title->selectAll();
            QTest::keyClick(title, Qt::Key_Delete);
            QVERIFY(!ok->isEnabled());
            QVERIFY(error->isVisible() && error->text().contains(QStringLiteral("title")));
            title->setText(QStringLiteral("Board pack ") + QChar(0x202E) + QStringLiteral("Q3"));
            QVERIFY(!ok->isEnabled());
            QVERIFY(error->text().contains(QStringLiteral("U+202E")));
            title->clear();
            QTest::keyClicks(title, QStringLiteral("Board pack, Q3"));
            QVERIFY(ok->isEnabled());
            QVERIFY(!error->isVisible());
            notes->setPlainText(QStringLiteral("For the December board."));
            QTest::mouseClick(ok, Qt::LeftButton);
        });
        action->trigger();
        QCOMPARE(f.editor()->plan().name, QStringLiteral("Board pack, Q3"));
        QCOMPARE(f.editor()->plan().notes, QStringLiteral("For the December board."));
        // The dashboard's title follows, the change is stored, and one undo restores both.
        auto *title = f.find<QLabel>(QStringLiteral("dashboardTitle"));
        QTRY_COMPARE(title->text(), QStringLiteral("Board pack, Q3"));
        store::PlanStore plans(f.editor()->document().database());
        QCOMPARE(plans.plans().first().name, QStringLiteral("Board pack, Q3"));
        f.editor()->undoStack()->undo();
        QCOMPARE(f.editor()->plan().name, before);
        QTRY_COMPARE(title->text(), before);
    }

    void windowFitsA13InchLaptop()
    {
        // At 1024x700 no page holds the window open wider or taller: a page that needs more room scrolls.
        UiFixture f;
        QVERIFY(f.open());
        f.window->resize(1024, 700);
        QTRY_COMPARE(f.window->size(), QSize(1024, 700));
        auto *pages = f.find<QStackedWidget>(QStringLiteral("pages"));
        QVERIFY(pages);
        for (int p = 0; p < pages->count(); ++p) {
            pages->setCurrentIndex(p);
            QApplication::processEvents();
            QWidget *page = pages->widget(p);
            QVERIFY2(page->minimumSizeHint().width() <= pages->width() && page->minimumSizeHint().height() <= pages->height(),
                     qPrintable(page->objectName()));
            // A page in a scroll area scrolls down only: never sideways (the Price history page was 1,209 wide).
            if (auto *scroll = qobject_cast<QScrollArea *>(page); scroll && scroll->widget())
                QTRY_VERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width() + 1,
                             qPrintable(QStringLiteral("%1 wants %2 of %3 pixels")
                                            .arg(scroll->widget()->objectName())
                                            .arg(scroll->widget()->minimumSizeHint().width())
                                            .arg(scroll->viewport()->width())));
        }
        QCOMPARE(f.window->size(), QSize(1024, 700));
        // The Scenarios page reflows instead of scrolling sideways: the workload's fields in one column, the
        // scenario list above the form; it scrolls down only.
        auto *scroll = f.find<QScrollArea>(QStringLiteral("scenariosPageScroll"));
        auto *splitter = f.find<QSplitter>(QStringLiteral("scenarioSplitter"));
        auto *workload = f.find<ui::WorkloadForm>(QStringLiteral("workloadForm"));
        QVERIFY(scroll && splitter && workload);
        pages->setCurrentWidget(scroll);
        QTRY_COMPARE(splitter->orientation(), Qt::Vertical);
        QTRY_COMPARE(workload->columns(), 1);
        QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
        // Every field stays reachable: the last workload field and the scenario form's first are on the page.
        auto *tax = f.find<QLineEdit>(QStringLiteral("param_tax_rate"));
        QVERIFY(tax);
        QVERIFY(tax->mapTo(scroll->widget(), QPoint(tax->width(), 0)).x() <= scroll->viewport()->width());

        // Calculators: the chart under the form, no sideways scrolling.
        auto *commitment = f.find<ui::CalculatorFrame>(QStringLiteral("commitmentFrame"));
        QVERIFY(commitment);
        f.window->showPage(ui::MainWindow::Calculators);
        QTRY_VERIFY(commitment->isStacked());
        QScrollArea *calcScroll = nullptr;
        for (QWidget *w = commitment; w && !calcScroll; w = w->parentWidget())
            calcScroll = qobject_cast<QScrollArea *>(w);
        QVERIFY(calcScroll);
        QTRY_COMPARE(calcScroll->horizontalScrollBar()->maximum(), 0);
        // Risk: the tornado above the histogram, each the whole width of the results.
        f.window->showPage(ui::MainWindow::Risk);
        auto *tornado = f.find<QWidget>(QStringLiteral("tornadoChart"));
        auto *histogram = f.find<QWidget>(QStringLiteral("histogramChart"));
        QVERIFY(tornado && histogram);
        QTRY_VERIFY(histogram->y() > tornado->y() + tornado->height() / 2);

        // On a wide window, side by side again, in two columns.
        f.window->resize(1920, 1080);
        QTRY_VERIFY(histogram->x() > tornado->x() + tornado->width() / 2);
        f.window->showPage(ui::MainWindow::Calculators);
        QTRY_VERIFY(!commitment->isStacked());
        f.window->showPage(ui::MainWindow::Scenarios);
        QTRY_COMPARE(splitter->orientation(), Qt::Horizontal);
        QTRY_COMPARE(workload->columns(), 2);
        QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
    }

    void everyInputHasAnAccessibleName()
    {
        // A screen reader names every field, button, list and table on every page (every tab of the catalog and
        // every calculator too): its own accessible name, its text, or the label it is the buddy of.
        UiFixture f;
        QVERIFY(f.open());
        auto *pages = f.find<QStackedWidget>(QStringLiteral("pages"));
        QStringList unnamed;
        int checked = 0;
        const auto collect = [&](int page) {
            QApplication::processEvents();
            const QList<QWidget *> widgets = pages->currentWidget()->findChildren<QWidget *>();
            for (QWidget *w : widgets) {
                if (!w->isVisible() || !(w->focusPolicy() & Qt::TabFocus) || !w->isEnabled())
                    continue;
                if (qobject_cast<QScrollBar *>(w) || (w->inherits("QAbstractScrollArea") && !w->inherits("QAbstractItemView")
                                                      && !w->inherits("QPlainTextEdit") && !w->inherits("QTextEdit")))
                    continue; // scroll areas are containers; their contents are checked one by one
                if (auto *area = qobject_cast<QAbstractScrollArea *>(w->parentWidget()); area && area->viewport() == w)
                    continue; // a view's viewport: the view is checked
                if (qobject_cast<QAbstractSpinBox *>(w->parentWidget()))
                    continue; // a spin box's own line edit: the spin box is checked
                ++checked;
                QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
                const QString name = a ? a->text(QAccessible::Name).trimmed() : QString();
                const QString what = QStringLiteral("page %1: %2 \"%3\"").arg(page).arg(
                    QString::fromLatin1(w->metaObject()->className()), w->objectName());
                if (name.isEmpty() && !unnamed.contains(what))
                    unnamed << what;
            }
        };
        for (int p = 0; p < ui::MainWindow::PageCount; ++p) {
            f.window->showPage(static_cast<ui::MainWindow::Page>(p));
            if (p == ui::MainWindow::Catalog) {
                auto *tabs = f.find<QTabWidget>(QStringLiteral("catalogTabs"));
                QVERIFY(tabs);
                for (int t = 0; t < tabs->count(); ++t) {
                    tabs->setCurrentIndex(t);
                    collect(p);
                }
            } else if (p == ui::MainWindow::Calculators) {
                auto *calculators = f.find<ui::CalculatorsPage>(QStringLiteral("calculatorsPage"));
                QVERIFY(calculators);
                for (int c = 0; c < ui::CalculatorsPage::CalculatorCount; ++c) {
                    calculators->showCalculator(static_cast<ui::CalculatorsPage::Calculator>(c));
                    collect(p);
                }
            } else {
                collect(p);
            }
        }
        QVERIFY(checked > 100);
        for (const QString &u : std::as_const(unnamed))
            qWarning("no accessible name: %s", qPrintable(u));
        QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("%1 unnamed").arg(unnamed.size())));
    }

    void darkPaletteFromTheSystemIsFollowed()
    {
        // A dark desktop gives the application a dark palette: cards, messages and charts follow it, so nothing
        // glares white and text stays readable. (MLTCO_DARK_SHOTS=<dir> writes each page for looking at.)
        const QPalette before = QApplication::palette();
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x1e, 0x22, 0x27));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xeb, 0xf0));
        dark.setColor(QPalette::Base, QColor(0x17, 0x1a, 0x1e));
        dark.setColor(QPalette::AlternateBase, QColor(0x22, 0x27, 0x2d));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xeb, 0xf0));
        dark.setColor(QPalette::Button, QColor(0x2a, 0x30, 0x36));
        dark.setColor(QPalette::ButtonText, QColor(0xe6, 0xeb, 0xf0));
        QApplication::setPalette(dark);
        const auto restore = qScopeGuard([&] { QApplication::setPalette(before); });
        QVERIFY(ui::theme::isDark());

        UiFixture f;
        QVERIFY(f.open());
        const auto lightness = [](const QImage &image) {
            double sum = 0;
            int n = 0;
            for (int y = 0; y < image.height(); y += 2)
                for (int x = 0; x < image.width(); x += 2, ++n)
                    sum += QColor(image.pixel(x, y)).lightnessF();
            return n ? sum / n : 1.0;
        };
        auto *card = f.find<ui::KpiCard>(QStringLiteral("kpiCheapest"));
        auto *chart = f.find<ui::ChartView>(QStringLiteral("cumulativeChart"));
        QVERIFY(card && chart);
        QTRY_VERIFY(chart->isVisible());
        QVERIFY2(lightness(card->grab().toImage()) < 0.3, "a KPI card is dark");
        QVERIFY2(lightness(chart->grab().toImage()) < 0.3, "a chart is dark");
        // Its figures stay readable: the value's colour against the card's at least 4.5:1 (WCAG AA).
        const auto luminance = [](const QColor &c) {
            const auto channel = [](double u) { return u <= 0.03928 ? u / 12.92 : std::pow((u + 0.055) / 1.055, 2.4); };
            return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
        };
        for (ui::theme::Role text : {ui::theme::Role::Text, ui::theme::Role::Muted, ui::theme::Role::WarningText,
                                     ui::theme::Role::GoodText, ui::theme::Role::BadText}) {
            const double a = luminance(ui::theme::color(text)),
                         b = luminance(ui::theme::color(ui::theme::Role::Surface));
            QVERIFY2((std::max(a, b) + 0.05) / (std::min(a, b) + 0.05) >= 4.5, qPrintable(ui::theme::css(text)));
        }
        f.window->showPage(ui::MainWindow::Scenarios);
        auto *message = f.find<QLabel>(QStringLiteral("resultMessage"));
        QVERIFY(message);
        QTRY_VERIFY(message->isVisible());
        QVERIFY2(lightness(message->grab().toImage()) < 0.35, "the result message is dark");
        // The PDF stays light: it is paper.
        {
            const ui::theme::PrintScope paper;
            QVERIFY(!ui::theme::isDark());
        }
        QVERIFY(ui::theme::isDark());

        if (const QString dir = qEnvironmentVariable("MLTCO_DARK_SHOTS"); !dir.isEmpty()) {
            QVERIFY(QDir().mkpath(dir));
            for (int p = 0; p < ui::MainWindow::PageCount; ++p) {
                f.window->showPage(static_cast<ui::MainWindow::Page>(p));
                QTest::qWait(50);
                QVERIFY(f.window->grab().save(QStringLiteral("%1/dark-%2.png").arg(dir).arg(p + 1)));
            }
        }
    }

    void windowIconIsSharpAtAnyScale()
    {
        // The icon is vector art: drawn at 256 pixels, or at 64 on a screen of pixel ratio 2, it has every pixel
        // (a bitmap icon is never scaled up, so it would come back at its own, smaller size).
        UiFixture f;
        QVERIFY(f.open());
        const QIcon icon = f.window->windowIcon();
        QVERIFY(!icon.isNull());
        QCOMPARE(icon.pixmap(QSize(256, 256)).size(), QSize(256, 256));
        const QPixmap hiDpi = icon.pixmap(QSize(64, 64), 2.0);
        QCOMPARE(hiDpi.size(), QSize(128, 128));
        QCOMPARE(hiDpi.devicePixelRatio(), 2.0);
        // Not a blank square: the art has colour and transparency.
        const QImage image = icon.pixmap(QSize(64, 64)).toImage();
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 3);
    }

    void compareTwoScenarios()
    {
        UiFixture f;
        QVERIFY(f.open());
        auto *action = f.find<QAction>(QStringLiteral("compareScenariosAction"));
        QVERIFY(action);
        QTimer::singleShot(0, this, [&f] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto *a = dialog->findChild<QComboBox *>(QStringLiteral("compareA"));
            auto *b = dialog->findChild<QComboBox *>(QStringLiteral("compareB"));
            auto *table = dialog->findChild<QTableWidget *>(QStringLiteral("compareTable"));
            QVERIFY(a && b && table);
            b->setCurrentIndex(4); // the owned server
            const auto lines = report::compareScenarios(*f.editor()->result(), std::size_t(a->currentIndex()), 4);
            QCOMPARE(table->rowCount(), int(lines.size()));
            for (int r = 0; r < table->rowCount(); ++r) {
                QCOMPARE(table->item(r, 0)->text(), lines[std::size_t(r)].label);
                QCOMPARE(table->item(r, 1)->text(), lines[std::size_t(r)].a);
                QCOMPARE(table->item(r, 2)->text(), lines[std::size_t(r)].b);
                QCOMPARE(table->item(r, 3)->text(), lines[std::size_t(r)].difference);
            }
            QCOMPARE(table->horizontalHeaderItem(2)->text(), f.editor()->plan().scenarios[4].name);
            // An edit while it is open shows at once.
            const QString before = table->item(0, 1)->text();
            f.editor()->setScenarioValue(a->currentIndex(), tco::ParamId::Premium, 0.5);
            QVERIFY(table->item(0, 1)->text() != before);
            // A scenario that cannot be evaluated is not offered but named below the table; A and B stay as chosen.
            const QString aName = a->currentText(), bName = b->currentText();
            const QString incomplete = f.editor()->plan().scenarios[1].name;
            auto *leftOut = dialog->findChild<QLabel *>(QStringLiteral("compareLeftOut"));
            QVERIFY(leftOut && !leftOut->isVisible());
            f.editor()->setScenarioValue(1, tco::ParamId::RatePerHour, -5.0);
            QCOMPARE(a->count(), int(f.editor()->plan().scenarios.size()) - 1);
            QCOMPARE(a->findText(incomplete), -1);
            QCOMPARE(a->currentText(), aName);
            QCOMPARE(b->currentText(), bName);
            QCOMPARE(table->horizontalHeaderItem(2)->text(), bName);
            QVERIFY(leftOut->isVisible());
            QVERIFY2(leftOut->text().contains(QStringLiteral("\u201c%1\u201d").arg(incomplete)), qPrintable(leftOut->text()));
            dialog->reject();
        });
        action->trigger();
    }

    void escapeFromAMenuGivesTheFocusBack()
    {
        // Alt+F opens File from the keyboard; Esc closes it and leaves the menu bar too: the focus is back in the field
        // it came from, not on a menu title that shows no sign of holding it.
        UiFixture f;
        QVERIFY(f.open());
        f.window->show();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        f.window->showPage(ui::MainWindow::Scenarios);
        auto *engineers = f.find<QLineEdit>(QStringLiteral("param_engineers"));
        QVERIFY(engineers);
        engineers->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), engineers);
        QTest::keyClick(f.window.get(), Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(QApplication::activePopupWidget());
        QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_Escape);
        QTRY_VERIFY(!QApplication::activePopupWidget());
        // The window's focus is the field again (the offscreen platform leaves the closed menu as the active window;
        // a desktop gives the window back its activation, and with it this focus).
        QTRY_COMPARE(f.window->focusWidget(), engineers);
        QVERIFY(!f.window->menuBar()->hasFocus());
        QVERIFY(!f.window->menuBar()->activeAction());
    }

    void modelReferenceIsCompiledIn()
    {
        QFile doc(QStringLiteral(":/docs/model.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        QVERIFY(doc.readAll().contains("NPV"));
    }

};

MLTCO_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"

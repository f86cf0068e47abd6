// The window driven at random, as a hurried or careless person would: clicks and double clicks anywhere, keys and
// shortcuts, text good and bad, the wheel, resizes, every menu action, undo and redo storms, and every dialog that
// opens accepted or cancelled (files chosen among good and bad price files, bills and documents, all copies in a
// folder of the test's own), and now and then the fleet plan's whole path: find the plan, add it to the plan, visit
// every page after it (first thing in every run, then about one action in a hundred). Nothing may crash, no sanitizer may report (the ASan build), and no modal dialog may be
// left without a way out: one that stays open after it was cancelled fails the test.
//
// MLTCO_MONKEY_SECONDS (default 120: the suite's run) and MLTCO_MONKEY_SEED (default 20261128) set the run; the
// summary line names the seed to replay it; MLTCO_MONKEY_VERBOSE=1 prints each action and answer as it goes. When the
// window does not come back from an action for MLTCO_MONKEY_STALL_SECONDS (default 60), a watchdog prints the last
// 40 actions and aborts, so a hang is named rather than left to QtTest's time-out.
// `bash tests/monkey/run.sh` runs it for 30 minutes in the ASan build.

#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "ui/core/settings.h"
#include "ui/fleet/fleetplanpage.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QPointer>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSet>
#include <QSpinBox>
#include <QTimer>
#include <QWheelEvent>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

using namespace mltco;

namespace {

/// Menu actions a monkey leaves alone: leaving the app, and connecting to servers it does not have (a team store, the
/// providers' price addresses: tests/ui/tst_updateprices.cpp drives that dialog against a server of its own).
bool offLimits(const QAction *action)
{
    const QString text = action->text();
    return action->isSeparator() || action->menu() || text.contains(QLatin1String("Quit")) ||
           text.contains(QLatin1String("team store")) || action->objectName() == QLatin1String("updatePricesAction");
}

/// What a widget is, for the action log: its class and object name, or its parent's.
QString describe(const QObject *o)
{
    if (!o)
        return QStringLiteral("nothing");
    QString name = o->objectName();
    for (const QObject *p = o->parent(); name.isEmpty() && p; p = p->parent())
        if (!p->objectName().isEmpty())
            name = QStringLiteral("in ") + p->objectName();
    return QString::fromLatin1(o->metaObject()->className()) + (name.isEmpty() ? QString() : QStringLiteral(" ") + name);
}

const char *const kTexts[] = {"", "12", "-5", "0", "1e309", "lots", "3.5", "100000000000", "1,200", "€",
                              "  7 ", "NaN", "2024-13-40", "a\tb", "99.999", "%", "-0", "∞"};

} // namespace

class TestMonkey final : public QObject
{
    Q_OBJECT

    QRandomGenerator m_random;
    QTemporaryDir m_files;   // before the window: it goes after it, with the lock files the window held in it
    UiFixture m_f;
    QStringList m_openFiles; // what an Open or Import dialog may be given: copies, good and bad
    QTimer m_dialogs;
    int m_actions = 0;
    int m_accepted = 0;
    int m_cancelled = 0;
    int m_filesChosen = 0;
    int m_journeys = 0;     // fleet plans found
    int m_added = 0;        // and added to the plan
    QSet<int> m_pages;
    QPointer<QWidget> m_cancelledModal; // a modal cancelled and not yet gone
    QElapsedTimer m_cancelledAt;
    QString m_trapped;                  // a modal that stayed open after it was cancelled

    // The last actions, and a watchdog that names them when the window stops answering: an action or an answer
    // that never returns (a nested event loop without a way out, a computation without end) would otherwise
    // only show as QtTest's five-minute time-out.
    std::mutex m_logMutex;
    std::deque<std::string> m_log;
    std::atomic<qint64> m_lastBeat{0};
    QElapsedTimer m_clock;

    void note(const QString &what)
    {
        const std::string line = QStringLiteral("%1 s: %2").arg(m_clock.elapsed() / 1000.0, 0, 'f', 1).arg(what).toStdString();
        if (qEnvironmentVariableIsSet("MLTCO_MONKEY_VERBOSE"))
            std::fprintf(stderr, "monkey: %s\n", line.c_str());
        const std::lock_guard lock(m_logMutex);
        m_log.push_back(line);
        if (m_log.size() > 40)
            m_log.pop_front();
    }

    void beat() { m_lastBeat = m_clock.elapsed(); }

    /// Prints the last actions and aborts once the window has not come back for `stallMs` (QtTest then prints
    /// the stack). Runs on a thread of its own until `stop` is set.
    void watch(qint64 stallMs, const std::atomic<bool> &stop, std::mutex &m, std::condition_variable &cv)
    {
        std::unique_lock lock(m);
        while (!stop) {
            cv.wait_for(lock, std::chrono::seconds(1));
            if (!stop && m_clock.elapsed() - m_lastBeat > stallMs) {
                const std::lock_guard logLock(m_logMutex);
                std::fprintf(stderr, "monkey: the window has not come back for %lld s; the last actions were:\n",
                             static_cast<long long>(stallMs / 1000));
                for (const std::string &line : m_log)
                    std::fprintf(stderr, "  %s\n", line.c_str());
                std::fflush(stderr);
                std::abort();
            }
        }
    }

    int below(int n) { return n > 0 ? static_cast<int>(m_random.bounded(n)) : 0; }
    bool chance(int percent) { return below(100) < percent; }

    /// Calls `slot` once this answer has returned: an answer may open another dialog (a file that exists: "replace
    /// it?"), whose own event loop the next tick answers.
    static void later(QObject *target, const char *slot) { QMetaObject::invokeMethod(target, slot, Qt::QueuedConnection); }

    /// Answers the modal dialog on top, if any: called every 50 ms (queued), also inside the dialogs' own event loops.
    void answerDialog()
    {
        // A menu that popped up (a button's menu, a context menu): one of its actions, or closed.
        if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
            QList<QAction *> actions;
            for (QAction *a : menu->actions())
                if (!a->isSeparator() && a->isEnabled() && !a->menu())
                    actions << a;
            if (!actions.isEmpty() && chance(60)) {
                QAction *chosen = actions.at(below(static_cast<int>(actions.size())));
                note(QStringLiteral("pop-up menu: \"%1\"").arg(chosen->text()));
                menu->close();
                chosen->trigger();
            } else {
                note(QStringLiteral("pop-up menu closed"));
                menu->close();
            }
            return;
        }
        // Another popup (a combo box's list): a click somewhere in it, or closed.
        if (QWidget *popup = QApplication::activePopupWidget()) {
            note(QStringLiteral("pop-up %1 clicked or closed").arg(describe(popup)));
            if (chance(50))
                QTest::mouseClick(popup, Qt::LeftButton, {}, somewhere(popup));
            if (QApplication::activePopupWidget() == popup)
                popup->close();
            return;
        }
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        if (modal == m_cancelledModal) {
            if (m_cancelledAt.elapsed() > 3000 && m_trapped.isEmpty())
                m_trapped = modal->metaObject()->className() + QStringLiteral(" \"") + modal->windowTitle() +
                            QStringLiteral("\"");
            if (auto *dialog = qobject_cast<QDialog *>(modal))
                later(dialog, "reject");
            return;
        }
        auto *dialog = qobject_cast<QDialog *>(modal);
        if (!dialog)
            return;
        if (auto *files = qobject_cast<QFileDialog *>(dialog)) {
            if (chance(70)) {
                const QString chosen = files->acceptMode() == QFileDialog::AcceptSave
                                           ? m_files.filePath(QStringLiteral("saved-%1").arg(below(1000)))
                                           : m_openFiles.at(below(static_cast<int>(m_openFiles.size())));
                note(QStringLiteral("file dialog \"%1\": %2").arg(files->windowTitle(), QFileInfo(chosen).fileName()));
                files->selectFile(chosen);
                ++m_filesChosen;
                ++m_accepted;
                later(dialog, "accept");
                return;
            }
        } else if (auto *box = qobject_cast<QMessageBox *>(dialog)) {
            const QList<QAbstractButton *> buttons = box->buttons();
            if (!buttons.isEmpty() && chance(60)) {
                ++m_accepted;
                QAbstractButton *button = buttons.at(below(static_cast<int>(buttons.size())));
                note(QStringLiteral("message \"%1\": %2").arg(box->text().left(80), button->text()));
                later(button, "click");
                return;
            }
        } else if (chance(50)) {
            // A few random clicks inside, then OK.
            const QList<QWidget *> inside = dialog->findChildren<QWidget *>();
            for (int i = 0; i < 3 && !inside.isEmpty(); ++i) {
                QWidget *w = inside.at(below(static_cast<int>(inside.size())));
                if (w->isVisible() && w->isEnabled() && !qobject_cast<QAbstractButton *>(w)) {
                    note(QStringLiteral("dialog \"%1\": click %2").arg(dialog->windowTitle(), describe(w)));
                    QTest::mouseClick(w, Qt::LeftButton, {}, QPoint(below(w->width()), below(w->height())));
                }
                if (QApplication::activeModalWidget() != dialog)
                    return;
            }
            ++m_accepted;
            note(QStringLiteral("dialog \"%1\" accepted").arg(dialog->windowTitle()));
            later(dialog, "accept");
            return;
        }
        note(QStringLiteral("%1 \"%2\" cancelled").arg(describe(dialog), dialog->windowTitle()));
        ++m_cancelled;
        m_cancelledModal = dialog;
        m_cancelledAt.start();
        later(dialog, "reject");
    }

    QWidget *randomWidget()
    {
        const QList<QWidget *> all = m_f.window->findChildren<QWidget *>();
        for (int tries = 0; tries < 20 && !all.isEmpty(); ++tries) {
            QWidget *w = all.at(below(static_cast<int>(all.size())));
            if (w->isVisible() && w->isEnabled() && w->width() > 0 && w->height() > 0)
                return w;
        }
        return m_f.window.get();
    }

    /// Types `text` as key events carrying it (QTest::keyClicks takes ASCII only: "€", "∞" and tabs are typed too).
    static void typeText(QWidget *w, const QString &text)
    {
        for (const QChar c : text) {
            QKeyEvent press(QEvent::KeyPress, 0, Qt::NoModifier, QString(c));
            QApplication::sendEvent(w, &press);
            QKeyEvent release(QEvent::KeyRelease, 0, Qt::NoModifier, QString(c));
            QApplication::sendEvent(w, &release);
        }
    }

    QPoint somewhere(const QWidget *w) { return QPoint(below(w->width()), below(w->height())); }

    // The headline path: (sometimes the growing-team example first) the Fleet plan page's Run, its answer added to
    // the plan, then every page, whatever the plan has become by then.
    void fleetJourney()
    {
        ++m_journeys;
        if (auto *example = m_f.find<QAction>(QStringLiteral("openExample_growing-team")); example && (m_journeys == 1 || chance(30))) {
            note(QStringLiteral("open the growing-team example"));
            example->trigger();
        }
        note(QStringLiteral("fleet plan: run"));
        m_f.window->showPage(ui::MainWindow::FleetPlan);
        auto *page = m_f.find<ui::FleetPlanPage>(QStringLiteral("fleetPlanPage"));
        if (!page)
            return;
        QElapsedTimer waited;
        waited.start();
        const auto settle = [&] {
            while (page->isRunning() && waited.elapsed() < 30000) {
                beat();
                QTest::qWait(20);
            }
        };
        settle(); // the first show's own run
        if (auto *trials = page->findChild<QSpinBox *>(QStringLiteral("fleetTrials")))
            trials->setValue(100 + below(200));
        if (auto *run = page->findChild<QPushButton *>(QStringLiteral("fleetRun")); run && run->isEnabled())
            QTest::mouseClick(run, Qt::LeftButton);
        settle();
        if (auto *add = page->findChild<QPushButton *>(QStringLiteral("fleetAddToPlan")); add && add->isEnabled()) {
            note(QStringLiteral("fleet plan: add to plan"));
            QTest::mouseClick(add, Qt::LeftButton);
            ++m_added;
        }
        for (int p = 0; p < ui::MainWindow::PageCount; ++p) {
            note(QStringLiteral("fleet plan: page %1").arg(p + 1));
            m_f.window->showPage(static_cast<ui::MainWindow::Page>(p));
            m_pages.insert(p);
            beat();
            QTest::qWait(30);
        }
    }

    void act()
    {
        ++m_actions;
        if (m_journeys == 0 || below(100) == 0) {
            fleetJourney();
            return;
        }
        QWidget *focus = QApplication::focusWidget() ? QApplication::focusWidget() : m_f.window.get();
        switch (below(11)) {
        case 0:
        case 1:
        case 2: {
            QWidget *w = randomWidget();
            note(QStringLiteral("click %1").arg(describe(w)));
            QTest::mouseClick(w, Qt::LeftButton, {}, somewhere(w));
            break;
        }
        case 3: {
            QWidget *w = randomWidget();
            note(QStringLiteral("double click %1").arg(describe(w)));
            QTest::mouseDClick(w, Qt::LeftButton, {}, somewhere(w));
            break;
        }
        case 4: {
            static const Qt::Key keys[] = {Qt::Key_Tab,  Qt::Key_Backtab, Qt::Key_Return, Qt::Key_Escape,
                                           Qt::Key_Up,   Qt::Key_Down,    Qt::Key_PageDown, Qt::Key_Delete,
                                           Qt::Key_Backspace, Qt::Key_F2, Qt::Key_Space,  Qt::Key_Home};
            const Qt::Key key = keys[below(std::size(keys))];
            note(QStringLiteral("key %1 in %2").arg(QKeySequence(key).toString(), describe(focus)));
            QTest::keyClick(focus, key);
            break;
        }
        case 5: {
            // Shortcuts: pages, undo, redo.
            const int which = below(10);
            note(QStringLiteral("shortcut %1").arg(which < 8 ? QStringLiteral("Ctrl+%1").arg(which + 1)
                                                           : which == 8 ? QStringLiteral("undo") : QStringLiteral("redo")));
            if (which < 8)
                QTest::keyClick(focus, static_cast<Qt::Key>(Qt::Key_1 + which), Qt::ControlModifier);
            else
                QTest::keyClick(focus, Qt::Key_Z, which == 8 ? Qt::ControlModifier : Qt::ControlModifier | Qt::ShiftModifier);
            break;
        }
        case 6: {
            const QString text = QString::fromUtf8(kTexts[below(std::size(kTexts))]);
            if (qobject_cast<QLineEdit *>(focus) || qobject_cast<QAbstractSpinBox *>(focus) || qobject_cast<QComboBox *>(focus)) {
                const bool enter = chance(50);
                note(QStringLiteral("typed \"%1\" and %2 in %3").arg(text, enter ? QStringLiteral("Return") : QStringLiteral("Tab"), describe(focus)));
                QTest::keyClick(focus, Qt::Key_A, Qt::ControlModifier);
                typeText(focus, text);
                QTest::keyClick(focus, enter ? Qt::Key_Return : Qt::Key_Tab);
            } else {
                note(QStringLiteral("typed \"%1\" in %2").arg(text, describe(focus)));
                typeText(focus, text);
            }
            break;
        }
        case 7: {
            QWidget *w = randomWidget();
            const QPoint at = somewhere(w);
            note(QStringLiteral("wheel on %1").arg(describe(w)));
            QWheelEvent wheel(at, w->mapToGlobal(at), QPoint(), QPoint(0, chance(50) ? 120 : -120), Qt::NoButton,
                              chance(30) ? Qt::ControlModifier : Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(w, &wheel);
            break;
        }
        case 8: {
            const QSize size(640 + below(1300), 480 + below(800));
            note(QStringLiteral("resize to %1x%2").arg(size.width()).arg(size.height()));
            m_f.window->resize(size);
            break;
        }
        case 9: {
            QList<QAction *> actions;
            for (QAction *menu : m_f.window->menuBar()->actions())
                if (menu->menu())
                    for (QAction *a : menu->menu()->actions())
                        if (!offLimits(a) && a->isEnabled())
                            actions << a;
            if (!actions.isEmpty()) {
                QAction *chosen = actions.at(below(static_cast<int>(actions.size())));
                note(QStringLiteral("menu \"%1\"").arg(chosen->text()));
                chosen->trigger();
            }
            break;
        }
        case 10: {
            // An undo and redo storm.
            const int n = 5 + below(25);
            note(QStringLiteral("%1 undos and redos").arg(n));
            for (int i = 0; i < n; ++i)
                QTest::keyClick(m_f.window.get(), Qt::Key_Z, Qt::ControlModifier);
            for (int i = 0; i < n; ++i)
                QTest::keyClick(m_f.window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
            break;
        }
        }
        if (auto *nav = m_f.find<QListWidget>(QStringLiteral("navigation")))
            m_pages.insert(nav->currentRow());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_files.isValid());
        // Good and bad files to open or import, copied so nothing of the source tree is ever written.
        const QString data = QStringLiteral(MLTCO_SOURCE_DIR "/tests/data");
        const QStringList picks = {QStringLiteral("import/generic-prices.csv"),   QStringLiteral("import/generic-bad-rows.csv"),
                                   QStringLiteral("import/skypilot-v8-aws-vms.csv"), QStringLiteral("import/azure-retail-vms.json"),
                                   QStringLiteral("actuals/focus-1.2-aws-gpu.csv"), QStringLiteral("actuals/focus-1.0-aws.csv"),
                                   QStringLiteral("fx/eurofxref-hist.zip")};
        for (const QString &p : picks) {
            const QString copy = m_files.filePath(QFileInfo(p).fileName());
            QVERIFY(QFile::copy(data + QLatin1Char('/') + p, copy));
            m_openFiles << copy;
        }
        QFile junk(m_files.filePath(QStringLiteral("not-a-document.mltco")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("this is not SQLite");
        junk.close();
        // A plan file copied too: a plan opened from the source tree would make its folder the default for exports.
        const QString plan = m_files.filePath(QStringLiteral("growing-team.json"));
        QVERIFY(QFile::copy(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/growing-team.json"), plan));
        m_openFiles << junk.fileName() << plan;
    }

    void randomUseNeitherCrashesNorTrapsTheUser()
    {
        bool ok = false;
        const int seconds = qEnvironmentVariableIntValue("MLTCO_MONKEY_SECONDS", &ok);
        const qint64 runMs = (ok && seconds > 0 ? seconds : 120) * 1000LL;
        const quint32 seed = qEnvironmentVariableIsSet("MLTCO_MONKEY_SEED")
                                 ? static_cast<quint32>(qEnvironmentVariableIntValue("MLTCO_MONKEY_SEED"))
                                 : 20261128u;
        m_random.seed(seed);
        const int stallSeconds = qEnvironmentVariableIntValue("MLTCO_MONKEY_STALL_SECONDS", &ok);
        const qint64 stallMs = (ok && stallSeconds > 0 ? stallSeconds : 60) * 1000LL;
        m_clock.start();
        beat();
        std::atomic<bool> stop{false};
        std::mutex stopMutex;
        std::condition_variable stopped;
        std::thread watchdog([&] { watch(stallMs, stop, stopMutex, stopped); });
        const auto endWatch = qScopeGuard([&] {
            {
                const std::lock_guard lock(stopMutex);
                stop = true;
            }
            stopped.notify_all();
            watchdog.join();
        });
        // Exports offered where the last one went: the test's own folder, never the user's Documents.
        ui::Settings().rememberExport(m_files.path(), true);
        QVERIFY(m_f.open(QStringLiteral("monkey.mltco")));
        // Answered from a posted event, not from the timer's own signal: a timer does not fire again while its signal
        // is being handled, so a dialog that an answer opens (a pop-up menu's "Add scenario…") would wait forever.
        connect(&m_dialogs, &QTimer::timeout, this,
                [this] { QMetaObject::invokeMethod(this, [this] { answerDialog(); }, Qt::QueuedConnection); });
        m_dialogs.start(50);

        QElapsedTimer run;
        run.start();
        while (run.elapsed() < runMs && m_trapped.isEmpty()) {
            beat();
            answerDialog();
            if (!QApplication::activeModalWidget() && !QApplication::activePopupWidget())
                act();
            QTest::qWait(below(3) == 0 ? 20 : 1);
            QVERIFY2(m_f.window && m_f.window->isVisible(), "the main window went away");
        }
        m_dialogs.stop();
        // Whatever is still open is cancelled, and must go.
        for (int i = 0; i < 50 && QApplication::activeModalWidget(); ++i) {
            if (auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget()))
                dialog->reject();
            QTest::qWait(100);
        }
        QVERIFY2(m_trapped.isEmpty(), qPrintable(QStringLiteral("a dialog stayed open after it was cancelled: ") + m_trapped));
        QVERIFY2(!QApplication::activeModalWidget(), "a dialog cannot be closed");
        qInfo("monkey: seed %u, %d actions in %lld s, %lld of 8 pages visited, %d dialogs answered, %d cancelled, "
              "%d files chosen, %d fleet plans found and %d added to the plan, 0 crashes",
              seed, m_actions, run.elapsed() / 1000, static_cast<long long>(m_pages.size()), m_accepted, m_cancelled,
              m_filesChosen, m_journeys, m_added);
        QVERIFY(m_actions > 100);
        QVERIFY(m_added >= 1); // the first journey, on the example, always finds a plan to add
    }
};

MLTCO_TEST_MAIN(TestMonkey)
#include "tst_monkey.moc"

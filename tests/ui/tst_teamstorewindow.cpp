// Windows on a team store, against the run's PostgreSQL cluster: connecting through the dialog's widgets, a second
// window following the first one's saved edits, a stale save shown in a banner with "Reload theirs" and "Save mine
// as a copy", and a reader's window read-only.
#include "models/catalog/seedcatalog.h"
#include "models/store/planstore.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"
#include "ui/core/planeditor.h"
#include "ui/mainwindow.h"
#include "uitestutil.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

using namespace mltco;

namespace {

int engineers(const ui::MainWindow &w)
{
    return w.editor()->plan().workload.engineers;
}

} // namespace

class TestTeamStoreWindow final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(test::clusterPort() > 0, "the pg_cluster fixture did not start a cluster");
    }

    void connectsThroughTheDialog()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("dialog"));
        ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        auto *action = window.findChild<QAction *>(QStringLiteral("connectTeamStoreAction"));
        QVERIFY(action);
        bool checked = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto *connect = dialog->findChild<QPushButton *>(QStringLiteral("connectButton"));
            auto *database = dialog->findChild<QLineEdit *>(QStringLiteral("storeDatabase"));
            auto *problem = dialog->findChild<QLabel *>(QStringLiteral("storeProblem"));
            QVERIFY(connect && database && problem);
            // Refused inline until the database is named.
            database->clear();
            QVERIFY(!connect->isEnabled());
            QVERIFY(problem->text().contains(QStringLiteral("Name the database")));
            auto *host = dialog->findChild<QLineEdit *>(QStringLiteral("storeHost"));
            host->clear();
            QTest::keyClicks(host, QStringLiteral("127.0.0.1"));
            dialog->findChild<QSpinBox *>(QStringLiteral("storePort"))->setValue(test::clusterPort());
            auto *user = dialog->findChild<QLineEdit *>(QStringLiteral("storeUser"));
            user->clear();
            QTest::keyClicks(user, QStringLiteral("mltco_admin"));
            QTest::keyClicks(database, db);
            QVERIFY(connect->isEnabled());
            QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("storeUrl"))
                        ->text()
                        .contains(QStringLiteral("postgresql://mltco_admin@127.0.0.1:")));
            checked = true;
            QTest::mouseClick(connect, Qt::LeftButton);
        });
        action->trigger();
        QVERIFY(checked);
        QVERIFY(window.document());
        QVERIFY(window.document()->isTeamStore());
        QCOMPARE(window.document()->displayName(), QStringLiteral("%1 on 127.0.0.1").arg(db));
        QVERIFY(window.windowTitle().contains(db));
        QVERIFY(!window.editor()->plan().scenarios.isEmpty()); // the sample plan, stored in the new store
    }

    void aSecondWindowFollowsSavedEdits()
    {
        const QString url = test::clusterUrl(test::newClusterDatabase(QStringLiteral("follow")));
        auto a = windowOn(url);
        auto b = windowOn(url);
        QVERIFY(a && b);
        const int before = engineers(*b);
        a->editor()->setWorkloadValue(tco::ParamId::Engineers, before + 3);
        QCOMPARE(engineers(*a), before + 3);
        // B hears of the commit (LISTEN/NOTIFY), has nothing unsaved, and shows A's plan.
        QTRY_COMPARE_WITH_TIMEOUT(engineers(*b), before + 3, 10000);
        QVERIFY(!b->findChild<QWidget *>(QStringLiteral("conflictBanner"))->isVisible());
    }

    void aStaleSaveOffersReloadOrCopy()
    {
        const QString url = test::clusterUrl(test::newClusterDatabase(QStringLiteral("conflict")));
        auto a = windowOn(url);
        auto b = windowOn(url);
        QVERIFY(a && b);
        const int start = engineers(*a);
        auto *banner = b->findChild<QWidget *>(QStringLiteral("conflictBanner"));
        QVERIFY(banner && !banner->isVisible());

        // A saves; B edits before it has heard: B's save is refused, and the banner says so.
        a->editor()->setWorkloadValue(tco::ParamId::Engineers, start + 1);
        b->editor()->setWorkloadValue(tco::ParamId::Engineers, start + 7);
        QVERIFY(b->editor()->hasSaveConflict());
        QVERIFY(!a->editor()->hasSaveConflict());
        QTRY_VERIFY(banner->isVisible());
        const QString message = b->findChild<QLabel *>(QStringLiteral("conflictMessage"))->text();
        QVERIFY2(message.contains(QStringLiteral("someone else saved")), qPrintable(message));
        // What the other person changed against these edits, by name.
        QVERIFY2(message.contains(QStringLiteral("What differs: workload › engineers: %1 yours, %2 theirs")
                                      .arg(start + 7)
                                      .arg(start + 1)),
                 qPrintable(message));
        QCOMPARE(engineers(*b), start + 7); // B's edit is kept in the window until B chooses
        QTest::mouseClick(b->findChild<QPushButton *>(QStringLiteral("reloadTheirsButton")), Qt::LeftButton);
        QCOMPARE(engineers(*b), start + 1);
        QVERIFY(!banner->isVisible());

        // Again, and this time B keeps its edit as a copy; A's plan stays as A saved it.
        a->editor()->setWorkloadValue(tco::ParamId::Engineers, start + 2);
        b->editor()->setWorkloadValue(tco::ParamId::Engineers, start + 9);
        QTRY_VERIFY(banner->isVisible());
        QTest::mouseClick(b->findChild<QPushButton *>(QStringLiteral("saveMineAsCopyButton")), Qt::LeftButton);
        QVERIFY(!banner->isVisible());
        QVERIFY(b->editor()->plan().name.endsWith(QStringLiteral("(copy)")));
        QCOMPARE(engineers(*b), start + 9);
        const QList<store::StoredPlan> plans = store::PlanStore(a->document()->database()).plans();
        QCOMPARE(plans.size(), 2);
        QVERIFY(plans.at(0).json.contains(QStringLiteral("\"engineers\": %1").arg(start + 2).toUtf8()) ||
                plans.at(0).json.contains(QStringLiteral("\"engineers\":%1").arg(start + 2).toUtf8()));
        QCOMPARE(engineers(*a), start + 2);
    }

    void aReadersWindowIsReadOnly()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("reader"));
        QVERIFY(catalog::openDocument(test::clusterUrl(db)));
        QFile roles(QStringLiteral(MLTCO_TEST_DATA_DIR "/../../docs/team-store-roles.sql"));
        QVERIFY(roles.open(QIODevice::ReadOnly));
        QCOMPARE(test::clusterExec(db, QString::fromUtf8(roles.readAll())), QString());
        test::clusterExec(QStringLiteral("postgres"),
                          QStringLiteral("DO $$ BEGIN CREATE ROLE ro_cat LOGIN IN ROLE mltco_reader; "
                                         "EXCEPTION WHEN duplicate_object THEN NULL; END $$"));
        auto window = windowOn(test::clusterUrl(db, QStringLiteral("ro_cat")));
        QVERIFY(window);
        QVERIFY(window->document()->isReadOnly());
        QTRY_VERIFY(window->findChild<QWidget *>(QStringLiteral("readOnlyBanner"))->isVisible());
        QVERIFY(window->findChild<QLabel *>(QStringLiteral("readOnlyMessage"))
                    ->text()
                    .contains(QStringLiteral("ro_cat may only read")));
        QVERIFY(window->windowTitle().contains(QStringLiteral("[read-only]")));
    }
};

MLTCO_TEST_MAIN(TestTeamStoreWindow)
#include "tst_teamstorewindow.moc"

// A window on a team store whose link or server fails (docs/data-safety.md, "A team store that stops answering"):
// the banner says "unreachable — retrying" and that the window's data may be out of date, writes are refused at once,
// plan edits are kept; once the store answers again the window reconnects by itself, reads everything again, and saves
// the kept edits when asked — without overwriting a colleague's newer save. Through a proxy that freezes the link
// (sockets held open), and with a server of the test's own killed and started again.
//
// The probe asks every second here (MLTCO_STORE_PROBE_SECONDS=1), waiting up to 5 s; the link's deadline is 3 s.
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "tests/support/owncluster.h"
#include "tests/support/tcpproxy.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"
#include "ui/core/planeditor.h"
#include "ui/mainwindow.h"
#include "uitestutil.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

using namespace mltco;
using mltco::test::TcpProxy;

namespace {

QString bannerText(const ui::MainWindow &w)
{
    auto *label = w.findChild<QLabel *>(QStringLiteral("storeLinkMessage"));
    return label ? label->text() : QString();
}

bool bannerShown(const ui::MainWindow &w)
{
    auto *banner = w.findChild<QWidget *>(QStringLiteral("storeLinkBanner"));
    return banner && banner->isVisible();
}

/// The engineers of the store's first plan, read on a connection of its own; -1 when unreadable.
int storedEngineers(const QString &url)
{
    auto doc = store::Document::openExisting(url);
    if (!doc)
        return -1;
    const QList<store::StoredPlan> plans = store::PlanStore((*doc)->database()).plans();
    if (plans.isEmpty())
        return -1;
    Expected<tco::Plan> plan = tco::readPlan(plans.first().json);
    return plan ? plan->workload.engineers : -1;
}

/// A colleague's save of the first plan with `engineers`, at the revision stored; why not, in words.
QString colleagueSaves(const QString &url, int engineers)
{
    auto doc = store::Document::openExisting(url);
    if (!doc)
        return doc.error().message;
    store::PlanStore plans((*doc)->database());
    const QList<store::StoredPlan> stored = plans.plans();
    if (stored.isEmpty())
        return QStringLiteral("no plan: %1").arg(plans.readStatus() ? QString() : plans.readStatus().error().message);
    Expected<tco::Plan> plan = tco::readPlan(stored.first().json);
    if (!plan)
        return plan.error().message;
    plan->workload.engineers = engineers;
    Expected<qint64> saved = plans.update(stored.first().id, plan->name, tco::writePlan(*plan), stored.first().revision);
    return saved ? QString() : saved.error().message;
}

} // namespace

class TestStoreLink final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("MLTCO_STORE_PROBE_SECONDS", "1");
        qputenv("MLTCO_STORE_DEADLINE_SECONDS", "3");
        QVERIFY2(test::clusterPort() > 0, "the pg_cluster fixture did not start a cluster");
    }

    void aFrozenLinkIsSaidAndEditsWaitForIt()
    {
        const QString database = test::newClusterDatabase(QStringLiteral("frozen link"));
        TcpProxy proxy(test::clusterPort());
        const QString url = QStringLiteral("postgresql://mltco_admin@127.0.0.1:%1/%2").arg(proxy.port()).arg(database);
        auto window = windowOn(url);
        QVERIFY(window);
        QTest::qWait(2500); // a few answered probes: nothing to say
        QVERIFY(!bannerShown(*window));
        const int start = window->editor()->plan().workload.engineers;

        proxy.freeze();
        QElapsedTimer frozen;
        frozen.start();
        QTRY_VERIFY_WITH_TIMEOUT(bannerShown(*window), 15000);
        // At most a probe interval (1 s here) and a probe's own wait (5 s), with a margin for a loaded machine.
        QVERIFY2(frozen.elapsed() < 12000, qPrintable(QStringLiteral("said after %1 ms").arg(frozen.elapsed())));
        QString text = bannerText(*window);
        QVERIFY2(text.contains(QStringLiteral("unreachable — retrying")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("may be out of date")), qPrintable(text));
        QVERIFY(window->document()->isUnreachable());

        // An edit is kept in the window at once, never sent into the frozen link; a write is refused in words.
        QElapsedTimer edit;
        edit.start();
        window->editor()->setWorkloadValue(tco::ParamId::Engineers, start + 4);
        QVERIFY2(edit.elapsed() < 1000, qPrintable(QStringLiteral("the edit took %1 ms").arg(edit.elapsed())));
        QCOMPARE(window->editor()->plan().workload.engineers, start + 4);
        QVERIFY(window->editor()->hasUnsavedChanges());
        QVERIFY2(window->editor()->result().has_value(), qPrintable(window->editor()->evaluationError()));
        QTRY_VERIFY(bannerText(*window).contains(QStringLiteral("kept here, not saved")));
        const Status refused = window->document()->checkWritable(QStringLiteral("change the catalog of"));
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QStringLiteral("the team store is unreachable")),
                 qPrintable(refused.error().message));
        QCOMPARE(storedEngineers(test::clusterUrl(database)), start); // nothing reached the store

        // The link comes back: reconnected by itself, read again, and the kept edit saved on request.
        proxy.thaw();
        QTRY_VERIFY_WITH_TIMEOUT(bannerText(*window).contains(QStringLiteral("answers again")), 30000);
        QVERIFY(!window->document()->isUnreachable());
        text = bannerText(*window);
        QVERIFY2(text.contains(QStringLiteral("not saved yet")), qPrintable(text));
        auto *save = window->findChild<QPushButton *>(QStringLiteral("storeLinkSaveButton"));
        QVERIFY(save && save->isVisible());
        QTest::mouseClick(save, Qt::LeftButton);
        QTRY_VERIFY(!bannerShown(*window));
        QVERIFY(!window->editor()->hasUnsavedChanges());
        QCOMPARE(storedEngineers(test::clusterUrl(database)), start + 4);

        // The connection made anew works as before: the next edit is saved at once.
        window->editor()->setWorkloadValue(tco::ParamId::Engineers, start + 5);
        QVERIFY(!window->editor()->hasUnsavedChanges());
        QCOMPARE(storedEngineers(test::clusterUrl(database)), start + 5);
    }

    void aRestartedServerKeepsEditsAndAColleaguesSave()
    {
        test::OwnCluster cluster;
        QVERIFY(cluster.start());
        QVERIFY(cluster.newStore(QStringLiteral("restarted")));
        const QString url = cluster.url(QStringLiteral("restarted"));
        auto window = windowOn(url);
        QVERIFY(window);
        const int start = window->editor()->plan().workload.engineers;
        QVERIFY(cluster.checkpoint()); // the plan the window stored survives the kill

        QVERIFY(cluster.run("kill"));
        QTRY_VERIFY_WITH_TIMEOUT(bannerShown(*window), 15000);
        QVERIFY2(bannerText(*window).contains(QStringLiteral("unreachable — retrying")), qPrintable(bannerText(*window)));
        window->editor()->setWorkloadValue(tco::ParamId::Engineers, start + 2);
        QVERIFY(window->editor()->hasUnsavedChanges());

        // The server is back, and a colleague saves the plan before this window's edits are saved.
        QVERIFY(cluster.run("restart"));
        const QString colleague = colleagueSaves(url, start + 10);
        QVERIFY2(colleague.isEmpty(), qPrintable(colleague));
        QTRY_VERIFY_WITH_TIMEOUT(!window->document()->isUnreachable(), 30000);
        QCOMPARE(window->editor()->plan().workload.engineers, start + 2); // the edit kept in the window
        auto *save = window->findChild<QPushButton *>(QStringLiteral("storeLinkSaveButton"));
        if (save->isVisible())
            QTest::mouseClick(save, Qt::LeftButton);
        // Nothing overwritten: the conflict banner offers theirs or a copy of these edits.
        QTRY_VERIFY(window->editor()->hasSaveConflict());
        QTRY_VERIFY(window->findChild<QWidget *>(QStringLiteral("conflictBanner"))->isVisible());
        QCOMPARE(storedEngineers(url), start + 10);
        QCOMPARE(window->editor()->plan().workload.engineers, start + 2);
        QTest::mouseClick(window->findChild<QPushButton *>(QStringLiteral("saveMineAsCopyButton")), Qt::LeftButton);
        QVERIFY(window->editor()->plan().name.endsWith(QStringLiteral("(copy)")));
        QCOMPARE(storedEngineers(url), start + 10);
        window.reset();
    }
};

MLTCO_TEST_MAIN(TestStoreLink)
#include "tst_storelink.moc"

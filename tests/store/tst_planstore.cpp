// Plans kept in the document: insert, list in order, update in place, remove; each write atomic. Every save names
// the revision it started from, so two editors of one plan never overwrite each other unseen: run against a file and
// against a team store (tst_planstore_pg).
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace mltco;

class TestPlanStore final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void insertListUpdateRemove()
    {
        QTemporaryDir dir;
        auto doc = store::Document::open(test::newStoreLocation(dir, QStringLiteral("plans")));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        store::PlanStore plans((*doc)->database());
        QVERIFY(plans.plans().isEmpty());
        auto a = plans.insert(QStringLiteral("A"), R"({"name":"A"})");
        auto b = plans.insert(QStringLiteral("B"), R"({"name":"B"})");
        QVERIFY(a && b);
        QCOMPARE(plans.plans().size(), 2);
        QCOMPARE(plans.plans().at(0).name, QStringLiteral("A"));
        QCOMPARE(plans.plan(*a)->revision, 1);
        const Expected<qint64> saved = plans.update(*a, QStringLiteral("A2"), R"({"name":"A2"})", 1);
        QVERIFY2(saved, saved ? "" : qPrintable(saved.error().message));
        QCOMPARE(*saved, 2);
        QCOMPARE(plans.plan(*a)->json, QByteArray(R"({"name":"A2"})"));
        QCOMPARE(plans.plan(*a)->revision, 2);
        QCOMPARE(plans.plans().at(0).name, QStringLiteral("A2"));
        QVERIFY(plans.remove(*b));
        QCOMPARE(plans.plans().size(), 1);
        const Expected<qint64> missing = plans.update(*b, QStringLiteral("ghost"), "{}", 1);
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QStringLiteral("could not be saved")));
        QVERIFY(!plans.plan(*b));
    }

    // Two people open revision 1 of a plan; the first saves, the second's save is refused, names who saved when, and
    // leaves the first one's plan as they saved it.
    void aStaleSaveIsRefusedAndOverwritesNothing()
    {
        QTemporaryDir dir;
        const QString location = test::newStoreLocation(dir, QStringLiteral("stale"));
        auto first = store::Document::open(location);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        auto second = store::Document::openExisting(location);
        QVERIFY2(second, second ? "" : qPrintable(second.error().message));
        store::PlanStore mine((*first)->database());
        store::PlanStore theirs((*second)->database());
        const Expected<qint64> id = mine.insert(QStringLiteral("Team"), R"({"name":"Team"})");
        QVERIFY(id);
        const qint64 read = theirs.plan(*id)->revision;
        QVERIFY(mine.update(*id, QStringLiteral("Team"), R"({"name":"Team","by":"first"})", read));
        bool stale = false;
        const Expected<qint64> late =
            theirs.update(*id, QStringLiteral("Team"), R"({"name":"Team","by":"second"})", read, &stale);
        QVERIFY(!late);
        QVERIFY(stale);
        QVERIFY2(late.error().message.contains(QStringLiteral("someone else saved \"Team\"")),
                 qPrintable(late.error().message));
        QVERIFY(late.error().message.contains(QStringLiteral("revision 2")));
        QVERIFY(late.error().message.contains(QStringLiteral("Nothing was overwritten")));
        QCOMPARE(theirs.plan(*id)->json, QByteArray(R"({"name":"Team","by":"first"})"));
        QCOMPARE(theirs.plan(*id)->revision, 2);
    }

    // Two editors saving one plan as fast as they can, each from the revision it last saw: every save either lands
    // (and raises the revision by one) or is refused as stale, never lost silently.
    void twoEditorsRacingLoseNothingUnseen()
    {
        QTemporaryDir dir;
        const QString location = test::newStoreLocation(dir, QStringLiteral("race"));
        qint64 id = 0;
        {
            auto doc = store::Document::open(location);
            QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
            id = *store::PlanStore((*doc)->database()).insert(QStringLiteral("Race"), "{}");
        }
        constexpr int kSaves = 40;
        std::atomic<int> landed{0}, refused{0}, failed{0};
        const auto editor = [&](int who) {
            auto doc = store::Document::openExisting(location);
            if (!doc) {
                failed += kSaves;
                return;
            }
            store::PlanStore plans((*doc)->database());
            qint64 revision = plans.plan(id)->revision;
            for (int i = 0; i < kSaves; ++i) {
                bool stale = false;
                const QByteArray json = QStringLiteral(R"({"who":%1,"i":%2})").arg(who).arg(i).toUtf8();
                const Expected<qint64> saved = plans.update(id, QStringLiteral("Race"), json, revision, &stale);
                if (saved) {
                    ++landed;
                    revision = *saved;
                } else if (stale) {
                    ++refused;
                    revision = plans.plan(id)->revision; // reload, then try again with the next edit
                } else {
                    ++failed;
                }
            }
        };
        std::thread a(editor, 1), b(editor, 2);
        a.join();
        b.join();
        QCOMPARE(failed.load(), 0);
        QCOMPARE(landed + refused, 2 * kSaves);
        auto doc = store::Document::openExisting(location);
        QVERIFY(doc);
        // Revision 1 plus one per save that landed: none was overwritten without its revision moving.
        QCOMPARE(store::PlanStore((*doc)->database()).plan(id)->revision, 1 + landed.load());
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPlanStore)
#include "tst_planstore.moc"

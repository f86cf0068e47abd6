// Plans kept in the document: insert, list in order, update in place, remove; each write atomic.
#include "models/store/document.h"
#include "models/store/planstore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;

class TestPlanStore final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void insertListUpdateRemove()
    {
        QTemporaryDir dir;
        auto doc = store::Document::open(dir.filePath(QStringLiteral("plans.mltco")));
        QVERIFY(doc);
        store::PlanStore plans((*doc)->database());
        QVERIFY(plans.plans().isEmpty());
        auto a = plans.insert(QStringLiteral("A"), R"({"name":"A"})");
        auto b = plans.insert(QStringLiteral("B"), R"({"name":"B"})");
        QVERIFY(a && b);
        QCOMPARE(plans.plans().size(), 2);
        QCOMPARE(plans.plans().at(0).name, QStringLiteral("A"));
        QVERIFY(plans.update(*a, QStringLiteral("A2"), R"({"name":"A2"})"));
        QCOMPARE(plans.plan(*a)->json, QByteArray(R"({"name":"A2"})"));
        QCOMPARE(plans.plans().at(0).name, QStringLiteral("A2"));
        QVERIFY(plans.remove(*b));
        QCOMPARE(plans.plans().size(), 1);
        const Status missing = plans.update(*b, QStringLiteral("ghost"), "{}");
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QStringLiteral("could not be saved")));
        QVERIFY(!plans.plan(*b));
    }
};

QTEST_GUILESS_MAIN(TestPlanStore)
#include "tst_planstore.moc"

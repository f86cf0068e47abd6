// What differs between two plans, for a save refused because someone else saved first: worked by hand on small
// plans (scenarios named, moved, renamed; values only one side has; the line limit).
#include "models/plan/plandiff.h"
#include "tests/support/testmain.h"

#include <QTest>

using namespace mltco;

class TestPlanDiff final : public QObject
{
    Q_OBJECT

private slots:
    void identicalPlansDifferInNothing()
    {
        const QByteArray plan =
            R"({"name":"P","workload":{"engineers":4},"scenarios":[{"name":"A","rate_per_hour":1.5}]})";
        QVERIFY(tco::planDifferences(plan, plan).isEmpty());
    }

    void aChangedValueIsNamedByItsPath()
    {
        const QByteArray mine = R"({"name":"P","workload":{"engineers":11,"horizon_months":36}})";
        const QByteArray theirs = R"({"name":"P","workload":{"engineers":5,"horizon_months":36}})";
        QCOMPARE(tco::planDifferences(mine, theirs, 6, QStringLiteral("yours"), QStringLiteral("theirs")),
                 QStringList{QStringLiteral("workload › engineers: 11 yours, 5 theirs")});
    }

    void scenariosAreMatchedByNameNotPosition()
    {
        const QByteArray mine =
            R"({"scenarios":[{"name":"AWS","rate_per_hour":12.24},{"name":"GCP","rate_per_hour":7.99}]})";
        // Moved, and one rate changed: one difference, named by the scenario.
        const QByteArray theirs =
            R"({"scenarios":[{"name":"GCP","rate_per_hour":7.99},{"name":"AWS","rate_per_hour":13}]})";
        QCOMPARE(tco::planDifferences(mine, theirs),
                 QStringList{QStringLiteral("scenarios › \"AWS\" › rate_per_hour: 12.24 here, 13 there")});
        // Renamed: the old name only here, the new only there.
        const QByteArray renamed =
            R"({"scenarios":[{"name":"AWS","rate_per_hour":12.24},{"name":"GCP spot","rate_per_hour":7.99}]})";
        QCOMPARE(tco::planDifferences(mine, renamed),
                 (QStringList{QStringLiteral("scenarios › \"GCP\": only here"),
                              QStringLiteral("scenarios › \"GCP spot\": only there")}));
    }

    void valuesOnOneSideAndUnnamedEntries()
    {
        const QByteArray mine = R"({"workload":{"notes":"x","steps":[{"month":1,"engineers":4}]}})";
        const QByteArray theirs =
            R"({"workload":{"tax":0.21,"steps":[{"month":1,"engineers":6},{"month":13,"engineers":8}]}})";
        QCOMPARE(tco::planDifferences(mine, theirs),
                 (QStringList{QStringLiteral("workload › notes: only here"),
                              QStringLiteral("workload › steps › #1 › engineers: 4 here, 6 there"),
                              QStringLiteral("workload › steps › #2: only there"),
                              QStringLiteral("workload › tax: only there")}));
    }

    void manyDifferencesAreCutWithACount()
    {
        QByteArray mine = "{", theirs = "{";
        for (int i = 0; i < 10; ++i) {
            mine += (i ? "," : "") + QStringLiteral("\"k%1\":%1").arg(i).toUtf8();
            theirs += (i ? "," : "") + QStringLiteral("\"k%1\":%2").arg(i).arg(i + 100).toUtf8();
        }
        mine += '}';
        theirs += '}';
        const QStringList lines = tco::planDifferences(mine, theirs, 3);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines.at(0), QStringLiteral("k0: 0 here, 100 there"));
        QCOMPARE(lines.at(2), QStringLiteral("and 8 more"));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPlanDiff)
#include "tst_plandiff.moc"

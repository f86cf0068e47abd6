// The parameter table: one row per model.md §3–§4 parameter, consistent with the structs' defaults.
#include "models/tco/parameters.h"

#include <QFile>
#include <QSet>
#include <QTest>

using namespace mltco::tco;

class TestParameters final : public QObject
{
    Q_OBJECT

private slots:
    void everyModelParameterIsInTheTable_data();
    void everyModelParameterIsInTheTable();
    void keysAreUnique();
    void defaultsMatchTheStructs();
    void sourcesAreSeedsOrAssumptions();
    void allowedValuesInWords_data();
    void allowedValuesInWords();
    void setAndGetRoundTrip();
    void setRefusesWhatDoesNotFit();
    void validateReportsEachProblem();
    void planFormatDocListsEveryParameter();
};

void TestParameters::everyModelParameterIsInTheTable_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("kinds"); // letters d c e p, or "w" for the workload
    const QList<std::pair<const char *, const char *>> expected{
        {"engineers", "w"}, {"demand_gpu_hours", "w"}, {"job_gpu_hours", "w"}, {"horizon_months", "w"},
        {"discount_rate", "w"}, {"cloud_price_trend", "w"},
        {"rate_per_hour", "dce"}, {"gpus_per_instance", "dce"}, {"speedup", "dcep"},
        {"boxes", "d"}, {"boxes_per_engineer", "d"}, {"hours_on", "d"}, {"premium", "de"},
        {"overhead_monthly", "dce"}, {"nodes", "c"}, {"ops_fte", "ce"}, {"fte_annual_cost", "cep"},
        {"target_utilization", "c"}, {"gpus_per_job", "e"}, {"scaling_efficiency", "e"},
        {"packing_efficiency", "e"}, {"preemptions_per_job", "e"}, {"checkpoint_interval_hours", "e"},
        {"restart_hours", "e"}, {"servers", "p"}, {"server_price", "p"}, {"gpus_per_server", "p"},
        {"bulk_discounts", "p"}, {"holding_months", "p"}, {"resale_fraction", "p"},
        {"facilities_per_server_year", "p"}, {"failures_per_server_year", "p"}, {"servers_per_fte", "p"},
        {"credit_residual_at_horizon", "p"},
    };
    for (const auto &[key, kinds] : expected)
        QTest::newRow(key) << QString::fromLatin1(key) << QString::fromLatin1(kinds);
}

void TestParameters::everyModelParameterIsInTheTable()
{
    QFETCH(QString, key);
    QFETCH(QString, kinds);
    const ParameterInfo *info = parameterByKey(key);
    QVERIFY2(info, qPrintable(key));
    QString got;
    if (info->kinds == 0)
        got = QStringLiteral("w");
    const char letters[] = {'d', 'c', 'e', 'p'};
    for (int k = 0; k < kScenarioKindCount; ++k) {
        if (info->kinds & kindBit(static_cast<ScenarioKind>(k)))
            got += QLatin1Char(letters[k]);
    }
    QCOMPARE(got, kinds);
    QVERIFY(qstrlen(info->label) > 0);
    QVERIFY(qstrlen(info->help) > 0);
}

void TestParameters::keysAreUnique()
{
    QSet<QString> keys;
    for (const ParameterInfo &info : parameterTable())
        keys.insert(QLatin1String(info.key));
    QCOMPARE(keys.size(), kParamCount);
}

void TestParameters::defaultsMatchTheStructs()
{
    // The table and the default-constructed structs must say the same (both read defaults.h).
    const Workload w;
    for (ParamId id : workloadParameters()) {
        const ParameterInfo &info = parameterInfo(id);
        QVERIFY(info.defaultValue);
        QCOMPARE(parameterValue(w, id), info.defaultValue);
    }
    for (int k = 0; k < kScenarioKindCount; ++k) {
        const Scenario s = defaultScenario(static_cast<ScenarioKind>(k));
        for (ParamId id : scenarioParameters(static_cast<ScenarioKind>(k))) {
            const ParameterInfo &info = parameterInfo(id);
            if (!info.defaultValue)
                continue; // rate_per_hour (required), boxes (derived), bulk_discounts (a list)
            QVERIFY2(parameterValue(s, id) == info.defaultValue, info.key);
            QVERIFY2(isAllowedValue(info, *info.defaultValue), info.key);
        }
    }
}

void TestParameters::sourcesAreSeedsOrAssumptions()
{
    for (const ParameterInfo &info : parameterTable()) {
        const QString source = QLatin1String(info.source);
        if (!info.defaultValue && qstrlen(info.defaultNote) > 0 && source.isEmpty())
            continue; // no default to source
        QVERIFY2(source == QLatin1String("assumption") || source.endsWith(QLatin1String(".txt")), info.key);
    }
}

void TestParameters::allowedValuesInWords_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("words");
    QTest::newRow("servers") << "servers" << "an integer from 0 to 100000";
    QTest::newRow("rate") << "rate_per_hour" << "a number greater than 0 and at most 1000000";
    QTest::newRow("trend") << "cloud_price_trend" << "a number from -0.9 to 1";
    QTest::newRow("credit") << "credit_residual_at_horizon" << "true or false";
    QTest::newRow("tiers") << "bulk_discounts" << "a list of [min_servers, fraction] pairs";
}

void TestParameters::allowedValuesInWords()
{
    QFETCH(QString, key);
    QFETCH(QString, words);
    QCOMPARE(allowedValues(*parameterByKey(key)), words);
}

void TestParameters::setAndGetRoundTrip()
{
    Scenario s = defaultScenario(ScenarioKind::Dedicated);
    QVERIFY(!parameterValue(s, ParamId::Boxes)); // not set: engineers x boxes_per_engineer
    QVERIFY(setParameterValue(s, ParamId::Boxes, 3));
    QCOMPARE(parameterValue(s, ParamId::Boxes), std::optional<double>(3));
    QVERIFY(clearParameterValue(s, ParamId::Boxes));
    QVERIFY(!parameterValue(s, ParamId::Boxes));
    QVERIFY(setParameterValue(s, ParamId::RatePerHour, 12.24));
    QCOMPARE(std::get<DedicatedScenario>(s).instance.ratePerHour, 12.24);

    Scenario p = defaultScenario(ScenarioKind::Purchase);
    QVERIFY(setParameterValue(p, ParamId::CreditResidualAtHorizon, 0));
    QVERIFY(!std::get<PurchaseScenario>(p).creditResidualAtHorizon);
    QCOMPARE(parameterValue(p, ParamId::CreditResidualAtHorizon), std::optional<double>(0));

    Workload w;
    QVERIFY(setParameterValue(w, ParamId::HorizonMonths, 18));
    QCOMPARE(w.horizonMonths, 18);
}

void TestParameters::setRefusesWhatDoesNotFit()
{
    Scenario p = defaultScenario(ScenarioKind::Purchase);
    QVERIFY(!setParameterValue(p, ParamId::Servers, 2.5));            // an integer
    QVERIFY(!setParameterValue(p, ParamId::RatePerHour, 1));          // not a purchase parameter
    QVERIFY(!setParameterValue(p, ParamId::CreditResidualAtHorizon, 2));
    QVERIFY(!setParameterValue(p, ParamId::ServerPrice, qInf()));
    QVERIFY(!parameterValue(p, ParamId::Nodes));
    QVERIFY(!clearParameterValue(p, ParamId::Servers));
}

void TestParameters::validateReportsEachProblem()
{
    Workload w;
    w.horizonMonths = 0;
    w.discountRate = -0.1;
    QCOMPARE(validateWorkload(w), (QStringList{QStringLiteral("horizon_months: must be an integer from 1 to 240"),
                                               QStringLiteral("discount_rate: must be a number from 0 to 1")}));
    ElasticScenario e; // rate_per_hour 0 = missing
    e.packingEfficiency = 0;
    QCOMPARE(validateScenario(e),
             (QStringList{QStringLiteral("rate_per_hour: must be a number greater than 0 and at most 1000000"),
                          QStringLiteral("packing_efficiency: must be a number greater than 0 and at most 1")}));
    PurchaseScenario p;
    p.bulkDiscounts = {{0, 0.1}};
    QCOMPARE(validateScenario(p), QStringList{QStringLiteral(
                                      "bulk_discounts[0]: must be [min_servers, fraction] with min_servers an integer "
                                      "from 1 to 100000 and fraction a number from 0 to 0.99")});
}

void TestParameters::planFormatDocListsEveryParameter()
{
    // docs/plan-format.md carries the table as markdown rows; each must match the table exactly.
    QFile file(QStringLiteral(MLTCO_SOURCE_DIR "/docs/plan-format.md"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString doc = QString::fromUtf8(file.readAll());
    for (const ParameterInfo &p : parameterTable()) {
        QStringList kinds;
        for (int k = 0; k < kScenarioKindCount; ++k) {
            if (p.kinds & kindBit(static_cast<ScenarioKind>(k)))
                kinds << scenarioKindKey(static_cast<ScenarioKind>(k));
        }
        QString defaultText = QString::fromLatin1(p.defaultNote);
        if (p.defaultValue)
            defaultText = p.type == ParamType::Boolean ? QString::fromLatin1(*p.defaultValue ? "true" : "false")
                                                       : QString::number(*p.defaultValue, 'g', 15);
        const QString source = qstrlen(p.source) ? QString::fromLatin1(p.source) : QStringLiteral("-");
        const QString row = QStringLiteral("| `%1` | %2 | %3 | %4 | %5 | %6 | %7 |")
                                .arg(QLatin1String(p.key), QLatin1String(p.label), QLatin1String(p.unit),
                                     allowedValues(p), defaultText, source,
                                     p.kinds ? kinds.join(QStringLiteral(", ")) : QStringLiteral("workload"));
        QVERIFY2(doc.contains(row), qPrintable(row));
    }
}

QTEST_GUILESS_MAIN(TestParameters)
#include "tst_parameters.moc"

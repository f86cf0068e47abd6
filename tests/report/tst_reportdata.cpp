// What the board report says: the executive summary in words, assumptions with their sources (plan,
// catalog, default) and overrides marked, and the sources appendix.
#include "models/catalog/instanceresolver.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/seedcatalog.h"
#include "models/report/format.h"
#include "models/report/reportdata.h"
#include "models/plan/planreader.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace mltco;

class TestReportData final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<store::Document> m_doc;
    tco::Plan m_plan;
    std::optional<tco::PlanResult> m_result;
    report::ReportData m_report;

    const report::ScenarioSection *section(const QString &name) const
    {
        for (const report::ScenarioSection &s : m_report.scenarios)
            if (s.name == name)
                return &s;
        return nullptr;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        auto doc = catalog::openDocument(m_dir.filePath(QStringLiteral("report.mltco")));
        QVERIFY(doc);
        m_doc = std::move(*doc);
        QFile file(QStringLiteral(":/plans/sample-plan.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        auto plan = tco::readPlan(file.readAll());
        QVERIFY(plan);
        m_plan = *plan;
        // One scenario leaves its rate to the catalog, another overrides it.
        m_plan.scenarios[0].given.reset(static_cast<std::size_t>(tco::ParamId::RatePerHour));
        m_plan.scenarios[1].scenario = m_plan.scenarios[1].scenario; // SageMaker keeps its stated 12.24
        auto result = tco::evaluatePlan(m_plan, catalog::makeInstanceResolver(m_doc->database()));
        QVERIFY2(result, result ? "" : qPrintable(result.error().details.join(QLatin1Char('\n'))));
        m_result = *result;
        catalog::CatalogRepository repo(m_doc->database());
        m_report = report::assembleReport(m_plan, *m_result, repo.sources(), QStringLiteral("report.mltco"), QDate(2026, 11, 21));
    }

    void cleanupTestCase() { m_doc.reset(); }

    void titleFacts()
    {
        QCOMPARE(m_report.planName, m_plan.name);
        QCOMPARE(m_report.horizonMonths, 36);
        QCOMPARE(m_report.discountRate, QStringLiteral("0.0 %"));
        QVERIFY(m_report.modelVersion.contains(QStringLiteral("version 4")));
        QCOMPARE(m_report.taxView, QStringLiteral("before tax (cash)"));
        QCOMPARE(m_report.demand, QStringLiteral("2,920 V100-equivalent GPU-hours a month"));
    }

    void growingTeamReportCarriesVersionTwo()
    {
        QFile file(QStringLiteral(":/plans/growing-team.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto plan = tco::readPlan(file.readAll());
        QVERIFY(plan);
        const auto result = tco::evaluatePlan(*plan);
        QVERIFY(result);
        const report::ReportData data = report::assembleReport(*plan, *result, {}, QStringLiteral("x"), QDate(2026, 11, 23));
        QCOMPARE(data.taxView, QStringLiteral("after tax at 21.0 %"));
        QCOMPARE(data.demand, QStringLiteral("11,680 V100-equivalent GPU-hours a month; 17,520 from month 13; growing 30.0 % a "
                                             "year; peak 37,659 in month 36"));
        const QString text = data.summary.join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("Every figure is after tax at 21.0 %")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("its servers go from 1 to 3")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("the base (On-prem baseline, 1 server) costs")), qPrintable(text));
        // The break-evens in the plain words every place uses: who costs less, over how long, and at what.
        QVERIFY2(text.contains(QStringLiteral("Paying per use for GCP preemptible A100, autoscaled costs less than owning "
                                              "On-prem baseline, 1 server over 3 years at any demand the servers can serve: "
                                              "owning would catch up only at 2.6 times the work they can do")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Buying 1 or more servers (On-prem baseline, 1 server) costs less than renting "
                                              "AWS p3.8xlarge, 1-year partial upfront of equal throughput over 3 years (compared up to 20 "
                                              "servers).")),
                 qPrintable(text));
        // Choices read as their plan keys; the demand steps are a workload row of their own.
        bool macrs = false;
        for (const report::ScenarioSection &s : data.scenarios)
            for (const report::AssumptionRow &r : s.assumptions)
                macrs = macrs || (r.label == QStringLiteral("Depreciation") && r.value == QStringLiteral("macrs_5"));
        QVERIFY(macrs);
        bool steps = false;
        for (const report::AssumptionRow &r : data.workload)
            steps = steps || (r.label == QStringLiteral("Demand steps") && r.value.contains(QStringLiteral("from month 13")));
        QVERIFY(steps);
    }

    void summaryNamesCheapestTotalsAndBreakEven()
    {
        const QString text = m_report.summary.join(QLatin1Char('\n'));
        QVERIFY(text.contains(QStringLiteral("Cheapest scenario that meets all demand")));
        for (const tco::EvaluatedScenario &s : m_result->scenarios)
            QVERIFY2(text.contains(report::money(s.result.total)), qPrintable(s.name));
        QVERIFY(!m_result->breakeven.empty());
        const auto &b = m_result->breakeven.front();
        QVERIFY(b.result.servers.has_value());
        QVERIFY2(text.contains(QStringLiteral("Buying %1 ").arg(*b.result.servers)), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("pays back")) || text.contains(QStringLiteral("does not pay back")));
    }

    void assumptionsReadAsWords()
    {
        // Units beside values that already carry their sign read as words, never as the plan file's codes; an
        // instance is named as a reader would, and dates are written one way.
        const report::ScenarioSection *aws = section(m_plan.scenarios[0].name);
        QVERIFY(aws);
        QHash<QString, report::AssumptionRow> rows;
        for (const report::AssumptionRow &r : aws->assumptions)
            rows.insert(r.label, r);
        QCOMPARE(rows.value(QStringLiteral("Price per instance-hour")).unit, QStringLiteral("per hour"));
        QCOMPARE(rows.value(QStringLiteral("Premium on the rate")).unit, QString()); // "15.0 %" needs no "fraction"
        QCOMPARE(rows.value(QStringLiteral("Commitment discount")).unit, QString());
        QCOMPARE(rows.value(QStringLiteral("Paid upfront")).unit, QStringLiteral("of the term"));
        const report::AssumptionRow instance = rows.value(QStringLiteral("Catalog instance"));
        QCOMPARE(instance.value, QStringLiteral("AWS p3.8xlarge, us-east-1, on demand"));
        QVERIFY2(instance.source.contains(QRegularExpression(QStringLiteral(", \\d{1,2} [A-Z][a-z]+ \\d{4}$"))),
                 qPrintable(instance.source));
        for (const report::AssumptionRow &r : aws->assumptions)
            QVERIFY2(!r.unit.startsWith(QStringLiteral("fraction")) && !r.unit.startsWith(QStringLiteral("USD")),
                     qPrintable(r.label + QStringLiteral(": ") + r.unit));
        QCOMPARE(report::reportDate(QDate(2023, 11, 1)), QStringLiteral("1 November 2023"));
    }

    void assumptionsCiteTheirSources()
    {
        const report::ScenarioSection *aws = section(m_plan.scenarios[0].name);
        QVERIFY(aws);
        bool sawCatalogRate = false;
        bool sawDefault = false;
        for (const report::AssumptionRow &r : aws->assumptions) {
            if (r.label == QString::fromUtf8(tco::parameterInfo(tco::ParamId::RatePerHour).label)) {
                QVERIFY2(r.source.startsWith(QStringLiteral("catalog: ")), qPrintable(r.source));
                QCOMPARE(r.value, QStringLiteral("$12.24"));
                sawCatalogRate = true;
            }
            if (r.source.startsWith(QStringLiteral("default (")))
                sawDefault = true;
        }
        QVERIFY(sawCatalogRate);
        QVERIFY(sawDefault || aws->assumptions.size() > 0);
    }

    void overrideOfACatalogValueIsMarked()
    {
        // The GCP node states $70,000/8,760 an hour while the catalog has it too: equal values are not
        // overrides; change one and it is.
        tco::Plan plan = m_plan;
        tco::setParameterValue(plan.scenarios[1].scenario, tco::ParamId::RatePerHour, 13.0);
        auto result = tco::evaluatePlan(plan, catalog::makeInstanceResolver(m_doc->database()));
        QVERIFY(result);
        const report::ReportData data = report::assembleReport(plan, *result, {}, QString(), QDate());
        bool marked = false;
        for (const report::AssumptionRow &r : data.scenarios[1].assumptions)
            if (r.overridesCatalog) {
                marked = true;
                QVERIFY2(r.note.contains(QStringLiteral("overrides catalog $12.24")), qPrintable(r.note));
            }
        QVERIFY(marked);
    }

    void modelNotesAreInWordsAndNameWhatWasLeftOut()
    {
        // An override warns; a scenario the catalog cannot price is left out (as the desktop app evaluates).
        tco::Plan plan = m_plan;
        tco::setParameterValue(plan.scenarios[1].scenario, tco::ParamId::RatePerHour, 13.0);
        plan.scenarios[2].instance->name = QStringLiteral("no-such-instance");
        plan.scenarios[2].given.reset(static_cast<std::size_t>(tco::ParamId::RatePerHour));
        auto result = tco::evaluatePlan(plan, catalog::makeInstanceResolver(m_doc->database()), tco::Incomplete::LeaveOut);
        QVERIFY(result);
        QCOMPARE(result->leftOut.size(), std::size_t(1));
        const report::ReportData data = report::assembleReport(plan, *result, {}, QString(), QDate());
        QVERIFY(!data.warnings.isEmpty());
        const QString name = plan.scenarios[2].name;
        QVERIFY2(data.warnings.first().startsWith(QStringLiteral("\u201c%1\u201d is left out until it can be evaluated: "
                                                                 "\u201c%1\u201d \u2014 Catalog instance: ").arg(name)),
                 qPrintable(data.warnings.first()));
        for (const QString &w : data.warnings)
            QVERIFY2(!w.contains(QStringLiteral("scenarios[")), qPrintable(w));
        QVERIFY(std::any_of(data.warnings.cbegin(), data.warnings.cend(), [&](const QString &w) {
            return w.startsWith(QStringLiteral("\u201c%1\u201d \u2014 Price per instance-hour: the plan's $13.00/h is used")
                                    .arg(plan.scenarios[1].name));
        }));
        QCOMPARE(data.scenarios.size(), plan.scenarios.size() - 1);
    }

    void appendixListsSeedArticlesAndCatalogSources()
    {
        QVERIFY(!m_report.sources.isEmpty());
        QStringList references;
        for (const report::SourceRow &s : m_report.sources)
            references << s.reference;
        QVERIFY2(references.contains(QStringLiteral("000_8df8b20412f607fd.txt")), qPrintable(references.join(u',')));
        // The catalog price used by the AWS scenario is listed with its date.
        const QString key = m_result->scenarios.front().instance->source;
        bool found = false;
        for (const report::SourceRow &s : m_report.sources)
            found = found || s.key == key;
        QVERIFY2(found, qPrintable(key));
    }

    void parameterFormatting()
    {
        QCOMPARE(report::formatParameter(tco::ParamId::ServerPrice, 150000), QStringLiteral("$150,000.00"));
        QCOMPARE(report::formatParameter(tco::ParamId::ResaleFraction, 0.3), QStringLiteral("30.0 %"));
        QCOMPARE(report::formatParameter(tco::ParamId::Servers, 6), QStringLiteral("6"));
        QCOMPARE(report::formatParameter(tco::ParamId::Speedup, 4), QStringLiteral("4"));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestReportData)
#include "tst_reportdata.moc"

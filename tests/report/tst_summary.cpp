// The executive summary (models/report/summary.h): the recommendation sentence is worked out from the results
// (change an assumption and it changes), measured against the right alternative, with the payback month of an
// owned option; unmet demand and ties are said in words; the comparison and the sensitivities are checked against
// figures worked out here from the evaluation itself.
#include "models/report/format.h"
#include "models/report/reportdata.h"
#include "models/report/summary.h"
#include "models/report/titlecheck.h"
#include "models/tco/breakeven.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "tests/support/testmain.h"

#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace mltco;

namespace {

// A three-year plan of 2,920 reference GPU-hours a month: `scenarios` is the JSON list's contents.
tco::Plan plan(const QByteArray &scenarios)
{
    const QByteArray json = R"({"name": "Rent or buy", "workload": {"engineers": 4, "demand_gpu_hours": 2920,
        "horizon_months": 36, "discount_rate": 0.05, "cloud_price_trend": 0}, "scenarios": [)" + scenarios + "]}";
    auto read = tco::readPlan(json);
    if (!read)
        qFatal("%s", qPrintable(read.error().message + QLatin1Char(' ') + read.error().details.join(QLatin1Char(' '))));
    return *read;
}

tco::PlanResult evaluate(const tco::Plan &p)
{
    auto result = tco::evaluatePlan(p);
    if (!result)
        qFatal("%s", qPrintable(result.error().message));
    return *result;
}

const tco::EvaluatedScenario &named(const tco::PlanResult &r, const QString &name)
{
    for (const tco::EvaluatedScenario &s : r.scenarios)
        if (s.name == name)
            return s;
    qFatal("no scenario %s", qPrintable(name));
}

// The payback month worked out here: the first month whose running total of `a` is at most that of `b`.
int paybackMonth(const tco::ScenarioResult &a, const tco::ScenarioResult &b)
{
    double ca = 0, cb = 0;
    for (std::size_t m = 0; m < a.months.size(); ++m) {
        ca += a.months[m].total;
        cb += b.months[m].total;
        if (ca <= cb)
            return static_cast<int>(m) + 1;
    }
    return -1;
}

const QByteArray kRent = R"({"name": "Rent", "kind": "dedicated", "rate_per_hour": 40, "boxes": 1, "gpus_per_instance": 8})";
const QByteArray kOwn = R"({"name": "Own", "kind": "purchase", "servers": 1})";
const QByteArray kBurst = R"({"name": "Burst", "kind": "elastic", "rate_per_hour": 60, "gpus_per_instance": 8})";

} // namespace

class TestSummary final : public QObject
{
    Q_OBJECT

private slots:
    void aTitleThePlanOutgrewIsNamed_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<int>("engineers");
        QTest::addColumn<int>("horizon");
        QTest::addColumn<QStringList>("expected");
        const QString four = QStringLiteral("TCO for four ML engineers over three years");
        QTest::newRow("as written") << four << 4 << 36 << QStringList{};
        QTest::newRow("grown") << four << 12 << 48
                               << QStringList{QStringLiteral("The title says \u201cthree years\u201d; the plan runs 48 months."),
                                              QStringLiteral("The title says \u201cfour ML engineers\u201d; the plan has 12 engineers.")};
        QTest::newRow("digits, months") << QStringLiteral("A 36-month plan for 12 engineers") << 12 << 36 << QStringList{};
        QTest::newRow("digits, one off") << QStringLiteral("A 36-month plan for 12 engineers") << 1 << 24
                                         << QStringList{QStringLiteral("The title says \u201c36-month\u201d; the plan runs 24 months."),
                                                        QStringLiteral("The title says \u201c12 engineers\u201d; the plan has 1 engineer.")};
        QTest::newRow("no figures") << QStringLiteral("Growing team, after tax") << 30 << 60 << QStringList{};
        QTest::newRow("not a number") << QStringLiteral("Several years of many engineers") << 30 << 60 << QStringList{};
    }

    void aTitleThePlanOutgrewIsNamed()
    {
        QFETCH(QString, title);
        QFETCH(int, engineers);
        QFETCH(int, horizon);
        QFETCH(QStringList, expected);
        tco::Plan p;
        p.name = title;
        p.workload.engineers = engineers;
        p.workload.horizonMonths = horizon;
        QCOMPARE(report::titleMismatches(p), expected);
    }

    void ownedOptionIsMeasuredAgainstTheCheapestCloudOne()
    {
        const tco::Plan p = plan(kRent + ",\n" + kOwn + ",\n" + kBurst);
        const tco::PlanResult r = evaluate(p);
        const auto &own = named(r, QStringLiteral("Own")).result;
        const auto &rent = named(r, QStringLiteral("Rent")).result;
        const auto &burst = named(r, QStringLiteral("Burst")).result;
        QVERIFY2(own.total < rent.total && own.total < burst.total, "the plan is meant to make owning cheapest");
        const tco::ScenarioResult &cloud = rent.total < burst.total ? rent : burst;
        const QString cloudName = rent.total < burst.total ? QStringLiteral("Rent") : QStringLiteral("Burst");

        const report::ExecutiveSummary s = report::executiveSummary(p, r);
        QCOMPARE(s.recommended, 1);
        QCOMPARE(s.rows[1].recommended, true);
        QCOMPARE(s.paybackMonth, std::optional<int>(paybackMonth(own, cloud)));
        const double saving = cloud.total - own.total;
        // Next to the payback, the return on owning over renting (model.md §12).
        const std::optional<double> irr = tco::owningReturn(own, cloud);
        QVERIFY(irr && *irr > 0.0);
        QCOMPARE(s.owningIrr, irr);
        QCOMPARE(s.recommendation,
                 QStringLiteral("Buy 1 server (Own): %1 (%2) less than the cheapest cloud option, %3, over 3 years, "
                                "paying back in month %4 (an annual return on owning of %5).")
                     .arg(report::moneyCompact(saving), report::percent(saving / cloud.total, 0), cloudName)
                     .arg(paybackMonth(own, cloud))
                     .arg(report::percent(*irr)));
        QCOMPARE(s.owningReturns.size(), 1);
        QVERIFY2(s.owningReturns.front().startsWith(QStringLiteral("Owning (Own) instead of renting %1 (the cheapest cloud "
                                                                   "option that meets the demand): pays back in month %2; "
                                                                   "an annual return on owning of ")
                                                        .arg(cloudName)
                                                        .arg(paybackMonth(own, cloud))),
                 qPrintable(s.owningReturns.front()));
        QVERIFY(report::summaryText(s, report::SummaryFormat::Text).contains(s.owningReturns.front()));
        QCOMPARE(s.question, QStringLiteral("Which way of providing 2,920 V100-equivalent GPU-hours a month costs least over "
                                            "3 years?"));
        // The comparison carries every scenario's own figures, in plan order.
        QCOMPARE(s.rows.size(), std::size_t{3});
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(s.rows[i].name, r.scenarios[i].name);
            QCOMPARE(s.rows[i].total, r.scenarios[i].result.total);
            QCOMPARE(s.rows[i].npv, r.scenarios[i].result.npv);
            QCOMPARE(s.rows[i].perYear, r.scenarios[i].result.averageAnnual);
        }
        QCOMPARE(s.rows[1].kind, QStringLiteral("owned servers"));
    }

    // One break-even story: the summary's "Buy or rent" line is the dashboard's (the headline purchase against the
    // cheapest cloud option that meets the demand), says which option that is, and reads in plain words; a return on
    // owning below zero is said as what it means.
    void buyOrRentIsOneStoryInPlainWords()
    {
        const tco::Plan p = plan(R"({"name": "Own", "kind": "purchase", "servers": 1, "server_price": 400000},
            {"name": "Node", "kind": "dedicated", "boxes": 1, "rate_per_hour": 8, "gpus_per_instance": 8, "speedup": 4},
            {"name": "Pool", "kind": "elastic", "rate_per_hour": 2.9, "speedup": 4},
            {"name": "Dear node", "kind": "dedicated", "boxes": 1, "rate_per_hour": 30, "gpus_per_instance": 8, "speedup": 4})");
        const tco::PlanResult r = evaluate(p);
        const report::ExecutiveSummary s = report::executiveSummary(p, r);
        const tco::OwningCounterpart counterpart = tco::owningCounterpart(r);
        QVERIFY(counterpart.cloud >= 0 && counterpart.meetsDemand);
        // The counterpart is the cheapest of the three cloud options, all of which meet the demand.
        for (const QString &cloud : {QStringLiteral("Node"), QStringLiteral("Pool"), QStringLiteral("Dear node")})
            QVERIFY(r.scenarios[std::size_t(counterpart.cloud)].result.total <= named(r, cloud).result.total);
        const QString cloudName = r.scenarios[std::size_t(counterpart.cloud)].name;
        const std::optional<tco::HeadlineBreakEven> h = tco::headlineBreakEven(r);
        QVERIFY(h);
        QCOMPARE(h->cloud, counterpart.cloud);
        QCOMPARE(s.buyOrRent, report::breakEvenSentence(h->breakEven, 36) +
                                  QStringLiteral(" Owning is measured against %1, the cheapest cloud option that meets the "
                                                 "demand.")
                                      .arg(cloudName));
        QVERIFY2(s.buyOrRent.contains(QStringLiteral("over 3 years")), qPrintable(s.buyOrRent));
        // Owning at $400,000 against the cheapest cloud option loses: the return says so in words.
        const std::optional<double> irr = tco::owningReturn(named(r, QStringLiteral("Own")).result,
                                                            r.scenarios[std::size_t(counterpart.cloud)].result);
        QVERIFY(irr && *irr < 0.0);
        QCOMPARE(s.owningReturns.size(), 1);
        QVERIFY2(s.owningReturns.front().contains(QStringLiteral("owning never earns back its extra outlay (as a return, %1 "
                                                                 "a year: it loses against renting)")
                                                      .arg(report::percent(*irr))),
                 qPrintable(s.owningReturns.front()));
        const QString text = report::summaryText(s, report::SummaryFormat::Text);
        QVERIFY(!text.contains(QStringLiteral("of what the servers can do")));
        QVERIFY(text.contains(cloudName));
    }

    // Preemptible capacity is recommended only with its interruption risk in the same sentence; capacity that is not
    // preemptible gets no such words.
    void preemptibleIsRecommendedWithItsRisk()
    {
        const tco::Plan p = plan(R"({"name": "Node", "kind": "dedicated", "boxes": 1, "rate_per_hour": 8, "gpus_per_instance": 8, "speedup": 4},
            {"name": "Spot", "kind": "elastic", "rate_per_hour": 0.9, "speedup": 4, "preemptions_per_job": 0.05,
             "checkpoint_interval_hours": 2, "restart_hours": 0.5})");
        const report::ExecutiveSummary s = report::executiveSummary(p, evaluate(p));
        QVERIFY2(s.recommendation.startsWith(QStringLiteral("Use Spot (pay-per-use cloud)")), qPrintable(s.recommendation));
        QVERIFY2(s.recommendation.endsWith(QStringLiteral(
                     " It runs on preemptible capacity, which the provider can take back at short notice: the figures "
                     "include about 5 interruptions in 100 jobs, each redoing up to 2 hours of work since the last "
                     "checkpoint and 0.5 hours to restart; work that cannot wait needs capacity that is not preemptible.")),
                 qPrintable(s.recommendation));
        const tco::Plan onDemand = plan(R"({"name": "Node", "kind": "dedicated", "boxes": 1, "rate_per_hour": 8, "gpus_per_instance": 8, "speedup": 4},
            {"name": "On demand", "kind": "elastic", "rate_per_hour": 2.9, "speedup": 4})");
        const report::ExecutiveSummary o = report::executiveSummary(onDemand, evaluate(onDemand));
        QVERIFY2(o.recommendation.startsWith(QStringLiteral("Use On demand")), qPrintable(o.recommendation));
        QVERIFY(!o.recommendation.contains(QStringLiteral("preemptible")));
    }

    void recommendationFollowsTheResults()
    {
        // The same plan with the cloud rate cut to a tenth: now renting wins, and the sentence says so.
        tco::Plan p = plan(kRent + ",\n" + kOwn);
        const QString before = report::executiveSummary(p, evaluate(p)).recommendation;
        QVERIFY(before.startsWith(QStringLiteral("Buy 1 server (Own)")));
        tco::setParameterValue(p.scenarios[0].scenario, tco::ParamId::RatePerHour, 4.0);
        const tco::PlanResult r = evaluate(p);
        const report::ExecutiveSummary s = report::executiveSummary(p, r);
        const double saving = named(r, QStringLiteral("Own")).result.total - named(r, QStringLiteral("Rent")).result.total;
        QVERIFY(saving > 0);
        QCOMPARE(s.recommended, 0);
        QCOMPARE(s.alternative, 1);
        QCOMPARE(s.paybackMonth, std::nullopt);
        QCOMPARE(s.recommendation,
                 QStringLiteral("Use Rent (cloud, always on): %1 (%2) less than the next cheapest, Own, over 3 years.")
                     .arg(report::moneyCompact(saving), report::percent(saving / named(r, QStringLiteral("Own")).result.total, 0)));
        QVERIFY(s.recommendation != before);
    }

    void anOptionThatDoesLessIsNotRecommended()
    {
        // Two boxes of a 1-GPU instance cannot serve 2,920 GPU-hours a month: cheapest, but it does less.
        const QByteArray small = R"({"name": "Too small", "kind": "dedicated", "rate_per_hour": 1, "boxes": 2, "gpus_per_instance": 1})";
        const tco::Plan p = plan(small + ",\n" + kRent + ",\n" + kOwn);
        const tco::PlanResult r = evaluate(p);
        QVERIFY(named(r, QStringLiteral("Too small")).result.hasUnmetDemand());
        const report::ExecutiveSummary s = report::executiveSummary(p, r);
        QVERIFY(s.recommended != 0);
        QCOMPARE(s.rows[0].unmetShare, 0.5); // 2 GPUs x 730 h of 2,920
        QVERIFY(!s.rows[0].recommended);
        QCOMPARE(s.notes.first(), QStringLiteral("1 option leaves part of the demand undone (marked *): cheaper because "
                                                 "it does less, so it is not recommended."));
        const QString text = report::summaryText(s, report::SummaryFormat::Text);
        QVERIFY2(text.contains(QStringLiteral("Too small * (leaves %1 undone)").arg(report::percent(s.rows[0].unmetShare, 0))),
                 qPrintable(text));
    }

    void noOptionMeetingTheDemandIsSaidInWords()
    {
        const QByteArray small = R"({"name": "Too small", "kind": "dedicated", "rate_per_hour": 1, "boxes": 2, "gpus_per_instance": 1})";
        const QByteArray smaller = R"({"name": "Smaller", "kind": "dedicated", "rate_per_hour": 1, "boxes": 1, "gpus_per_instance": 1})";
        const tco::Plan p = plan(small + ",\n" + smaller);
        const tco::PlanResult r = evaluate(p);
        const report::ExecutiveSummary s = report::executiveSummary(p, r);
        QCOMPARE(s.recommended, -1);
        const auto &closest = named(r, QStringLiteral("Too small")).result;
        QCOMPARE(s.recommendation, QStringLiteral("No option meets all of the demand: the closest, Too small, leaves %1 "
                                                  "of it undone. Size the options to the demand before choosing.")
                                       .arg(report::percent(closest.unmet / closest.demand, 0)));
        QVERIFY(s.sensitivities.empty());
    }

    void nearTiesAreNotCrowned()
    {
        // Two identical cloud options but for a hair of price: the figures do not choose.
        const QByteArray a = R"({"name": "A", "kind": "dedicated", "rate_per_hour": 40, "boxes": 1, "gpus_per_instance": 8})";
        const QByteArray b = R"({"name": "B", "kind": "dedicated", "rate_per_hour": 40.1, "boxes": 1, "gpus_per_instance": 8})";
        const tco::Plan p = plan(a + ",\n" + b);
        const report::ExecutiveSummary s = report::executiveSummary(p, evaluate(p));
        QVERIFY2(s.recommendation.startsWith(QStringLiteral("A and B cost the same within 0.5 % over 3 years")),
                 qPrintable(s.recommendation));
    }

    void sensitivitiesAreTheInputsThatMoveTheSavingMost()
    {
        // Renting at $40 an hour against one owned server: the cloud rate moves the saving by ±20 % of the whole
        // rent (its low and high are the tornado's ±20 %), far more than anything else, and is named first with
        // the saving at each end worked out here.
        const tco::Plan p = plan(kRent + ",\n" + kOwn);
        const tco::PlanResult r = evaluate(p);
        const report::ExecutiveSummary s = report::executiveSummary(p, r);
        QVERIFY(!s.sensitivities.empty());
        QVERIFY(s.sensitivities.size() <= 2);
        const report::Sensitivity &first = s.sensitivities.front();
        QCOMPARE(first.input, QStringLiteral("Price per instance-hour of Rent"));
        QCOMPARE(first.base, QStringLiteral("$40.00"));
        QCOMPARE(first.low, QStringLiteral("$32.00"));
        QCOMPARE(first.high, QStringLiteral("$48.00"));
        // Rent is linear in its rate (one box, always on, no premium): its total scales with it.
        const double rent = named(r, QStringLiteral("Rent")).result.total;
        const double own = named(r, QStringLiteral("Own")).result.total;
        QVERIFY(std::fabs(first.savingLow - (0.8 * rent - own)) < 1e-6 * rent);
        QVERIFY(std::fabs(first.savingHigh - (1.2 * rent - own)) < 1e-6 * rent);
        QVERIFY(first.sentence.startsWith(QStringLiteral("Price per instance-hour of Rent ($32.00 to $48.00, now $40.00): ")));
        // Decisions (how many servers, boxes) are not what the answer hangs on.
        for (const report::Sensitivity &x : s.sensitivities) {
            QVERIFY(!x.input.startsWith(QStringLiteral("Servers")));
            QVERIFY(!x.input.startsWith(QStringLiteral("Boxes")));
        }
    }

    void twoScenariosSideBySide()
    {
        const tco::Plan p = plan(kRent + ",\n" + kOwn);
        const tco::PlanResult r = evaluate(p);
        const auto &rent = r.scenarios[0].result, &own = r.scenarios[1].result;
        const std::vector<report::ComparisonLine> lines = report::compareScenarios(r, 0, 1);
        const auto line = [&](const QString &label) -> const report::ComparisonLine * {
            for (const report::ComparisonLine &l : lines)
                if (l.label == label)
                    return &l;
            return nullptr;
        };
        QVERIFY(line(QStringLiteral("Total")));
        QCOMPARE(line(QStringLiteral("Total"))->a, report::moneyWhole(rent.total));
        QCOMPARE(line(QStringLiteral("Total"))->b, report::moneyWhole(own.total));
        QCOMPARE(line(QStringLiteral("Total"))->difference, QStringLiteral("+") + report::moneyWhole(rent.total - own.total));
        QCOMPARE(report::compareScenarios(r, 1, 0).front().difference,
                 QStringLiteral("-") + report::moneyWhole(rent.total - own.total));
        // Only the categories either one has: renting has no capex, owning no compute; both are listed.
        QVERIFY(line(QStringLiteral("Compute")) && line(QStringLiteral("Capex")));
        QVERIFY(!line(QStringLiteral("Power"))); // neither pays power on its own line here
        QCOMPARE(line(QStringLiteral("Capex"))->aValue, 0.0);
        QCOMPARE(line(QStringLiteral("Capex"))->bValue, own.categoryTotal(tco::Category::Capex));
        // The owned option's payback against the rented one, in the owned option's column.
        QVERIFY(line(QStringLiteral("Owned option pays back")));
        QCOMPARE(line(QStringLiteral("Owned option pays back"))->b, QStringLiteral("month %1").arg(paybackMonth(own, rent)));
        QVERIFY(line(QStringLiteral("Owned option pays back"))->a.isEmpty());
        QVERIFY(report::compareScenarios(r, 0, 7).empty()); // out of range: nothing, no crash
    }

    void aScenarioLeftOutIsNamedNotCompared()
    {
        // "Burst" names an instance but there is no catalog to price it: the desktop app evaluates the others and the summary says what is missing.
        const QByteArray unpriced = R"({"name": "Burst", "kind": "elastic", "instance": {"provider": "aws",
            "name": "p4d.24xlarge", "region": "us-east-1", "pricing": "on_demand"}})";
        const tco::Plan p = plan(kRent + ",\n" + unpriced + ",\n" + kOwn);
        const auto result = tco::evaluatePlan(p, {}, tco::Incomplete::LeaveOut);
        QVERIFY(result);
        const report::ExecutiveSummary s = report::executiveSummary(p, *result);
        QCOMPARE(s.rows.size(), std::size_t(2));
        QCOMPARE(s.rows[0].name, QStringLiteral("Rent"));
        QCOMPARE(s.rows[1].name, QStringLiteral("Own"));
        // The same recommendation as without it.
        const tco::Plan without = plan(kRent + ",\n" + kOwn);
        QCOMPARE(s.recommendation, report::executiveSummary(without, evaluate(without)).recommendation);
        const QString note = QStringLiteral("\u201cBurst\u201d is left out until it can be evaluated: \u201cBurst\u201d: "
                                            "rate_per_hour, gpus_per_instance, speedup not given, and there is no "
                                            "catalog to look up aws p4d.24xlarge");
        QVERIFY2(std::any_of(s.notes.cbegin(), s.notes.cend(), [&](const QString &n) { return n.startsWith(note); }),
                 qPrintable(s.notes.join(QLatin1Char('\n'))));
        QVERIFY(report::summaryText(s, report::SummaryFormat::Text).contains(note));
    }

    void textAndMarkdown()
    {
        const tco::Plan p = plan(kRent + ",\n" + kOwn);
        const report::ExecutiveSummary s = report::executiveSummary(p, evaluate(p));
        const QString md = report::summaryText(s, report::SummaryFormat::Markdown);
        QVERIFY(md.startsWith(QStringLiteral("## Rent or buy\n")));
        QVERIFY(md.contains(QStringLiteral("**Recommendation.** ") + s.recommendation));
        QVERIFY(md.contains(QStringLiteral("| Scenario | Kind | Total | NPV | Per year | Per served GPU-hour |\n|---|---|---:|---:|---:|---:|\n")));
        QVERIFY(md.contains(QStringLiteral("| **Own** (recommended) | owned servers | %1 |").arg(report::moneyWhole(s.rows[1].total))));
        const QString text = report::summaryText(s, report::SummaryFormat::Text);
        QVERIFY(text.contains(QStringLiteral("Recommendation: ") + s.recommendation));
        // Columns line up: every table line is as long as the rule under the header, or shorter by trimmed spaces.
        const QStringList lines = text.split(QLatin1Char('\n'));
        const qsizetype rule = lines.indexOf(QRegularExpression(QStringLiteral("^-+(  -+)+$")));
        QVERIFY(rule > 0);
        QCOMPARE(lines[rule + 1].size(), lines[rule].size());
        QCOMPARE(lines[rule + 2].size(), lines[rule].size());
    }
};

MLTCO_TEST_GUILESS_MAIN(TestSummary)
#include "tst_summary.moc"

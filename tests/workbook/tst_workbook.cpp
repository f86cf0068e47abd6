// The plan as a live workbook, held against LibreOffice Calc, the real client: `mltco-cli report --xlsx` of the
// examples, of a plan with every option of model.md and of random plans of every kind is opened in LibreOffice,
// recalculated from scratch (tests/workbook/recalc.py: calculateAll through python3-uno) and held against
// `mltco-cli evaluate` of the same plan: every scenario's total and NPV on the Summary and every month × category cell
// of its sheet equal to the cent, no cell in error, and every formula's cached value what LibreOffice computes. Then
// the assumptions are live: one input at a time is changed in the workbook's Assumptions and the recalculated totals
// and NPVs are held against `evaluate` of the plan with the same change. A reader that does not recalculate (openpyxl
// with cached values) sees every Summary figure. A failed write leaves nothing under the chosen name.
//
// MLTCO_WORKBOOK_RANDOM sets how many random plans (default 4).
#include "tests/cli/clirunner.h"
#include "tests/cli/randomplan.h"
#include "tests/support/testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

const QStringList kCategories{QStringLiteral("compute"),    QStringLiteral("capex"),    QStringLiteral("resale"),
                              QStringLiteral("financing"),  QStringLiteral("facilities"), QStringLiteral("power"),
                              QStringLiteral("failures"),   QStringLiteral("staff"),    QStringLiteral("overhead"),
                              QStringLiteral("tax")};

// Every option of model.md versions 2 and 3 in one plan (and two names a sheet cannot take as they are, alike in their
// first 31 characters): loans (and at 0 %), leases (by factor and by payment),
// schedules, lead time, bulk tiers, straight line over other than the holding period, MACRS, no residual credit, demand
// per engineer with steps and growth, the plan's electricity price, commitments with upfronts, reserved terms, a mix with
// and without burst, a hybrid on a cluster, trends and tax.
const QByteArray kEveryOption = R"({"name": "Every option", "workload": {
    "engineers": 6, "demand_gpu_hours_per_engineer": 900, "horizon_months": 40, "discount_rate": 0.08,
    "cloud_price_trend": -0.1, "demand_growth": 0.3, "demand_steps": [[7, 7000], [25, 3000]], "tax_rate": 0.21,
    "electricity_per_kwh": 0.17},
  "scenarios": [
    {"name": "Loaned servers", "kind": "purchase", "servers": 2, "server_price": 150000, "gpus_per_server": 8, "speedup": 4,
     "purchases": [[5, 3], [14, 1]], "lead_time_months": 2, "bulk_discounts": [[3, 0.1], [2, 0.05]],
     "holding_months": 24, "resale_fraction": 0.3, "power_kw_per_server": 6.5, "electricity_price_trend": 0.05,
     "depreciation": "straight_line", "depreciation_months": 30, "financing": "loan", "loan_rate": 0.07,
     "loan_term_months": 36, "down_payment_fraction": 0.2},
    {"name": "Free loan", "kind": "purchase", "servers": 1, "financing": "loan", "loan_rate": 0, "loan_term_months": 12,
     "depreciation": "macrs_5", "holding_months": 30, "credit_residual_at_horizon": false},
    {"name": "Bob's [lease]: 1/2 · € \u0022fixed\u0022 payment by factor", "kind": "purchase", "servers": 2, "purchases": [[10, 2]], "lead_time_months": 1,
     "financing": "lease", "lease_rate_factor": 0.03, "power_kw_per_server": 5, "electricity_per_kwh": 0.09},
    {"name": "Bob's [lease]: 1/2 · € \u0022fixed\u0022 payment of a long name", "kind": "purchase", "servers": 1, "financing": "lease",
     "lease_payment_per_server_month": 4100},
    {"name": "Owned to demand", "kind": "purchase", "servers": 1, "expansion": "to_demand", "target_utilization": 0.6,
     "depreciation": "macrs_5", "holding_months": 18, "speedup": 4, "bulk_discounts": [[2, 0.08]]},
    {"name": "Boxes with commitment", "kind": "dedicated", "rate_per_hour": 12.24, "gpus_per_instance": 4,
     "boxes_per_engineer": 1, "hours_on": 500, "premium": 0.15, "overhead_monthly": 300, "commit_fraction": 0.5,
     "commit_discount": 0.4, "commit_term_months": 12, "commit_upfront_fraction": 0.5},
    {"name": "Pool", "kind": "cluster", "rate_per_hour": 4.11, "gpus_per_instance": 3, "nodes": 2, "expansion": "to_demand",
     "target_utilization": 0.7, "ops_fte": 0.5, "commit_fraction": 0.5, "commit_discount": 0.3, "commit_term_months": 9,
     "commit_upfront_fraction": 1},
    {"name": "Burst", "kind": "elastic", "rate_per_hour": 2.93, "speedup": 4, "gpus_per_job": 4, "scaling_efficiency": 0.8,
     "packing_efficiency": 0.85, "preemptions_per_job": 0.3, "checkpoint_interval_hours": 2, "restart_hours": 0.5,
     "premium": 0.05, "overhead_monthly": 100, "ops_fte": 0.2},
    {"name": "Reserved", "kind": "reserved", "rate_per_hour": 32.77, "gpus_per_instance": 8, "speedup": 4,
     "commit_discount": 0.37, "commit_upfront_fraction": 0.5, "terms": [[1, 1, 12], [6, 2, 36], [30, 1, 24]]},
    {"name": "Layers and burst", "kind": "mix", "layers": ["Reserved", "Loaned servers", "Pool"], "burst": "Burst",
     "max_utilization": 0.8},
    {"name": "Layers alone", "kind": "mix", "layers": ["Free loan", "Reserved"], "max_utilization": 0.9},
    {"name": "Pool and burst", "kind": "hybrid", "base": "Pool", "burst": "Burst", "base_max_utilization": 0.75}
  ]})";

struct Change final
{
    QString scenario; // empty: the workload
    QString key;
    double value = 0.0;
};

} // namespace

class TestWorkbook final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    int m_files = 0;

    CliRun cli(const QStringList &args) const { return runCli(args, m_home.path()); }

    QString writePlan(const QByteArray &json)
    {
        const QString path = m_home.filePath(QStringLiteral("plan-%1.json").arg(++m_files));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
            return {};
        return path;
    }

    QJsonObject evaluate(const QString &plan) const
    {
        const CliRun r = cli({QStringLiteral("evaluate"), plan, QStringLiteral("--format"), QStringLiteral("json")});
        if (r.exitCode != 0)
            qWarning("evaluate %s: %s", qPrintable(plan), qPrintable(r.err));
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }

    QString exportWorkbook(const QString &plan)
    {
        const QString xlsx = m_home.filePath(QStringLiteral("workbook-%1.xlsx").arg(++m_files));
        const CliRun r = cli({QStringLiteral("report"), plan, QStringLiteral("--xlsx"), xlsx});
        if (r.exitCode != 0 || !QFileInfo::exists(xlsx)) {
            qWarning("report --xlsx %s: exit %d %s", qPrintable(plan), r.exitCode, qPrintable(r.err));
            return {};
        }
        return xlsx;
    }

    /// LibreOffice's recalculation of `xlsx`: once as written, then once per change (each run loads it afresh).
    QJsonArray recalculate(const QString &xlsx, const QList<Change> &changes = {})
    {
        QJsonArray runs{QJsonObject{}};
        for (const Change &c : changes)
            runs.append(QJsonObject{{QStringLiteral("change"),
                                     QJsonArray{QJsonObject{{QStringLiteral("scenario"), c.scenario},
                                                            {QStringLiteral("key"), c.key},
                                                            {QStringLiteral("value"), c.value}}}}});
        const QJsonObject job{{QStringLiteral("workbook"), xlsx}, {QStringLiteral("runs"), runs}};
        const QString jobPath = xlsx + QStringLiteral(".job.json"), outPath = xlsx + QStringLiteral(".out.json");
        QFile jobFile(jobPath);
        if (!jobFile.open(QIODevice::WriteOnly))
            return {};
        jobFile.write(QJsonDocument(job).toJson());
        jobFile.close();
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_home.path());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral(MLTCO_SOURCE_DIR "/tests/workbook/recalc.py"), jobPath, outPath});
        if (!p.waitForFinished(600000) || p.exitCode() != 0) {
            qWarning("recalc.py: %s", p.readAllStandardError().constData());
            return {};
        }
        QFile out(outPath);
        if (!out.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(out.readAll()).object().value(QStringLiteral("runs")).toArray();
    }

    static QJsonArray sheet(const QJsonObject &run, const QString &name)
    {
        return run.value(QStringLiteral("sheets")).toObject().value(name).toArray();
    }

    /// The row whose first cell is `first`; -1 when none.
    static int rowStarting(const QJsonArray &rows, const QString &first)
    {
        for (qsizetype r = 0; r < rows.size(); ++r)
            if (rows.at(r).toArray().at(0).toString() == first)
                return static_cast<int>(r);
        return -1;
    }

    static bool cents(double a, double b) { return std::abs(a - b) < 0.005 + 1e-12 * std::abs(b); }

    /// The recalculated workbook holds `evaluated`'s totals, NPVs and month × category figures to the cent.
    static void holdsTheFigures(const QJsonObject &run, const QJsonObject &evaluated, const QString &what)
    {
        const QJsonArray errors = run.value(QStringLiteral("errors")).toArray();
        QVERIFY2(errors.isEmpty(), qPrintable(what + QStringLiteral(": cells in error: ") +
                                              QJsonDocument(errors).toJson(QJsonDocument::Compact)));
        const QJsonArray summary = sheet(run, QStringLiteral("Summary"));
        const int head = rowStarting(summary, QStringLiteral("Scenario"));
        QVERIFY2(head >= 0, qPrintable(what + QStringLiteral(": no Summary table")));
        const QJsonArray headers = summary.at(head).toArray();
        int totalCol = -1, npvCol = -1;
        for (qsizetype c = 0; c < headers.size(); ++c) {
            if (headers.at(c).toString() == QLatin1String("Total"))
                totalCol = static_cast<int>(c);
            if (headers.at(c).toString() == QLatin1String("NPV"))
                npvCol = static_cast<int>(c);
        }
        QVERIFY(totalCol >= 0 && npvCol >= 0);
        const QJsonObject sheets = run.value(QStringLiteral("sheets")).toObject();
        const QJsonArray scenarios = evaluated.value(QStringLiteral("scenarios")).toArray();
        QVERIFY2(!scenarios.isEmpty(), qPrintable(what + QStringLiteral(": nothing evaluated")));
        for (const QJsonValue &v : scenarios) {
            const QJsonObject s = v.toObject();
            const QString name = s.value(QStringLiteral("name")).toString();
            const int row = rowStarting(summary, name);
            QVERIFY2(row > head, qPrintable(what + QStringLiteral(": %1 is not on the Summary").arg(name)));
            const double total = summary.at(row).toArray().at(totalCol).toDouble();
            const double npv = summary.at(row).toArray().at(npvCol).toDouble();
            QVERIFY2(cents(total, s.value(QStringLiteral("total")).toDouble()),
                     qPrintable(QStringLiteral("%1: %2 total %3 in the workbook, %4 by evaluate")
                                    .arg(what, name, QString::number(total, 'f', 4),
                                         QString::number(s.value(QStringLiteral("total")).toDouble(), 'f', 4))));
            QVERIFY2(cents(npv, s.value(QStringLiteral("npv")).toDouble()),
                     qPrintable(QStringLiteral("%1: %2 NPV %3 in the workbook, %4 by evaluate")
                                    .arg(what, name, QString::number(npv, 'f', 4),
                                         QString::number(s.value(QStringLiteral("npv")).toDouble(), 'f', 4))));
            // Its sheet: the full name in A1, a month table whose headers start with the category keys.
            QJsonArray table;
            for (auto it = sheets.begin(); it != sheets.end(); ++it)
                if (it.value().toArray().at(0).toArray().at(0).toString() == name)
                    table = it.value().toArray();
            QVERIFY2(!table.isEmpty(), qPrintable(what + QStringLiteral(": no sheet for %1").arg(name)));
            const int monthRow = rowStarting(table, QStringLiteral("Month"));
            QVERIFY2(monthRow >= 0, qPrintable(what + QStringLiteral(": no month table for %1").arg(name)));
            const QJsonArray header = table.at(monthRow).toArray();
            QHash<QString, int> column;
            for (qsizetype c = 0; c < header.size(); ++c)
                for (const QString &key : kCategories + QStringList{QStringLiteral("total")})
                    if (header.at(c).toString() == key || header.at(c).toString().startsWith(key + QStringLiteral(" (")))
                        column.insert(key, static_cast<int>(c));
            QCOMPARE(column.size(), kCategories.size() + 1);
            const QJsonArray months = s.value(QStringLiteral("months")).toArray();
            for (qsizetype m = 0; m < months.size(); ++m) {
                const QJsonObject month = months.at(m).toObject();
                const QJsonArray cells = table.at(monthRow + 1 + m).toArray();
                QCOMPARE(cells.at(0).toDouble(), double(m + 1));
                for (auto it = column.cbegin(); it != column.cend(); ++it) {
                    const double got = cells.at(it.value()).toDouble();
                    const double want = month.value(it.key()).toDouble();
                    QVERIFY2(cents(got, want), qPrintable(QStringLiteral("%1: %2, month %3, %4: %5 in the workbook, %6 by evaluate")
                                                              .arg(what, name)
                                                              .arg(m + 1)
                                                              .arg(it.key(), QString::number(got, 'f', 4),
                                                                   QString::number(want, 'f', 4))));
                }
            }
        }
    }

    /// Every formula's cached value (what mltco wrote) is what LibreOffice computes: a reader that does not recalculate
    /// sees the same workbook. Read with openpyxl (values only).
    void cachedValuesAreRecalculatedValues(const QString &xlsx, const QJsonObject &run, const QString &what)
    {
        const QString script = QStringLiteral(
            "import json,sys,openpyxl\n"
            "wb=openpyxl.load_workbook(sys.argv[1],data_only=True)\n"
            "print(json.dumps({ws.title:[[c if isinstance(c,(int,float)) and not isinstance(c,bool) else None for c in row] "
            "for row in ws.iter_rows(values_only=True)] for ws in wb.worksheets}))\n");
        QProcess p;
        p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script, xlsx});
        QVERIFY2(p.waitForFinished(120000) && p.exitCode() == 0, p.readAllStandardError().constData());
        const QJsonObject cached = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonObject recalculated = run.value(QStringLiteral("sheets")).toObject();
        int compared = 0;
        for (auto it = recalculated.begin(); it != recalculated.end(); ++it) {
            const QJsonArray rows = it.value().toArray();
            const QJsonArray cachedRows = cached.value(it.key()).toArray();
            for (qsizetype r = 0; r < rows.size(); ++r) {
                const QJsonArray row = rows.at(r).toArray();
                for (qsizetype c = 0; c < row.size(); ++c) {
                    const QJsonValue want = cachedRows.at(r).toArray().at(c);
                    if (!row.at(c).isDouble() || !want.isDouble())
                        continue;
                    ++compared;
                    const double a = row.at(c).toDouble(), b = want.toDouble();
                    QVERIFY2(std::abs(a - b) <= 1e-7 * std::max(1.0, std::abs(b)),
                             qPrintable(QStringLiteral("%1: %2 row %3 column %4: cached %5, recalculated %6")
                                            .arg(what, it.key())
                                            .arg(r + 1)
                                            .arg(c + 1)
                                            .arg(b, 0, 'g', 15)
                                            .arg(a, 0, 'g', 15)));
                }
            }
        }
        QVERIFY2(compared > 100, qPrintable(what + QStringLiteral(": too few figures compared")));
    }

    /// The plan with one input changed, as a plan file.
    QString changedPlan(const QByteArray &json, const Change &change)
    {
        QJsonObject plan = QJsonDocument::fromJson(json).object();
        if (change.scenario.isEmpty()) {
            QJsonObject w = plan.value(QStringLiteral("workload")).toObject();
            w.insert(change.key, change.value);
            // The team's demand typed over a per-engineer one ends the link, as in the app.
            if (change.key == QLatin1String("demand_gpu_hours"))
                w.remove(QStringLiteral("demand_gpu_hours_per_engineer"));
            plan.insert(QStringLiteral("workload"), w);
        } else {
            QJsonArray scenarios = plan.value(QStringLiteral("scenarios")).toArray();
            for (qsizetype i = 0; i < scenarios.size(); ++i) {
                QJsonObject s = scenarios.at(i).toObject();
                if (s.value(QStringLiteral("name")).toString() != change.scenario)
                    continue;
                s.insert(change.key, change.value);
                if (change.key == QLatin1String("rate_per_hour"))
                    s.remove(QStringLiteral("instance")); // the price now the plan's own
                scenarios[i] = s;
            }
            plan.insert(QStringLiteral("scenarios"), scenarios);
        }
        return writePlan(QJsonDocument(plan).toJson());
    }

    /// Exports `json`, recalculates it as written and with each change, and holds every run against evaluate.
    void liveAgainstEvaluate(const QByteArray &json, const QList<Change> &changes, const QString &what)
    {
        const QString plan = writePlan(json);
        QVERIFY(!plan.isEmpty());
        const QString xlsx = exportWorkbook(plan);
        QVERIFY2(!xlsx.isEmpty(), qPrintable(what));
        // As written, then with each change (LibreOffice finds each input's row of Assumptions and types the value).
        const QJsonArray runs = recalculate(xlsx, changes);
        QVERIFY2(runs.size() == changes.size() + 1, qPrintable(what + QStringLiteral(": LibreOffice did not recalculate it")));
        holdsTheFigures(runs.at(0).toObject(), evaluate(plan), what);
        if (QTest::currentTestFailed())
            return;
        cachedValuesAreRecalculatedValues(xlsx, runs.at(0).toObject(), what);
        if (QTest::currentTestFailed())
            return;
        for (qsizetype i = 0; i < changes.size(); ++i) {
            const Change &c = changes.at(i);
            const QString changed = changedPlan(json, c);
            holdsTheFigures(runs.at(i + 1).toObject(), evaluate(changed),
                            QStringLiteral("%1 with %2 of \"%3\" at %4").arg(what, c.key, c.scenario).arg(c.value));
            if (QTest::currentTestFailed())
                return;
        }
    }

    static QByteArray resource(const QString &name)
    {
        QFile file(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/") + name);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        if (QStandardPaths::findExecutable(QStringLiteral("soffice")).isEmpty() || !QFileInfo::exists(QStringLiteral("/usr/bin/python3")))
            QFAIL("LibreOffice Calc (libreoffice-calc-nogui) and python3-uno are needed: bash .ci/bootstrap.sh test installs them");
    }

    void theSamplePlanIsLive()
    {
        liveAgainstEvaluate(resource(QStringLiteral("sample-plan.json")),
                            {{QString(), QStringLiteral("engineers"), 7},
                             {QString(), QStringLiteral("discount_rate"), 0.09},
                             {QStringLiteral("On-prem 8xA100, 1 server"), QStringLiteral("server_price"), 120000},
                             {QStringLiteral("AWS p3.8xlarge per engineer"), QStringLiteral("rate_per_hour"), 10.5},
                             {QStringLiteral("GCP preemptible A100, autoscaled"), QStringLiteral("packing_efficiency"), 0.6}},
                            QStringLiteral("sample plan"));
    }

    void theGrowingTeamIsLive()
    {
        liveAgainstEvaluate(resource(QStringLiteral("growing-team.json")),
                            {{QString(), QStringLiteral("tax_rate"), 0.3},
                             {QString(), QStringLiteral("demand_growth"), 0.8},
                             {QString(), QStringLiteral("engineers"), 14}},
                            QStringLiteral("growing team"));
    }

    void everyOptionIsLive()
    {
        liveAgainstEvaluate(kEveryOption,
                            {{QString(), QStringLiteral("engineers"), 9},
                             {QString(), QStringLiteral("tax_rate"), 0.35},
                             {QString(), QStringLiteral("discount_rate"), 0.03},
                             {QString(), QStringLiteral("demand_growth"), 1.2},
                             {QString(), QStringLiteral("electricity_per_kwh"), 0.31},
                             {QStringLiteral("Loaned servers"), QStringLiteral("loan_rate"), 0.11},
                             {QStringLiteral("Loaned servers"), QStringLiteral("holding_months"), 12},
                             {QStringLiteral("Loaned servers"), QStringLiteral("lead_time_months"), 0},
                             {QStringLiteral("Owned to demand"), QStringLiteral("target_utilization"), 0.35},
                             {QStringLiteral("Owned to demand"), QStringLiteral("server_price"), 99000},
                             {QStringLiteral("Pool"), QStringLiteral("target_utilization"), 0.4},
                             {QStringLiteral("Boxes with commitment"), QStringLiteral("boxes_per_engineer"), 2},
                             {QStringLiteral("Reserved"), QStringLiteral("rate_per_hour"), 28},
                             {QStringLiteral("Bob's [lease]: 1/2 · € \"fixed\" payment by factor"), QStringLiteral("lease_rate_factor"), 0.05},
                             {QStringLiteral("Layers and burst"), QStringLiteral("max_utilization"), 0.5}},
                            QStringLiteral("every option"));
    }

    void aEuroPlan()
    {
        // Catalog prices in dollars converted at the ECB's rate of their day (model.md §13): the rates imported first.
        const CliRun imported = cli({QStringLiteral("fx"), QStringLiteral("import"), QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip")});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        QFile file(QStringLiteral(MLTCO_TEST_DATA_DIR "/ui/eur-plan.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        liveAgainstEvaluate(file.readAll(), {{QString(), QStringLiteral("tax_rate"), 0.25}}, QStringLiteral("euro plan"));
    }

    void randomPlans_data()
    {
        QTest::addColumn<quint32>("seed");
        const int count = qEnvironmentVariableIsSet("MLTCO_WORKBOOK_RANDOM") ? qEnvironmentVariableIntValue("MLTCO_WORKBOOK_RANDOM") : 4;
        for (int i = 1; i <= count; ++i)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(i))) << static_cast<quint32>(i);
    }
    void randomPlans()
    {
        QFETCH(quint32, seed);
        mltco::test::PlanMaker maker(seed);
        const QByteArray json = QJsonDocument(maker.make()).toJson();
        liveAgainstEvaluate(json, {{QString(), QStringLiteral("tax_rate"), 0.19}}, QStringLiteral("random plan %1").arg(seed));
    }

    void aReaderThatDoesNotRecalculateSeesTheSummary()
    {
        const QString xlsx = exportWorkbook(QStringLiteral("example:growing-team"));
        QVERIFY(!xlsx.isEmpty());
        const QString script = QStringLiteral(
            "import json,sys,openpyxl\n"
            "ws=openpyxl.load_workbook(sys.argv[1],data_only=True)['Summary']\n"
            "rows=[list(r) for r in ws.iter_rows(values_only=True)]\n"
            "head=[i for i,r in enumerate(rows) if r[0]=='Scenario'][0]\n"
            "print(json.dumps({r[0]:r[2:18] for r in rows[head+1:] if r[0]}))\n");
        QProcess p;
        p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script, xlsx});
        QVERIFY2(p.waitForFinished(60000) && p.exitCode() == 0, p.readAllStandardError().constData());
        const QJsonObject seen = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonArray scenarios = evaluate(QStringLiteral("example:growing-team")).value(QStringLiteral("scenarios")).toArray();
        QCOMPARE(seen.size(), scenarios.size());
        for (const QJsonValue &v : scenarios) {
            const QJsonObject s = v.toObject();
            const QJsonArray row = seen.value(s.value(QStringLiteral("name")).toString()).toArray();
            // Total, NPV, per year, served, per served GPU-hour, unmet, then the categories: every one a number.
            for (const QJsonValue &cell : row)
                QVERIFY2(cell.isDouble(), qPrintable(s.value(QStringLiteral("name")).toString()));
            QVERIFY(cents(row.at(0).toDouble(), s.value(QStringLiteral("total")).toDouble()));
            QVERIFY(cents(row.at(1).toDouble(), s.value(QStringLiteral("npv")).toDouble()));
            QVERIFY(cents(row.at(2).toDouble(), s.value(QStringLiteral("average_annual")).toDouble()));
        }
    }

    void figuresOnlyTheEngineMakesAreValuesSaidToBe()
    {
        // The break-even sweep, the Monte Carlo and (asked for) the fleet plan: sheets of values, each titled so.
        const QString xlsx = m_home.filePath(QStringLiteral("with-values.xlsx"));
        const CliRun r = cli({QStringLiteral("report"), QStringLiteral("example:growing-team"), QStringLiteral("--xlsx"), xlsx,
                              QStringLiteral("--fleet-plan")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString script = QStringLiteral(
            "import json,sys,openpyxl\n"
            "wb=openpyxl.load_workbook(sys.argv[1])\n"
            "out={}\n"
            "for n in ['Break-even','Risk','Fleet plan']:\n"
            "  ws=wb[n]; cells=[c for row in ws.iter_rows() for c in row if c.value is not None]\n"
            "  out[n]={'title':ws['A1'].value,'formulas':sum(1 for c in cells if isinstance(c.value,str) and c.value.startswith('=')),"
            "'numbers':sum(1 for c in cells if isinstance(c.value,(int,float)))}\n"
            "out['readme']=' '.join(str(c.value) for c in wb['README']['A'] if c.value)\n"
            "print(json.dumps(out))\n");
        QProcess p;
        p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script, xlsx});
        QVERIFY2(p.waitForFinished(60000) && p.exitCode() == 0, p.readAllStandardError().constData());
        const QJsonObject seen = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        for (const QString &name : {QStringLiteral("Break-even"), QStringLiteral("Risk"), QStringLiteral("Fleet plan")}) {
            const QJsonObject s = seen.value(name).toObject();
            QVERIFY2(s.value(QStringLiteral("title")).toString().contains(QStringLiteral("computed by mltco; not recalculated by this workbook")),
                     qPrintable(name));
            QCOMPARE(s.value(QStringLiteral("formulas")).toInt(), 0);
            QVERIFY2(s.value(QStringLiteral("numbers")).toInt() >= 6, qPrintable(name));
        }
        QVERIFY(seen.value(QStringLiteral("readme")).toString().contains(QStringLiteral("Break-even, Risk, Fleet plan sheets")));
        // Without --fleet-plan the optimizer is not run and its sheet is not there; --fleet-plan alone is a usage error.
        const CliRun alone = cli({QStringLiteral("report"), QStringLiteral("example:growing-team"), QStringLiteral("--fleet-plan")});
        QCOMPARE(alone.exitCode, 2);
    }

    void aPlanBeyondTheWorkbooksLimitsIsRefusedInWords()
    {
        // One sheet per scenario: 251 scenarios are more than the workbook holds. Refused naming the limit and
        // pointing to CSV; nothing written.
        QJsonArray scenarios;
        for (int i = 0; i < 251; ++i)
            scenarios.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("Option %1").arg(i + 1)},
                                         {QStringLiteral("kind"), QStringLiteral("elastic")},
                                         {QStringLiteral("rate_per_hour"), 2.0 + i / 100.0}});
        const QString plan = writePlan(QJsonDocument(QJsonObject{{QStringLiteral("name"), QStringLiteral("Many")},
                                                                 {QStringLiteral("scenarios"), scenarios}})
                                           .toJson());
        const QString xlsx = m_home.filePath(QStringLiteral("many.xlsx"));
        const CliRun r = cli({QStringLiteral("report"), plan, QStringLiteral("--xlsx"), xlsx});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("251 scenarios")) && r.err.contains(QStringLiteral("up to 250")) &&
                     r.err.contains(QStringLiteral("--csv")),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(xlsx));
    }

    void theGenerationAndSiteKeysAreLive()
    {
        // Model version 4 (model.md §14.1, §14.2) as formulas: a deposit at order and the rest on delivery, the fabric on
        // top of each server (not resold; borrowed with a loan, leased at the factor), colocation per kW, bonus
        // depreciation with straight line and MACRS, the successor's drop on sales and the residual, a fleet that
        // follows demand from the month its hardware goes on sale, and power that follows what a purchase serves (alone,
        // as a mix's second layer and as a hybrid's base); each changed in the workbook and recalculated.
        const QByteArray plan = R"({"name": "Generations", "version": 4, "workload": {"engineers": 6,
            "demand_gpu_hours": 9000, "horizon_months": 40, "discount_rate": 0.08, "demand_growth": 0.4, "tax_rate": 0.21,
            "electricity_per_kwh": 0.15},
          "scenarios": [
            {"name": "Deposit and fabric", "kind": "purchase", "servers": 2, "purchases": [[6, 2]], "lead_time_months": 3,
             "paid_at_order_fraction": 0.3, "infrastructure_capex_fraction": 0.12, "holding_months": 18,
             "resale_fraction": 0.35, "power_kw_per_server": 10.2, "colocation_per_kw_month": 140,
             "bonus_depreciation_fraction": 0.6, "successor_month": 20, "successor_value_drop": 0.3,
             "bulk_discounts": [[2, 0.05]], "idle_power_fraction": 0.3},
            {"name": "Next generation to demand", "kind": "purchase", "servers": 1, "expansion": "to_demand",
             "available_from_month": 10, "depreciation": "macrs_5", "bonus_depreciation_fraction": 0.4,
             "successor_month": 30, "successor_value_drop": 0.5, "holding_months": 24, "speedup": 3},
            {"name": "Financed with fabric", "kind": "purchase", "servers": 1, "financing": "loan", "loan_rate": 0.09,
             "loan_term_months": 24, "infrastructure_capex_fraction": 0.15, "holding_months": 30},
            {"name": "Leased with fabric", "kind": "purchase", "servers": 2, "financing": "lease",
             "lease_rate_factor": 0.03, "infrastructure_capex_fraction": 0.1},
            {"name": "Burst", "kind": "elastic", "rate_per_hour": 2.5},
            {"name": "Mix", "kind": "mix", "layers": ["Next generation to demand", "Deposit and fabric"], "burst": "Burst"},
            {"name": "Hybrid", "kind": "hybrid", "base": "Deposit and fabric", "burst": "Burst"}]})";
        const QString deposit = QStringLiteral("Deposit and fabric"), next = QStringLiteral("Next generation to demand");
        liveAgainstEvaluate(plan,
                            {{deposit, QStringLiteral("paid_at_order_fraction"), 0.5},
                             {deposit, QStringLiteral("infrastructure_capex_fraction"), 0.2},
                             {deposit, QStringLiteral("colocation_per_kw_month"), 60},
                             {deposit, QStringLiteral("bonus_depreciation_fraction"), 1},
                             {deposit, QStringLiteral("successor_value_drop"), 0.1},
                             {deposit, QStringLiteral("successor_month"), 35},
                             {deposit, QStringLiteral("idle_power_fraction"), 0.7},
                             {QString(), QStringLiteral("demand_gpu_hours"), 20000},
                             {next, QStringLiteral("available_from_month"), 6},
                             {QStringLiteral("Leased with fabric"), QStringLiteral("infrastructure_capex_fraction"), 0.25}},
                            QStringLiteral("generations"));
    }

    void aPriceTrendIsLive()
    {
        // A list price that moves month by month (model.md §14.1) as formulas: each cycle paid at the list price of its
        // payment month less its tier (renewals T months later grown by (1 + g)^(T/12)); sales at the list price of
        // their month, capped at the cycle's price; the residual at H's list price, capped cohort by cohort (in
        // "Rising, tiers" month 29 holds a cohort whose cap binds beside one whose cap does not); a loan borrowing each
        // cycle's price; a lease at the factor of its cohort's first price; a fleet to demand from its month on sale;
        // trended layers in a mix and a hybrid. Each changed in the workbook and recalculated.
        const QByteArray plan = R"({"name": "Trends", "version": 4, "workload": {"engineers": 5,
            "demand_gpu_hours": 7000, "horizon_months": 40, "discount_rate": 0.07, "demand_growth": 0.5, "tax_rate": 0.25},
          "scenarios": [
            {"name": "Rising, tiers", "kind": "purchase", "servers": 0, "purchases": [[1, 1], [15, 4]],
             "server_price_trend": 0.3, "bulk_discounts": [[2, 0.1], [4, 0.2]], "holding_months": 14,
             "resale_fraction": 0.7, "lead_time_months": 2, "paid_at_order_fraction": 0.4,
             "successor_month": 30, "successor_value_drop": 0.2, "infrastructure_capex_fraction": 0.1},
            {"name": "Falling, financed", "kind": "purchase", "servers": 2, "purchases": [[8, 1]],
             "server_price_trend": -0.25, "financing": "loan", "loan_rate": 0.08, "loan_term_months": 18,
             "holding_months": 12, "depreciation": "macrs_5", "bonus_depreciation_fraction": 0.3},
            {"name": "Falling, leased", "kind": "purchase", "servers": 1, "purchases": [[4, 1], [10, 2]],
             "server_price_trend": -0.3, "financing": "lease", "lease_rate_factor": 0.035},
            {"name": "Later, to demand", "kind": "purchase", "servers": 1, "expansion": "to_demand",
             "available_from_month": 6, "server_price_trend": -0.2, "holding_months": 18, "speedup": 2,
             "idle_power_fraction": 0.4},
            {"name": "Burst", "kind": "elastic", "rate_per_hour": 2.8},
            {"name": "Mix", "kind": "mix", "layers": ["Rising, tiers", "Later, to demand"], "burst": "Burst"},
            {"name": "Hybrid", "kind": "hybrid", "base": "Falling, financed", "burst": "Burst"}]})";
        const QString rising = QStringLiteral("Rising, tiers"), financed = QStringLiteral("Falling, financed");
        liveAgainstEvaluate(plan,
                            {{rising, QStringLiteral("server_price_trend"), 0.1},
                             {rising, QStringLiteral("holding_months"), 10},
                             {rising, QStringLiteral("resale_fraction"), 0.95},
                             {financed, QStringLiteral("server_price_trend"), -0.5},
                             {QStringLiteral("Falling, leased"), QStringLiteral("server_price_trend"), 0},
                             {QStringLiteral("Later, to demand"), QStringLiteral("server_price_trend"), 0.15},
                             {QString(), QStringLiteral("demand_growth"), 1.2}},
                            QStringLiteral("price trends"));
    }

    void theGenerationsExampleIsLive()
    {
        // The bundled example: the H100's falling price and its successor's drop, the B200's deposit and lead time.
        liveAgainstEvaluate(resource(QStringLiteral("generations.json")),
                            {{QStringLiteral("8xH100"), QStringLiteral("server_price_trend"), -0.4},
                             {QString(), QStringLiteral("demand_growth"), 0.2}},
                            QStringLiteral("generations example"));
    }

    void aFailedWriteLeavesNothingUnderTheName()
    {
        // A folder that does not exist, and a name that is a folder: refused in words, exit 1, nothing written.
        const QString missing = m_home.filePath(QStringLiteral("no/such/folder/plan.xlsx"));
        CliRun r = cli({QStringLiteral("report"), QStringLiteral("example:seed-000"), QStringLiteral("--xlsx"), missing});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("Nothing was written under that name")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(missing));
        const QString folder = m_home.filePath(QStringLiteral("a-folder.xlsx"));
        QVERIFY(QDir().mkpath(folder));
        r = cli({QStringLiteral("report"), QStringLiteral("example:seed-000"), QStringLiteral("--xlsx"), folder});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(QFileInfo(folder).isDir());
        const QStringList left = QDir(m_home.path()).entryList({QStringLiteral(".a-folder.xlsx*")}, QDir::Files | QDir::Hidden);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestWorkbook)
#include "tst_workbook.moc"

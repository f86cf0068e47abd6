// mltco-cli catalog update / fx update / catalog list imports, and the day of prices a plan stands on
// (workload.prices_as_of, price_observed_at, the staleness warning): the real binary against a server of the suite's
// own (tests/support/httpserver.h) serving the real public files, with exit codes 0, 1, 2 and 3 and the document's
// file byte for byte as it was after every failure; through a proxy named by http_proxy, and past it by no_proxy.
#include "tests/cli/clirunner.h"
#include "tests/support/httpserver.h"
#include "tests/support/testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;

namespace {

const QString kData = QStringLiteral(MLTCO_TEST_DATA_DIR);

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// mltco-cli with the test's HOME, no proxy from the machine's environment, and `extra` (a proxy of the test's own).
CliRun runWith(const QStringList &args, const QString &home, const QHash<QString, QString> &extra = {})
{
    QHash<QString, QString> env;
    for (const char *name : {"http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "all_proxy"})
        env.insert(QString::fromLatin1(name), QString());
    env.insert(extra);
    return runCli(args, home, env);
}

} // namespace

class TestCliUpdate : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    std::unique_ptr<test::HttpServer> m_server;

    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_home.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    CliRun cli(const QStringList &args, const QHash<QString, QString> &env = {})
    {
        return runWith(args, m_home.path(), env);
    }

    /// A document with two observations of one instance type: $10/h from 2026-01-01, $12/h from 2026-06-01.
    QString pricedDocument(const QString &name)
    {
        const QString document = m_home.filePath(name);
        const QString csv = writeFile(name + QStringLiteral(".csv"),
                                      "provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n"
                                      "acme,box-1,eu-1,on_demand,10,2026-01-01,NVIDIA H100 80GB HBM3,1\n"
                                      "acme,box-1,eu-1,on_demand,12,2026-06-01,NVIDIA H100 80GB HBM3,1\n");
        const CliRun imported = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                                     QStringLiteral("csv"), csv, QStringLiteral("--document"), document});
        if (imported.exitCode != 0)
            qFatal("import failed: %s", qPrintable(imported.err));
        return document;
    }

    /// One box always on for 12 months: 730 h × 12 × the catalog's rate.
    QString boxPlan(const QString &name, const QString &workloadExtra, const QString &instanceExtra = {},
                    const QString &scenarioExtra = {})
    {
        return writeFile(name, QStringLiteral(R"({"name": "p", "version": 3, "workload": {"horizon_months": 12%1},
            "scenarios": [{"name": "box", "kind": "dedicated", "boxes": 1, "speedup": 1%3,
            "instance": {"provider": "acme", "name": "box-1", "region": "eu-1", "pricing": "on_demand"%2}}]})")
                                   .arg(workloadExtra, instanceExtra, scenarioExtra)
                                   .toUtf8());
    }

    static QJsonObject firstScenario(const CliRun &r)
    {
        return QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("scenarios")).toArray().at(0).toObject();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        m_server = std::make_unique<test::HttpServer>();
        test::HttpRoute aws;
        aws.body = fileBytes(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        aws.etag = "\"v1\"";
        m_server->route("/v8/aws/vms.csv", aws);
        test::HttpRoute ecb;
        ecb.body = fileBytes(kData + QStringLiteral("/fx/eurofxref-hist.zip"));
        ecb.contentType = "application/zip";
        m_server->route("/eurofxref-hist.zip", ecb);
    }

    void pricesAsOfPicksTheObservationOfThatDay()
    {
        const QString document = pricedDocument(QStringLiteral("asof.mltco"));
        const QString docArg = QStringLiteral("--document");
        // The latest price: $12 × 730 × 12 = $105,120, observed 2026-06-01.
        CliRun r = cli({QStringLiteral("evaluate"), boxPlan(QStringLiteral("latest.json"), {}), docArg, document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(firstScenario(r).value(QStringLiteral("total")).toDouble(), 105120.0);
        QCOMPARE(firstScenario(r).value(QStringLiteral("price_observed_at")).toString(), QStringLiteral("2026-06-01"));
        // Pinned to 2026-03-31: the price in force then, $10 × 730 × 12 = $87,600, observed 2026-01-01.
        r = cli({QStringLiteral("evaluate"),
                 boxPlan(QStringLiteral("pinned.json"), QStringLiteral(R"(, "prices_as_of": "2026-03-31")")), docArg,
                 document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(firstScenario(r).value(QStringLiteral("total")).toDouble(), 87600.0);
        QCOMPARE(firstScenario(r).value(QStringLiteral("price_observed_at")).toString(), QStringLiteral("2026-01-01"));
        // On the day of the second observation, that one.
        r = cli({QStringLiteral("evaluate"),
                 boxPlan(QStringLiteral("onday.json"), QStringLiteral(R"(, "prices_as_of": "2026-06-01")")), docArg,
                 document});
        QCOMPARE(firstScenario(r).value(QStringLiteral("total")).toDouble(), 105120.0);
        // An instance's own as_of wins over the plan's day.
        r = cli({QStringLiteral("evaluate"),
                 boxPlan(QStringLiteral("own.json"), QStringLiteral(R"(, "prices_as_of": "2026-03-31")"),
                         QStringLiteral(R"(, "as_of": "2026-07-01")")),
                 docArg, document});
        QCOMPARE(firstScenario(r).value(QStringLiteral("total")).toDouble(), 105120.0);
        // A plan that states its rate stands on no catalog observation.
        r = cli({QStringLiteral("evaluate"),
                 boxPlan(QStringLiteral("stated.json"), {}, {}, QStringLiteral(R"(, "rate_per_hour": 11, "gpus_per_instance": 1)")),
                 docArg, document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(firstScenario(r).value(QStringLiteral("total")).toDouble(), 96360.0);
        QVERIFY(firstScenario(r).value(QStringLiteral("price_observed_at")).isNull());
        QVERIFY(firstScenario(r).contains(QStringLiteral("price_observed_at")));
        // A day before the first observation: refused, naming workload.prices_as_of.
        r = cli({QStringLiteral("evaluate"),
                 boxPlan(QStringLiteral("early.json"), QStringLiteral(R"(, "prices_as_of": "2025-12-31")")), docArg,
                 document});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("scenarios[0].instance:")) &&
                     r.err.contains(QStringLiteral("workload.prices_as_of")) && r.err.contains(QStringLiteral("2025-12-31")),
                 qPrintable(r.err));
        // Not a day: refused by the reader with its path.
        r = cli({QStringLiteral("evaluate"),
                 boxPlan(QStringLiteral("bad.json"), QStringLiteral(R"(, "prices_as_of": "31/03/2026")")), docArg,
                 document});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("workload.prices_as_of: must be a day written YYYY-MM-DD")), qPrintable(r.err));
        // What the product writes, it reads: saved and shown again, the day is kept.
        r = cli({QStringLiteral("plan"), QStringLiteral("save"), m_home.filePath(QStringLiteral("pinned.json")), docArg,
                 document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = cli({QStringLiteral("plan"), QStringLiteral("show"), QStringLiteral("1"), docArg, document});
        QVERIFY2(r.out.contains(QStringLiteral("\"prices_as_of\": \"2026-03-31\"")), qPrintable(r.out + r.err));
    }

    void theSummarySaysHowOldThePricesAre()
    {
        const QString document = pricedDocument(QStringLiteral("stale.mltco"));
        const qint64 age = QDate(2026, 6, 1).daysTo(QDate::currentDate());
        const QString plan = boxPlan(QStringLiteral("stale.json"), {});
        CliRun r = cli({QStringLiteral("report"), plan, QStringLiteral("--summary"), QStringLiteral("--document"), document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("Catalog prices behind the options: box observed 2026-06-01 (%1 days ago).")
                                    .arg(age)),
                 qPrintable(r.out));
        if (age > 90)
            QVERIFY2(r.out.contains(QStringLiteral("Old prices: the catalog prices behind box are older than 90 days "
                                                   "(the oldest %1 days).")
                                        .arg(age)),
                     qPrintable(r.out));
        // A longer setting: no warning, the ages still said.
        r = cli({QStringLiteral("report"), plan, QStringLiteral("--summary"), QStringLiteral("--stale-after"),
                 QString::number(age + 1), QStringLiteral("--document"), document});
        QVERIFY(!r.out.contains(QStringLiteral("Old prices")));
        QVERIFY(r.out.contains(QStringLiteral("observed 2026-06-01")));
        // A plan pinned to a day stands on that day's prices on purpose: said, not warned about.
        r = cli({QStringLiteral("report"),
                 boxPlan(QStringLiteral("pinnedstale.json"), QStringLiteral(R"(, "prices_as_of": "2026-03-31")")),
                 QStringLiteral("--summary"), QStringLiteral("--document"), document});
        QVERIFY(!r.out.contains(QStringLiteral("Old prices")));
        QVERIFY2(r.out.contains(QStringLiteral("Catalog prices of 2026-03-31, the day the plan stands on "
                                               "(workload.prices_as_of): box observed 2026-01-01")),
                 qPrintable(r.out));
        r = cli({QStringLiteral("report"), plan, QStringLiteral("--summary"), QStringLiteral("--stale-after"),
                 QStringLiteral("0")});
        QCOMPARE(r.exitCode, 2);
    }

    void updateImportsThenSaysThePricesAreCurrent()
    {
        const QString document = m_home.filePath(QStringLiteral("update.mltco"));
        const QString root = m_server->base() + QStringLiteral("/v8");
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot"), QStringLiteral("--url"),
                        root, QStringLiteral("--cloud"), QStringLiteral("aws"), QStringLiteral("--document"), document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("Fetched %1/aws/vms.csv").arg(root)), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("Prices updated")));
        r = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot"), QStringLiteral("--url"),
                 root, QStringLiteral("--cloud"), QStringLiteral("aws"), QStringLiteral("--document"), document});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("not modified since the last update (HTTP 304)")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("The prices are already current; nothing was imported.")));

        r = cli({QStringLiteral("fx"), QStringLiteral("update"), QStringLiteral("--url"),
                 m_server->base() + QStringLiteral("/eurofxref-hist.zip"), QStringLiteral("--document"), document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("217555 rates added")), qPrintable(r.out));
        r = cli({QStringLiteral("fx"), QStringLiteral("rate"), QStringLiteral("USD"), QStringLiteral("EUR"),
                 QStringLiteral("--date"), QStringLiteral("2026-04-13"), QStringLiteral("--format"), QStringLiteral("json"),
                 QStringLiteral("--document"), document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(qFuzzyCompare(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("rate")).toDouble(),
                              1.0 / 1.1684)); // tests/data/fx/README.md: USD 1.1684 on 2026-04-13

        // Every import with where it came from.
        r = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("imports"), QStringLiteral("--format"),
                 QStringLiteral("json"), QStringLiteral("--document"), document});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonArray imports = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(imports.size(), 2);
        const QJsonObject first = imports.at(0).toObject();
        for (const char *key : {"id", "origin", "sha256", "imported_at", "rows"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QCOMPARE(first.value(QStringLiteral("origin")).toString(), root + QStringLiteral("/aws/vms.csv"));
        QCOMPARE(first.value(QStringLiteral("etag")).toString(), QStringLiteral("\"v1\""));
        QCOMPARE(imports.at(1).toObject().value(QStringLiteral("format")).toString(), QStringLiteral("ecb"));
        QCOMPARE(imports.at(1).toObject().value(QStringLiteral("rows")).toDouble(), 217555.0);
    }

    void everyFailureHasItsExitCodeAndLeavesTheFileAsItWas_data()
    {
        QTest::addColumn<QByteArray>("fault");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("words");
        QTest::newRow("404") << QByteArray("missing") << 3 << QStringLiteral("answered HTTP 404");
        QTest::newRow("cut") << QByteArray("cut") << 3 << QStringLiteral("was cut short after 100 of 2380 bytes");
        QTest::newRow("stall") << QByteArray("stall") << 3 << QStringLiteral("stopped sending: no byte for 1 second");
        QTest::newRow("no answer") << QByteArray("closed") << 3 << QStringLiteral("could not be reached");
        QTest::newRow("portal") << QByteArray("portal") << 1 << QStringLiteral("sent a web page, not the file asked for");
        QTest::newRow("bad row") << QByteArray("badrow") << 1 << QStringLiteral("was refused, so nothing was imported");
    }

    void everyFailureHasItsExitCodeAndLeavesTheFileAsItWas()
    {
        QFETCH(QByteArray, fault);
        QFETCH(int, exitCode);
        QFETCH(QString, words);
        const QString document = m_home.filePath(QStringLiteral("faults.mltco"));
        if (!QFile::exists(document)) // a document with an update in it already
            QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot"),
                          QStringLiteral("--url"), m_server->base() + QStringLiteral("/v8"), QStringLiteral("--cloud"),
                          QStringLiteral("aws"), QStringLiteral("--document"), document})
                         .exitCode,
                     0);
        test::HttpRoute r;
        r.body = fileBytes(kData + QStringLiteral("/import/skypilot-v8-gcp-vms.csv"));
        if (fault == "cut") {
            r.body = fileBytes(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
            r.cutAfter = 100;
        } else if (fault == "stall") {
            r.stallAfter = 10;
        } else if (fault == "portal") {
            r.body = "\n  <html><body>Sign in</body></html>"; // and labelled as text: the bytes tell
            r.contentType = "text/plain";
        } else if (fault == "badrow") {
            r.body += "a2-highgpu-1g,12,85,A100,1,,us-central1,us-central1-a,oops,\n";
        }
        QString root = m_server->base() + QStringLiteral("/") + QString::fromLatin1(fault);
        if (fault == "closed") {
            QTcpServer closed; // a port that was open and is no more: the connection is refused
            QVERIFY(closed.listen(QHostAddress::LocalHost));
            root = QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort());
            closed.close();
        } else if (fault != "missing") {
            m_server->route("/" + fault + "/gcp/vms.csv", r);
        }
        const QByteArray before = fileBytes(document);
        const CliRun run = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot"),
                                QStringLiteral("--url"), root, QStringLiteral("--cloud"), QStringLiteral("gcp"),
                                QStringLiteral("--timeout"), QStringLiteral("1"), QStringLiteral("--document"), document});
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(run.err.contains(words), qPrintable(run.err));
        QVERIFY2(run.err.contains(root + QStringLiteral("/gcp/vms.csv")), qPrintable(run.err));
        QVERIFY(run.err.contains(QStringLiteral("The document was left as it was.")));
        QVERIFY(run.out.isEmpty());
        QVERIFY2(fileBytes(document) == before, "the document's file changed");
    }

    void usageErrors()
    {
        const QString document = m_home.filePath(QStringLiteral("usage.mltco"));
        for (const QStringList &args :
             {QStringList{QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot")},
              QStringList{QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("aws-pricelist")},
              QStringList{QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("gcp-prices")},
              QStringList{QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("azure-retail"),
                          QStringLiteral("--url"), QStringLiteral("ftp://mirror/prices")},
              QStringList{QStringLiteral("fx"), QStringLiteral("update"), QStringLiteral("--timeout"), QStringLiteral("never")}}) {
            const CliRun r = cli(args + QStringList{QStringLiteral("--document"), document});
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(QLatin1Char(' ')) + QLatin1Char(' ') + r.err));
        }
        QVERIFY(!QFile::exists(document));
    }

    void throughTheProxyTheEnvironmentNames()
    {
        // The address's host does not exist: only a proxy can answer for it, and this one is the suite's server.
        const QString document = m_home.filePath(QStringLiteral("proxy.mltco"));
        const QString root = QStringLiteral("http://prices.mirror.invalid/v8");
        m_server->clearLog();
        const QHash<QString, QString> proxy{{QStringLiteral("http_proxy"), m_server->base()}};
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot"), QStringLiteral("--url"),
                        root, QStringLiteral("--cloud"), QStringLiteral("aws"), QStringLiteral("--document"), document},
                       proxy);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const std::vector<test::HttpRequestSeen> seen = m_server->requests();
        QCOMPARE(seen.size(), std::size_t(1));
        QVERIFY(seen[0].viaProxy());
        QCOMPARE(seen[0].target, QByteArray("http://prices.mirror.invalid/v8/aws/vms.csv"));
        // no_proxy takes the host past the proxy: straight to a host that does not exist.
        QHash<QString, QString> past = proxy;
        past.insert(QStringLiteral("no_proxy"), QStringLiteral("prices.mirror.invalid"));
        r = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot"), QStringLiteral("--url"), root,
                 QStringLiteral("--cloud"), QStringLiteral("gcp"), QStringLiteral("--document"), document},
                past);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("could not be reached")), qPrintable(r.err));

        // HTTPS through the proxy https_proxy names: a CONNECT tunnel to a mirror signed by the company's authority.
        test::HttpServer tls(kData + QStringLiteral("/fetch/test-server.pem"), kData + QStringLiteral("/fetch/test-server.key"));
        test::HttpRoute aws;
        aws.body = fileBytes(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        tls.route("/v8/aws/vms.csv", aws);
        m_server->clearLog();
        const QString secure = QStringLiteral("https://prices.mirror.invalid:%1/v8").arg(tls.port()); // in the certificate
        r = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("skypilot"), QStringLiteral("--url"),
                 secure, QStringLiteral("--cloud"), QStringLiteral("aws"), QStringLiteral("--ca-file"),
                 kData + QStringLiteral("/fetch/test-server.pem"), QStringLiteral("--document"),
                 m_home.filePath(QStringLiteral("tls.mltco"))},
                {{QStringLiteral("https_proxy"), m_server->base()}});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const std::vector<test::HttpRequestSeen> tunnels = m_server->requests();
        QCOMPARE(tunnels.size(), std::size_t(1));
        QCOMPARE(tunnels[0].method, QByteArray("CONNECT"));
        QCOMPARE(tunnels[0].target, QStringLiteral("prices.mirror.invalid:%1").arg(tls.port()).toLatin1());
        QCOMPARE(tls.requestsFor("/v8/aws/vms.csv"), 1);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCliUpdate)
#include "tst_cli_update.moc"

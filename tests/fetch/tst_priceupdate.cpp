// Prices fetched from an address (models/fetch): against a server of the suite's own (tests/support/httpserver.h)
// serving the real public files under tests/data — SkyPilot's catalogs, AWS's price list, Azure Retail Prices pages,
// the ECB's history — a fetch lands exactly the rows an import of the same files from disk lands, records where they
// came from, asks again politely (304, the same bytes), waits for a busy server, and fails whole on every fault of a
// real network (a cut body, a stall, a 404, a web page, a bad row, a cancel), leaving the document as it was.
#include "models/catalog/importers/awspricelistimporter.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/common/filehash.h"
#include "models/fetch/priceupdate.h"
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "tests/support/httpserver.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace mltco;
using namespace std::chrono_literals;

namespace {

const QString kData = QStringLiteral(MLTCO_TEST_DATA_DIR);
const QString kLambda = QStringLiteral(MLTCO_SHARED_DIR "/data/skypilot-v8-lambda-vms.csv");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Every row of every table, as text, in a fixed order: what a document holds, to compare before and after.
QString dumpOf(const QSqlDatabase &db)
{
    QString out;
    QStringList tables = db.tables();
    tables.sort();
    for (const QString &table : std::as_const(tables)) {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.exec(QStringLiteral("SELECT * FROM %1").arg(table)))
            return QStringLiteral("cannot read %1").arg(table);
        QStringList rows;
        while (q.next()) {
            QStringList cells;
            for (int i = 0; i < q.record().count(); ++i)
                cells << q.value(i).toString();
            rows << cells.join(QLatin1Char('|'));
        }
        rows.sort();
        out += table + QLatin1Char('\n') + rows.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    return out;
}

/// The prices and instance types a document holds, without ids, sources or batches: what two imports of the same
/// files must agree on.
QStringList landedRows(const QSqlDatabase &db)
{
    QStringList rows;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.exec(QStringLiteral(
        "SELECT p.name, i.name, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, pp.observed_at, pp.currency, "
        "pp.purchase_option, pp.offering_class, pp.upfront FROM price_point pp JOIN instance_type i ON i.id = "
        "pp.instance_type_id JOIN provider p ON p.id = i.provider_id"));
    while (q.next()) {
        QStringList cells;
        for (int i = 0; i < 12; ++i)
            cells << q.value(i).toString();
        rows << QStringLiteral("price ") + cells.join(QLatin1Char('|'));
    }
    q.exec(QStringLiteral("SELECT p.name, i.name, COALESCE(g.name, ''), i.gpu_count, i.vcpus, i.memory_gb FROM "
                          "instance_type i JOIN provider p ON p.id = i.provider_id LEFT JOIN gpu g ON g.id = i.gpu_id"));
    while (q.next())
        rows << QStringLiteral("instance %1|%2|%3|%4|%5|%6")
                    .arg(q.value(0).toString(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                         q.value(4).toString(), q.value(5).toString());
    rows.sort();
    return rows;
}

QStringList rateRows(const QSqlDatabase &db)
{
    QStringList rows;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.exec(QStringLiteral("SELECT currency, day, per_eur FROM fx_rate"));
    while (q.next())
        rows << QStringLiteral("%1|%2|%3").arg(q.value(0).toString(), q.value(1).toString(), q.value(2).toString());
    rows.sort();
    return rows;
}

/// An Azure page as saved under tests/data, its NextPageLink pointed at `base` (the server's address).
QByteArray azurePage(const QString &file, const QString &base)
{
    QByteArray page = readAll(file);
    page.replace("https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview&$filter=serviceName%20eq%20%27Virtual%20Machines%27&$skip=1000",
                 (base + QStringLiteral("/api/retail/prices?$skip=1000")).toLatin1());
    return page;
}

/// The failure's message, or nothing (QVERIFY2 reads its message whether or not the check fails).
QString failureText(const fetch::UpdateOutcome &outcome)
{
    const auto *failure = std::get_if<fetch::FetchFailure>(&outcome);
    return failure ? failure->message + QLatin1Char(' ') + failure->details.join(QLatin1Char(' ')) : QString();
}

} // namespace

class TestPriceUpdate : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<test::HttpServer> m_server;
    int m_documents = 0;

    std::unique_ptr<store::Document> newDocument()
    {
        auto doc = catalog::openDocument(test::newStoreLocation(m_dir, QStringLiteral("fetch-%1").arg(++m_documents)));
        if (!doc)
            qFatal("cannot open a document: %s", qPrintable(doc.error().message));
        return std::move(*doc);
    }

    fetch::UpdateRequest requestFor(fetch::UpdateSource source, const QString &address) const
    {
        fetch::UpdateRequest r;
        r.source = source;
        r.address = address;
        r.workFolder = m_dir.path();
        return r;
    }

    fetch::UpdateRequest skyPilot(const QStringList &clouds, const QString &root = {}) const
    {
        fetch::UpdateRequest r = requestFor(fetch::UpdateSource::SkyPilot, root.isEmpty() ? m_server->base() : root);
        r.clouds = clouds;
        r.settings.stallTimeout = 2s;
        return r;
    }

    /// The AWS price list `file` imported from disk into a new document, dated as AWS published it.
    std::unique_ptr<store::Document> awsFromDisk(const QString &file, QDate *published = nullptr)
    {
        auto imported = newDocument();
        catalog::ImportRequest fromDisk;
        fromDisk.path = file;
        fromDisk.format = catalog::PriceFileFormat::AwsPriceList;
        QFile in(file);
        if (in.open(QIODevice::ReadOnly))
            fromDisk.options.observedAt = catalog::awsPublicationDate(in).value_or(QDate());
        if (published)
            *published = fromDisk.options.observedAt;
        catalog::ImportProgress progress;
        if (!catalog::importPriceFile(imported->database(), fromDisk, progress))
            qFatal("the AWS file did not import");
        return imported;
    }

    static fetch::UpdateOutcome update(store::Document &doc, const fetch::UpdateRequest &request)
    {
        fetch::UpdateProgress progress;
        return fetch::updatePrices(doc.database(), request, progress);
    }

    /// The update fails with `kind`, naming `address`, and leaves the document exactly as it was.
    void expectFailure(store::Document &doc, const fetch::UpdateRequest &request, fetch::FailureKind kind,
                       const QString &address, const QString &words)
    {
        const QString before = dumpOf(doc.database());
        const fetch::UpdateOutcome outcome = update(doc, request);
        const auto *failure = std::get_if<fetch::FetchFailure>(&outcome);
        QVERIFY2(failure, "the update should have failed");
        QVERIFY2(int(failure->kind) == int(kind), qPrintable(failure->message));
        const QString said = failure->message + QLatin1Char('\n') + failure->details.join(QLatin1Char('\n'));
        QVERIFY2(failure->message.contains(address), qPrintable(said));
        QVERIFY2(said.contains(words), qPrintable(said));
        QCOMPARE(dumpOf(doc.database()), before);
        // Nothing left behind in the work folder either.
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("mltco-update-*")}, QDir::Dirs).size(), 0);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_server = std::make_unique<test::HttpServer>();
        const QString import = kData + QStringLiteral("/import/");
        test::HttpRoute aws;
        aws.body = readAll(import + QStringLiteral("skypilot-v8-aws-vms.csv"));
        aws.etag = "\"aws-v8-1\"";
        aws.contentType = "text/csv";
        m_server->route("/aws/vms.csv", aws);
        test::HttpRoute gcp;
        gcp.body = readAll(import + QStringLiteral("skypilot-v8-gcp-vms.csv"));
        gcp.lastModified = "Tue, 01 Dec 2026 06:00:00 GMT";
        gcp.chunked = true;
        m_server->route("/gcp/vms.csv", gcp);
        // SkyPilot's own Lambda catalog, whole, as its public repository publishes it (CRLF lines; shared/data).
        m_server->routeFile("/lambda/vms.csv", kLambda, "text/plain; charset=utf-8");
    }

    void skyPilotLandsWhatItsFilesLand()
    {
        auto fetched = newDocument();
        const QStringList clouds = {QStringLiteral("aws"), QStringLiteral("gcp"), QStringLiteral("lambda")};
        const fetch::UpdateOutcome outcome = update(*fetched, skyPilot(clouds));
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome),
                 qPrintable(failureText(outcome)));
        const fetch::UpdateResult &result = std::get<fetch::UpdateResult>(outcome);
        QCOMPARE(result.addresses.size(), std::size_t(3));
        QVERIFY(result.changed());

        // The same files imported from disk, with the same dates and clouds.
        auto imported = newDocument();
        const QStringList files = {kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"),
                                   kData + QStringLiteral("/import/skypilot-v8-gcp-vms.csv"), kLambda};
        for (int i = 0; i < 3; ++i) {
            const fetch::AddressOutcome &a = result.addresses[std::size_t(i)];
            QCOMPARE(a.what, fetch::AddressOutcome::What::Imported);
            catalog::ImportRequest request;
            request.path = files[i];
            request.format = catalog::PriceFileFormat::SkyPilot;
            request.options.provider = clouds[i];
            request.options.observedAt = a.observedAt;
            request.options.fileName = QFileInfo(files[i]).fileName();
            catalog::ImportProgress progress;
            Expected<catalog::ImportResult> fromDisk = catalog::importPriceFile(imported->database(), request, progress);
            QVERIFY2(fromDisk, qPrintable(fromDisk ? QString() : fromDisk.error().message));
            QCOMPARE(a.summary.pricesAdded, fromDisk->summary.pricesAdded);
            QCOMPARE(a.notes, fromDisk->notes);
            QCOMPARE(a.sha256, *fileSha256(request.path));
        }
        QCOMPARE(landedRows(fetched->database()), landedRows(imported->database()));
        // gcp's Last-Modified dates its prices; aws sent none, so its prices are of the day they were fetched.
        QCOMPARE(result.addresses[1].observedAt, QDate(2026, 12, 1));
        QCOMPARE(result.addresses[0].observedAt, QDateTime::currentDateTimeUtc().date());

        // Each fetch is an import whose origin is its address, with the server's validators and the bytes' hash.
        std::vector<fetch::ImportRecord> records;
        QVERIFY(fetch::visitImports(fetched->database(), [&](const fetch::ImportRecord &r) {
            records.push_back(r);
            return true;
        }));
        QCOMPARE(records.size(), std::size_t(3));
        QCOMPARE(records[0].origin, m_server->base() + QStringLiteral("/aws/vms.csv"));
        QCOMPARE(records[0].etag, QStringLiteral("\"aws-v8-1\""));
        QCOMPARE(records[0].sha256, *fileSha256(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv")));
        QCOMPARE(records[1].lastModified, QStringLiteral("Tue, 01 Dec 2026 06:00:00 GMT"));
        QVERIFY(records[1].fetched());
        QCOMPARE(records[0].rows, qint64(result.addresses[0].summary.pricesAdded));

        // Asking again sends the validators; the server's 304 imports nothing and changes nothing.
        m_server->clearLog();
        const QString before = dumpOf(fetched->database());
        const fetch::UpdateOutcome again = update(*fetched, skyPilot(clouds));
        QVERIFY(std::holds_alternative<fetch::UpdateResult>(again));
        QVERIFY(!std::get<fetch::UpdateResult>(again).changed());
        const auto &addresses = std::get<fetch::UpdateResult>(again).addresses;
        QCOMPARE(addresses.at(0).what, fetch::AddressOutcome::What::NotModified);
        QCOMPARE(addresses.at(1).what, fetch::AddressOutcome::What::NotModified);
        QCOMPARE(addresses.at(2).what, fetch::AddressOutcome::What::SameBytes); // sent no validators: its hash tells
        const std::vector<test::HttpRequestSeen> seen = m_server->requests();
        QCOMPARE(seen.size(), std::size_t(3));
        QCOMPARE(seen[0].headers.value("if-none-match"), QByteArray("\"aws-v8-1\""));
        QCOMPARE(seen[1].headers.value("if-modified-since"), QByteArray("Tue, 01 Dec 2026 06:00:00 GMT"));
        QCOMPARE(dumpOf(fetched->database()), before);
    }

    void theSameBytesAgainImportNothing()
    {
        // A mirror that sends no validators: the same bytes are recognised by their hash.
        test::HttpRoute plain;
        plain.body = readAll(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        m_server->route("/plain/aws/vms.csv", plain);
        auto doc = newDocument();
        const auto request = skyPilot({QStringLiteral("aws")}, m_server->base() + QStringLiteral("/plain"));
        QVERIFY(std::holds_alternative<fetch::UpdateResult>(update(*doc, request)));
        const QString before = dumpOf(doc->database());
        const fetch::UpdateOutcome again = update(*doc, request);
        QVERIFY(std::holds_alternative<fetch::UpdateResult>(again));
        QCOMPARE(std::get<fetch::UpdateResult>(again).addresses.at(0).what, fetch::AddressOutcome::What::SameBytes);
        QCOMPARE(dumpOf(doc->database()), before);
    }

    void awsPriceListLandsWhatItsFileLandsThroughGzip()
    {
        const QString file = kData + QStringLiteral("/import/aws-pricelist-ec2-2025.csv");
        test::HttpRoute route;
        route.body = readAll(file);
        route.gzipWhenAsked = true;
        route.contentType = "text/csv";
        m_server->route("/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.csv", route);
        m_server->clearLog();
        auto fetched = newDocument();
        fetch::UpdateRequest request;
        request.source = fetch::UpdateSource::AwsPriceList;
        request.address = m_server->base();
        request.regions = {QStringLiteral("us-east-1")};
        request.workFolder = m_dir.path();
        const fetch::UpdateOutcome outcome = update(*fetched, request);
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome),
                 qPrintable(failureText(outcome)));
        const fetch::AddressOutcome &a = std::get<fetch::UpdateResult>(outcome).addresses.at(0);
        // The server compressed it on the way; what was hashed and imported is the file itself.
        QVERIFY(m_server->requests().at(0).headers.value("accept-encoding").contains("gzip"));
        QCOMPARE(a.sha256, *fileSha256(file));
        QCOMPARE(a.bytes, QFileInfo(file).size());

        QDate published;
        auto imported = awsFromDisk(file, &published);
        QCOMPARE(a.observedAt, published); // the date AWS published it, on both roads
        QCOMPARE(landedRows(fetched->database()), landedRows(imported->database()));
        QVERIFY(landedRows(fetched->database()).size() > 10);
    }

    void awsPriceListStreamsIntoTheImportAsItArrives()
    {
        // The price list arrives slowly, 1 KB every 10 ms: the import starts once 4 KB are in and reads the rest as
        // it comes; it lands what the file imported from disk lands.
        const QString file = kData + QStringLiteral("/import/aws-pricelist-ec2-2025.csv");
        test::HttpRoute slow;
        slow.body = readAll(file);
        slow.trickleBytes = 1024;
        slow.trickleMs = 10;
        slow.etag = "\"list-1\"";
        m_server->route("/slowlist/offers/v1.0/aws/AmazonEC2/current/eu-west-1/index.csv", slow);
        auto fetched = newDocument();
        fetch::UpdateRequest request;
        request.source = fetch::UpdateSource::AwsPriceList;
        request.address = m_server->base() + QStringLiteral("/slowlist");
        request.regions = {QStringLiteral("eu-west-1")};
        request.workFolder = m_dir.path();
        request.streamAfterBytes = 4096;
        const fetch::UpdateOutcome outcome = update(*fetched, request);
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome), qPrintable(failureText(outcome)));
        const fetch::AddressOutcome &a = std::get<fetch::UpdateResult>(outcome).addresses.at(0);
        QVERIFY(a.streamed);
        QCOMPARE(a.sha256, *fileSha256(file));

        auto imported = awsFromDisk(file);
        QCOMPARE(landedRows(fetched->database()), landedRows(imported->database()));
        std::vector<fetch::ImportRecord> records;
        QVERIFY(fetch::visitImports(fetched->database(), [&](const fetch::ImportRecord &r) {
            records.push_back(r);
            return true;
        }));
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(records[0].etag, QStringLiteral("\"list-1\""));
        QCOMPARE(records[0].origin, a.address);
        QCOMPARE(records[0].sha256, a.sha256);

        // Asked again: 304, nothing imported. Cut short while streaming: nothing of it lands.
        const fetch::UpdateOutcome again = update(*fetched, request);
        QCOMPARE(std::get<fetch::UpdateResult>(again).addresses.at(0).what, fetch::AddressOutcome::What::NotModified);
        test::HttpRoute cut = slow;
        cut.etag.clear();
        cut.cutAfter = 9000;
        m_server->route("/cutlist/offers/v1.0/aws/AmazonEC2/current/eu-west-1/index.csv", cut);
        request.address = m_server->base() + QStringLiteral("/cutlist");
        auto other = newDocument();
        expectFailure(*other, request, fetch::FailureKind::Network, request.address, QStringLiteral("cut short"));
        // A bad row while it streams: refused for the row (not as a network fault), with its line, like the file.
        test::HttpRoute bad = slow;
        bad.etag.clear();
        QVERIFY(bad.body.contains("\"32.7726000000\",\"USD\""));
        bad.body.replace("\"32.7726000000\",\"USD\"", "\"oops\",\"USD\"");
        m_server->route("/badlist/offers/v1.0/aws/AmazonEC2/current/eu-west-1/index.csv", bad);
        request.address = m_server->base() + QStringLiteral("/badlist");
        expectFailure(*other, request, fetch::FailureKind::Content, request.address, QStringLiteral("\"oops\" is not a number"));
    }

    void azurePagesAreFollowedToTheEnd()
    {
        const QString pages = kData + QStringLiteral("/import/azure-retail-pages/");
        test::HttpRoute first;
        first.body = azurePage(pages + QStringLiteral("page-0001.json"), m_server->base());
        first.contentType = "application/json";
        m_server->route("/api/retail/prices", first);
        test::HttpRoute second;
        second.body = azurePage(pages + QStringLiteral("page-0002.json"), m_server->base());
        second.contentType = "application/json";
        m_server->route("/api/retail/prices?$skip=1000", second);
        m_server->clearLog();

        auto fetched = newDocument();
        fetch::UpdateRequest request = requestFor(fetch::UpdateSource::AzureRetail, m_server->base() + QStringLiteral("/api/retail/prices?api-version=2023-01-01-preview"));
        const fetch::UpdateOutcome outcome = update(*fetched, request);
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome),
                 qPrintable(failureText(outcome)));
        QCOMPARE(std::get<fetch::UpdateResult>(outcome).addresses.at(0).pages, 2);
        QCOMPARE(m_server->requests().size(), std::size_t(2));

        // The same two pages saved in a folder and imported from disk.
        QTemporaryDir saved;
        for (const QString &name : {QStringLiteral("page-0001.json"), QStringLiteral("page-0002.json")}) {
            QFile out(saved.filePath(name));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(azurePage(pages + name, m_server->base()));
        }
        auto imported = newDocument();
        catalog::ImportRequest fromDisk;
        fromDisk.path = saved.path();
        fromDisk.format = catalog::PriceFileFormat::AzureRetail;
        catalog::ImportProgress progress;
        QVERIFY(catalog::importPriceFile(imported->database(), fromDisk, progress));
        QCOMPARE(landedRows(fetched->database()), landedRows(imported->database()));
        QVERIFY(landedRows(fetched->database()).size() > 4);

        // A NextPageLink that leads back to a page already read is refused, not followed for ever.
        test::HttpRoute loop = second;
        loop.body.replace("\"NextPageLink\": null",
                          ("\"NextPageLink\": \"" + m_server->base() + QStringLiteral("/api/retail/prices?$skip=1000\"")).toLatin1());
        m_server->route("/api/retail/prices?$skip=1000", loop);
        auto other = newDocument();
        expectFailure(*other, request, fetch::FailureKind::Content, m_server->base(), QStringLiteral("already read"));
    }

    void ecbRatesLandWhatTheFileLands()
    {
        const QString file = kData + QStringLiteral("/fx/eurofxref-hist.zip");
        test::HttpRoute route;
        route.body = readAll(file);
        route.contentType = "application/zip";
        route.etag = "\"ecb-1\"";
        m_server->route("/stats/eurofxref/eurofxref-hist.zip", route);
        auto fetched = newDocument();
        fetch::UpdateRequest request = requestFor(fetch::UpdateSource::EcbRates, m_server->base() + QStringLiteral("/stats/eurofxref/eurofxref-hist.zip"));
        const fetch::UpdateOutcome outcome = update(*fetched, request);
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome),
                 qPrintable(failureText(outcome)));
        const fetch::AddressOutcome &a = std::get<fetch::UpdateResult>(outcome).addresses.at(0);
        QCOMPARE(a.ratesAdded, qint64(217555)); // tests/data/fx/README.md
        QCOMPARE(a.observedAt, QDate(2026, 4, 13));

        auto imported = newDocument();
        QVERIFY(catalog::importEcbRates(imported->database(), file));
        QCOMPARE(rateRows(fetched->database()), rateRows(imported->database()));

        const fetch::UpdateOutcome again = update(*fetched, request);
        QCOMPARE(std::get<fetch::UpdateResult>(again).addresses.at(0).what, fetch::AddressOutcome::What::NotModified);
    }

    void aBusyServerIsAskedAgainAfterItsRetryAfter()
    {
        test::HttpRoute busy;
        busy.body = readAll(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        busy.busyFirst = 2;
        busy.busyStatus = 503;
        busy.retryAfter = "1";
        m_server->route("/busy/aws/vms.csv", busy);
        auto doc = newDocument();
        const fetch::UpdateOutcome outcome = update(*doc, skyPilot({QStringLiteral("aws")}, m_server->base() + QStringLiteral("/busy")));
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome),
                 qPrintable(failureText(outcome)));
        QCOMPARE(m_server->requestsFor("/busy/aws/vms.csv"), 3);

        // A wait longer than mltco waits fails at once, naming it; so does a server busy after every retry.
        test::HttpRoute tooLong = busy;
        tooLong.busyFirst = 100;
        tooLong.busyStatus = 429;
        tooLong.retryAfter = "3600";
        m_server->route("/later/aws/vms.csv", tooLong);
        auto other = newDocument();
        expectFailure(*other, skyPilot({QStringLiteral("aws")}, m_server->base() + QStringLiteral("/later")),
                      fetch::FailureKind::Network, m_server->base(), QStringLiteral("asked to wait 3600 seconds"));
        test::HttpRoute always = busy;
        always.busyFirst = 100;
        always.retryAfter = "0";
        m_server->route("/always/aws/vms.csv", always);
        expectFailure(*other, skyPilot({QStringLiteral("aws")}, m_server->base() + QStringLiteral("/always")),
                      fetch::FailureKind::Network, m_server->base(), QStringLiteral("HTTP 503 Busy after 4 tries"));
    }

    void everyFaultLeavesTheDocumentAsItWas_data()
    {
        QTest::addColumn<QByteArray>("fault");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("words");
        QTest::newRow("a body cut short") << QByteArray("cut") << int(fetch::FailureKind::Network) << QStringLiteral("cut short after 700 of");
        QTest::newRow("a chunked body cut short") << QByteArray("cutchunked") << int(fetch::FailureKind::Network) << QStringLiteral("cut short");
        QTest::newRow("a server that stops sending") << QByteArray("stall") << int(fetch::FailureKind::Network) << QStringLiteral("stopped sending");
        QTest::newRow("404") << QByteArray("missing") << int(fetch::FailureKind::Network) << QStringLiteral("HTTP 404");
        QTest::newRow("a web page with status 200") << QByteArray("portal") << int(fetch::FailureKind::Content) << QStringLiteral("sent a web page");
        QTest::newRow("a bad row") << QByteArray("badrow") << int(fetch::FailureKind::Content) << QStringLiteral("was refused");
    }

    void everyFaultLeavesTheDocumentAsItWas()
    {
        QFETCH(QByteArray, fault);
        QFETCH(int, kind);
        QFETCH(QString, words);
        const QByteArray good = readAll(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        test::HttpRoute r;
        r.body = good;
        if (fault == "cut") {
            r.cutAfter = 700;
        } else if (fault == "cutchunked") {
            r.chunked = true;
            r.cutAfter = 900;
        } else if (fault == "stall") {
            r.stallAfter = 500;
        } else if (fault == "portal") {
            r.contentType = "text/html; charset=utf-8";
            r.body = "<!DOCTYPE html><html><head><title>Sign in to the hotel's Wi-Fi</title></head><body>Accept the terms</body></html>";
        } else if (fault == "badrow") {
            r.body = good + "p3.2xlarge,V100,1,8.0,61.0,,not-a-price,0.9,us-east-1,use1-az1,x86_64\n";
        }
        // The first cloud is fine and the second faulty: the update is all or nothing.
        test::HttpRoute gcp;
        gcp.body = readAll(kData + QStringLiteral("/import/skypilot-v8-gcp-vms.csv"));
        m_server->route("/fault-" + fault + "/gcp/vms.csv", gcp);
        if (fault != "missing")
            m_server->route("/fault-" + fault + "/aws/vms.csv", r);
        auto doc = newDocument();
        auto request = skyPilot({QStringLiteral("gcp"), QStringLiteral("aws")},
                                m_server->base() + QStringLiteral("/fault-") + QString::fromLatin1(fault));
        request.settings.stallTimeout = 500ms;
        expectFailure(*doc, request, fetch::FailureKind(kind),
                      m_server->base() + QStringLiteral("/fault-") + QString::fromLatin1(fault) + QStringLiteral("/aws/vms.csv"),
                      words);
    }

    void whateverTheServerSendsTheUpdateSaysWhatHappened()
    {
        // Answers no real server should give, made at random from pieces of real ones: a status line or not,
        // headers cut or doubled, lengths that lie, bodies of CSV, HTML, JSON or bytes. Each update ends in words
        // (imported or failed), never hangs or crashes, and a failed one leaves the document as it was.
        const QByteArray csv = readAll(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        const QList<QByteArray> statusLines = {"HTTP/1.1 200 OK\r\n", "HTTP/1.1 304 Not Modified\r\n",
                                               "HTTP/1.1 302 Found\r\nLocation: /nowhere\r\n",
                                               "HTTP/1.1 500 Oops\r\n", "HTTP/1.0 200\r\n", "HTTP/9 999 ?\r\n",
                                               "", "garbage\r\n", "HTTP/1.1 503 Busy\r\nRetry-After: soon\r\n",
                                               "HTTP/1.1 429 Slow\r\nRetry-After: Wed, 01 Jan 2031 00:00:00 GMT\r\n"};
        const QList<QByteArray> headers = {"Content-Type: text/csv\r\n", "Content-Type: text/html\r\n",
                                           "Content-Length: 10\r\n", "Content-Length: -5\r\n",
                                           "Content-Length: 99999999999999999999\r\n",
                                           "Transfer-Encoding: chunked\r\n", "Content-Encoding: gzip\r\n",
                                           "ETag: \"x\"\r\n", "Last-Modified: yesterday\r\n", "X: \xff\xfe\r\n"};
        const QList<QByteArray> bodies = {csv, csv.left(333), "<html>portal</html>", "{\"Items\": []}",
                                          QByteArray(700, '\0'), "zz\r\n", QByteArray()};
        QRandomGenerator random(20261205);
        auto doc = newDocument();
        for (int i = 0; i < 60; ++i) {
            QByteArray raw = statusLines[random.bounded(int(statusLines.size()))];
            for (int h = random.bounded(4); h > 0; --h)
                raw += headers[random.bounded(int(headers.size()))];
            if (random.bounded(5) != 0)
                raw += "\r\n";
            raw += bodies[random.bounded(int(bodies.size()))];
            test::HttpRoute r;
            r.raw = raw;
            const QByteArray root = "/random-" + QByteArray::number(i);
            m_server->route(root + "/aws/vms.csv", r);
            auto request = skyPilot({QStringLiteral("aws")}, m_server->base() + QString::fromLatin1(root));
            request.settings.stallTimeout = 1s;
            request.settings.retries = 1;
            request.settings.longestRetryWait = 1s;
            const QString before = dumpOf(doc->database());
            const fetch::UpdateOutcome outcome = update(*doc, request);
            if (const auto *failure = std::get_if<fetch::FetchFailure>(&outcome)) {
                QVERIFY2(!failure->message.isEmpty(), raw.left(200).constData());
                QVERIFY2(dumpOf(doc->database()) == before, raw.left(200).constData());
            }
        }
    }

    void aRedirectIsFollowedAndTheAddressAskedIsKept()
    {
        test::HttpRoute moved;
        moved.status = 301;
        moved.reason = "Moved Permanently";
        moved.headers = {{"Location", (m_server->base() + QStringLiteral("/aws/vms.csv")).toLatin1()}};
        m_server->route("/old/aws/vms.csv", moved);
        auto doc = newDocument();
        const fetch::UpdateOutcome outcome = update(*doc, skyPilot({QStringLiteral("aws")}, m_server->base() + QStringLiteral("/old")));
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome),
                 qPrintable(failureText(outcome)));
        QCOMPARE(std::get<fetch::UpdateResult>(outcome).addresses.at(0).address,
                 m_server->base() + QStringLiteral("/old/aws/vms.csv"));
        QVERIFY(std::get<fetch::UpdateResult>(outcome).addresses.at(0).summary.pricesAdded > 0);
    }

    void cancelMidDownloadLeavesNothingBehind()
    {
        test::HttpRoute slow;
        slow.body = readAll(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        slow.stallAfter = 300;
        m_server->route("/slow/aws/vms.csv", slow);
        auto doc = newDocument();
        const QString before = dumpOf(doc->database());
        fetch::UpdateProgress progress;
        auto request = skyPilot({QStringLiteral("aws")}, m_server->base() + QStringLiteral("/slow"));
        request.settings.stallTimeout = 30s;
        QTimer::singleShot(400ms, [&progress] { progress.cancel(); }); // the fetch's own event loop runs it
        QElapsedTimer clock;
        clock.start();
        const fetch::UpdateOutcome outcome = fetch::updatePrices(doc->database(), request, progress);
        QVERIFY(clock.elapsed() < 10000);
        const auto *failure = std::get_if<fetch::FetchFailure>(&outcome);
        QVERIFY(failure);
        QCOMPARE(failure->kind, fetch::FailureKind::Cancelled);
        QCOMPARE(dumpOf(doc->database()), before);
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("mltco-update-*")}, QDir::Dirs).size(), 0);
    }

    void httpsWithTheCompanysOwnAuthority()
    {
        test::HttpServer tls(kData + QStringLiteral("/fetch/test-server.pem"), kData + QStringLiteral("/fetch/test-server.key"));
        test::HttpRoute aws;
        aws.body = readAll(kData + QStringLiteral("/import/skypilot-v8-aws-vms.csv"));
        tls.route("/aws/vms.csv", aws);
        auto doc = newDocument();
        auto request = skyPilot({QStringLiteral("aws")}, tls.base());
        QVERIFY(tls.base().startsWith(QLatin1String("https://")));
        // Not signed by an authority the system trusts: refused, as a browser would.
        expectFailure(*doc, request, fetch::FailureKind::Network, tls.base(), QStringLiteral("could not be reached"));
        request.settings.caFile = kData + QStringLiteral("/fetch/test-server.pem");
        const fetch::UpdateOutcome outcome = update(*doc, request);
        QVERIFY2(std::holds_alternative<fetch::UpdateResult>(outcome),
                 qPrintable(failureText(outcome)));
        QVERIFY(std::get<fetch::UpdateResult>(outcome).changed());
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPriceUpdate)
#include "tst_priceupdate.moc"

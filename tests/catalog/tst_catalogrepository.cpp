// Catalog queries and writes: the latest price on or before a date, missing prices, monthly prices,
// import batches (idempotent re-import, new providers/GPUs/instances, all-or-nothing).
#include "models/catalog/catalogeditor.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importwriter.h"
#include "models/catalog/pricequery.h"
#include "models/store/document.h"
#include "models/store/rowreader.h"
#include "models/store/sqlutil.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QFile>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <tuple>

using namespace mltco;
using namespace mltco::catalog;

namespace {

PricePoint price(const QString &region, PricingModel pricing, std::optional<double> amount, QDate date,
                 PriceUnit unit = PriceUnit::Hour)
{
    PricePoint p;
    p.provider = QStringLiteral("acme");
    p.instance = QStringLiteral("8x-a100");
    p.region = region;
    p.pricing = pricing;
    p.amount = amount;
    p.unit = unit;
    p.observedAt = date;
    return p;
}

ImportData acmeFile(QList<PricePoint> prices)
{
    ImportData data;
    data.format = QStringLiteral("csv");
    data.providers << Provider{QStringLiteral("acme"), QStringLiteral("Acme GPU Cloud"), ProviderKind::GpuCloud};
    data.instances << InstanceType{
        QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("Acme A100"), 8, 96, 1024, {}};
    data.prices = std::move(prices);
    return data;
}

} // namespace

class TestCatalogRepository final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_documents = 0;
    std::unique_ptr<store::Document> m_doc;
    qint64 count(const char *table)
    {
        return *store::queryInt(m_doc->database(), QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table)));
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        auto doc = store::Document::open(test::newStoreLocation(m_dir, QStringLiteral("doc-%1").arg(++m_documents)));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        m_doc = std::move(*doc);
        CatalogRepository repo(m_doc->database());
        auto summary = applyImport(repo.database(), 
            acmeFile({price(QStringLiteral("eu"), PricingModel::OnDemand, 20.0, QDate(2024, 1, 1)),
                      price(QStringLiteral("eu"), PricingModel::OnDemand, 16.0, QDate(2024, 6, 1)),
                      price(QStringLiteral("eu"), PricingModel::OnDemand, std::nullopt, QDate(2025, 1, 1)),
                      price(QStringLiteral("us"), PricingModel::Spot, 7.0, QDate(2024, 3, 1)),
                      price(QStringLiteral("us"), PricingModel::Monthly, 7300.0, QDate(2024, 3, 1), PriceUnit::Month)}),
            {QStringLiteral("acme.csv"), QStringLiteral("sha-1"), QDate(2024, 6, 1)});
        QVERIFY2(summary, summary ? "" : qPrintable(summary.error().message));
        QCOMPARE(summary->pricesAdded, 5);
        QCOMPARE(summary->providersAdded, 1);
        QCOMPARE(summary->instancesAdded, 1);
        QCOMPARE(summary->gpusAdded, 1);
        QCOMPARE(summary->pricesByProvider.value(QStringLiteral("acme")), 5);
    }

    void cleanup() { m_doc.reset(); }

    void latestPriceOnOrBeforeDate_data()
    {
        QTest::addColumn<QDate>("asOf");
        QTest::addColumn<double>("expected");
        QTest::newRow("day of first observation") << QDate(2024, 1, 1) << 20.0;
        QTest::newRow("between observations") << QDate(2024, 5, 31) << 20.0;
        QTest::newRow("day of second observation") << QDate(2024, 6, 1) << 16.0;
        QTest::newRow("after second, before missing") << QDate(2024, 12, 31) << 16.0;
    }

    void latestPriceOnOrBeforeDate()
    {
        QFETCH(QDate, asOf);
        QFETCH(double, expected);
        CatalogRepository repo(m_doc->database());
        auto p = repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("eu"),
                                  PricingModel::OnDemand, asOf);
        QVERIFY2(p, p ? "" : qPrintable(p.error().message));
        QCOMPARE(*p->hourly(), expected);
        QVERIFY(p->source.startsWith(QStringLiteral("import:sha-1")));
    }

    void noObservationBeforeDateIsAnError()
    {
        CatalogRepository repo(m_doc->database());
        auto p = repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("eu"),
                                  PricingModel::OnDemand, QDate(2023, 12, 31));
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(QStringLiteral("No price for acme 8x-a100 in eu (on_demand)")),
                 qPrintable(p.error().message));
    }

    void latestObservationMissingIsMissingNotOlderPriceNorFree()
    {
        CatalogRepository repo(m_doc->database());
        auto p = repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("eu"),
                                  PricingModel::OnDemand, QDate(2025, 6, 1));
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(QStringLiteral("missing")), qPrintable(p.error().message));
    }

    void aPlansReservedPriceIsTheOneWithNothingUpFront()
    {
        // Reserved terms of several purchase options on one date: a plan's hourly price is the standard No Upfront
        // rate (or a reserved price stored without an option), never the 0 of All Upfront nor a convertible rate.
        // The others are kept, read back whole, and listed.
        CatalogRepository repo(m_doc->database());
        auto reserved = [](double amount, PurchaseOption purchase, OfferingClass offering,
                           std::optional<double> upfront, const QDate &date) {
            PricePoint p = price(QStringLiteral("eu"), PricingModel::Reserved3y, amount, date);
            p.purchase = purchase;
            p.offering = offering;
            p.upfront = upfront;
            return p;
        };
        auto summary = applyImport(repo.database(), 
            acmeFile(
                {reserved(11.0, PurchaseOption::NoUpfront, OfferingClass::Standard, std::nullopt, QDate(2024, 1, 1)),
                 reserved(0.0, PurchaseOption::AllUpfront, OfferingClass::Standard, 262800.0, QDate(2024, 6, 1)),
                 reserved(5.0, PurchaseOption::PartialUpfront, OfferingClass::Standard, 131400.0, QDate(2024, 6, 1)),
                 reserved(12.0, PurchaseOption::NoUpfront, OfferingClass::Convertible, std::nullopt,
                          QDate(2024, 6, 1))}),
            {QStringLiteral("acme-reserved.csv"), QStringLiteral("sha-2"), QDate(2024, 6, 1)});
        QVERIFY2(summary, summary ? "" : qPrintable(summary.error().message));
        QCOMPARE(summary->pricesAdded, 4);

        auto p = repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("eu"),
                                  PricingModel::Reserved3y, QDate(2024, 12, 31));
        QVERIFY2(p, p ? "" : qPrintable(p.error().message));
        QCOMPARE(*p->amount, 11.0);
        QCOMPARE(p->purchase, PurchaseOption::NoUpfront);

        PriceFilter filter;
        filter.pricing = PricingModel::Reserved3y;
        const QList<PricePoint> all = repo.prices(filter);
        QCOMPARE(all.size(), 4);
        int upfronts = 0;
        for (const PricePoint &r : all) {
            if (r.purchase == PurchaseOption::AllUpfront) {
                QCOMPARE(*r.amount, 0.0);
                QCOMPARE(*r.upfront, 262800.0);
                QCOMPARE(*r.hourly(), 10.0); // 262,800 over 36 x 730 hours
                ++upfronts;
            } else if (r.purchase == PurchaseOption::PartialUpfront) {
                QCOMPARE(*r.hourly(), 10.0); // 5 an hour and 131,400 over the term
                ++upfronts;
            } else if (r.offering == OfferingClass::Convertible) {
                QCOMPARE(*r.hourly(), 12.0);
            }
        }
        QCOMPARE(upfronts, 2);
    }

    void monthlyPriceConvertsAt730Hours()
    {
        CatalogRepository repo(m_doc->database());
        auto p = repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("us"),
                                  PricingModel::Monthly, QDate(2024, 3, 1));
        QVERIFY(p);
        QCOMPARE(*p->amount, 7300.0);
        QCOMPARE(*p->hourly(), 10.0);
    }

    void otherRegionOrPricingDoesNotLeak()
    {
        CatalogRepository repo(m_doc->database());
        QVERIFY(!repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("us"),
                                  PricingModel::OnDemand, QDate(2025, 1, 1)));
        QVERIFY(!repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("eu"),
                                  PricingModel::Spot, QDate(2025, 1, 1)));
    }

    void reimportingTheSameFileAddsNothing()
    {
        CatalogRepository repo(m_doc->database());
        const qint64 before = count("price_point");
        auto again =
            applyImport(repo.database(), acmeFile({price(QStringLiteral("eu"), PricingModel::OnDemand, 20.0, QDate(2024, 1, 1))}),
                             {QStringLiteral("acme.csv"), QStringLiteral("sha-1"), QDate(2024, 6, 1)});
        QVERIFY(again);
        QVERIFY(again->alreadyImported);
        QCOMPARE(count("price_point"), before);
        QCOMPARE(count("import_batch"), 1);
    }

    void newObservationOfSameFileOnAnotherDateIsANewBatch()
    {
        CatalogRepository repo(m_doc->database());
        auto again =
            applyImport(repo.database(), acmeFile({price(QStringLiteral("eu"), PricingModel::OnDemand, 18.0, QDate(2025, 2, 1))}),
                             {QStringLiteral("acme.csv"), QStringLiteral("sha-2"), QDate(2025, 2, 1)});
        QVERIFY(again);
        QVERIFY(!again->alreadyImported);
        QCOMPARE(again->providersAdded, 0);
        QCOMPARE(again->instancesAdded, 0);
        QCOMPARE(count("import_batch"), 2);
        auto p = repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("eu"),
                                  PricingModel::OnDemand, QDate(2025, 3, 1));
        QVERIFY(p);
        QCOMPARE(*p->hourly(), 18.0);
        // Nothing was overwritten: the whole history is still there.
        PriceFilter filter;
        filter.region = QStringLiteral("eu");
        QCOMPARE(repo.prices(filter).size(), 4);
    }

    void listsAndFilters()
    {
        CatalogRepository repo(m_doc->database());
        QCOMPARE(repo.instanceTypes(QStringLiteral("acme")).size(), 1);
        QCOMPARE(repo.instanceTypes(QStringLiteral("nobody")).size(), 0);
        PriceFilter spot;
        spot.pricing = PricingModel::Spot;
        QCOMPARE(repo.prices(spot).size(), 1);
        QCOMPARE(repo.gpus().size(), 1);
        QCOMPARE(repo.gpus().first().name, QStringLiteral("Acme A100"));
    }

    // The listing comes in the order of its index (provider, instance, pricing model, region, date, then as added),
    // so SQLite streams it without sorting: no filter combination makes it build a temporary b-tree. An import
    // writes its rows in that order, whatever order the file had.
    void priceListingFollowsItsIndexAndImportsStoreInThatOrder()
    {
        CatalogRepository repo(m_doc->database());
        // A second file, shuffled: two instances, regions, models and dates in no order.
        ImportData data = acmeFile({});
        data.instances << InstanceType{
            QStringLiteral("acme"), QStringLiteral("1x-h100"), QStringLiteral("Acme H100"), 1, 16, 128, {}};
        const QStringList regions{QStringLiteral("us"), QStringLiteral("eu"), QStringLiteral("ap")};
        for (int i = 0; i < 300; ++i) {
            PricePoint p = price(regions[(i * 7) % 3], i % 4 == 0 ? PricingModel::Spot : PricingModel::OnDemand,
                                 1.0 + i, QDate(2024, 1, 1).addDays((i * 37) % 200));
            if (i % 2)
                p.instance = QStringLiteral("1x-h100");
            data.prices << p;
        }
        QVERIFY(applyImport(repo.database(), data, {QStringLiteral("shuffled.csv"), QStringLiteral("sha-2"), QDate(2024, 7, 1)}));

        const QList<PricePoint> all = repo.prices();
        QCOMPARE(all.size(), 305);
        const auto key = [](const PricePoint &p) {
            return std::make_tuple(p.provider, p.instance, pricingModelKey(p.pricing), p.region, p.observedAt);
        };
        for (qsizetype i = 1; i < all.size(); ++i)
            QVERIFY2(!(key(all[i]) < key(all[i - 1])), qPrintable(QStringLiteral("row %1 out of order").arg(i)));
        int streamed = 0;
        repo.forEachPrice({}, [&](const PricePoint &p) {
            return key(p) == key(all[streamed++]) && streamed < 10; // stopping early is allowed
        });
        QCOMPARE(streamed, 10);

        // The imported rows are stored (by row id) in the index's order.
        QSqlQuery q(m_doc->database());
        QVERIFY(q.exec(QStringLiteral("SELECT id FROM price_point WHERE batch_id = (SELECT max(id) FROM import_batch) "
                                      "ORDER BY instance_type_id, pricing_model, region, observed_at, id")));
        qint64 previous = 0;
        int rows = 0;
        while (q.next()) {
            QVERIFY(q.value(0).toLongLong() > previous);
            previous = q.value(0).toLongLong();
            ++rows;
        }
        QCOMPARE(rows, 300);

        for (int mask = 0; mask < 16; ++mask) {
            PriceFilter filter;
            if (mask & 1)
                filter.provider = QStringLiteral("acme");
            if (mask & 2)
                filter.instance = QStringLiteral("1x-h100");
            if (mask & 4)
                filter.region = QStringLiteral("eu");
            if (mask & 8)
                filter.pricing = PricingModel::Spot;
            // SQLite's plan reads the index in order; a team store's walks the instance types in order and each one's
            // prices through the index, and sorts nothing after its loop.
            if (test::onPostgres()) {
                QSqlQuery plan(m_doc->database());
                const QString sql = QString::fromUtf8(
                    CatalogRepository::priceListingSql(filter, PriceOrder::Listing, store::Backend::PostgreSql));
                QVERIFY2(plan.exec(QStringLiteral("EXPLAIN (COSTS OFF) ") + QString(sql).replace(u'?', QStringLiteral("'x'"))),
                         qPrintable(plan.lastError().text()));
                QString steps;
                while (plan.next())
                    steps += plan.value(0).toString() + QLatin1Char('\n');
                QVERIFY2(steps.startsWith(QLatin1String("Nested Loop")) && !steps.contains(QLatin1String("Gather")),
                         qPrintable(QStringLiteral("filter %1:\n").arg(mask) + steps));
            } else {
                QSqlQuery plan(m_doc->database());
                QVERIFY(
                    plan.prepare(QStringLiteral("EXPLAIN QUERY PLAN ") +
                                 QString::fromUtf8(CatalogRepository::priceListingSql(filter, PriceOrder::Listing))));
                for (int i = 0, n = std::popcount(static_cast<unsigned>(mask)); i < n; ++i)
                    plan.bindValue(i, QStringLiteral("x"));
                QVERIFY(plan.exec());
                QString steps;
                while (plan.next())
                    steps += plan.value(3).toString() + QLatin1Char('\n');
                QVERIFY2(!steps.contains(QStringLiteral("TEMP B-TREE")),
                         qPrintable(QStringLiteral("filter %1:\n").arg(mask) + steps));
            }
            // The filtered listing holds exactly the matching rows.
            int matching = 0;
            for (const PricePoint &p : all)
                matching += (!(mask & 1) || p.provider == filter.provider) &&
                            (!(mask & 2) || p.instance == filter.instance) &&
                            (!(mask & 4) || p.region == filter.region) && (!(mask & 8) || p.pricing == filter.pricing);
            QCOMPARE(repo.prices(filter).size(), matching);
        }
    }

    // Prices that tie in the lookup index's key (one instance type, pricing model, region and day: the zones of a
    // region, a reserved term's purchase options) are listed by id on either store, whatever order the table holds
    // them in: here a later id is written first.
    void tiesInTheIndexAreListedById()
    {
        CatalogRepository repo(m_doc->database());
        QSqlQuery q(m_doc->database());
        for (const auto &[id, zone] : {std::pair{900002, "tie-b"}, std::pair{900001, "tie-a"}, std::pair{900003, "tie-c"}})
            QVERIFY2(q.exec(QStringLiteral("INSERT INTO price_point (id, instance_type_id, region, zone, pricing_model, "
                                           "amount, unit, observed_at, source_id) SELECT %1, min(i.id), 'tie', '%2', "
                                           "'on_demand', 2.5, 'hour', '2024-03-01', (SELECT min(id) FROM source) "
                                           "FROM instance_type i")
                                .arg(id)
                                .arg(QLatin1String(zone))),
                     qPrintable(q.lastError().text()));
        PriceFilter filter;
        filter.region = QStringLiteral("tie");
        QStringList zones;
        for (const PricePoint &p : repo.prices(filter))
            zones << p.zone;
        QCOMPARE(zones, (QStringList{QStringLiteral("tie-a"), QStringLiteral("tie-b"), QStringLiteral("tie-c")}));
        zones.clear();
        for (const PricePoint &p : repo.prices())
            if (p.region == u"tie")
                zones << p.zone;
        QCOMPARE(zones, (QStringList{QStringLiteral("tie-a"), QStringLiteral("tie-b"), QStringLiteral("tie-c")}));
    }

    // A reader at its end stays there on either store (SQLite would run its statement anew if stepped again).
    void aReaderAtItsEndStaysThere()
    {
        Expected<std::unique_ptr<store::RowReader>> rows =
            store::RowReader::start(m_doc->database(), "SELECT name FROM provider ORDER BY name");
        QVERIFY(rows);
        int read = 0;
        while ((*rows)->next())
            ++read;
        QCOMPARE(qint64(read), count("provider"));
        QVERIFY(read > 0);
        for (int again = 0; again < 3; ++again)
            QVERIFY(!(*rows)->next());
        QVERIFY(!(*rows)->error());
    }

    void userPriceIsANewObservation()
    {
        CatalogRepository repo(m_doc->database());
        auto id = repo.addUserPrice(price(QStringLiteral("eu"), PricingModel::OnDemand, 12.5, QDate(2025, 2, 1)));
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        auto p = repo.latestPrice(QStringLiteral("acme"), QStringLiteral("8x-a100"), QStringLiteral("eu"),
                                  PricingModel::OnDemand, QDate(2025, 2, 1));
        QVERIFY(p);
        QCOMPARE(*p->hourly(), 12.5);
        QCOMPARE(p->source, QStringLiteral("user"));
    }

    // A page damaged after the document was opened (its check passed): the listing stops short, and the
    // repository says so instead of handing back a short list as if it were the whole.
    void damageFoundWhileReadingIsReported()
    {
        if (test::onPostgres())
            QSKIP("overwrites bytes of the .mltco file; a team store's pages belong to its server");
        const QString path = m_doc->path();
        QVERIFY(store::execPlain(
            m_doc->database(),
            QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000) "
                           "INSERT INTO price_point (instance_type_id, region, pricing_model, amount, unit, "
                           "observed_at, source_id, note) SELECT (SELECT MIN(instance_type_id) FROM price_point), "
                           "'region-' || i, 'on_demand', 1 + i / 1000.0, 'hour', '2024-02-01', "
                           "(SELECT MIN(source_id) FROM price_point), 'filler row ' || i FROM n")));
        m_doc.reset(); // checkpointed into the file
        auto doc = store::Document::openExisting(path);
        QVERIFY(doc);
        m_doc = std::move(*doc);
        QVERIFY(
            store::execPlain(m_doc->database(), QStringLiteral("PRAGMA cache_size = 1"))); // read from the file again
        const CatalogRepository repo(m_doc->database());
        QCOMPARE(repo.prices().size(), 30005);
        QVERIFY(repo.readStatus());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        const qint64 size = file.size();
        QVERIFY(size > 1000000);
        file.seek(size / 3 / 4096 * 4096);
        file.write(QByteArray(size / 3, '\x5a'));
        file.close();
        const QList<PricePoint> prices = repo.prices();
        QVERIFY(prices.size() < 30005);
        const Status status = repo.readStatus();
        QVERIFY(!status);
        QVERIFY2(status.error().message.startsWith(QStringLiteral("the document is damaged: ")),
                 qPrintable(status.error().message));
        // The lazy price table's reads say so too: its ids, and its pages of rows.
        const Expected<std::vector<qint64>> ids = readPriceIds(m_doc->database(), PriceQuery{});
        QVERIFY(!ids);
        QVERIFY(ids.error().message.startsWith(QStringLiteral("the document is damaged: ")));
        const CatalogEditor editor(m_doc->database());
        QVERIFY(editor.readStatus());
        QVERIFY(editor.prices().size() < 30005);
        QVERIFY(!editor.readStatus());
        QVERIFY(editor.readStatus().error().message.startsWith(QStringLiteral("the document is damaged: ")));
        m_doc.reset();
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCatalogRepository)
#include "tst_catalogrepository.moc"

// The seed catalog every new document starts with: provenance on every row, and the figures the seed
// articles give (model.md §2 and §9).
#include "models/catalog/catalogrepository.h"
#include "models/catalog/instanceresolver.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;
using namespace mltco::catalog;

class TestSeedCatalog final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<store::Document> m_doc;

    double hourly(const QString &provider, const QString &instance, const QString &region, PricingModel pricing)
    {
        CatalogRepository repo(m_doc->database());
        auto p = repo.latestPrice(provider, instance, region, pricing, QDate(2030, 1, 1));
        if (!p) {
            qWarning("%s", qPrintable(p.error().message));
            return -1;
        }
        return *p->hourly();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        auto doc = openDocument(test::newStoreLocation(m_dir, QStringLiteral("seed")));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        m_doc = std::move(*doc);
    }

    void cleanupTestCase() { m_doc.reset(); }

    void everyRowCitesASourceWithADateOrAReason()
    {
        const QSqlDatabase db = m_doc->database();
        QCOMPARE(*store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM price_point WHERE source_id IS NULL")), 0);
        QCOMPARE(*store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM instance_type WHERE source_id IS NULL")), 0);
        QCOMPARE(*store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM gpu WHERE source_id IS NULL")), 0);
        QCOMPARE(*store::queryInt(
                     db, QStringLiteral("SELECT COUNT(*) FROM price_point WHERE amount IS NULL OR amount <= 0")),
                 0);
        // Seed sources name the seed file they come from.
        QCOMPARE(
            *store::queryInt(
                db, QStringLiteral("SELECT COUNT(*) FROM source WHERE kind = 'seed' AND reference NOT LIKE '00%.txt'")),
            0);
        QVERIFY(*store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM source WHERE kind = 'seed'")) >= 4);
        // Every seed price is dated.
        QCOMPARE(*store::queryInt(
                     db, QStringLiteral("SELECT COUNT(*) FROM price_point WHERE observed_at NOT LIKE '____-__-__'")),
                 0);
    }

    void providersOfEveryKind()
    {
        CatalogRepository repo(m_doc->database());
        QStringList names;
        for (const Provider &p : repo.providers())
            names << p.name;
        for (const char *expected : {"aws", "gcp", "azure", "lambda", "coreweave", "linode", "on_prem"})
            QVERIFY2(names.contains(QLatin1String(expected)), expected);
    }

    void pricesTheSeedsGive_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("instance");
        QTest::addColumn<QString>("region");
        QTest::addColumn<int>("pricing");
        QTest::addColumn<double>("usdPerHour");
        const auto od = static_cast<int>(PricingModel::OnDemand);
        const auto spot = static_cast<int>(PricingModel::Spot);
        QTest::newRow("p4d on-demand (seed 002)") << "aws"
                                                  << "p4d.24xlarge"
                                                  << "us-east-1" << od << 32.77;
        QTest::newRow("p5 on-demand (seed 002)") << "aws"
                                                 << "p5.48xlarge"
                                                 << "us-east-1" << od << 98.32;
        QTest::newRow("p5 spot (seed 002)") << "aws"
                                            << "p5.48xlarge"
                                            << "us-east-1" << spot << 54.07;
        QTest::newRow("a3-highgpu-8g (seed 002)") << "gcp"
                                                  << "a3-highgpu-8g"
                                                  << "us-central1" << od << 87.83;
        QTest::newRow("a2-ultragpu-8g (seed 002)") << "gcp"
                                                   << "a2-ultragpu-8g"
                                                   << "us-central1" << od << 40.22;
        QTest::newRow("p2.xlarge Oregon (seed 003)") << "aws"
                                                     << "p2.xlarge"
                                                     << "us-west-2" << od << 0.90;
        QTest::newRow("p2.xlarge Mumbai (seed 003)") << "aws"
                                                     << "p2.xlarge"
                                                     << "ap-south-1" << od << 1.718;
        QTest::newRow("g4dn.xlarge (seed 004)") << "aws"
                                                << "g4dn.xlarge"
                                                << "us-east-1" << od << 0.526;
        QTest::newRow("p3.2xlarge (seed 004)") << "aws"
                                               << "p3.2xlarge"
                                               << "us-east-1" << od << 3.06;
        QTest::newRow("GCP preemptible A100 (seed 000)")
            << "gcp"
            << "a2-highgpu-1g"
            << "us-central1" << static_cast<int>(PricingModel::Preemptible) << 0.88;
    }

    void pricesTheSeedsGive()
    {
        QFETCH(QString, provider);
        QFETCH(QString, instance);
        QFETCH(QString, region);
        QFETCH(int, pricing);
        QFETCH(double, usdPerHour);
        QCOMPARE(hourly(provider, instance, region, static_cast<PricingModel>(pricing)), usdPerHour);
    }

    void onPremServerListPrice()
    {
        CatalogRepository repo(m_doc->database());
        bool found = false;
        for (const InstanceType &i : repo.instanceTypes(QStringLiteral("on_prem"))) {
            if (i.gpuCount == 8 && i.gpu.startsWith(QStringLiteral("A100"))) {
                QCOMPARE(repo.listPrice(QStringLiteral("on_prem"), i.name).value_or(0), 150000.0);
                found = true;
            }
        }
        QVERIFY(found);
    }

    void noTf32FigureWhereTheGpuHasNoTf32Unit()
    {
        CatalogRepository repo(m_doc->database());
        const QList<Gpu> gpus = repo.gpus();
        QVERIFY(gpus.size() >= 8);
        for (const Gpu &g : gpus) {
            const bool hasTf32Unit =
                QStringList{QStringLiteral("Ampere"), QStringLiteral("Ada Lovelace"), QStringLiteral("Hopper"),
                            QStringLiteral("Blackwell"), QStringLiteral("CDNA 3")}
                    .contains(g.architecture);
            for (const ThroughputFigure &f : g.throughput) {
                if (f.metric.startsWith(QLatin1String("tf32")))
                    QVERIFY2(hasTf32Unit, qPrintable(g.name));
                QVERIFY(f.tflops > 0);
                QVERIFY(!f.source.isEmpty());
            }
        }
    }

    void everyTensorGpuHasADenseSixteenBitFigure()
    {
        // model.md §10.8: the common datacenter and workstation GPUs are in the table, each with a per-GPU FP32
        // figure and, where it has tensor (or matrix) units, a dense FP16/BF16 figure, which the speedup
        // estimate divides by the V100's 125. Datasheets that print figures with sparsity are stored halved.
        CatalogRepository repo(m_doc->database());
        for (const char *name : {"V100 16GB", "V100 32GB", "T4 16GB", "Quadro RTX 6000 24GB", "A10 24GB", "A10G 24GB",
                                 "L4 24GB", "L40S 48GB", "A100 40GB", "A100 80GB", "H100 SXM 80GB", "H100 PCIe 80GB",
                                 "H100 NVL 94GB", "H200 SXM 141GB", "B200 180GB", "Instinct MI300X 192GB"})
            QVERIFY2(repo.gpu(QString::fromLatin1(name)), name);
        for (const Gpu &g : repo.gpus()) {
            // A GPU listed only so that the instance types carrying it are known (bills, price files) has no figures
            // yet; one with figures has them all.
            if (g.throughput.isEmpty())
                continue;
            bool fp32 = false;
            std::optional<double> dense16;
            std::optional<double> tf32Dense;
            std::optional<double> tf32Sparse;
            for (const ThroughputFigure &f : g.throughput) {
                if (f.gpuCount != 1)
                    continue;
                fp32 = fp32 || f.metric == QLatin1String("fp32");
                if (f.metric == QLatin1String("fp16_tensor_dense") || f.metric == QLatin1String("bf16_dense"))
                    dense16 = f.tflops;
                if (f.metric == QLatin1String("tf32_dense"))
                    tf32Dense = f.tflops;
                if (f.metric == QLatin1String("tf32_sparse"))
                    tf32Sparse = f.tflops;
            }
            QVERIFY2(fp32, qPrintable(g.name));
            const bool noTensorUnit =
                QStringList{QStringLiteral("Kepler"), QStringLiteral("Pascal")}.contains(g.architecture);
            QVERIFY2(dense16.has_value() != noTensorUnit, qPrintable(g.name));
            if (tf32Dense && tf32Sparse)
                QVERIFY2(qAbs(*tf32Sparse - 2 * *tf32Dense) <= 0.005 * *tf32Sparse, qPrintable(g.name));
        }
        auto v100 = repo.gpu(QStringLiteral("V100 16GB"));
        QVERIFY(v100);
        bool reference = false;
        for (const ThroughputFigure &f : v100->throughput)
            reference =
                reference || (f.metric == QLatin1String("fp16_tensor_dense") && f.tflops == 125.0 && f.gpuCount == 1);
        QVERIFY(reference);
    }

    void nodeTf32FiguresQuotedBySeed002()
    {
        CatalogRepository repo(m_doc->database());
        QList<double> nodeFigures;
        for (const Gpu &g : repo.gpus())
            for (const ThroughputFigure &f : g.throughput)
                if (f.gpuCount == 8 && f.metric.startsWith(QLatin1String("tf32")))
                    nodeFigures << f.tflops;
        QVERIFY(nodeFigures.contains(2200.0));
        QVERIFY(nodeFigures.contains(7120.0));
    }

    void referenceGpuAndSeedSpeedups()
    {
        CatalogRepository repo(m_doc->database());
        auto v100 = repo.gpu(QStringLiteral("V100 16GB"));
        QVERIFY(v100);
        QCOMPARE(v100->speedup.value_or(0), 1.0);
        auto a100 = repo.gpu(QStringLiteral("A100 40GB"));
        QVERIFY(a100);
        QCOMPARE(a100->speedup.value_or(0), 4.0);
    }

    void resolverGivesRateGpusAndSpeedup()
    {
        const tco::InstanceResolver resolve = makeInstanceResolver(m_doc->database());
        auto p3 = resolve({QStringLiteral("aws"),
                           QStringLiteral("p3.8xlarge"),
                           QStringLiteral("us-east-1"),
                           QStringLiteral("on_demand"),
                           {}});
        QVERIFY2(p3, p3 ? "" : qPrintable(p3.error().message));
        QCOMPARE(p3->ratePerHour, 12.24);
        QCOMPARE(p3->gpusPerInstance, 4.0);
        QCOMPARE(p3->speedup.value_or(0), 1.0);
        QCOMPARE(p3->gpu, QStringLiteral("V100 16GB"));
        QVERIFY(!p3->source.isEmpty());
    }

    void instanceWithoutRegionResolves()
    {
        // Linode prices its plans without regions; a plan reference without "region" is a null string.
        const tco::InstanceResolver resolve = makeInstanceResolver(m_doc->database());
        auto linode = resolve(
            {QStringLiteral("linode"), QStringLiteral("g1-gpu-rtx6000-1"), QString(), QStringLiteral("monthly"), {}});
        QVERIFY2(linode, linode ? "" : qPrintable(linode.error().message));
        QCOMPARE(linode->ratePerHour, 1000.0 / 730.0);
    }

    void resolverNamesWhatIsMissing_data()
    {
        QTest::addColumn<QString>("instance");
        QTest::addColumn<QString>("pricing");
        QTest::addColumn<QDate>("asOf");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown instance") << "p9.huge"
                                          << "on_demand" << QDate() << "no instance type p9.huge";
        QTest::newRow("unknown pricing") << "p3.8xlarge"
                                         << "whenever" << QDate() << "Unknown pricing model";
        QTest::newRow("before any observation") << "p3.8xlarge"
                                                << "on_demand" << QDate(2001, 1, 1) << "No price for aws p3.8xlarge";
        QTest::newRow("pricing never observed") << "p3.8xlarge"
                                                << "reserved_3y" << QDate() << "No price for aws p3.8xlarge";
    }

    void resolverNamesWhatIsMissing()
    {
        QFETCH(QString, instance);
        QFETCH(QString, pricing);
        QFETCH(QDate, asOf);
        QFETCH(QString, message);
        const tco::InstanceResolver resolve = makeInstanceResolver(m_doc->database());
        auto r = resolve({QStringLiteral("aws"), instance, QStringLiteral("us-east-1"), pricing, asOf});
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestSeedCatalog)
#include "tst_seedcatalog.moc"

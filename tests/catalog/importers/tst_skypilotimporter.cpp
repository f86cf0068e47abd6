#include "models/catalog/importers/skypilotimporter.h"
#include "models/catalog/importers/skypilotnames.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace mltco;
using namespace mltco::catalog;

namespace {

const QDate kObserved(2025, 3, 1);

ImportOptions options(const QString &provider, const QString &fileName = QStringLiteral("vms.csv"))
{
    ImportOptions o;
    o.fileName = fileName;
    o.observedAt = kObserved;
    o.provider = provider;
    return o;
}

Expected<ImportData> parse(const QByteArray &bytes, const ImportOptions &o)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return parseSkyPilotCsv(buffer, o);
}

Expected<ImportData> parseFile(const QString &path, ImportOptions o)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot open %1").arg(path), {}};
    o.fileName = QFileInfo(path).fileName();
    return parseSkyPilotCsv(file, o);
}

QString fixture(const char *name)
{
    return QStringLiteral(MLTCO_TEST_DATA_DIR "/import/") + QLatin1String(name);
}
QString lambdaFile()
{
    return QStringLiteral(MLTCO_SHARED_DIR "/data/skypilot-v8-lambda-vms.csv");
}

QString failure(const Expected<ImportData> &result)
{
    return result ? QString() : result.error().message + u'\n' + result.error().details.join(u'\n');
}

const InstanceType *instance(const ImportData &data, const QString &name)
{
    for (const InstanceType &i : data.instances)
        if (i.name == name)
            return &i;
    return nullptr;
}

QList<PricePoint> pricesOf(const ImportData &data, const QString &name, PricingModel pricing)
{
    QList<PricePoint> found;
    for (const PricePoint &p : data.prices)
        if (p.instance == name && p.pricing == pricing)
            found << p;
    return found;
}

std::optional<double> priceIn(const ImportData &data, const QString &name, const QString &zone, PricingModel pricing)
{
    for (const PricePoint &p : pricesOf(data, name, pricing))
        if (p.zone == zone)
            return p.amount;
    return std::nullopt;
}

bool hasPrice(const ImportData &data, const QString &name, const QString &zone, PricingModel pricing)
{
    for (const PricePoint &p : pricesOf(data, name, pricing))
        if (p.zone == zone)
            return true;
    return false;
}

const QByteArray kLambdaHeader =
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n";

} // namespace

class TestSkyPilotImporter final : public QObject
{
    Q_OBJECT

private slots:
    void readsTheLambdaCatalog()
    {
        const auto result = parseFile(lambdaFile(), options(QStringLiteral("lambda")));
        QVERIFY2(result, qPrintable(failure(result)));
        const ImportData &data = *result;
        QCOMPARE(data.format, QStringLiteral("skypilot"));
        QCOMPARE(data.rowsRead, 408);
        QCOMPARE(data.rowsSkipped, 0);
        QCOMPARE(data.providers.size(), 1);
        QCOMPARE(data.providers[0].name, QStringLiteral("lambda"));
        QCOMPARE(data.providers[0].displayName, QStringLiteral("Lambda (Lambda Labs)"));
        QCOMPARE(data.providers[0].kind, ProviderKind::GpuCloud);
        QCOMPARE(data.instances.size(), 24);
        QCOMPARE(data.prices.size(), 408); // on-demand only: SpotPrice is empty throughout
        for (const InstanceType &i : data.instances)
            QCOMPARE(pricesOf(data, i.name, PricingModel::OnDemand).size(), 17);
        for (const PricePoint &p : data.prices) {
            QCOMPARE(p.pricing, PricingModel::OnDemand);
            QCOMPARE(p.unit, PriceUnit::Hour);
            QCOMPARE(p.observedAt, kObserved);
            QVERIFY(p.zone.isEmpty()); // Lambda lists regions, not zones
            QVERIFY(p.amount.has_value());
            QVERIFY(p.source.isEmpty());
        }
        QVERIFY(data.notes.contains(QStringLiteral(
            "408 rows have no spot price (SpotPrice empty): no spot observation was recorded for them.")));

        const InstanceType *a100 = instance(data, QStringLiteral("gpu_8x_a100"));
        QVERIFY(a100);
        QCOMPARE(a100->gpu, QStringLiteral("A100 40GB"));
        QCOMPARE(a100->gpuCount, 8.0);
        QCOMPARE(a100->vcpus, 124.0);
        QCOMPARE(a100->memoryGb, 1800.0);
        for (const PricePoint &p : pricesOf(data, QStringLiteral("gpu_8x_a100"), PricingModel::OnDemand))
            QCOMPARE(p.amount, std::optional(15.92));
        QCOMPARE(instance(data, QStringLiteral("cpu_4x_general"))->gpu, QString());
        QCOMPARE(instance(data, QStringLiteral("cpu_4x_general"))->gpuCount, 0.0);
    }

    void mapsLambdaGpuNames_data()
    {
        QTest::addColumn<QString>("instanceType");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("count");
        QTest::newRow("A100 40GB") << QStringLiteral("gpu_1x_a100_sxm4") << QStringLiteral("A100 40GB") << 1.0;
        QTest::newRow("A100 80GB") << QStringLiteral("gpu_8x_a100_80gb_sxm4") << QStringLiteral("A100 80GB") << 8.0;
        QTest::newRow("H100 SXM") << QStringLiteral("gpu_8x_h100_sxm5") << QStringLiteral("H100 SXM 80GB") << 8.0;
        QTest::newRow("H100 PCIe") << QStringLiteral("gpu_1x_h100_pcie") << QStringLiteral("H100 PCIe 80GB") << 1.0;
        QTest::newRow("V100") << QStringLiteral("gpu_8x_v100") << QStringLiteral("V100 16GB") << 8.0;
        QTest::newRow("RTX 6000") << QStringLiteral("gpu_1x_rtx6000") << QStringLiteral("Quadro RTX 6000 24GB") << 1.0;
        QTest::newRow("RTX A6000") << QStringLiteral("gpu_4x_a6000") << QStringLiteral("A6000") << 4.0;
        QTest::newRow("A10") << QStringLiteral("gpu_1x_a10") << QStringLiteral("A10") << 1.0;
        QTest::newRow("GH200") << QStringLiteral("gpu_1x_gh200") << QStringLiteral("GH200") << 1.0;
        QTest::newRow("B200") << QStringLiteral("gpu_2x_b200_sxm6") << QStringLiteral("B200") << 2.0;
    }
    void mapsLambdaGpuNames()
    {
        QFETCH(QString, instanceType);
        QFETCH(QString, gpu);
        QFETCH(double, count);
        const auto result = parseFile(lambdaFile(), options(QStringLiteral("lambda")));
        QVERIFY2(result, qPrintable(failure(result)));
        const InstanceType *i = instance(*result, instanceType);
        QVERIFY(i);
        QCOMPARE(i->gpu, gpu);
        QCOMPARE(i->gpuCount, count);
    }

    void skipsCpuOnlyRowsOnRequest()
    {
        ImportOptions o = options(QStringLiteral("lambda"));
        o.skipCpuOnly = true;
        const auto result = parseFile(lambdaFile(), o);
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->rowsRead, 408);
        QCOMPARE(result->rowsSkipped, 34);
        QCOMPARE(result->instances.size(), 22);
        QCOMPARE(result->prices.size(), 374);
        QVERIFY(!instance(*result, QStringLiteral("cpu_4x_generalx")));
        QVERIFY(result->notes.contains(QStringLiteral("34 CPU-only rows were left out.")));

        // Left before their price is judged: a CPU row no plausible machine would cost does not refuse the file
        // when only GPUs are asked for, and refuses it otherwise.
        const QByteArray bytes = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,"
                                 "SpotPrice\n"
                                 "cpu_huge,,,4.0,16.0,99999,us-east-1,,\n"
                                 "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,,\n";
        const auto gpuOnly = parse(bytes, o);
        QVERIFY2(gpuOnly, qPrintable(failure(gpuOnly)));
        QCOMPARE(gpuOnly->rowsSkipped, 1);
        QCOMPARE(gpuOnly->instances.size(), 1);
        QVERIFY(!parse(bytes, options(QStringLiteral("lambda"))));
    }

    void pricesGcpBundledVmsAsHostPlusGpusOfTheSameZone()
    {
        const auto result = parseFile(fixture("skypilot-v8-gcp-vms.csv"), options(QStringLiteral("gcp")));
        QVERIFY2(result, qPrintable(failure(result)));
        const ImportData &data = *result;
        QCOMPARE(data.providers[0].kind, ProviderKind::Hyperscaler);
        QCOMPARE(data.rowsRead, 29);
        QCOMPARE(data.rowsSkipped, 1); // the TPU row
        QCOMPARE(data.instances.size(), 14);
        QCOMPARE(data.prices.size(), 34);

        const QString a2 = QStringLiteral("a2-highgpu-2g");
        const QString zoneA = QStringLiteral("us-central1-a");
        const QString zoneB = QStringLiteral("us-central1-b");
        QCOMPARE(instance(data, a2)->gpu, QStringLiteral("A100 40GB"));
        QCOMPARE(instance(data, a2)->gpuCount, 2.0);
        QCOMPARE(instance(data, a2)->vcpus, 24.0);
        QCOMPARE(*priceIn(data, a2, zoneA, PricingModel::OnDemand), 1.47895 + 5.86);
        QCOMPARE(*priceIn(data, a2, zoneB, PricingModel::OnDemand), 1.47895 + 5.86);
        // Spot prices differ by zone, so the zone is kept.
        QCOMPARE(*priceIn(data, a2, zoneA, PricingModel::Spot), 0.7395 + 1.76);
        QCOMPARE(*priceIn(data, a2, zoneB, PricingModel::Spot), 0.7395 + 2.2);
        for (const PricePoint &p : pricesOf(data, a2, PricingModel::OnDemand))
            QCOMPARE(p.region, p.zone.left(p.zone.lastIndexOf(u'-')));

        // No A100 x2 row in europe-west4-a: the VM's price there is missing, not the host's alone.
        QVERIFY(hasPrice(data, a2, QStringLiteral("europe-west4-a"), PricingModel::OnDemand));
        QCOMPARE(priceIn(data, a2, QStringLiteral("europe-west4-a"), PricingModel::OnDemand), std::nullopt);
        QVERIFY(!hasPrice(data, a2, QStringLiteral("europe-west4-a"), PricingModel::Spot));

        QCOMPARE(*priceIn(data, QStringLiteral("a2-highgpu-1g"), zoneA, PricingModel::OnDemand), 0.73948 + 2.93);
        QCOMPARE(*priceIn(data, QStringLiteral("a2-megagpu-16g"), zoneA, PricingModel::OnDemand), 8.79698 + 46.88);
        QCOMPARE(instance(data, QStringLiteral("a2-megagpu-16g"))->gpuCount, 16.0);
        QCOMPARE(instance(data, QStringLiteral("a2-ultragpu-1g"))->gpu, QStringLiteral("A100 80GB"));
        QCOMPARE(*priceIn(data, QStringLiteral("a2-ultragpu-1g"), zoneA, PricingModel::OnDemand), 1.09962 + 3.93);
        QCOMPARE(instance(data, QStringLiteral("a3-highgpu-8g"))->gpu, QStringLiteral("H100 SXM 80GB"));
        QCOMPARE(*priceIn(data, QStringLiteral("a3-highgpu-8g"), zoneA, PricingModel::OnDemand), 9.46006 + 78.37);
        QCOMPARE(*priceIn(data, QStringLiteral("a3-edgegpu-8g-nolssd"), zoneA, PricingModel::OnDemand),
                 9.46006 + 78.37);
        QCOMPARE(instance(data, QStringLiteral("a3-megagpu-8g"))->gpu, QStringLiteral("H100 SXM 80GB"));
        QCOMPARE(*priceIn(data, QStringLiteral("a3-megagpu-8g"), zoneA, PricingModel::OnDemand), 9.46006 + 80.0);
        // The H100-MEGA row has no spot price: no spot observation for the VM.
        QVERIFY(!hasPrice(data, QStringLiteral("a3-megagpu-8g"), zoneA, PricingModel::Spot));
        QCOMPARE(instance(data, QStringLiteral("g2-standard-24"))->gpu, QStringLiteral("L4 24GB"));
        QCOMPARE(instance(data, QStringLiteral("g2-standard-24"))->gpuCount, 2.0);
        QCOMPARE(*priceIn(data, QStringLiteral("g2-standard-24"), zoneA, PricingModel::Spot), 0.38982 + 0.44);

        // N1 hosts stay CPU-only; the GPU rows price their own offerings.
        QCOMPARE(instance(data, QStringLiteral("n1-standard-8"))->gpu, QString());
        QCOMPARE(*priceIn(data, QStringLiteral("n1-standard-8"), zoneB, PricingModel::Spot), 0.09);
        QVERIFY(!hasPrice(data, QStringLiteral("n1-highmem-8"), QStringLiteral("us-central2-b"), PricingModel::Spot));
    }

    void keepsGpusThatAttachToN1HostsAsOfferings()
    {
        const auto result = parseFile(fixture("skypilot-v8-gcp-vms.csv"), options(QStringLiteral("gcp")));
        QVERIFY2(result, qPrintable(failure(result)));
        const ImportData &data = *result;
        const InstanceType *v100 = instance(data, QStringLiteral("gpu:V100 x1"));
        QVERIFY(v100);
        QCOMPARE(v100->provider, QStringLiteral("gcp"));
        QCOMPARE(v100->gpu, QStringLiteral("V100 16GB"));
        QCOMPARE(v100->gpuCount, 1.0);
        QCOMPARE(v100->vcpus, 0.0);
        QCOMPARE(v100->memoryGb, 0.0);
        QCOMPARE(instance(data, QStringLiteral("gpu:V100 x4"))->gpuCount, 4.0);
        QCOMPARE(*priceIn(data, QStringLiteral("gpu:V100 x4"), QStringLiteral("us-central1-a"), PricingModel::OnDemand),
                 9.92);
        QCOMPARE(*priceIn(data, QStringLiteral("gpu:T4 x1"), QStringLiteral("us-central1-a"), PricingModel::Spot),
                 0.14);
        QCOMPARE(*priceIn(data, QStringLiteral("gpu:T4 x1"), QStringLiteral("us-central1-b"), PricingModel::Spot),
                 0.11);
        // GpuInfo holding a bare name (no memory info) is accepted.
        QCOMPARE(instance(data, QStringLiteral("gpu:K80 x1"))->gpu, QStringLiteral("K80 12GB"));
        QCOMPARE(instance(data, QStringLiteral("gpu:T4 x1"))->gpu, QStringLiteral("T4 16GB"));
        // Bundled GPUs are no offerings of their own, and TPUs are left out.
        QVERIFY(!instance(data, QStringLiteral("gpu:A100 x2")));
        QVERIFY(!instance(data, QStringLiteral("gpu:L4 x2")));
        QVERIFY(!instance(data, QStringLiteral("gpu:tpu-v5p-8 x1")));
        QVERIFY(data.notes.contains(QStringLiteral("1 TPU row was left out (mltco plans GPUs).")));
        QVERIFY(data.notes.contains(
            QStringLiteral("1 bundled GCP VM row has no GPU row in its zone; its prices are missing.")));
    }

    void readsGcpVersion7()
    {
        const auto result = parseFile(fixture("skypilot-v7-gcp-vms.csv"), options(QStringLiteral("gcp")));
        QVERIFY2(result, qPrintable(failure(result)));
        const ImportData &data = *result;
        const QString a2 = QStringLiteral("a2-highgpu-2g");
        QCOMPARE(*priceIn(data, a2, QStringLiteral("us-central1-a"), PricingModel::OnDemand), 1.47895 + 5.86);
        QCOMPARE(*priceIn(data, a2, QStringLiteral("us-central1-a"), PricingModel::Spot), 0.59151 + 1.46);
        QCOMPARE(*priceIn(data, a2, QStringLiteral("us-central1-f"), PricingModel::Spot), 0.59151 + 1.62);
        QCOMPARE(*priceIn(data, a2, QStringLiteral("asia-northeast1-a"), PricingModel::OnDemand), 1.89606 + 7.44);
        QCOMPARE(instance(data, QStringLiteral("gpu:P100 x1"))->gpu, QStringLiteral("P100 16GB"));
        QCOMPARE(instance(data, QStringLiteral("gpu:P4 x2"))->gpu, QStringLiteral("P4"));
        QCOMPARE(instance(data, QStringLiteral("gpu:P4 x2"))->gpuCount, 2.0);
        QCOMPARE(data.instances.size(), 4);
        QCOMPARE(data.prices.size(), 12);
    }

    void tpuPodsAreJudgedPerAcceleratorAndLeftOut()
    {
        // Lines of SkyPilot's real Google Cloud catalog (catalogs/v7/gcp/vms.csv @ 017e250, Apache-2.0), unchanged:
        // TPU pods cost up to $27,527.04 an hour (tpu-v5p-11520: 11,520 TensorCores, $2.39 each), above the
        // $10,000 an instance-hour that refused the whole file. Judged per accelerator they are plausible; as TPUs
        // they are left out, counted, and never become a GPU of the GPU table. The GPU rows around them import.
        const auto result = parseFile(fixture("skypilot-v7-gcp-tpu-pods.csv"), options(QStringLiteral("gcp")));
        QVERIFY2(result, qPrintable(failure(result)));
        const ImportData &data = *result;
        QCOMPARE(data.rowsRead, 10);
        QVERIFY2(data.notes.contains(QStringLiteral("6 TPU rows were left out (mltco plans GPUs).")),
                 qPrintable(data.notes.join('\n')));
        for (const InstanceType &i : data.instances)
            QVERIFY2(!i.name.contains(QLatin1String("tpu"), Qt::CaseInsensitive) &&
                         !i.gpu.contains(QLatin1String("tpu"), Qt::CaseInsensitive),
                     qPrintable(i.name));
        const QString a2 = QStringLiteral("a2-highgpu-2g");
        QCOMPARE(*priceIn(data, a2, QStringLiteral("us-central1-a"), PricingModel::OnDemand), 1.47895 + 5.86);
        QCOMPARE(instance(data, a2)->gpuCount, 2.0);
        QVERIFY(instance(data, QStringLiteral("n1-highmem-8")));

        // Per accelerator, not a free pass: the same pod at more than $10,000 a core-hour is still refused.
        const QByteArray bytes = "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,"
                           "AvailabilityZone,Price,SpotPrice\n"
                           ",,,tpu-v5p-8,1,tpu-v5p-8,us-central1,us-central1-a,80000.5,6.72\n";
        const auto refused = parse(bytes, options(QStringLiteral("gcp")));
        QVERIFY(!refused);
        QVERIFY2(refused.error().details.join('\n').contains(
                     QStringLiteral(":2: Price 80000.5 USD/hour for 8 accelerators is not plausible: allowed 0.0001 to "
                                    "80000 USD/hour for 8 accelerators")),
                 qPrintable(failure(refused)));
    }

    void readsAwsZonesFractionalGpusAndRichGpuInfo()
    {
        const auto result = parseFile(fixture("skypilot-v8-aws-vms.csv"), options(QStringLiteral("aws")));
        QVERIFY2(result, qPrintable(failure(result)));
        const ImportData &data = *result;
        QCOMPARE(data.providers[0].displayName, QStringLiteral("Amazon Web Services"));
        QCOMPARE(data.rowsRead, 12);
        QCOMPARE(data.instances.size(), 8);
        QCOMPARE(data.prices.size(), 21);

        const QString p3 = QStringLiteral("p3.2xlarge");
        QCOMPARE(instance(data, p3)->gpu, QStringLiteral("V100 16GB"));
        QCOMPARE(*priceIn(data, p3, QStringLiteral("use1-az1"), PricingModel::Spot), 0.918);
        QCOMPARE(*priceIn(data, p3, QStringLiteral("use1-az2"), PricingModel::Spot), 1.0034);
        QCOMPARE(*priceIn(data, p3, QStringLiteral("use1-az4"), PricingModel::OnDemand), 3.06);
        QVERIFY(!hasPrice(data, p3, QStringLiteral("use1-az4"), PricingModel::Spot)); // empty SpotPrice: no row
        QCOMPARE(pricesOf(data, p3, PricingModel::OnDemand).size(), 3);

        QCOMPARE(instance(data, QStringLiteral("g6f.large"))->gpu, QStringLiteral("L4 24GB"));
        QCOMPARE(instance(data, QStringLiteral("g6f.large"))->gpuCount, 0.125);
        QCOMPARE(instance(data, QStringLiteral("p3dn.24xlarge"))->gpu, QStringLiteral("V100 32GB"));
        QCOMPARE(instance(data, QStringLiteral("p4d.24xlarge"))->gpu, QStringLiteral("A100 40GB"));
        QCOMPARE(instance(data, QStringLiteral("p4de.24xlarge"))->gpu, QStringLiteral("A100 80GB"));
        QCOMPARE(instance(data, QStringLiteral("p5.48xlarge"))->gpu, QStringLiteral("H100 SXM 80GB"));
        QCOMPARE(instance(data, QStringLiteral("trn1.32xlarge"))->gpu, QStringLiteral("Trainium"));
        QCOMPARE(instance(data, QStringLiteral("m5.large"))->gpu, QString());
        // An empty Price is a missing observation; the spot price of that row still counts.
        QVERIFY(hasPrice(data, QStringLiteral("p5.48xlarge"), QStringLiteral("usw2-az1"), PricingModel::OnDemand));
        QCOMPARE(priceIn(data, QStringLiteral("p5.48xlarge"), QStringLiteral("usw2-az1"), PricingModel::OnDemand),
                 std::nullopt);
        QCOMPARE(*priceIn(data, QStringLiteral("p5.48xlarge"), QStringLiteral("usw2-az1"), PricingModel::Spot), 35.2);
    }

    void readsColumnsByNameInAnyOrder()
    {
        // RunPod's v8 order differs from AWS, GCP and Lambda.
        const QByteArray bytes =
            "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Region,SpotPrice,Price,AvailabilityZone,"
            "GpuInfo\n"
            "1x_A100-80GB_SECURE,A100-80GB,1.0,8.0,117.0,CA,1.19,1.39,CA-MTL-1,\"{'Gpus': [{'Name': 'A100 PCIe', "
            "'Manufacturer': 'Nvidia', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 80}}], 'TotalGpuMemoryInMiB': 80}\"\n";
        const auto result = parse(bytes, options(QStringLiteral("runpod")));
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->instances[0].gpu, QStringLiteral("A100 80GB"));
        QCOMPARE(result->instances[0].vcpus, 8.0);
        QCOMPARE(result->prices.size(), 2);
        QCOMPARE(result->prices[0].amount, std::optional(1.39));
        QCOMPARE(result->prices[0].region, QStringLiteral("CA"));
        QCOMPARE(result->prices[0].zone, QStringLiteral("CA-MTL-1"));
        QCOMPARE(result->prices[1].pricing, PricingModel::Spot);
        QCOMPARE(result->prices[1].amount, std::optional(1.19));
    }

    void providerKindsFollowTheCloud_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<ProviderKind>("kind");
        QTest::newRow("aws") << QStringLiteral("aws") << ProviderKind::Hyperscaler;
        QTest::newRow("oci") << QStringLiteral("oci") << ProviderKind::Hyperscaler;
        QTest::newRow("coreweave") << QStringLiteral("coreweave") << ProviderKind::GpuCloud;
        QTest::newRow("vast") << QStringLiteral("Vast") << ProviderKind::Marketplace;
        QTest::newRow("unknown") << QStringLiteral("newcloud") << ProviderKind::GpuCloud;
    }
    void providerKindsFollowTheCloud()
    {
        QFETCH(QString, provider);
        QFETCH(ProviderKind, kind);
        const auto result = parse(kLambdaHeader + "x1,,,4,16,0.2,r1,,\n", options(provider));
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->providers[0].name, provider.toLower());
        QCOMPARE(result->providers[0].kind, kind);
        QCOMPARE(result->prices[0].provider, provider.toLower());
        QCOMPARE(result->instances[0].provider, provider.toLower());
    }

    void zeroPriceIsMissingAndZeroSpotIsAMissingObservation()
    {
        const auto result = parse(kLambdaHeader + "x1,,,4,16,0,r1,,0.0\n", options(QStringLiteral("lambda")));
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->prices.size(), 2);
        QCOMPARE(result->prices[0].amount, std::nullopt);
        QCOMPARE(result->prices[1].pricing, PricingModel::Spot);
        QCOMPARE(result->prices[1].amount, std::nullopt);
    }

    void rejectsInvalidRows_data()
    {
        QTest::addColumn<QByteArray>("row");
        QTest::addColumn<QString>("reason");
        const auto row = [](const char *name, const QByteArray &bytes, const QString &reason) {
            QTest::newRow(name) << bytes << reason;
        };
        row("wrong column count", "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,\n",
            QStringLiteral("wrong column count: expected 9 fields as in the header, found 8"));
        row("no instance type or accelerator", ",,,30.0,200.0,1.29,us-east-1,,\n",
            QStringLiteral("missing required field InstanceType (a row without one must name its AcceleratorName)"));
        row("no region", "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,,,\n", QStringLiteral("missing required field Region"));
        row("no accelerator count", "gpu_1x_a10,A10,,30.0,200.0,1.29,us-east-1,,\n",
            QStringLiteral("missing required field AcceleratorCount"));
        row("zero accelerators", "gpu_1x_a10,A10,0,30.0,200.0,1.29,us-east-1,,\n",
            QStringLiteral("AcceleratorCount must be more than 0 for A10"));
        row("text price", "gpu_1x_a10,A10,1.0,30.0,200.0,N/A,us-east-1,,\n",
            QStringLiteral("Price \"N/A\" is not a number"));
        row("negative price", "gpu_1x_a10,A10,1.0,30.0,200.0,-1.29,us-east-1,,\n",
            QStringLiteral("Price -1.29 is negative"));
        row("NaN price", "gpu_1x_a10,A10,1.0,30.0,200.0,NaN,us-east-1,,\n",
            QStringLiteral("Price is NaN (not a number)"));
        row("infinite spot", "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,,Infinity\n",
            QStringLiteral("SpotPrice \"Infinity\" is infinite"));
        row("bad vCPUs", "gpu_1x_a10,A10,1.0,thirty,200.0,1.29,us-east-1,,\n",
            QStringLiteral("vCPUs \"thirty\" is not a number"));
        row("JSON GpuInfo", "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,\"{\"\"Gpus\"\": [], \"\"x\"\": true}\",\n",
            QStringLiteral("GpuInfo is not a valid Python literal (invalid Python literal: unknown name 'true' (only "
                           "True, False and None are allowed) at column 19)"));
        row("broken GpuInfo", "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,\"{'Gpus': [{'Name': 'A10'}\",\n",
            QStringLiteral("GpuInfo is not a valid Python literal (invalid Python literal: unterminated list: "
                           "expected ',' or ']' at column 26)"));
        row("ESC in the instance type", "gpu_1x\x1b[2J,A10,1.0,30.0,200.0,1.29,us-east-1,,\n",
            QStringLiteral("InstanceType holds the control character U+001B at character 7; names are one line of "
                           "printable text"));
        row("price 1e308", "gpu_1x_a10,A10,1.0,30.0,200.0,1e308,us-east-1,,\n",
            QStringLiteral("Price 1e+308 USD/hour is not plausible: allowed 0.0001 to 10000 USD/hour"));
        row("spot 1e-7", "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,,0.0000001\n",
            QStringLiteral("SpotPrice 1e-07 USD/hour is not plausible: allowed 0.0001 to 10000 USD/hour"));
        row("a billion GPUs", "gpu_1x_a10,A10,1e9,30.0,200.0,1.29,us-east-1,,\n",
            QStringLiteral("AcceleratorCount 1000000000 GPUs is not plausible: allowed 0 to 1024 GPUs"));
        row("invalid UTF-8",
            "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-\xE9"
            "ast-1,,\n",
            QStringLiteral("invalid UTF-8"));
    }
    void rejectsInvalidRows()
    {
        QFETCH(QByteArray, row);
        QFETCH(QString, reason);
        const QByteArray good = "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,,\n";
        const auto result = parse(kLambdaHeader + good + row, options(QStringLiteral("lambda")));
        QVERIFY(!result);
        QCOMPARE(result.error().message,
                 QStringLiteral("vms.csv was rejected: 1 row is invalid. Nothing was imported; fix the row listed "
                                "below and import the file again."));
        QCOMPARE(result.error().details, QStringList{QStringLiteral("vms.csv:3: ") + reason});
    }

    void badRowAfterMultiLineGpuInfoKeepsItsLine()
    {
        const QByteArray bytes =
            kLambdaHeader +
            "gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,\"{'Gpus':\r\n [{'Name': 'A10'}],\r\n 'x': None}\",\r\n"
            "gpu_1x_a10,A10,1.0,30.0,200.0,oops,us-east-1,,\r\n";
        const auto result = parse(bytes, options(QStringLiteral("lambda")));
        QVERIFY(!result);
        QCOMPARE(result.error().details, QStringList{QStringLiteral("vms.csv:5: Price \"oops\" is not a number")});
    }

    void capsMessagesAtFifty()
    {
        QByteArray bytes = kLambdaHeader;
        for (int i = 0; i < 60; ++i)
            bytes += "gpu_1x_a10,A10,1.0,30.0,200.0,-1,us-east-1,,\n";
        const auto result = parse(bytes, options(QStringLiteral("lambda")));
        QVERIFY(!result);
        QCOMPARE(result.error().details.size(), kMaxImportErrors + 1);
        QCOMPARE(result.error().details.last(), QStringLiteral("... and 10 more invalid rows"));
        QVERIFY(result.error().message.contains(QStringLiteral("60 rows are invalid")));
    }

    void rejectsBadFilesAndOptions_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("message");
        QTest::newRow("no provider") << kLambdaHeader << QString()
                                     << QStringLiteral("vms.csv was not imported: say which cloud the SkyPilot catalog "
                                                       "lists (aws, gcp, lambda, ...).");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("lambda")
                               << QStringLiteral("vms.csv was rejected: the file is empty (a SkyPilot vms.csv starts "
                                                 "with a header line). Nothing was imported.");
        QTest::newRow("header only") << kLambdaHeader << QStringLiteral("lambda")
                                     << QStringLiteral("vms.csv was rejected: the file has a header but no data rows. "
                                                       "Nothing was imported.");
        QTest::newRow("missing column")
            << QByteArray("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Region\n")
            << QStringLiteral("lambda")
            << QStringLiteral("vms.csv was rejected: missing required column Price. Nothing was imported.");
        QTest::newRow("duplicate column")
            << QByteArray(kLambdaHeader).replace("GpuInfo", "Price") << QStringLiteral("lambda")
            << QStringLiteral("vms.csv was rejected: duplicate column \"Price\" (columns "
                              "6 and 8). Nothing was imported.");
        QTest::newRow("generic CSV")
            << QByteArray("provider,instance_type,region,pricing_model,price,observed_at\n") << QStringLiteral("aws")
            << QStringLiteral("vms.csv was rejected: this is not a SkyPilot vms.csv (it looks like a generic price "
                              "CSV: import it as one). Nothing was imported.");
        QTest::newRow("no header") << QByteArray("gpu_1x_a10,A10,1.0,30.0,200.0,1.29,us-east-1,,\n")
                                   << QStringLiteral("lambda")
                                   << QStringLiteral("vms.csv was rejected: missing header: the first line must name "
                                                     "the SkyPilot columns (InstanceType, AcceleratorName, ...). "
                                                     "Nothing was imported.");
    }
    void rejectsBadFilesAndOptions()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, provider);
        QFETCH(QString, message);
        const auto result = parse(bytes, options(provider));
        QVERIFY(!result);
        QCOMPARE(result.error().message, message);
    }

    void requiresAnObservationDate()
    {
        ImportOptions o = options(QStringLiteral("lambda"));
        o.observedAt = {};
        const auto result = parse(kLambdaHeader + "x1,,,4,16,0.2,r1,,\n", o);
        QVERIFY(!result);
        QVERIFY(result.error().message.contains(QStringLiteral("give the date its prices were observed")));
    }

    void gpuNameTable_data()
    {
        QTest::addColumn<QString>("accelerator");
        QTest::addColumn<QString>("infoName");
        QTest::addColumn<double>("memoryMiB");
        QTest::addColumn<QString>("instanceType");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char *accelerator, const char *infoName, double memoryMiB, const char *instanceType,
                            const char *expected) {
            const QByteArray tag = QByteArray(accelerator) + ' ' + instanceType + ' ' + QByteArray::number(memoryMiB);
            QTest::newRow(tag.constData())
                << QString::fromLatin1(accelerator) << QString::fromLatin1(infoName) << memoryMiB
                << QString::fromLatin1(instanceType) << QString::fromLatin1(expected);
        };
        row("A100", "", 0, "", "A100 40GB");
        row("A100", "A100", 81920, "p4de.24xlarge", "A100 80GB");
        row("a100-80gb", "", 0, "", "A100 80GB");
        row("H100", "", 0, "a3-highgpu-8g", "H100 SXM 80GB");
        row("H100", "", 81920, "gpu_1x_h100_pcie", "H100 PCIe 80GB");
        row("H100", "H100 PCIe", 0, "", "H100 PCIe 80GB");
        row("H100", "", 96256, "", "H100 NVL 94GB");
        row("H100-MEGA", "", 0, "", "H100 SXM 80GB");
        row("V100", "", 16384, "", "V100 16GB");
        row("V100", "", 32768, "", "V100 32GB");
        row("RTX6000", "", 0, "", "Quadro RTX 6000 24GB");
        row("t4", "", 0, "", "T4 16GB");
        row("A10G", "", 0, "", "A10G 24GB");
        row("A10", "", 0, "", "A10");
        row("A6000", "", 0, "", "A6000");
        row(" MI300X ", "", 0, "", "MI300X");
    }
    void gpuNameTable()
    {
        QFETCH(QString, accelerator);
        QFETCH(QString, infoName);
        QFETCH(double, memoryMiB);
        QFETCH(QString, instanceType);
        QFETCH(QString, expected);
        QCOMPARE(skypilot::catalogGpuName(accelerator, {infoName, memoryMiB, instanceType}), expected);
    }

    void gcpBundleTable_data()
    {
        QTest::addColumn<QString>("machineType");
        QTest::addColumn<QString>("accelerator");
        QTest::addColumn<double>("count");
        QTest::newRow("a2-highgpu-2g") << "a2-highgpu-2g"
                                       << "A100" << 2.0;
        QTest::newRow("a2-megagpu-16g") << "a2-megagpu-16g"
                                        << "A100" << 16.0;
        QTest::newRow("a2-ultragpu-8g") << "a2-ultragpu-8g"
                                        << "A100-80GB" << 8.0;
        QTest::newRow("a3-highgpu-8g") << "a3-highgpu-8g"
                                       << "H100" << 8.0;
        QTest::newRow("a3-edgegpu-8g-nolssd") << "a3-edgegpu-8g-nolssd"
                                              << "H100" << 8.0;
        QTest::newRow("a3-megagpu-8g") << "a3-megagpu-8g"
                                       << "H100-MEGA" << 8.0;
        QTest::newRow("a3-ultragpu-8g") << "a3-ultragpu-8g"
                                        << "H200" << 8.0;
        QTest::newRow("a4-highgpu-8g") << "a4-highgpu-8g"
                                       << "B200" << 8.0;
        QTest::newRow("g2-standard-4") << "g2-standard-4"
                                       << "L4" << 1.0;
        QTest::newRow("g2-standard-48") << "g2-standard-48"
                                        << "L4" << 4.0;
        QTest::newRow("n1-standard-8") << "n1-standard-8"
                                       << "" << 0.0;
        QTest::newRow("a2-highgpu-2gx") << "a2-highgpu-2gx"
                                        << "" << 0.0;
        QTest::newRow("g2-standard-5") << "g2-standard-5"
                                       << "" << 0.0;
    }
    void gcpBundleTable()
    {
        QFETCH(QString, machineType);
        QFETCH(QString, accelerator);
        QFETCH(double, count);
        const auto bundle = skypilot::gcpBundle(machineType);
        QCOMPARE(bundle.has_value(), !accelerator.isEmpty());
        if (bundle) {
            QCOMPARE(bundle->accelerator, accelerator);
            QCOMPARE(bundle->count, count);
        }
    }
};

MLTCO_TEST_GUILESS_MAIN(TestSkyPilotImporter)
#include "tst_skypilotimporter.moc"

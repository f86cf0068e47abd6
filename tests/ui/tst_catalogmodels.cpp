// The catalog page's item models (checked by QAbstractItemModelTester through every change), their
// filter proxy, and the $ per 1000 TF32 TFLOPS-hour comparison on the seed catalog (model.md §9).
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "ui/catalog/catalogfilterproxy.h"
#include "ui/catalog/catalogformat.h"
#include "ui/catalog/catalogmodels.h"
#include "ui/catalog/gputablemodel.h"
#include "ui/catalog/instancetablemodel.h"
#include "ui/catalog/pricetablemodel.h"
#include "ui/catalog/tflopscomparison.h"
#include "ui/core/planeditor.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;
using namespace mltco::ui;

class TestCatalogModels final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<store::Document> m_doc;
    QHash<QString, catalog::Source> m_sources;

    catalog::CatalogEditor editor() const { return catalog::CatalogEditor(m_doc->database()); }

    int findRow(const QAbstractItemModel &model, int column, const QString &text) const
    {
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.index(row, column).data().toString() == text)
                return row;
        return -1;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        auto doc = catalog::openDocument(m_dir.filePath(QStringLiteral("models.mltco")));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        m_doc = std::move(*doc);
        for (const catalog::Source &s : catalog::CatalogRepository(m_doc->database()).sources())
            m_sources.insert(s.key, s);
    }

    void priceModelPassesTheTesterThroughResetAppendAndRemove()
    {
        PriceTableModel model;
        CatalogFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<catalog::PriceRecord> all = editor().prices();
        QCOMPARE(all.size(), 31);
        const QList<catalog::PriceRecord> last = all.mid(28);
        all.resize(28);
        model.reset(all, m_sources);
        proxy.sort(PriceTableModel::PerHour);
        model.append(last);
        QCOMPARE(model.rowCount(), 31);
        QCOMPARE(proxy.rowCount(), 31);
        model.removeIds({all[0].id, all[1].id, all[5].id});
        QCOMPARE(model.rowCount(), 28);
        QCOMPARE(proxy.rowCount(), 28);
    }

    void pricesShowUnitsSourcesAndMissingNeverAsZero()
    {
        PriceTableModel model;
        catalog::PriceRecord missing;
        missing.id = 1;
        missing.price.provider = QStringLiteral("aws");
        missing.price.instance = QStringLiteral("p4d.24xlarge");
        missing.price.observedAt = QDate(2025, 1, 1);
        catalog::PriceRecord monthly = missing;
        monthly.id = 2;
        monthly.price.amount = 1000;
        monthly.price.unit = catalog::PriceUnit::Month;
        monthly.price.source = QStringLiteral("seed-000");
        model.reset({missing, monthly}, m_sources);
        QCOMPARE(model.headerData(PriceTableModel::PerHour, Qt::Horizontal).toString(),
                 QStringLiteral("Price (USD/hour)"));
        QCOMPARE(model.index(0, PriceTableModel::PerHour).data().toString(), QStringLiteral("missing"));
        QCOMPARE(model.index(0, PriceTableModel::Quoted).data().toString(), QStringLiteral("missing"));
        QCOMPARE(model.index(1, PriceTableModel::PerHour).data().toString(), QStringLiteral("$1.3699"));
        QCOMPARE(model.index(1, PriceTableModel::Quoted).data().toString(), QStringLiteral("$1,000.00 per month"));
        QCOMPARE(model.index(1, PriceTableModel::ObservedAt).data().toString(), QStringLiteral("2025-01-01"));
        QCOMPARE(model.index(1, PriceTableModel::Source).data().toString(), QStringLiteral("seed-000"));
    }

    void proxyFiltersByTextProviderAndPricing()
    {
        PriceTableModel model;
        model.reset(editor().prices(), m_sources);
        CatalogFilterProxy proxy;
        proxy.setSourceModel(&model);
        QCOMPARE(proxy.rowCount(), 31);
        proxy.setFilter({QStringLiteral("P4D"), {}, {}});
        QCOMPARE(proxy.rowCount(), 4);
        proxy.setFilter({QStringLiteral("p4d"), {}, catalog::PricingModel::Spot});
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setFilter({{}, QStringLiteral("linode"), {}});
        QCOMPARE(proxy.rowCount(), 4);
        proxy.setFilter({QStringLiteral("seed-002"), QStringLiteral("lambda"), catalog::PricingModel::OnDemand});
        QCOMPARE(proxy.rowCount(), 3);
    }

    void proxySortsPricesByAmountWithMissingFirst()
    {
        PriceTableModel model;
        QList<catalog::PriceRecord> prices = editor().prices();
        prices.first().price.amount.reset();
        model.reset(prices, m_sources);
        CatalogFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(PriceTableModel::PerHour, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, PriceTableModel::PerHour).data().toString(), QStringLiteral("missing"));
        QCOMPARE(proxy.index(1, PriceTableModel::PerHour).data().toString(), QStringLiteral("$0.158"));
        QCOMPARE(proxy.index(30, PriceTableModel::PerHour).data().toString(), QStringLiteral("$98.32"));
    }

    void sortedProxyStaysSortedWhenRowsArriveAndLeave()
    {
        PriceTableModel model;
        QList<catalog::PriceRecord> all = editor().prices();
        const QList<catalog::PriceRecord> later = all.mid(20);
        all.resize(20);
        model.reset(all, m_sources);
        CatalogFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int column :
             {int(PriceTableModel::Instance), int(PriceTableModel::PerHour), int(PriceTableModel::Source)}) {
            proxy.sort(column, Qt::AscendingOrder);
            model.append(later);
            model.removeIds({later.first().id});
            QCOMPARE(proxy.rowCount(), 30);
            for (int row = 1; row < proxy.rowCount(); ++row) {
                const int left = proxy.mapToSource(proxy.index(row - 1, 0)).row();
                const int right = proxy.mapToSource(proxy.index(row, 0)).row();
                QVERIFY2(!model.rowLessThan(column, right, left),
                         qPrintable(QStringLiteral("column %1 row %2").arg(column).arg(row)));
            }
            model.reset(all, m_sources);
        }
    }

    void largePriceHistoryLoadsInTheBackground()
    {
        // More observations than CatalogModels reads on the GUI thread.
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("many.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("provider,instance_type,region,pricing_model,price,observed_at\n");
        for (qint64 i = 0; i < CatalogModels::kForegroundPrices + 10; ++i)
            file.write("aws,p4d.24xlarge,r" + QByteArray::number(i % 40) + ",on_demand,21.5,2025-06-01\n");
        file.close();
        auto doc = catalog::openDocument(dir.filePath(QStringLiteral("many.mltco")));
        QVERIFY(doc);
        catalog::ImportRequest request{csv, catalog::PriceFileFormat::GenericCsv, {}, (*doc)->path()};
        request.options.observedAt = QDate(2025, 6, 1);
        catalog::ImportProgress progress;
        QVERIFY(catalog::runImport(request, progress));

        PlanEditor editor(**doc);
        CatalogModels models(&editor);
        QSignalSpy changed(&models, &CatalogModels::changed);
        models.reload();
        QVERIFY(models.pricesLoading());
        QCOMPARE(models.instances()->rowCount(), 29); // the small tables are there at once
        QTRY_VERIFY_WITH_TIMEOUT(!models.pricesLoading(), 60000);
        QCOMPARE(models.prices()->rowCount(), CatalogModels::kForegroundPrices + 10 + 31);
        QCOMPARE(changed.size(), 2);
    }

    void instanceAndGpuModelsPassTheTesterAndShowUnits()
    {
        InstanceTableModel instances;
        GpuTableModel gpus;
        QAbstractItemModelTester t1(&instances, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&gpus, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QList<catalog::InstanceRecord> records = editor().instanceTypes();
        instances.reset(records, editor().priceCounts(), m_sources);
        gpus.reset(editor().gpus(), records, m_sources);
        QCOMPARE(instances.rowCount(), 29);
        QCOMPARE(gpus.rowCount(), 18);
        QCOMPARE(instances.headerData(InstanceTableModel::MemoryGb, Qt::Horizontal).toString(),
                 QStringLiteral("Memory (GB)"));
        QCOMPARE(gpus.headerData(GpuTableModel::TdpW, Qt::Horizontal).toString(), QStringLiteral("TDP (W)"));
        const int onPrem = findRow(instances, InstanceTableModel::Name, QStringLiteral("onprem-8xA100"));
        QVERIFY(onPrem >= 0);
        QCOMPARE(instances.index(onPrem, InstanceTableModel::ListPrice).data().toString(),
                 QStringLiteral("$150,000.00"));
        const int a100 = findRow(gpus, GpuTableModel::Name, QStringLiteral("A100 40GB"));
        QCOMPARE(gpus.headerData(GpuTableModel::Tf32, Qt::Horizontal).toString(),
                 QStringLiteral("TF32 (TFLOPS per GPU unless a node is named)"));
        const QString figures = gpus.index(a100, GpuTableModel::Tf32).data().toString();
        QCOMPARE(figures, QStringLiteral("dense 156, sparse 312 (datasheet); 8-GPU node: sparse 2,200 (seed-002)"));
        QVERIFY(gpus.index(a100, GpuTableModel::OtherThroughput)
                    .data()
                    .toString()
                    .contains(QStringLiteral("FP32 19.5 (datasheet)")));
        const int v100 = findRow(gpus, GpuTableModel::Name, QStringLiteral("V100 16GB"));
        QCOMPARE(gpus.index(v100, GpuTableModel::Tf32).data().toString(), QStringLiteral("n/a (none recorded)"));

        CatalogFilterProxy proxy;
        proxy.setSourceModel(&gpus);
        proxy.setFilter({{}, QStringLiteral("lambda"), {}}); // GPUs lambda offers: A100 40GB and 80GB, H100
        QCOMPARE(proxy.rowCount(), 3);
        instances.reset({}, {}, m_sources);
        QCOMPARE(instances.rowCount(), 0);
    }

    void metricLabelsReadAsWords()
    {
        QCOMPARE(catalogtext::metricLabel(QStringLiteral("tf32_dense")), QStringLiteral("TF32 dense"));
        QCOMPARE(catalogtext::metricLabel(QStringLiteral("fp32")), QStringLiteral("FP32"));
    }

    void tflopsComparisonReproducesSeed002_data()
    {
        QTest::addColumn<QString>("instance");
        QTest::addColumn<QString>("expected");
        QTest::newRow("p4d") << QStringLiteral("p4d.24xlarge") << QStringLiteral("$14.90");
        QTest::newRow("a3") << QStringLiteral("a3-highgpu-8g") << QStringLiteral("$12.34");
        QTest::newRow("lambda h100") << QStringLiteral("gpu_8x_h100_sxm5") << QStringLiteral("$3.36");
    }

    void tflopsComparisonReproducesSeed002()
    {
        QFETCH(QString, instance);
        QFETCH(QString, expected);
        const TflopsComparison c = compareTflopsCost(editor().instanceTypes(), editor().gpus(),
                                                     editor().latestPrices(catalog::PricingModel::OnDemand),
                                                     TflopsBasis::QuotedNode, m_sources);
        const auto it =
            std::find_if(c.bars.cbegin(), c.bars.cend(), [&](const TflopsBar &b) { return b.instance == instance; });
        QVERIFY(it != c.bars.cend());
        QCOMPARE(report::money(it->costPer1000), expected);
        QVERIFY2(it->basis.startsWith(QStringLiteral("node TF32")), qPrintable(it->basis));
    }

    void tflopsComparisonIsCheapestFirstAndLeavesGpusWithoutTf32AtNa()
    {
        const TflopsComparison c =
            compareTflopsCost(editor().instanceTypes(), editor().gpus(),
                              editor().latestPrices(catalog::PricingModel::OnDemand), TflopsBasis::Dense, m_sources);
        QVERIFY(!c.bars.isEmpty());
        for (qsizetype i = 1; i < c.bars.size(); ++i)
            QVERIFY(c.bars[i - 1].costPer1000 <= c.bars[i].costPer1000);
        QVERIFY(c.noFigure.contains(QStringLiteral("V100 16GB")));
        for (const TflopsBar &b : c.bars) {
            QVERIFY(b.costPer1000 > 0);
            QVERIFY(b.gpu != QLatin1String("V100 16GB"));
        }
        const auto p4d = std::find_if(c.bars.cbegin(), c.bars.cend(),
                                      [](const TflopsBar &b) { return b.instance == QLatin1String("p4d.24xlarge"); });
        QCOMPARE(p4d->basis, QStringLiteral("8 × 156 TF32 dense (datasheet)"));
    }
};

QTEST_MAIN(TestCatalogModels)
#include "tst_catalogmodels.moc"

// The catalog page's item models (checked by QAbstractItemModelTester through every change), their
// filter proxy, and the $ per 1000 TF32 TFLOPS-hour comparison on the seed catalog (model.md §9).
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "tests/support/testmain.h"
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

    // A new document in `dir` holding the seed catalog and the generic price CSV `csv` imported into it.
    static std::unique_ptr<store::Document> documentWith(const QTemporaryDir &dir, const QString &name, const QByteArray &csv,
                                                         const QDate &observedAt)
    {
        const QString path = dir.filePath(name + QStringLiteral(".csv"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size())
            return nullptr;
        file.close();
        auto doc = catalog::openDocument(dir.filePath(name + QStringLiteral(".mltco")));
        if (!doc)
            return nullptr;
        catalog::ImportRequest request{path, catalog::PriceFileFormat::GenericCsv, {}, (*doc)->path()};
        request.options.observedAt = observedAt;
        catalog::ImportProgress progress;
        return catalog::runImport(request, progress) ? std::move(*doc) : nullptr;
    }

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

    // The lazy price table over a real document: the tester checks every reset a query, an addition or a deletion
    // makes, through the model and its proxy.
    void priceModelPassesTheTesterThroughQueriesAndEdits()
    {
        PriceTableModel model;
        model.setDatabase(m_doc->database());
        model.setSources(m_sources);
        CatalogFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reload();
        QCOMPARE(model.rowCount(), 31);
        QCOMPARE(model.totalCount(), 31);
        proxy.sort(PriceTableModel::PerHour);
        QCOMPARE(proxy.rowCount(), 31);

        catalog::PricePoint p;
        p.provider = QStringLiteral("aws");
        p.instance = QStringLiteral("p3.2xlarge");
        p.region = QStringLiteral("us-east-1");
        p.amount = 0.01; // the cheapest: first in the sorted table
        p.observedAt = QDate(2026, 1, 1);
        catalog::CatalogEditor editor(m_doc->database());
        const Expected<qint64> id = editor.addPrice(p);
        QVERIFY(id);
        model.reload();
        QCOMPARE(proxy.rowCount(), 32);
        QCOMPARE(model.rowOfId(*id), 0);
        QCOMPARE(proxy.index(0, PriceTableModel::PerHour).data().toString(), QStringLiteral("$0.01"));
        QVERIFY(editor.remove(catalog::CatalogTable::PricePoint, {*id}));
        model.reload();
        QCOMPARE(proxy.rowCount(), 31);
        QCOMPARE(model.rowOfId(*id), -1);
    }

    // Rows are read a page at a time and only the last pages are kept: a table of several pages shows every row
    // right, whichever order they are asked in, and a row deleted after the ids were read shows as gone.
    void priceModelReadsPagesOnDemand()
    {
        QTemporaryDir dir;
        QByteArray csv = "provider,instance_type,region,pricing_model,price,observed_at\n";
        const int rows = PriceTableModel::kPageRows * 5 + 7;
        for (int i = 0; i < rows; ++i)
            csv += "acme,box,r" + QByteArray::number(i) + ",on_demand," + QByteArray::number(1 + i) + ",2025-06-01\n";
        const std::unique_ptr<store::Document> doc = documentWith(dir, QStringLiteral("pages"), csv, QDate(2025, 6, 1));
        QVERIFY(doc);
        PriceTableModel model;
        model.setDatabase(doc->database());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        catalog::PriceQuery query;
        query.provider = QStringLiteral("acme");
        query.sortBy = catalog::PriceQuery::SortBy::Hourly;
        query.descending = true;
        model.setQuery(query);
        QCOMPARE(model.rowCount(), rows);
        for (int row : {rows - 1, 0, 700, 3, rows / 2, rows - 2}) {
            const double expected = rows - row; // descending: $rows, $rows-1, ...
            QCOMPARE(model.record(row)->price.amount.value_or(0), expected);
            QCOMPARE(model.index(row, PriceTableModel::Region).data().toString(),
                     QStringLiteral("r%1").arg(static_cast<int>(expected) - 1));
        }
        // A table whose ids were read before a row was deleted, its pages not yet: the row shows as gone.
        PriceTableModel stale;
        stale.setDatabase(doc->database());
        stale.setQuery(query);
        const qint64 gone = model.index(rows - 1, 0).data(PriceTableModel::IdRole).toLongLong();
        catalog::CatalogEditor editor(doc->database());
        QVERIFY(editor.remove(catalog::CatalogTable::PricePoint, {gone}));
        QVERIFY(!stale.record(rows - 1));
        QCOMPARE(stale.index(rows - 1, PriceTableModel::Provider).data().toString(), QString());
        QVERIFY(stale.record(rows - 2));
        PriceTableModel fresh;
        fresh.setDatabase(doc->database());
        fresh.setQuery(query);
        QCOMPARE(fresh.rowCount(), rows - 1);
    }

    void pricesShowUnitsSourcesAndMissingNeverAsZero()
    {
        QTemporaryDir dir;
        const std::unique_ptr<store::Document> doc =
            documentWith(dir, QStringLiteral("units"),
                         "provider,instance_type,region,pricing_model,price,unit,observed_at\n"
                         "aws,p4d.24xlarge,us-west-9,on_demand,,,2025-01-01\n"
                         "aws,p4d.24xlarge,us-west-9,monthly,1000,month,2025-01-01\n",
                         QDate(2025, 1, 1));
        QVERIFY(doc);
        PriceTableModel model;
        model.setDatabase(doc->database());
        catalog::PriceQuery query;
        query.text = QStringLiteral("units.csv"); // the two rows just imported (found by their source's title)
        query.sortBy = catalog::PriceQuery::SortBy::Hourly; // a missing price sorts before every real one
        model.setQuery(query);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.headerData(PriceTableModel::PerHour, Qt::Horizontal).toString(),
                 QStringLiteral("Price (USD/hour)"));
        QCOMPARE(model.index(0, PriceTableModel::PerHour).data().toString(), QStringLiteral("missing"));
        QCOMPARE(model.index(0, PriceTableModel::Quoted).data().toString(), QStringLiteral("missing"));
        QCOMPARE(model.index(1, PriceTableModel::PerHour).data().toString(), QStringLiteral("$1.3699"));
        QCOMPARE(model.index(1, PriceTableModel::Quoted).data().toString(), QStringLiteral("$1,000.00 per month"));
        QCOMPARE(model.index(1, PriceTableModel::ObservedAt).data().toString(), QStringLiteral("2025-01-01"));
    }

    void proxyFiltersByTextProviderAndPricing()
    {
        PriceTableModel model;
        model.setDatabase(m_doc->database());
        model.setSources(m_sources);
        model.reload();
        CatalogFilterProxy proxy;
        proxy.setSourceModel(&model);
        QCOMPARE(proxy.rowCount(), 31);
        proxy.setFilter({QStringLiteral("P4D"), {}, {}});
        QCOMPARE(proxy.rowCount(), 4);
        QCOMPARE(model.totalCount(), 31);
        proxy.setFilter({QStringLiteral("p4d"), {}, catalog::PricingModel::Spot});
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setFilter({{}, QStringLiteral("linode"), {}});
        QCOMPARE(proxy.rowCount(), 4);
        proxy.setFilter({QStringLiteral("hardware-perspective-2025"), QStringLiteral("lambda"), catalog::PricingModel::OnDemand});
        QCOMPARE(proxy.rowCount(), 3);
        proxy.setFilter({QStringLiteral("100%_"), {}, {}}); // LIKE's wildcards are taken literally
        QCOMPARE(proxy.rowCount(), 0);
    }

    void proxySortsPricesByAmountWithMissingFirstAndKeepsSorting()
    {
        PriceTableModel model;
        model.setDatabase(m_doc->database());
        model.setSources(m_sources);
        model.reload();
        CatalogFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(PriceTableModel::PerHour, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, PriceTableModel::PerHour).data().toString(), QStringLiteral("$0.158"));
        QCOMPARE(proxy.index(30, PriceTableModel::PerHour).data().toString(), QStringLiteral("$98.32"));
        proxy.sort(PriceTableModel::PerHour, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, PriceTableModel::PerHour).data().toString(), QStringLiteral("$98.32"));
        for (int column : {int(PriceTableModel::Instance), int(PriceTableModel::ObservedAt), int(PriceTableModel::Pricing)}) {
            proxy.sort(column, Qt::AscendingOrder);
            QCOMPARE(proxy.rowCount(), 31);
            for (int row = 1; row < proxy.rowCount(); ++row) {
                const QString a = proxy.index(row - 1, column).data().toString(), b = proxy.index(row, column).data().toString();
                if (column == int(PriceTableModel::Pricing))
                    continue; // pricing models sort in their own order, not by label
                QVERIFY2(a.compare(b, Qt::CaseInsensitive) <= 0, qPrintable(QStringLiteral("column %1 row %2: %3 > %4").arg(column).arg(row).arg(a, b)));
            }
        }
    }

    void largePriceHistoryLoadsInTheBackground()
    {
        // More observations than CatalogModels reads on the GUI thread.
        QTemporaryDir dir;
        QByteArray csv = "provider,instance_type,region,pricing_model,price,observed_at\n";
        for (qint64 i = 0; i < CatalogModels::kForegroundPrices + 10; ++i)
            csv += "aws,p4d.24xlarge,r" + QByteArray::number(i % 40) + ",on_demand,21.5,2025-06-01\n";
        const std::unique_ptr<store::Document> doc = documentWith(dir, QStringLiteral("many"), csv, QDate(2025, 6, 1));
        QVERIFY(doc);

        PlanEditor editor(*doc);
        CatalogModels models(&editor);
        QSignalSpy changed(&models, &CatalogModels::changed);
        models.reload();
        QVERIFY(models.pricesLoading());
        QCOMPARE(models.instances()->rowCount(), 190); // the small tables are there at once
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
        QCOMPARE(instances.rowCount(), 190);
        QCOMPARE(gpus.rowCount(), 35);
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
        QCOMPARE(figures, QStringLiteral("dense 156, sparse 312 (datasheet); 8-GPU node: sparse 2,200 (hardware-perspective-2025)"));
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

MLTCO_TEST_MAIN(TestCatalogModels)
#include "tst_catalogmodels.moc"

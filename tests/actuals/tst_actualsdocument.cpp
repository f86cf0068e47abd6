// FOCUS bills in a document: each bill kept once and a period imported twice refused, Azure's and Google Cloud's rows
// recognised by their own words, the providers' own amounts in the plan's currency, a large bill's progress and its
// cancel leaving the document as it was. Expected sums are worked by hand from the fixture rows (tests/data/actuals).
#include "actualstestutil.h"

using namespace mltco::test::bills;

class TestActualsDocument : public QObject
{
    Q_OBJECT

private slots:
    void theDocumentKeepsBillsOnceAndRefusesOverlaps()
    {
        QTemporaryDir dir;
        auto document = catalog::openDocument(test::newStoreLocation(dir, QStringLiteral("team")));
        QVERIFY2(document, qPrintable(document ? QString() : document.error().message));
        const QSqlDatabase db = (*document)->database();
        const Expected<store::dialect::SchemaMark> mark = store::dialect::readSchemaMark(db);
        QVERIFY(mark && mark->isMltco);
        QCOMPARE(mark->version, store::schemaVersionFor(store::backendOf(db)));

        Expected<BillImportResult> first = importBill(db, fixture("focus-1.2-aws-gpu.csv"));
        QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
        QList<ActualCost> listed;
        QVERIFY(visitActuals(db, [&listed](const ActualCost &c) {
            listed.append(c);
            return true;
        }));
        QCOMPARE(listed.size(), first->data.costs.size());
        for (qsizetype i = 0; i < listed.size(); ++i) {
            QCOMPARE(listed[i].month, first->data.costs[i].month);
            QCOMPARE(listed[i].instanceType, first->data.costs[i].instanceType);
            QCOMPARE(listed[i].category, first->data.costs[i].category);
            QCOMPARE(listed[i].effectiveCost, first->data.costs[i].effectiveCost);
        }
        Expected<QList<MonthActual>> months = monthlyActuals(db);
        QVERIFY(months);
        QCOMPARE(months->size(), 2);
        QCOMPARE(months->at(0).month, QStringLiteral("2026-01"));
        QVERIFY(qFuzzyCompare(months->at(0).effectiveCost, 3277.26 + 80 + 1620 - 327.73));
        QVERIFY(qFuzzyCompare(months->at(0).billedCost, 3277.26 + 80 + 10000 - 327.73));
        QVERIFY(qFuzzyCompare(months->at(0).gpuHours, 800.0 + 200 + 400 - 80));
        QVERIFY(qFuzzyCompare(months->at(0).byCategory[std::size_t(PricingCategory::Committed)], 1620.0));
        QVERIFY(qFuzzyCompare(months->at(1).effectiveCost, 6554.52 + 30.60));

        const QString before = actualsDump(db);
        // The same file again; the same bill gzipped (another file, the same months).
        Expected<BillImportResult> again = importBill(db, fixture("focus-1.2-aws-gpu.csv"));
        QVERIFY(!again);
        QVERIFY2(again.error().message.contains(QStringLiteral("was imported before")),
                 qPrintable(again.error().message));
        Expected<BillImportResult> overlap = importBill(db, fixture("focus-1.2-aws-gpu.csv.gz"));
        QVERIFY(!overlap);
        QVERIFY2(overlap.error().message.contains(QStringLiteral(
                     "covers AWS (billing account 111122223333) in 2026-01, which the bill focus-1.2-aws-gpu.csv")),
                 qPrintable(overlap.error().message));
        QCOMPARE(actualsDump(db), before);

        // Removing the bill makes room for its replacement; the sums are the same.
        QVERIFY(removeBill(db, first->billId));
        QVERIFY(!removeBill(db, first->billId));
        Expected<QList<MonthActual>> none = monthlyActuals(db);
        QVERIFY(none && none->isEmpty());
        QCOMPARE(*store::queryInt(db, QStringLiteral("SELECT count(*) FROM bill_charge")), 0);
        Expected<BillImportResult> replaced = importBill(db, fixture("focus-1.2-aws-gpu.csv.gz"));
        QVERIFY2(replaced, qPrintable(replaced ? QString() : replaced.error().message));
        Expected<QList<MonthActual>> after = monthlyActuals(db);
        QVERIFY(after && after->size() == 2);
        QCOMPARE(after->at(0).effectiveCost, months->at(0).effectiveCost);
        Expected<QList<BillRecord>> list = bills(db);
        QVERIFY(list && list->size() == 1);
        QCOMPARE(list->first().fileName, QStringLiteral("focus-1.2-aws-gpu.csv.gz"));
        QCOMPARE(list->first().firstMonth, QStringLiteral("2026-01"));
        QCOMPARE(list->first().lastMonth, QStringLiteral("2026-02"));
        QCOMPARE(list->first().rowsRead, 11);

        // The whole bill of the 1.2 fixture, worked by hand from its eleven rows: January's Compute holds GPU spend
        // 3277.26 + 80 + 1500 + 0 + 120 - 327.73 = 4649.53 and an m5.large's 2.30; its Other a tax of 50; February's
        // Compute GPU spend 6554.52 + 30.60 = 6585.12 and a credit of -100.
        {
            QList<ServiceCategorySum> whole;
            QVERIFY(visitServiceCategories(db, [&whole](const ServiceCategorySum &c) {
                whole.append(c);
                return true;
            }));
            QCOMPARE(whole.size(), 3);
            QCOMPARE(whole[0].month + whole[0].serviceCategory, QStringLiteral("2026-01Compute"));
            QCOMPARE(whole[0].byKind[std::size_t(ChargeKind::Gpu)], 4649.53);
            QCOMPARE(whole[0].byKind[std::size_t(ChargeKind::NotGpu)], 2.30);
            QCOMPARE(whole[0].billedCost, 3277.26 + 80 + 0 + 10000 + 0 - 327.73 + 2.30);
            QCOMPARE(whole[0].rows, qint64(7));
            QCOMPARE(whole[1].month + whole[1].serviceCategory, QStringLiteral("2026-01Other"));
            QCOMPARE(whole[1].byKind[std::size_t(ChargeKind::TaxCreditAdjustment)], 50.0);
            QCOMPARE(whole[2].byKind[std::size_t(ChargeKind::Gpu)], 6585.12);
            QCOMPARE(whole[2].byKind[std::size_t(ChargeKind::TaxCreditAdjustment)], -100.0);
            QCOMPARE(whole[2].currency, QStringLiteral("USD"));
            Expected<BillBreakdown> all = billBreakdown(db, QStringLiteral("USD"));
            QVERIFY(all);
            QVERIFY(qFuzzyCompare(all->total, 4649.53 + 2.30 + 50 + 6585.12 - 100));
            QVERIFY(qFuzzyCompare(all->byKind[std::size_t(ChargeKind::Gpu)], 4649.53 + 6585.12));
            QCOMPARE(all->firstMonth, QStringLiteral("2026-01"));
            QCOMPARE(all->lastMonth, QStringLiteral("2026-02"));
            QCOMPARE(all->otherByServiceCategory.size(), 2); // Compute 2.30 - 100, Other 50
            QCOMPARE(all->otherByServiceCategory[0].first, QStringLiteral("Compute"));
            QVERIFY(qFuzzyCompare(all->otherByServiceCategory[0].second, 2.30 - 100));
            QCOMPARE(all->billsWithoutBreakdown, 0);
            Expected<BillBreakdown> february = billBreakdown(db, QStringLiteral("USD"), QStringLiteral("2026-02"));
            QVERIFY(february && qFuzzyCompare(february->total, 6585.12 - 100));
        }

        // The 1.0 bill finds its GPU rows through the document's catalog (the seed knows p3.2xlarge and g4dn.xlarge).
        Expected<BillImportResult> aws10 = importBill(db, fixture("focus-1.0-aws.csv"));
        QVERIFY2(aws10, qPrintable(aws10 ? QString() : aws10.error().message));
        QCOMPARE(aws10->data.rowsUsed, 2);
    }

    void azureAndGoogleCloudRowsAreRecognisedByTheirOwnWords()
    {
        // A bill written by hand in the layouts Microsoft's and Google Cloud's FOCUS 1.0 exports use (no public export
        // holds their GPU rows; tests/data/actuals/README.md), imported into a brand-new document. Worked by hand:
        // - Microsoft: NC24ads A100 v4 from x_SkuDetails' ServiceType (1 GPU x 100 h, $367.30), ND96isr H100 v5 Spot
        //   from its meter name alone (8 GPUs x 10 h, $200.00), NC6s v3 from its ChargeDescription alone (1 x 50 h,
        //   $153.00); NC999 vX, an N-series size the catalog does not know, is GPU spend it cannot size ($50.00);
        //   D4ds v5 and a managed disk are not GPU ($162.72 + $19.71);
        // - Google Cloud: "Nvidia Tesla A100 GPU running in Americas", 360,000 GPU-seconds = 100 GPU-hours ($293.86);
        //   a spot L4, 36,000 s = 10 h ($2.24); "A2 Instance Core", the A2 machine's cores: GPU-machine spend without
        //   GPU-hours ($125.00); N1 cores are not GPU ($30.00); a GPU commitment fee names a GPU but no size ($100.00).
        QTemporaryDir dir;
        auto document = catalog::openDocument(dir.filePath(QStringLiteral("cloud.mltco")));
        QVERIFY(document);
        const QSqlDatabase db = (*document)->database();
        Expected<BillImportResult> imported = importBill(db, fixture("focus-1.0-azure-gcp-constructed.csv"));
        QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().message + imported.error().details.join('\n')));
        const BillData &data = imported->data;
        QCOMPARE(data.rowsRead, 11);
        QCOMPARE(data.rowsUsed, 6);
        double cost = 0, gpuHours = 0;
        for (const ActualCost &c : data.costs) {
            cost += c.effectiveCost;
            gpuHours += c.gpuHours;
        }
        QCOMPARE(cost, 367.30 + 200.00 + 153.00 + 293.86 + 2.24 + 125.00);
        QCOMPARE(gpuHours, 100.0 + 80 + 50 + 100 + 10);
        const auto at = [&](const char *instance, PricingCategory category) {
            return find(data, QStringLiteral("2026-03"), QLatin1String(instance), category);
        };
        QVERIFY(at("Standard_NC24ads_A100_v4", PricingCategory::Standard));
        QCOMPARE(at("Standard_ND96isr_H100_v5", PricingCategory::Dynamic)->gpuHours, 80.0);
        QCOMPARE(at("Standard_NC6s_v3", PricingCategory::Standard)->gpuHours, 50.0);
        QCOMPARE(at("Nvidia Tesla A100 GPU", PricingCategory::Standard)->gpuHours, 100.0);
        QCOMPARE(at("Nvidia L4 GPU", PricingCategory::Dynamic)->gpuHours, 10.0);
        QCOMPARE(at("A2 machine (cores and memory)", PricingCategory::Standard)->gpuHours, 0.0);
        QCOMPARE(at("A2 machine (cores and memory)", PricingCategory::Standard)->effectiveCost, 125.0);
        QCOMPARE(data.unsizedGpuCost, 50.00 + 100.00);
        QVERIFY(qFuzzyCompare(data.notGpuCost, 162.72 + 19.71 + 30.00));
        const QString notes = data.notes.join('\n');
        QVERIFY2(notes.contains(QStringLiteral("Standard_NC999_vX $50.00")), qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("Standard_D4ds_v5 $162.72")), qPrintable(notes));
        QVERIFY(notes.contains(QStringLiteral("(no instance type) $100.00")));
    }

    void theProvidersOwnAmountsInThePlansCurrencyAreTaken()
    {
        // A bill in euros whose rows the provider priced in dollars (FOCUS 1.2 PricingCurrency,
        // PricingCurrencyEffectiveCost): a dollar plan takes the provider's own amounts (model.md §13) and says so;
        // April's row gives none and converts at April's mean ECB rate. The rows give a GPU count but no instance type,
        // and the file has no ServiceCategory or BillingAccountId column: both are stored as empty, never refused.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gpu-cloud-eur.csv"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("BilledCost,EffectiveCost,BillingCurrency,ChargePeriodStart,ChargeCategory,ServiceName,"
                       "ProviderName,SkuPriceDetails,ConsumedQuantity,ConsumedUnit,InvoiceId,PricingCurrency,"
                       "PricingCurrencyEffectiveCost\n"
                       "92.00,92.00,EUR,2026-03-02T00:00:00Z,Usage,GPU Cloud,Example GPU Cloud,\"{\"\"GpuCount\"\":8}\","
                       "10,Hours,INV-1,USD,100.00\n"
                       "46.00,46.00,EUR,2026-03-03T00:00:00Z,Usage,GPU Cloud,Example GPU Cloud,\"{\"\"GpuCount\"\":8}\","
                       "5,Hours,INV-1,USD,50.00\n"
                       "9.20,9.20,EUR,2026-04-01T00:00:00Z,Usage,GPU Cloud,Example GPU Cloud,\"{\"\"GpuCount\"\":1}\","
                       "1,Hours,INV-2,,\n");
        }
        auto document = catalog::openDocument(dir.filePath(QStringLiteral("own.mltco")));
        QVERIFY(document);
        const QSqlDatabase db = (*document)->database();
        QVERIFY(catalog::importEcbRates(db, QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip")));
        Expected<BillImportResult> imported = importBill(db, path);
        QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().message + imported.error().details.join('\n')));
        QCOMPARE(imported->data.rowsUsed, 3);
        QCOMPARE(imported->data.costs.first().pricingCurrency, QStringLiteral("USD"));
        QCOMPARE(*imported->data.costs.first().pricingEffectiveCost, 150.0);
        QVERIFY(!imported->data.costs.last().pricingEffectiveCost);

        Expected<catalog::RateTable> table = catalog::readRateTable(db);
        QVERIFY(table);
        const Expected<catalog::FxRate> march = table->monthAverage(QStringLiteral("EUR"), QStringLiteral("USD"), 2026, 3);
        const Expected<catalog::FxRate> april = table->monthAverage(QStringLiteral("EUR"), QStringLiteral("USD"), 2026, 4);
        QVERIFY(march && april);
        Expected<QList<MonthActual>> usd = monthlyActuals(db, QStringLiteral("USD"));
        QVERIFY2(usd, qPrintable(usd ? QString() : usd.error().message));
        QCOMPARE(usd->size(), 2);
        QCOMPARE(usd->at(0).effectiveCost, 150.0);                  // the provider's own dollars
        QCOMPARE(usd->at(0).billedCost, 138.0 * march->rate);       // billed: the month's mean rate
        QCOMPARE(usd->at(1).effectiveCost, 9.20 * april->rate);
        QCOMPARE(usd->at(0).conversions.size(), 1);
        QVERIFY2(usd->at(0).conversions.first().contains(QStringLiteral("the provider's own amount in USD")),
                 qPrintable(usd->at(0).conversions.first()));
        QVERIFY2(usd->at(1).conversions.first().startsWith(
                     QStringLiteral("the bills of Apr 2026 in EUR were converted at %1 USD per EUR, the mean of the "
                                    "month's %2 ECB rates")
                         .arg(QString::number(april->rate, 'g', 6))
                         .arg(april->days)),
                 qPrintable(usd->at(1).conversions.first()));
        // In the bill's own currency nothing is converted, and nothing is said.
        Expected<QList<MonthActual>> eur = monthlyActuals(db, QStringLiteral("EUR"));
        QVERIFY(eur && eur->at(0).effectiveCost == 138.0 && eur->at(0).conversions.isEmpty());
    }

    void aLargeBillShowsItsProgressAndCancelsCleanly()
    {
        // A generated FOCUS 1.2 export of about 4 MB (four of the reader's 1 MB chunks): its progress counts every byte of the file, its GPU rows sum to
        // what the generator wrote, and a cancel at any moment leaves the document as it was.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large-bill.csv"));
        const test::FocusBillFigures figures = test::writeFocusBill(path, 4'000'000);
        QVERIFY(figures.rows > 2000);
        QCOMPARE(QFileInfo(path).size(), figures.bytes);

        // Cancelled by the reader's first look at the catalog, in the file's first chunk: the read stops before the
        // next chunk and says so.
        {
            ImportProgress progress;
            BillOptions options;
            options.progress = &progress;
            options.catalogGpuCount = [&progress](const QString &) -> std::optional<double> {
                progress.cancel();
                return std::nullopt;
            };
            Expected<BillData> stopped = readBillFile(path, options);
            QVERIFY(!stopped);
            QVERIFY2(stopped.error().message.contains(QStringLiteral("cancelled")), qPrintable(stopped.error().message));
            QCOMPARE(progress.total(), figures.bytes);
            QVERIFY(progress.done() > 0 && progress.done() <= figures.bytes / 2);
        }

        auto document = catalog::openDocument(dir.filePath(QStringLiteral("bills.mltco")));
        QVERIFY(document);
        const QSqlDatabase db = (*document)->database();
        const QString empty = actualsDump(db);
        {
            ImportProgress progress;
            progress.cancel(); // Cancel pressed before the reading began
            Expected<BillImportResult> cancelled = importBill(db, path, &progress);
            QVERIFY(cancelled);
            QVERIFY(cancelled->cancelled);
            QCOMPARE(actualsDump(db), empty);
            Expected<QList<BillRecord>> none = bills(db);
            QVERIFY(none && none->isEmpty());
        }
        ImportProgress progress;
        Expected<BillImportResult> imported = importBill(db, path, &progress);
        QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().message));
        QVERIFY(!imported->cancelled);
        QCOMPARE(progress.stage(), ImportProgress::Stage::Finishing);
        QCOMPARE(imported->data.rowsRead, int(figures.rows));
        QCOMPARE(imported->data.rowsUsed, int(figures.gpuRows));
        double gpuCost = 0;
        for (const ActualCost &c : imported->data.costs)
            gpuCost += c.effectiveCost;
        QCOMPARE(std::round(gpuCost * 100), std::round(figures.gpuCost * 100));
        Expected<QList<MonthActual>> months = monthlyActuals(db);
        QVERIFY(months);
        QCOMPARE(months->size(), 12);
        // The same bill gzipped reads the same; its progress counts the compressed bytes.
        const QString gz = path + QStringLiteral(".gz");
        QCOMPARE(QProcess::execute(QStringLiteral("gzip"), {QStringLiteral("-k"), path}), 0);
        ImportProgress gzProgress;
        BillOptions gzOptions;
        gzOptions.progress = &gzProgress;
        gzOptions.catalogGpuCount = catalogGpuCounter(db);
        Expected<BillData> fromGzip = readBillFile(gz, gzOptions);
        QVERIFY2(fromGzip, qPrintable(fromGzip ? QString() : fromGzip.error().message));
        QCOMPARE(fromGzip->rowsUsed, imported->data.rowsUsed);
        QCOMPARE(gzProgress.done(), QFileInfo(gz).size());
        QCOMPARE(gzProgress.total(), QFileInfo(gz).size());
    }

    void aVersion5DocumentKeepsItsBillsAndSaysTheyHaveNoBreakdown()
    {
        // A document of schema version 5 (made here: a bill imported, then what versions 6 and 7 add dropped and the version
        // set back) opens upgraded: its GPU sums are intact, the new table is there, and the bill is counted as one
        // without a breakdown of the whole bill, which a new import then has.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v5.mltco"));
        QString gpuSums;
        {
            auto document = catalog::openDocument(path);
            QVERIFY(document);
            const QSqlDatabase db = (*document)->database();
            QVERIFY(importBill(db, fixture("focus-1.2-aws-gpu.csv")));
            gpuSums = actualsDump(db);
            QVERIFY(store::execPlain(db, QStringLiteral("DROP TABLE bill_charge")));
            QVERIFY(store::execPlain(db, QStringLiteral("ALTER TABLE actual_cost DROP COLUMN pricing_currency")));
            QVERIFY(store::execPlain(db, QStringLiteral("ALTER TABLE actual_cost DROP COLUMN pricing_effective_cost")));
            // and what version 7 adds
            QVERIFY(store::execPlain(db, QStringLiteral("DROP INDEX import_batch_origin")));
            for (const char *column : {"origin", "etag", "last_modified", "retrieved_at"})
                QVERIFY(store::execPlain(
                    db, QStringLiteral("ALTER TABLE import_batch DROP COLUMN %1").arg(QLatin1String(column))));
            QVERIFY(store::execPlain(db, QStringLiteral("PRAGMA user_version = 5")));
        }
        auto document = catalog::openDocument(path);
        QVERIFY2(document, qPrintable(document ? QString() : document.error().message));
        const QSqlDatabase db = (*document)->database();
        QCOMPARE(*store::queryInt(db, QStringLiteral("PRAGMA user_version")), store::kFileSchemaVersion);
        QCOMPARE(actualsDump(db), gpuSums);
        Expected<BillBreakdown> old = billBreakdown(db, QStringLiteral("USD"));
        QVERIFY(old);
        QCOMPARE(old->billsWithoutBreakdown, 1);
        QCOMPARE(old->total, 0.0);
        QVERIFY(importBill(db, fixture("focus-1.0-aws.csv")));
        Expected<BillBreakdown> both = billBreakdown(db, QStringLiteral("USD"));
        QVERIFY(both && both->billsWithoutBreakdown == 1 && both->total != 0.0);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestActualsDocument)
#include "tst_actualsdocument.moc"

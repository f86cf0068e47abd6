// FOCUS bills: parsing (1.0 and 1.2 layouts, gzip, the traps of real exports), a bill in a new document, in euros,
// refused rows and files, corrections and periods (bills kept in a document: tst_actualsdocument.cpp; a plan held
// against them: tst_plancompare.cpp; the bill tables' own checks: tst_billschema.cpp). Expected sums are worked by
// hand from the fixture rows (tests/data/actuals).
#include "actualstestutil.h"

using namespace mltco::test::bills;

class TestActuals : public QObject
{
    Q_OBJECT

private slots:
    void focus12SumsGpuChargesPerMonthAndCategory()
    {
        // No catalog: the 1.2 file's SkuPriceDetails says which rows are GPUs (and the draft's F_ keys too).
        Expected<BillData> data = readBillFile(fixture("focus-1.2-aws-gpu.csv"), {});
        QVERIFY2(data, qPrintable(data ? QString() : data.error().message + data.error().details.join('\n')));
        QCOMPARE(data->focusVersion, QStringLiteral("1.2"));
        QCOMPARE(data->currency, QStringLiteral("USD"));
        QCOMPARE(data->rowsRead, 11);
        QCOMPARE(data->rowsUsed, 8); // less Tax, Credit and the m5.large
        QCOMPARE(data->corrections, 1);
        QCOMPARE(data->costs.size(), 6);

        const QString ec2 = QStringLiteral("Amazon Elastic Compute Cloud");
        const ActualCost *onDemand =
            find(*data, QStringLiteral("2026-01"), QStringLiteral("p4d.24xlarge"), PricingCategory::Standard);
        QVERIFY(onDemand);
        QCOMPARE(onDemand->provider, QStringLiteral("AWS"));
        QCOMPARE(onDemand->service, ec2);
        QCOMPARE(onDemand->effectiveCost, 3277.26);
        QCOMPARE(onDemand->billedCost, 3277.26);
        QCOMPARE(onDemand->gpuHours, 800.0); // 100 h x 8 GPUs

        const ActualCost *spot =
            find(*data, QStringLiteral("2026-01"), QStringLiteral("g5.xlarge"), PricingCategory::Dynamic);
        QVERIFY(spot);
        QCOMPARE(spot->effectiveCost, 80.0);
        QCOMPARE(spot->gpuHours, 200.0);

        // Covered usage (billed 0, effective 1500, 50 h), the upfront purchase (billed 10000, effective 0, no hours)
        // and the unused reservation (effective 120, no quantity): the economic and the cash view part ways.
        const ActualCost *committed =
            find(*data, QStringLiteral("2026-01"), QStringLiteral("p4d.24xlarge"), PricingCategory::Committed);
        QVERIFY(committed);
        QCOMPARE(committed->rows, 3);
        QCOMPARE(committed->effectiveCost, 1620.0);
        QCOMPARE(committed->billedCost, 10000.0);
        QCOMPARE(committed->gpuHours, 400.0);

        // The correction is issued in February's bill for a January charge: it lands in January, with no category.
        const ActualCost *correction =
            find(*data, QStringLiteral("2026-01"), QStringLiteral("p4d.24xlarge"), PricingCategory::Unspecified);
        QVERIFY(correction);
        QCOMPARE(correction->effectiveCost, -327.73);
        QCOMPARE(correction->gpuHours, -80.0);

        const ActualCost *february =
            find(*data, QStringLiteral("2026-02"), QStringLiteral("p4d.24xlarge"), PricingCategory::Standard);
        QVERIFY(february);
        QCOMPARE(february->effectiveCost, 6554.52);
        const ActualCost *draft =
            find(*data, QStringLiteral("2026-02"), QStringLiteral("p3.2xlarge"), PricingCategory::Standard);
        QVERIFY(draft);
        QCOMPARE(draft->effectiveCost, 30.60);
        QCOMPARE(draft->gpuHours, 10.0);

        // Sorted by month, provider, service, instance type, category.
        for (qsizetype i = 1; i < data->costs.size(); ++i) {
            const ActualCost &a = data->costs[i - 1], &b = data->costs[i];
            QVERIFY(std::tie(a.month, a.provider, a.service, a.instanceType) <=
                    std::tie(b.month, b.provider, b.service, b.instanceType));
        }
        // The periods a bill covers are its own charges' months, never the month a correction reaches back to.
        QCOMPARE(
            data->periods,
            (QList<BillPeriod>{{QStringLiteral("AWS"), QStringLiteral("111122223333"), QStringLiteral("2026-01")},
                               {QStringLiteral("AWS"), QStringLiteral("111122223333"), QStringLiteral("2026-02")}}));
        const QString notes = data->notes.join('\n');
        QVERIFY2(notes.contains(QStringLiteral("2 Tax, Credit and Adjustment rows")), qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("1 row is not a GPU charge")), qPrintable(notes));
        QVERIFY2(!notes.contains(QLatin1Char('%')), qPrintable(notes)); // every value in its place
        QVERIFY2(notes.contains(QStringLiteral("1 correction row was added to the month it corrects")), qPrintable(notes));
        // What was counted is named as what was left out: by instance type and cost, worked from the fixture's rows
        // (p4d.24xlarge 3,277.26 + 1,500 + 0 + 120 + 6,554.52 - 327.73; g5.xlarge 80; the p3.2xlarge 30.60).
        QVERIFY2(notes.contains(QStringLiteral("GPU spend held against a plan, $11,234.65 on 3 instance types: "
                                               "p4d.24xlarge $11,124.05, g5.xlarge $80.00, ")),
                 qPrintable(notes));
    }

    void focus10FindsGpuRowsThroughTheCatalog()
    {
        // FOCUS 1.0 has no SkuPriceDetails: AWS's x_UsageType names the instance type, and the catalog its GPUs.
        BillOptions options;
        options.catalogGpuCount = knownGpus(
            {{QStringLiteral("p3.2xlarge"), 1}, {QStringLiteral("g4dn.xlarge"), 1}, {QStringLiteral("m5.large"), 0}});
        Expected<BillData> data = readBillFile(fixture("focus-1.0-aws.csv"), options);
        QVERIFY2(data, qPrintable(data ? QString() : data.error().message));
        QCOMPARE(data->focusVersion, QStringLiteral("1.0"));
        QCOMPARE(data->rowsRead, 4);
        QCOMPARE(data->rowsUsed, 2);
        QCOMPARE(data->costs.size(), 2);
        const ActualCost *p3 =
            find(*data, QStringLiteral("2026-03"), QStringLiteral("p3.2xlarge"), PricingCategory::Standard);
        QVERIFY(p3); // the preview's "On-Demand" is Standard
        QCOMPARE(p3->effectiveCost, 2203.20);
        QCOMPARE(p3->gpuHours, 720.0);
        const ActualCost *spot =
            find(*data, QStringLiteral("2026-03"), QStringLiteral("g4dn.xlarge"), PricingCategory::Dynamic);
        QVERIFY(spot);
        QCOMPARE(spot->effectiveCost, 15.78);
        // What was left out is named with its cost: the c5 (1.70) and the S3 row, which names no instance (2.30).
        const QString notes = data->notes.join('\n');
        QVERIFY2(notes.contains(QStringLiteral("2 rows are not GPU charges")), qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("$4.00 in all: (no instance type) $2.30, c5.xlarge $1.70")),
                 qPrintable(notes));
        QCOMPARE(data->notGpuCost, 4.00);
        QCOMPARE(data->unsizedGpuCost, 0.0);

        // Without a catalog nothing in a 1.0 file can be sized, but the GPU families' spend is not dropped unseen:
        // p3 and g4dn are GPU families, named with their cost and what to do.
        Expected<BillData> blind = readBillFile(fixture("focus-1.0-aws.csv"), {});
        QVERIFY(blind);
        QCOMPARE(blind->rowsUsed, 0);
        QCOMPARE(blind->unsizedGpuCost, 2203.20 + 15.78);
        const QString blindNotes = blind->notes.join('\n');
        QVERIFY2(blindNotes.contains(QStringLiteral("$2,218.98 of GPU spend on 2 instance types the catalog does not "
                                                    "know, in 2 rows, is not counted (p3.2xlarge $2,203.20, "
                                                    "g4dn.xlarge $15.78): add them to the catalog")),
                 qPrintable(blindNotes));
        QVERIFY2(blindNotes.contains(QStringLiteral("$4.00 in all: (no instance type) $2.30, c5.xlarge $1.70")),
                 qPrintable(blindNotes));
    }

    void theFinOpsFoundationSampleExport()
    {
        // The FinOps Foundation's own FOCUS 1.0 sample (tests/data/actuals/finops-focus-sample, CC BY 4.0): 1,000
        // anonymised real rows of AWS, Microsoft and Oracle, nulls written as the literal NULL, no instance-type
        // column (an EC2 instance is named only in ChargeDescription). Its GPU rows, found by hand (lines 188 to
        // 916 of the file): eight g5.4xlarge hours (one A10G) and two g3.4xlarge (one M60), all Standard, all
        // September 2024:
        //   g5.4xlarge BilledCost 5 x 1.624 + 0.480884264 + 1.110635736 + 0.492162944 = 10.203682944
        //              EffectiveCost 5 x 2 + 1 = 11, hours 5 + 0.296111 + 0.683889 + 0.303056 = 6.283056
        //   g3.4xlarge BilledCost 1.14 + 0.78280038 = 1.92280038, EffectiveCost 1 + 1 = 2, hours 1.686667
        BillOptions options;
        options.catalogGpuCount = knownGpus({{QStringLiteral("g5.4xlarge"), 1}, {QStringLiteral("g3.4xlarge"), 1}});
        Expected<BillData> data = readBillFile(fixture("finops-focus-sample/focus_sample.csv"), options);
        QVERIFY2(data, qPrintable(data ? QString() : data.error().message + data.error().details.join('\n')));
        QCOMPARE(data->focusVersion, QStringLiteral("1.0"));
        QCOMPARE(data->rowsRead, 1000);
        QCOMPARE(data->rowsUsed, 10);
        QCOMPARE(data->costs.size(), 2);
        const ActualCost *g5 =
            find(*data, QStringLiteral("2024-09"), QStringLiteral("g5.4xlarge"), PricingCategory::Standard);
        const ActualCost *g3 =
            find(*data, QStringLiteral("2024-09"), QStringLiteral("g3.4xlarge"), PricingCategory::Standard);
        QVERIFY(g5 && g3);
        QCOMPARE(g5->rows, 8);
        QVERIFY(qAbs(g5->billedCost - 10.203682944) < 1e-9);
        QCOMPARE(g5->effectiveCost, 11.0);
        QVERIFY(qAbs(g5->gpuHours - 6.283056) < 1e-9);
        QCOMPARE(g3->rows, 2);
        QVERIFY(qAbs(g3->billedCost - 1.92280038) < 1e-9);
        QCOMPARE(g3->effectiveCost, 2.0);
        QVERIFY(qAbs(g3->gpuHours - 1.686667) < 1e-9);
        QCOMPARE(g5->service, QStringLiteral("Amazon Elastic Compute Cloud"));
        QCOMPARE(g5->provider, QStringLiteral("AWS"));
        // The NULL ChargeClass of 997 rows is a null, not a class; a NULL PricingCategory is "not stated".
        QCOMPARE(data->corrections, 0);
        QCOMPARE(data->periods.size(), 3); // AWS, Microsoft and Oracle accounts, September 2024

        // Everything else is named: the 14 CPU instance types from t2.micro to m4.10xlarge, with their cost.
        const QString notes = data->notes.join('\n');
        for (const char *type : {"m4.10xlarge", "c5.4xlarge", "c5.2xlarge", "t2.medium", "m5.2xlarge", "t3.micro",
                                 "t2.micro", "c5.large", "m5.large", "t3.medium", "m7i-flex.xlarge", "t3a.small",
                                 "c5.xlarge", "c6a.4xlarge"})
            QVERIFY2(notes.contains(QLatin1String(type) + QStringLiteral(" $")), type);
        QVERIFY2(notes.contains(QStringLiteral("m4.10xlarge $2.00")), qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("3 Tax, Credit and Adjustment rows left out")), qPrintable(notes));
        QCOMPARE(data->unsizedGpuCost, 0.0);

        // The whole bill: every row by provider and ServiceCategory. Figures summed from the file with Python's csv
        // module: 14.976514185860003 in all, AWS Compute 13.0 (the g5 and g3 hours 13.0, CPU instances 3.0, a
        // Credit -3.0), Microsoft's AI and Machine Learning -0.15189756178 (a refund), Compute 1.7565610902.
        double total = 0, gpu = 0, notGpu = 0, other = 0;
        for (const ChargeSum &c : data->charges) {
            total += c.effectiveCost;
            (c.kind == ChargeKind::Gpu ? gpu : c.kind == ChargeKind::NotGpu ? notGpu : other) += c.effectiveCost;
            QCOMPARE(c.month, QStringLiteral("2024-09"));
        }
        QVERIFY(qAbs(total - 14.976514185860003) < 1e-9);
        QCOMPARE(gpu, 13.0);
        QVERIFY(qAbs(notGpu - data->notGpuCost) < 1e-9);
        QCOMPARE(other, -3.0); // the Credit; the two Adjustments are 0
        const auto charge = [&](const char *provider, const char *category, ChargeKind kind) -> const ChargeSum * {
            for (const ChargeSum &c : data->charges)
                if (c.provider == QLatin1String(provider) && c.serviceCategory == QLatin1String(category) &&
                    c.kind == kind)
                    return &c;
            return nullptr;
        };
        QVERIFY(charge("AWS", "Compute", ChargeKind::Gpu) && charge("AWS", "Compute", ChargeKind::Gpu)->rows == 10);
        QCOMPARE(charge("AWS", "Compute", ChargeKind::NotGpu)->effectiveCost, 3.0);
        QCOMPARE(charge("AWS", "Compute", ChargeKind::TaxCreditAdjustment)->effectiveCost, -3.0);
        QVERIFY(qAbs(charge("Microsoft", "AI and Machine Learning", ChargeKind::NotGpu)->effectiveCost + 0.15189756178) <
                1e-12);
        QCOMPARE(charge("Oracle", "Compute", ChargeKind::TaxCreditAdjustment)->rows, 2);
        int rows = 0;
        for (const ChargeSum &c : data->charges)
            rows += c.rows;
        QCOMPARE(rows, 1000); // every row, once

        // In a catalog that does not know them, the GPU rows are not dropped unseen.
        Expected<BillData> blind = readBillFile(fixture("finops-focus-sample/focus_sample.csv"), {});
        QVERIFY(blind);
        QCOMPARE(blind->rowsUsed, 0);
        QCOMPARE(blind->unsizedGpuCost, 13.0);
        QVERIFY2(blind->notes.join('\n').contains(QStringLiteral("$13.00 of GPU spend on 2 instance types the catalog "
                                                                 "does not know, in 10 rows, is not counted "
                                                                 "(g5.4xlarge $11.00, g3.4xlarge $2.00)")),
                 qPrintable(blind->notes.join('\n')));
    }

    void theFinOpsSampleInABrandNewDocument()
    {
        // The seed catalog knows AWS's GPU instance types, so a new document finds the sample's GPU rows by itself:
        // the hand-worked sums of theFinOpsFoundationSampleExport(), in the document's monthly actuals.
        QTemporaryDir dir;
        auto document = catalog::openDocument(test::newStoreLocation(dir, QStringLiteral("finops")));
        QVERIFY2(document, qPrintable(document ? QString() : document.error().message));
        const QSqlDatabase db = (*document)->database();
        Expected<BillImportResult> imported = importBill(db, fixture("finops-focus-sample/focus_sample.csv"));
        QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().message));
        QCOMPARE(imported->data.rowsUsed, 10);
        QCOMPARE(imported->data.unsizedGpuCost, 0.0);
        double billed = 0, effective = 0, hours = 0;
        QStringList types;
        QVERIFY(visitActuals(db, [&](const ActualCost &c) {
            billed += c.billedCost;
            effective += c.effectiveCost;
            hours += c.gpuHours;
            types << c.instanceType;
            return true;
        }));
        types.sort();
        QCOMPARE(types, (QStringList{QStringLiteral("g3.4xlarge"), QStringLiteral("g5.4xlarge")}));
        QVERIFY(qAbs(billed - 12.126483324) < 1e-9); // 10.203682944 + 1.92280038
        QCOMPARE(effective, 13.0);
        QVERIFY(qAbs(hours - 7.969723) < 1e-9); // 6.283056 + 1.686667, one GPU each
    }

    void nullIsANullInEveryColumn()
    {
        // A database dump's NULL, in any case and quoted or not, reads as an empty field: a null ChargeClass is a
        // regular charge, a null SkuPriceDetails gives no GPU count, a null ConsumedQuantity no hours.
        const QByteArray header = "BilledCost,EffectiveCost,BillingCurrency,ChargePeriodStart,ChargeCategory,"
                                  "ChargeClass,ServiceName,ProviderName,PricingCategory,ConsumedQuantity,"
                                  "ConsumedUnit,SkuPriceDetails,BillingAccountId\r\n";
        const QByteArray gpu = "\"{\"\"InstanceType\"\":\"\"p3.2xlarge\"\",\"\"GpuCount\"\":1}\"";
        const QByteArray csv = "\xEF\xBB\xBF" + header +                                        // BOM, CRLF
                               "10,10,USD,2026-01-05T00:00:00Z,Usage,NULL,EC2,AWS,Standard,2,Hours," + gpu +
                               ",1\r\n" + "4,4,USD,2026-01-06T00:00:00Z,Usage,null,EC2,AWS,NuLL,NULL,NULL," + gpu +
                               ",1\r\n" + "7,7,USD,2026-01-07T00:00:00Z,Usage,\"NULL\",EC2,AWS,\"\",1,Hours,NULL,1\r\n";
        Expected<BillData> data = parseText(csv);
        QVERIFY2(data, qPrintable(data ? QString() : data.error().message + data.error().details.join('\n')));
        QCOMPARE(data->rowsRead, 3);
        QCOMPARE(data->rowsUsed, 2);
        const ActualCost *standard =
            find(*data, QStringLiteral("2026-01"), QStringLiteral("p3.2xlarge"), PricingCategory::Standard);
        const ActualCost *unstated =
            find(*data, QStringLiteral("2026-01"), QStringLiteral("p3.2xlarge"), PricingCategory::Unspecified);
        QVERIFY(standard && unstated);
        QCOMPARE(standard->gpuHours, 2.0);
        QCOMPARE(unstated->gpuHours, 0.0); // a null quantity: the cost counts, no hours
        QCOMPARE(unstated->effectiveCost, 4.0);
        QCOMPARE(data->notGpuCost, 7.0);
    }

    void aGoogleCloudBillWithCommitments()
    {
        // Five months of one a2-highgpu-8g (8 x A100) on Google Cloud, the README's screenshot: disks and tax left out,
        // committed use from April with its unused hours.
        Expected<BillData> data = readBillFile(fixture("focus-1.2-gcp-five-months.csv"), {});
        QVERIFY2(data, qPrintable(data ? QString() : data.error().message));
        QCOMPARE(data->rowsRead, 24);
        QCOMPARE(data->rowsUsed, 14);
        const ActualCost *march =
            find(*data, QStringLiteral("2026-03"), QStringLiteral("a2-highgpu-8g"), PricingCategory::Standard);
        QVERIFY(march);
        QCOMPARE(march->effectiveCost, 760 * 7.99);
        QCOMPARE(march->gpuHours, 760.0 * 8);
        const ActualCost *april =
            find(*data, QStringLiteral("2026-04"), QStringLiteral("a2-highgpu-8g"), PricingCategory::Committed);
        QVERIFY(april);
        QCOMPARE(april->rows, 2); // the covered hours and the unused ones
        QVERIFY(qFuzzyCompare(april->effectiveCost, 730 * 5.03));
        QCOMPARE(april->gpuHours, 520.0 * 8);
        QCOMPARE(data->periods.size(), 5);
    }

    void gzipReadsAsThePlainFileAndDamageIsAnError()
    {
        Expected<BillData> plain = readBillFile(fixture("focus-1.2-aws-gpu.csv"), {});
        Expected<BillData> gz = readBillFile(fixture("focus-1.2-aws-gpu.csv.gz"), {});
        QVERIFY(plain);
        QVERIFY2(gz, qPrintable(gz ? QString() : gz.error().message + gz.error().details.join('\n')));
        QCOMPARE(gz->costs.size(), plain->costs.size());
        for (qsizetype i = 0; i < gz->costs.size(); ++i) {
            QCOMPARE(gz->costs[i].effectiveCost, plain->costs[i].effectiveCost);
            QCOMPARE(gz->costs[i].gpuHours, plain->costs[i].gpuHours);
        }

        QTemporaryDir dir;
        const QByteArray bytes = readAll(fixture("focus-1.2-aws-gpu.csv.gz"));
        QVERIFY(bytes.size() > 200);
        QFile cut(dir.filePath(QStringLiteral("cut.csv.gz")));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(bytes.size() / 2));
        cut.close();
        Expected<BillData> truncated = readBillFile(cut.fileName(), {});
        QVERIFY(!truncated);
        QVERIFY2(truncated.error().message.contains(QStringLiteral("truncated")),
                 qPrintable(truncated.error().message));

        QByteArray flipped = bytes;
        flipped[bytes.size() / 2] = char(flipped[bytes.size() / 2] ^ 0x55);
        QFile bad(dir.filePath(QStringLiteral("bad.csv.gz")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(flipped);
        bad.close();
        Expected<BillData> damaged = readBillFile(bad.fileName(), {});
        QVERIFY(!damaged);
        QVERIFY2(damaged.error().message.contains(QStringLiteral("damaged")) ||
                     damaged.error().message.contains(QStringLiteral("not valid UTF-8")) ||
                     damaged.error().message.contains(QStringLiteral("rejected")),
                 qPrintable(damaged.error().message));

        // Two members back to back (cat a.gz b.gz) read as one stream.
        QByteArray twice = bytes + bytes;
        QBuffer buffer(&twice);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        GzipDevice gzip(buffer);
        QVERIFY(gzip.open(QIODevice::ReadOnly));
        QCOMPARE(gzip.readAll(), readAll(fixture("focus-1.2-aws-gpu.csv")).repeated(2));
    }

    // model.md §13: a bill in euros imports in euros; a file mixing currencies is refused with the line; a plan in
    // dollars reads the month at the average of its ECB days (January 2026: 21 days, mean 1.1738238095 USD per EUR,
    // computed from tests/data/fx with awk), and without rates the month is named, never taken at 1.
    void aBillInEurosKeepsItsCurrencyAndConvertsAtTheMonthsAverage()
    {
        Expected<BillData> eur = readBillFile(fixture("focus-1.2-eur.csv"), {});
        QVERIFY2(eur, eur ? "" : qPrintable(eur.error().message + eur.error().details.join('\n')));
        QCOMPARE(eur->currency, QStringLiteral("EUR"));
        QCOMPARE(eur->rowsUsed, 1);

        QFile file(fixture("focus-1.2-eur.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray mixed = file.readAll();
        const QByteArray row = mixed.mid(mixed.indexOf('\n') + 1);
        mixed += QByteArray(row).replace(",EUR,", ",USD,");
        QBuffer buffer(&mixed);
        buffer.open(QIODevice::ReadOnly);
        Expected<BillData> refused = parseFocusBill(buffer, BillOptions{QStringLiteral("mixed.csv"), {}});
        QVERIFY(!refused);
        const QString text = refused.error().message + QLatin1Char('\n') + refused.error().details.join('\n');
        QVERIFY2(text.contains(QStringLiteral("mixed.csv:3:")) && text.contains(QStringLiteral("mixes currencies")),
                 qPrintable(text));

        QTemporaryDir dir;
        auto document = catalog::openDocument(test::newStoreLocation(dir, QStringLiteral("euros")));
        QVERIFY(document);
        const QSqlDatabase db = (*document)->database();
        const Expected<BillImportResult> imported = importBill(db, fixture("focus-1.2-eur.csv"));
        QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
        Expected<QList<MonthActual>> inEuros = monthlyActuals(db, QStringLiteral("EUR"));
        QVERIFY(inEuros && inEuros->size() == 1);
        QCOMPARE(inEuros->first().effectiveCost, 300.0);
        Expected<QList<MonthActual>> noRates = monthlyActuals(db, QStringLiteral("USD"));
        QVERIFY(!noRates);
        QVERIFY2(noRates.error().message.contains(QStringLiteral("2026-01")) &&
                     noRates.error().message.contains(QStringLiteral("EUR")),
                 qPrintable(noRates.error().message));
        QVERIFY(catalog::importEcbRates(db, QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip")));
        Expected<QList<MonthActual>> inDollars = monthlyActuals(db, QStringLiteral("USD"));
        QVERIFY2(inDollars, inDollars ? "" : qPrintable(inDollars.error().message));
        QVERIFY(std::abs(inDollars->first().effectiveCost - 300.0 * 1.1738238095) < 1e-6);
        QVERIFY(std::abs(inDollars->first().billedCost - 300.0 * 1.1738238095) < 1e-6);
        QCOMPARE(inDollars->first().gpuHours, inEuros->first().gpuHours);
    }

    void badRowsAreRefusedWithTheirLine_data()
    {
        QTest::addColumn<QByteArray>("column");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("reason");
        QTest::newRow("charge category") << QByteArray("ChargeCategory") << QByteArray("Usages")
                                         << QStringLiteral("ChargeCategory \"Usages\" is not one of");
        QTest::newRow("charge class") << QByteArray("ChargeClass") << QByteArray("Reversal")
                                      << QStringLiteral("ChargeClass \"Reversal\" is neither");
        QTest::newRow("month 13") << QByteArray("ChargePeriodStart") << QByteArray("2026-13-01T00:00:00Z")
                                  << QStringLiteral("ChargePeriodStart \"2026-13-01T00:00:00Z\"");
        QTest::newRow("bad time") << QByteArray("ChargePeriodStart") << QByteArray("2026-01-01T25:00:00Z")
                                  << QStringLiteral("is not an ISO 8601 date-time");
        QTest::newRow("billed") << QByteArray("BilledCost") << QByteArray("12.5.1")
                                << QStringLiteral("BilledCost \"12.5.1\"");
        QTest::newRow("effective nan") << QByteArray("EffectiveCost") << QByteArray("nan")
                                       << QStringLiteral("EffectiveCost \"nan\"");
        QTest::newRow("effective empty") << QByteArray("EffectiveCost") << QByteArray("")
                                         << QStringLiteral("EffectiveCost \"\"");
        QTest::newRow("details") << QByteArray("SkuPriceDetails") << QByteArray("{GpuCount: 8")
                                 << QStringLiteral("SkuPriceDetails is not a JSON object");
        QTest::newRow("gpu count") << QByteArray("SkuPriceDetails") << QByteArray("\"{\"\"GpuCount\"\":-1}\"")
                                   << QStringLiteral("SkuPriceDetails GpuCount is not a GPU count");
        QTest::newRow("category") << QByteArray("PricingCategory") << QByteArray("Spot")
                                  << QStringLiteral("PricingCategory \"Spot\" is not one of");
        QTest::newRow("quantity") << QByteArray("ConsumedQuantity") << QByteArray("ten")
                                  << QStringLiteral("ConsumedQuantity \"ten\"");
        QTest::newRow("no currency") << QByteArray("BillingCurrency") << QByteArray("")
                                     << QStringLiteral("BillingCurrency is empty");
        QTest::newRow("provider") << QByteArray("ProviderName") << QByteArray("")
                                  << QStringLiteral("ProviderName is empty");
        QTest::newRow("control char") << QByteArray("ServiceName") << QByteArray("EC2\x1b[31m")
                                      << QStringLiteral("ServiceName");
    }

    void badRowsAreRefusedWithTheirLine()
    {
        QFETCH(QByteArray, column);
        QFETCH(QByteArray, value);
        QFETCH(QString, reason);
        // The clean row is accepted: the failure below is the replaced value's.
        QVERIFY(parseText(withValue("Tags", "")));
        Expected<BillData> data = parseText(withValue(column, value), BillOptions{QStringLiteral("bill.csv"), {}});
        QVERIFY(!data);
        const QString details = data.error().details.join('\n');
        QVERIFY2(details.contains(QStringLiteral("bill.csv:2: ")) && details.contains(reason), qPrintable(details));
    }

    void aFileThatIsNotABillIsRefused()
    {
        Expected<BillData> prices = parseText("provider,instance,region,price\naws,p3.2xlarge,us-east-1,3.06\n");
        QVERIFY(!prices);
        QVERIFY2(prices.error().message.contains(
                     QStringLiteral("it is not a FOCUS cost export: the header lacks BilledCost")),
                 qPrintable(prices.error().message));
        // Garbage (bytes that are not text, a header CSV cannot read) is called what it is not, with the reason; a
        // file of a kind mltco knows (a picture, a ZIP archive) is named for what it is.
        Expected<BillData> binary = parseText(QByteArray("\xff\xfe\x00\x01,\x80\x81\n", 8));
        QVERIFY(!binary);
        QVERIFY2(binary.error().message.contains(QStringLiteral("it is not a FOCUS cost export (invalid UTF-8 in the header")),
                 qPrintable(binary.error().message));
        Expected<BillData> picture = parseText(QByteArray("\x89PNG\r\n\x1a\n\xff\xfe\x00\x01,\x80\x81\n", 16));
        QVERIFY(!picture);
        QVERIFY2(picture.error().message.contains(QStringLiteral("it is not a FOCUS cost export: it is a picture")),
                 qPrintable(picture.error().message));
        Expected<BillData> empty = parseText("");
        QVERIFY(!empty);
        Expected<BillData> headerOnly = parseText(withValue("Tags", "").split('\n').first() + "\n");
        QVERIFY(!headerOnly);
        QVERIFY(headerOnly.error().message.contains(QStringLiteral("no data rows")));
    }

    void aCorrectionCoversNoPeriod()
    {
        // A bill holding only a correction of January covers no month: the bill that charged January still does.
        Expected<BillData> correction = parseText(withValue("ChargeClass", "Correction"));
        QVERIFY(correction);
        QCOMPARE(correction->corrections, 1);
        QCOMPARE(correction->costs.size(), 1);
        QVERIFY(correction->periods.isEmpty());
        Expected<BillData> charge = parseText(withValue("ChargeClass", ""));
        QVERIFY(charge && charge->periods.size() == 1);
    }

    void periodsAreUtcMonths()
    {
        // An offset moves a date-time into another UTC month; fractional seconds and a bare date are fine.
        Expected<BillData> late = parseText(withValue("ChargePeriodStart", "2026-01-31T22:00:00-05:00"));
        QVERIFY(late);
        QCOMPARE(late->costs.value(0).month, QStringLiteral("2026-02"));
        Expected<BillData> fraction = parseText(withValue("ChargePeriodStart", "2026-04-30T23:59:59.9999999Z"));
        QVERIFY2(fraction, qPrintable(fraction ? QString() : fraction.error().details.join('\n')));
        QCOMPARE(fraction->costs.value(0).month, QStringLiteral("2026-04"));
        Expected<BillData> date = parseText(withValue("ChargePeriodStart", "2026-05-01"));
        QVERIFY(date);
        QCOMPARE(date->costs.value(0).month, QStringLiteral("2026-05"));
    }

};

MLTCO_TEST_GUILESS_MAIN(TestActuals)
#include "tst_actuals.moc"

// The price trend (model.md §10.9, §10.10 clarification 14): the log-linear fit against a case worked by hand,
// Student's t against tables, and the catalog path (price per reference GPU-hour, one point per instance,
// pricing and date) against prices made to fall exactly 20 % a year.
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importwriter.h"
#include "models/catalog/importers/genericcsvimporter.h"
#include "models/catalog/pricetrend.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace mltco;
using namespace mltco::catalog;

class TestPriceTrend final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void studentQuantileMatchesTables()
    {
        QVERIFY(std::abs(studentQuantile(0.95, 1) - 6.313751514675) < 1e-9);
        QVERIFY(std::abs(studentQuantile(0.95, 2) - 2.919985580354) < 1e-9);
        QVERIFY(std::abs(studentQuantile(0.95, 10) - 1.812461122811) < 1e-9);
        QVERIFY(std::abs(studentQuantile(0.975, 30) - 2.042272456301) < 1e-9);
        QVERIFY(std::abs(studentQuantile(0.05, 10) + 1.812461122811) < 1e-9);
    }

    // ln p = 0, −0.1, −0.3 at 0, 1, 2 years. By hand: slope −0.3 / 2 = −0.15; residuals −1/60, 1/30, −1/60,
    // SSE = 1/600, SE = √(SSE / 1 / 2) = 0.028868; t₀.₉₅,₁ = 6.313752: slope −0.15 ± 0.182263.
    void fitWorkedByHand()
    {
        const auto fit = fitLogLinear({{0.0, 1.0}, {1.0, std::exp(-0.1)}, {2.0, std::exp(-0.3)}});
        QVERIFY(fit);
        QCOMPARE(fit->points, 3);
        QVERIFY(std::abs(fit->slope + 0.15) < 1e-12);
        QVERIFY(std::abs(fit->slopeStdError - 0.0288675134595) < 1e-10);
        QVERIFY(std::abs(fit->annualChange - (std::exp(-0.15) - 1)) < 1e-12);       // −13.93 %
        QVERIFY(std::abs(fit->ci90Low - (std::exp(-0.15 - 0.182263) - 1)) < 1e-6);  // −28.27 %
        QVERIFY(std::abs(fit->ci90High - (std::exp(-0.15 + 0.182263) - 1)) < 1e-6); // +3.28 %
    }

    void fitRefusesTooLittle()
    {
        QVERIFY(!fitLogLinear({{0.0, 1.0}, {1.0, 2.0}}));
        QVERIFY(!fitLogLinear({{1.0, 1.0}, {1.0, 2.0}, {1.0, 3.0}}));
        QVERIFY(!fitLogLinear({{0.0, 1.0}, {1.0, 0.0}, {2.0, 3.0}}));
    }

    // Two instances (8 and 4 GPUs of the same kind) whose prices fall exactly 20 % a year, each observed in two
    // regions: per reference GPU-hour they lie on one line, so the fit finds −20 % with no spread.
    void catalogTrendPerReferenceGpuHour()
    {
        QTemporaryDir dir;
        auto doc = catalog::openDocument(test::newStoreLocation(dir, QStringLiteral("trend")));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        QByteArray csv = "provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n";
        const QDate start(2021, 3, 1);
        for (int k = 0; k < 6; ++k) {
            const QDate date = start.addDays(170 * k);
            const double factor = std::pow(0.8, start.daysTo(date) / 365.25);
            for (const char *region : {"r1", "r2"}) {
                csv += QByteArray("trendco,big,") + region + ",on_demand," +
                       QByteArray::number(20.0 * factor, 'g', 17) + "," + date.toString(Qt::ISODate).toLatin1() +
                       ",A100 40GB,8\n";
                csv += QByteArray("trendco,small,") + region + ",on_demand," +
                       QByteArray::number(10.0 * factor, 'g', 17) + "," + date.toString(Qt::ISODate).toLatin1() +
                       ",A100 40GB,4\n";
            }
        }
        csv += "trendco,small,r1,spot,3.0,2022-01-01,A100 40GB,4\n"; // another pricing model
        QBuffer in(&csv);
        QVERIFY(in.open(QIODevice::ReadOnly));
        ImportOptions options;
        options.observedAt = start;
        options.fileName = QStringLiteral("trend.csv");
        const auto data = parseGenericCsv(in, options);
        QVERIFY2(data, data ? "" : qPrintable(data.error().details.join(QLatin1Char('\n'))));
        CatalogRepository repo((*doc)->database());
        QVERIFY(applyImport(repo.database(), *data, {QStringLiteral("trend.csv"), QStringLiteral("sha"), start}));

        TrendFilter filter;
        filter.provider = QStringLiteral("trendco");
        filter.pricing = PricingModel::OnDemand;
        const auto trend = priceTrend(repo, filter);
        QVERIFY2(trend, trend ? "" : qPrintable(trend.error().message));
        QCOMPARE(trend->fit.points, 12); // 2 instances × 6 dates; regions averaged
        QVERIFY(std::abs(trend->fit.annualChange + 0.2) < 1e-9);
        QVERIFY(std::abs(trend->fit.ci90Low + 0.2) < 1e-6 && std::abs(trend->fit.ci90High + 0.2) < 1e-6);
        QCOMPARE(trend->first, start);
        QCOMPARE(trend->last, start.addDays(850));

        filter.gpu = QStringLiteral("H100 80GB SXM");
        QVERIFY(!priceTrend(repo, filter)); // nothing matches: refused in words
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPriceTrend)
#include "tst_pricetrend.moc"

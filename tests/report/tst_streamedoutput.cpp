// Outputs written as they go (evaluate's JSON and CSV for plans too large to hold) against the in-memory writers
// they replace, byte for byte; the JSON writer and the number formatting against Qt's own on random values.
#include "models/catalog/instanceresolver.h"
#include "models/catalog/seedcatalog.h"
#include "models/common/jsonstreamwriter.h"
#include "models/common/numbertext.h"
#include "models/report/csvexport.h"
#include "models/store/document.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "models/report/resultjson.h"
#include "tests/bench/bigdata.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace mltco;
using namespace mltco::tco;

namespace {

Plan readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    Expected<Plan> plan = readPlan(file.readAll());
    if (!plan)
        qFatal("%s", qPrintable(plan.error().details.join(QLatin1Char('\n'))));
    return *plan;
}

// The seed catalog in a document of its own, for the sample plan, which leaves GPU counts and speedups to it.
InstanceResolver seedCatalog()
{
    static QTemporaryDir dir;
    static std::unique_ptr<store::Document> document = [] {
        QStandardPaths::setTestModeEnabled(true);
        auto doc = catalog::openDocument(dir.filePath(QStringLiteral("seed.mltco")));
        if (!doc)
            qFatal("%s", qPrintable(doc.error().message));
        return std::move(*doc);
    }();
    return catalog::makeInstanceResolver(document->database());
}

struct NamedPlan final
{
    QString name;
    Plan plan;
    InstanceResolver resolver;
};

// The bundled sample plans (the sample plan priced by the seed catalog) and plans every kind, fleet, hybrid and
// break-even shape goes through.
std::vector<NamedPlan> plans()
{
    std::vector<NamedPlan> out;
    out.push_back({QStringLiteral("sample-plan"), readFile(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json")),
                   seedCatalog()});
    out.push_back({QStringLiteral("growing-team"), readFile(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/growing-team.json")), {}});
    out.push_back({QStringLiteral("uncertain"), readFile(QStringLiteral(MLTCO_SOURCE_DIR "/tests/data/analysis/uncertain-plan.json")), {}});
    Expected<Plan> big = readPlan(bench::bigPlan(60, 30));
    if (!big)
        qFatal("big plan");
    out.push_back({QStringLiteral("generated 60 x 30"), *big, {}});
    // Names a JSON and a CSV writer must escape or quote.
    const QString odd1 = QStringLiteral("=cmd, \"quoted\" \u2013 \u00fcn\u00efcode");
    const QJsonObject oddPlan{
        {QStringLiteral("name"), QStringLiteral("Q4 \"board\" plan, draft\\2 \u00e9")},
        {QStringLiteral("workload"), QJsonObject{{QStringLiteral("horizon_months"), 13}}},
        {QStringLiteral("scenarios"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), odd1}, {QStringLiteral("kind"), QStringLiteral("elastic")},
                                {QStringLiteral("rate_per_hour"), 3.06}, {QStringLiteral("gpus_per_instance"), 1},
                                {QStringLiteral("speedup"), 1}},
                    QJsonObject{{QStringLiteral("name"), QStringLiteral("Own")}, {QStringLiteral("kind"), QStringLiteral("purchase")},
                                {QStringLiteral("servers"), 1}, {QStringLiteral("gpus_per_server"), 8},
                                {QStringLiteral("server_price"), 100000}, {QStringLiteral("speedup"), 2}}}},
        {QStringLiteral("breakeven"),
         QJsonArray{QJsonObject{{QStringLiteral("purchase"), QStringLiteral("Own")}, {QStringLiteral("cloud"), odd1}}}},
    };
    Expected<Plan> odd = readPlan(QJsonDocument(oddPlan).toJson());
    if (!odd)
        qFatal("%s", qPrintable(odd.error().details.join(QLatin1Char('\n'))));
    out.push_back({QStringLiteral("names to escape"), *odd, {}});
    return out;
}

// A random JSON value: nested objects and arrays, numbers of every magnitude and sign, strings with control and
// non-ASCII characters.
QJsonValue randomValue(std::mt19937_64 &random, int depth)
{
    std::uniform_int_distribution<int> kind(0, depth > 3 ? 4 : 6);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    switch (kind(random)) {
    case 0:
        return QJsonValue();
    case 1:
        return unit(random) < 0.5;
    case 2: {
        const double magnitude = std::pow(10.0, -20 + 40 * unit(random));
        const double v = unit(random) < 0.3 ? std::round(magnitude) : magnitude;
        return unit(random) < 0.5 ? -v : v;
    }
    case 3:
    case 4: {
        QString text;
        const int length = static_cast<int>(12 * unit(random));
        for (int i = 0; i < length; ++i) {
            static const char16_t pool[] = {0x61, 0x22, 0x5c, 0x0a, 0x09, 0x01, 0x1f, 0x2f, 0x7f, 0xe9, 0x2013, 0x20ac, 0x20};
            text += QChar(pool[static_cast<std::size_t>(unit(random) * std::size(pool))]);
        }
        return text;
    }
    case 5: {
        QJsonArray array;
        const int n = static_cast<int>(5 * unit(random));
        for (int i = 0; i < n; ++i)
            array.append(randomValue(random, depth + 1));
        return array;
    }
    default: {
        QJsonObject object;
        const int n = static_cast<int>(5 * unit(random));
        for (int i = 0; i < n; ++i)
            object.insert(QStringLiteral("k%1_%2").arg(static_cast<int>(100 * unit(random))).arg(i), randomValue(random, depth + 1));
        return object;
    }
    }
}

} // namespace

class TestStreamedOutput final : public QObject
{
    Q_OBJECT

private slots:
    // evaluate --format json of a prepared plan, written as it goes, is the in-memory QJsonDocument's text.
    void streamedJsonEqualsTheInMemoryWriter()
    {
        for (const auto &[name, plan, resolver] : plans()) {
            Expected<PlanResult> evaluated = evaluatePlan(plan, resolver);
            Expected<PlanResult> prepared = preparePlan(plan, resolver);
            QVERIFY2(evaluated && prepared, qPrintable(name));
            QVERIFY(prepared->scenarios.front().result.months.empty()); // nothing evaluated yet
            QBuffer buffer;
            buffer.open(QIODevice::WriteOnly);
            QVERIFY(writePlanResultJson(*prepared, buffer));
            const QByteArray expected = QJsonDocument(planResultToJson(*evaluated)).toJson(QJsonDocument::Indented);
            QVERIFY2(buffer.data() == expected, qPrintable(name));
        }
    }

    // evaluate --format csv likewise.
    void streamedCsvEqualsTheInMemoryWriter()
    {
        for (const auto &[name, plan, resolver] : plans()) {
            Expected<PlanResult> evaluated = evaluatePlan(plan, resolver);
            Expected<PlanResult> prepared = preparePlan(plan, resolver);
            QVERIFY2(evaluated && prepared, qPrintable(name));
            QBuffer buffer;
            buffer.open(QIODevice::WriteOnly);
            QVERIFY(report::writeMonthlyCsv(*prepared, buffer));
            QVERIFY2(buffer.data() == report::monthlyCsv(*evaluated), qPrintable(name));
            QVERIFY(buffer.data().count("\r\n") > 12);
        }
    }

    // A device that refuses writes: the error is reported in words, not a truncated success.
    void aFailedWriteIsReported()
    {
        const Plan plan = plans()[1].plan;
        Expected<PlanResult> prepared = preparePlan(plan);
        QVERIFY(prepared);
        QBuffer readOnly;
        readOnly.open(QIODevice::ReadOnly);
        const Status json = writePlanResultJson(*prepared, readOnly);
        QVERIFY(!json);
        QVERIFY(json.error().message.startsWith(QStringLiteral("cannot write the JSON")));
        const Status csv = report::writeMonthlyCsv(*prepared, readOnly);
        QVERIFY(!csv);
        QVERIFY(csv.error().message.startsWith(QStringLiteral("cannot write the CSV")));
    }

    // The stream writer's layout is QJsonDocument's for any value (keys given in QJsonObject's order).
    void jsonWriterMatchesQtOnRandomValues()
    {
        std::mt19937_64 random(2026);
        for (int i = 0; i < 3000; ++i) {
            QJsonObject root{{QStringLiteral("v"), randomValue(random, 0)}};
            if (i % 2)
                root.insert(QStringLiteral("w"), randomValue(random, 0));
            QBuffer buffer;
            buffer.open(QIODevice::WriteOnly);
            JsonStreamWriter json(buffer);
            json.value(QJsonValue(root));
            QVERIFY(json.finish());
            const QByteArray expected = QJsonDocument(root).toJson(QJsonDocument::Indented);
            if (buffer.data() != expected)
                QFAIL(qPrintable(QStringLiteral("value %1:\n%2\nexpected\n%3")
                                     .arg(i)
                                     .arg(QString::fromUtf8(buffer.data()), QString::fromUtf8(expected))));
        }
        // Arrays at the top and empty containers.
        for (const QJsonArray &array : {QJsonArray{}, QJsonArray{1, QJsonObject{}, QJsonArray{}, QStringLiteral("x")}}) {
            QBuffer buffer;
            buffer.open(QIODevice::WriteOnly);
            JsonStreamWriter json(buffer);
            json.value(QJsonValue(array));
            QVERIFY(json.finish());
            QCOMPARE(buffer.data(), QJsonDocument(array).toJson(QJsonDocument::Indented));
        }
    }

    void anEmptyTextWithoutDataIsAnEmptyString()
    {
        // Found by UBSan: the listing's licence cell of a price whose source has none is a null QByteArray, whose
        // view has no data pointer at all; copying it must not hand memcpy a null pointer.
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        JsonStreamWriter json(buffer);
        json.beginArray();
        json.utf8Value(QByteArrayView(QByteArray()));
        json.utf8Value(QByteArrayView());
        json.endArray();
        QVERIFY(json.finish());
        QCOMPARE(buffer.data(), QJsonDocument(QJsonArray{QString(), QString()}).toJson(QJsonDocument::Indented));
    }

    // The fast shortest-number text is Qt's, for the values money and GPU-hours take and for awkward ones.
    void shortestNumbersAreQtsText()
    {
        std::mt19937_64 random(7);
        std::uniform_real_distribution<double> exponent(-30, 30), unit(0, 1);
        const auto check = [](double v) {
            QByteArray fast;
            appendShortest(fast, v);
            const QByteArray qt = QByteArray::number(v, 'g', QLocale::FloatingPointShortest);
            if (fast != qt)
                QFAIL(qPrintable(QStringLiteral("%1: %2 against Qt's %3").arg(v, 0, 'g', 17).arg(QString::fromLatin1(fast), QString::fromLatin1(qt))));
        };
        for (double v : {0.0, -0.0, 1.0, -1.0, 5e5, 1e15, 1e16, 9007199254740992.0, 9007199254740993.0, 1e300, 1e-300,
                         458999.99999999965, 0.1, 0.0001, 123456789012.0, double(INFINITY), -double(INFINITY)})
            check(v);
        for (int i = 0; i < 200000; ++i) {
            const double v = std::pow(10.0, exponent(random)) * (unit(random) < 0.5 ? -1 : 1);
            check(v);
            check(std::round(v));
            check(std::round(v * 100) / 100);
        }
    }
};

MLTCO_TEST_GUILESS_MAIN(TestStreamedOutput)
#include "tst_streamedoutput.moc"

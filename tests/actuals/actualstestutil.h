// What the tests of FOCUS bills share: their fixtures, a bill parsed from text, a sum looked up, a document's
// actual spend written out.
#pragma once

#include "models/actuals/actualsstore.h"
#include "models/actuals/focusbill.h"
#include "models/catalog/fxrates.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/catalog/seedcatalog.h"
#include "models/common/gzipdevice.h"
#include "models/store/dialect.h"
#include "models/store/schema.h"
#include "models/store/sqlutil.h"
#include "tests/support/focusbill.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QHash>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;
using namespace mltco::actuals;

namespace mltco::test::bills {

using namespace mltco::actuals;


inline QString fixture(const char *name)
{
    return QStringLiteral(MLTCO_TEST_DATA_DIR "/actuals/") + QLatin1String(name);
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline const ActualCost *find(const BillData &data, const QString &month, const QString &instance, PricingCategory category)
{
    for (const ActualCost &c : data.costs)
        if (c.month == month && c.instanceType == instance && c.category == category)
            return &c;
    return nullptr;
}

/// A catalog that knows these instance types' GPU counts and no others, as a document's catalog answers a bill.
inline std::function<std::optional<double>(const QString &)> knownGpus(const QHash<QString, double> &counts)
{
    return [counts](const QString &name) -> std::optional<double> {
        if (const auto it = counts.constFind(name); it != counts.cend())
            return *it;
        return std::nullopt;
    };
}

inline Expected<BillData> parseText(const QByteArray &csv, const BillOptions &options = {})
{
    QByteArray bytes = csv;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    return parseFocusBill(buffer, options);
}

// The 1.2 fixture's header and its first row, with one column's value replaced: a bad row in the real layout.
inline QByteArray withValue(const QByteArray &column, const QByteArray &value)
{
    const QByteArray file = readAll(fixture("focus-1.2-aws-gpu.csv"));
    const QList<QByteArray> lines = file.split('\n');
    const QList<QByteArray> header = lines[0].trimmed().split(',');
    // The first data row has no quoted commas before SkuPriceDetails; rebuild it column by column from a clean row.
    QList<QByteArray> cells(header.size());
    const QHash<QByteArray, QByteArray> base = {
        {"BilledCost", "10"},
        {"EffectiveCost", "10"},
        {"BillingCurrency", "USD"},
        {"ChargePeriodStart", "2026-01-05T00:00:00Z"},
        {"ChargeCategory", "Usage"},
        {"ServiceName", "Amazon Elastic Compute Cloud"},
        {"ProviderName", "AWS"},
        {"PricingCategory", "Standard"},
        {"ConsumedQuantity", "1"},
        {"ConsumedUnit", "Hours"},
        {"SkuPriceDetails", "\"{\"\"InstanceType\"\":\"\"p3.2xlarge\"\",\"\"GpuCount\"\":1}\""},
        {"BillingAccountId", "1"},
        {"InvoiceId", "I-1"},
    };
    for (qsizetype i = 0; i < header.size(); ++i)
        cells[i] = header[i] == column ? value : base.value(header[i]);
    return lines[0].trimmed() + "\n" + cells.join(',') + "\n";
}

/// Every table the actuals live in, as text: to prove a refused bill changed nothing.
inline QString actualsDump(const QSqlDatabase &db)
{
    QString dump;
    for (const char *sql : {"SELECT id, file_name, sha256 FROM bill ORDER BY id",
                            "SELECT bill_id, provider, billing_account, month FROM bill_period ORDER BY 1, 2, 3, 4",
                            "SELECT * FROM actual_cost ORDER BY id", "SELECT COUNT(*) FROM source"}) {
        Expected<QSqlQuery> q = store::exec(db, QString::fromLatin1(sql));
        if (!q)
            return QStringLiteral("error: ") + q.error().message;
        while (q->next()) {
            for (int i = 0; i < q->record().count(); ++i)
                dump += q->value(i).toString() + QLatin1Char('|');
            dump += QLatin1Char('\n');
        }
    }
    return dump;
}

} // namespace mltco::test::bills

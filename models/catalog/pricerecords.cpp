#include "models/catalog/pricerecords.h"

#include "models/common/stringpool.h"
#include "models/store/rowreader.h"
#include "models/store/workerconnection.h"

#include <QDate>

#include <memory>

namespace mltco::catalog {
namespace {

const char kPriceColumns[] =
    "SELECT pp.id, pp.instance_type_id, p.name, i.name, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, "
    "pp.observed_at, s.key, pp.note, s.kind, COALESCE(pp.batch_id, 0), pp.purchase_option, pp.offering_class, "
    "pp.upfront, pp.currency "
    "FROM price_point pp JOIN instance_type i ON i.id = pp.instance_type_id JOIN provider p ON p.id = i.provider_id "
    "JOIN source s ON s.id = pp.source_id ";

} // namespace

QList<PriceRecord> readPriceRecords(const QSqlDatabase &db, const QString &where, const QVariantList &values,
                                    std::optional<Error> *failure)
{
    QList<PriceRecord> out;
    const auto fail = [&](const Error &e) {
        if (failure && !*failure)
            *failure = e;
    };
    Expected<std::unique_ptr<store::RowReader>> rows =
        store::RowReader::start(db, QByteArray(kPriceColumns) + where.toUtf8(), values);
    if (!rows) {
        fail(rows.error());
        return out;
    }
    store::RowReader &row = **rows;
    StringPool strings; // a million rows name a few hundred instance types and regions
    QByteArray lastDateText;
    QDate lastDate;
    while (row.next()) {
        PriceRecord r;
        r.id = row.int64(0);
        r.instanceId = row.int64(1);
        PricePoint &p = r.price;
        p.provider = strings.intern(row.text(2));
        p.instance = strings.intern(row.text(3));
        p.region = strings.intern(row.text(4));
        p.zone = strings.intern(row.text(5));
        p.pricing = pricingModelFromKey(strings.intern(row.text(6))).value_or(PricingModel::OnDemand);
        if (!row.isNull(7))
            p.amount = row.real(7);
        p.unit = row.text(8) == "month" ? PriceUnit::Month : PriceUnit::Hour;
        const QByteArrayView date = row.text(9);
        if (date != lastDateText) {
            lastDateText = date.toByteArray();
            lastDate = QDate::fromString(QString::fromLatin1(lastDateText), Qt::ISODate);
        }
        p.observedAt = lastDate;
        p.source = strings.intern(row.text(10));
        p.note = strings.intern(row.text(11));
        r.sourceKind = strings.intern(row.text(12));
        r.batchId = row.int64(13);
        p.purchase = purchaseOptionFromKey(QString::fromLatin1(row.text(14))).value_or(PurchaseOption::None);
        p.offering = offeringClassFromKey(QString::fromLatin1(row.text(15))).value_or(OfferingClass::None);
        if (!row.isNull(16))
            p.upfront = row.real(16);
        p.currency = strings.intern(row.text(17));
        out.append(std::move(r));
    }
    if (row.error())
        fail(*row.error());
    return out;
}

Expected<std::vector<qint64>>
withWorkerConnection(const QString &documentPath,
                     const std::function<Expected<std::vector<qint64>>(const QSqlDatabase &)> &read)
{
    store::WorkerConnection connection(documentPath);
    if (!connection.errorString().isEmpty())
        return Error{QStringLiteral("The price history cannot be read: %1").arg(connection.errorString()), {}};
    return read(connection.database());
}

Expected<QList<PriceRecord>> readAllPrices(const QString &documentPath)
{
    store::WorkerConnection connection(documentPath);
    if (!connection.errorString().isEmpty())
        return Error{QStringLiteral("The price history cannot be read: %1").arg(connection.errorString()), {}};
    return CatalogEditor(connection.database()).prices();
}

} // namespace mltco::catalog

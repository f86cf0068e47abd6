#include "models/actuals/actualsstore.h"

#include "models/actuals/plancompare.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/fxrates.h"
#include "models/common/filehash.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"
#include "models/store/workerconnection.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHash>
#include <QSqlError>

#include <algorithm>
#include <cmath>

#include <future>
#include <map>
#include <set>
#include <optional>

namespace mltco::actuals {

std::function<std::optional<double>(const QString &)> catalogGpuCounter(const QSqlDatabase &db)
{
    return [db](const QString &name) -> std::optional<double> {
        Expected<QSqlQuery> q =
            store::exec(db, QStringLiteral("SELECT MAX(gpu_count) FROM instance_type WHERE name = ?"), {name},
                        QStringLiteral("Looking up instance type %1").arg(name));
        if (!q || !q->next() || q->value(0).isNull())
            return std::nullopt;
        return q->value(0).toDouble();
    };
}

namespace {

/// A text column's value, never NULL: the columns are NOT NULL, and an empty QString may be a null one, which Qt binds
/// as NULL (a bill row without an instance type or service category).
QVariant text(const QString &value)
{
    return value.isEmpty() ? QVariant(QStringLiteral("")) : QVariant(value);
}

/// Bills' amounts in a plan's currency: a bill in another currency converts at the average of its month's ECB rates
/// (model.md §13). The rate table is read only when a bill is in another currency, once.
class MonthRates final
{
public:
    MonthRates(const QSqlDatabase &db, QString currency) : m_db(db), m_currency(std::move(currency)) {}

    /// Units of the plan's currency per unit of `billCurrency` in `month` ("YYYY-MM"); an error naming the month when
    /// the table has no rate for it.
    Expected<double> factor(const QString &billCurrency, const QString &month)
    {
        if (billCurrency == m_currency)
            return 1.0;
        const auto key = std::make_pair(billCurrency, month);
        if (const auto found = m_factors.find(key); found != m_factors.end())
            return found->second;
        if (!m_rates) {
            Expected<catalog::RateTable> table = catalog::readRateTable(m_db);
            if (!table)
                return table.error();
            m_rates = std::move(*table);
        }
        const Expected<catalog::FxRate> rate =
            m_rates->monthAverage(billCurrency, m_currency, month.left(4).toInt(), month.mid(5, 2).toInt());
        if (!rate)
            return Error{QStringLiteral("The bills of %1 are in %2 and the plan in %3: %4")
                             .arg(month, billCurrency, m_currency, rate.error().message),
                         {}};
        m_factors.emplace(key, rate->rate);
        m_used.push_back(Used{month, billCurrency, rate->rate, rate->days});
        return rate->rate;
    }

    /// A month's rate as it was used: units of the plan's currency per 1 `from`, the mean of `days` ECB days.
    struct Used final
    {
        QString month, from;
        double rate = 0.0;
        int days = 0;
    };
    std::vector<Used> usedIn(const QString &month) const
    {
        std::vector<Used> out;
        for (const Used &u : m_used)
            if (u.month == month)
                out.push_back(u);
        return out;
    }

private:
    QSqlDatabase m_db;
    QString m_currency;
    std::optional<catalog::RateTable> m_rates;
    std::map<std::pair<QString, QString>, double> m_factors; // (bill currency, month) -> units of the plan's currency
    std::vector<Used> m_used;
};

Status conflictingPeriod(const QSqlDatabase &db, const BillData &data, const QString &fileName)
{
    for (const BillPeriod &p : data.periods) {
        Expected<QSqlQuery> q = store::exec(
            db,
            QStringLiteral("SELECT b.file_name, b.imported_at FROM bill_period p JOIN bill b ON b.id = p.bill_id "
                           "WHERE p.provider = ? AND p.billing_account = ? AND p.month = ?"),
            {p.provider, p.billingAccount, p.month}, QStringLiteral("Checking the bills already imported"));
        if (!q)
            return q.error();
        if (q->next()) {
            const QString account =
                p.billingAccount.isEmpty() ? QString() : QStringLiteral(" (billing account %1)").arg(p.billingAccount);
            return Error{QStringLiteral("%1 was not imported: it covers %2%3 in %4, which the bill %5 imported on %6 "
                                        "already covers; counting the month twice would double its spend. Remove "
                                        "that bill first (mltco-cli actuals remove) to replace it.")
                             .arg(fileName, p.provider, account, p.month, q->value(0).toString(),
                                  q->value(1).toString().left(10)),
                         {}};
        }
    }
    return {};
}

} // namespace

Expected<BillImportResult> importBill(const QSqlDatabase &db, const QString &path, ImportProgress *progress)
{
    const QString fileName = QFileInfo(path).fileName();
    // The file's SHA-256 (what tells a bill imported before) on a thread of its own while the bill is read.
    std::future<Expected<QString>> hash = std::async(std::launch::async, [path] { return fileSha256(path); });
    Expected<BillData> data = readBillFile(path, BillOptions{fileName, catalogGpuCounter(db), progress});
    Expected<QString> sha = hash.get();
    if (progress && progress->isCancelled())
        return BillImportResult{0, {}, true};
    if (!data)
        return data.error();
    if (!sha)
        return sha.error();
    if (progress)
        progress->start(ImportProgress::Stage::Finishing, 0);

    store::Transaction tx(db);
    if (!tx.isActive())
        return Error{QStringLiteral("Could not start writing the bill: %1").arg(tx.errorString()), {}};
    {
        Expected<QSqlQuery> q =
            store::exec(db, QStringLiteral("SELECT file_name, imported_at FROM bill WHERE sha256 = ?"), {*sha},
                        QStringLiteral("Checking the bills already imported"));
        if (!q)
            return q.error();
        if (q->next())
            return Error{QStringLiteral("%1 was imported before (as %2, on %3): nothing was added.")
                             .arg(fileName, q->value(0).toString(), q->value(1).toString().left(10)),
                         {}};
    }
    if (Status s = conflictingPeriod(db, *data, fileName); !s)
        return s.error();

    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    Expected<QSqlQuery> source = store::exec(
        db,
        QStringLiteral(
            "INSERT INTO source (key, kind, title, reference, sha256, note) VALUES (?, 'import', ?, ?, ?, ?) "
            "RETURNING id"),
        {QStringLiteral("bill:%1").arg(*sha),
         QStringLiteral("FOCUS %1 cost export %2").arg(data->focusVersion, fileName), fileName, *sha,
         // A bill with nothing to note has an empty note, never NULL (the column is NOT NULL).
         data->notes.isEmpty() ? QStringLiteral("") : data->notes.join(QLatin1Char('\n'))},
        QStringLiteral("Recording the bill's source"));
    if (!source)
        return source.error();
    const qint64 sourceId = store::insertedId(*source);
    Expected<QSqlQuery> bill = store::exec(
        db,
        QStringLiteral(
            "INSERT INTO bill (source_id, file_name, sha256, focus_version, currency, imported_at, rows_read, "
            "rows_used) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {sourceId, fileName, *sha, data->focusVersion, data->currency, now, data->rowsRead, data->rowsUsed},
        QStringLiteral("Recording the bill"));
    if (!bill)
        return bill.error();
    const qint64 billId = store::insertedId(*bill);

    QSqlQuery period(db);
    if (!period.prepare(
            QStringLiteral("INSERT INTO bill_period (bill_id, provider, billing_account, month) VALUES (?, ?, ?, ?)")))
        return Error{QStringLiteral("Could not record the bill's months: %1").arg(store::errorInWords(db, period.lastError())), {}};
    for (const BillPeriod &p : data->periods) {
        period.addBindValue(billId);
        period.addBindValue(text(p.provider));
        period.addBindValue(text(p.billingAccount));
        period.addBindValue(p.month);
        if (!period.exec())
            return Error{QStringLiteral("Could not record the bill's months: %1").arg(store::errorInWords(db, period.lastError())), {}};
    }
    QSqlQuery cost(db);
    if (!cost.prepare(QStringLiteral("INSERT INTO actual_cost (bill_id, month, provider, service, instance_type, "
                                     "pricing_category, effective_cost, billed_cost, gpu_hours, rows, "
                                     "pricing_currency, pricing_effective_cost) "
                                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")))
        return Error{QStringLiteral("Could not record the bill's spend: %1").arg(store::errorInWords(db, cost.lastError())), {}};
    for (const ActualCost &c : data->costs) {
        for (const QVariant &v :
             {QVariant(billId), QVariant(c.month), text(c.provider), text(c.service), text(c.instanceType),
              QVariant(pricingCategoryKey(c.category)), QVariant(c.effectiveCost), QVariant(c.billedCost),
              QVariant(c.gpuHours), QVariant(c.rows),
              text(c.pricingCurrency),
              c.pricingEffectiveCost ? QVariant(*c.pricingEffectiveCost) : QVariant(QMetaType(QMetaType::Double))})
            cost.addBindValue(v);
        if (!cost.exec())
            return Error{QStringLiteral("Could not record the bill's spend: %1").arg(store::errorInWords(db, cost.lastError())), {}};
    }
    QSqlQuery charge(db);
    if (!charge.prepare(QStringLiteral("INSERT INTO bill_charge (bill_id, month, provider, service_category, "
                                       "charge_kind, effective_cost, billed_cost, rows) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")))
        return Error{QStringLiteral("Could not record the bill's charges: %1").arg(store::errorInWords(db, charge.lastError())), {}};
    for (const ChargeSum &c : data->charges) {
        for (const QVariant &v : {QVariant(billId), QVariant(c.month), text(c.provider), text(c.serviceCategory),
                                  QVariant(chargeKindKey(c.kind)), QVariant(c.effectiveCost), QVariant(c.billedCost),
                                  QVariant(c.rows)})
            charge.addBindValue(v);
        if (!charge.exec())
            return Error{QStringLiteral("Could not record the bill's charges: %1").arg(store::errorInWords(db, charge.lastError())), {}};
    }
    if (progress && progress->isCancelled())
        return BillImportResult{0, {}, true}; // the transaction rolls back
    if (!tx.commit())
        return Error{QStringLiteral("The bill could not be saved: %1. Nothing was imported.").arg(tx.errorString()),
                     {}};
    return BillImportResult{billId, std::move(*data)};
}

Expected<BillImportResult> runBillImport(const QString &documentLocation, const QString &path,
                                         ImportProgress &progress)
{
    store::WorkerConnection connection(documentLocation);
    if (!connection.errorString().isEmpty())
        return Error{QStringLiteral("The document cannot be opened for the import: %1").arg(connection.errorString()),
                     {}};
    return importBill(connection.database(), path, &progress);
}

Status visitActuals(const QSqlDatabase &db, const std::function<bool(const ActualCost &)> &visit)
{
    Expected<QSqlQuery> q = store::exec(
        db,
        QStringLiteral("SELECT a.month, a.provider, a.service, a.instance_type, a.pricing_category, "
                       "SUM(a.effective_cost), SUM(a.billed_cost), SUM(a.gpu_hours), SUM(a.rows), b.currency "
                       "FROM actual_cost a JOIN bill b ON b.id = a.bill_id "
                       "GROUP BY a.month, a.provider, a.service, a.instance_type, a.pricing_category, b.currency "
                       "ORDER BY a.month, a.provider, a.service, a.instance_type, a.pricing_category, b.currency"),
        {}, QStringLiteral("Listing the actual spend"));
    if (!q)
        return q.error();
    while (q->next()) {
        ActualCost c;
        c.month = q->value(0).toString();
        c.provider = q->value(1).toString();
        c.service = q->value(2).toString();
        c.instanceType = q->value(3).toString();
        const std::optional<PricingCategory> category = pricingCategoryFromKey(q->value(4).toString());
        if (!category)
            return store::damage(QStringLiteral("actual_cost holds an unknown pricing category"));
        c.category = *category;
        c.effectiveCost = q->value(5).toDouble();
        c.billedCost = q->value(6).toDouble();
        c.gpuHours = q->value(7).toDouble();
        c.rows = q->value(8).toInt();
        c.currency = q->value(9).toString();
        if (!visit(c))
            break;
    }
    return {};
}

Expected<QList<MonthActual>> monthlyActuals(const QSqlDatabase &db, const QString &currency)
{
    // Sums per month, bill currency, pricing category and pricing currency; a bill in another currency converts at
    // its month's mean ECB rate unless every row priced in the plan's currency gives the provider's own amount.
    Expected<QSqlQuery> q = store::exec(
        db,
        QStringLiteral("SELECT a.month, b.currency, a.pricing_category, a.pricing_currency, SUM(a.effective_cost), "
                       "SUM(a.billed_cost), SUM(a.gpu_hours), SUM(a.pricing_effective_cost), "
                       "COUNT(a.pricing_effective_cost), COUNT(*) FROM actual_cost a JOIN bill b ON b.id = a.bill_id "
                       "GROUP BY a.month, b.currency, a.pricing_category, a.pricing_currency "
                       "ORDER BY a.month, b.currency, a.pricing_category, a.pricing_currency"),
        {}, QStringLiteral("Listing the actual spend"));
    if (!q)
        return q.error();
    // The sums first (a few per month), then the rates: a team store's connection runs one statement at a time.
    struct Sum
    {
        QString month, currency;
        PricingCategory category;
        QString pricingCurrency;
        double effective, billed, gpuHours;
        std::optional<double> pricingEffective; ///< set when every row of the group gives one
    };
    std::vector<Sum> sums;
    while (q->next()) {
        const QString month = q->value(0).toString();
        const std::optional<PricingCategory> category = pricingCategoryFromKey(q->value(2).toString());
        if (!category || !isMonth(month))
            return store::damage(QStringLiteral("actual_cost holds an unknown pricing category or month"));
        Sum sum{month, q->value(1).toString(), *category, q->value(3).toString(), q->value(4).toDouble(),
                q->value(5).toDouble(), q->value(6).toDouble(), std::nullopt};
        if (q->value(8).toLongLong() == q->value(9).toLongLong() && !sum.pricingCurrency.isEmpty())
            sum.pricingEffective = q->value(7).toDouble();
        sums.push_back(std::move(sum));
    }
    if (q->lastError().isValid())
        return Error{QStringLiteral("Listing the actual spend: %1").arg(q->lastError().text()), {}};
    q->finish();

    QList<MonthActual> months;
    MonthRates rates(db, currency);
    std::set<std::pair<QString, QString>> ownAmounts; // (month, bill currency) taken from the provider's amounts
    for (const Sum &sum : sums) {
        const Expected<double> factor = rates.factor(sum.currency, sum.month);
        if (!factor)
            return factor.error();
        if (months.isEmpty() || months.back().month != sum.month)
            months.append(MonthActual{sum.month, 0, 0, 0, {}, {}, {}});
        MonthActual &m = months.back();
        const bool own = sum.currency != currency && sum.pricingEffective && sum.pricingCurrency == currency;
        const double effective = own ? *sum.pricingEffective : sum.effective * *factor;
        if (own)
            ownAmounts.insert({sum.month, sum.currency});
        m.effectiveCost += effective;
        m.billedCost += sum.billed * *factor;
        m.gpuHours += sum.gpuHours;
        m.byCategory[std::size_t(sum.category)] += effective;
        m.gpuHoursByCategory[std::size_t(sum.category)] += sum.gpuHours;
    }
    // How each month's bills in another currency were converted, in words (model.md §13: nothing silently).
    for (MonthActual &m : months) {
        for (const MonthRates::Used &used : rates.usedIn(m.month)) {
            QString line = QStringLiteral("the bills of %1 in %2 were converted at %3 %4 per %2, the mean of the "
                                          "month's %5 ECB rates")
                               .arg(monthLabel(m.month), used.from, QString::number(used.rate, 'g', 6), currency)
                               .arg(used.days);
            if (ownAmounts.count({m.month, used.from}))
                line += QStringLiteral(" (their effective cost is the provider's own amount in %1, from the bill's "
                                       "PricingCurrency columns)")
                            .arg(currency);
            m.conversions << line;
        }
    }
    return months;
}

Status visitServiceCategories(const QSqlDatabase &db, const std::function<bool(const ServiceCategorySum &)> &visit)
{
    Expected<QSqlQuery> q = store::exec(
        db,
        QStringLiteral("SELECT c.month, c.provider, c.service_category, b.currency, "
                       "SUM(CASE WHEN c.charge_kind = 'gpu' THEN c.effective_cost ELSE 0 END), "
                       "SUM(CASE WHEN c.charge_kind = 'gpu_unsized' THEN c.effective_cost ELSE 0 END), "
                       "SUM(CASE WHEN c.charge_kind = 'not_gpu' THEN c.effective_cost ELSE 0 END), "
                       "SUM(CASE WHEN c.charge_kind = 'tax_credit_adjustment' THEN c.effective_cost ELSE 0 END), "
                       "SUM(c.effective_cost), SUM(c.billed_cost), SUM(c.rows), "
                       "SUM(CASE WHEN c.charge_kind IN ('gpu', 'gpu_unsized', 'not_gpu', 'tax_credit_adjustment') "
                       "THEN 0 ELSE 1 END) "
                       "FROM bill_charge c JOIN bill b ON b.id = c.bill_id "
                       "GROUP BY c.month, c.provider, c.service_category, b.currency "
                       "ORDER BY c.month, c.provider, c.service_category, b.currency"),
        {}, QStringLiteral("Listing the bills by service category"));
    if (!q)
        return q.error();
    while (q->next()) {
        ServiceCategorySum sum;
        sum.month = q->value(0).toString();
        sum.provider = q->value(1).toString();
        sum.serviceCategory = q->value(2).toString();
        sum.currency = q->value(3).toString();
        for (int k = 0; k < kChargeKindCount; ++k)
            sum.byKind[std::size_t(k)] = q->value(4 + k).toDouble();
        sum.effectiveCost = q->value(8).toDouble();
        sum.billedCost = q->value(9).toDouble();
        sum.rows = q->value(10).toLongLong();
        if (q->value(11).toLongLong() != 0 || !isMonth(sum.month))
            return store::damage(QStringLiteral("bill_charge holds an unknown charge kind or month"));
        if (!visit(sum))
            break;
    }
    if (q->lastError().isValid())
        return Error{QStringLiteral("Listing the bills by service category: %1").arg(q->lastError().text()), {}};
    return {};
}

Expected<BillBreakdown> billBreakdown(const QSqlDatabase &db, const QString &currency, const QString &fromMonth,
                                      const QString &toMonth)
{
    BillBreakdown out;
    std::vector<ServiceCategorySum> sums;
    if (Status s = visitServiceCategories(db,
                                          [&](const ServiceCategorySum &sum) {
                                              if ((fromMonth.isEmpty() || sum.month >= fromMonth) &&
                                                  (toMonth.isEmpty() || sum.month <= toMonth))
                                                  sums.push_back(sum);
                                              return true;
                                          });
        !s)
        return s.error();
    // The rates after the sums: a team store's connection runs one statement at a time.
    MonthRates rates(db, currency);
    std::map<QString, double> categories;
    for (const ServiceCategorySum &sum : sums) {
        const Expected<double> factor = rates.factor(sum.currency, sum.month);
        if (!factor)
            return factor.error();
        for (int k = 0; k < kChargeKindCount; ++k)
            out.byKind[std::size_t(k)] += sum.byKind[std::size_t(k)] * *factor;
        out.total += sum.effectiveCost * *factor;
        out.billedTotal += sum.billedCost * *factor;
        // The service categories of what is not held against a plan: where the rest of the bill goes.
        const double rest = sum.effectiveCost - sum.byKind[std::size_t(ChargeKind::Gpu)];
        if (rest != 0.0)
            categories[sum.serviceCategory] += rest * *factor;
        if (out.firstMonth.isEmpty() || sum.month < out.firstMonth)
            out.firstMonth = sum.month;
        out.lastMonth = std::max(out.lastMonth, sum.month);
    }
    for (const auto &[category, cost] : categories)
        out.otherByServiceCategory.append({category, cost});
    std::stable_sort(out.otherByServiceCategory.begin(), out.otherByServiceCategory.end(),
                     [](const auto &a, const auto &b) { return std::abs(a.second) > std::abs(b.second); });
    Expected<qint64> without = store::queryInt(
        db, QStringLiteral("SELECT count(*) FROM bill b WHERE NOT EXISTS (SELECT 1 FROM bill_charge c WHERE "
                           "c.bill_id = b.id)"));
    if (!without)
        return without.error();
    out.billsWithoutBreakdown = int(*without);
    return out;
}

Expected<QList<BillRecord>> bills(const QSqlDatabase &db)
{
    Expected<QSqlQuery> q = store::exec(
        db,
        QStringLiteral("SELECT b.id, b.file_name, b.sha256, b.focus_version, b.imported_at, b.rows_read, b.rows_used, "
                       "(SELECT MIN(month) FROM bill_period WHERE bill_id = b.id), "
                       "(SELECT MAX(month) FROM bill_period WHERE bill_id = b.id), s.note "
                       "FROM bill b LEFT JOIN source s ON s.id = b.source_id ORDER BY b.id"),
        {}, QStringLiteral("Listing the bills"));
    if (!q)
        return q.error();
    QList<BillRecord> list;
    while (q->next())
        list.append(BillRecord{q->value(0).toLongLong(), q->value(1).toString(), q->value(2).toString(),
                               q->value(3).toString(), q->value(4).toString(), q->value(5).toInt(), q->value(6).toInt(),
                               q->value(7).toString(), q->value(8).toString(),
                               q->value(9).toString().split(QLatin1Char('\n'), Qt::SkipEmptyParts)});
    return list;
}

Status removeBill(const QSqlDatabase &db, qint64 billId)
{
    store::Transaction tx(db);
    if (!tx.isActive())
        return Error{QStringLiteral("Could not start removing the bill: %1").arg(tx.errorString()), {}};
    Expected<QSqlQuery> found = store::exec(db, QStringLiteral("SELECT source_id FROM bill WHERE id = ?"), {billId},
                                            QStringLiteral("Finding the bill"));
    if (!found)
        return found.error();
    if (!found->next())
        return Error{QStringLiteral("No bill has id %1 (mltco-cli actuals bills lists them)").arg(billId), {}};
    const qint64 sourceId = found->value(0).toLongLong();
    for (const QString &sql : {QStringLiteral("DELETE FROM actual_cost WHERE bill_id = ?"),
                               QStringLiteral("DELETE FROM bill_charge WHERE bill_id = ?"),
                               QStringLiteral("DELETE FROM bill_period WHERE bill_id = ?"),
                               QStringLiteral("DELETE FROM bill WHERE id = ?")}) {
        if (Expected<QSqlQuery> q = store::exec(db, sql, {billId}, QStringLiteral("Removing the bill")); !q)
            return q.error();
    }
    if (Expected<QSqlQuery> q = store::exec(db, QStringLiteral("DELETE FROM source WHERE id = ?"), {sourceId},
                                            QStringLiteral("Removing the bill's source"));
        !q)
        return q.error();
    if (!tx.commit())
        return Error{QStringLiteral("The bill could not be removed: %1").arg(tx.errorString()), {}};
    return {};
}

} // namespace mltco::actuals

#include "models/catalog/importers/sparecoresimporter.h"

#include "models/common/currency.h"

#include "models/catalog/importers/csvreader.h"
#include "models/catalog/gputable.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/common/numbertext.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QSet>

#include <cmath>
#include <memory>
#include <sqlite3.h>

namespace mltco::catalog {
namespace {

using namespace import;

using Statement = std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)>;
using Connection = std::unique_ptr<sqlite3, int (*)(sqlite3 *)>;

QByteArrayView bytes(sqlite3_stmt *stmt, int column)
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(stmt, column));
    return data ? QByteArrayView(data, sqlite3_column_bytes(stmt, column)) : QByteArrayView();
}

bool equalsNoCase(QByteArrayView a, const char *b)
{
    return QLatin1StringView(a.data(), a.size()).compare(QLatin1StringView(b), Qt::CaseInsensitive) == 0;
}

/// A server column under its older (gpu_*) or newer (accelerator_*) name.
struct ServerColumn final
{
    const char *older;
    const char *newer;
};
constexpr ServerColumn kGpuCount{"gpu_count", "accelerator_count"};
constexpr ServerColumn kGpuModel{"gpu_model", "accelerator_model"};
constexpr ServerColumn kGpuMemoryMin{"gpu_memory_min", "accelerator_memory_min"};

constexpr const char *kServerColumns[] = {"vendor_id", "server_id",     "api_reference",
                                          "vcpus",     "memory_amount", "status"};
constexpr const char *kPriceColumns[] = {"vendor_id",  "region_id",        "zone_id",    "server_id",
                                         "allocation", "operating_system", "unit",       "price",
                                         "currency",   "status",           "observed_at"};

enum class Skip {
    Inactive,
    Reserved,
    OtherAllocation,
    OtherUnit,
    OtherCurrency,
    OtherSystem,
    ZeroPrice,
    NoServer,
    CpuOnly,
    Count,
};

class SpareCoresParser final
{
public:
    SpareCoresParser(const QString &path, const ImportOptions &options, PriceSink *sink,
                     const std::function<bool(qint64, qint64)> &progress)
        : m_path(path), m_options(options), m_sink(sink), m_progress(progress), m_errors(options.fileName),
          m_name(displayFileName(options.fileName))
    {}

    Expected<ImportData> run()
    {
        m_data.format = QStringLiteral("sparecores");
        m_data.licence = QString::fromLatin1(kSpareCoresLicence);
        if (std::optional<Error> e = open())
            return *e;
        if (std::optional<Error> e = checkSchema())
            return *e;
        if (std::optional<Error> e = readPrices())
            return *e;
        if (!m_errors.isEmpty())
            return m_errors.toError();
        if (m_data.rowsRead == 0)
            return refuse(QStringLiteral("its server_price table is empty"));
        int skipped = 0;
        for (int n : m_skips)
            skipped += n;
        m_data.rowsSkipped = skipped;
        writeNotes();
        return std::move(m_data);
    }

private:
    Error refuse(const QString &reason) const
    {
        return Error{QStringLiteral("%1 was rejected: %2. Nothing was imported.").arg(m_name, reason),
                     {QStringLiteral("%1: %2").arg(m_name, reason)}};
    }

    std::optional<Error> open()
    {
        // The header first, for a plain answer rather than SQLite's "file is not a database" at the first query.
        QFile file(m_path);
        if (!file.open(QIODevice::ReadOnly))
            return refuse(QStringLiteral("it cannot be read (%1)").arg(file.errorString()));
        if (file.read(16) != QByteArray("SQLite format 3\0", 16))
            return refuse(QStringLiteral("it is not an SQLite database (a Spare Cores file is sc-data-all.db, "
                                         "unpacked from its .bz2)"));
        file.close();
        sqlite3 *handle = nullptr;
        const int rc = sqlite3_open_v2(QFile::encodeName(m_path).constData(), &handle, SQLITE_OPEN_READONLY, nullptr);
        m_db.reset(handle);
        if (rc != SQLITE_OK)
            return refuse(QStringLiteral("it cannot be opened (%1)")
                              .arg(QString::fromUtf8(handle ? sqlite3_errmsg(handle) : sqlite3_errstr(rc))));
        return std::nullopt;
    }

    Statement prepare(const QByteArray &sql, QString *problem)
    {
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(m_db.get(), sql.constData(), -1, &stmt, nullptr) != SQLITE_OK && problem)
            *problem = QString::fromUtf8(sqlite3_errmsg(m_db.get()));
        return Statement(stmt, sqlite3_finalize);
    }

    QSet<QByteArray> columnsOf(const char *table, QString *problem)
    {
        QSet<QByteArray> columns;
        Statement stmt = prepare(QByteArray("PRAGMA table_info(") + table + ')', problem);
        if (!stmt)
            return columns;
        while (sqlite3_step(stmt.get()) == SQLITE_ROW)
            columns.insert(bytes(stmt.get(), 1).toByteArray().toLower());
        return columns;
    }

    std::optional<Error> checkSchema()
    {
        QString problem;
        const QSet<QByteArray> server = columnsOf("server", &problem);
        const QSet<QByteArray> price = columnsOf("server_price", &problem);
        if (!problem.isEmpty())
            return refuse(QStringLiteral("it cannot be read as a Spare Cores database (%1)").arg(problem));
        QStringList missing;
        if (server.isEmpty())
            missing << QStringLiteral("table server");
        if (price.isEmpty())
            missing << QStringLiteral("table server_price");
        if (!missing.isEmpty())
            return refuse(QStringLiteral("it lacks the %1 of a Spare Cores database").arg(missing.join(u" and ")));
        for (const char *c : kServerColumns)
            if (!server.contains(c))
                missing << QStringLiteral("server.%1").arg(QLatin1String(c));
        for (const char *c : kPriceColumns)
            if (!price.contains(c))
                missing << QStringLiteral("server_price.%1").arg(QLatin1String(c));
        for (const ServerColumn &c : {kGpuCount, kGpuModel, kGpuMemoryMin}) {
            const char *name = server.contains(c.older) ? c.older : server.contains(c.newer) ? c.newer : nullptr;
            if (!name)
                missing << QStringLiteral("server.%1 (or %2)").arg(QLatin1String(c.older), QLatin1String(c.newer));
            m_gpuColumns << QByteArray(name ? name : "");
        }
        if (!missing.isEmpty())
            return refuse(QStringLiteral("it lacks the column(s) %1").arg(missing.join(QStringLiteral(", "))));
        return std::nullopt;
    }

    std::optional<Error> readPrices()
    {
        QString problem;
        qint64 total = 0;
        {
            Statement count = prepare("SELECT COUNT(*) FROM server_price", &problem);
            if (count && sqlite3_step(count.get()) == SQLITE_ROW)
                total = sqlite3_column_int64(count.get(), 0);
        }
        const QByteArray sql =
            "SELECT p.vendor_id, p.region_id, p.zone_id, p.server_id, p.allocation, p.operating_system, p.unit, "
            "p.price, p.currency, p.status, p.observed_at, s.server_id, s.api_reference, s.vcpus, s.memory_amount, "
            "s." +
            m_gpuColumns.at(0) + ", s." + m_gpuColumns.at(1) + ", s." + m_gpuColumns.at(2) +
            ", s.status FROM server_price p LEFT JOIN server s ON s.vendor_id = p.vendor_id AND s.server_id = "
            "p.server_id ORDER BY p.vendor_id, p.server_id, p.region_id, p.zone_id, p.allocation";
        Statement stmt = prepare(sql, &problem);
        if (!stmt)
            return refuse(QStringLiteral("its prices cannot be read (%1)").arg(problem));
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
            ++m_data.rowsRead;
            if (m_progress && m_data.rowsRead % 4096 == 0 && !m_progress(m_data.rowsRead, total))
                return Error{QStringLiteral("cancelled"), {}};
            if (std::optional<QString> reason = readRow(stmt.get()))
                m_errors.add(where(stmt.get()), *reason);
        }
        if (rc != SQLITE_DONE)
            return refuse(
                QStringLiteral("its prices cannot be read (%1)").arg(QString::fromUtf8(sqlite3_errmsg(m_db.get()))));
        if (m_progress)
            m_progress(m_data.rowsRead, total);
        return std::nullopt;
    }

    static QString where(sqlite3_stmt *row)
    {
        return QStringLiteral("server_price %1/%2/%3/%4/%5")
            .arg(text(bytes(row, 0)), text(bytes(row, 1)), text(bytes(row, 2)), text(bytes(row, 3)),
                 text(bytes(row, 4)));
    }

    void skip(Skip why) { ++m_skips[static_cast<int>(why)]; }

    std::optional<QString> readRow(sqlite3_stmt *row)
    {
        if (!equalsNoCase(bytes(row, 9), "active")) {
            skip(Skip::Inactive);
            return std::nullopt;
        }
        const QByteArrayView allocation = bytes(row, 4);
        const bool spot = equalsNoCase(allocation, "spot");
        if (equalsNoCase(allocation, "reserved")) {
            skip(Skip::Reserved);
            return std::nullopt;
        }
        if (!spot && !equalsNoCase(allocation, "ondemand")) {
            skip(Skip::OtherAllocation);
            return std::nullopt;
        }
        if (!equalsNoCase(bytes(row, 6), "hour")) {
            skip(Skip::OtherUnit);
            return std::nullopt;
        }
        // model.md §13: a price keeps its currency (Spare Cores lists European vendors in EUR); a value that is not a
        // currency code is left out and named.
        const QByteArrayView currencyBytes = bytes(row, 8);
        const QString currency = currencyBytes.isEmpty()
                                     ? QStringLiteral("USD")
                                     : QString::fromLatin1(currencyBytes.first(std::min<qsizetype>(10, currencyBytes.size())))
                                           .toUpper();
        if (!isCurrencyCode(currency)) {
            m_currencies.insert(text(currencyBytes.first(std::min<qsizetype>(10, currencyBytes.size()))));
            skip(Skip::OtherCurrency);
            return std::nullopt;
        }
        const QByteArrayView system = bytes(row, 5);
        if (!system.isEmpty() &&
            !QLatin1StringView(system.data(), system.size()).startsWith(u"linux", Qt::CaseInsensitive)) {
            skip(Skip::OtherSystem);
            return std::nullopt;
        }
        if (sqlite3_column_type(row, 11) == SQLITE_NULL || !equalsNoCase(bytes(row, 18), "active")) {
            skip(sqlite3_column_type(row, 11) == SQLITE_NULL ? Skip::NoServer : Skip::Inactive);
            return std::nullopt;
        }
        if (sqlite3_column_type(row, 7) != SQLITE_INTEGER && sqlite3_column_type(row, 7) != SQLITE_FLOAT)
            return numberProblem(QStringLiteral("price"), bytes(row, 7),
                                 sqlite3_column_type(row, 7) == SQLITE_NULL ? NumberStatus::Empty
                                                                            : NumberStatus::NotANumber);
        const double amount = sqlite3_column_double(row, 7);
        if (std::isnan(amount) || amount < 0)
            return QStringLiteral("price %1 is negative").arg(amount);
        if (amount == 0) {
            skip(Skip::ZeroPrice);
            return std::nullopt;
        }
        for (int c : {0, 1, 2, 12})
            if (!isValidUtf8(bytes(row, c)))
                return QStringLiteral("a name is not valid UTF-8");
        QString vendor = m_strings.intern(bytes(row, 0)).toLower();
        if (vendor == QLatin1String("ovh"))
            vendor = QStringLiteral("ovhcloud"); // mltco's key for OVHcloud
        if (std::optional<QString> p = textProblem(QStringLiteral("vendor_id"), bytes(row, 0)))
            return p;
        const QByteArrayView apiReference = bytes(row, 12).isEmpty() ? bytes(row, 3) : bytes(row, 12);
        if (std::optional<QString> p = textProblem(QStringLiteral("api_reference"), apiReference))
            return p;
        if (std::optional<QString> p = textProblem(QStringLiteral("region_id"), bytes(row, 1)))
            return p;
        if (std::optional<QString> p = textProblem(QStringLiteral("zone_id"), bytes(row, 2)))
            return p;
        const QString &instance = m_strings.intern(apiReference);
        std::optional<double> gpus;
        if (std::optional<QString> p = describe(row, vendor, instance, gpus))
            return p;
        if (m_options.skipCpuOnly && *gpus == 0) {
            skip(Skip::CpuOnly);
            return std::nullopt;
        }
        // Judged per accelerator-hour, after a server without GPUs has been skipped under --gpu-only.
        if (std::optional<QString> p =
                rangeProblem(QStringLiteral("price"), amount, plausible::kMinHourlyPrice,
                             plausible::maxHourlyPrice(*gpus, plausible::currencyScale(currency)),
                             plausible::perHourUnit(currency, *gpus)))
            return p;

        PricePoint price;
        price.provider = vendor;
        price.instance = instance;
        price.region = m_strings.intern(bytes(row, 1));
        if (bytes(row, 2) != bytes(row, 1))
            price.zone = m_strings.intern(bytes(row, 2));
        price.pricing = spot ? PricingModel::Spot : PricingModel::OnDemand;
        price.amount = amount;
        price.currency = currency == QLatin1String("USD") ? QStringLiteral("USD") : m_strings.intern(currency.toLatin1());
        price.unit = PriceUnit::Hour;
        if (m_options.observedAt.isValid()) {
            price.observedAt = m_options.observedAt;
        } else {
            const QByteArrayView observed = bytes(row, 10);
            const std::optional<QDate> date = parseIsoDate(observed.first(std::min<qsizetype>(10, observed.size())));
            if (!date)
                return QStringLiteral("observed_at \"%1\" is not a date")
                    .arg(text(observed.first(std::min<qsizetype>(40, observed.size()))));
            price.observedAt = *date;
        }
        price.note = m_note;
        if (spot)
            ++m_spot;
        handOn(std::move(price));
        return std::nullopt;
    }

    /// Adds the provider and the instance type the first time a price names them; the type's GPU count.
    std::optional<QString> describe(sqlite3_stmt *row, const QString &vendor, const QString &instance,
                                    std::optional<double> &gpus)
    {
        const QString key = vendor + QLatin1Char('\x1f') + instance;
        if (auto known = m_instanceGpus.constFind(key); known != m_instanceGpus.cend()) {
            gpus = *known;
            return std::nullopt;
        }
        if (!m_providers.contains(vendor)) {
            m_providers.insert(vendor);
            m_data.providers.append(providerInfo(vendor).provider);
        }
        InstanceType type;
        type.provider = vendor;
        type.name = instance;
        type.vcpus = sqlite3_column_double(row, 13);
        type.memoryGb = sqlite3_column_double(row, 14) / 1024.0; // MiB
        type.gpuCount = sqlite3_column_double(row, 15);
        for (auto [column, value, max] :
             {std::tuple{QStringLiteral("vcpus"), type.vcpus, plausible::kMaxVcpus},
              std::tuple{QStringLiteral("memory_amount"), type.memoryGb, plausible::kMaxMemoryGb},
              std::tuple{QString::fromLatin1(m_gpuColumns.at(0)), type.gpuCount, plausible::kMaxGpuCount}})
            if (std::optional<QString> p = rangeProblem(column, value, 0, max, QString()))
                return p;
        if (type.gpuCount > 0) {
            const QByteArrayView model = bytes(row, 16);
            if (!isValidUtf8(model))
                return QStringLiteral("%1 is not valid UTF-8").arg(QString::fromLatin1(m_gpuColumns.at(1)));
            if (std::optional<QString> p = textProblem(QString::fromLatin1(m_gpuColumns.at(1)), model))
                return p;
            const QString name = text(model);
            if (!name.isEmpty()) {
                type.gpu = feedGpuName(name, sqlite3_column_double(row, 17) / 1024.0);
                if (!GpuTable::find(type.gpu))
                    m_unknownGpus.insert(name);
            } else {
                m_unnamedGpus.insert(instance);
            }
        }
        gpus = type.gpuCount;
        m_instanceGpus.insert(key, type.gpuCount);
        if (!(m_options.skipCpuOnly && type.gpuCount == 0))
            m_data.instances.append(std::move(type));
        return std::nullopt;
    }

    void handOn(PricePoint &&price)
    {
        if (!m_errors.isEmpty())
            return; // a refused file writes nothing
        if (m_sink)
            m_sink->add(std::move(price), m_data);
        else
            m_data.prices.append(std::move(price));
    }

    void writeNotes()
    {
        QStringList &notes = m_data.notes;
        notes << QStringLiteral("Spare Cores data, licensed %1 (recorded with every price)")
                     .arg(QLatin1String(kSpareCoresLicence));
        if (m_spot > 0)
            notes << countOf(m_spot, u"spot price", u"spot prices");
        // "1 reserved price left out (...)": the count's noun, then what befell them.
        const auto note = [&](Skip why, QStringView one, QStringView many, QStringView rest) {
            if (const int n = m_skips[static_cast<int>(why)]; n > 0)
                notes << countOf(n, one, many) + rest.toString();
        };
        note(Skip::Reserved, u"reserved price", u"reserved prices", u" left out (the data gives no term length)");
        note(Skip::OtherAllocation, u"price of another allocation", u"prices of other allocations", u" left out");
        note(Skip::OtherUnit, u"price per a unit other than the hour", u"prices per a unit other than the hour",
             u" left out");
        if (const int n = m_skips[static_cast<int>(Skip::OtherCurrency)]; n > 0) {
            QStringList names(m_currencies.cbegin(), m_currencies.cend());
            names.sort();
            notes << QStringLiteral("%1 left out (%2)")
                         .arg(countOf(n, u"price whose currency is not a currency code",
                                      u"prices whose currency is not a currency code"),
                              names.join(QStringLiteral(", ")));
        }
        note(Skip::OtherSystem, u"price for an operating system other than Linux",
             u"prices for operating systems other than Linux", u" left out");
        note(Skip::Inactive, u"inactive price or server", u"inactive prices or servers", u" left out");
        note(Skip::ZeroPrice, u"price of 0", u"prices of 0", u" left out");
        note(Skip::NoServer, u"price of a server the file does not describe", u"prices of servers the file does not describe",
             u" left out");
        note(Skip::CpuOnly, u"price of a server without GPUs", u"prices of servers without GPUs", u" left out");
        if (!m_unknownGpus.isEmpty()) {
            QStringList names(m_unknownGpus.cbegin(), m_unknownGpus.cend());
            names.sort();
            notes << QStringLiteral("GPU models not in mltco's GPU table (imported under the file's name): %1")
                         .arg(names.join(QStringLiteral(", ")));
        }
        if (!m_unnamedGpus.isEmpty()) {
            QStringList names(m_unnamedGpus.cbegin(), m_unnamedGpus.cend());
            names.sort();
            notes << QStringLiteral("servers with GPUs of no model (imported without a GPU model): %1")
                         .arg(names.join(QStringLiteral(", ")));
        }
    }

    QString m_path;
    const ImportOptions &m_options;
    PriceSink *m_sink;
    std::function<bool(qint64, qint64)> m_progress;
    RowErrors m_errors;
    QString m_name;
    Connection m_db{nullptr, sqlite3_close_v2};
    QList<QByteArray> m_gpuColumns;
    ImportData m_data;
    StringPool m_strings;
    QString m_note = QStringLiteral("Spare Cores, %1").arg(QLatin1String(kSpareCoresLicence));
    QSet<QString> m_providers, m_currencies, m_unknownGpus, m_unnamedGpus;
    QHash<QString, double> m_instanceGpus;
    int m_skips[static_cast<int>(Skip::Count)] = {};
    int m_spot = 0;
};

} // namespace

Expected<ImportData> parseSpareCores(const QString &path, const ImportOptions &options, PriceSink *sink,
                                     const std::function<bool(qint64, qint64)> &progress)
{
    return SpareCoresParser(path, options, sink, progress).run();
}

std::optional<QDate> spareCoresSnapshotDate(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.read(16) != QByteArray("SQLite format 3\0", 16))
        return std::nullopt;
    file.close();
    sqlite3 *handle = nullptr;
    const int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &handle, SQLITE_OPEN_READONLY, nullptr);
    const Connection db(handle, sqlite3_close_v2);
    if (rc != SQLITE_OK)
        return std::nullopt;
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(handle, "SELECT MAX(observed_at) FROM server_price", -1, &stmt, nullptr) != SQLITE_OK)
        return std::nullopt;
    const Statement guard(stmt, sqlite3_finalize);
    if (sqlite3_step(stmt) != SQLITE_ROW)
        return std::nullopt;
    const QByteArrayView observed = bytes(stmt, 0);
    return parseIsoDate(observed.first(std::min<qsizetype>(10, observed.size())));
}

QString feedGpuName(const QString &model, double memoryGbPerGpu)
{
    if (memoryGbPerGpu > 0) {
        const QString withMemory = QStringLiteral("%1 %2GB").arg(model).arg(std::lround(memoryGbPerGpu));
        if (GpuTable::find(withMemory))
            return GpuTable::canonicalName(withMemory);
    }
    return GpuTable::canonicalName(model);
}

} // namespace mltco::catalog

#include "models/actuals/focusbill.h"

#include "models/actuals/chargewords.h"

#include "models/common/currency.h"

#include "models/catalog/importers/csvreader.h"
#include "models/catalog/importers/importdata.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/common/gzipdevice.h"
#include "models/report/format.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>

#include <array>
#include <map>
#include <set>
#include <tuple>

namespace mltco::actuals {
namespace {

using catalog::CsvReader;
namespace import = catalog::import;

// The columns read, by their FOCUS names. The first kRequired must be in the header; a provider column (ProviderName
// up to 1.2, ServiceProviderName after it) is required too.
enum Column {
    BilledCost,
    EffectiveCost,
    BillingCurrency,
    ChargePeriodStart,
    ChargeCategory,
    ServiceName,
    ProviderName,
    ServiceProviderName,
    ChargeClass,
    PricingCategoryColumn,
    ConsumedQuantity,
    ConsumedUnit,
    SkuPriceDetails,
    BillingAccountId,
    UsageType,
    InvoiceId,
    SkuMeter,
    ChargeDescription,
    ServiceCategory,
    MicrosoftSkuDetails,
    MicrosoftMeterName,
    MicrosoftMeterCategory,
    PricingCurrency,
    PricingCurrencyEffectiveCost,
    ColumnCount
};
constexpr int kRequired = ServiceName + 1;
constexpr std::array<const char *, ColumnCount> kNames = {
    "BilledCost",       "EffectiveCost", "BillingCurrency",     "ChargePeriodStart", "ChargeCategory",
    "ServiceName",      "ProviderName",  "ServiceProviderName", "ChargeClass",       "PricingCategory",
    "ConsumedQuantity", "ConsumedUnit",  "SkuPriceDetails",     "BillingAccountId",  "x_UsageType",
    "InvoiceId",        "SkuMeter",      "ChargeDescription", "ServiceCategory",
    "x_SkuDetails",     "x_SkuMeterName", "x_SkuMeterCategory", "PricingCurrency", "PricingCurrencyEffectiveCost",
};

/// A field as quoted in a message: trimmed, at most 40 bytes (a hostile file's field may be megabytes).
QString shown(QByteArrayView field)
{
    const QByteArrayView t = field.trimmed();
    return QString::fromUtf8(t.first(qMin<qsizetype>(t.size(), 40)));
}

bool equalsIgnoringCase(QByteArrayView field, QLatin1StringView word)
{
    return QLatin1StringView(field.data(), field.size()).compare(word, Qt::CaseInsensitive) == 0;
}

/// "YYYY-MM" of a FOCUS date-time (ISO 8601, UTC: "2026-03-01T00:00:00Z"; also a bare date, fractional seconds, or
/// an explicit offset, which is converted to UTC first). nullopt when it is not one.
std::optional<QString> monthOf(QByteArrayView text)
{
    const QByteArrayView t = text.trimmed();
    if (t.size() < 10 || t[4] != '-' || t[7] != '-')
        return std::nullopt;
    const auto digits = [&t](int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; ++i) {
            if (t[i] < '0' || t[i] > '9')
                return -1;
            v = v * 10 + (t[i] - '0');
        }
        return v;
    };
    const int year = digits(0, 4), month = digits(5, 2), day = digits(8, 2);
    if (year < 0 || month < 0 || day < 0 || !QDate(year, month, day).isValid())
        return std::nullopt;
    const bool utc = t.size() == 10 || t.back() == 'Z' || t.size() == 19;
    if (t.size() > 10) {
        // Check the time too, and move a date-time with an offset to UTC (it may fall in another month). Qt rounds a
        // fraction to milliseconds (59.9999999 s would become the next day): keep three digits of it.
        QString s = QString::fromLatin1(t.data(), t.size());
        if (s[10] == QLatin1Char(' '))
            s[10] = QLatin1Char('T');
        if (s.size() > 20 && s[19] == QLatin1Char('.')) {
            qsizetype end = 20;
            while (end < s.size() && s[end].isDigit())
                ++end;
            if (end > 23)
                s.remove(23, end - 23);
        }
        const QDateTime at = QDateTime::fromString(s, Qt::ISODateWithMs);
        if (!at.isValid())
            return std::nullopt;
        if (!utc)
            return at.toUTC().date().toString(QStringLiteral("yyyy-MM"));
    }
    return QStringLiteral("%1-%2").arg(year, 4, 10, QLatin1Char('0')).arg(month, 2, 10, QLatin1Char('0'));
}

std::optional<PricingCategory> categoryOf(QByteArrayView field)
{
    const QByteArrayView t = field.trimmed();
    if (t.isEmpty())
        return PricingCategory::Unspecified;
    // FOCUS 1.0's final names, and the preview's "On-Demand" and "Commitment-Based" that early exports still write.
    if (equalsIgnoringCase(t, QLatin1StringView("Standard")) || equalsIgnoringCase(t, QLatin1StringView("On-Demand")))
        return PricingCategory::Standard;
    if (equalsIgnoringCase(t, QLatin1StringView("Dynamic")))
        return PricingCategory::Dynamic;
    if (equalsIgnoringCase(t, QLatin1StringView("Committed")) ||
        equalsIgnoringCase(t, QLatin1StringView("Commitment-Based")))
        return PricingCategory::Committed;
    if (equalsIgnoringCase(t, QLatin1StringView("Other")))
        return PricingCategory::Other;
    return std::nullopt;
}

/// FOCUS null as database dumps and several FinOps tools export it: the literal NULL, in any case.
bool isNullLiteral(QByteArrayView field)
{
    return field.size() == 4 && equalsIgnoringCase(field, QLatin1StringView("NULL"));
}

/// Hours in one ConsumedUnit: 1 for hours (AWS and Microsoft write "Hours"), 1/3600 for seconds (Google Cloud's
/// export meters a GPU in seconds), 1/60 for minutes; nullopt for any other unit.
std::optional<double> hoursPerUnit(QByteArrayView unit)
{
    const QByteArrayView t = unit.trimmed();
    const auto any = [&t](std::initializer_list<const char *> words) {
        for (const char *word : words)
            if (equalsIgnoringCase(t, QLatin1StringView(word)))
                return true;
        return false;
    };
    if (any({"Hours", "Hour", "Hrs", "Hr", "h"}))
        return 1.0;
    if (any({"Seconds", "Second", "s", "sec"}))
        return 1.0 / 3600.0;
    if (any({"Minutes", "Minute", "min"}))
        return 1.0 / 60.0;
    return std::nullopt;
}

/// A signed amount (costs and quantities may be negative on corrections and refunds).
std::optional<double> signedNumber(QByteArrayView field)
{
    const import::Number n = import::parseNonNegative(field);
    if (n.status == import::NumberStatus::Ok || n.status == import::NumberStatus::Negative)
        return n.value;
    return std::nullopt;
}

struct SkuDetails final
{
    std::optional<double> gpuCount;
    QString instanceType;
};

/// The GPU count and instance type of a SkuPriceDetails object; a reason when it is not a JSON object or its values
/// are not what FOCUS 1.2 says.
Expected<SkuDetails> skuDetails(QByteArrayView field)
{
    SkuDetails details;
    const QByteArrayView t = field.trimmed();
    if (t.isEmpty())
        return details;
    QJsonParseError error{};
    const QJsonDocument json = QJsonDocument::fromJson(QByteArray(t.data(), t.size()), &error);
    if (error.error != QJsonParseError::NoError || !json.isObject())
        return Error{QStringLiteral("SkuPriceDetails is not a JSON object"), {}};
    const QJsonObject object = json.object();
    for (const char *key : {"GpuCount", "F_GpuCount"}) {
        const QJsonValue v = object.value(QLatin1StringView(key));
        if (v.isUndefined() || v.isNull())
            continue;
        bool ok = v.isDouble();
        double count = v.toDouble();
        if (v.isString())
            count = v.toString().toDouble(&ok);
        if (!ok || !std::isfinite(count) || count < 0 || count > import::plausible::kMaxGpuCount)
            return Error{QStringLiteral("SkuPriceDetails %1 is not a GPU count from 0 to %2")
                             .arg(QLatin1StringView(key))
                             .arg(import::plausible::kMaxGpuCount),
                         {}};
        details.gpuCount = count;
        break;
    }
    for (const char *key : {"InstanceType", "F_InstanceType"}) {
        const QJsonValue v = object.value(QLatin1StringView(key));
        if (v.isUndefined() || v.isNull())
            continue;
        if (!v.isString())
            return Error{QStringLiteral("SkuPriceDetails %1 is not text").arg(QLatin1StringView(key)), {}};
        const QByteArray name = v.toString().trimmed().toUtf8();
        if (auto problem = import::textProblem(QStringLiteral("SkuPriceDetails %1").arg(QLatin1StringView(key)), name))
            return Error{*problem, {}};
        details.instanceType = QString::fromUtf8(name);
        break;
    }
    return details;
}

/// The rows of one instance type left out of the GPU sums, and what they cost (EffectiveCost).
struct LeftOut final
{
    double cost = 0.0;
    int rows = 0;
};

// Ordered as the document lists them: the category by its key.
using Key = std::tuple<QString, QString, QString, QString, QString>;

class Reader final
{
public:
    Reader(QIODevice &in, const BillOptions &options) : m_reader(in), m_options(options), m_errors(options.fileName) {}

    Expected<BillData> run()
    {
        if (auto error = import::readHeaderRecord(m_reader, m_options.fileName,
                                                  QStringLiteral("the FOCUS columns (BilledCost, EffectiveCost, ...)"),
                                                  QStringLiteral("it is not a FOCUS cost export")))
            return *error;
        if (auto error = readHeader())
            return *error;
        int rowsRead = 0;
        if (auto error =
                import::readRecords(m_reader, m_options.fileName, m_errors, rowsRead, [this] { return readRow(); }))
            return *error;
        if (m_refusal)
            return *m_refusal;
        if (!m_errors.isEmpty())
            return m_errors.toError();
        m_data.rowsRead = rowsRead;
        m_data.currency = billCurrency();
        for (auto &[key, cost] : m_sums) {
            if (!cost.pricingEffectiveCost)
                cost.pricingCurrency.clear();
            m_data.costs.append(std::move(cost));
        }
        std::vector<std::tuple<QString, QString, QString>> periods(m_periods.begin(), m_periods.end());
        std::sort(periods.begin(), periods.end());
        for (auto &[provider, account, month] : periods)
            m_data.periods.append(BillPeriod{provider, account, month});
        for (auto &[key, charge] : m_charges)
            m_data.charges.append(std::move(charge));
        addNotes();
        return std::move(m_data);
    }

private:
    std::optional<Error> readHeader()
    {
        m_columns.fill(-1);
        QHash<QString, int> known;
        for (int c = 0; c < ColumnCount; ++c)
            known.insert(QString::fromLatin1(kNames[c]).toLower(), c);
        for (qsizetype i = 0; i < m_reader.fieldCount(); ++i) {
            const QString name = QString::fromUtf8(m_reader.field(i)).trimmed();
            const auto it = known.constFind(name.toLower());
            if (it == known.cend())
                continue; // FOCUS exports carry many columns mltco does not need
            if (auto error = import::placeColumn(m_columns, *it, i, name, m_options.fileName, m_reader.line()))
                return error;
        }
        QStringList missing = import::missingColumns(m_columns, kNames, kRequired);
        if (m_columns[ProviderName] < 0 && m_columns[ServiceProviderName] < 0)
            missing << QStringLiteral("ProviderName");
        if (!missing.isEmpty())
            return import::fileError(m_options.fileName, m_reader.line(),
                                     QStringLiteral("it is not a FOCUS cost export: the header lacks %1")
                                         .arg(missing.join(QStringLiteral(", "))));
        m_provider = m_columns[ProviderName] >= 0 ? ProviderName : ServiceProviderName;
        m_data.focusVersion = m_columns[InvoiceId] >= 0                                     ? QStringLiteral("1.2")
                              : m_columns[SkuPriceDetails] >= 0 || m_columns[SkuMeter] >= 0 ? QStringLiteral("1.1")
                                                                                            : QStringLiteral("1.0");
        return std::nullopt;
    }

    /// A column's field, empty where the row has none or the field is a FOCUS null (empty or the literal NULL).
    QByteArrayView field(int column) const
    {
        const int at = m_columns[column];
        if (at < 0 || at >= m_reader.fieldCount())
            return {};
        const QByteArrayView value = m_reader.field(at);
        return isNullLiteral(value.trimmed()) ? QByteArrayView() : value;
    }

    std::optional<QString> readRow()
    {
        if (m_refusal)
            return std::nullopt;
        if (!catalog::isValidUtf8(m_reader.recordBytes()))
            return QStringLiteral("the row is not valid UTF-8 text");
        // model.md §13: a bill in any currency, one currency throughout (a plan converts it at its months' rates).
        const QByteArrayView currency = field(BillingCurrency).trimmed();
        if (currency.isEmpty())
            return QStringLiteral("BillingCurrency is empty");
        if (m_currency.isEmpty() || currency != m_currencyBytes) {
            const QString code = QString::fromLatin1(currency.first(std::min<qsizetype>(10, currency.size())));
            if (!isCurrencyCode(code))
                return QStringLiteral("BillingCurrency \"%1\" is not a currency code (three capital letters, as USD)")
                    .arg(shown(currency));
            if (!m_currency.isEmpty()) {
                m_refusal = import::fileError(m_options.fileName, m_reader.line(),
                                              QStringLiteral("the bill mixes currencies: this row is in %1, the rows "
                                                             "before it in %2 (export one billing currency per file)")
                                                  .arg(code, m_currency));
                return std::nullopt;
            }
            m_currency = code;
            m_currencyBytes = code.toLatin1();
        }

        const QByteArrayView charge = field(ChargeCategory).trimmed();
        const bool usage = equalsIgnoringCase(charge, QLatin1StringView("Usage"));
        const bool purchase = equalsIgnoringCase(charge, QLatin1StringView("Purchase"));
        bool otherCharge = false;
        if (!usage && !purchase) {
            for (const char *other : {"Tax", "Credit", "Adjustment"})
                otherCharge = otherCharge || equalsIgnoringCase(charge, QLatin1StringView(other));
            if (!otherCharge)
                return QStringLiteral("ChargeCategory \"%1\" is not one of Usage, Purchase, Tax, Credit, Adjustment")
                    .arg(shown(charge));
        }
        const QByteArrayView chargeClass = field(ChargeClass).trimmed();
        const bool correction = equalsIgnoringCase(chargeClass, QLatin1StringView("Correction"));
        if (!chargeClass.isEmpty() && !correction)
            return QStringLiteral("ChargeClass \"%1\" is neither empty nor Correction").arg(shown(chargeClass));

        const std::optional<QString> month = cachedMonth(field(ChargePeriodStart));
        if (!month)
            return QStringLiteral("ChargePeriodStart \"%1\" is not an ISO 8601 date-time (2026-03-01T00:00:00Z)")
                .arg(shown(field(ChargePeriodStart).trimmed()));
        const std::optional<double> billed = signedNumber(field(BilledCost));
        if (!billed)
            return QStringLiteral("BilledCost \"%1\" is not an amount").arg(shown(field(BilledCost).trimmed()));
        const std::optional<double> effective = signedNumber(field(EffectiveCost));
        if (!effective)
            return QStringLiteral("EffectiveCost \"%1\" is not an amount").arg(shown(field(EffectiveCost).trimmed()));
        for (int column : {m_provider, int(ServiceName), int(BillingAccountId)}) {
            if (auto problem = import::textProblem(QString::fromLatin1(kNames[column]), field(column)))
                return problem;
        }
        const QString &provider = m_pool.intern(field(m_provider).trimmed());
        if (provider.isEmpty())
            return QStringLiteral("%1 is empty").arg(QLatin1StringView(kNames[m_provider]));
        const QString &account = m_pool.intern(field(BillingAccountId).trimmed());
        if (!correction)
            m_periods.insert({provider, account, *month});
        if (auto problem = import::textProblem(QStringLiteral("ServiceCategory"), field(ServiceCategory)))
            return problem;
        m_row = RowTotals{&*month, &provider, &m_pool.intern(field(ServiceCategory).trimmed()), *effective, *billed};
        if (otherCharge) {
            ++m_otherCharges;
            addCharge(ChargeKind::TaxCreditAdjustment);
            return std::nullopt;
        }

        Expected<SkuDetails> details = skuDetails(field(SkuPriceDetails));
        if (!details)
            return details.error().message;
        QString instance = details->instanceType;
        if (instance.isEmpty()) {
            // AWS's FOCUS export: x_UsageType "USE1-BoxUsage:p4d.24xlarge", "SpotUsage:g5.xlarge".
            const QByteArrayView usageType = field(UsageType).trimmed();
            const qsizetype colon = usageType.lastIndexOf(':');
            if (colon >= 0 && colon + 1 < usageType.size()) {
                const QByteArrayView name = usageType.sliced(colon + 1);
                if (auto problem = import::textProblem(QStringLiteral("x_UsageType"), name))
                    return problem;
                instance = m_pool.intern(name);
            }
        }
        const DescriptionFacts *described = nullptr;
        m_lastDescription = field(ChargeDescription).trimmed();
        if (!m_lastDescription.isEmpty())
            described = &describe(m_lastDescription);
        if (instance.isEmpty()) {
            // Microsoft: the VM size in x_SkuDetails' ServiceType, else the size its meter names.
            Expected<QString> size = microsoftSize(provider, described);
            if (!size)
                return size.error().message;
            instance = *size;
        }
        if (instance.isEmpty() && described && !described->instance.isEmpty()) {
            // FOCUS 1.0 has no instance-type column: AWS names the instance in the charge's description.
            instance = m_pool.intern(described->instance.toUtf8());
        }
        std::optional<double> gpus = details->gpuCount;
        if (!gpus && !instance.isEmpty())
            gpus = catalogGpus(instance);
        bool gpuMachineHost = false;
        if ((!gpus || *gpus <= 0) && instance.isEmpty() && described) {
            if (!described->perGpu.isEmpty()) {
                // Google Cloud: one unit of a GPU SKU is one GPU.
                instance = m_pool.intern(described->perGpu.toUtf8());
                gpus = 1.0;
            } else if (!described->gpuMachineHost.isEmpty()) {
                // Google Cloud: the cores and memory of an A2, A3 or G2 machine are spend on the GPU machine.
                instance = m_pool.intern(
                    QStringLiteral("%1 machine (cores and memory)").arg(described->gpuMachineHost).toUtf8());
                gpus = 1.0;
                gpuMachineHost = true;
            }
        }
        if (!gpus || *gpus <= 0) {
            const bool unsized = !gpus && (isAcceleratorFamily(instance) || (described && described->namesGpu));
            leaveOut(instance, unsized, *effective);
            addCharge(unsized ? ChargeKind::GpuUnsized : ChargeKind::NotGpu);
            return std::nullopt;
        }

        const std::optional<PricingCategory> category = categoryOf(field(PricingCategoryColumn));
        if (!category)
            return QStringLiteral("PricingCategory \"%1\" is not one of Standard, Dynamic, Committed, Other")
                .arg(shown(field(PricingCategoryColumn).trimmed()));
        double gpuHours = 0;
        const QByteArrayView quantity = field(ConsumedQuantity).trimmed();
        if (!quantity.isEmpty()) {
            const std::optional<double> consumed = signedNumber(quantity);
            if (!consumed)
                return QStringLiteral("ConsumedQuantity \"%1\" is not a number").arg(shown(quantity));
            if (const std::optional<double> hours = hoursPerUnit(field(ConsumedUnit)))
                gpuHours = gpuMachineHost ? 0.0 : *consumed * *hours * *gpus;
            else
                ++m_notHours;
        }

        // FOCUS 1.2: the provider's own amount in the currency it priced the row in.
        QString pricingCurrency;
        std::optional<double> pricingCost;
        if (const QByteArrayView code = field(PricingCurrency).trimmed(); !code.isEmpty()) {
            pricingCurrency = m_pool.intern(code.first(std::min<qsizetype>(10, code.size())));
            if (!isCurrencyCode(pricingCurrency))
                return QStringLiteral("PricingCurrency \"%1\" is not a currency code (three capital letters, as USD)")
                    .arg(shown(code));
            if (const QByteArrayView amount = field(PricingCurrencyEffectiveCost).trimmed(); !amount.isEmpty()) {
                pricingCost = signedNumber(amount);
                if (!pricingCost)
                    return QStringLiteral("PricingCurrencyEffectiveCost \"%1\" is not an amount").arg(shown(amount));
            }
        }

        const QString &service = m_pool.intern(field(ServiceName).trimmed());
        ActualCost &sum = m_sums[Key{*month, provider, service, instance, pricingCategoryKey(*category)}];
        if (sum.rows == 0) {
            sum.month = *month;
            sum.provider = provider;
            sum.service = service;
            sum.instanceType = instance;
            sum.category = *category;
            sum.pricingCurrency = pricingCurrency;
            sum.pricingEffectiveCost = pricingCost ? std::optional<double>(0.0) : std::nullopt;
        }
        // The provider's own amount holds only while every row of the sum gives one, in one currency.
        if (sum.pricingEffectiveCost && pricingCost && pricingCurrency == sum.pricingCurrency)
            *sum.pricingEffectiveCost += *pricingCost;
        else
            sum.pricingEffectiveCost.reset();
        sum.effectiveCost += *effective;
        sum.billedCost += *billed;
        sum.gpuHours += gpuHours;
        ++sum.rows;
        addCharge(ChargeKind::Gpu);
        LeftOut &found = m_gpuFound[instance]; // named in the notes as the left-out ones are
        found.cost += *effective;
        ++found.rows;
        ++m_data.rowsUsed;
        if (correction)
            ++m_data.corrections;
        return std::nullopt;
    }

    /// The GPU count the catalog gives an instance type, remembered.
    std::optional<double> catalogGpus(const QString &instance)
    {
        if (!m_options.catalogGpuCount)
            return std::nullopt;
        auto cached = m_catalogCounts.constFind(instance);
        if (cached == m_catalogCounts.cend())
            cached = m_catalogCounts.insert(instance, m_options.catalogGpuCount(instance));
        return *cached;
    }

    /// The VM size of a Microsoft row (docs/import-formats.md, "FOCUS bills"): x_SkuDetails' ServiceType on a Virtual
    /// Machines row ("Standard_NC24ads_A100_v4"), else the size named by its meter (x_SkuMeterName, SkuMeter in 1.2)
    /// or its ChargeDescription, the first the catalog knows, else the first of a GPU family; empty when none.
    Expected<QString> microsoftSize(const QString &provider, const DescriptionFacts *described)
    {
        const bool microsoft = provider.contains(QLatin1StringView("Microsoft"), Qt::CaseInsensitive) ||
                               provider.contains(QLatin1StringView("Azure"), Qt::CaseInsensitive);
        const QByteArrayView category = field(MicrosoftMeterCategory).trimmed();
        const bool virtualMachine =
            category.isEmpty() || QLatin1StringView(category.data(), category.size()).startsWith(
                                      QLatin1StringView("Virtual Machines"), Qt::CaseInsensitive);
        if (!virtualMachine)
            return QString();
        if (const QByteArrayView skuDetails = field(MicrosoftSkuDetails).trimmed(); !skuDetails.isEmpty()) {
            const QByteArray key = skuDetails.toByteArray();
            auto known = m_serviceTypes.constFind(key);
            if (known == m_serviceTypes.cend()) {
                if (m_serviceTypes.size() >= 65536)
                    m_serviceTypes.clear();
                QString size;
                const QJsonDocument json = QJsonDocument::fromJson(key);
                if (!json.isObject())
                    return Error{QStringLiteral("x_SkuDetails is not a JSON object"), {}};
                const QJsonValue type = json.object().value(QLatin1StringView("ServiceType"));
                if (type.isString() && type.toString().startsWith(QLatin1StringView("Standard_"))) {
                    const QByteArray name = type.toString().trimmed().toUtf8();
                    if (auto problem = import::textProblem(QStringLiteral("x_SkuDetails ServiceType"), name))
                        return Error{*problem, {}};
                    size = QString::fromUtf8(name);
                }
                known = m_serviceTypes.insert(key, size);
            }
            if (!known->isEmpty())
                return m_pool.intern(known->toUtf8());
        }
        if (!microsoft)
            return QString();
        QStringList sizes;
        for (int column : {int(MicrosoftMeterName), int(SkuMeter)}) {
            if (const QByteArrayView meter = field(column).trimmed(); !meter.isEmpty() && sizes.isEmpty())
                sizes = azureSizesOf(QString::fromUtf8(meter));
        }
        if (sizes.isEmpty() && described)
            sizes = azureSizesOf(QString::fromUtf8(m_lastDescription));
        for (const QString &size : sizes)
            if (catalogGpus(size))
                return m_pool.intern(size.toUtf8());
        for (const QString &size : sizes)
            if (isAcceleratorFamily(size))
                return m_pool.intern(size.toUtf8());
        return QString();
    }

    /// Adds the row being read to the whole bill's sums, counted as `kind`.
    void addCharge(ChargeKind kind)
    {
        ChargeSum &sum = m_charges[ChargeKey{*m_row.month, *m_row.provider, *m_row.serviceCategory, int(kind)}];
        if (sum.rows == 0) {
            sum.month = *m_row.month;
            sum.provider = *m_row.provider;
            sum.serviceCategory = *m_row.serviceCategory;
            sum.kind = kind;
        }
        sum.effectiveCost += m_row.effective;
        sum.billedCost += m_row.billed;
        ++sum.rows;
    }

    /// What a ChargeDescription says, remembered: a bill repeats a few thousand descriptions over millions of rows.
    /// The memory stays bounded whatever the bill's size: past 65,536 descriptions the cache starts again.
    const DescriptionFacts &describe(QByteArrayView description)
    {
        const QByteArray key = description.toByteArray();
        if (const auto it = m_descriptions.constFind(key); it != m_descriptions.cend())
            return *it;
        if (m_descriptions.size() >= 65536)
            m_descriptions.clear();
        const QString text = QString::fromUtf8(description);
        return *m_descriptions.insert(key, describeCharge(text));
    }

    /// A usage or purchase row that is not counted as GPU spend, remembered with its cost so the notes can name it:
    /// GPU spend the catalog cannot size (an accelerator family or a GPU named, but no GPU count known), or not GPU.
    void leaveOut(const QString &instance, bool gpuUnsized, double cost)
    {
        if (gpuUnsized) {
            LeftOut &left = m_unsizedGpu[instance];
            left.cost += cost;
            ++left.rows;
        } else {
            LeftOut &left = m_notGpuCosts[instance];
            left.cost += cost;
            ++left.rows;
            ++m_notGpu;
        }
    }

    /// "t2.micro $0.01, g5.4xlarge $12.13": the instance types by cost, most first; rows without one as "other".
    QString namedCosts(const QHash<QString, LeftOut> &costs, double &total) const
    {
        std::vector<std::pair<QString, double>> byCost;
        total = 0;
        for (auto it = costs.cbegin(); it != costs.cend(); ++it) {
            byCost.emplace_back(it.key(), it->cost);
            total += it->cost;
        }
        std::sort(byCost.begin(), byCost.end(), [](const auto &a, const auto &b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        });
        QStringList parts;
        for (const auto &[name, cost] : byCost)
            parts << QStringLiteral("%1 %2").arg(name.isEmpty() ? QStringLiteral("(no instance type)") : name,
                                                 report::money(cost, billCurrency()));
        return parts.join(QStringLiteral(", "));
    }

    /// monthOf(), remembered: a bill's rows share a few dozen period starts, and a date-time is checked through
    /// QDateTime.
    std::optional<QString> cachedMonth(QByteArrayView text)
    {
        const QByteArray key = text.toByteArray();
        if (const auto it = m_months.constFind(key); it != m_months.cend())
            return *it;
        if (m_months.size() > 4096)
            m_months.clear();
        return *m_months.insert(key, monthOf(text));
    }

    // "1 row", "3 rows": a count that agrees with its noun.
    static QString rowsText(qint64 n, const QString &one, const QString &many)
    {
        return n == 1 ? QStringLiteral("1 %1").arg(one) : QStringLiteral("%1 %2").arg(n).arg(many);
    }

    void addNotes()
    {
        // What was counted, named as what was left out is: the GPU instance types found, by cost.
        if (!m_gpuFound.isEmpty()) {
            double total = 0;
            const QString named = namedCosts(m_gpuFound, total);
            const qsizetype types = m_gpuFound.size();
            m_data.notes << QStringLiteral("GPU spend held against a plan, %1 on %2: %3")
                                .arg(report::money(total, billCurrency()),
                                     types == 1 ? QStringLiteral("1 instance type")
                                                : QStringLiteral("%1 instance types").arg(types),
                                     named);
        }
        if (m_otherCharges > 0)
            m_data.notes << QStringLiteral("%1 left out (only Usage and Purchase charges are held against a plan)")
                                .arg(rowsText(m_otherCharges, QStringLiteral("Tax, Credit or Adjustment row"),
                                              QStringLiteral("Tax, Credit and Adjustment rows")));
        if (!m_unsizedGpu.isEmpty()) {
            double total = 0;
            const QString named = namedCosts(m_unsizedGpu, total);
            qsizetype types = m_unsizedGpu.size() - (m_unsizedGpu.contains(QString()) ? 1 : 0);
            int rows = 0;
            for (const LeftOut &left : m_unsizedGpu)
                rows += left.rows;
            m_data.unsizedGpuCost = total;
            m_data.notes << QStringLiteral("%1 of GPU spend on %2 the catalog does not know, in %3, is not counted "
                                           "(%4): add them to the catalog with their GPU count, or import their "
                                           "provider's price list, and import the bill again")
                                .arg(report::money(total, billCurrency()),
                                     types == 1 ? QStringLiteral("1 instance type")
                                                : QStringLiteral("%1 instance types").arg(types),
                                     rowsText(rows, QStringLiteral("row"), QStringLiteral("rows")), named);
        }
        if (m_notGpu > 0) {
            double total = 0;
            const QString named = namedCosts(m_notGpuCosts, total);
            m_data.notGpuCost = total;
            // Both forms name all three values: a form that left one out made QString::arg replace none of them.
            m_data.notes << (m_notGpu == 1 ? QStringLiteral("%3 row is not a GPU charge (no GPU count in SkuPriceDetails "
                                                            "and no instance type the catalog knows with GPUs) and was "
                                                            "left out, %1: %2")
                                            : QStringLiteral("%3 rows are not GPU charges (no GPU count in SkuPriceDetails "
                                                             "and no instance type the catalog knows with GPUs) and were "
                                                             "left out, %1 in all: %2"))
                                .arg(report::money(total, billCurrency()), named, QString::number(m_notGpu));
        }
        if (m_notHours > 0)
            m_data.notes << (m_notHours == 1
                                 ? QStringLiteral("1 GPU row measures its ConsumedQuantity in a unit other than hours: its "
                                                  "cost counts, its GPU-hours do not")
                                 : QStringLiteral("%1 GPU rows measure their ConsumedQuantity in a unit other than hours: "
                                                  "their cost counts, their GPU-hours do not")
                                       .arg(m_notHours));
        if (m_data.corrections > 0)
            m_data.notes << (m_data.corrections == 1
                                 ? QStringLiteral("1 correction row was added to the month it corrects")
                                 : QStringLiteral("%1 correction rows were added to the months they correct")
                                       .arg(m_data.corrections));
    }

    CsvReader m_reader;
    const BillOptions &m_options;
    import::RowErrors m_errors;
    std::optional<Error> m_refusal;
    QString m_currency;        ///< the bill's BillingCurrency, from its first row
    QString billCurrency() const { return m_currency.isEmpty() ? QStringLiteral("USD") : m_currency; }
    QByteArray m_currencyBytes;
    std::array<int, ColumnCount> m_columns{};
    int m_provider = ProviderName;
    BillData m_data;
    import::StringPool m_pool;
    std::map<Key, ActualCost> m_sums;
    /// The row being read, for the whole bill's sums: its month, provider and service category, and its costs.
    struct RowTotals final
    {
        const QString *month = nullptr;
        const QString *provider = nullptr;
        const QString *serviceCategory = nullptr;
        double effective = 0.0;
        double billed = 0.0;
    } m_row;
    using ChargeKey = std::tuple<QString, QString, QString, int>;
    std::map<ChargeKey, ChargeSum> m_charges;
    std::set<std::tuple<QString, QString, QString>> m_periods;
    QHash<QString, std::optional<double>> m_catalogCounts;
    QHash<QByteArray, DescriptionFacts> m_descriptions;
    QByteArrayView m_lastDescription;           ///< the row's ChargeDescription (valid while the row is read)
    QHash<QByteArray, QString> m_serviceTypes; ///< x_SkuDetails -> its VM size (empty: none)
    QHash<QString, LeftOut> m_gpuFound;           // GPU spend counted, by instance type
    QHash<QString, LeftOut> m_unsizedGpu;         // by instance type (empty: a GPU named, no instance)
    QHash<QString, LeftOut> m_notGpuCosts;        // by instance type (empty: no instance type)
    QHash<QByteArray, std::optional<QString>> m_months;
    int m_otherCharges = 0;
    int m_notGpu = 0;
    int m_notHours = 0;
};

} // namespace

QString pricingCategoryKey(PricingCategory category)
{
    switch (category) {
    case PricingCategory::Standard:
        return QStringLiteral("standard");
    case PricingCategory::Dynamic:
        return QStringLiteral("dynamic");
    case PricingCategory::Committed:
        return QStringLiteral("committed");
    case PricingCategory::Other:
        return QStringLiteral("other");
    case PricingCategory::Unspecified:
        break;
    }
    return QStringLiteral("unspecified");
}

std::optional<PricingCategory> pricingCategoryFromKey(QStringView key)
{
    for (int i = 0; i < kPricingCategoryCount; ++i) {
        if (key == pricingCategoryKey(PricingCategory(i)))
            return PricingCategory(i);
    }
    return std::nullopt;
}

QString pricingCategoryLabel(PricingCategory category)
{
    switch (category) {
    case PricingCategory::Standard:
        return QStringLiteral("On-demand");
    case PricingCategory::Dynamic:
        return QStringLiteral("Spot / interruptible");
    case PricingCategory::Committed:
        return QStringLiteral("Commitment");
    case PricingCategory::Other:
        return QStringLiteral("Other pricing");
    case PricingCategory::Unspecified:
        break;
    }
    return QStringLiteral("Not stated");
}

QString chargeKindKey(ChargeKind kind)
{
    switch (kind) {
    case ChargeKind::Gpu:
        return QStringLiteral("gpu");
    case ChargeKind::GpuUnsized:
        return QStringLiteral("gpu_unsized");
    case ChargeKind::NotGpu:
        return QStringLiteral("not_gpu");
    case ChargeKind::TaxCreditAdjustment:
        break;
    }
    return QStringLiteral("tax_credit_adjustment");
}

std::optional<ChargeKind> chargeKindFromKey(QStringView key)
{
    for (int i = 0; i < kChargeKindCount; ++i) {
        if (key == chargeKindKey(ChargeKind(i)))
            return ChargeKind(i);
    }
    return std::nullopt;
}

Expected<BillData> parseFocusBill(QIODevice &in, const BillOptions &options)
{
    return Reader(in, options).run();
}

Expected<BillData> readBillFile(const QString &path, const BillOptions &options)
{
    QFile file(path);
    const QString name = options.fileName.isEmpty() ? QFileInfo(path).fileName() : options.fileName;
    if (QFileInfo(path).isDir())
        return Error{QStringLiteral("%1 is a folder, not a FOCUS cost export").arg(path), {}};
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("Could not open %1: %2").arg(path, file.errorString()), {}};
    BillOptions named = options;
    named.fileName = name;
    const bool gzipped = GzipDevice::isGzip(file);
    // The progress counts the bytes of the file itself, under the inflating of a gzip file.
    std::optional<ProgressReader> counted;
    QIODevice *raw = &file;
    if (options.progress) {
        options.progress->start(ImportProgress::Stage::Reading, file.size());
        counted.emplace(file, *options.progress);
        counted->open(QIODevice::ReadOnly);
        raw = &*counted;
    }
    const auto cancelled = [&options]() -> std::optional<Error> {
        if (options.progress && options.progress->isCancelled())
            return Error{QStringLiteral("The import was cancelled."), {}};
        return std::nullopt;
    };
    Expected<BillData> data = Error{};
    if (gzipped) {
        GzipDevice gzip(*raw);
        if (!gzip.open(QIODevice::ReadOnly))
            return Error{QStringLiteral("Could not read %1: %2").arg(path, gzip.errorString()), {}};
        data = parseFocusBill(gzip, named);
    } else {
        data = parseFocusBill(*raw, named);
    }
    if (auto stop = cancelled())
        return *stop;
    return data;
}

} // namespace mltco::actuals

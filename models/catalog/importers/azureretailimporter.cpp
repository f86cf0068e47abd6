#include "models/catalog/importers/azureretailimporter.h"

#include "models/common/currency.h"
#include "models/common/numbertext.h"

#include "models/catalog/importers/importhelpers.h"

#include <QHash>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSet>

namespace mltco::catalog {
namespace {

using namespace import;

// Azure GPU VM sizes: vCPUs, memory (GiB), GPUs and the catalog's GPU name, from Microsoft's size pages
// (docs/import-formats.md, "Azure GPU sizes", gives the page of each series).
struct SizeRow final
{
    const char *sku;
    double vcpus;
    double memoryGb;
    double gpus;
    const char *gpu;
};
constexpr SizeRow kSizes[] = {
    // ND H100 v5, ND H200 v5, ND MI300X v5
    {"Standard_ND96isr_H100_v5", 96, 1900, 8, "H100 SXM 80GB"},
    {"Standard_ND96isr_H200_v5", 96, 1850, 8, "H200 SXM 141GB"},
    {"Standard_ND96isr_MI300X_v5", 96, 1850, 8, "Instinct MI300X 192GB"},
    // NC H100 v5 (H100 NVL)
    {"Standard_NC40ads_H100_v5", 40, 320, 1, "H100 NVL 94GB"},
    {"Standard_NC80adis_H100_v5", 80, 640, 2, "H100 NVL 94GB"},
    // ND A100 v4 (A100 40GB, NVLink), NDm A100 v4 (A100 80GB)
    {"Standard_ND96asr_v4", 96, 900, 8, "A100 40GB"},
    {"Standard_ND96amsr_A100_v4", 96, 1900, 8, "A100 80GB"},
    // NC A100 v4 (A100 80GB PCIe)
    {"Standard_NC24ads_A100_v4", 24, 220, 1, "A100 80GB"},
    {"Standard_NC48ads_A100_v4", 48, 440, 2, "A100 80GB"},
    {"Standard_NC96ads_A100_v4", 96, 880, 4, "A100 80GB"},
    // NCv3 (V100 16GB), NDv2 (V100 32GB)
    {"Standard_NC6s_v3", 6, 112, 1, "V100 16GB"},
    {"Standard_NC12s_v3", 12, 224, 2, "V100 16GB"},
    {"Standard_NC24s_v3", 24, 448, 4, "V100 16GB"},
    {"Standard_NC24rs_v3", 24, 448, 4, "V100 16GB"},
    {"Standard_ND40rs_v2", 40, 672, 8, "V100 32GB"},
    // NCasT4_v3 (T4)
    {"Standard_NC4as_T4_v3", 4, 28, 1, "T4 16GB"},
    {"Standard_NC8as_T4_v3", 8, 56, 1, "T4 16GB"},
    {"Standard_NC16as_T4_v3", 16, 110, 1, "T4 16GB"},
    {"Standard_NC64as_T4_v3", 64, 440, 4, "T4 16GB"},
    // NVads A10 v5: the smaller sizes have a share of one A10 (1/6, 1/3, 1/2)
    {"Standard_NV6ads_A10_v5", 6, 55, 1.0 / 6, "A10 24GB"},
    {"Standard_NV12ads_A10_v5", 12, 110, 1.0 / 3, "A10 24GB"},
    {"Standard_NV18ads_A10_v5", 18, 220, 0.5, "A10 24GB"},
    {"Standard_NV36ads_A10_v5", 36, 440, 1, "A10 24GB"},
    {"Standard_NV36adms_A10_v5", 36, 880, 1, "A10 24GB"},
    {"Standard_NV72ads_A10_v5", 72, 880, 2, "A10 24GB"},
};

const QString kVirtualMachines = QStringLiteral("Virtual Machines");

enum class Skip {
    OtherService,
    OtherType,
    NotPrimary,
    NoSku,
    Windows,
    LowPriority,
    ZeroPrice,
    OtherUnit,
    OtherTerm,
    CpuOnly,
    PlanTerm, ///< from here on: savings-plan rates, which are parts of an item rather than items
    PlanZero,
    Count,
};

/// The date of an ISO timestamp ("2023-05-01T00:00:00Z").
std::optional<QDate> isoDate(const QString &timestamp)
{
    const QByteArray bytes = timestamp.left(10).toLatin1();
    return parseIsoDate(bytes);
}

} // namespace

struct AzureRetailReader::Impl
{
    Impl(const ImportOptions &o, PriceSink *s) : options(o), sink(s), errors(o.fileName, QStringLiteral("item"))
    {
        data.format = QStringLiteral("azure-retail");
        data.providers.append(providerInfo(QStringLiteral("azure")).provider);
    }

    const ImportOptions &options;
    PriceSink *sink;
    RowErrors errors;
    ImportData data;
    QString page; ///< the page being read, for messages
    int pages = 0;
    QHash<QString, double> instanceGpus; ///< armSkuNames seen, with their GPU count
    QSet<QString> unknownGpuSizes;
    int skips[static_cast<int>(Skip::Count)] = {};
    int spot = 0, reserved = 0, savingsPlans = 0;
    QString pageCurrency; ///< the page's BillingCurrency, when it gives one
    QString currency;     ///< the item's currencyCode (model.md §13: any currency imports, and keeps its code)

    void skip(Skip why) { ++skips[static_cast<int>(why)]; }
    int skipped(Skip why) const { return skips[static_cast<int>(why)]; }

    /// Where in the import a page's record is: the page's name when the import reads a folder of them.
    QString where(const QString &record) const
    {
        return page == displayFileName(options.fileName) ? record : QStringLiteral("%1: %2").arg(page, record);
    }
    void pageError(const QString &reason)
    {
        errors.add(page == displayFileName(options.fileName) ? QStringLiteral("the page") : page, reason);
    }

    void handOn(PricePoint &&price)
    {
        if (!errors.isEmpty())
            return; // a refused import writes nothing
        if (sink)
            sink->add(std::move(price), data);
        else
            data.prices.append(std::move(price));
    }

    /// The size's GPU count, adding its instance type the first time it is named.
    double describe(const QString &sku)
    {
        auto known = instanceGpus.constFind(sku);
        if (known != instanceGpus.cend())
            return *known;
        InstanceType type;
        type.provider = QStringLiteral("azure");
        type.name = sku;
        if (const std::optional<AzureVmSize> size = azureVmSize(sku)) {
            type.vcpus = size->vcpus;
            type.memoryGb = size->memoryGb;
            type.gpuCount = size->gpuCount;
            type.gpu = size->gpu;
        } else if (sku.startsWith(QLatin1String("Standard_N"), Qt::CaseInsensitive)) {
            unknownGpuSizes.insert(sku); // the N-series sizes have GPUs
        }
        const double gpus = type.gpuCount;
        instanceGpus.insert(sku, gpus);
        if (!(options.skipCpuOnly && gpus == 0))
            data.instances.append(std::move(type));
        return gpus;
    }

    /// A text field every kept item has; sets `problem` when it is missing or not text.
    QString required(const QJsonObject &item, const char *field, std::optional<QString> &problem) const
    {
        const QJsonValue v = item.value(QLatin1String(field));
        if (!v.isString() || v.toString().trimmed().isEmpty()) {
            if (!problem)
                problem = v.isUndefined() || v.isNull() || v.isString()
                              ? QStringLiteral("missing required field %1").arg(QLatin1String(field))
                              : QStringLiteral("%1 is not text").arg(QLatin1String(field));
            return {};
        }
        return v.toString().trimmed();
    }

    /// A price field: a number of at least 0.
    static std::optional<QString> priceProblem(const QJsonValue &v, const QString &field, double &out)
    {
        if (v.isUndefined() || v.isNull())
            return QStringLiteral("missing required field %1").arg(field);
        if (!v.isDouble())
            return QStringLiteral("%1 is not a number").arg(field);
        out = v.toDouble();
        if (!(out >= 0)) // NaN cannot come from JSON; a negative price can
            return QStringLiteral("%1 %2 is negative").arg(field).arg(out);
        return std::nullopt;
    }

    std::optional<QString> readItem(const QJsonValue &value)
    {
        if (!value.isObject())
            return QStringLiteral("the item is not an object");
        const QJsonObject item = value.toObject();
        // Currency first: every price keeps its own (model.md §13), and a page says one currency throughout.
        const QJsonValue code = item.value(QLatin1String("currencyCode"));
        if (!code.isString())
            return QStringLiteral("missing required field currencyCode");
        if (!isCurrencyCode(code.toString()))
            return QStringLiteral("currencyCode \"%1\" is not a currency code (three capital letters, as USD or EUR)")
                .arg(code.toString().left(20));
        if (!pageCurrency.isEmpty() && code.toString() != pageCurrency)
            return QStringLiteral("currencyCode is %1 but the page's BillingCurrency is %2")
                .arg(code.toString(), pageCurrency);
        currency = code.toString();
        const double scale = plausible::currencyScale(currency);
        if (item.value(QLatin1String("serviceName")).toString() != kVirtualMachines) {
            skip(Skip::OtherService);
            return std::nullopt;
        }
        const QString type = item.value(QLatin1String("type")).toString();
        const bool reservation = type == QLatin1String("Reservation");
        if (!reservation && type != QLatin1String("Consumption")) {
            skip(Skip::OtherType); // DevTestConsumption and the like
            return std::nullopt;
        }
        if (item.value(QLatin1String("isPrimaryMeterRegion")).isBool() &&
            !item.value(QLatin1String("isPrimaryMeterRegion")).toBool()) {
            skip(Skip::NotPrimary); // the same meter again under another region's name
            return std::nullopt;
        }
        std::optional<QString> problem;
        const QString sku = item.value(QLatin1String("armSkuName")).toString().trimmed();
        if (sku.isEmpty()) {
            skip(Skip::NoSku); // licences and other charges that are not a VM size
            return std::nullopt;
        }
        const QString product = required(item, "productName", problem);
        const QString meter = required(item, "meterName", problem);
        const QString skuName = required(item, "skuName", problem);
        const QString region = required(item, "armRegionName", problem);
        const QString unit = required(item, "unitOfMeasure", problem);
        const QString start = required(item, "effectiveStartDate", problem);
        if (problem)
            return problem;
        for (const auto &[name, field] :
             {std::pair{QStringLiteral("armSkuName"), sku}, std::pair{QStringLiteral("armRegionName"), region}}) {
            const QByteArray utf8 = field.toUtf8();
            if (std::optional<QString> p = textProblem(name, utf8))
                return p;
        }
        if (product.endsWith(QLatin1String(" Windows"))) {
            skip(Skip::Windows);
            return std::nullopt;
        }
        const QLatin1String lowPriority(" Low Priority"), spotSuffix(" Spot");
        if (meter.endsWith(lowPriority) || skuName.endsWith(lowPriority)) {
            skip(Skip::LowPriority);
            return std::nullopt;
        }
        const bool isSpot = meter.endsWith(spotSuffix) || skuName.endsWith(spotSuffix);
        const std::optional<QDate> effective = isoDate(start);
        if (!effective)
            return QStringLiteral("effectiveStartDate \"%1\" is not a date").arg(start.left(40));
        // A size without GPUs is skipped under --gpu-only before its prices are looked at; a GPU size's prices are
        // judged per GPU-hour (an ND H100 v5's eight GPUs may cost eight times one GPU's bound).
        const double gpus = describe(sku);
        if (gpus == 0 && options.skipCpuOnly) {
            skip(Skip::CpuOnly);
            return std::nullopt;
        }
        const double maxHourly = plausible::maxHourlyPrice(gpus, scale);
        const QString perHour = plausible::perHourUnit(currency, gpus);
        double amount = 0;
        if (std::optional<QString> p =
                priceProblem(item.value(QLatin1String("retailPrice")), QStringLiteral("retailPrice"), amount))
            return p;

        PricePoint price;
        price.provider = QStringLiteral("azure");
        price.currency = currency;
        price.instance = sku;
        price.region = region;
        price.unit = PriceUnit::Hour;
        price.observedAt = options.observedAt.isValid() ? options.observedAt : *effective;

        if (reservation) {
            const QString term = item.value(QLatin1String("reservationTerm")).toString();
            if (term.isEmpty())
                return QStringLiteral("a Reservation without its reservationTerm");
            if (term == QLatin1String("1 Year"))
                price.pricing = PricingModel::Reserved1y;
            else if (term == QLatin1String("3 Years"))
                price.pricing = PricingModel::Reserved3y;
            else {
                skip(Skip::OtherTerm);
                return std::nullopt;
            }
            if (unit != QLatin1String("1 Hour")) {
                skip(Skip::OtherUnit);
                return std::nullopt;
            }
            if (amount == 0) {
                skip(Skip::ZeroPrice);
                return std::nullopt;
            }
            // The price is the whole term's, paid at the start (the unit says "1 Hour" all the same).
            if (std::optional<QString> p =
                    rangeProblem(QStringLiteral("retailPrice (the term's total)"), amount,
                                 plausible::kMinHourlyPrice * termHours(price.pricing),
                                 maxHourly * termHours(price.pricing), currency))
                return p;
            price.purchase = PurchaseOption::AllUpfront;
            price.amount = 0.0;
            price.upfront = amount;
            ++reserved;
            handOn(std::move(price));
            return std::nullopt;
        }

        if (unit != QLatin1String("1 Hour")) {
            skip(Skip::OtherUnit);
            return std::nullopt;
        }
        if (amount == 0) {
            skip(Skip::ZeroPrice);
            return std::nullopt;
        }
        if (std::optional<QString> p =
                rangeProblem(QStringLiteral("retailPrice"), amount, plausible::kMinHourlyPrice, maxHourly, perHour))
            return p;
        // Savings-plan rates are checked before anything is handed on: a bad one refuses the item whole.
        QList<PricePoint> plans;
        const QJsonValue savingsPlan = item.value(QLatin1String("savingsPlan"));
        if (!savingsPlan.isUndefined() && !savingsPlan.isNull() && !isSpot) {
            if (!savingsPlan.isArray())
                return QStringLiteral("savingsPlan is not a list");
            const QJsonArray rates = savingsPlan.toArray();
            for (qsizetype i = 0; i < rates.size(); ++i) {
                const QJsonObject rate = rates.at(i).toObject();
                const QString field = QStringLiteral("savingsPlan[%1].retailPrice").arg(i);
                QJsonValue v = rate.value(QLatin1String("retailPrice"));
                if (v.isUndefined())
                    v = rate.value(QLatin1String("unitPrice"));
                double hourly = 0;
                if (std::optional<QString> p = priceProblem(v, field, hourly))
                    return p;
                const QString term = rate.value(QLatin1String("term")).toString();
                PricePoint plan = price;
                if (term == QLatin1String("1 Year"))
                    plan.pricing = PricingModel::SavingsPlan1y;
                else if (term == QLatin1String("3 Years"))
                    plan.pricing = PricingModel::SavingsPlan3y;
                else {
                    skip(Skip::PlanTerm);
                    continue;
                }
                if (hourly == 0) {
                    skip(Skip::PlanZero);
                    continue;
                }
                if (std::optional<QString> p =
                        rangeProblem(field, hourly, plausible::kMinHourlyPrice, maxHourly, perHour))
                    return p;
                plan.amount = hourly;
                plans.append(std::move(plan));
            }
        }
        price.pricing = isSpot ? PricingModel::Spot : PricingModel::OnDemand;
        price.amount = amount;
        if (isSpot)
            ++spot;
        handOn(std::move(price));
        for (PricePoint &plan : plans) {
            ++savingsPlans;
            handOn(std::move(plan));
        }
        return std::nullopt;
    }

    void readPage(QIODevice &in, const QString &fileName)
    {
        page = displayFileName(fileName);
        ++pages;
        const QByteArray bytes = in.readAll();
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            pageError(
                bytes.trimmed().isEmpty()
                    ? QStringLiteral("the file is empty; an Azure Retail Prices page is a JSON object with Items")
                    : QStringLiteral("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset));
            return;
        }
        const QJsonObject envelope = doc.object();
        const QJsonValue items = envelope.value(QLatin1String("Items"));
        if (!doc.isObject() || !items.isArray()) {
            pageError(QStringLiteral("not an Azure Retail Prices page (a JSON object with BillingCurrency, Items, "
                                     "NextPageLink and Count)"));
            return;
        }
        const QJsonValue billing = envelope.value(QLatin1String("BillingCurrency"));
        pageCurrency.clear();
        if (billing.isString()) {
            if (!isCurrencyCode(billing.toString())) {
                pageError(QStringLiteral("BillingCurrency \"%1\" is not a currency code (three capital letters, as "
                                         "USD or EUR)")
                              .arg(billing.toString().left(20)));
                return;
            }
            pageCurrency = billing.toString();
        }
        const QJsonArray list = items.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            ++data.rowsRead;
            if (std::optional<QString> reason = readItem(list.at(i)))
                errors.add(where(QStringLiteral("Items[%1]").arg(i)), *reason);
        }
    }

    Expected<ImportData> finish()
    {
        if (!errors.isEmpty())
            return errors.toError();
        if (data.rowsRead == 0)
            return Error{QStringLiteral("%1 was rejected: its pages list no items. Nothing was imported.")
                             .arg(displayFileName(options.fileName)),
                         {}};
        int total = 0;
        for (int why = 0; why < static_cast<int>(Skip::PlanTerm); ++why)
            total += skips[why];
        data.rowsSkipped = total;
        writeNotes();
        return std::move(data);
    }

    void writeNotes()
    {
        QStringList &notes = data.notes;
        if (spot > 0)
            notes << countOf(spot, u"Spot price", u"Spot prices") + QStringLiteral(" (meters ending in \"Spot\")");
        if (reserved > 0)
            notes << countOf(reserved, u"reservation", u"reservations") +
                         QStringLiteral(" recorded as paid All Upfront: Azure gives a reservation's price as the total "
                                        "for its term");
        if (savingsPlans > 0)
            notes << countOf(savingsPlans, u"savings-plan rate", u"savings-plan rates") +
                         QStringLiteral(" (1 and 3 years, by the hour)");
        // "1 Windows price left out (...)": the count's noun, then what befell them.
        const auto note = [&](Skip why, QStringView one, QStringView many, QStringView rest) {
            if (skipped(why) > 0)
                notes << countOf(skipped(why), one, many) + rest.toString();
        };
        note(Skip::Windows, u"Windows price", u"Windows prices", u" left out (mltco compares Linux machines)");
        note(Skip::LowPriority, u"Low Priority price", u"Low Priority prices",
             u" left out (Azure is retiring Low Priority VMs in favour of Spot)");
        note(Skip::ZeroPrice, u"price of 0", u"prices of 0", u" left out");
        note(Skip::OtherUnit, u"price per a unit other than \"1 Hour\"", u"prices per a unit other than \"1 Hour\"",
             u" left out");
        note(Skip::OtherTerm, u"reservation term other than 1 and 3 years", u"reservation terms other than 1 and 3 years",
             u" left out");
        note(Skip::PlanTerm, u"savings-plan rate of a term other than 1 and 3 years",
             u"savings-plan rates of terms other than 1 and 3 years", u" left out");
        note(Skip::PlanZero, u"savings-plan rate of 0", u"savings-plan rates of 0", u" left out");
        note(Skip::OtherService, u"item of a service other than Virtual Machines",
             u"items of services other than Virtual Machines", u" left out");
        note(Skip::OtherType, u"item of a type other than Consumption and Reservation",
             u"items of types other than Consumption and Reservation", u" left out");
        note(Skip::NotPrimary, u"item outside its primary meter region", u"items outside their primary meter region",
             u" left out");
        note(Skip::NoSku, u"item without an armSkuName", u"items without an armSkuName", u" left out");
        note(Skip::CpuOnly, u"price of a size without GPUs", u"prices of sizes without GPUs", u" left out");
        if (!unknownGpuSizes.isEmpty()) {
            QStringList names(unknownGpuSizes.cbegin(), unknownGpuSizes.cend());
            names.sort();
            notes << QStringLiteral("N-series sizes that mltco cannot name the GPUs of (imported without GPUs, "
                                    "vCPUs or memory): %1")
                         .arg(names.join(QStringLiteral(", ")));
        }
        const QStringList known = [&] {
            QStringList out;
            for (auto it = instanceGpus.cbegin(); it != instanceGpus.cend(); ++it)
                if (it.value() == 0 && !unknownGpuSizes.contains(it.key()))
                    out << it.key();
            return out;
        }();
        if (!known.isEmpty() && !options.skipCpuOnly)
            notes << countOf(known.size(), u"size without GPUs", u"sizes without GPUs") +
                         QStringLiteral(" imported without their vCPUs and memory (the feed gives neither)");
    }
};

AzureRetailReader::AzureRetailReader(const ImportOptions &options, PriceSink *sink)
    : d(std::make_unique<Impl>(options, sink))
{}
AzureRetailReader::~AzureRetailReader() = default;

void AzureRetailReader::readPage(QIODevice &in, const QString &fileName)
{
    d->readPage(in, fileName);
}

Expected<ImportData> AzureRetailReader::finish()
{
    return d->finish();
}

Expected<ImportData> parseAzureRetail(QIODevice &in, const ImportOptions &options, PriceSink *sink)
{
    AzureRetailReader reader(options, sink);
    reader.readPage(in, options.fileName);
    return reader.finish();
}

std::optional<AzureVmSize> azureVmSize(const QString &armSkuName)
{
    for (const SizeRow &row : kSizes)
        if (armSkuName.compare(QLatin1String(row.sku), Qt::CaseInsensitive) == 0)
            return AzureVmSize{row.vcpus, row.memoryGb, row.gpus, QString::fromLatin1(row.gpu)};
    return std::nullopt;
}

} // namespace mltco::catalog

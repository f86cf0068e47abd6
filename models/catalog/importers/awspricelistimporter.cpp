#include "models/catalog/importers/awspricelistimporter.h"

#include "models/catalog/importers/csvreader.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/common/currency.h"
#include "models/common/numbertext.h"

#include <QHash>
#include <QIODevice>
#include <QSet>

#include <algorithm>
#include <array>
#include <tuple>
#include <vector>

namespace mltco::catalog {
namespace {

using namespace import;

enum Column : int {
    SkuCol,
    TermTypeCol,
    UnitCol,
    PriceCol,
    CurrencyCol,
    FamilyCol,
    LocationCol,
    InstanceCol,
    TenancyCol,
    OsCol,
    SoftwareCol,
    LicenseCol,
    OperationCol,
    VcpuCol,
    MemoryCol,
    // optional from here on: older files lack them, and a file may leave out the GPU column
    GpuCol,
    RegionCol,
    CapacityCol,
    MarketCol,
    LeaseCol,
    PurchaseCol,
    ClassCol,
    ColumnCount,
};
constexpr int kRequiredColumns = GpuCol;

constexpr std::array<const char *, ColumnCount> kColumnNames{
    "SKU",
    "TermType",
    "Unit",
    "PricePerUnit",
    "Currency",
    "Product Family",
    "Location",
    "Instance Type",
    "Tenancy",
    "Operating System",
    "Pre Installed S/W",
    "License Model",
    "operation",
    "vCPU",
    "Memory",
    "GPU",
    "Region Code",
    "CapacityStatus",
    "MarketOption",
    "LeaseContractLength",
    "PurchaseOption",
    "OfferingClass",
};

/// The metadata rows every AWS Price List CSV starts with, in order.
constexpr std::array<const char *, 5> kPreamble{"FormatVersion", "Disclaimer", "Publication Date", "Version",
                                                "OfferCode"};

// AWS Location names of the commercial regions (the region codes their files give in Region Code).
struct LocationRegion final
{
    const char *location;
    const char *region;
};
constexpr LocationRegion kLocations[] = {
    {"US East (N. Virginia)", "us-east-1"},
    {"US East (Ohio)", "us-east-2"},
    {"US West (N. California)", "us-west-1"},
    {"US West (Oregon)", "us-west-2"},
    {"Africa (Cape Town)", "af-south-1"},
    {"Asia Pacific (Hong Kong)", "ap-east-1"},
    {"Asia Pacific (Hyderabad)", "ap-south-2"},
    {"Asia Pacific (Jakarta)", "ap-southeast-3"},
    {"Asia Pacific (Melbourne)", "ap-southeast-4"},
    {"Asia Pacific (Mumbai)", "ap-south-1"},
    {"Asia Pacific (Osaka)", "ap-northeast-3"},
    {"Asia Pacific (Seoul)", "ap-northeast-2"},
    {"Asia Pacific (Singapore)", "ap-southeast-1"},
    {"Asia Pacific (Sydney)", "ap-southeast-2"},
    {"Asia Pacific (Tokyo)", "ap-northeast-1"},
    {"Canada (Central)", "ca-central-1"},
    {"Canada West (Calgary)", "ca-west-1"},
    {"EU (Frankfurt)", "eu-central-1"},
    {"EU (Ireland)", "eu-west-1"},
    {"EU (London)", "eu-west-2"},
    {"EU (Milan)", "eu-south-1"},
    {"EU (Paris)", "eu-west-3"},
    {"EU (Spain)", "eu-south-2"},
    {"EU (Stockholm)", "eu-north-1"},
    {"EU (Zurich)", "eu-central-2"},
    {"Israel (Tel Aviv)", "il-central-1"},
    {"Middle East (Bahrain)", "me-south-1"},
    {"Middle East (UAE)", "me-central-1"},
    {"South America (Sao Paulo)", "sa-east-1"},
    {"AWS GovCloud (US-East)", "us-gov-east-1"},
    {"AWS GovCloud (US-West)", "us-gov-west-1"},
    {"AWS GovCloud (US)", "us-gov-west-1"},
};

// EC2 instance families with GPUs, and the catalog's name of their GPU.
struct FamilyGpu final
{
    const char *family;
    const char *gpu;
};
constexpr FamilyGpu kFamilies[] = {
    {"p2", "K80 12GB"},        {"p3", "V100 16GB"},        {"p3dn", "V100 32GB"},
    {"p4d", "A100 40GB"},      {"p4de", "A100 80GB"},      {"p5", "H100 SXM 80GB"},
    {"p5e", "H200 SXM 141GB"}, {"p5en", "H200 SXM 141GB"}, {"p6-b200", "B200 180GB"},
    {"g3", "M60 8GB"},         {"g3s", "M60 8GB"},         {"g4dn", "T4 16GB"},
    {"g5", "A10G 24GB"},       {"g5g", "T4G 16GB"},        {"g6", "L4 24GB"},
    {"gr6", "L4 24GB"},        {"g6e", "L40S 48GB"},       {"g4ad", "Radeon Pro V520 8GB"},
};

std::optional<QDate> publicationDate(QByteArrayView text)
{
    // "2025-09-12T22:53:08Z": the date is the first ten characters.
    return parseIsoDate(text.first(std::min<qsizetype>(10, text.size())));
}

/// "1152 GiB", "0.5 GiB", "NA": GiB as a number; nullopt when the cell holds none.
std::optional<double> gibibytes(QByteArrayView cell)
{
    QByteArrayView t = cell.trimmed();
    if (t.endsWith("GiB"))
        t = t.chopped(3).trimmed();
    const Number n = parseNonNegative(t);
    return n.status == NumberStatus::Ok ? std::optional<double>(n.value) : std::nullopt;
}

class AwsPriceListParser final
{
public:
    AwsPriceListParser(QIODevice &in, const ImportOptions &options, PriceSink *sink)
        : m_reader(in), m_options(options), m_sink(sink), m_errors(options.fileName)
    {
        m_columns.fill(-1);
    }

    Expected<ImportData> run()
    {
        m_data.format = QStringLiteral("aws-pricelist");
        m_data.providers.append(providerInfo(QStringLiteral("aws")).provider);
        if (std::optional<Error> e = readPreamble())
            return *e;
        if (std::optional<Error> e = readHeader())
            return *e;
        if (std::optional<Error> e =
                readRecords(m_reader, m_options.fileName, m_errors, m_data.rowsRead, [this] { return readRow(); }))
            return *e;
        finishTerms();
        if (!m_errors.isEmpty())
            return m_errors.toError();
        m_data.rowsSkipped = m_skipped;
        writeNotes();
        return std::move(m_data);
    }

private:
    QByteArrayView cell(Column c) const
    {
        const int at = m_columns[static_cast<std::size_t>(c)];
        return at >= 0 && at < m_reader.fieldCount() ? m_reader.field(at).trimmed() : QByteArrayView();
    }
    bool has(Column c) const { return m_columns[static_cast<std::size_t>(c)] >= 0; }

    std::optional<Error> readPreamble()
    {
        for (std::size_t i = 0; i < kPreamble.size(); ++i) {
            const CsvReader::Status status = m_reader.next();
            if (status == CsvReader::Status::End)
                return fileError(m_options.fileName, std::max(1, m_reader.line()),
                                 i == 0 ? QStringLiteral("the file is empty; an AWS Price List CSV starts with "
                                                         "\"FormatVersion\",\"v1.0\"")
                                        : QStringLiteral("the file ends inside its metadata rows"));
            if (status == CsvReader::Status::ReadError)
                return fileError(m_options.fileName, m_reader.line(), m_reader.errorString());
            if (status == CsvReader::Status::SyntaxError)
                return fileError(m_options.fileName, m_reader.line(), m_reader.errorString());
            if (!isValidUtf8(m_reader.recordBytes()))
                return fileError(m_options.fileName, m_reader.line(), QStringLiteral("the row is not valid UTF-8"));
            const QByteArrayView key = m_reader.fieldCount() > 0 ? m_reader.field(0).trimmed() : QByteArrayView();
            const QByteArrayView value = m_reader.fieldCount() > 1 ? m_reader.field(1).trimmed() : QByteArrayView();
            if (key != QByteArrayView(kPreamble[i]))
                return fileError(
                    m_options.fileName, m_reader.line(),
                    QStringLiteral("expected the metadata row \"%1\" of an AWS Price List CSV, found \"%2\"")
                        .arg(QLatin1String(kPreamble[i]), text(key.first(std::min<qsizetype>(60, key.size())))));
            if (i == 0 && value != "v1.0")
                return fileError(m_options.fileName, m_reader.line(),
                                 QStringLiteral("FormatVersion %1 is not one mltco reads (v1.0)").arg(text(value)));
            if (i == 2 && !publicationDate(value))
                return fileError(m_options.fileName, m_reader.line(),
                                 QStringLiteral("Publication Date \"%1\" is not a date").arg(text(value)));
            if (i == 4 && value != "AmazonEC2")
                return fileError(
                    m_options.fileName, m_reader.line(),
                    QStringLiteral("this is the price list of %1, not of EC2 (OfferCode AmazonEC2)").arg(text(value)));
        }
        return std::nullopt;
    }

    std::optional<Error> readHeader()
    {
        if (std::optional<Error> e =
                readHeaderRecord(m_reader, m_options.fileName, QStringLiteral("the EC2 columns (SKU, TermType, ...)")))
            return e;
        for (qsizetype i = 0; i < m_reader.fieldCount(); ++i) {
            const QByteArrayView name = m_reader.field(i).trimmed();
            for (int c = 0; c < ColumnCount; ++c)
                if (name == QByteArrayView(kColumnNames[static_cast<std::size_t>(c)]))
                    if (std::optional<Error> e =
                            placeColumn(m_columns, c, i, text(name), m_options.fileName, m_reader.line()))
                        return e;
        }
        const QStringList missing = missingColumns(m_columns, kColumnNames, kRequiredColumns);
        if (!missing.isEmpty())
            return fileError(m_options.fileName, m_reader.line(),
                             QStringLiteral("the header lacks the column(s) %1 of an EC2 price list")
                                 .arg(missing.join(QStringLiteral(", "))));
        return std::nullopt;
    }

    bool kept()
    {
        // What a Linux machine on shared hardware, bought by the hour, costs; everything else is another product.
        return cell(FamilyCol) == "Compute Instance" && cell(OsCol) == "Linux" && cell(TenancyCol) == "Shared" &&
               cell(SoftwareCol) == "NA" && cell(LicenseCol) == "No License required" &&
               cell(OperationCol) == "RunInstances" && (!has(CapacityCol) || cell(CapacityCol) == "Used") &&
               (!has(MarketCol) || cell(MarketCol) == "OnDemand");
    }

    /// Adds the row's instance type the first time it is named (its size is the same in every region's rows) and
    /// says how many GPUs it has; a reason when its size does not read.
    std::optional<QString> describeInstance(std::optional<double> &gpuCount)
    {
        const QString &instance = m_strings.intern(cell(InstanceCol));
        auto known = m_instanceGpus.constFind(instance);
        if (known != m_instanceGpus.cend()) {
            gpuCount = *known;
            return std::nullopt;
        }
        InstanceType type;
        type.provider = QStringLiteral("aws");
        type.name = instance;
        const Number vcpus = parseNonNegative(cell(VcpuCol));
        if (vcpus.status != NumberStatus::Ok)
            return numberProblem(QStringLiteral("vCPU"), cell(VcpuCol), vcpus.status);
        type.vcpus = vcpus.value;
        const std::optional<double> memory = gibibytes(cell(MemoryCol));
        if (!memory)
            return QStringLiteral("Memory \"%1\" is not a size in GiB").arg(text(cell(MemoryCol)));
        type.memoryGb = *memory;
        const QByteArrayView gpuCell = cell(GpuCol);
        if (!gpuCell.isEmpty() && gpuCell != "NA") {
            const Number gpus = parseNonNegative(gpuCell);
            if (gpus.status != NumberStatus::Ok)
                return numberProblem(QStringLiteral("GPU"), gpuCell, gpus.status);
            type.gpuCount = gpus.value;
        }
        for (auto [column, value, max] : {std::tuple{QStringLiteral("vCPU"), type.vcpus, plausible::kMaxVcpus},
                                          std::tuple{QStringLiteral("Memory"), type.memoryGb, plausible::kMaxMemoryGb},
                                          std::tuple{QStringLiteral("GPU"), type.gpuCount, plausible::kMaxGpuCount}})
            if (std::optional<QString> p = rangeProblem(column, value, 0, max, QString()))
                return p;
        if (type.gpuCount > 0) {
            type.gpu = awsFamilyGpu(instance);
            if (type.gpu.isEmpty())
                m_unknownFamilies.insert(instance.section(QLatin1Char('.'), 0, 0));
        }
        m_instanceGpus.insert(instance, type.gpuCount);
        gpuCount = type.gpuCount;
        if (!(m_options.skipCpuOnly && type.gpuCount == 0))
            m_data.instances.append(std::move(type));
        return std::nullopt;
    }

    /// One reserved term of one SKU: its hourly row and, for Partial and All Upfront, its Upfront Fee row, which the
    /// file may give in either order and apart.
    struct Term final
    {
        int line = 0; ///< of the first of its rows
        PricePoint price;
        bool hasHourly = false;
        int feeLine = 0;
    };

    /// Reads a Reserved row into its term, and hands the term on once it is whole.
    std::optional<QString> readReserved(const QString &instance, const QString &region, double maxHourly,
                                        const QString &perHour)
    {
        if (!has(LeaseCol) || !has(PurchaseCol) || !has(ClassCol))
            return QStringLiteral("a Reserved term, but the header lacks LeaseContractLength, PurchaseOption or "
                                  "OfferingClass");
        const QByteArrayView lease = cell(LeaseCol), option = cell(PurchaseCol), offering = cell(ClassCol);
        struct Spelling final
        {
            const char *text;
            int value;
        };
        static constexpr Spelling kLeases[] = {{"1yr", int(PricingModel::Reserved1y)},
                                               {"1 yr", int(PricingModel::Reserved1y)},
                                               {"3yr", int(PricingModel::Reserved3y)},
                                               {"3 yr", int(PricingModel::Reserved3y)}};
        static constexpr Spelling kOptions[] = {{"No Upfront", int(PurchaseOption::NoUpfront)},
                                                {"Partial Upfront", int(PurchaseOption::PartialUpfront)},
                                                {"All Upfront", int(PurchaseOption::AllUpfront)}};
        static constexpr Spelling kClasses[] = {{"standard", int(OfferingClass::Standard)},
                                                {"convertible", int(OfferingClass::Convertible)}};
        const auto find = [](const auto &table, QByteArrayView cellText) -> std::optional<int> {
            for (const Spelling &t : table)
                if (cellText == QByteArrayView(t.text))
                    return t.value;
            return std::nullopt;
        };
        const std::optional<int> pricing = find(kLeases, lease), purchase = find(kOptions, option),
                                 klass = find(kClasses, offering);
        if (!pricing)
            return QStringLiteral("LeaseContractLength \"%1\" is neither 1yr nor 3yr").arg(text(lease));
        if (!purchase)
            return QStringLiteral("PurchaseOption \"%1\" is not No, Partial or All Upfront").arg(text(option));
        if (!klass)
            return QStringLiteral("OfferingClass \"%1\" is neither standard nor convertible").arg(text(offering));
        PricePoint price;
        price.pricing = static_cast<PricingModel>(*pricing);
        price.purchase = static_cast<PurchaseOption>(*purchase);
        price.offering = static_cast<OfferingClass>(*klass);

        const Number amount = parseNonNegative(cell(PriceCol));
        if (amount.status != NumberStatus::Ok)
            return numberProblem(QStringLiteral("PricePerUnit"), cell(PriceCol), amount.status);
        const QByteArrayView unit = cell(UnitCol);
        const bool fee = unit == "Quantity";
        if (!fee && unit != "Hrs")
            return QStringLiteral("a reserved price for %1 is per \"%2\", neither hourly (Hrs) nor an Upfront Fee "
                                  "(Quantity)")
                .arg(instance, text(unit));
        // The term's rows share the SKU and the term columns (never its offer-term code, which a file has been
        // seen to mislabel).
        const QByteArray key = cell(SkuCol).toByteArray() + '|' + lease.toByteArray() + '|' + option.toByteArray() +
                               '|' + offering.toByteArray();
        if (fee && price.purchase == PurchaseOption::NoUpfront)
            return QStringLiteral("an Upfront Fee row for a No Upfront term");
        auto at = m_terms.find(key);
        if (at == m_terms.end()) {
            Term term;
            term.line = m_reader.line();
            term.price = price;
            term.price.provider = QStringLiteral("aws");
            term.price.currency = m_currency;
            term.price.instance = instance;
            term.price.region = region;
            term.price.unit = PriceUnit::Hour;
            term.price.observedAt = m_options.observedAt;
            at = m_terms.insert(key, std::move(term));
        }
        Term &term = *at;
        if (fee) {
            if (term.feeLine > 0)
                return QStringLiteral("a second Upfront Fee row for the same term (the first is on line %1)")
                    .arg(term.feeLine);
            if (std::optional<QString> p =
                    // Spread over its term, a fee must be a plausible hourly price: a cent for three years of All
                    // Upfront would price the machine at $0.0000004 an hour.
                rangeProblem(QStringLiteral("Upfront Fee"), amount.value,
                             plausible::kMinHourlyPrice * termHours(price.pricing),
                             maxHourly * termHours(price.pricing), m_currency))
                return p;
            term.feeLine = m_reader.line();
            term.price.upfront = amount.value;
        } else {
            if (term.hasHourly)
                return QStringLiteral("a second hourly row for the same reserved term (line %1)").arg(term.line);
            term.hasHourly = true;
            if (amount.value > 0) {
                if (std::optional<QString> p =
                        rangeProblem(QStringLiteral("PricePerUnit"), amount.value, plausible::kMinHourlyPrice,
                                     maxHourly, perHour))
                    return p;
                term.price.amount = amount.value;
            } else if (price.purchase == PurchaseOption::AllUpfront) {
                term.price.amount = 0.0; // paid in full up front: nothing by the hour, a real price
            }
        }
        // A whole term goes on at once (AWS writes a term's rows together), so only terms still waiting for a row are
        // held: memory does not grow with the file.
        if (term.hasHourly && (price.purchase == PurchaseOption::NoUpfront || term.price.upfront)) {
            if (!term.price.amount)
                ++m_zeroPrices;
            ++m_reservedTerms;
            handOn(std::move(term.price));
            m_terms.erase(at);
        }
        return std::nullopt;
    }

    /// Passes a price on to the sink (or the parsed data), unless the file already has a bad row: a refused file
    /// writes nothing, so it needs no output.
    void handOn(PricePoint &&price)
    {
        if (!m_errors.isEmpty())
            return;
        if (m_sink)
            m_sink->add(std::move(price), m_data);
        else
            m_data.prices.append(std::move(price));
    }

    /// Every term still waiting at the end of the file lacks a row: refused at its first line.
    void finishTerms()
    {
        std::vector<const Term *> open;
        for (const Term &term : std::as_const(m_terms))
            open.push_back(&term);
        std::sort(open.begin(), open.end(), [](const Term *a, const Term *b) { return a->line < b->line; });
        for (const Term *term : open)
            m_errors.add(term->line, !term->hasHourly
                                         ? QStringLiteral("an Upfront Fee row without the hourly row of its term")
                                     : term->price.purchase == PurchaseOption::AllUpfront
                                         ? QStringLiteral("an All Upfront term without its Upfront Fee row")
                                         : QStringLiteral("a Partial Upfront term without its Upfront Fee row"));
        m_terms.clear();
    }

    std::optional<QString> readRow()
    {
        if (!isValidUtf8(m_reader.recordBytes()))
            return QStringLiteral("the row is not valid UTF-8");
        if (cell(InstanceCol).isEmpty() || !kept()) {
            ++m_skipped; // the free-tier row, other products, operating systems, tenancies, Capacity Blocks
            return std::nullopt;
        }
        if (std::optional<QString> p = textProblem(QStringLiteral("Instance Type"), cell(InstanceCol)))
            return p;
        // Any ISO 4217 currency (AWS's China regions publish in CNY); the file's rows keep theirs (model.md §13).
        if (const QByteArrayView currency = cell(CurrencyCol); currency != m_currencyText) {
            const QString code = text(currency.first(std::min<qsizetype>(10, currency.size())));
            if (!isCurrencyCode(code))
                return QStringLiteral("Currency \"%1\" is not a currency code (three capital letters, as USD or CNY)")
                    .arg(code);
            m_currencyText = currency.toByteArray();
            m_currency = code;
            m_perHour.clear(); // its words name the currency
        }

        QString region;
        if (has(RegionCol) && !cell(RegionCol).isEmpty()) {
            if (std::optional<QString> p = textProblem(QStringLiteral("Region Code"), cell(RegionCol)))
                return p;
            region = m_strings.intern(cell(RegionCol));
        } else {
            const QString location = text(cell(LocationCol));
            const std::optional<QString> mapped = awsRegionForLocation(location);
            if (!mapped) {
                m_unknownLocations.insert(location);
                ++m_skipped;
                return std::nullopt;
            }
            region = *mapped;
        }

        const QByteArrayView termType = cell(TermTypeCol);
        if (termType != "OnDemand" && termType != "Reserved")
            return QStringLiteral("TermType \"%1\" is neither OnDemand nor Reserved").arg(text(termType));
        std::optional<double> gpus;
        if (std::optional<QString> p = describeInstance(gpus))
            return p;
        if (m_options.skipCpuOnly && *gpus == 0) {
            ++m_skipped;
            return std::nullopt;
        }
        const QString &instance = m_strings.intern(cell(InstanceCol));
        // Prices are judged per accelerator-hour: a p5.48xlarge's eight GPUs may cost eight times one GPU's bound.
        const double maxHourly = plausible::maxHourlyPrice(*gpus, plausible::currencyScale(m_currency));
        // The unit's words change with the instance's accelerators: made again only when they do, not on every row.
        if (*gpus != m_perHourGpus || m_perHour.isEmpty()) {
            m_perHourGpus = *gpus;
            m_perHour = plausible::perHourUnit(m_currency, *gpus);
        }
        const QString &perHour = m_perHour;
        if (termType == "Reserved")
            return readReserved(instance, region, maxHourly, perHour);
        if (cell(UnitCol) != "Hrs")
            return QStringLiteral("an OnDemand price for %1 is per \"%2\", not per hour (Hrs)")
                .arg(text(cell(InstanceCol)), text(cell(UnitCol)));
        const Number price = parseNonNegative(cell(PriceCol));
        if (price.status != NumberStatus::Ok)
            return numberProblem(QStringLiteral("PricePerUnit"), cell(PriceCol), price.status);
        if (price.value > 0)
            if (std::optional<QString> p =
                    rangeProblem(QStringLiteral("PricePerUnit"), price.value, plausible::kMinHourlyPrice, maxHourly,
                                 perHour))
                return p;

        PricePoint point;
        point.provider = QStringLiteral("aws");
        point.currency = m_currency;
        point.instance = instance;
        point.region = region;
        point.pricing = PricingModel::OnDemand;
        if (price.value > 0)
            point.amount = price.value;
        else
            ++m_zeroPrices;
        point.unit = PriceUnit::Hour;
        point.observedAt = m_options.observedAt;
        handOn(std::move(point));
        return std::nullopt;
    }

    void writeNotes()
    {
        if (m_reservedTerms > 0)
            m_data.notes << countOf(m_reservedTerms, u"reserved term", u"reserved terms") +
                                QStringLiteral(" (1yr/3yr, No/Partial/All Upfront, standard/convertible) recorded with "
                                               "their upfront fees");
        if (m_zeroPrices > 0)
            m_data.notes << QStringLiteral("%1 0.00 by the hour without being paid up front, and %2 recorded as missing")
                                .arg(countOf(m_zeroPrices, u"price was", u"prices were"),
                                     m_zeroPrices == 1 ? u"is" : u"are");
        if (!m_unknownLocations.isEmpty()) {
            QStringList names(m_unknownLocations.cbegin(), m_unknownLocations.cend());
            names.sort();
            m_data.notes << QStringLiteral("rows of locations without a known region code were left out: %1")
                                .arg(names.join(QStringLiteral(", ")));
        }
        if (!m_unknownFamilies.isEmpty()) {
            QStringList names(m_unknownFamilies.cbegin(), m_unknownFamilies.cend());
            names.sort();
            m_data.notes << QStringLiteral("instance families with GPUs that mltco cannot name the GPU of (their "
                                           "instance types are imported without a GPU model): %1")
                                .arg(names.join(QStringLiteral(", ")));
        }
    }

    CsvReader m_reader;
    const ImportOptions &m_options;
    PriceSink *m_sink;
    RowErrors m_errors;
    std::array<int, ColumnCount> m_columns{};
    ImportData m_data;
    StringPool m_strings;
    QHash<QString, double> m_instanceGpus; ///< instance types seen, with their GPU count
    QSet<QString> m_unknownLocations, m_unknownFamilies;
    QByteArray m_currencyText = "USD"; ///< the last row's Currency cell, and the code it read as
    QString m_currency = QStringLiteral("USD");
    QString m_perHour; ///< plausible::perHourUnit() for m_perHourGpus accelerators in m_currency
    double m_perHourGpus = 0;
    QHash<QByteArray, Term> m_terms; ///< reserved terms still waiting for one of their rows
    int m_skipped = 0, m_reservedTerms = 0, m_zeroPrices = 0;
};

} // namespace

Expected<ImportData> parseAwsPriceList(QIODevice &in, const ImportOptions &options, PriceSink *sink)
{
    return AwsPriceListParser(in, options, sink).run();
}

std::optional<QDate> awsPublicationDate(QIODevice &in)
{
    CsvReader reader(in);
    for (std::size_t i = 0; i < kPreamble.size(); ++i) {
        if (reader.next() != CsvReader::Status::Record || reader.fieldCount() < 2 ||
            reader.field(0).trimmed() != QByteArrayView(kPreamble[i]))
            return std::nullopt;
        if (i == 2)
            return publicationDate(reader.field(1).trimmed());
    }
    return std::nullopt;
}

std::optional<QString> awsRegionForLocation(const QString &location)
{
    for (const LocationRegion &l : kLocations)
        if (location == QLatin1String(l.location))
            return QString::fromLatin1(l.region);
    return std::nullopt;
}

QString awsFamilyGpu(const QString &instanceType)
{
    const QString family = instanceType.section(QLatin1Char('.'), 0, 0);
    for (const FamilyGpu &f : kFamilies)
        if (family == QLatin1String(f.family))
            return QString::fromLatin1(f.gpu);
    return {};
}

} // namespace mltco::catalog

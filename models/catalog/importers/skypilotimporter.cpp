#include "models/catalog/importers/skypilotimporter.h"

#include "models/catalog/importers/csvreader.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/catalog/importers/pythonliteral.h"
#include "models/catalog/importers/skypilotnames.h"
#include "models/common/numbertext.h"

#include <QHash>
#include <QSet>
#include <QIODevice>
#include <QVariantMap>

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace mltco::catalog {
namespace {

using namespace import;

enum Column : int {
    InstanceCol,
    AcceleratorCol,
    CountCol,
    VcpusCol,
    MemoryCol,
    PriceCol,
    RegionCol,
    // optional from here on: Lambda has no AvailabilityZone, some clouds no GpuInfo
    GpuInfoCol,
    SpotCol,
    ZoneCol,
    ColumnCount,
};
constexpr int kRequiredColumns = GpuInfoCol;

constexpr std::array<const char *, ColumnCount> kColumnNames{
    "InstanceType", "AcceleratorName", "AcceleratorCount", "vCPUs",     "MemoryGiB",
    "Price",        "Region",          "GpuInfo",          "SpotPrice", "AvailabilityZone",
};

/// What a GpuInfo cell says that matters here.
struct GpuInfo final
{
    QString name;
    QString maker; ///< GpuInfo['Gpus'][0]['Manufacturer']: "NVIDIA", "AMD"
    double memoryMiB = 0;
    QString error; ///< why the cell is not a valid Python literal
};

struct Row final
{
    int line = 0;
    QString instance;
    QString accelerator;
    QString region;
    QString zone;
    double count = 0;
    double vcpus = 0;
    double memoryGb = 0;
    const GpuInfo *info = nullptr;
    std::optional<double> price; ///< nullopt: empty or 0, a missing price
    bool hasSpot = false;        ///< SpotPrice not empty: there is a spot observation
    std::optional<double> spot;

    QString place() const { return zone.isEmpty() ? region : zone; }
};

struct SvHash final
{
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

QString countText(double count)
{
    return QString::number(count, 'g', 10);
}

QString gpuRowKey(const QString &accelerator, double count, const QString &place)
{
    return accelerator.toLower() % QLatin1Char('|') % countText(count) % QLatin1Char('|') % place;
}

class SkyPilotParser final
{
public:
    SkyPilotParser(QIODevice &in, const ImportOptions &options, PriceSink *sink)
        : m_reader(in), m_options(options), m_errors(options.fileName), m_sink(sink),
          m_gcp(options.provider.trimmed().compare(QLatin1String("gcp"), Qt::CaseInsensitive) == 0)
    {
        m_columns.fill(-1);
    }

    Expected<ImportData> run();

private:
    std::optional<Error> readHeader();
    std::optional<QString> readRow();
    const GpuInfo &gpuInfo(QByteArrayView cell);
    void build();
    void addInstance(const QString &name, const QString &gpu, double count, const Row &row);
    void addPrice(const Row &row, const QString &instance, PricingModel pricing, std::optional<double> amount);

    QByteArrayView cell(Column column) const
    {
        const int index = m_columns[column];
        return index < 0 ? QByteArrayView() : m_reader.field(index).trimmed();
    }

    CsvReader m_reader;
    const ImportOptions &m_options;
    RowErrors m_errors;
    PriceSink *m_sink = nullptr;
    const bool m_gcp; // Google Cloud's catalog: bundled VMs price their GPUs on rows of their own
    ImportData m_data;
    std::array<int, ColumnCount> m_columns{};
    qsizetype m_headerSize = 0;
    QStringList m_ignoredColumns;
    StringPool m_strings;
    std::unordered_map<std::string, GpuInfo, SvHash, std::equal_to<>> m_gpuInfos;
    std::vector<Row> m_rows;
    QHash<QString, qsizetype> m_instanceIndex;
    QSet<QString> m_describedGpus; ///< the GPUs m_data.gpus describes
    int m_missingPrices = 0;
    int m_noSpot = 0;
    int m_cpuOnlyUnread = 0; // --gpu-only: CPU-only rows left before their numbers were read
};

Expected<ImportData> SkyPilotParser::run()
{
    m_data.format = QStringLiteral("skypilot");
    const QString file = displayFileName(m_options.fileName);
    if (m_options.provider.trimmed().isEmpty())
        return Error{QStringLiteral("%1 was not imported: say which cloud the SkyPilot catalog lists "
                                    "(aws, gcp, lambda, ...).")
                         .arg(file),
                     {}};
    if (!m_options.observedAt.isValid())
        return Error{QStringLiteral("%1 was not imported: give the date its prices were observed (a SkyPilot "
                                    "catalog carries no dates).")
                         .arg(file),
                     {}};
    if (auto error = readHeader())
        return *error;

    if (auto error = readRecords(m_reader, m_options.fileName, m_errors, m_data.rowsRead, [this] { return readRow(); }))
        return *error;
    if (!m_errors.isEmpty())
        return m_errors.toError();
    build();
    return std::move(m_data);
}

std::optional<Error> SkyPilotParser::readHeader()
{
    const QString &file = m_options.fileName;
    if (auto error = readHeaderRecord(m_reader, file, QStringLiteral("a SkyPilot vms.csv starts with a header line")))
        return error;
    const int line = m_reader.line();
    m_headerSize = m_reader.fieldCount();
    bool looksGeneric = false;
    for (qsizetype i = 0; i < m_headerSize; ++i) {
        const QString name = text(m_reader.field(i));
        int column = -1;
        for (int c = 0; c < ColumnCount; ++c)
            if (name.compare(QLatin1String(kColumnNames[c]), Qt::CaseInsensitive) == 0)
                column = c;
        if (column < 0) {
            looksGeneric = looksGeneric || name.compare(u"instance_type", Qt::CaseInsensitive) == 0;
            if (!name.isEmpty() && name != u"Arch") // Arch (v8 AWS) is known and not needed
                m_ignoredColumns << name;
            continue;
        }
        if (auto error = placeColumn(m_columns, column, i, name, file, line))
            return error;
    }
    const QStringList missing = missingColumns(m_columns, kColumnNames, kRequiredColumns);
    if (missing.isEmpty())
        return std::nullopt;
    if (looksGeneric)
        return fileError(file, line,
                         QStringLiteral("this is not a SkyPilot vms.csv (it looks like a generic "
                                        "price CSV: import it as one)"));
    if (missing.size() == kRequiredColumns)
        return fileError(file, line,
                         QStringLiteral("missing header: the first line must name the SkyPilot "
                                        "columns (InstanceType, AcceleratorName, ...)"));
    return fileError(file, line,
                     missing.size() == 1
                         ? QStringLiteral("missing required column %1").arg(missing.first())
                         : QStringLiteral("missing required columns %1").arg(missing.join(QStringLiteral(", "))));
}

const GpuInfo &SkyPilotParser::gpuInfo(QByteArrayView cell)
{
    const std::string_view key(cell.data(), static_cast<std::size_t>(cell.size()));
    if (auto it = m_gpuInfos.find(key); it != m_gpuInfos.end())
        return it->second; // a catalog repeats the same few GpuInfo cells on thousands of rows
    GpuInfo info;
    const QString source = QString::fromUtf8(cell);
    const QChar first = source.isEmpty() ? QChar() : source.front();
    if (first == u'{' || first == u'[' || first == u'(') {
        const auto parsed = parsePythonLiteral(source);
        if (!parsed) {
            info.error = parsed.error().message;
        } else {
            const QVariantList gpus = parsed->toMap().value(QStringLiteral("Gpus")).toList();
            if (!gpus.isEmpty()) {
                const QVariantMap gpu = gpus.first().toMap();
                info.name = gpu.value(QStringLiteral("Name")).toString();
                info.maker = gpu.value(QStringLiteral("Manufacturer")).toString().trimmed();
                info.memoryMiB =
                    gpu.value(QStringLiteral("MemoryInfo")).toMap().value(QStringLiteral("SizeInMiB")).toDouble();
            }
        }
    }
    // Anything else is a bare name: GCP writes the accelerator name for TPUs and unknown GPUs.
    return m_gpuInfos.emplace(std::string(key), std::move(info)).first->second;
}

std::optional<QString> SkyPilotParser::readRow()
{
    if (m_reader.fieldCount() != m_headerSize)
        return QStringLiteral("wrong column count: expected %1 fields as in the header, found %2")
            .arg(m_headerSize)
            .arg(m_reader.fieldCount());
    if (!isValidUtf8(m_reader.recordBytes()))
        return QStringLiteral("invalid UTF-8");

    Row row;
    row.line = m_reader.line();
    for (const Column c : {InstanceCol, AcceleratorCol, RegionCol, ZoneCol}) {
        if (auto problem = textProblem(QString::fromLatin1(kColumnNames[c]), cell(c)))
            return problem;
    }
    row.instance = m_strings.intern(cell(InstanceCol));
    row.accelerator = m_strings.intern(cell(AcceleratorCol));
    if (row.instance.isEmpty() && row.accelerator.isEmpty())
        return QStringLiteral("missing required field InstanceType (a row without one must name its "
                              "AcceleratorName)");
    row.region = m_strings.intern(cell(RegionCol));
    if (row.region.isEmpty())
        return QStringLiteral("missing required field Region");
    row.zone = m_strings.intern(cell(ZoneCol));
    // --gpu-only: a row with neither a GPU nor a TPU is left before any of its numbers is judged (a GCP host row
    // of a bundled VM is a GPU machine: its GPUs are priced on rows of their own).
    if (m_options.skipCpuOnly && row.accelerator.isEmpty() && !(m_gcp && skypilot::gcpBundle(row.instance))) {
        ++m_cpuOnlyUnread;
        return std::nullopt;
    }

    if (!row.accelerator.isEmpty()) {
        const Number count = parseNonNegative(cell(CountCol));
        if (count.status != NumberStatus::Ok)
            return numberProblem(QStringLiteral("AcceleratorCount"), cell(CountCol), count.status);
        if (count.value <= 0)
            return QStringLiteral("AcceleratorCount must be more than 0 for %1").arg(row.accelerator);
        if (auto problem = rangeProblem(QStringLiteral("AcceleratorCount"), count.value, 0, plausible::kMaxGpuCount,
                                        QStringLiteral("GPUs")))
            return problem;
        row.count = count.value; // may be fractional: a share of one GPU
    }
    for (const auto &[column, target] : {std::pair{VcpusCol, &row.vcpus}, std::pair{MemoryCol, &row.memoryGb}}) {
        const Number number = parseNonNegative(cell(column));
        if (number.status != NumberStatus::Ok && number.status != NumberStatus::Empty)
            return numberProblem(QString::fromLatin1(kColumnNames[column]), cell(column), number.status);
        *target = number.value; // empty on GCP GPU rows: a GPU brings no vCPUs of its own
        if (auto problem = rangeProblem(QString::fromLatin1(kColumnNames[column]), number.value, 0,
                                        column == VcpusCol ? plausible::kMaxVcpus : plausible::kMaxMemoryGb,
                                        column == VcpusCol ? QStringLiteral("vCPUs") : QStringLiteral("GiB")))
            return problem;
    }

    // A price is judged by what one accelerator-hour costs (docs/import-formats.md, "Plausible values"): a TPU pod
    // of 12,032 TensorCores at $25,267.20 an hour is $2.10 per core-hour, a 16-GPU node its total over 16.
    const double accelerators =
        skypilot::isTpu(row.accelerator) ? skypilot::tpuAccelerators(row.accelerator) : std::max(1.0, row.count);
    const double maxPrice = plausible::maxHourlyPrice(accelerators);
    const QString perHour = plausible::perHourUnit(QStringLiteral("USD"), accelerators);
    const Number price = parseNonNegative(cell(PriceCol));
    if (price.status != NumberStatus::Ok && price.status != NumberStatus::Empty)
        return numberProblem(QStringLiteral("Price"), cell(PriceCol), price.status);
    if (price.status == NumberStatus::Ok && price.value > 0)
        row.price = price.value;
    if (row.price) {
        if (auto problem =
                rangeProblem(QStringLiteral("Price"), *row.price, plausible::kMinHourlyPrice, maxPrice, perHour))
            return problem;
    }

    const Number spot = parseNonNegative(cell(SpotCol));
    if (spot.status != NumberStatus::Ok && spot.status != NumberStatus::Empty)
        return numberProblem(QStringLiteral("SpotPrice"), cell(SpotCol), spot.status);
    row.hasSpot = spot.status == NumberStatus::Ok;
    if (row.hasSpot && spot.value > 0)
        row.spot = spot.value;
    if (row.spot) {
        if (auto problem =
                rangeProblem(QStringLiteral("SpotPrice"), *row.spot, plausible::kMinHourlyPrice, maxPrice, perHour))
            return problem;
    }

    if (const QByteArrayView info = cell(GpuInfoCol); !info.isEmpty()) {
        row.info = &gpuInfo(info);
        if (!row.info->error.isEmpty())
            return QStringLiteral("GpuInfo is not a valid Python literal (%1)").arg(row.info->error);
    }
    if (m_errors.isEmpty())
        m_rows.push_back(std::move(row)); // a rejected file needs no rows
    return std::nullopt;
}

void SkyPilotParser::addInstance(const QString &name, const QString &gpu, double count, const Row &row)
{
    if (m_instanceIndex.contains(name))
        return; // the first row of an instance type describes it; later rows only add prices
    InstanceType instance;
    instance.provider = m_data.providers.first().name;
    instance.name = name;
    instance.gpu = gpu;
    instance.gpuCount = gpu.isEmpty() ? 0 : count;
    instance.vcpus = row.vcpus;
    instance.memoryGb = row.memoryGb;
    m_instanceIndex.insert(name, m_data.instances.size());
    m_data.instances.append(instance);
    // What GpuInfo says of the GPU (its maker, its memory per GPU), for a GPU the catalog does not have yet.
    if (!gpu.isEmpty() && row.info && (!row.info->maker.isEmpty() || row.info->memoryMiB > 0) &&
        !m_describedGpus.contains(gpu)) {
        m_describedGpus.insert(gpu);
        Gpu described;
        described.name = gpu;
        described.vendor = row.info->maker;
        described.memoryGb = row.info->memoryMiB / 1024.0;
        m_data.gpus.append(described);
    }
}

void SkyPilotParser::addPrice(const Row &row, const QString &instance, PricingModel pricing,
                              std::optional<double> amount)
{
    PricePoint point;
    point.provider = m_data.providers.first().name;
    point.instance = instance;
    point.region = row.region;
    point.zone = row.zone;
    point.pricing = pricing;
    point.amount = amount;
    point.unit = PriceUnit::Hour;
    point.observedAt = m_options.observedAt;
    if (!amount)
        ++m_missingPrices;
    if (m_sink)
        m_sink->add(std::move(point), m_data);
    else
        m_data.prices.append(std::move(point));
}

void SkyPilotParser::build()
{
    const QString key = m_options.provider.trimmed().toLower();
    m_data.providers.append(providerInfo(key).provider);
    const bool gcp = m_gcp;

    // GCP prices the GPUs of bundled VMs in GPU rows of their own near the end of the file.
    QHash<QString, const Row *> gpuRows;
    if (gcp) {
        for (const Row &row : m_rows)
            if (row.instance.isEmpty() && skypilot::isGcpBundledAccelerator(row.accelerator)) {
                const QString rowKey = gpuRowKey(row.accelerator, row.count, row.place());
                if (!gpuRows.contains(rowKey)) // the first of repeated rows counts
                    gpuRows.insert(rowKey, &row);
            }
    }

    int cpuSkipped = 0;
    int tpuSkipped = 0;
    int gpuRowsFolded = 0;
    int offerings = 0;
    int bundlesWithoutGpuPrice = 0;
    int bundleSpotDropped = 0;
    for (const Row &row : m_rows) {
        const skypilot::GpuHints hints{row.info ? row.info->name : QString(), row.info ? row.info->memoryMiB : 0,
                                       row.instance};
        if (row.instance.isEmpty()) {
            if (skypilot::isTpu(row.accelerator)) {
                ++tpuSkipped;
                continue;
            }
            if (gcp && skypilot::isGcpBundledAccelerator(row.accelerator)) {
                ++gpuRowsFolded;
                continue;
            }
            // A GPU that attaches to a host VM: an offering a scenario adds to a host.
            const QString name = QStringLiteral("gpu:%1 x%2").arg(row.accelerator, countText(row.count));
            if (!m_instanceIndex.contains(name))
                ++offerings;
            addInstance(name, skypilot::catalogGpuName(row.accelerator, hints), row.count, row);
            addPrice(row, name, PricingModel::OnDemand, row.price);
            if (row.hasSpot)
                addPrice(row, name, PricingModel::Spot, row.spot);
            else
                ++m_noSpot;
            continue;
        }

        const auto bundle = gcp && row.accelerator.isEmpty() ? skypilot::gcpBundle(row.instance) : std::nullopt;
        QString gpu;
        double count = row.count;
        if (!row.accelerator.isEmpty()) {
            gpu = skypilot::catalogGpuName(row.accelerator, hints);
        } else if (bundle) {
            gpu = skypilot::catalogGpuName(bundle->accelerator, hints);
            count = bundle->count;
        } else if (m_options.skipCpuOnly) {
            ++cpuSkipped;
            continue;
        }
        addInstance(row.instance, gpu, count, row);

        if (!bundle) {
            addPrice(row, row.instance, PricingModel::OnDemand, row.price);
            if (row.hasSpot)
                addPrice(row, row.instance, PricingModel::Spot, row.spot);
            else
                ++m_noSpot;
            continue;
        }
        // A bundled VM costs its host plus its GPUs in the same zone; without both it is missing.
        const Row *gpuRow = gpuRows.value(gpuRowKey(bundle->accelerator, bundle->count, row.place()));
        if (!gpuRow)
            ++bundlesWithoutGpuPrice;
        const bool priced = gpuRow && row.price && gpuRow->price;
        addPrice(row, row.instance, PricingModel::OnDemand,
                 priced ? std::optional(*row.price + *gpuRow->price) : std::nullopt);
        if (!row.hasSpot) {
            ++m_noSpot;
        } else if (gpuRow && gpuRow->hasSpot) {
            const bool spotPriced = row.spot && gpuRow->spot;
            addPrice(row, row.instance, PricingModel::Spot,
                     spotPriced ? std::optional(*row.spot + *gpuRow->spot) : std::nullopt);
        } else {
            ++bundleSpotDropped;
        }
    }
    cpuSkipped += m_cpuOnlyUnread;
    m_data.rowsSkipped = cpuSkipped + tpuSkipped;

    QStringList &notes = m_data.notes;
    if (m_noSpot > 0)
        notes << QStringLiteral("%1 no spot price (SpotPrice empty): no spot observation was recorded for %2.")
                     .arg(countOf(m_noSpot, u"row has", u"rows have"), m_noSpot == 1 ? u"it" : u"them");
    if (m_missingPrices > 0)
        notes << QStringLiteral("%1 missing (empty or 0); %2 kept as missing, never as free.")
                     .arg(countOf(m_missingPrices, u"price observation is", u"price observations are"),
                          m_missingPrices == 1 ? u"it is" : u"they are");
    if (cpuSkipped > 0)
        notes << QStringLiteral("%1 left out.").arg(countOf(cpuSkipped, u"CPU-only row was", u"CPU-only rows were"));
    if (tpuSkipped > 0)
        notes << QStringLiteral("%1 left out (mltco plans GPUs).").arg(countOf(tpuSkipped, u"TPU row was", u"TPU rows were"));
    if (gpuRowsFolded > 0)
        notes << QStringLiteral("%1 the GPUs of bundled VMs (a2, a3, a4, g2): each such VM's price is its host row "
                                "plus the GPU row of the same zone.")
                     .arg(countOf(gpuRowsFolded, u"GCP GPU row priced", u"GCP GPU rows priced"));
    if (bundlesWithoutGpuPrice > 0)
        notes << (bundlesWithoutGpuPrice == 1
                      ? QStringLiteral("1 bundled GCP VM row has no GPU row in its zone; its prices are missing.")
                      : QStringLiteral("%1 no GPU row in their zone; their prices are missing.")
                            .arg(countOf(bundlesWithoutGpuPrice, u"", u"bundled GCP VM rows have")));
    if (bundleSpotDropped > 0)
        notes << (bundleSpotDropped == 1
                      ? QStringLiteral("1 bundled GCP VM row has a spot host price but no spot GPU price in its zone; "
                                       "no spot observation was recorded for it.")
                      : QStringLiteral("%1 a spot host price but no spot GPU price in their zone; no spot "
                                       "observation was recorded for them.")
                            .arg(countOf(bundleSpotDropped, u"", u"bundled GCP VM rows have")));
    if (offerings > 0)
        notes << QStringLiteral("%1 added; a scenario adds one to a host.")
                     .arg(countOf(offerings, u"GPU offering that attaches to a host VM (named \"gpu:<GPU> x<count>\") was",
                                  u"GPU offerings that attach to a host VM (named \"gpu:<GPU> x<count>\") were"));
    if (!m_ignoredColumns.isEmpty())
        notes << QStringLiteral("Columns mltco does not use were ignored: %1.")
                     .arg(m_ignoredColumns.join(QStringLiteral(", ")));
}

} // namespace

Expected<ImportData> parseSkyPilotCsv(QIODevice &in, const ImportOptions &options, PriceSink *sink)
{
    return SkyPilotParser(in, options, sink).run();
}

} // namespace mltco::catalog

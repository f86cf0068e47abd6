#include "models/catalog/importers/skypilotnames.h"

#include <array>

namespace mltco::catalog::skypilot {
namespace {

/// How a GPU row's other columns refine the name, for names SkyPilot uses for several products.
enum class Variant {
    None,
    A100Memory, ///< 80 GB when GpuInfo says at least 70 GiB per GPU
    V100Memory, ///< 32 GB when GpuInfo says at least 30 GiB per GPU
    H100Form,   ///< PCIe / NVL when the instance type or GpuInfo says so (or >= 90 GiB): else SXM
};

struct GpuName final
{
    const char *skypilot; ///< matched ignoring case
    const char *catalog;
    Variant variant;
};

// The one table of SkyPilot -> catalog GPU names (docs/import-formats.md, "GPU names"). It maps onto
// the names the seed catalog uses ("<model> [form] <memory>GB"), so imported instance types share the
// seed's GPU rows and their speedups; names not listed are kept as SkyPilot writes them.
// SkyPilot's bare "A100" is the 40 GB part (GCP a2-highgpu, AWS p4d, Lambda gpu_*_a100) and its bare
// "H100" the SXM part (GCP a3, AWS p5); Lambda spells its PCIe cards in the instance type.
constexpr std::array<GpuName, 17> kGpuNames{{
    {"A100", "A100 40GB", Variant::A100Memory},
    {"A100-40GB", "A100 40GB", Variant::None},
    {"A100-80GB", "A100 80GB", Variant::None},
    {"A100-80GB-SXM", "A100 80GB", Variant::None},
    {"H100", "H100 SXM 80GB", Variant::H100Form},
    {"H100-SXM", "H100 SXM 80GB", Variant::None},
    {"H100-MEGA", "H100 SXM 80GB", Variant::None},
    {"H100-PCIE", "H100 PCIe 80GB", Variant::None},
    {"H100-NVL", "H100 NVL 94GB", Variant::None},
    {"V100", "V100 16GB", Variant::V100Memory},
    {"V100-32GB", "V100 32GB", Variant::None},
    {"RTX6000", "Quadro RTX 6000 24GB", Variant::None},
    {"T4", "T4 16GB", Variant::None},
    {"K80", "K80 12GB", Variant::None},
    {"L4", "L4 24GB", Variant::None},
    {"A10G", "A10G 24GB", Variant::None},
    {"P100", "P100 16GB", Variant::None},
}};

constexpr double kMiBPerGiB = 1024.0;

bool mentions(const GpuHints &hints, QLatin1String word)
{
    return hints.instanceType.contains(word, Qt::CaseInsensitive) || hints.infoName.contains(word, Qt::CaseInsensitive);
}

QString refine(const GpuName &entry, const GpuHints &hints)
{
    const double gib = hints.memoryMiB / kMiBPerGiB;
    switch (entry.variant) {
    case Variant::A100Memory:
        return gib >= 70 ? QStringLiteral("A100 80GB") : QString::fromLatin1(entry.catalog);
    case Variant::V100Memory:
        return gib >= 30 ? QStringLiteral("V100 32GB") : QString::fromLatin1(entry.catalog);
    case Variant::H100Form:
        if (mentions(hints, QLatin1String("pcie")))
            return QStringLiteral("H100 PCIe 80GB");
        if (mentions(hints, QLatin1String("nvl")) || gib >= 90)
            return QStringLiteral("H100 NVL 94GB");
        return QString::fromLatin1(entry.catalog);
    case Variant::None:
        break;
    }
    return QString::fromLatin1(entry.catalog);
}

struct BundleFamily final
{
    const char *prefix;      ///< machine type prefix, followed by "<N>g" (the GPU count)
    const char *accelerator; ///< as GCP's GPU rows name it
};

// GCP machine types with built-in GPUs (SkyPilot's gcp_catalog.py, _ACC_INSTANCE_TYPE_DICTS, plus
// a3-edgegpu). Their rows price the VM without its GPUs; the GPU rows at the end of the file price
// the GPUs per zone, and a bundled VM costs both.
constexpr std::array<BundleFamily, 8> kBundles{{
    {"a2-highgpu-", "A100"},
    {"a2-megagpu-", "A100"},
    {"a2-ultragpu-", "A100-80GB"},
    {"a3-highgpu-", "H100"},
    {"a3-edgegpu-", "H100"},
    {"a3-megagpu-", "H100-MEGA"},
    {"a3-ultragpu-", "H200"},
    {"a4-highgpu-", "B200"},
}};

// g2-standard-<vCPUs> carries L4 GPUs by size rather than by a "<N>g" suffix.
constexpr std::array<std::pair<int, int>, 8> kG2L4Count{{
    {4, 1},
    {8, 1},
    {12, 1},
    {16, 1},
    {32, 1},
    {24, 2},
    {48, 4},
    {96, 8},
}};

constexpr std::array<const char *, 7> kBundledAccelerators{
    "A100", "A100-80GB", "H100", "H100-MEGA", "H200", "B200", "L4",
};

} // namespace

QString catalogGpuName(const QString &acceleratorName, const GpuHints &hints)
{
    QString name = acceleratorName.trimmed();
    for (const auto &entry : kGpuNames)
        if (name.compare(QLatin1String(entry.skypilot), Qt::CaseInsensitive) == 0)
            return refine(entry, hints);
    return name;
}

std::optional<GcpBundle> gcpBundle(const QString &machineType)
{
    for (const auto &family : kBundles) {
        const QLatin1String prefix(family.prefix);
        if (!machineType.startsWith(prefix))
            continue;
        // "<N>g", optionally followed by a variant such as "-nolssd".
        const QStringView rest = QStringView(machineType).mid(prefix.size());
        qsizetype digits = 0;
        while (digits < rest.size() && rest[digits].isDigit())
            ++digits;
        if (digits == 0 || digits >= rest.size() || rest[digits] != u'g')
            return std::nullopt;
        if (digits + 1 < rest.size() && rest[digits + 1] != u'-')
            return std::nullopt;
        return GcpBundle{QString::fromLatin1(family.accelerator), rest.left(digits).toDouble()};
    }
    const QLatin1String g2("g2-standard-");
    if (machineType.startsWith(g2)) {
        bool ok = false;
        const int vcpus = QStringView(machineType).mid(g2.size()).toInt(&ok);
        for (const auto &[size, gpus] : kG2L4Count)
            if (ok && size == vcpus)
                return GcpBundle{QStringLiteral("L4"), double(gpus)};
    }
    return std::nullopt;
}

bool isGcpBundledAccelerator(const QString &acceleratorName)
{
    for (const char *name : kBundledAccelerators)
        if (acceleratorName.compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

bool isTpu(const QString &acceleratorName)
{
    return acceleratorName.startsWith(QLatin1String("tpu-"), Qt::CaseInsensitive);
}

double tpuAccelerators(const QString &acceleratorName)
{
    bool ok = false;
    const double count = acceleratorName.section(QLatin1Char('-'), -1).toDouble(&ok);
    return ok && count >= 1 && count <= 1e6 ? count : 1.0;
}

} // namespace mltco::catalog::skypilot

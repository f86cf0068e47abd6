#include "models/catalog/gputable.h"

#include "models/catalog/seedcatalog.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace mltco::catalog {

namespace {

QString lookupKey(const QString &name)
{
    return name.simplified().toCaseFolded();
}

struct Table final
{
    QList<Gpu> gpus;
    QHash<QString, qsizetype> byName; ///< lookupKey(name or alias) -> index in gpus
};

Table loadTable()
{
    Table table;
    QFile file(QString::fromLatin1(kSeedCatalogResource));
    if (!file.open(QIODevice::ReadOnly))
        return table; // a build without the resource: every GPU is unknown, which callers report
    const QJsonArray gpus = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("gpus")).toArray();
    for (const QJsonValue &value : gpus) {
        const QJsonObject o = value.toObject();
        Gpu gpu;
        gpu.name = o.value(QLatin1String("name")).toString();
        gpu.vendor = o.value(QLatin1String("vendor")).toString();
        gpu.architecture = o.value(QLatin1String("architecture")).toString();
        gpu.year = o.value(QLatin1String("year")).toInt();
        gpu.memoryGb = o.value(QLatin1String("memory_gb")).toDouble();
        gpu.tdpW = o.value(QLatin1String("tdp_w")).toDouble();
        if (o.value(QLatin1String("speedup")).isDouble())
            gpu.speedup = o.value(QLatin1String("speedup")).toDouble();
        gpu.source = o.value(QLatin1String("source")).toString();
        for (const QJsonValue &f : o.value(QLatin1String("throughput")).toArray()) {
            const QJsonObject t = f.toObject();
            gpu.throughput << ThroughputFigure{t.value(QLatin1String("metric")).toString(),
                                               t.value(QLatin1String("tflops")).toDouble(),
                                               t.value(QLatin1String("gpu_count")).toInt(1),
                                               t.value(QLatin1String("source")).toString()};
        }
        const qsizetype index = table.gpus.size();
        table.byName.insert(lookupKey(gpu.name), index);
        for (const QJsonValue &alias : o.value(QLatin1String("aliases")).toArray())
            table.byName.insert(lookupKey(alias.toString()), index);
        table.gpus << gpu;
    }
    return table;
}

const Table &table()
{
    static const Table instance = loadTable(); // thread-safe initialisation
    return instance;
}

// The per-GPU figure an estimate uses: dense FP16 tensor, else dense BF16.
const ThroughputFigure *sixteenBitFigure(const Gpu &gpu)
{
    const ThroughputFigure *bf16 = nullptr;
    for (const ThroughputFigure &f : gpu.throughput) {
        if (f.gpuCount != 1 || f.tflops <= 0.0)
            continue;
        if (f.metric == QLatin1String("fp16_tensor_dense"))
            return &f;
        if (f.metric == QLatin1String("bf16_dense") && !bf16)
            bf16 = &f;
    }
    return bf16;
}

} // namespace

std::optional<double> estimatedSpeedup(const Gpu &gpu)
{
    const ThroughputFigure *f = sixteenBitFigure(gpu);
    return f ? std::optional<double>(f->tflops / kReferenceTensorTflops) : std::nullopt;
}

QString estimateBasis(const Gpu &gpu)
{
    const ThroughputFigure *f = sixteenBitFigure(gpu);
    if (!f)
        return {};
    return QStringLiteral("%1 dense %2 TFLOPS / %3 (%4)")
        .arg(QString::number(f->tflops, 'g', 6),
             f->metric == QLatin1String("bf16_dense") ? QStringLiteral("BF16") : QStringLiteral("FP16"),
             QString::number(kReferenceTensorTflops, 'g', 6), f->source);
}

QString GpuTable::canonicalName(const QString &name)
{
    const auto it = table().byName.constFind(lookupKey(name));
    return it == table().byName.cend() ? name : table().gpus.at(*it).name;
}

std::optional<Gpu> GpuTable::find(const QString &name)
{
    const auto it = table().byName.constFind(lookupKey(name));
    if (it == table().byName.cend())
        return std::nullopt;
    return table().gpus.at(*it);
}

} // namespace mltco::catalog

#pragma once
// Generated inputs the benchmarks share with tests/bench/make_big_document: the same bytes on every run.

#include <QByteArray>
#include <QDate>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <array>

namespace mltco::bench {

/// A price history like a real one: a few providers, a few hundred instance types, regions and
/// zones repeating, on-demand and spot rows, prices with cents and some missing, dates in blocks.
inline bool writePriceCsv(const QString &path, qint64 rows)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    constexpr std::array providers{"aws", "gcp", "azure", "lambda", "coreweave"};
    constexpr std::array gpus{"V100 16GB", "A100 40GB", "A100 80GB", "H100 SXM 80GB", "L4 24GB", "T4 16GB"};
    constexpr std::array counts{1, 2, 4, 8};
    QByteArray buffer;
    buffer.reserve(1 << 20);
    buffer += "provider,instance_type,region,zone,pricing_model,price,observed_at,gpu,gpu_count\n";
    const QDate first(2024, 1, 1);
    quint32 state = 12345; // a fixed sequence, so every run imports the same file
    for (qint64 i = 0; i < rows; ++i) {
        state = state * 1664525u + 1013904223u;
        const int provider = int(i % qint64(providers.size()));
        const int type = int((i / 7) % 40);
        const int gpu = type % int(gpus.size());
        const int count = counts[std::size_t(type / int(gpus.size())) % counts.size()];
        const int region = int((i / 3) % 20);
        const char zone = char('a' + (i % 3));
        const bool spot = (i % 2) == 1;
        const int cents = spot && state % 50 == 0 ? 0 : int(50 + state % 4000) * count; // 2 % of spot missing
        const QDate date = first.addDays(int(i * 365 / rows));
        buffer += providers[std::size_t(provider)];
        buffer += ',';
        buffer += providers[std::size_t(provider)];
        buffer += "-gpu-" + QByteArray::number(count) + "x-" + QByteArray::number(type);
        buffer += ",region-" + QByteArray::number(region);
        buffer += ",region-" + QByteArray::number(region) + '-' + zone;
        buffer += spot ? ",spot," : ",on_demand,";
        buffer += QByteArray::number(cents / 100) + '.' + QByteArray::number(cents % 100).rightJustified(2, '0');
        buffer += ',' + date.toString(Qt::ISODate).toLatin1();
        buffer += ',' + QByteArray(gpus[std::size_t(gpu)]) + ',' + QByteArray::number(count) + '\n';
        if (buffer.size() > (1 << 20) - 256) {
            file.write(buffer);
            buffer.clear();
        }
    }
    file.write(buffer);
    return file.error() == QFile::NoError;
}

/// A plan of `scenarios` scenarios over `months` months, every kind in turn (dedicated boxes, a rented node pool
/// that grows with demand, elastic preemptible GPUs, servers bought to demand with power and MACRS, and a hybrid of
/// the last purchase and elastic), each with its own prices, so no two rows of output are alike. Demand grows 30 %
/// a year with a second team in month 13; 21 % tax. Every value the engine needs is stated (no catalog).
inline QByteArray bigPlan(int scenarios, int months)
{
    QJsonArray list;
    QString lastPurchase, lastElastic;
    for (int i = 0; i < scenarios; ++i) {
        const double vary = 1.0 + (i % 97) / 200.0; // prices spread over +-25 %
        const QString name = QStringLiteral("Scenario %1").arg(i + 1);
        QJsonObject s{{QStringLiteral("name"), name}};
        switch (i % 5) {
        case 0:
            s.insert(QStringLiteral("kind"), QStringLiteral("dedicated"));
            s.insert(QStringLiteral("rate_per_hour"), 12.24 * vary);
            s.insert(QStringLiteral("gpus_per_instance"), 4);
            s.insert(QStringLiteral("speedup"), 1.0);
            s.insert(QStringLiteral("boxes"), 4 + i % 9);
            s.insert(QStringLiteral("hours_on"), 730);
            s.insert(QStringLiteral("commit_fraction"), 0.5);
            s.insert(QStringLiteral("commit_discount"), 0.4);
            s.insert(QStringLiteral("commit_term_months"), 12);
            s.insert(QStringLiteral("commit_upfront_fraction"), 0.5);
            break;
        case 1:
            s.insert(QStringLiteral("kind"), QStringLiteral("cluster"));
            s.insert(QStringLiteral("rate_per_hour"), 6.0 * vary);
            s.insert(QStringLiteral("gpus_per_instance"), 4);
            s.insert(QStringLiteral("speedup"), 1.2);
            s.insert(QStringLiteral("nodes"), 2 + i % 5);
            s.insert(QStringLiteral("expansion"), QStringLiteral("to_demand"));
            s.insert(QStringLiteral("ops_fte"), 0.5);
            break;
        case 2:
            s.insert(QStringLiteral("kind"), QStringLiteral("elastic"));
            s.insert(QStringLiteral("rate_per_hour"), 8.8 * vary);
            s.insert(QStringLiteral("gpus_per_instance"), 8);
            s.insert(QStringLiteral("speedup"), 2.5);
            s.insert(QStringLiteral("preemptions_per_job"), 0.5);
            lastElastic = name;
            break;
        case 3:
            s.insert(QStringLiteral("kind"), QStringLiteral("purchase"));
            s.insert(QStringLiteral("servers"), 1 + i % 3);
            s.insert(QStringLiteral("gpus_per_server"), 8);
            s.insert(QStringLiteral("server_price"), 150000 * vary);
            s.insert(QStringLiteral("speedup"), 2.5);
            s.insert(QStringLiteral("expansion"), QStringLiteral("to_demand"));
            s.insert(QStringLiteral("power_kw_per_server"), 6.5);
            s.insert(QStringLiteral("electricity_per_kwh"), 0.15 * vary);
            s.insert(QStringLiteral("depreciation"), QStringLiteral("macrs_5"));
            lastPurchase = name;
            break;
        default:
            s.insert(QStringLiteral("kind"), QStringLiteral("hybrid"));
            s.insert(QStringLiteral("base"), lastPurchase);
            s.insert(QStringLiteral("burst"), lastElastic);
            s.insert(QStringLiteral("base_max_utilization"), 0.8);
            break;
        }
        list.append(s);
    }
    const QJsonObject workload{
        {QStringLiteral("engineers"), 8},
        {QStringLiteral("demand_gpu_hours"), 11680},
        {QStringLiteral("job_gpu_hours"), 24},
        {QStringLiteral("horizon_months"), months},
        {QStringLiteral("discount_rate"), 0.08},
        {QStringLiteral("cloud_price_trend"), -0.1},
        {QStringLiteral("demand_growth"), 0.3},
        {QStringLiteral("demand_steps"), QJsonArray{QJsonArray{13, 17520}}},
        {QStringLiteral("tax_rate"), 0.21},
    };
    const QJsonObject plan{
        {QStringLiteral("name"), QStringLiteral("Benchmark: %1 scenarios over %2 months").arg(scenarios).arg(months)},
        {QStringLiteral("version"), 2},
        {QStringLiteral("workload"), workload},
        {QStringLiteral("scenarios"), list},
    };
    return QJsonDocument(plan).toJson(QJsonDocument::Indented);
}

} // namespace mltco::bench

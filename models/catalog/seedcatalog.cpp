#include "models/catalog/seedcatalog.h"

#include "models/catalog/types.h"
#include "models/store/sqlutil.h"

#include <QDate>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>

namespace mltco::catalog {
namespace {

using store::exec;

QVariant optionalNumber(const QJsonValue &v)
{
    return v.isDouble() ? QVariant(v.toDouble()) : QVariant(QMetaType(QMetaType::Double));
}

QVariant optionalText(const QJsonValue &v)
{
    return v.isString() && !v.toString().isEmpty() ? QVariant(v.toString()) : QVariant(QMetaType(QMetaType::QString));
}

class SeedLoader final
{
public:
    explicit SeedLoader(const QSqlDatabase &db) : m_db(db) {}

    Status load(const QJsonObject &root)
    {
        if (root.value(QLatin1String("format")).toString() != QLatin1String("mltco-seed-catalog") ||
            root.value(QLatin1String("version")).toInt() != 1)
            return Error{QStringLiteral("The seed catalog is not a version 1 mltco seed catalog."), {}};
        for (const auto &[key, fn] : std::initializer_list<std::pair<const char *, Status (SeedLoader::*)(const QJsonObject &)>>{
                 {"sources", &SeedLoader::source},
                 {"providers", &SeedLoader::provider},
                 {"gpus", &SeedLoader::gpu},
                 {"instances", &SeedLoader::instance},
                 {"prices", &SeedLoader::price}}) {
            const QJsonArray rows = root.value(QLatin1String(key)).toArray();
            for (qsizetype i = 0; i < rows.size(); ++i) {
                if (Status s = (this->*fn)(rows.at(i).toObject()); !s)
                    return Error{QStringLiteral("Seed catalog %1[%2]: %3").arg(QLatin1String(key)).arg(i).arg(s.error().message), {}};
            }
        }
        return {};
    }

private:
    Expected<qint64> idOf(const QHash<QString, qint64> &ids, const QString &what, const QString &key) const
    {
        const auto it = ids.constFind(key);
        if (it == ids.constEnd())
            return Error{QStringLiteral("unknown %1 \"%2\"").arg(what, key), {}};
        return *it;
    }

    Status insert(const QString &sql, std::initializer_list<QVariant> values, qint64 *id = nullptr)
    {
        Expected<QSqlQuery> q = exec(m_db, id ? sql + QStringLiteral(" RETURNING id") : sql, values);
        if (!q)
            return q.error();
        if (id)
            *id = store::insertedId(*q);
        return {};
    }

    Status source(const QJsonObject &o)
    {
        qint64 id = 0;
        const QString key = o.value(QLatin1String("key")).toString();
        if (Status s = insert(QStringLiteral("INSERT INTO source (key, kind, title, reference, published_on, note) "
                                             "VALUES (?, ?, ?, ?, ?, ?)"),
                              {key, o.value(QLatin1String("kind")).toString(), o.value(QLatin1String("title")).toString(),
                               o.value(QLatin1String("reference")).toString(QStringLiteral("")),
                               optionalText(o.value(QLatin1String("published_on"))),
                               o.value(QLatin1String("note")).toString(QStringLiteral(""))},
                              &id);
            !s)
            return s;
        m_sources.insert(key, id);
        return {};
    }

    Status provider(const QJsonObject &o)
    {
        const QString kind = o.value(QLatin1String("kind")).toString();
        if (!providerKindFromKey(kind))
            return Error{QStringLiteral("unknown provider kind \"%1\"").arg(kind), {}};
        qint64 id = 0;
        const QString name = o.value(QLatin1String("name")).toString();
        if (Status s = insert(QStringLiteral("INSERT INTO provider (name, display_name, kind) VALUES (?, ?, ?)"),
                              {name, o.value(QLatin1String("display_name")).toString(QStringLiteral("")), kind}, &id);
            !s)
            return s;
        m_providers.insert(name, id);
        return {};
    }

    Status gpu(const QJsonObject &o)
    {
        Expected<qint64> src = idOf(m_sources, QStringLiteral("source"), o.value(QLatin1String("source")).toString());
        if (!src)
            return src.error();
        QVariant speedupSource{QMetaType(QMetaType::LongLong)};
        if (o.value(QLatin1String("speedup")).isDouble()) {
            Expected<qint64> s = idOf(m_sources, QStringLiteral("source"), o.value(QLatin1String("speedup_source")).toString());
            if (!s)
                return s.error();
            speedupSource = *s;
        }
        qint64 id = 0;
        const QString name = o.value(QLatin1String("name")).toString();
        if (Status s = insert(QStringLiteral("INSERT INTO gpu (name, vendor, architecture, year, memory_gb, tdp_w, speedup, "
                                             "speedup_source_id, source_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                              {name, o.value(QLatin1String("vendor")).toString(QStringLiteral("")),
                               o.value(QLatin1String("architecture")).toString(QStringLiteral("")),
                               optionalNumber(o.value(QLatin1String("year"))),
                               optionalNumber(o.value(QLatin1String("memory_gb"))),
                               optionalNumber(o.value(QLatin1String("tdp_w"))),
                               optionalNumber(o.value(QLatin1String("speedup"))), speedupSource, *src},
                              &id);
            !s)
            return s;
        m_gpus.insert(name, id);
        const QJsonArray figures = o.value(QLatin1String("throughput")).toArray();
        for (const QJsonValue &v : figures) {
            const QJsonObject f = v.toObject();
            Expected<qint64> fsrc = idOf(m_sources, QStringLiteral("source"), f.value(QLatin1String("source")).toString());
            if (!fsrc)
                return fsrc.error();
            if (Status s = insert(QStringLiteral("INSERT INTO throughput (gpu_id, metric, tflops, gpu_count, source_id) "
                                                 "VALUES (?, ?, ?, ?, ?)"),
                                  {id, f.value(QLatin1String("metric")).toString(), f.value(QLatin1String("tflops")).toDouble(),
                                   f.value(QLatin1String("gpu_count")).toInt(1), *fsrc});
                !s)
                return s;
        }
        return {};
    }

    Status instance(const QJsonObject &o)
    {
        const QString provider = o.value(QLatin1String("provider")).toString();
        Expected<qint64> prov = idOf(m_providers, QStringLiteral("provider"), provider);
        if (!prov)
            return prov.error();
        Expected<qint64> src = idOf(m_sources, QStringLiteral("source"), o.value(QLatin1String("source")).toString());
        if (!src)
            return src.error();
        QVariant gpuId{QMetaType(QMetaType::LongLong)};
        if (const QString gpuName = o.value(QLatin1String("gpu")).toString(); !gpuName.isEmpty()) {
            Expected<qint64> g = idOf(m_gpus, QStringLiteral("GPU"), gpuName);
            if (!g)
                return g.error();
            gpuId = *g;
        }
        qint64 id = 0;
        const QString name = o.value(QLatin1String("name")).toString();
        if (Status s = insert(QStringLiteral("INSERT INTO instance_type (provider_id, name, gpu_id, gpu_count, vcpus, "
                                             "memory_gb, list_price, source_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
                              {*prov, name, gpuId, o.value(QLatin1String("gpu_count")).toDouble(0),
                               o.value(QLatin1String("vcpus")).toDouble(0), o.value(QLatin1String("memory_gb")).toDouble(0),
                               optionalNumber(o.value(QLatin1String("list_price"))), *src},
                              &id);
            !s)
            return s;
        m_instances.insert(provider + QLatin1Char('/') + name, id);
        return {};
    }

    Status price(const QJsonObject &o)
    {
        const QString key = o.value(QLatin1String("provider")).toString() + QLatin1Char('/') +
                            o.value(QLatin1String("instance")).toString();
        Expected<qint64> inst = idOf(m_instances, QStringLiteral("instance"), key);
        if (!inst)
            return inst.error();
        Expected<qint64> src = idOf(m_sources, QStringLiteral("source"), o.value(QLatin1String("source")).toString());
        if (!src)
            return src.error();
        const QString pricing = o.value(QLatin1String("pricing")).toString();
        if (!pricingModelFromKey(pricing))
            return Error{QStringLiteral("unknown pricing model \"%1\"").arg(pricing), {}};
        const double amount = o.value(QLatin1String("amount")).toDouble(0);
        if (!(amount > 0))
            return Error{QStringLiteral("a seed price must be positive"), {}};
        const QString date = o.value(QLatin1String("observed_at")).toString();
        if (!QDate::fromString(date, Qt::ISODate).isValid())
            return Error{QStringLiteral("bad observed_at \"%1\"").arg(date), {}};
        return insert(QStringLiteral("INSERT INTO price_point (instance_type_id, region, zone, pricing_model, amount, unit, "
                                     "observed_at, source_id, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                      {*inst, o.value(QLatin1String("region")).toString(), o.value(QLatin1String("zone")).toString(QStringLiteral("")),
                       pricing, amount, o.value(QLatin1String("unit")).toString(QStringLiteral("hour")), date, *src,
                       o.value(QLatin1String("note")).toString(QStringLiteral(""))});
    }

    QSqlDatabase m_db;
    QHash<QString, qint64> m_sources;
    QHash<QString, qint64> m_providers;
    QHash<QString, qint64> m_gpus;
    QHash<QString, qint64> m_instances;
};

} // namespace

Status loadSeedCatalog(const QSqlDatabase &db, const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return Error{QStringLiteral("The seed catalog is not valid JSON: %1").arg(parseError.errorString()), {}};
    return SeedLoader(db).load(doc.object());
}

Expected<std::unique_ptr<store::Document>> openDocument(const QString &path, store::Access access,
                                                        const QString &readOnlyReason)
{
    return store::Document::open(
        path,
        [](const QSqlDatabase &db) -> Status {
            QFile file(QString::fromLatin1(kSeedCatalogResource));
            if (!file.open(QIODevice::ReadOnly))
                return Error{QStringLiteral("The bundled seed catalog is missing from this build."), {}};
            return loadSeedCatalog(db, file.readAll());
        },
        access, readOnlyReason);
}

} // namespace mltco::catalog

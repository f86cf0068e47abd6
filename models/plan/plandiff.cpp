#include "models/plan/plandiff.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <utility>
#include <vector>

namespace mltco::tco {
namespace {

QString shown(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    case QJsonValue::Double:
        return QString::number(v.toDouble(), 'g', 12);
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null:
        return QStringLiteral("none");
    case QJsonValue::Array:
        return QStringLiteral("a list of %1").arg(v.toArray().size());
    case QJsonValue::Object:
        return QStringLiteral("a group of %1 values").arg(v.toObject().size());
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

// An entry of a list is named by its "name" when it has one (a scenario, a demand step), else by its position.
QString entryName(const QJsonValue &v, qsizetype index)
{
    const QString name = v.toObject().value(QLatin1String("name")).toString();
    return name.isEmpty() ? QStringLiteral("#%1").arg(index + 1) : QLatin1Char('"') + name + QLatin1Char('"');
}

struct Walker
{
    const QString &hereWord;
    const QString &thereWord;
    QStringList lines;

    void only(const QString &path, const QString &side) { lines << QStringLiteral("%1: only %2").arg(path, side); }

    void compare(const QString &path, const QJsonValue &a, const QJsonValue &b)
    {
        if (a == b)
            return;
        if (a.isObject() && b.isObject()) {
            const QJsonObject x = a.toObject(), y = b.toObject();
            for (auto it = x.begin(); it != x.end(); ++it) {
                const QString p = path.isEmpty() ? it.key() : path + QStringLiteral(" › ") + it.key();
                if (y.contains(it.key()))
                    compare(p, it.value(), y.value(it.key()));
                else
                    only(p, hereWord);
            }
            for (auto it = y.begin(); it != y.end(); ++it)
                if (!x.contains(it.key()))
                    only(path.isEmpty() ? it.key() : path + QStringLiteral(" › ") + it.key(), thereWord);
            return;
        }
        if (a.isArray() && b.isArray()) {
            const QJsonArray x = a.toArray(), y = b.toArray();
            // Named entries are matched by name (a scenario moved or renamed is one change, not every value).
            std::vector<bool> matched(static_cast<std::size_t>(y.size()), false);
            for (qsizetype i = 0; i < x.size(); ++i) {
                const QString name = entryName(x[i], i);
                qsizetype j = -1;
                for (qsizetype k = 0; k < y.size() && j < 0; ++k)
                    if (!matched[static_cast<std::size_t>(k)] && entryName(y[k], k) == name)
                        j = k;
                if (j < 0 && !name.startsWith(QLatin1Char('"')) && i < y.size() &&
                    !matched[static_cast<std::size_t>(i)])
                    j = i;
                const QString p = path + QStringLiteral(" › ") + name;
                if (j < 0) {
                    only(p, hereWord);
                    continue;
                }
                matched[static_cast<std::size_t>(j)] = true;
                compare(p, x[i], y[j]);
            }
            for (qsizetype k = 0; k < y.size(); ++k)
                if (!matched[static_cast<std::size_t>(k)])
                    only(path + QStringLiteral(" › ") + entryName(y[k], k), thereWord);
            return;
        }
        lines << QStringLiteral("%1: %2 %3, %4 %5").arg(path, shown(a), hereWord, shown(b), thereWord);
    }
};

} // namespace

QStringList planDifferences(const QByteArray &here, const QByteArray &there, int limit, const QString &hereWord,
                            const QString &thereWord)
{
    Walker walker{hereWord, thereWord, {}};
    walker.compare(QString(), QJsonDocument::fromJson(here).object(), QJsonDocument::fromJson(there).object());
    if (limit > 0 && walker.lines.size() > limit) {
        const qsizetype more = walker.lines.size() - (limit - 1);
        walker.lines = walker.lines.mid(0, limit - 1);
        walker.lines << QStringLiteral("and %1 more").arg(more);
    }
    return walker.lines;
}

} // namespace mltco::tco

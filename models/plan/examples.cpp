#include "models/plan/examples.h"

#include <QFile>

namespace mltco::tco {

QList<Example> bundledExamples()
{
    return {
        {QStringLiteral("seed-000"), QStringLiteral("Four ML engineers over three years"),
         QStringLiteral(":/plans/sample-plan.json")},
        {QStringLiteral("growing-team"), QStringLiteral("Growing team: demand doubles, after tax, with burst"),
         QStringLiteral(":/plans/growing-team.json")},
        {QStringLiteral("generations"), QStringLiteral("Generations: A100 now, H100 falling, B200 later"),
         QStringLiteral(":/plans/generations.json")},
    };
}

Expected<QByteArray> exampleJson(const QString &key)
{
    QStringList keys;
    for (const Example &example : bundledExamples()) {
        keys << example.key;
        if (example.key != key)
            continue;
        QFile file(example.resource);
        if (!file.open(QIODevice::ReadOnly))
            return Error{QStringLiteral("the example \"%1\" is missing from this build").arg(key), {}};
        return file.readAll();
    }
    return Error{QStringLiteral("there is no example \"%1\" (examples: %2)").arg(key, keys.join(QStringLiteral(", "))), {}};
}

} // namespace mltco::tco

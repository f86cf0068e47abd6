#pragma once

#include "models/common/expected.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace mltco::tco {

/// A plan bundled with mltco (resources/plans): File > Open example in the GUI, `mltco-cli example NAME` and
/// `example:NAME` in place of a plan file on the command line.
struct Example final
{
    QString key;      ///< "seed-000", "growing-team"
    QString title;    ///< for menus
    QString resource; ///< ":/plans/....json"
};

QList<Example> bundledExamples();
/// The example's plan file; an Error listing the examples when `key` is none of them.
Expected<QByteArray> exampleJson(const QString &key);

} // namespace mltco::tco

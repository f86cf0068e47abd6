#pragma once

#include <QByteArray>
#include <QStringList>

namespace mltco::tco {

/// "scenarios[0].servers: given twice (line 3, then line 4); state it once" for every key an object of `json`
/// repeats. QJsonDocument keeps the last of a repeated key without a word, so a plan that says
/// `"servers": 1, "servers": 1000` would cost 1,000 servers. `json` must already parse as JSON.
QStringList duplicateKeys(const QByteArray &json);

} // namespace mltco::tco

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace mltco::tco {

/// "scenarios[0].servers: given twice (line 3, then line 4); state it once" for every key an object of `json`
/// repeats. QJsonDocument keeps the last of a repeated key without a word, so a plan that says
/// `"servers": 1, "servers": 1000` would cost 1,000 servers. Meant for `json` that parses as JSON;
/// on any other text it still returns (readPlan runs it beside the parser), and what it finds there means nothing.
QStringList duplicateKeys(const QByteArray &json);

/// Where a list that is the value of `key` in the root object lies in JSON text: `open` and `close` are the
/// offsets of its brackets, each element a [begin, end) range of offsets.
struct JsonListSpans final
{
    qsizetype open = 0;
    qsizetype close = 0;
    std::vector<std::pair<qsizetype, qsizetype>> elements;
};

/// The list under `key` (spelled without escapes) in the root object of `json`, found by a walk that follows only
/// strings and brackets, so that a large list can be cut into parts to parse apart (readPlan). What lies between
/// the brackets and the elements is checked (white space, and one comma between two elements); the elements and
/// the text around the list are not: they must still be parsed. nullopt when the root is not an object that
/// gives `key` once, as a list with at least one element, or when the walk meets text it cannot follow.
std::optional<JsonListSpans> rootListSpans(const QByteArray &json, QByteArrayView key);

} // namespace mltco::tco

#pragma once

#include "models/common/expected.h"

#include <QStringView>
#include <QVariant>

namespace mltco::catalog {

/// Parses one Python literal, the kind `repr()` of a dict prints and `ast.literal_eval` reads back:
/// dicts, lists, tuples, strings in single or double quotes (with escapes; u/r prefixes allowed),
/// integers, floats, True, False and None, with optional trailing commas. SkyPilot writes its
/// `GpuInfo` column this way, which JSON parsers refuse (single quotes, True/None, tuples).
///
/// It is strict: anything else (names, calls, sets, bytes, triple quotes, implicit string
/// concatenation, digits with underscores, nesting deeper than 64) is an error, never a guess.
///
/// The result maps dict -> QVariantMap (keys must be strings), list and tuple -> QVariantList,
/// str -> QString, int -> qlonglong, float -> double, True/False -> bool, None -> a null QVariant
/// holding std::nullptr_t. An Error's message names the offending character's column (1-based).
Expected<QVariant> parsePythonLiteral(QStringView text);

} // namespace mltco::catalog

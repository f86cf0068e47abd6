#pragma once

#include "models/common/expected.h"

#include <QString>

namespace mltco {

/// Hex SHA-256 of a file's bytes (what names an imported price file or bill), or an Error when it cannot be read.
Expected<QString> fileSha256(const QString &path);

} // namespace mltco

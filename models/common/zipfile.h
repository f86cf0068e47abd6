#pragma once

#include "models/common/expected.h"

#include <QByteArray>
#include <QString>

namespace mltco {

/// Whether `bytes` start like a zip archive (a local file header, "PK\3\4").
bool isZip(const QByteArray &bytes);

/// The one member of the zip archive `zip` whose name ends in `suffix` (case-insensitive), inflated and its CRC
/// checked: what a publisher's zip of a single file holds. Refused in words when the archive is damaged, holds no such
/// member or more than one, or when the member would be larger than `maxBytes` once inflated (a zip bomb is refused
/// before it is inflated).
Expected<QByteArray> readZipMember(const QByteArray &zip, const QString &suffix, qint64 maxBytes);

} // namespace mltco

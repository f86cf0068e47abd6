#pragma once

#include "models/catalog/importdata.h"
#include "models/common/expected.h"

#include <QString>

class QIODevice;

namespace mltco::catalog {

enum class PriceFileFormat { GenericCsv, SkyPilot };

/// A price file parsed and validated, with the SHA-256 of its bytes (its identity for re-imports).
struct ParsedPriceFile final
{
    ImportData data;
    QString sha256;
};

/// Reads a price file: parses `device` (already open) while its SHA-256 is computed on a second
/// thread from `path`, so an import costs one pass of the slower of the two rather than both.
Expected<ParsedPriceFile> readPriceFile(const QString &path, QIODevice &device, PriceFileFormat format,
                                        const ImportOptions &options);

} // namespace mltco::catalog

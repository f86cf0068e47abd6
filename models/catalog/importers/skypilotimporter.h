#pragma once

#include "models/catalog/importers/importdata.h"
#include "models/common/expected.h"

class QIODevice;

namespace mltco::catalog {

/// Parses a SkyPilot catalog `vms.csv` (catalog versions 7 and 8, any cloud; docs/import-formats.md,
/// "SkyPilot vms.csv") listing the cloud named by ImportOptions::provider, observed on
/// ImportOptions::observedAt (both required).
///
/// Columns are found by name, so each cloud's and version's order works. Every row yields an
/// `on_demand` price point and, when SpotPrice is not empty, a `spot` one, with the row's zone.
/// GCP is special: its GPU rows (empty InstanceType) price GPUs per zone; a bundled VM (a2, a3, a4, g2)
/// costs its host row plus the matching GPU row of the same zone, while GPUs that attach to N1 hosts
/// become offerings of their own named "gpu:<accelerator> x<count>". TPU rows are left out.
/// GPU names are mapped to the catalog's (skypilotnames.h). Validation is all or nothing, as for
/// parseGenericCsv().
/// With a `sink`, prices go to it as they are read and ImportData::prices stays empty.
Expected<ImportData> parseSkyPilotCsv(QIODevice &in, const ImportOptions &options, PriceSink *sink = nullptr);

} // namespace mltco::catalog

#pragma once

#include "models/catalog/types.h"

#include <QString>

#include <optional>

namespace mltco::catalog {

/// The reference GPU's dense FP16 tensor throughput: NVIDIA V100 SXM2, 125 TFLOPS (model.md §10.8).
inline constexpr double kReferenceTensorTflops = 125.0;

/// A GPU's speed estimated from its datasheet: its per-GPU dense FP16 (or else BF16) tensor TFLOPS / 125.
/// None when it has neither figure (K80, P100: no tensor cores).
std::optional<double> estimatedSpeedup(const Gpu &gpu);
/// "989 dense FP16 TFLOPS / 125 (nvidia-h100-datasheet)": what estimatedSpeedup() rests on; empty when none.
QString estimateBasis(const Gpu &gpu);

/// The GPU table shipped with mltco (the seed catalog's "gpus": datasheet figures with their sources and the
/// names importers meet). Read once from the bundled resource; safe from any thread.
class GpuTable final
{
public:
    /// The table's name for `name` when it is one of its names or aliases (case and surrounding blanks
    /// ignored: "NVIDIA H100", "h100 80gb hbm3" -> "H100 SXM 80GB"); `name` itself otherwise.
    static QString canonicalName(const QString &name);
    /// The table's row for a name or alias; none for a GPU the table does not know.
    static std::optional<Gpu> find(const QString &name);
};

} // namespace mltco::catalog

#pragma once

#include <QString>

#include <optional>

// Naming knowledge the SkyPilot importer needs, in tables (docs/import-formats.md documents them).
namespace mltco::catalog::skypilot {

/// What a row says about its GPU besides the accelerator name.
struct GpuHints final
{
    QString infoName;     ///< GpuInfo['Gpus'][0]['Name'], when GpuInfo is a dict
    double memoryMiB = 0; ///< GpuInfo['Gpus'][0]['MemoryInfo']['SizeInMiB'] (per GPU); 0 = unknown
    QString instanceType; ///< may name the variant, e.g. "gpu_1x_h100_pcie"
};

/// The catalog's GPU name for a SkyPilot accelerator name, so imported instance types match the GPUs
/// the catalog already has ("A100" -> "A100 40GB", "A100-80GB" -> "A100 80GB", "H100" -> "H100 SXM 80GB").
/// Names not in the table are returned as given (trimmed).
QString catalogGpuName(const QString &acceleratorName, const GpuHints &hints = {});

/// A GCP machine type whose GPUs are built in, and which GPUs: a2-highgpu-2g is 2 x A100.
struct GcpBundle final
{
    QString accelerator; ///< SkyPilot accelerator name, as the GPU rows of the file spell it
    double count = 0;
};
std::optional<GcpBundle> gcpBundle(const QString &machineType);

/// True for the accelerators GCP sells only inside a bundled machine type (their GPU rows price the
/// GPU part of a2/a3/a4/g2 VMs), as opposed to GPUs that attach to an N1 host (V100, T4, P100 ...).
bool isGcpBundledAccelerator(const QString &acceleratorName);

/// True for Google TPU accelerator names ("tpu-v5p-8").
bool isTpu(const QString &acceleratorName);
/// The accelerators a TPU slice's name counts ("tpu-v5p-12032": 12032 TensorCores, "tpu-v5litepod-8": 8 chips),
/// at least 1: what its price is divided by when judged per accelerator-hour.
double tpuAccelerators(const QString &acceleratorName);

} // namespace mltco::catalog::skypilot

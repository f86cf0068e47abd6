#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace mltco::actuals {

// What a bill's own words say about a charge when no column gives the instance type: the providers' descriptions
// and meter names (docs/import-formats.md, "FOCUS bills", the table of columns read per provider).

/// An EC2 instance type named in an AWS ChargeDescription ("$1.624 per On Demand Linux g5.4xlarge Instance Hour");
/// empty when it names none. Names inside a longer dotted name ("db.r5.large", an RDS class) are not instances.
QString instanceInDescription(const QString &description);

/// Whether an instance type is of a GPU or ML-accelerator family: AWS p*, g*, dl*, trn*, inf* (FPGA and video
/// families are not), Azure's N-series NC, ND, NG, NV (NP is FPGA).
bool isAcceleratorFamily(QStringView instance);

/// Whether a description names a GPU or TPU ("Nvidia Tesla A100 GPU running in Americas").
bool namesGpu(const QString &description);

/// What a charge's description tells, read once per distinct description.
struct DescriptionFacts final
{
    QString instance;      ///< instanceInDescription()
    bool namesGpu = false; ///< namesGpu()
    /// Google Cloud bills a GPU attached to a VM (or bundled in an A2, A3 or G2 machine) as a SKU of its own, one
    /// unit per GPU: "Nvidia Tesla A100 GPU running in Americas". The GPU's name, "Nvidia Tesla A100 GPU".
    QString perGpu;
    /// The cores and memory of a Google Cloud GPU machine ("A2 Instance Core running in Americas"): spend on the GPU
    /// machine that holds no GPU-hours. The machine series, "A2".
    QString gpuMachineHost;
};
DescriptionFacts describeCharge(const QString &description);

/// Microsoft's VM sizes named by a meter ("NC24ads A100 v4 Spot", "D2 v2/DS2 v2") or by a ChargeDescription
/// ("Virtual Machines NCads A100 v4 Series - NC24ads A100 v4 - US East"): their ARM names,
/// "Standard_NC24ads_A100_v4", one per size the meter names.
QStringList azureSizesOf(QString meter);

} // namespace mltco::actuals

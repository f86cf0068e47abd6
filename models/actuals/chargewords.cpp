#include "models/actuals/chargewords.h"

#include <QRegularExpression>

namespace mltco::actuals {

/// An EC2 instance type named in an AWS ChargeDescription ("$1.624 per On Demand Linux g5.4xlarge Instance Hour",
/// "$0.526 per Linux p3.2xlarge Spot Instance-hour"): family, optional generation options, a dot and a size. Names
/// inside a longer dotted name ("db.r5.large", an RDS class) are not instances and are not matched.
QString instanceInDescription(const QString &description)
{
    static const QRegularExpression shape(QStringLiteral(
        R"((?<![\w.-])([a-z][a-z0-9]*(?:-[a-z0-9]+)*\.(?:nano|micro|small|medium|large|\d*xlarge|metal(?:-\d+xl)?))(?![\w.-]))"));
    const QRegularExpressionMatch match = shape.match(description);
    return match.hasMatch() ? match.captured(1) : QString();
}

/// AWS instance families whose instances carry GPUs or other ML accelerators (Trainium, Inferentia, Gaudi, Cloud
/// AI 100): an instance of one that the catalog does not know is GPU spend whose size the catalog cannot give. FPGA
/// (f1, f2) and video (vt1) instances are not.
bool isAcceleratorFamily(QStringView instance)
{
    // Microsoft Azure's N-series sizes carry GPUs: NC, ND, NG and NV ("Standard_NC24ads_A100_v4"); NP is FPGA.
    if (instance.startsWith(QLatin1StringView("Standard_N"), Qt::CaseInsensitive) && instance.size() > 10 &&
        QStringView(u"CDGV").contains(instance.at(10).toUpper()))
        return true;
    const qsizetype dot = instance.indexOf(QLatin1Char('.'));
    if (dot <= 0)
        return false;
    QStringView family = instance.first(dot);
    if (const qsizetype dash = family.indexOf(QLatin1Char('-')); dash > 0)
        family = family.first(dash);
    static const QStringList families = {
        QStringLiteral("p2"),  QStringLiteral("p3"),   QStringLiteral("p3dn"), QStringLiteral("p4d"),
        QStringLiteral("p4de"), QStringLiteral("p5"),  QStringLiteral("p5e"),  QStringLiteral("p5en"),
        QStringLiteral("p6"),  QStringLiteral("p6e"),  QStringLiteral("g2"),   QStringLiteral("g3"),
        QStringLiteral("g3s"), QStringLiteral("g4dn"), QStringLiteral("g4ad"), QStringLiteral("g5"),
        QStringLiteral("g5g"), QStringLiteral("g6"),   QStringLiteral("g6e"),  QStringLiteral("g6f"),
        QStringLiteral("gr6"), QStringLiteral("gr6f"), QStringLiteral("dl1"),  QStringLiteral("dl2q"),
        QStringLiteral("trn1"), QStringLiteral("trn1n"), QStringLiteral("trn2"), QStringLiteral("inf1"),
        QStringLiteral("inf2"),
    };
    return families.contains(family);
}

/// "A100", "Tesla T4", "H100", "L4" ... named in a charge's description (Google Cloud bills a GPU attached to a VM as
/// "Nvidia Tesla A100 GPU running in Americas"): the row is GPU spend even when no instance type is given.
bool namesGpu(const QString &description)
{
    static const QRegularExpression gpu(QStringLiteral(
        R"(\b(?:nvidia|tesla|gpu|a100|h100|h200|b200|gb200|a10g?|l4|l40s?|t4|v100|p100|k80|mi300x?|tpu)\b)"),
                                        QRegularExpression::CaseInsensitiveOption);
    return gpu.match(description).hasMatch();
}

/// "Nvidia Tesla A100 GPU" of "Spot Preemptible Nvidia Tesla A100 GPU running in Americas"; empty when the description
/// is not a per-GPU SKU of that wording.
static QString perGpuSku(const QString &description)
{
    static const QRegularExpression sku(
        QStringLiteral(R"(^(?:(?:spot|preemptible)\s+)*((?:nvidia|amd)\s+[^,:]*?\bgpu)\s+running\s+in\b)"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = sku.match(description);
    return match.hasMatch() ? match.captured(1) : QString();
}

/// "A2" of "A2 Instance Core running in Americas" or "A3 Mega Instance Ram running in EMEA": the cores and memory of a
/// Google Cloud accelerator-optimised machine series (A2, A3, A4, G2, G4); empty otherwise.
static QString gpuMachineHostSku(const QString &description)
{
    static const QRegularExpression sku(
        QStringLiteral(R"(^(?:(?:spot|preemptible)\s+)*([AG][2-4])(?:\s+(?:ultra|mega|high|edge|plus))?\s+instance\s+(?:core|ram)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = sku.match(description);
    return match.hasMatch() ? match.captured(1).toUpper() : QString();
}

/// Microsoft's VM size named by a meter ("NC24ads A100 v4", "NC24ads A100 v4 Spot", "D2 v2/DS2 v2") or by a
/// ChargeDescription ("Virtual Machines NCads A100 v4 Series - NC24ads A100 v4 - US East"): its ARM names,
/// "Standard_NC24ads_A100_v4", one per size the meter names.
QStringList azureSizesOf(QString meter)
{
    if (meter.startsWith(QLatin1StringView("Virtual Machines "))) {
        const QStringList parts = meter.split(QStringLiteral(" - "));
        if (parts.size() < 2)
            return {};
        meter = parts.at(1);
    }
    for (const char *suffix : {" Spot", " Low Priority"})
        if (meter.endsWith(QLatin1StringView(suffix)))
            meter.chop(qsizetype(qstrlen(suffix)));
    QStringList sizes;
    for (const QString &alternative : meter.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        const QString words = alternative.simplified();
        if (words.isEmpty() || !words.at(0).isLetter() || words.size() > 60)
            continue;
        sizes << QStringLiteral("Standard_") + QString(words).replace(QLatin1Char(' '), QLatin1Char('_'));
    }
    return sizes;
}

DescriptionFacts describeCharge(const QString &description)
{
    return DescriptionFacts{instanceInDescription(description), namesGpu(description), perGpuSku(description),
                            gpuMachineHostSku(description)};
}

} // namespace mltco::actuals

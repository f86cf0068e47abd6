#include "ui/catalog/catalogformat.h"

#include "models/report/format.h"

#include <cmath>

namespace mltco::ui::catalogtext {

using catalog::PricingModel;

QString pricingLabel(PricingModel pricing)
{
    switch (pricing) {
    case PricingModel::OnDemand:
        return QStringLiteral("On-demand");
    case PricingModel::Spot:
        return QStringLiteral("Spot");
    case PricingModel::Preemptible:
        return QStringLiteral("Preemptible");
    case PricingModel::Reserved1y:
        return QStringLiteral("Reserved 1 yr");
    case PricingModel::Reserved3y:
        return QStringLiteral("Reserved 3 yr");
    case PricingModel::SavingsPlan1y:
        return QStringLiteral("Savings plan 1 yr");
    case PricingModel::SavingsPlan3y:
        return QStringLiteral("Savings plan 3 yr");
    case PricingModel::Monthly:
        return QStringLiteral("Monthly plan");
    }
    return {};
}

QString pricingLabel(const catalog::PricePoint &price)
{
    QString label = pricingLabel(price.pricing);
    switch (price.purchase) {
    case catalog::PurchaseOption::None:
        break;
    case catalog::PurchaseOption::NoUpfront:
        label += QStringLiteral(" · No Upfront");
        break;
    case catalog::PurchaseOption::PartialUpfront:
        label += QStringLiteral(" · Partial Upfront");
        break;
    case catalog::PurchaseOption::AllUpfront:
        label += QStringLiteral(" · All Upfront");
        break;
    }
    if (price.offering == catalog::OfferingClass::Convertible)
        label += QStringLiteral(" · convertible");
    return label;
}

QString hourlyText(std::optional<double> perHour, const QString &currency)
{
    return perHour && *perHour > 0 ? report::unitPrice(*perHour, 4, currency) : QStringLiteral("missing");
}

QString quotedText(const catalog::PricePoint &price)
{
    if (price.upfront && price.amount) // a reservation paid partly or wholly up front; its hourly part may be 0
        return QStringLiteral("%1 up front + %2 per %3")
            .arg(report::money(*price.upfront, price.currency), report::unitPrice(*price.amount, 4, price.currency),
                 catalog::priceUnitKey(price.unit));
    if (!price.amount || *price.amount <= 0)
        return QStringLiteral("missing");
    return QStringLiteral("%1 per %2").arg(report::unitPrice(*price.amount, 4, price.currency),
                                           catalog::priceUnitKey(price.unit));
}

QString number(double value)
{
    for (int decimals = 0; decimals < 3; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        if (std::fabs(std::round(value * scale) - value * scale) < 1e-6)
            return report::grouped(value, decimals);
    }
    return report::grouped(value, 3);
}

QString sourceLabel(const catalog::Source &source)
{
    if (source.kind == QLatin1String("user"))
        return QStringLiteral("Entered by hand");
    if (source.kind == QLatin1String("import"))
        return QStringLiteral("%1 (import)").arg(source.reference);
    return source.key;
}

QString sourceLabel(const QString &key, const QHash<QString, catalog::Source> &sources)
{
    const auto it = sources.constFind(key);
    return it == sources.constEnd() ? key : sourceLabel(*it);
}

QString figureText(const catalog::ThroughputFigure &figure, const QHash<QString, catalog::Source> &sources)
{
    const auto it = sources.constFind(figure.source);
    // Datasheets read as "datasheet"; every other source by its own short label.
    const QString from = it != sources.constEnd() && it->kind == QLatin1String("datasheet")
                             ? QStringLiteral("datasheet")
                             : sourceLabel(figure.source, sources);
    const QString value = number(figure.tflops);
    if (figure.gpuCount > 1)
        return QStringLiteral("%1 %2 per %3-GPU node (%4)")
            .arg(metricLabel(figure.metric), value)
            .arg(figure.gpuCount)
            .arg(from);
    return QStringLiteral("%1 %2 (%3)").arg(metricLabel(figure.metric), value, from);
}

QString metricLabel(const QString &metric)
{
    QStringList words = metric.split(QLatin1Char('_'), Qt::SkipEmptyParts);
    if (words.isEmpty())
        return metric;
    words[0] = words[0].toUpper();
    return words.join(QLatin1Char(' '));
}

QStringList knownMetrics()
{
    return {QStringLiteral("tf32_dense"), QStringLiteral("tf32_sparse"), QStringLiteral("bf16_dense"),
            QStringLiteral("fp16_tensor_dense"), QStringLiteral("fp32")};
}

QString instanceLabel(const QString &provider, const QString &name)
{
    return provider + QLatin1Char(' ') + name;
}

} // namespace mltco::ui::catalogtext

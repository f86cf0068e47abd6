#pragma once

#include "models/catalog/types.h"

#include <QHash>
#include <QString>

#include <optional>

// How catalog values read on screen: one place, so the tables, dialogs and charts agree.
namespace mltco::ui::catalogtext {

/// "On-demand", "Spot", "Reserved 1 yr", "Monthly plan".
QString pricingLabel(catalog::PricingModel pricing);
/// The pricing model with how a reservation is paid: "Reserved 3 yr · All Upfront · convertible".
QString pricingLabel(const catalog::PricePoint &price);
/// "$12.24", or "missing" when a price is missing (never "$0.00").
QString hourlyText(std::optional<double> perHour, const QString &currency = QStringLiteral("USD"));
/// "$1,000.00 per month" for a monthly quote, "$12.24 per hour", or "missing".
QString quotedText(const catalog::PricePoint &price);
/// A number without trailing zeros: "156", "494.7", "8.73", "2,200".
QString number(double value);
/// How a source reads in a table: "hardware-perspective-2025", "prices.csv (import)", "Entered by hand".
QString sourceLabel(const catalog::Source &source);
QString sourceLabel(const QString &key, const QHash<QString, catalog::Source> &sources);
/// "TF32 dense 156 (datasheet)", or for a figure quoted for a whole node
/// "TF32 sparse 2,200 per 8-GPU node (hardware-perspective-2025)".
QString figureText(const catalog::ThroughputFigure &figure, const QHash<QString, catalog::Source> &sources);
/// "TF32 dense", "TF32 sparse", "BF16 dense", "FP32" for a metric key such as "tf32_dense".
QString metricLabel(const QString &metric);
/// The metric keys the seed catalog uses, for pick lists.
QStringList knownMetrics();
/// "aws p3.8xlarge".
QString instanceLabel(const QString &provider, const QString &name);

} // namespace mltco::ui::catalogtext

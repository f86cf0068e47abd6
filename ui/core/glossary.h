#pragma once

#include <QString>

namespace mltco::ui::glossary {

// The terms a finance reader may not know, in plain words, one text each wherever a page explains them (tooltips).

/// "Reference GPU-hours (V100-equivalent GPU-hours): an hour of work of one NVIDIA V100 GPU, …"
QString referenceGpuHours();
/// "NPV (net present value): …": at `discountRate` a year (at 0 %: the NPV is the total); negative: said generally.
QString npv(double discountRate = -1.0);
/// "P10, P50 (the median) and P90 over the futures: 1 in 10 futures costs less than the P10, …"
QString percentiles();
/// "CVaR (conditional value at risk): the average cost of the worst futures, …"
QString cvar();
/// "The tornado shows which inputs move the option's total most: …"
QString tornado();
/// "Packing efficiency is the share of paid GPU time that does useful work."
QString packingEfficiency();

} // namespace mltco::ui::glossary

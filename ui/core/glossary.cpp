#include "ui/core/glossary.h"

#include "models/report/format.h"

#include <QCoreApplication>

namespace mltco::ui::glossary {
namespace {

QString glossaryText(const char *text)
{
    return QCoreApplication::translate("glossary", text);
}

} // namespace

QString referenceGpuHours()
{
    return glossaryText(
        "Reference GPU-hours (V100-equivalent GPU-hours): an hour of work of one NVIDIA V100 GPU, the unit demand "
        "is measured in; faster GPUs do more of them per hour.");
}

QString npv(double discountRate)
{
    if (discountRate == 0.0)
        return glossaryText(
            "NPV at 0 %: with no discount rate, money later counts as much as money now, so the NPV is the "
            "total.");
    if (discountRate > 0.0)
        return glossaryText(
                   "NPV (net present value): the total with money paid later counted at less, at the plan's discount "
                   "rate of %1 a year; at 0 % money later would count as much as money now.")
            .arg(report::percent(discountRate));
    return glossaryText(
        "NPV (net present value): the total with money paid later counted at less, at the plan's discount rate. "
        "At 0 % there is no discount rate: money later counts as much as money now, and the NPV is the total.");
}

QString percentiles()
{
    return glossaryText(
        "P10, P50 (the median) and P90 over the futures: 1 in 10 futures costs less than the P10, half cost less "
        "than the median and 9 in 10 cost less than the P90.");
}

QString cvar()
{
    return glossaryText(
        "CVaR (conditional value at risk): the average cost of the worst futures, e.g. of the worst 10 % of "
        "them.");
}

QString tornado()
{
    return glossaryText(
        "The tornado shows which inputs move the option's total most: each input is moved alone from its low to "
        "its high value (±20 %, or its distribution's range) while the others stay as planned; the longest bar "
        "is on top.");
}

QString packingEfficiency()
{
    return glossaryText("Packing efficiency is the share of paid GPU time that does useful work.");
}

} // namespace mltco::ui::glossary

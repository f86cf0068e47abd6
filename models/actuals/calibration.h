#pragma once

#include "models/actuals/actualsstore.h"
#include "models/plan/parameters.h"

#include <QList>
#include <QString>

#include <optional>

namespace mltco::actuals {

/// What the bills of the compared months say about how the GPUs were used and paid for.
struct ObservedUse final
{
    int months = 0;                ///< months with actuals that entered the figures
    double gpuHoursPerMonth = 0.0; ///< average GPU-hours a month (as billed: GPUs, not reference GPUs)
    /// Share of the GPU-hours priced on demand, as spot or interruptible, under a commitment (0..1, summing to 1
    /// with the rest); nullopt when the bills show no GPU-hours.
    std::optional<double> onDemandShare, dynamicShare, committedShare;
    /// Effective cost per GPU-hour on demand and under a commitment; nullopt without GPU-hours of that kind.
    std::optional<double> onDemandRate, committedRate;
    /// 1 - committed rate / on-demand rate: the discount the commitments actually earned.
    std::optional<double> effectiveDiscount;
};

/// Sums the months of `actuals` (all of them; a caller compares only the months inside the plan).
ObservedUse observeUse(const QList<MonthActual> &actuals);

/// A change to a plan value that the bills support, for one-click apply.
struct Suggestion final
{
    tco::ParamId parameter = tco::ParamId::DemandGpuHours;
    bool workload = false; ///< a workload value (else the linked scenario's)
    std::optional<double> current;
    double suggested = 0.0;
    QString reason; ///< how the figure was worked out, in words
};

/// Suggestions for the scenario the actuals are linked to (its kind decides which values it has): for a pay-per-use
/// (elastic or hybrid) scenario, the workload's monthly demand from the billed GPU-hours (x the scenario's speedup,
/// the model's reference GPU-hours; a dedicated box or a cluster bills idle hours too, so their hours are not
/// demand); for a dedicated or cluster scenario, the committed share from the committed GPU-hours and the commitment
/// discount from the effective discount. A value already within 1 % of the observed one, or outside what the parameter
/// allows, is not suggested.
QList<Suggestion> calibrationSuggestions(const ObservedUse &use, const tco::Workload &workload,
                                         const tco::Scenario &scenario);

/// Why the workload's demand is not among the suggestions, in words, when it is not: the bills have no GPU-hours, the
/// linked scenario bills its idle hours too (a dedicated box, a cluster, a reservation, a purchase), or the plan's
/// demand already matches. Empty when demand is suggested. `scenarioName` names the scenario in the sentence.
QString demandNotSuggested(const ObservedUse &use, const tco::Workload &workload, const tco::Scenario &scenario,
                           const QString &scenarioName);

} // namespace mltco::actuals

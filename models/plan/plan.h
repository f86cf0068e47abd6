#pragma once

#include "models/tco/breakeven.h"
#include "models/tco/defaults.h"
#include "models/tco/instance.h"
#include "models/common/currency.h"
#include "models/plan/optimize.h"
#include "models/plan/parameters.h"
#include "models/tco/scenario.h"
#include "models/plan/uncertainty.h"
#include "models/tco/workload.h"

#include <QList>
#include <QDate>
#include <QMap>
#include <QString>

#include <bitset>
#include <optional>

namespace mltco::tco {

/// Which parameters a plan states itself; the others take their defaults (or, for rate_per_hour,
/// gpus_per_instance and speedup of a scenario that names an instance, the catalog's values).
using ParamSet = std::bitset<kParamCount>;

inline bool isGiven(const ParamSet &set, ParamId id)
{
    return set.test(static_cast<std::size_t>(id));
}
inline void setGiven(ParamSet &set, ParamId id, bool given = true)
{
    set.set(static_cast<std::size_t>(id), given);
}

/// One scenario of a plan file (docs/plan-format.md).
struct PlanScenario final
{
    QString name;
    Scenario scenario;                   ///< parameters; defaults where not given
    ParamSet given;                      ///< parameters stated in the plan
    std::optional<InstanceRef> instance; ///< catalog price to use for what the plan does not state
    QString notes;
    QMap<QString, QString> assumptions;  ///< parameter key (or "instance") -> why this value was assumed

    ScenarioKind kind() const { return scenarioKind(scenario); }
};

/// A break-even to compute: a purchase against a dedicated or cluster scenario (the server count, a sweep), or
/// against an elastic one (the fleet break-even utilization, model.md §10.7).
struct BreakEvenRequest final
{
    BreakEvenRequest() = default;
    BreakEvenRequest(QString purchaseName, QString cloudName, int sweepTo = defaults::kBreakEvenMaxServers,
                     BreakEvenBasis sizing = BreakEvenBasis::Capacity)
        : purchase(std::move(purchaseName)), cloud(std::move(cloudName)), maxServers(sweepTo), basis(sizing)
    {
    }

    QString purchase;
    QString cloud;
    int maxServers = defaults::kBreakEvenMaxServers;
    BreakEvenBasis basis = BreakEvenBasis::Capacity;
    QString notes;
};
inline constexpr int kMaxBreakEvenServers = 10000;

/// The scenario a plan holds against the actual spend of imported bills (docs/plan-format.md, "actuals").
struct ActualsLink final
{
    QString scenario; ///< a scenario of the plan
    QString start;    ///< "YYYY-MM": the calendar month of the plan's month 1; empty = the first month of the bills
    bool operator==(const ActualsLink &) const = default;
};

/// A whole plan: one workload, its scenarios, and the break-evens to compute.
struct Plan final
{
    QString name;
    QString notes;
    Workload workload;
    ParamSet workloadGiven;
    QString workloadNotes;
    QMap<QString, QString> workloadAssumptions;
    QList<PlanScenario> scenarios;
    QList<BreakEvenRequest> breakeven;
    QList<Uncertainty> uncertainty;       ///< model.md §10.9: inputs the Monte Carlo samples and the tornado moves
    QList<RankCorrelation> correlations;  ///< between entries of `uncertainty`
    std::optional<ActualsLink> actuals;   ///< the scenario compared with the bills, if any
    /// model.md §13: the currency of every money parameter of the plan and of every figure it produces (ISO 4217).
    QString currency = QString::fromLatin1(kDefaultCurrency);
    /// Rates fixed for planning, winning over the document's rate table: units of each currency per 1 unit of the
    /// plan's currency (`{"EUR": 0.92}` in a USD plan).
    QMap<QString, double> fxRates;
    /// `workload.prices_as_of`: the day whose catalog prices the plan stands on. Every catalog price it uses is the
    /// latest observation on or before that day (an instance reference's own `as_of` wins); null: the latest.
    QDate pricesAsOf;
    /// model.md §11.4: what the fleet optimizer is asked, if the plan asks it (evaluate ignores it).
    std::optional<OptimizeRequest> optimize;

    /// nullptr when no scenario has that name.
    const PlanScenario *scenario(const QString &scenarioName) const
    {
        for (const PlanScenario &s : scenarios) {
            if (s.name == scenarioName)
                return &s;
        }
        return nullptr;
    }
};

/// Removes the uncertain inputs `drop(entry, position)` selects. A correlation naming a removed entry goes with
/// it; the others follow their entries to their new positions.
template<typename Drop>
void removeUncertainty(Plan &plan, Drop drop)
{
    QList<int> position; // old position -> new one, -1 when removed
    QList<Uncertainty> kept;
    for (qsizetype i = 0; i < plan.uncertainty.size(); ++i) {
        const bool removed = drop(plan.uncertainty[i], static_cast<int>(i));
        position << (removed ? -1 : static_cast<int>(kept.size()));
        if (!removed)
            kept << plan.uncertainty[i];
    }
    QList<RankCorrelation> correlations;
    for (RankCorrelation c : std::as_const(plan.correlations)) {
        if (position.value(c.a, -1) < 0 || position.value(c.b, -1) < 0)
            continue;
        c.a = position[c.a];
        c.b = position[c.b];
        correlations << c;
    }
    plan.uncertainty = std::move(kept);
    plan.correlations = std::move(correlations);
}

/// The newest plan-file version: written when a plan uses a version-4 key, accepted with 1 to 3.
inline constexpr int kPlanFormatVersion = 4;
/// Whether a plan uses anything of model.md §10, so that its file says version 2.
bool usesVersion2(const Plan &plan);
/// Whether a plan uses anything of model.md §11–§13 (a currency other than USD, fixed rates), so that its file says
/// version 3.
bool usesVersion3(const Plan &plan);
/// Whether a plan uses anything of model.md §14 (generations, the site, tokens), so that its file says version 4.
bool usesVersion4(const Plan &plan);

} // namespace mltco::tco

#pragma once

#include "models/tco/defaults.h"
#include "models/tco/instance.h"
#include "models/tco/parameters.h"
#include "models/tco/scenario.h"
#include "models/tco/workload.h"

#include <QList>
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

/// Break-even server count to compute: a purchase scenario against a dedicated or cluster one.
struct BreakEvenRequest final
{
    QString purchase;
    QString cloud;
    int maxServers = defaults::kBreakEvenMaxServers;
};
inline constexpr int kMaxBreakEvenServers = 10000;

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

/// Version written into and accepted from plan files.
inline constexpr int kPlanFormatVersion = 1;

} // namespace mltco::tco

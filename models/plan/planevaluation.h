#pragma once

#include "models/common/expected.h"
#include "models/tco/breakeven.h"
#include "models/tco/engine.h"
#include "models/tco/instance.h"
#include "models/plan/plan.h"
#include "models/tco/result.h"

#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace mltco::tco {

struct EvaluatedScenario final
{
    QString name;
    Scenario scenario;                       ///< with catalog values filled in
    ScenarioResult result;
    std::optional<ResolvedInstance> instance; ///< what the catalog said, when it was asked
    std::optional<ScenarioKind> baseKind;     ///< hybrid: the kind of its base
    /// Hybrid: {its base}; mix: its layers in order. Positions in PlanResult::scenarios.
    std::vector<std::size_t> parts;
    std::optional<std::size_t> burstPart;    ///< hybrid, mix: the position of its burst (none: a mix without one)
    bool anyPurchaseLayer = false, anyReservedLayer = false; ///< mix: what its layers hold
    std::size_t planPosition = 0;            ///< its position in the plan (differs when scenarios are left out)

    ScenarioKind kind() const { return scenarioKind(scenario); }
    /// "servers" (purchase, a hybrid on a purchase base, a mix), "nodes" (cluster, or on a cluster base), or empty:
    /// the name of the month rows' fleet count.
    QString fleetKey() const
    {
        const ScenarioKind k = baseKind.value_or(kind());
        return k == ScenarioKind::Purchase || k == ScenarioKind::Mix ? QStringLiteral("servers")
               : k == ScenarioKind::Cluster                          ? QStringLiteral("nodes")
                                                                     : QString();
    }
    /// Whether month rows carry `instances`: reserved capacity, a hybrid on a reserved base, a mix (model.md §11.2–3).
    bool reportsInstances() const
    {
        const ScenarioKind k = baseKind.value_or(kind());
        return k == ScenarioKind::Reserved || k == ScenarioKind::Mix;
    }
};

struct EvaluatedBreakEven final
{
    BreakEvenRequest request;
    BreakEvenResult result;
};

/// A scenario or break-even of the plan that could not be evaluated and was left out (Incomplete::LeaveOut).
struct LeftOut final
{
    QString name;                          ///< the scenario's name; a break-even's "purchase vs cloud"
    std::optional<std::size_t> scenario;   ///< the scenario's position in the plan; empty for a break-even
    std::size_t breakeven = 0;             ///< the break-even's position in the plan, when `scenario` is empty
    QStringList problems;                  ///< "path: problem" lines, as a refused evaluation lists them
};

/// A whole plan evaluated: what `mltco-cli evaluate`, the GUI and reports show.
struct PlanResult final
{
    QString plan;
    Workload workload;
    std::vector<EvaluatedScenario> scenarios; ///< in plan order, without those left out
    std::vector<EvaluatedBreakEven> breakeven;
    std::vector<LeftOut> leftOut; ///< scenarios (in plan order), then break-evens, that could not be evaluated
    QStringList warnings; ///< "path: ..." lines a user should see (e.g. the plan overrides a catalog price)
    QStringList notes;    ///< "path: ..." facts worth showing (e.g. a speedup estimated from datasheets)
    QString currency = QString::fromLatin1(kDefaultCurrency); ///< of every figure (the plan's, model.md §13)

    /// Every exchange rate the evaluation used, once each, in the order first used (model.md §13: nothing is
    /// converted silently).
    std::vector<FxUse> fxUsed() const;

    /// The evaluated scenario at `planPosition` in the plan; nullptr when it was left out (or there is none).
    const EvaluatedScenario *atPlanPosition(std::size_t planPosition) const;
    /// What was left out of scenario `planPosition`; nullptr when it was evaluated.
    const LeftOut *leftOutAt(std::size_t planPosition) const;
};

/// The position in `result.scenarios` of the cheapest scenario (by total over the horizon) that serves all the
/// demand and that `accept` (given a position) keeps; -1 when there is none. A scenario that leaves work undone
/// is cheaper because it does less (model.md §5), so it never counts: the dashboard, the report and the executive
/// summary all name their cheapest with this.
int cheapestMeetingDemand(const PlanResult &result, const std::function<bool(std::size_t)> &accept = {});

/// The one cloud option every owned option is measured against, wherever owning is compared with renting (the
/// dashboard's break-even card and chart, Scenarios › Break-even, the Risk page's payback, the PDF, `report --summary`,
/// `evaluate`'s `irr_vs`): the cheapest cloud option (dedicated, cluster, pay-per-use or reserved) that meets the
/// demand; when none meets it, the cheapest cloud option all the same (`meetsDemand` false, said where it is shown).
struct OwningCounterpart final
{
    int cloud = -1; ///< position in result.scenarios; -1 when the plan has no cloud option
    bool meetsDemand = true;
};
OwningCounterpart owningCounterpart(const PlanResult &result);

/// An owned option measured against owningCounterpart() (model.md §12): its payback month and the annual IRR of owning
/// over renting (none when the flows never change sign).
struct OwningVersusCloud final
{
    int cloud = -1; ///< position in result.scenarios
    std::optional<int> paybackMonth;
    std::optional<double> irr;
};
/// For the purchase at `position`; none when it is not a purchase or the plan has no cloud option.
std::optional<OwningVersusCloud> owningVersusCloud(const PlanResult &result, std::size_t position);

/// The purchase a reader of the headline asks about when none is chosen: the recommended option when it is a purchase,
/// else the purchase of the plan's first break-even request, else the plan's first purchase; -1 when there is none.
int headlinePurchase(const PlanResult &result);

/// The break-even of the purchase at `purchase` (when -1, headlinePurchase()'s, or, when that one cannot be compared, the
/// first other purchase's that can; any purchase of the plan may be chosen)
/// against owningCounterpart(): the plan's own request for that pair when it has one, otherwise one worked out with a
/// request's defaults (capacity basis, the default sweep; against pay-per-use, the fleet's break-even utilization).
/// None when the plan has no purchase or no cloud option, or the comparison cannot be worked out.
struct HeadlineBreakEven final
{
    EvaluatedBreakEven breakEven;
    int purchase = -1;                ///< positions in result.scenarios
    int cloud = -1;
    std::optional<std::size_t> index; ///< the plan's request it is (in result.breakeven); none when worked out here
    bool cloudMeetsDemand = true;     ///< whether the counterpart serves all the demand (OwningCounterpart)
};
std::optional<HeadlineBreakEven> headlineBreakEven(const PlanResult &result, int purchase = -1);

/// What preparePlan and evaluatePlan do with a scenario or break-even that cannot be evaluated (a price not
/// given, a value out of range, a hybrid whose base cannot be evaluated): refuse the whole plan (the command
/// line, which exits with the problems), or leave it out and evaluate the others (the desktop app, which marks
/// it in place while the others still show). Problems of the workload refuse the plan either way.
enum class Incomplete { Refuse, LeaveOut };

/// Whether the plan leaves a value to the catalog: a scenario names an instance and does not state all of
/// rate_per_hour, gpus_per_instance and speedup.
bool needsCatalog(const Plan &plan);

/// The scenario's parameters with what the plan does not state taken from the catalog. Values the plan
/// states win. `path` prefixes messages ("scenarios[2]"). An empty resolver means "no catalog".
/// With a workload, a fleet that expands to demand is also checked against the largest fleet a plan may hold.
/// With the plan, a catalog price in another currency is converted into the plan's (its fixed rates first, then the
/// document's rate table through the resolver); without it the plan is taken to be in USD.
Expected<Scenario> resolveScenario(const PlanScenario &scenario, const InstanceResolver &resolver,
                                   const QString &path, std::optional<ResolvedInstance> *resolved = nullptr,
                                   QStringList *warnings = nullptr, const Workload *workload = nullptr,
                                   const Plan *plan = nullptr);

/// "expansion: month 14 would need 100001 servers, ..." when a to_demand fleet needs more than 100,000 servers
/// or nodes in some month (model.md §10.10, clarification 4); empty when it does not.
QString fleetLimitProblem(const Workload &workload, const Scenario &scenario);

/// Resolves, validates and evaluates every scenario and break-even of the plan. On failure the Error's
/// details hold one "path: problem" line per problem.
Expected<PlanResult> evaluatePlan(const Plan &plan, const InstanceResolver &resolver = {},
                                  Incomplete incomplete = Incomplete::Refuse);

/// The same checks, break-evens, warnings and notes as evaluatePlan, with every scenario's `result` left empty:
/// outputs too large to hold (a plan of many scenarios over many months) evaluate each scenario with
/// evaluateScenario() when they write it, so that memory does not grow with the months.
Expected<PlanResult> preparePlan(const Plan &plan, const InstanceResolver &resolver = {},
                                 Incomplete incomplete = Incomplete::Refuse);

/// Scenario `index` of a prepared (or evaluated) plan evaluated into `out`, reusing its buffers: the same figures
/// evaluatePlan gives it.
void evaluateScenario(const PlanResult &plan, std::size_t index, ScenarioResult &out, MixScratch &scratch);

/// Scenario `index` of `scenarios` (copies of the plan's evaluated scenarios, in the same order, some values moved: a
/// Monte Carlo trial, an optimizer's future) evaluated into `out` on `workload`; a hybrid or mix from its parts among
/// them, at the positions `plan` found.
void evaluateScenarioAmong(const PlanResult &plan, const Workload &workload, const std::vector<Scenario> &scenarios,
                           std::size_t index, ScenarioResult &out, MixScratch &scratch);

/// The scenarios of `result` at `positions` with every scenario they are evaluated from (a hybrid's base and burst, a
/// mix's layers and burst), in their order in `result`, their parts renumbered to the positions in the subset: a plan
/// result of its own that evaluateScenario and evaluateScenarioAmong accept. `positions` become the wanted ones'
/// positions in the subset. Break-evens, left-out scenarios, warnings and notes are not carried over.
PlanResult subsetOf(const PlanResult &result, std::vector<std::size_t> &positions);

/// Every scenario of a prepared plan evaluated into its `result`: preparePlan + evaluateAllScenarios = evaluatePlan.
void evaluateAllScenarios(PlanResult &prepared);

} // namespace mltco::tco

#pragma once

#include "models/tco/scenario.h"
#include "models/tco/workload.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>
#include <span>

namespace mltco::tco {

/// Every workload field and scenario parameter of model.md §3–§4, in table order.
enum class ParamId {
    // workload
    Engineers,
    DemandGpuHours,
    JobGpuHours,
    HorizonMonths,
    DiscountRate,
    CloudPriceTrend,
    DemandGrowth,
    DemandSteps,
    TaxRate,
    // cloud instance
    RatePerHour,
    GpusPerInstance,
    Speedup,
    // dedicated
    Boxes,
    BoxesPerEngineer,
    HoursOn,
    Premium,
    OverheadMonthly,
    // cluster
    Nodes,
    OpsFte,
    FteAnnualCost,
    TargetUtilization,
    Expansion,
    // commitments (dedicated, cluster)
    CommitFraction,
    CommitDiscount,
    CommitTermMonths,
    CommitUpfrontFraction,
    // elastic
    GpusPerJob,
    ScalingEfficiency,
    PackingEfficiency,
    PreemptionsPerJob,
    CheckpointIntervalHours,
    RestartHours,
    // purchase
    Servers,
    ServerPrice,
    GpusPerServer,
    BulkDiscounts,
    HoldingMonths,
    ResaleFraction,
    FacilitiesPerServerYear,
    FailuresPerServerYear,
    ServersPerFte,
    CreditResidualAtHorizon,
    PowerKwPerServer,
    AverageLoad,
    Pue,
    ElectricityPerKwh,
    ElectricityPriceTrend,
    Depreciation,
    DepreciationMonths,
    // hybrid
    Base,
    Burst,
    BaseMaxUtilization,
    // purchase, version 3 (model.md §11.1)
    Purchases,
    LeadTimeMonths,
    // reserved and mix, version 3 (model.md §11.2, §11.3)
    Terms,
    Layers,
    MaxUtilization,
    // financing a purchase, version 3 (model.md §12)
    Financing,
    LoanRate,
    LoanTermMonths,
    DownPaymentFraction,
    LeaseRateFactor,
    LeasePaymentPerServerMonth,
    LeaseTermMonths,
    // workload, version 3: demand that follows the team
    DemandGpuHoursPerEngineer,
    // workload, version 3: the site's electricity price, for every purchase that does not state its own
    PlanElectricityPerKwh,
    // purchase, version 4: a generation over time (model.md §14.1)
    AvailableFromMonth,
    ServerPriceTrend,
    SuccessorMonth,
    SuccessorValueDrop,
    // purchase, version 4: the site and the hardware around the servers (model.md §14.2)
    InfrastructureCapexFraction,
    PaidAtOrderFraction,
    ColocationPerKwMonth,
    IdlePowerFraction,
    BonusDepreciationFraction,
    // workload, version 4: what the work produces (model.md §14.3)
    TokensPerReferenceGpuHour,
};
inline constexpr int kParamCount = static_cast<int>(ParamId::TokensPerReferenceGpuHour) + 1;

enum class ParamType {
    Number,   ///< any finite double in range
    Integer,  ///< a whole number in range
    Boolean,  ///< true/false
    Tiers,    ///< bulk discounts: [[min_servers, fraction], ...]
    Choice,   ///< one of parameterChoices(); its value is the index of the choice
    Steps,    ///< demand steps: [[month, gpu_hours], ...]
    Schedule, ///< a purchase schedule: [[month, servers], ...] (model.md §11.1)
    ScenarioName, ///< the name of another scenario of the plan
    Terms,    ///< reserved terms: [[start_month, instances, term_months], ...] (model.md §11.2)
    ScenarioNames, ///< an ordered list of names of other scenarios of the plan (a mix's layers, §11.3)
};

/// Bit of a kind in ParameterInfo::kinds.
constexpr unsigned kindBit(ScenarioKind kind)
{
    return 1u << static_cast<unsigned>(kind);
}
inline constexpr unsigned kCloudKinds =
    kindBit(ScenarioKind::Dedicated) | kindBit(ScenarioKind::Cluster) | kindBit(ScenarioKind::Elastic);
/// Kinds a hybrid may take as its base (model.md §10.6) and a mix as its layers (§11.3): capacity held all month.
inline constexpr unsigned kBaseKinds = kindBit(ScenarioKind::Dedicated) | kindBit(ScenarioKind::Cluster) |
                                       kindBit(ScenarioKind::Purchase) | kindBit(ScenarioKind::Reserved);

/// One row of the parameter table: the single description that the plan reader, the CLI, the GUI forms and
/// the docs all use.
struct ParameterInfo final
{
    ParamId id;
    const char *key;      ///< snake_case name in plan files
    const char *label;    ///< in words, for forms and reports
    const char *unit;     ///< "USD/hour", "fraction", "months", ...
    ParamType type;
    double min;           ///< for Number/Integer (Tiers: of each fraction)
    bool minExclusive;    ///< true: the value must be greater than min (e.g. a price of 0 is missing, not free)
    double max;
    std::optional<double> defaultValue; ///< none: see defaultNote (required, derived or a list)
    const char *defaultNote;            ///< how the default arises when there is no single number
    const char *source;   ///< where the default comes from: a seed file name, "model.md" or "assumption"
    unsigned kinds;       ///< kindBit()s of the scenario kinds that use it; 0 = a workload field
    const char *help;     ///< one sentence: what it means
};

/// The whole table, indexed by ParamId.
std::span<const ParameterInfo> parameterTable();
const ParameterInfo &parameterInfo(ParamId id);
/// Where a key is looked up: `electricity_per_kwh` is the plan's price under `workload` and a purchase's own in a
/// scenario; every other key names one parameter wherever it stands.
enum class ParamScope { InScenario, InWorkload };
const ParameterInfo *parameterByKey(QStringView key, ParamScope scope = ParamScope::InScenario);

/// What a purchase schedule or a lead time cannot be (model.md §11.1, clarifications 3 and 6), each problem starting
/// with its key relative to the scenario ("purchases[1]: ...", "lead_time_months: ..."); empty when fine.
QStringList purchaseScheduleProblems(const PurchaseScenario &scenario, int horizonMonths);
/// What a reserved scenario's terms cannot be (model.md §11.2): "terms[1]: ..." for a start outside 1..H (with
/// horizonMonths > 0), fewer than one instance or a term outside 1..120 months; empty when fine.
QStringList reservedTermProblems(const ReservedScenario &scenario, int horizonMonths);
/// What a purchase's generation and site keys contradict (model.md §14.5): "servers: ..." or "purchases[j]: ..." paid
/// before available_from_month, "successor_month: ..." outside 2..H, "successor_value_drop: ..." without a successor,
/// "idle_power_fraction: ..." beside average_load (when `averageLoadGiven`), "paid_at_order_fraction: ..." with a
/// loan or a lease, "available_from_month: ..." after the horizon or too late to serve; empty when fine.
QStringList generationProblems(const PurchaseScenario &scenario, int horizonMonths, bool averageLoadGiven = false);
/// What a purchase's financing lacks or contradicts (model.md §12, clarifications 33 and 37): "loan_rate: ..." and
/// "loan_term_months: ..." missing with a loan, "lease_rate_factor: ..." when a lease has neither a factor nor a
/// payment, "lease_payment_per_server_month: ..." when both are given; empty when fine.
QStringList financingProblems(const PurchaseScenario &scenario);
/// Why a parameter of `scenario` changes no figure under the values of the others, in a few words for the form and
/// the report ("no effect while power per server is 0 kW: power is inside facilities"); empty when it counts. An
/// assumption that silently does nothing misleads: the form marks it in place.
/// `forComparisonOnly`, when given, is set when the parameter is a loan's or lease's term the chosen financing does
/// not use (it still feeds the financing comparison: a fact, not a warning).
QString parameterWithoutEffect(const Scenario &scenario, const Workload &workload, ParamId id,
                               bool *forComparisonOnly = nullptr);
/// "layers[j]: ..." for a mix's layer named twice (the second occurrence), "layers: ..." for none; names are
/// checked against the plan elsewhere.
QStringList mixLayerProblems(const MixScenario &scenario);

QString parameterKey(ParamId id);
/// A range bound as messages write it: 100000, 0.99 (up to 15 significant digits).
QString formatBound(double value);
/// A parameter's unit for a plan in `currency` (model.md §13): "USD/hour" reads "EUR/hour" in a euro plan.
QString unitInCurrency(const QString &unit, const QString &currency);
bool isWorkloadParameter(ParamId id);
/// The plan-file version that introduced the parameter: 1, 2 for model.md §10, 3 for §11–§13, 4 for §14.
int introducedIn(ParamId id);
/// The keys a Choice parameter takes, in index order ("none", "to_demand"); empty for other types.
QStringList parameterChoices(ParamId id);
/// Whether a parameter has a plain numeric value (Number, Integer, Boolean, Choice): what forms edit in a
/// field and what sensitivity analysis can move.
bool isNumericParameter(ParamId id);
bool usesParameter(ScenarioKind kind, ParamId id);
/// The parameters of a kind in table order (for forms and docs).
QList<ParamId> scenarioParameters(ScenarioKind kind);
QList<ParamId> workloadParameters();

/// The allowed values in words: "an integer from 0 to 100000", "a number greater than 0 and at most 1".
QString allowedValues(const ParameterInfo &info);
/// Whether `value` is allowed for a Number or Integer parameter (finite, in range, whole when Integer).
bool isAllowedValue(const ParameterInfo &info, double value);

/// Generic access to numeric (Number, Integer, Boolean as 0/1) parameters, for forms, plan files and
/// sensitivity analysis. nullopt / false when the parameter is not numeric, not used by the scenario's kind,
/// or (boxes) not set.
std::optional<double> parameterValue(const Workload &workload, ParamId id);
bool setParameterValue(Workload &workload, ParamId id, double value);
std::optional<double> parameterValue(const Scenario &scenario, ParamId id);
bool setParameterValue(Scenario &scenario, ParamId id, double value);
/// Removes an optional workload parameter (demand_gpu_hours_per_engineer: the demand stays the total it was).
bool clearParameterValue(Workload &workload, ParamId id);
/// Removes an optional parameter (`boxes`, `depreciation_months`, the loan and lease terms); false for any other.
bool clearParameterValue(Scenario &scenario, ParamId id);

/// One message per problem, "key: must be ...", for values set in code (the plan reader checks JSON itself).
QStringList validateWorkload(const Workload &workload);
QStringList validateScenario(const Scenario &scenario);
/// "demand_steps[i]: ..." for each step out of the horizon, out of order or with a bad gpu_hours.
QStringList validateDemandSteps(const std::vector<DemandStep> &steps, int horizonMonths);

} // namespace mltco::tco

#pragma once

#include "models/tco/defaults.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace mltco::tco {

enum class ScenarioKind { Dedicated, Cluster, Elastic, Purchase, Hybrid, Reserved, Mix };
inline constexpr int kScenarioKindCount = 7;

/// "dedicated", "cluster", "elastic", "purchase", "hybrid", "reserved", "mix": the key used in plan files.
QString scenarioKindKey(ScenarioKind kind);
std::optional<ScenarioKind> scenarioKindFromKey(const QString &key);
QStringList scenarioKindKeys();

/// What one rented instance costs and does. ratePerHour = 0 means "not known yet" (to be resolved from the
/// catalog); a price of 0 is never free (model.md §2).
struct CloudInstance final
{
    double ratePerHour = 0.0;                           ///< USD per instance-hour
    double gpusPerInstance = defaults::kGpusPerInstance;
    double speedup = defaults::kSpeedup;                ///< reference GPU-hours per GPU-hour

    friend bool operator==(const CloudInstance &, const CloudInstance &) = default;
};

/// Whether a fleet stays at its stated size or follows demand (model.md §10.2). Plan key `expansion`.
enum class Expansion { None, ToDemand };
/// How a purchase is depreciated for tax (model.md §10.5). Plan key `depreciation`.
enum class Depreciation { StraightLine, Macrs5 };
/// How a purchase is paid for (model.md §12). Plan key `financing`.
enum class Financing { Cash, Loan, Lease };

/// Reserved capacity bought for terms of L months (model.md §10.4). fraction 0 = everything on demand.
struct Commitment final
{
    double fraction = defaults::kCommitFraction;           ///< f, share of boxes / nodes committed
    double discount = defaults::kCommitDiscount;           ///< d, off the on-demand rate
    int termMonths = defaults::kCommitTermMonths;          ///< L
    double upfrontFraction = defaults::kCommitUpfrontFraction; ///< a, share of a term paid in its first month

    friend bool operator==(const Commitment &, const Commitment &) = default;
};

/// Always-on boxes (model.md §4.1, commitments §10.4).
struct DedicatedScenario final
{
    CloudInstance instance;
    /// When absent: engineers x boxesPerEngineer. Plan files take an integer; a break-even at equal capacity
    /// sets a fractional count (pro rata, model.md §10.7).
    std::optional<double> boxes;
    double boxesPerEngineer = defaults::kBoxesPerEngineer;
    double hoursOn = defaults::kHoursOn;               ///< per month
    double premium = defaults::kPremium;               ///< fraction on top of the rate
    double overheadMonthly = defaults::kOverheadMonthly;
    Commitment commit;

    friend bool operator==(const DedicatedScenario &, const DedicatedScenario &) = default;
};

/// Node pool run by the team (model.md §4.2), fixed or following demand (§10.2), with commitments (§10.4).
struct ClusterScenario final
{
    CloudInstance instance;
    int nodes = defaults::kNodes;                            ///< the pool; with to_demand its minimum
    double overheadMonthly = defaults::kOverheadMonthly;
    double opsFte = defaults::kOpsFte;
    double fteAnnualCost = defaults::kFteAnnualCost;
    double targetUtilization = defaults::kTargetUtilization; ///< u*: sizeToDemand() and to_demand
    Expansion expansion = Expansion::None;
    Commitment commit;

    friend bool operator==(const ClusterScenario &, const ClusterScenario &) = default;
};

/// Autoscaled pay-per-use (model.md §4.3).
struct ElasticScenario final
{
    CloudInstance instance;
    int gpusPerJob = defaults::kGpusPerJob;                    ///< k
    double scalingEfficiency = defaults::kScalingEfficiency;   ///< e
    double packingEfficiency = defaults::kPackingEfficiency;   ///< eta
    double preemptionsPerJob = defaults::kPreemptionsPerJob;   ///< q
    double checkpointIntervalHours = defaults::kCheckpointIntervalHours; ///< c
    double restartHours = defaults::kRestartHours;             ///< t
    double premium = defaults::kPremium;
    double overheadMonthly = defaults::kOverheadMonthly;
    double opsFte = defaults::kOpsFte;
    double fteAnnualCost = defaults::kFteAnnualCost;

    friend bool operator==(const ElasticScenario &, const ElasticScenario &) = default;
};

/// A bulk-discount tier: from minServers servers on, the list price is reduced by fraction.
struct BulkTier final
{
    int minServers = 1;
    double fraction = 0.0;

    friend bool operator==(const BulkTier &, const BulkTier &) = default;
};

/// A cohort a purchase schedule buys (model.md §11.1): `servers` more bought in `month`.
struct ScheduledPurchase final
{
    int month = 1;
    int servers = 1;

    friend bool operator==(const ScheduledPurchase &, const ScheduledPurchase &) = default;
};

/// Servers bought and run on-prem (model.md §4.4; cohorts §10.2, power §10.3, depreciation §10.5).
struct PurchaseScenario final
{
    int servers = defaults::kServers;                   ///< S, bought in month 1 (may be 0 with `purchases`)
    /// Further cohorts, months strictly ascending in 1..H (model.md §11.1); never with expansion to_demand.
    std::vector<ScheduledPurchase> purchases;
    /// l: months between paying for a cycle and its entering service (§11.1); 0 with expansion to_demand.
    int leadTimeMonths = defaults::kLeadTimeMonths;
    double serverPrice = defaults::kServerPrice;        ///< P, list price
    int gpusPerServer = defaults::kGpusPerServer;
    double speedup = defaults::kSpeedup;
    std::vector<BulkTier> bulkDiscounts;                ///< the largest minServers <= S applies
    int holdingMonths = defaults::kHoldingMonths;       ///< T
    double resaleFraction = defaults::kResaleFraction;  ///< of list price, at sale
    double facilitiesPerServerYear = defaults::kFacilitiesPerServerYear;
    double failuresPerServerYear = defaults::kFailuresPerServerYear;
    double fteAnnualCost = defaults::kFteAnnualCost;
    double serversPerFte = defaults::kServersPerFte;
    bool creditResidualAtHorizon = defaults::kCreditResidualAtHorizon;
    Expansion expansion = Expansion::None;
    double targetUtilization = defaults::kTargetUtilization; ///< u*, what to_demand sizes for
    double powerKwPerServer = defaults::kPowerKwPerServer;   ///< 0 = power is inside facilities
    double averageLoad = defaults::kAverageLoad;
    double pue = defaults::kPue;
    double electricityPerKwh = defaults::kElectricityPerKwh;
    /// True until the purchase states its own price: then the plan's (Workload::electricityPerKwh) applies when the
    /// plan gives one. setParameterValue() of electricity_per_kwh clears it.
    bool electricityFromPlan = true;
    double electricityPriceTrend = defaults::kElectricityPriceTrend; ///< g_e, annual
    Depreciation depreciation = Depreciation::StraightLine;
    std::optional<int> depreciationMonths;                   ///< D; absent = holdingMonths (straight line only)
    /// Financing (model.md §12). The loan and lease terms are kept whatever `financing` says: they are the
    /// alternatives a financing comparison shows; only the chosen one enters the figures.
    Financing financing = Financing::Cash;
    std::optional<double> loanRate;             ///< annual nominal; required with a loan
    std::optional<int> loanTermMonths;          ///< n, 1..120; required with a loan
    double downPaymentFraction = 0.0;           ///< delta: share of each capex paid in cash, the rest borrowed
    std::optional<double> leaseRateFactor;      ///< f: monthly payment per USD of the price paid
    std::optional<double> leasePaymentPerServerMonth; ///< or a fixed payment per installed server and month
    std::optional<int> leaseTermMonths;         ///< absent = holdingMonths; changes no figure (clarification 36)
    /// A generation over time (model.md §14.1).
    int availableFromMonth = defaults::kAvailableFromMonth;  ///< A: no capex before it; to_demand starts there
    double serverPriceTrend = defaults::kServerPriceTrend;   ///< g_s, annual: P_p = P (1+g_s)^((p-1)/12)
    std::optional<int> successorMonth;                       ///< M: the next generation ships
    double successorValueDrop = defaults::kSuccessorValueDrop; ///< d: values taken in a month >= M times (1 - d)
    /// The site and the hardware around the servers (model.md §14.2).
    double infrastructureCapexFraction = defaults::kInfrastructureCapexFraction; ///< f_i: fabric, storage, racks
    double paidAtOrderFraction = defaults::kPaidAtOrderFraction; ///< delta_o: paid at order, the rest at delivery
    double colocationPerKwMonth = defaults::kColocationPerKwMonth; ///< c: per contracted kW and month
    std::optional<double> idlePowerFraction;                 ///< phi: load = phi + (1-phi) u_m; instead of averageLoad
    double bonusDepreciationFraction = defaults::kBonusDepreciationFraction; ///< b: charged at once in service month 1

    friend bool operator==(const PurchaseScenario &, const PurchaseScenario &) = default;
};

/// An owned or reserved baseline with elastic burst (model.md §10.6): names of two scenarios of the plan.
struct HybridScenario final
{
    QString base;  ///< a dedicated, cluster or purchase scenario
    QString burst; ///< an elastic scenario
    double baseMaxUtilization = defaults::kBaseMaxUtilization; ///< beta: the base serves at most this share

    friend bool operator==(const HybridScenario &, const HybridScenario &) = default;
};

/// One reservation of a reserved scenario (model.md §11.2): `instances` locked for `termMonths` from `startMonth`.
struct ReservedTerm final
{
    int startMonth = 1;
    int instances = 1;
    int termMonths = defaults::kCommitTermMonths;

    friend bool operator==(const ReservedTerm &, const ReservedTerm &) = default;
};

/// Reserved capacity bought in terms (model.md §11.2): nothing runs on demand, nothing renews by itself.
struct ReservedScenario final
{
    CloudInstance instance;
    double premium = defaults::kPremium;
    double discount = defaults::kCommitDiscount;               ///< d, off the on-demand rate
    double upfrontFraction = defaults::kCommitUpfrontFraction; ///< a, share of a term paid in its first month
    double overheadMonthly = defaults::kOverheadMonthly;
    double opsFte = defaults::kOpsFte;
    double fteAnnualCost = defaults::kFteAnnualCost;
    std::vector<ReservedTerm> terms;                           ///< may be empty: overhead and staff only

    friend bool operator==(const ReservedScenario &, const ReservedScenario &) = default;
};

/// Layers of capacity and one burst (model.md §11.3): names of other scenarios of the plan.
struct MixScenario final
{
    QStringList layers; ///< purchase, dedicated, cluster or reserved scenarios, served in this order
    QString burst;      ///< an elastic scenario; empty = none (what the layers cannot serve is unmet)
    double maxUtilization = defaults::kBaseMaxUtilization; ///< beta: each layer serves at most this share

    friend bool operator==(const MixScenario &, const MixScenario &) = default;
};

/// One scenario's parameters; the alternative is its kind (in ScenarioKind order).
using Scenario = std::variant<DedicatedScenario, ClusterScenario, ElasticScenario, PurchaseScenario, HybridScenario,
                              ReservedScenario, MixScenario>;

/// Hybrids and mixes name other scenarios of the plan and are evaluated from them.
inline bool isComposite(ScenarioKind kind)
{
    return kind == ScenarioKind::Hybrid || kind == ScenarioKind::Mix;
}

/// Rented from a cloud (dedicated, cluster, elastic, reserved): what owning is measured against (model.md §12).
inline bool isCloudKind(ScenarioKind kind)
{
    return kind == ScenarioKind::Dedicated || kind == ScenarioKind::Cluster || kind == ScenarioKind::Elastic ||
           kind == ScenarioKind::Reserved;
}

ScenarioKind scenarioKind(const Scenario &scenario);
/// A scenario of that kind with every parameter at its default.
Scenario defaultScenario(ScenarioKind kind);
/// The rented instance of a cloud scenario (reserved included); nullptr for purchase, hybrid and mix.
const CloudInstance *cloudInstance(const Scenario &scenario);
CloudInstance *cloudInstance(Scenario &scenario);
/// The bulk discount that applies to `servers` (0 when no tier does).
double bulkDiscountFor(const std::vector<BulkTier> &tiers, int servers);

/// "none" / "to_demand" and "straight_line" / "macrs_5": the plan-file keys.
QString expansionKey(Expansion expansion);
std::optional<Expansion> expansionFromKey(const QString &key);
QString depreciationKey(Depreciation depreciation);
std::optional<Depreciation> depreciationFromKey(const QString &key);
/// "cash" / "loan" / "lease".
QString financingKey(Financing financing);
std::optional<Financing> financingFromKey(const QString &key);
/// A loan's level payment per USD borrowed over n months at the monthly rate i (model.md §12): i / (1 - (1+i)^-n),
/// 1 / n at i = 0.
double loanPaymentFactor(double monthlyRate, int months);

} // namespace mltco::tco

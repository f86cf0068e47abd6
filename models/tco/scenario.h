#pragma once

#include "models/tco/defaults.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace mltco::tco {

enum class ScenarioKind { Dedicated, Cluster, Elastic, Purchase };
inline constexpr int kScenarioKindCount = 4;

/// "dedicated", "cluster", "elastic", "purchase": the key used in plan files.
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

/// Always-on boxes (model.md §4.1).
struct DedicatedScenario final
{
    CloudInstance instance;
    std::optional<int> boxes;                          ///< when absent: engineers x boxesPerEngineer
    double boxesPerEngineer = defaults::kBoxesPerEngineer;
    double hoursOn = defaults::kHoursOn;               ///< per month
    double premium = defaults::kPremium;               ///< fraction on top of the rate
    double overheadMonthly = defaults::kOverheadMonthly;

    friend bool operator==(const DedicatedScenario &, const DedicatedScenario &) = default;
};

/// Fixed node pool run by the team (model.md §4.2).
struct ClusterScenario final
{
    CloudInstance instance;
    int nodes = defaults::kNodes;
    double overheadMonthly = defaults::kOverheadMonthly;
    double opsFte = defaults::kOpsFte;
    double fteAnnualCost = defaults::kFteAnnualCost;
    double targetUtilization = defaults::kTargetUtilization; ///< only for sizeToDemand()

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

/// Servers bought and run on-prem (model.md §4.4).
struct PurchaseScenario final
{
    int servers = defaults::kServers;                   ///< S
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

    friend bool operator==(const PurchaseScenario &, const PurchaseScenario &) = default;
};

/// One scenario's parameters; the alternative is its kind.
using Scenario = std::variant<DedicatedScenario, ClusterScenario, ElasticScenario, PurchaseScenario>;

ScenarioKind scenarioKind(const Scenario &scenario);
/// A scenario of that kind with every parameter at its default.
Scenario defaultScenario(ScenarioKind kind);
/// The rented instance of a cloud scenario; nullptr for purchase.
const CloudInstance *cloudInstance(const Scenario &scenario);
CloudInstance *cloudInstance(Scenario &scenario);
/// The bulk discount that applies to `servers` (0 when no tier does).
double bulkDiscountFor(const std::vector<BulkTier> &tiers, int servers);

} // namespace mltco::tco

#pragma once

// The default value of every workload and scenario parameter, in one place. The structs in workload.h and
// scenario.h initialise from these and the parameter table (parameters.cpp) cites the same constants with
// their source, so a default cannot drift between the engine, the plan reader, the GUI forms and the docs.

namespace mltco::tco {

/// One month is 8760 / 12 = 730 hours (model.md §1).
inline constexpr double kHoursPerMonth = 730.0;
/// Days per month for storage ages (model.md §7 writes 30.4167; this is 365 / 12 unrounded).
inline constexpr double kDaysPerMonth = 365.0 / 12.0;

namespace defaults {

// Workload (model.md §3).
inline constexpr int kEngineers = 4;
inline constexpr double kDemandGpuHours = 2920.0;
inline constexpr double kJobGpuHours = 24.0;
inline constexpr int kHorizonMonths = 36;
inline constexpr double kDiscountRate = 0.0;
inline constexpr double kCloudPriceTrend = 0.0;
inline constexpr double kDemandGrowth = 0.0;   // model.md §10.1
inline constexpr double kTaxRate = 0.0;        // model.md §10.5: the pre-tax cash view

// Cloud instance (dedicated, cluster, elastic).
inline constexpr double kGpusPerInstance = 1.0;
inline constexpr double kSpeedup = 1.0;

// dedicated (model.md §4.1)
inline constexpr double kBoxesPerEngineer = 1.0;
inline constexpr double kHoursOn = kHoursPerMonth;
inline constexpr double kPremium = 0.0;
inline constexpr double kOverheadMonthly = 0.0;

// cluster (model.md §4.2)
inline constexpr int kNodes = 1;
inline constexpr double kOpsFte = 0.0;
inline constexpr double kFteAnnualCost = 100000.0;
inline constexpr double kTargetUtilization = 0.7;

// elastic (model.md §4.3)
inline constexpr int kGpusPerJob = 1;
inline constexpr double kScalingEfficiency = 1.0;
inline constexpr double kPackingEfficiency = 0.9;
inline constexpr double kPreemptionsPerJob = 0.0;
inline constexpr double kCheckpointIntervalHours = 1.0;
inline constexpr double kRestartHours = 0.25;

// purchase (model.md §4.4)
inline constexpr int kServers = 1;
inline constexpr int kLeadTimeMonths = 0;
inline constexpr double kServerPrice = 150000.0;
inline constexpr int kGpusPerServer = 8;
inline constexpr int kHoldingMonths = 36;
inline constexpr double kResaleFraction = 0.30;
inline constexpr double kFacilitiesPerServerYear = 3000.0;
inline constexpr double kFailuresPerServerYear = 15000.0;
inline constexpr double kServersPerFte = 10.0;
inline constexpr bool kCreditResidualAtHorizon = true;

// Fleets that follow demand (model.md §10.2).
inline constexpr int kMaxFleet = 100000; // clarification 4: a larger need refuses the plan

// Power (model.md §10.3).
inline constexpr double kPowerKwPerServer = 0.0; // 0 = power is inside facilities
inline constexpr double kAverageLoad = 0.8;
inline constexpr double kPue = 1.5;
inline constexpr double kElectricityPerKwh = 0.12;
inline constexpr double kElectricityPriceTrend = 0.0;

// A generation over time and the site around the servers (model.md §14.1, §14.2): every default is version 3's
// behaviour.
inline constexpr int kAvailableFromMonth = 1;
inline constexpr double kServerPriceTrend = 0.0;
inline constexpr double kSuccessorValueDrop = 0.0;
inline constexpr double kInfrastructureCapexFraction = 0.0;
inline constexpr double kPaidAtOrderFraction = 1.0;
inline constexpr double kColocationPerKwMonth = 0.0;
inline constexpr double kBonusDepreciationFraction = 0.0;

// Commitments (model.md §10.4).
inline constexpr double kCommitFraction = 0.0;
inline constexpr double kCommitDiscount = 0.0;
inline constexpr int kCommitTermMonths = 12;
inline constexpr double kCommitUpfrontFraction = 0.0;

// Hybrid (model.md §10.6).
inline constexpr double kBaseMaxUtilization = 0.85;

// Break-even sweep (model.md §6).
inline constexpr int kBreakEvenMaxServers = 100;

} // namespace defaults
} // namespace mltco::tco

#pragma once

#include "models/common/currency.h"

#include "models/common/expected.h"
#include "models/analytics/orderstatistics.h"
#include "models/plan/planevaluation.h"

#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace mltco::tco {

/// How Monte Carlo trials draw their inputs: Latin hypercube (each input's range cut into `trials` equally
/// likely strata, one draw per stratum) or plain independent draws.
enum class Sampling { LatinHypercube, Random };

QString samplingKey(Sampling sampling);
std::optional<Sampling> samplingFromKey(const QString &key);

inline constexpr int kMaxTrials = 1000000;

struct AnalysisOptions final
{
    int trials = 10000;     ///< 1 .. kMaxTrials
    quint64 seed = 1;       ///< the same seed gives the same result, byte for byte, on any number of threads
    Sampling sampling = Sampling::LatinHypercube;
    double swing = 0.2;     ///< tornado: ± this fraction for a parameter without a distribution (0 < swing < 1)
    int threads = 0;        ///< 0: one per core
    bool keepSamples = false; ///< keep every trial's inputs and totals (the audit trail of --samples-csv)
    /// Stop early once every scenario's median is known to ±1 % at 95 % confidence: runs 1,000 trials, then
    /// 2,000, 4,000, ... up to `trials`, each a complete (and reproducible) run; the answer is the last one.
    bool converge = false;
    /// The most memory the fan chart may keep its values in (4 bytes per trial, scenario and month). A larger run
    /// evaluates its trials three times and streams them instead (the same figures, about three times the time);
    /// 0: no limit.
    std::size_t fanMemoryLimit = std::size_t{256} << 20;
    /// Told how many trials are done, from the calling thread; returning false cancels the run.
    std::function<bool(int done, int total)> progress;
};

/// One bar of a tornado (model.md §10.9, §10.10 clarification 10).
struct TornadoEntry final
{
    QString scenario; ///< whose total moves
    QString target;   ///< "workload" or the scenario's name: whose parameter is moved
    ParamId parameter = ParamId::DemandGpuHours;
    double base = 0.0;
    double low = 0.0, high = 0.0;           ///< the two points the parameter is moved to
    double totalLow = 0.0, totalHigh = 0.0; ///< the scenario's total with the parameter at low / high
    double swing() const { return totalHigh > totalLow ? totalHigh - totalLow : totalLow - totalHigh; }
};

struct ScenarioRisk final
{
    QString name;
    double mean = 0.0;
    Percentiles total;
    double npvMean = 0.0;
    Percentiles npv;
    double pCheapest = 0.0; ///< share of trials in which it is the cheapest (a tie shares the trial)
};

/// Scenario a against b (a before b in plan order): the statistics of total(a) − total(b).
struct PairRisk final
{
    QString a, b;
    double pACheaper = 0.0;
    Percentiles difference;
};

/// The fan chart of one scenario: P10, P50, P90 of cumulative cost at the end of each month.
struct FanSeries final
{
    QString scenario;
    std::vector<double> p10, p50, p90;
};

/// The payback month (model.md §6) of a purchase against a cloud option over the trials: for each break-even request of
/// the plan, and for the pair the dashboard shows (the headline purchase against the plan's one counterpart) when the
/// plan does not ask for it. A percentile that falls among the trials that never pay back is nullopt.
struct BreakEvenMonthRisk final
{
    QString purchase, cloud;
    bool onDashboard = false; ///< the pair the dashboard's break-even card shows (tco::headlineBreakEven)
    bool requested = true;    ///< one of the plan's break-even requests (false: added for the dashboard's pair)
    double pNever = 0.0;
    std::optional<double> p10, p50, p90;
};

struct AnalysisResult final
{
    int trials = 0;
    quint64 seed = 0;
    Sampling sampling = Sampling::LatinHypercube;
    double swing = 0.2;
    std::optional<bool> converged; ///< with AnalysisOptions::converge: whether the medians settled within `trials`
    QString currency = QString::fromLatin1(kDefaultCurrency); ///< of every amount: the plan's (model.md §13)
    std::vector<ScenarioRisk> scenarios;
    std::vector<PairRisk> pairs;
    std::vector<TornadoEntry> tornado; ///< in scenario order, then by swing, largest first
    std::vector<FanSeries> fan;
    std::vector<BreakEvenMonthRisk> breakevenMonths;
    /// With keepSamples: trial-major, plan.uncertainty.size() values per trial, and one total per scenario.
    std::vector<double> sampleInputs, sampleTotals;
};

/// The tornado of an evaluated plan: every numeric parameter of each scenario's kind and of the workload
/// (except horizon_months, and boxes_per_engineer when boxes is stated) moved to its low and high, all else at
/// the plan's values. Bars with no swing are left out.
std::vector<TornadoEntry> tornado(const Plan &plan, const PlanResult &base, double swing = 0.2);

/// `plan` without the uncertain inputs of scenarios `base` left out (Incomplete::LeaveOut), and their
/// correlations: what analyzePlan can sample while those scenarios cannot be evaluated. `dropped`, when given,
/// receives the names of the scenarios whose inputs were dropped.
Plan withoutLeftOutUncertainty(const Plan &plan, const PlanResult &base, QStringList *dropped = nullptr);

/// Monte Carlo over the plan's `uncertainty` (and `correlations`, by Iman–Conover), plus the tornado.
/// `base` is the plan evaluated with its catalog (evaluatePlan): trials reuse its resolved scenarios, so the
/// catalog is read once. Refused in words for bad options; a cancelled run is an Error too.
Expected<AnalysisResult> analyzePlan(const Plan &plan, const PlanResult &base, const AnalysisOptions &options);

/// Whether every scenario's median total is known to ±`tolerance` (relative) at 95 % confidence, from the
/// trial-major totals of `trials` trials (the order statistics around the median: ranks n/2 ± 1.96·√n / 2).
bool mediansSettled(const std::vector<double> &totals, std::size_t scenarios, double tolerance = 0.01);

/// "analysis cancelled": the message of the Error a cancelled run returns.
QString analysisCancelledMessage();

} // namespace mltco::tco

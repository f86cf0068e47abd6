#pragma once

#include "models/tco/workload.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace mltco::tco {

/// What the fleet optimizer minimises (model.md §11.4): the weighted mean NPV of the futures, or their CVaR at beta
/// (the weighted mean of the worst 1 - beta of the probability mass).
enum class OptimizeObjective { Mean, Cvar };
QString optimizeObjectiveKey(OptimizeObjective objective);
std::optional<OptimizeObjective> optimizeObjectiveFromKey(const QString &key);

/// One explicit future: a weight and the demand keys it changes (model.md §11.4); a key not given keeps the plan's.
struct OptimizeFuture final
{
    double weight = 1.0;
    std::optional<double> demandGpuHours;
    std::optional<double> demandGrowth;
    std::optional<std::vector<DemandStep>> demandSteps;

    /// The plan's workload with this future's demand.
    Workload applyTo(Workload workload) const;
    friend bool operator==(const OptimizeFuture &, const OptimizeFuture &) = default;
};

/// The plan key `optimize` (model.md §11.4): which scenarios play own, reserve and burst, when decisions may be taken,
/// the limits, the objective and the futures. Optional members are written back only when the plan gives them.
struct OptimizeRequest final
{
    /// Purchase scenarios, the candidates to own, in order (model.md §14.4); empty: none (null). One name is version 3.
    QStringList own;
    QStringList reserve; ///< reserved scenarios, the candidates to reserve, in order; empty: none
    QString burst;       ///< an elastic scenario, or empty
    /// `own` / `reserve` given as a list in the file: the answer then names each entry's candidate (model.md §14.4) and
    /// the file is written back with a list.
    bool ownListed = false, reserveListed = false;
    std::optional<std::vector<int>> epochs; ///< months, strictly ascending in 1..H; absent: every everyMonths
    std::optional<int> everyMonths;         ///< default 3
    std::optional<int> maxServers;          ///< default 1,000
    std::optional<int> maxInstances;        ///< default 1,000
    std::optional<double> capexBudgetPerYear; ///< absent: no budget
    std::optional<double> minService;       ///< default 1 (without a burst)
    std::optional<double> maxUtilization;   ///< default 0.85
    std::optional<OptimizeObjective> objective; ///< default mean
    std::optional<double> beta;             ///< default 0.9
    std::optional<std::vector<OptimizeFuture>> futures; ///< absent: `trials` sampled from the plan's uncertainty
    std::optional<int> trials;              ///< default 1,000
    std::optional<quint64> seed;            ///< default 1
    std::optional<QString> name;            ///< default "Optimized mix"

    static constexpr int kDefaultEveryMonths = 3;
    static constexpr int kDefaultMaxServers = 1000;
    static constexpr int kDefaultMaxInstances = 1000;
    static constexpr double kDefaultBeta = 0.9;
    static constexpr int kDefaultTrials = 1000;
    static constexpr int kMaxTrials = 100000;
    static constexpr int kMaxLimit = 100000;

    /// The decision months: `epochs`, else 1, 1 + every, 1 + 2 every, ... up to the horizon.
    std::vector<int> decisionMonths(int horizonMonths) const;
    QString mixName() const { return name.value_or(QStringLiteral("Optimized mix")); }
    /// The scenario `--write-plan` adds for an own candidate: "NAME · own", or "NAME · own · CANDIDATE" when `own` is a
    /// list (model.md §14.4).
    QString ownName(const QString &candidate) const;
    QString reserveName(const QString &candidate) const;
    int roles() const { return int(!own.isEmpty()) + int(!reserve.isEmpty()) + int(!burst.isEmpty()); }

    friend bool operator==(const OptimizeRequest &, const OptimizeRequest &) = default;
};

} // namespace mltco::tco

#pragma once

#include "models/plan/parameters.h"

#include <QList>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace mltco::tco {

/// The shape of an uncertain input (model.md §10.9).
enum class DistributionKind { Triangular, Pert, Uniform, Lognormal };

QString distributionKey(DistributionKind kind);
std::optional<DistributionKind> distributionFromKey(const QString &key);

/// One entry of a plan's `uncertainty` list: a parameter of the workload or of one scenario, and how
/// unsure the plan is of it.
struct Uncertainty final
{
    QString target; ///< "workload" or a scenario's name
    ParamId parameter = ParamId::DemandGpuHours;
    DistributionKind distribution = DistributionKind::Triangular;
    double low = 0.0, mode = 0.0, high = 0.0; ///< triangular and PERT: all three; uniform: low and high
    double median = 0.0, p90 = 0.0;           ///< lognormal
    QString notes;

    bool targetsWorkload() const { return target == QLatin1String("workload"); }
};

/// A rank (Spearman) correlation between two entries of `uncertainty`, by their 0-based positions.
struct RankCorrelation final
{
    int a = 0;
    int b = 0;
    double rank = 0.0;
};

/// Cholesky factor L (row-major, n × n, lower) of a symmetric matrix; nullopt when it is not positive definite.
std::optional<std::vector<double>> cholesky(const std::vector<double> &matrix, int n);

/// The normal-score correlation matrix Iman–Conover aims at (n × n, row-major): 1 on the diagonal and
/// 2·sin(π·ρ/6) for each rank correlation ρ (clarification 11); nullopt when it is not positive definite (the
/// correlations contradict each other).
std::optional<std::vector<double>> targetCorrelationMatrix(const QList<RankCorrelation> &correlations, int n);

} // namespace mltco::tco

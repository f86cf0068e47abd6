#include "models/plan/uncertainty.h"

#include <cmath>

namespace mltco::tco {
namespace {

struct KindKey
{
    DistributionKind kind;
    const char *key;
};
constexpr KindKey kKinds[] = {{DistributionKind::Triangular, "triangular"},
                              {DistributionKind::Pert, "pert"},
                              {DistributionKind::Uniform, "uniform"},
                              {DistributionKind::Lognormal, "lognormal"}};

} // namespace

QString distributionKey(DistributionKind kind)
{
    for (const KindKey &k : kKinds)
        if (k.kind == kind)
            return QLatin1String(k.key);
    return {};
}

std::optional<DistributionKind> distributionFromKey(const QString &key)
{
    for (const KindKey &k : kKinds)
        if (key == QLatin1String(k.key))
            return k.kind;
    return std::nullopt;
}

std::optional<std::vector<double>> cholesky(const std::vector<double> &m, int n)
{
    std::vector<double> l(static_cast<std::size_t>(n) * n, 0.0);
    const auto at = [n](std::vector<double> &v, int r, int c) -> double & {
        return v[static_cast<std::size_t>(r * n + c)];
    };
    for (int j = 0; j < n; ++j) {
        double sum = m[static_cast<std::size_t>(j * n + j)];
        for (int k = 0; k < j; ++k)
            sum -= at(l, j, k) * at(l, j, k);
        if (!(sum > 1e-12))
            return std::nullopt;
        at(l, j, j) = std::sqrt(sum);
        for (int i = j + 1; i < n; ++i) {
            double s = m[static_cast<std::size_t>(i * n + j)];
            for (int k = 0; k < j; ++k)
                s -= at(l, i, k) * at(l, j, k);
            at(l, i, j) = s / at(l, j, j);
        }
    }
    return l;
}

std::optional<std::vector<double>> targetCorrelationMatrix(const QList<RankCorrelation> &correlations, int n)
{
    std::vector<double> m(static_cast<std::size_t>(n) * n, 0.0);
    for (int i = 0; i < n; ++i)
        m[static_cast<std::size_t>(i * n + i)] = 1.0;
    for (const RankCorrelation &c : correlations) {
        if (c.a < 0 || c.b < 0 || c.a >= n || c.b >= n || c.a == c.b)
            return std::nullopt;
        const double r = 2 * std::sin(std::numbers::pi * c.rank / 6);
        m[static_cast<std::size_t>(c.a * n + c.b)] = r;
        m[static_cast<std::size_t>(c.b * n + c.a)] = r;
    }
    if (!cholesky(m, n))
        return std::nullopt;
    return m;
}

} // namespace mltco::tco

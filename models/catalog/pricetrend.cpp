#include "models/catalog/pricetrend.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/gputable.h"

#include <QHash>

#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace mltco::catalog {
namespace {

constexpr double kDaysPerYear = 365.25;

// The regularized incomplete beta I_x(a, b), by its continued fraction (modified Lentz).
double betaContinuedFraction(double a, double b, double x)
{
    constexpr double tiny = 1e-300;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    d = std::abs(d) < tiny ? tiny : d;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 300; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1.0 + aa * d;
        d = std::abs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = std::abs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1.0 + aa * d;
        d = std::abs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = std::abs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1.0) < 1e-15)
            break;
    }
    return h;
}

double incompleteBeta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * betaContinuedFraction(a, b, x) / a;
    return 1.0 - front * betaContinuedFraction(b, a, 1 - x) / b;
}

// P(T <= t) for Student's t with v degrees of freedom.
double studentCdf(double t, double v)
{
    const double tail = 0.5 * incompleteBeta(v / 2, 0.5, v / (v + t * t));
    return t >= 0 ? 1 - tail : tail;
}

} // namespace

double studentQuantile(double p, int degrees)
{
    double lo = -1e6, hi = 1e6;
    for (int i = 0; i < 200 && hi - lo > 1e-13 * std::max(1.0, std::abs(lo)); ++i) {
        const double mid = (lo + hi) / 2;
        (studentCdf(mid, degrees) < p ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

Expected<LogLinearFit> fitLogLinear(const std::vector<std::pair<double, double>> &points)
{
    const auto n = static_cast<double>(points.size());
    if (points.size() < 3)
        return Error{QStringLiteral("a trend needs at least 3 price points; there are %1").arg(points.size()), {}};
    double sx = 0, sy = 0;
    for (const auto &[x, y] : points) {
        if (!(y > 0) || !std::isfinite(x))
            return Error{QStringLiteral("a trend needs positive prices"), {}};
        sx += x;
        sy += std::log(y);
    }
    const double mx = sx / n, my = sy / n;
    double sxx = 0, sxy = 0;
    for (const auto &[x, y] : points) {
        sxx += (x - mx) * (x - mx);
        sxy += (x - mx) * (std::log(y) - my);
    }
    if (!(sxx > 1e-12))
        return Error{QStringLiteral("a trend needs prices observed on at least two different dates"), {}};
    LogLinearFit fit;
    fit.points = static_cast<int>(points.size());
    fit.slope = sxy / sxx;
    const double intercept = my - fit.slope * mx;
    double sse = 0;
    for (const auto &[x, y] : points) {
        const double r = std::log(y) - (intercept + fit.slope * x);
        sse += r * r;
    }
    fit.slopeStdError = std::sqrt(sse / (n - 2) / sxx);
    const double t = studentQuantile(0.95, fit.points - 2);
    fit.annualChange = std::expm1(fit.slope);
    fit.ci90Low = std::expm1(fit.slope - t * fit.slopeStdError);
    fit.ci90High = std::expm1(fit.slope + t * fit.slopeStdError);
    return fit;
}

Expected<PriceTrend> priceTrend(const CatalogRepository &repo, const TrendFilter &filter)
{
    QHash<QString, InstanceType> instances;
    for (const InstanceType &i : repo.instanceTypes(filter.provider))
        instances.insert(i.provider + QLatin1Char('\n') + i.name, i);
    QHash<QString, std::optional<double>> speedups;
    for (const Gpu &g : repo.gpus())
        speedups.insert(g.name, g.speedup ? g.speedup : estimatedSpeedup(g));
    PriceFilter prices;
    prices.provider = filter.provider;
    prices.pricing = filter.pricing;
    PriceTrend trend;
    // (instance, pricing, date) -> sum of ln(price per reference GPU-hour) and count (regions averaged). The
    // observations are read one by one (a catalog may hold millions); only these sums are kept.
    std::map<std::tuple<QString, int, qint64>, std::pair<double, int>> groups;
    repo.forEachPrice(prices, [&](const PricePoint &p) {
        const auto it = instances.constFind(p.provider + QLatin1Char('\n') + p.instance);
        if (it == instances.cend() || (!filter.gpu.isEmpty() && it->gpu != filter.gpu))
            return true; // not asked for
        const double hourly = p.hourly().value_or(0.0);
        const double speedup = it->gpu.isEmpty() ? 0.0 : speedups.value(it->gpu).value_or(0.0);
        if (!(hourly > 0) || !(it->gpuCount > 0) || !(speedup > 0) || !p.observedAt.isValid()) {
            ++trend.skipped;
            return true;
        }
        auto &group = groups[{p.provider + QLatin1Char('/') + p.instance, static_cast<int>(p.pricing), p.observedAt.toJulianDay()}];
        group.first += std::log(hourly / (it->gpuCount * speedup));
        ++group.second;
        return true;
    });
    if (Status s = repo.readStatus(); !s)
        return s.error();
    if (groups.empty())
        return Error{QStringLiteral("no price in the catalog matches (provider %1, GPU %2, pricing %3)")
                         .arg(filter.provider.isEmpty() ? QStringLiteral("any") : filter.provider,
                              filter.gpu.isEmpty() ? QStringLiteral("any") : filter.gpu,
                              filter.pricing ? pricingModelKey(*filter.pricing) : QStringLiteral("any")),
                     {}};
    qint64 firstDay = std::numeric_limits<qint64>::max(), lastDay = std::numeric_limits<qint64>::min();
    for (const auto &[key, value] : groups) {
        firstDay = std::min(firstDay, std::get<2>(key));
        lastDay = std::max(lastDay, std::get<2>(key));
    }
    std::vector<std::pair<double, double>> points;
    for (const auto &[key, value] : groups)
        points.emplace_back(static_cast<double>(std::get<2>(key) - firstDay) / kDaysPerYear,
                            std::exp(value.first / value.second));
    Expected<LogLinearFit> fit = fitLogLinear(points);
    if (!fit)
        return fit.error();
    trend.fit = *fit;
    trend.first = QDate::fromJulianDay(firstDay);
    trend.last = QDate::fromJulianDay(lastDay);
    return trend;
}

} // namespace mltco::catalog

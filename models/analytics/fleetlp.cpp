#include "models/analytics/fleetlp.h"

#include <ClpSimplex.hpp>
#include <ClpSolve.hpp>
#include <CoinPackedMatrix.hpp>

#include <algorithm>
#include <cfloat>
#include <memory>

namespace mltco::tco {

namespace {

// A model's columns, rows and coefficients gathered in order, then loaded into CLP in one piece.
struct LpBuilder final
{
    std::vector<int> rows, cols;
    std::vector<double> elements, colLower, colUpper, objective, rowLower, rowUpper;

    int column(double lower, double upper, double cost)
    {
        colLower.push_back(lower);
        colUpper.push_back(upper);
        objective.push_back(cost);
        return static_cast<int>(colLower.size()) - 1;
    }
    int row(double lower, double upper)
    {
        rowLower.push_back(lower);
        rowUpper.push_back(upper);
        return static_cast<int>(rowLower.size()) - 1;
    }
    void put(int r, int c, double value)
    {
        if (value != 0.0) {
            rows.push_back(r);
            cols.push_back(c);
            elements.push_back(value);
        }
    }
    void load(ClpSimplex &model) const
    {
        CoinPackedMatrix matrix(true, rows.data(), cols.data(), elements.data(), static_cast<CoinBigIndex>(elements.size()));
        matrix.setDimensions(static_cast<int>(rowLower.size()), static_cast<int>(colLower.size()));
        model.setLogLevel(0);
        model.loadProblem(matrix, colLower.data(), colUpper.data(), objective.data(), rowLower.data(), rowUpper.data());
    }
};

// The request's limits (model.md §11.4) on the decision's columns, x then y: the most servers, the capex budget of each
// plan year, the most instances. Returns the servers' row (-1 without servers to buy).
int addLimits(LpBuilder &b, const FleetLp &lp)
{
    int servers = -1;
    if (lp.own > 0) {
        servers = b.row(-COIN_DBL_MAX, lp.maxServers);
        for (int k = 0; k < lp.own; ++k)
            b.put(servers, k, 1.0);
        if (lp.budget) {
            for (const std::vector<double> &year : lp.budgetRows) {
                const int r = b.row(-COIN_DBL_MAX, *lp.budget * (1.0 + 1e-9));
                for (int k = 0; k < lp.own; ++k)
                    b.put(r, k, year[static_cast<std::size_t>(k)]);
            }
        }
    }
    if (lp.reserve > 0) {
        const int instances = b.row(-COIN_DBL_MAX, lp.maxInstances);
        for (int k = 0; k < lp.reserve; ++k)
            b.put(instances, lp.own + k, 1.0);
    }
    return servers;
}

} // namespace

std::optional<FleetLpSolution> solveFleetLp(const FleetLp &lp)
{
    const int F = lp.futures;
    const int H = lp.months;
    const bool cvar = lp.cvar && lp.beta > 0.0;
    LpBuilder b;

    // The decision: x then y. In the mean objective each carries its weighted cost; in CVaR the cost sits in the rows.
    double constant = 0.0;
    for (int k = 0; k < lp.own; ++k) {
        double cost = 0.0;
        for (int f = 0; f < F && !cvar; ++f)
            cost += lp.weight[f] * lp.ownCost[static_cast<std::size_t>(f * lp.own + k)];
        b.column(0.0, lp.maxServers, cost);
    }
    for (int k = 0; k < lp.reserve; ++k) {
        double cost = 0.0;
        for (int f = 0; f < F && !cvar; ++f)
            cost += lp.weight[f] * lp.reserveCost[static_cast<std::size_t>(f * lp.reserve + k)];
        b.column(0.0, lp.maxInstances, cost);
    }
    const int eta = cvar ? b.column(-COIN_DBL_MAX, COIN_DBL_MAX, 1.0) : -1;
    const double tail = 1.0 / (1.0 - lp.beta);

    for (int f = 0; f < F; ++f) {
        const double w = lp.weight[f];
        if (!cvar)
            constant += w * lp.constant[f];
        const int u = cvar ? b.column(0.0, COIN_DBL_MAX, w * tail) : -1;
        // u_f + eta - (cost of f) >= constant_f
        const int risk = cvar ? b.row(lp.constant[f], COIN_DBL_MAX) : -1;
        if (cvar) {
            b.put(risk, u, 1.0);
            b.put(risk, eta, 1.0);
            for (int k = 0; k < lp.own; ++k)
                b.put(risk, k, -lp.ownCost[static_cast<std::size_t>(f * lp.own + k)]);
            for (int k = 0; k < lp.reserve; ++k)
                b.put(risk, lp.own + k, -lp.reserveCost[static_cast<std::size_t>(f * lp.reserve + k)]);
        }
        double totalDemand = 0.0;
        std::vector<int> left;
        for (int m = 0; m < H; ++m) {
            const double g = lp.demand[static_cast<std::size_t>(f * H + m)];
            totalDemand += g;
            if (g <= 0.0)
                continue;
            const double slope = lp.slope[static_cast<std::size_t>(f * H + m)];
            const int o = b.column(0.0, COIN_DBL_MAX, cvar ? 0.0 : w * slope);
            left.push_back(o);
            if (cvar)
                b.put(risk, o, -slope);
            const int cover = b.row(g, COIN_DBL_MAX);
            b.put(cover, o, 1.0);
            for (int k = 0; k < lp.own; ++k)
                if (lp.ownFrom[static_cast<std::size_t>(k)] <= m)
                    b.put(cover, k, lp.maxUtilization * lp.perServer[f]);
            for (int k = 0; k < lp.reserve; ++k)
                if (lp.reserveFrom[static_cast<std::size_t>(k)] <= m && m <= lp.reserveTo[static_cast<std::size_t>(k)])
                    b.put(cover, lp.own + k, lp.maxUtilization * lp.perInstance[f]);
        }
        if (!lp.burst) {
            const int service = b.row(-COIN_DBL_MAX, (1.0 - lp.minService) * totalDemand * (1.0 + 1e-9));
            for (int o : left)
                b.put(service, o, 1.0);
        }
    }
    addLimits(b, lp);
    ClpSimplex model;
    b.load(model);
    // The dual simplex after CLP's presolve: the fastest of CLP's methods on this model (primal is about four times
    // slower, the barrier far slower).
    ClpSolve how;
    how.setSolveType(ClpSolve::useDual);
    model.initialSolve(how);
    if (!model.isProvenOptimal())
        return std::nullopt;
    FleetLpSolution solution;
    solution.value = model.objectiveValue() + constant;
    const double *x = model.primalColumnSolution();
    solution.decision.assign(x, x + lp.own + lp.reserve);
    return solution;
}

namespace {

// The compact model built once (fleetlp.h): what the first staffed month and a branch's bounds change is applied by
// applyCompactBounds(), so a session re-solves from the basis it had.
struct CompactModel final
{
    std::unique_ptr<ClpSimplex> model;
    double constant = 0.0;
    int decisions = 0;
    int maxServers = 0;
    std::vector<int> ownFrom;
    std::vector<int> peopleColumn; // [m], -1 without staff
    int serversRow = -1;
    std::vector<double> baseLower, baseUpper; // of the decision columns
};

CompactModel buildCompact(const FleetLpCompact &compact)
{
    const FleetLp &lp = compact.lp;
    const int F = lp.futures;
    const int H = lp.months;
    CompactModel built;
    built.peopleColumn.assign(static_cast<std::size_t>(std::max(0, H)), -1);
    LpBuilder b;
    double constant = 0.0;
    for (int f = 0; f < F; ++f)
        constant += lp.weight[f] * lp.constant[f];
    for (int k = 0; k < lp.own; ++k) {
        double cost = 0.0;
        for (int f = 0; f < F; ++f)
            cost += lp.weight[f] * lp.ownCost[static_cast<std::size_t>(f * lp.own + k)];
        b.column(0.0, lp.maxServers, cost); // the first staffed month narrows it (applyCompactBounds)
    }
    for (int k = 0; k < lp.reserve; ++k) {
        double cost = 0.0;
        for (int f = 0; f < F; ++f)
            cost += lp.weight[f] * lp.reserveCost[static_cast<std::size_t>(f * lp.reserve + k)];
        b.column(0.0, lp.maxInstances, cost);
    }
    const double perServer = lp.perServer.empty() ? 0.0 : lp.perServer.front();
    const double perInstance = lp.perInstance.empty() ? 0.0 : lp.perInstance.front();
    std::vector<std::pair<double, double>> futures; // (G_fm, w_f slope_fm), by demand, largest first
    struct Tangent final
    {
        double at, value, slope; // φ_m(at), and the slope of a supporting line there (Σ w a over G > at, negated)
    };
    std::vector<Tangent> tangents;
    constexpr std::size_t kTangents = 16; // supporting lines a month: each below φ_m everywhere, so the bound stays one
    for (int m = 0; m < H; ++m) {
        // φ_m at its breakpoints (each future's demand, and 0), from the largest demand down:
        // φ(b) = Σ_{G > b} w a G − b Σ_{G > b} w a. θ_m lies above a supporting line at every kth of them.
        futures.clear();
        for (int f = 0; f < F; ++f)
            futures.emplace_back(lp.demand[static_cast<std::size_t>(f * H + m)],
                                 lp.burst ? lp.weight[f] * lp.slope[static_cast<std::size_t>(f * H + m)] : 0.0);
        std::sort(futures.begin(), futures.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        tangents.clear();
        const std::size_t every = std::max<std::size_t>(1, futures.size() / kTangents);
        double sumWG = 0.0, sumW = 0.0;
        for (std::size_t i = 0; i < futures.size(); ++i) {
            sumWG += futures[i].second * futures[i].first;
            sumW += futures[i].second;
            const double next = i + 1 < futures.size() ? futures[i + 1].first : 0.0;
            if ((i % every == 0 || i + 1 == futures.size()) && next < futures[i].first)
                tangents.push_back({next, std::max(0.0, sumWG - next * sumW), -sumW});
        }
        const int theta = b.column(0.0, COIN_DBL_MAX, 1.0);
        // θ_m >= φ(b) + s (C − b), C = the usable capacity of the layers: θ_m − s C >= φ(b) − s b.
        for (const Tangent &t : tangents) {
            const int r = b.row(t.value - t.slope * t.at, COIN_DBL_MAX);
            b.put(r, theta, 1.0);
            for (int k = 0; k < lp.own; ++k)
                if (lp.ownFrom[static_cast<std::size_t>(k)] <= m)
                    b.put(r, k, -t.slope * lp.maxUtilization * perServer);
            for (int k = 0; k < lp.reserve; ++k)
                if (lp.reserveFrom[static_cast<std::size_t>(k)] <= m && m <= lp.reserveTo[static_cast<std::size_t>(k)])
                    b.put(r, lp.own + k, -t.slope * lp.maxUtilization * perInstance);
        }
        // On-call staff: people_m >= N_m / servers per person, and a whole person from the first staffed month.
        if (compact.serversPerFte > 0.0 && lp.own > 0) {
            const int people = b.column(0.0, COIN_DBL_MAX, compact.staffCoef[static_cast<std::size_t>(m)]);
            built.peopleColumn[static_cast<std::size_t>(m)] = people;
            const int pro = b.row(0.0, COIN_DBL_MAX);
            b.put(pro, people, 1.0);
            for (int k = 0; k < lp.own; ++k)
                if (lp.ownFrom[static_cast<std::size_t>(k)] <= m)
                    b.put(pro, k, -1.0 / compact.serversPerFte);
        }
    }
    built.serversRow = addLimits(b, lp);
    built.model = std::make_unique<ClpSimplex>();
    b.load(*built.model);
    built.constant = constant;
    built.decisions = lp.own + lp.reserve;
    built.maxServers = lp.maxServers;
    built.ownFrom = lp.ownFrom;
    built.baseLower.assign(b.colLower.begin(), b.colLower.begin() + built.decisions);
    built.baseUpper.assign(b.colUpper.begin(), b.colUpper.begin() + built.decisions);
    return built;
}

// The first staffed month (no server in service before it, at least one and a whole person from it; -1: no server)
// and a branch's bounds on the decision. False when the branch is empty.
bool applyCompactBounds(CompactModel &m, int firstStaffed, const std::vector<double> &lower, const std::vector<double> &upper)
{
    ClpSimplex &model = *m.model;
    for (int i = 0; i < m.decisions; ++i) {
        double lo = m.baseLower[static_cast<std::size_t>(i)], hi = m.baseUpper[static_cast<std::size_t>(i)];
        if (i < static_cast<int>(m.ownFrom.size()) && (firstStaffed < 0 || m.ownFrom[static_cast<std::size_t>(i)] < firstStaffed))
            hi = 0.0;
        if (static_cast<std::size_t>(i) < lower.size())
            lo = std::max(lo, lower[static_cast<std::size_t>(i)]);
        if (static_cast<std::size_t>(i) < upper.size())
            hi = std::min(hi, upper[static_cast<std::size_t>(i)]);
        if (lo > hi)
            return false;
        model.setColumnBounds(i, lo, hi);
    }
    for (std::size_t month = 0; month < m.peopleColumn.size(); ++month)
        if (m.peopleColumn[month] >= 0)
            model.setColumnLower(m.peopleColumn[month], firstStaffed >= 0 && static_cast<int>(month) >= firstStaffed ? 1.0 : 0.0);
    if (m.serversRow >= 0)
        model.setRowLower(m.serversRow, firstStaffed >= 0 ? 1.0 : -COIN_DBL_MAX);
    return true;
}

std::optional<FleetLpSolution> solveCompact(CompactModel &m)
{
    m.model->dual();
    if (!m.model->isProvenOptimal())
        return std::nullopt;
    FleetLpSolution solution;
    solution.value = m.model->objectiveValue() + m.constant;
    const double *x = m.model->primalColumnSolution();
    solution.decision.assign(x, x + m.decisions);
    return solution;
}

} // namespace

std::optional<FleetLpSolution> solveFleetLp(const FleetLpCompact &compact)
{
    CompactModel m = buildCompact(compact);
    if (!applyCompactBounds(m, compact.firstStaffed, compact.lower, compact.upper))
        return std::nullopt;
    return solveCompact(m);
}

struct FleetLpSession::Model final
{
    CompactModel m;
};

FleetLpSession::FleetLpSession(const FleetLpCompact &compact) : m_model(std::make_unique<Model>(Model{buildCompact(compact)}))
{
}

FleetLpSession::~FleetLpSession() = default;

std::optional<FleetLpSolution> FleetLpSession::solve(int firstStaffed, const std::vector<double> &lower,
                                                     const std::vector<double> &upper)
{
    if (!applyCompactBounds(m_model->m, firstStaffed, lower, upper))
        return std::nullopt;
    return solveCompact(m_model->m);
}

} // namespace mltco::tco

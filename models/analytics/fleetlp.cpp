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
// plan year, the most instances.
void addLimits(LpBuilder &b, const FleetLp &lp)
{
    if (lp.own > 0) {
        const int servers = b.row(-COIN_DBL_MAX, lp.maxServers);
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
            // A candidate with idle power serves s <= beta x its capacity, each hour at its power's price.
            std::vector<int> servedRow(static_cast<std::size_t>(lp.candidates), -1);
            for (int c = 0; c < lp.candidates; ++c) {
                const std::vector<double> &price = lp.servedCost[static_cast<std::size_t>(c)];
                if (price.empty())
                    continue;
                const double p = price[static_cast<std::size_t>(f * H + m)];
                const int served = b.column(0.0, COIN_DBL_MAX, cvar ? 0.0 : w * p);
                if (cvar)
                    b.put(risk, served, -p);
                b.put(cover, served, 1.0);
                servedRow[static_cast<std::size_t>(c)] = b.row(-COIN_DBL_MAX, 0.0);
                b.put(servedRow[static_cast<std::size_t>(c)], served, 1.0);
            }
            for (int k = 0; k < lp.own; ++k)
                if (lp.ownFrom[static_cast<std::size_t>(k)] <= m) {
                    const double capacity = lp.maxUtilization * lp.ownCapacity[static_cast<std::size_t>(f * lp.own + k)];
                    const int row = servedRow[static_cast<std::size_t>(lp.ownCandidate[static_cast<std::size_t>(k)])];
                    if (row >= 0)
                        b.put(row, k, -capacity);
                    else
                        b.put(cover, k, capacity);
                }
            for (int k = 0; k < lp.reserve; ++k)
                if (lp.reserveFrom[static_cast<std::size_t>(k)] <= m && m <= lp.reserveTo[static_cast<std::size_t>(k)])
                    b.put(cover, lp.own + k, lp.maxUtilization * lp.reserveCapacity[static_cast<std::size_t>(f * lp.reserve + k)]);
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
    std::vector<int> ownFrom, ownCandidate;
    std::vector<std::vector<int>> peopleColumn; // [c][m], -1 without staff
    std::vector<int> candidateRow;              // [c]: its servers, at least one when it has a first staffed month
    std::vector<int> countRow;                  // [candidate * months + m]: in service (own, then reserve candidates)
    std::vector<double> baseLower, baseUpper;   // of the decision columns
    std::vector<double> baseCost;               // their objective coefficients as built (filled at the first solve)
};

CompactModel buildCompact(const FleetLpCompact &compact)
{
    const FleetLp &lp = compact.lp;
    const int F = lp.futures;
    const int H = lp.months;
    CompactModel built;
    built.peopleColumn.assign(static_cast<std::size_t>(lp.candidates), std::vector<int>(static_cast<std::size_t>(std::max(0, H)), -1));
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
    // The same capacity in every future: the first future's.
    const auto capacityOf = [](const std::vector<double> &capacity, int k) {
        return capacity.empty() ? 0.0 : capacity[static_cast<std::size_t>(k)];
    };
    std::vector<std::pair<double, double>> futures; // (G_fm, weight), by demand, largest first
    struct Tangent final
    {
        double at, value, slope; // φ(at), and the slope of a supporting line there (Σ weight over G > at, negated)
    };
    std::vector<Tangent> tangents;
    constexpr std::size_t kTangents = 16; // supporting lines a month: each below φ_m everywhere, so the bound stays one
    // θ >= φ(x) = Σ_f u_f (G_fm − x)+, x the usable capacity of the layers `in` (own candidates by index; reserve
    // columns when `reserve`): supporting lines at its breakpoints, from the largest demand down,
    // φ(b) = Σ_{G > b} u G − b Σ_{G > b} u; θ lies above one at every kth of them.
    const auto addShortfall = [&](int m, const std::vector<char> &in, bool reserve, std::size_t lines) {
        std::sort(futures.begin(), futures.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        tangents.clear();
        const std::size_t every = std::max<std::size_t>(1, futures.size() / lines);
        double sumWG = 0.0, sumW = 0.0;
        for (std::size_t i = 0; i < futures.size(); ++i) {
            sumWG += futures[i].second * futures[i].first;
            sumW += futures[i].second;
            const double next = i + 1 < futures.size() ? futures[i + 1].first : 0.0;
            if ((i % every == 0 || i + 1 == futures.size()) && next < futures[i].first)
                tangents.push_back({next, std::max(0.0, sumWG - next * sumW), -sumW});
        }
        const int theta = b.column(0.0, COIN_DBL_MAX, 1.0);
        // θ >= φ(b) + s (x − b): θ − s x >= φ(b) − s b.
        for (const Tangent &t : tangents) {
            const int r = b.row(t.value - t.slope * t.at, COIN_DBL_MAX);
            b.put(r, theta, 1.0);
            for (int k = 0; k < lp.own; ++k)
                if (lp.ownFrom[static_cast<std::size_t>(k)] <= m && in[static_cast<std::size_t>(lp.ownCandidate[static_cast<std::size_t>(k)])])
                    b.put(r, k, -t.slope * lp.maxUtilization * capacityOf(lp.ownCapacity, k));
            for (int k = 0; reserve && k < lp.reserve; ++k)
                if (lp.reserveFrom[static_cast<std::size_t>(k)] <= m && m <= lp.reserveTo[static_cast<std::size_t>(k)])
                    b.put(r, lp.own + k, -t.slope * lp.maxUtilization * capacityOf(lp.reserveCapacity, k));
        }
    };
    const auto priceOf = [&](int c, int m) {
        if (static_cast<std::size_t>(c) >= compact.servedPrice.size() || compact.servedPrice[static_cast<std::size_t>(c)].empty())
            return 0.0;
        return compact.servedPrice[static_cast<std::size_t>(c)][static_cast<std::size_t>(m)];
    };
    for (int m = 0; m < H; ++m) {
        // What the month costs beyond the layers' own (model.md §11.3): the burst bills what they leave; a candidate
        // with idle power pays p per hour it serves. Served cheapest first (the layers without such a price, then those
        // with one by price, p_1 <= ... <= p_L, all below the burst's a_f), which no order of the mix undercuts:
        // Σ_f w_f [p_1 (G − X_0)+ + Σ_l (p_{l+1} − p_l) (G − X_l)+ + (a_f − p_L) (G − X_L)+], X_l the capacity of the
        // layers up to l. Each term convex in its X_l: supporting lines of each.
        std::vector<int> paying;
        for (int c = 0; c < lp.candidates; ++c)
            if (priceOf(c, m) > 0.0)
                paying.push_back(c);
        std::stable_sort(paying.begin(), paying.end(), [&](int x, int y) { return priceOf(x, m) < priceOf(y, m); });
        std::vector<char> in(static_cast<std::size_t>(lp.candidates), 1);
        for (int c : paying)
            in[static_cast<std::size_t>(c)] = 0;
        double previous = 0.0;
        for (std::size_t l = 0; l <= paying.size(); ++l) {
            if (l > 0)
                in[static_cast<std::size_t>(paying[l - 1])] = 1;
            const bool last = l == paying.size();
            const double step = last ? 0.0 : priceOf(paying[l], m) - previous;
            futures.clear();
            for (int f = 0; f < F; ++f) {
                const double weight = last ? (lp.burst ? lp.slope[static_cast<std::size_t>(f * H + m)] : 0.0) - previous : step;
                futures.emplace_back(lp.demand[static_cast<std::size_t>(f * H + m)], lp.weight[f] * weight);
            }
            if (!last)
                previous = priceOf(paying[l], m);
            if (step > 0.0 || last) // the power's steps are small beside the burst's: half the lines
                addShortfall(m, in, true, last ? kTangents : kTangents / 2);
        }
        // Each candidate's on-call staff: people_cm >= N_cm / servers per person, and a whole person from its first
        // staffed month.
        for (int c = 0; c < lp.candidates; ++c) {
            const double perFte = compact.serversPerFte[static_cast<std::size_t>(c)];
            if (perFte <= 0.0)
                continue;
            const int people = b.column(0.0, COIN_DBL_MAX, compact.staffCoef[static_cast<std::size_t>(c)][static_cast<std::size_t>(m)]);
            built.peopleColumn[static_cast<std::size_t>(c)][static_cast<std::size_t>(m)] = people;
            const int pro = b.row(0.0, COIN_DBL_MAX);
            b.put(pro, people, 1.0);
            for (int k = 0; k < lp.own; ++k)
                if (lp.ownFrom[static_cast<std::size_t>(k)] <= m && lp.ownCandidate[static_cast<std::size_t>(k)] == c)
                    b.put(pro, k, -1.0 / perFte);
        }
    }
    addLimits(b, lp);
    for (int c = 0; c < lp.candidates; ++c) {
        const int row = b.row(-COIN_DBL_MAX, COIN_DBL_MAX);
        built.candidateRow.push_back(row);
        for (int k = 0; k < lp.own; ++k)
            if (lp.ownCandidate[static_cast<std::size_t>(k)] == c)
                b.put(row, k, 1.0);
    }
    // Free rows counting each candidate's servers in service and instances reserved, month by month, for branching.
    for (int c = 0; c < lp.candidates; ++c)
        for (int m = 0; m < H; ++m) {
            const int row = b.row(-COIN_DBL_MAX, COIN_DBL_MAX);
            built.countRow.push_back(row);
            for (int k = 0; k < lp.own; ++k)
                if (lp.ownCandidate[static_cast<std::size_t>(k)] == c && lp.ownFrom[static_cast<std::size_t>(k)] <= m)
                    b.put(row, k, 1.0);
        }
    for (int c = 0; c < lp.reserveCandidates; ++c)
        for (int m = 0; m < H; ++m) {
            const int row = b.row(-COIN_DBL_MAX, COIN_DBL_MAX);
            built.countRow.push_back(row);
            for (int k = 0; k < lp.reserve; ++k)
                if (lp.reserveCandidate[static_cast<std::size_t>(k)] == c && lp.reserveFrom[static_cast<std::size_t>(k)] <= m &&
                    m <= lp.reserveTo[static_cast<std::size_t>(k)])
                    b.put(row, lp.own + k, 1.0);
        }
    built.model = std::make_unique<ClpSimplex>();
    b.load(*built.model);
    built.constant = constant;
    built.decisions = lp.own + lp.reserve;
    built.maxServers = lp.maxServers;
    built.ownFrom = lp.ownFrom;
    built.ownCandidate = lp.ownCandidate;
    built.baseLower.assign(b.colLower.begin(), b.colLower.begin() + built.decisions);
    built.baseUpper.assign(b.colUpper.begin(), b.colUpper.begin() + built.decisions);
    return built;
}

// Each own candidate's first staffed month (none of its servers in service before it, at least one and a whole person
// from it; -1: none of its servers; -2: free) and a branch's bounds on the decision. False when the branch is empty.
bool applyCompactBounds(CompactModel &m, const std::vector<int> &firstStaffed, const std::vector<double> &lower,
                        const std::vector<double> &upper)
{
    ClpSimplex &model = *m.model;
    const auto firstOf = [&](std::size_t c) { return c < firstStaffed.size() ? firstStaffed[c] : -2; };
    for (int i = 0; i < m.decisions; ++i) {
        double lo = m.baseLower[static_cast<std::size_t>(i)], hi = m.baseUpper[static_cast<std::size_t>(i)];
        if (i < static_cast<int>(m.ownFrom.size())) {
            const int first = firstOf(static_cast<std::size_t>(m.ownCandidate[static_cast<std::size_t>(i)]));
            if (first == -1 || (first >= 0 && m.ownFrom[static_cast<std::size_t>(i)] < first))
                hi = 0.0;
        }
        if (static_cast<std::size_t>(i) < lower.size())
            lo = std::max(lo, lower[static_cast<std::size_t>(i)]);
        if (static_cast<std::size_t>(i) < upper.size())
            hi = std::min(hi, upper[static_cast<std::size_t>(i)]);
        if (lo > hi)
            return false;
        model.setColumnBounds(i, lo, hi);
    }
    for (std::size_t c = 0; c < m.peopleColumn.size(); ++c) {
        const int first = firstOf(c);
        for (std::size_t month = 0; month < m.peopleColumn[c].size(); ++month)
            if (m.peopleColumn[c][month] >= 0)
                model.setColumnLower(m.peopleColumn[c][month], first >= 0 && static_cast<int>(month) >= first ? 1.0 : 0.0);
        model.setRowLower(m.candidateRow[c], first >= 0 ? 1.0 : -COIN_DBL_MAX);
    }
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
    for (const std::vector<int> &people : m.peopleColumn)
        for (int column : people)
            solution.people.push_back(column >= 0 ? x[column] : 0.0);
    const unsigned char *status = m.model->statusArray();
    solution.basis.assign(status, status + m.model->numberColumns() + m.model->numberRows());
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
    bool infeasible = false;
};

FleetLpSession::FleetLpSession(const FleetLpCompact &compact) : m_model(std::make_unique<Model>(Model{buildCompact(compact), false}))
{
}

FleetLpSession::~FleetLpSession() = default;

std::optional<FleetLpSolution> FleetLpSession::solve(const FleetLpBranch &branch)
{
    m_model->infeasible = true;
    CompactModel &m = m_model->m;
    const auto bound = [](const std::vector<double> &v, std::size_t i, double none) { return i < v.size() ? v[i] : none; };
    for (std::size_t i = 0; i < m.countRow.size(); ++i) {
        const double lo = bound(branch.countLower, i, -COIN_DBL_MAX), hi = bound(branch.countUpper, i, COIN_DBL_MAX);
        if (lo > hi)
            return std::nullopt;
        m.model->setRowBounds(m.countRow[i], lo, hi);
    }
    if (m.baseCost.empty())
        m.baseCost.assign(m.model->objective(), m.model->objective() + m.decisions);
    for (int i = 0; i < m.decisions; ++i)
        m.model->setObjectiveCoefficient(i, bound(branch.cost, static_cast<std::size_t>(i), m.baseCost[static_cast<std::size_t>(i)]));
    if (!applyCompactBounds(m, branch.firstStaffed, branch.lower, branch.upper))
        return std::nullopt;
    // People whole: a branch's bounds, over the first staffed month's.
    std::size_t i = 0;
    for (const std::vector<int> &people : m.peopleColumn)
        for (int column : people) {
            if (column >= 0) {
                const double lo = std::max(m.model->getColLower()[column], bound(branch.peopleLower, i, 0.0));
                const double hi = bound(branch.peopleUpper, i, COIN_DBL_MAX);
                if (lo > hi)
                    return std::nullopt;
                m.model->setColumnBounds(column, lo, hi);
            }
            ++i;
        }
    if (branch.basis.size() == static_cast<std::size_t>(m.model->numberColumns() + m.model->numberRows()))
        m.model->copyinStatus(branch.basis.data());
    std::optional<FleetLpSolution> solved = solveCompact(m);
    m_model->infeasible = !solved && m.model->isProvenPrimalInfeasible();
    return solved;
}

bool FleetLpSession::lastInfeasible() const
{
    return m_model->infeasible;
}

int FleetLpSession::rows() const
{
    return m_model->m.model->numberRows();
}

} // namespace mltco::tco

// The fleet optimizer, part: the search over decisions and the linear relaxation that starts and bounds it.
#include "models/analytics/fleetoptimizerimpl.h"

#include "models/tco/engine.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <numeric>

namespace mltco::tco::fleetopt {

std::vector<int> Optimizer::search(std::vector<int> current, double beta, bool cvar, long long &evaluations, bool &cancelled)
{
    const std::size_t n = current.size();
    Standing now = evaluate(current, beta, cvar);
    ++evaluations;
    int largest = 1;
    for (int x : current)
        largest = std::max(largest, x);
    int step = 1;
    while (step * 2 <= std::max(16, largest / 2) && step < 256)
        step *= 2;
    std::vector<std::vector<int>> candidates;
    std::vector<Standing> standings;
    const auto best = [&]() -> std::optional<std::size_t> {
        standings.assign(candidates.size(), {});
        parallelFor(candidates.size(), m_threads, [&] {
            return [&](std::size_t i) { standings[i] = evaluate(candidates[i], beta, cvar); };
        });
        evaluations += static_cast<long long>(candidates.size());
        std::optional<std::size_t> found;
        for (std::size_t i = 0; i < candidates.size(); ++i)
            if (better(standings[i], found ? standings[*found] : now))
                found = i;
        return found;
    };
    for (int round = 0; round < 100000; ++round) {
        if (!tick(m_lastTick)) {
            cancelled = true;
            return current;
        }
        candidates.clear();
        for (std::size_t i = 0; i < n; ++i)
            for (int d : {step, -step}) {
                std::vector<int> c = current;
                c[i] += d;
                if (c[i] >= 0)
                    candidates.push_back(std::move(c));
            }
        if (const auto found = best()) {
            current = candidates[*found];
            now = standings[*found];
            continue;
        }
        if (step > 1) {
            step /= 2;
            continue;
        }
        // Units moved from one choice to another (an epoch later or earlier, owned for reserved): 1, 2, 4 or all of
        // them, since a staff step or a bulk tier can make a move of one worse where a move of two is better.
        candidates.clear();
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                if (i == j || current[j] == 0)
                    continue;
                int previous = 0;
                for (int t : {1, 2, 4, current[j]}) {
                    if (t > current[j] || t <= previous)
                        continue;
                    previous = t;
                    std::vector<int> c = current;
                    c[i] += t;
                    c[j] -= t;
                    candidates.push_back(std::move(c));
                }
            }
        if (const auto found = best()) {
            current = candidates[*found];
            now = standings[*found];
            continue;
        }
        break;
    }
    return current;
}

std::vector<int> Optimizer::descend(std::vector<int> v, const std::vector<char> &frozen, double beta, bool cvar,
                                    long long &evaluations) const
{
    Standing now = evaluate(v, beta, cvar);
    ++evaluations;
    for (;;) {
        std::optional<std::pair<std::vector<int>, Standing>> found;
        const auto consider = [&](std::vector<int> c) {
            const Standing s = evaluate(c, beta, cvar);
            ++evaluations;
            if (better(s, found ? found->second : now))
                found = {std::move(c), s};
        };
        for (std::size_t i = 0; i < v.size(); ++i)
            for (int d : {1, -1}) {
                std::vector<int> c = v;
                c[i] += d;
                if (c[i] >= 0 && !frozen[i])
                    consider(std::move(c));
            }
        // In a small space also one unit moved between two choices (a limit on the total may forbid a single move).
        if (!found && v.size() <= kSmallSpace)
            for (std::size_t i = 0; i < v.size(); ++i)
                for (std::size_t j = 0; j < v.size(); ++j)
                    if (i != j && v[j] > 0 && !frozen[i] && !frozen[j]) {
                        std::vector<int> c = v;
                        ++c[i];
                        --c[j];
                        consider(std::move(c));
                    }
        if (!found)
            return v;
        v = std::move(found->first);
        now = found->second;
    }
}

std::vector<int> Optimizer::polish(std::vector<int> v, double beta, bool cvar, long long &evaluations, bool &cancelled)
{
    const std::size_t own = m_ownEpochs.size();
    for (int round = 0; round < 50 && !cancelled; ++round) {
        std::vector<std::vector<int>> kicks;
        std::vector<std::vector<char>> frozen;
        for (std::size_t i = 0; i < own; ++i) {
            for (int d : {1, 2, -1, -2}) {
                std::vector<int> c = v;
                c[i] += d;
                if (c[i] < 0)
                    continue;
                kicks.push_back(std::move(c));
                frozen.emplace_back(v.size(), 0)[i] = 1;
            }
            for (std::size_t j = 0; j < own; ++j) {
                if (i == j || v[j] == 0)
                    continue;
                std::vector<int> c = v;
                c[i] += v[j]; // all of epoch j's servers at epoch i
                c[j] = 0;
                kicks.push_back(std::move(c));
                frozen.emplace_back(v.size(), 0)[i] = 1;
                frozen.back()[j] = 1;
            }
        }
        std::vector<std::vector<int>> landed(kicks.size());
        std::vector<Standing> standings(kicks.size());
        std::vector<long long> counts(kicks.size(), 0);
        parallelFor(kicks.size(), m_threads, [&] {
            return [&](std::size_t k) {
                landed[k] = descend(kicks[k], frozen[k], beta, cvar, counts[k]);
                standings[k] = evaluate(landed[k], beta, cvar);
            };
        });
        for (long long c : counts)
            evaluations += c;
        const Standing now = evaluate(v, beta, cvar);
        std::optional<std::size_t> best;
        for (std::size_t k = 0; k < kicks.size(); ++k)
            if (better(standings[k], best ? standings[*best] : now))
                best = k;
        if (!best)
            break;
        v = search(landed[*best], beta, cvar, evaluations, cancelled);
        if (!tick(m_lastTick))
            cancelled = true;
    }
    return v;
}

std::optional<FleetLpCompact> Optimizer::compactRelaxation() const
{
    const auto same = [](const std::vector<double> &v) {
        return std::all_of(v.begin(), v.end(), [&](double x) { return x == v.front(); });
    };
    if (m_burstIndex < 0 || !same(m_perServer) || !same(m_perInstance))
        return std::nullopt;
    const std::size_t F = m_futures.size();
    const auto h = static_cast<std::size_t>(H);
    FleetLpCompact compact;
    compact.lp = linearModel(0.0, false);
    compact.staffCoef.assign(h, 0.0);
    if (m_ownIndex >= 0) {
        for (std::size_t f = 0; f < F; ++f) {
            const OwnCosts &own = m_own[static_cast<std::size_t>(m_ownGroup[f])];
            compact.serversPerFte = std::max(compact.serversPerFte, own.serversPerFte);
            for (std::size_t k = 0; k < m_ownEpochs.size(); ++k)
                compact.lp.ownCost[f * m_ownEpochs.size() + k] = *std::min_element(own.unit[k].begin(), own.unit[k].end());
            for (std::size_t m = 0; m < h; ++m)
                compact.staffCoef[m] += m_weight[f] * own.staffCoef[m];
        }
    }
    return compact;
}

std::optional<double> Optimizer::branchAndBound(double incumbent, int nodes) const
{
    std::optional<FleetLpCompact> base = compactRelaxation();
    if (!base)
        return std::nullopt;
    const std::size_t n = m_ownEpochs.size() + m_reserveEpochs.size();
    struct Node final
    {
        double value = 0.0;
        int first = -1;
        std::vector<double> lower, upper, decision;
    };
    // Best first: the open node with the lowest optimum on top; its optimum bounds every decision still open.
    const auto worse = [](const Node &a, const Node &b) { return a.value > b.value; };
    std::vector<Node> open;
    int solved = 0;
    FleetLpSession session(*base);
    const auto solve = [&](Node node) {
        ++solved;
        const std::optional<FleetLpSolution> s = session.solve(node.first, node.lower, node.upper);
        if (!s || s->value >= incumbent)
            return; // empty, or no better than the answer: closed
        node.value = s->value;
        node.decision = s->decision;
        open.push_back(std::move(node));
        std::push_heap(open.begin(), open.end(), worse);
    };
    std::vector<int> firsts{-1};
    for (int e : m_ownEpochs)
        if (std::find(firsts.begin(), firsts.end(), e + m_lead - 1) == firsts.end())
            firsts.push_back(e + m_lead - 1);
    if (m_ownIndex < 0)
        firsts = {-1};
    for (int first : firsts)
        solve({0.0, first, std::vector<double>(n, 0.0), std::vector<double>(n, 1e300), {}});
    while (!open.empty() && solved < nodes) {
        std::pop_heap(open.begin(), open.end(), worse);
        Node node = std::move(open.back());
        open.pop_back();
        // The most fractional choice, first in order on ties.
        std::size_t pick = n;
        double far = 1e-6;
        for (std::size_t i = 0; i < n; ++i) {
            const double frac = std::abs(node.decision[i] - std::round(node.decision[i]));
            if (frac > far) {
                far = frac;
                pick = i;
            }
        }
        if (pick == n)
            return std::min(incumbent, node.value); // whole: nothing open is lower
        Node down = node, up = node;
        down.upper[pick] = std::floor(node.decision[pick]);
        up.lower[pick] = std::ceil(node.decision[pick]);
        solve(std::move(down));
        solve(std::move(up));
        if (solved >= nodes) {
            open.push_back(std::move(node)); // its optimum still bounds what its children would
            std::push_heap(open.begin(), open.end(), worse);
        }
    }
    if (open.empty())
        return incumbent; // every node closed: nothing beats the answer
    double lowest = incumbent;
    for (const Node &node : open)
        lowest = std::min(lowest, node.value);
    return lowest;
}

FleetLp Optimizer::linearModel(double beta, bool cvar) const
{
    FleetLp lp;
    const std::size_t F = m_futures.size();
    const auto h = static_cast<std::size_t>(H);
    lp.own = static_cast<int>(m_ownEpochs.size());
    lp.reserve = static_cast<int>(m_reserveEpochs.size());
    lp.futures = static_cast<int>(F);
    lp.months = H;
    lp.weight = m_weight;
    lp.demand = m_demand;
    lp.slope = m_slope;
    lp.perServer = m_perServer;
    lp.perInstance = m_perInstance;
    lp.maxUtilization = m_util;
    lp.maxServers = m_maxServers;
    lp.maxInstances = m_maxInstances;
    lp.burst = m_burstIndex >= 0;
    lp.minService = m_minService;
    lp.cvar = cvar;
    lp.beta = beta;
    lp.constant.resize(F);
    lp.ownCost.resize(F * static_cast<std::size_t>(lp.own));
    lp.reserveCost.resize(F * static_cast<std::size_t>(lp.reserve));
    for (int e : m_ownEpochs)
        lp.ownFrom.push_back(e + m_lead - 1);
    for (int e : m_reserveEpochs) {
        lp.reserveFrom.push_back(e - 1);
        lp.reserveTo.push_back(std::min(H, e - 1 + m_term) - 1);
    }
    for (std::size_t f = 0; f < F; ++f) {
        double constant = m_burstFixed[f];
        if (m_reserveIndex >= 0) {
            const ReserveCosts &r = m_reserve[static_cast<std::size_t>(m_reserveGroup[f])];
            constant += r.fixed;
            for (std::size_t k = 0; k < r.term.size(); ++k)
                lp.reserveCost[f * r.term.size() + k] = r.term[k];
        }
        if (m_ownIndex >= 0) {
            // A server at its cheapest tier, and its staff pro rata (ceil(N / s) >= N / s): a lower bound.
            const OwnCosts &own = m_own[static_cast<std::size_t>(m_ownGroup[f])];
            for (std::size_t k = 0; k < m_ownEpochs.size(); ++k) {
                double cost = *std::min_element(own.unit[k].begin(), own.unit[k].end());
                if (own.serversPerFte > 0.0)
                    for (std::size_t m = static_cast<std::size_t>(lp.ownFrom[k]); m < h; ++m)
                        cost += own.staffCoef[m] / own.serversPerFte;
                lp.ownCost[f * m_ownEpochs.size() + k] = cost;
            }
        }
        lp.constant[f] = constant;
    }
    if (m_budget && !m_capexPerServer.empty()) {
        lp.budget = m_budget;
        const std::size_t years = m_capexPerServer.front().front().size();
        lp.budgetRows.assign(years, std::vector<double>(m_ownEpochs.size()));
        for (std::size_t y = 0; y < years; ++y)
            for (std::size_t k = 0; k < m_ownEpochs.size(); ++k) {
                double lowest = m_capexPerServer[k][0][y];
                for (const std::vector<double> &tier : m_capexPerServer[k])
                    lowest = std::min(lowest, tier[y]);
                lp.budgetRows[y][k] = lowest;
            }
    }
    return lp;
}

std::optional<FleetLpSolution> Optimizer::relaxation(double beta, bool cvar) const
{
    const FleetLp lp = linearModel(beta, cvar);
    // The mean with a burst and one capacity per server and per instance: the compact form, solved for each month the
    // first server could enter service (and for none), its smallest optimum the bound.
    if (std::optional<FleetLpCompact> compactForm = (!cvar || beta <= 0.0) ? compactRelaxation() : std::nullopt) {
        FleetLpCompact &compact = *compactForm;
        std::vector<int> firsts{-1};
        for (int from : lp.ownFrom)
            if (std::find(firsts.begin(), firsts.end(), from) == firsts.end())
                firsts.push_back(from);
        std::optional<FleetLpSolution> best;
        for (int first : firsts) {
            compact.firstStaffed = first;
            const std::optional<FleetLpSolution> solved = solveFleetLp(compact);
            if (!solved)
                return std::nullopt; // a relaxation that cannot be solved proves nothing
            if (!best || solved->value < best->value)
                best = solved;
        }
        return best;
    }
    return solveFleetLp(lp);
}

} // namespace mltco::tco::fleetopt

// The fleet optimizer, part: the search over decisions and the linear relaxation that starts and bounds it.
#include "models/analytics/fleetoptimizerimpl.h"

#include "models/tco/engine.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
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
            if (betterMove(standings[i], now, found ? &standings[*found] : nullptr))
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
                if (held(i))
                    continue;
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
                if (i == j || current[j] == 0 || held(i))
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
            if (betterMove(s, now, found ? &found->second : nullptr))
                found = {std::move(c), s};
        };
        for (std::size_t i = 0; i < v.size(); ++i)
            for (int d : {1, -1}) {
                std::vector<int> c = v;
                c[i] += d;
                if (c[i] >= 0 && !frozen[i] && !held(i))
                    consider(std::move(c));
            }
        // In a small space also one unit more or fewer at two choices at once (a limit on the total may forbid a single
        // move).
        const std::size_t n = v.size();
        const auto free = [&](std::size_t i) { return !frozen[i] && !held(i); };
        for (std::size_t i = 0; !found && n <= kSmallSpace && i < n; ++i)
            for (std::size_t j = i + 1; free(i) && j < n; ++j)
                for (int signs = 0; free(j) && signs < 4; ++signs) {
                    std::vector<int> c = v;
                    c[i] += signs & 1 ? -1 : 1;
                    c[j] += signs & 2 ? -1 : 1;
                    if (c[i] >= 0 && c[j] >= 0)
                        consider(std::move(c));
                }
        if (!found)
            return v;
        v = std::move(found->first);
        now = found->second;
    }
}

std::vector<int> Optimizer::polish(std::vector<int> v, double beta, bool cvar, long long &evaluations, bool &cancelled,
                                   int rounds)
{
    const std::size_t own = ownColumns();
    for (int round = 0; round < rounds && !cancelled; ++round) {
        std::vector<std::vector<int>> kicks;
        std::vector<std::vector<char>> frozen;
        for (std::size_t i = 0; i < own; ++i) {
            if (held(i))
                continue;
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
    // A candidate with idle power pays for what it serves: the compact form prices it at its lowest over the futures
    // and never above the burst's (still a lower bound), as long as serving costs something.
    bool servingCosts = true;
    for (const OwnCandidate &c : m_own)
        for (const OwnCosts &g : c.costs)
            servingCosts = servingCosts && std::all_of(g.servedCost.begin(), g.servedCost.end(), [](double x) { return x >= 0.0; });
    if (m_burstIndex < 0 || !m_sameCapacity || !servingCosts)
        return std::nullopt;
    const std::size_t F = m_futures.size();
    const auto h = static_cast<std::size_t>(H);
    FleetLpCompact compact;
    compact.lp = linearModel(0.0, false);
    const std::size_t nOwn = ownColumns();
    compact.staffCoef.assign(m_own.size(), std::vector<double>(h, 0.0));
    compact.serversPerFte.assign(m_own.size(), 0.0);
    compact.servedPrice.assign(m_own.size(), {});
    for (std::size_t c = 0; c < m_own.size(); ++c) {
        if (!m_own[c].idle)
            continue;
        std::vector<double> &price = compact.servedPrice[c];
        price.assign(h, std::numeric_limits<double>::infinity());
        for (const OwnCosts &g : m_own[c].costs)
            for (std::size_t m = 0; m < h; ++m)
                price[m] = std::min(price[m], g.servedCost[m]);
        for (std::size_t f = 0; f < F; ++f)
            for (std::size_t m = 0; m < h; ++m)
                price[m] = std::min(price[m], m_slope[f * h + m]);
    }
    for (std::size_t c = 0; c < m_own.size(); ++c) {
        const OwnCandidate &candidate = m_own[c];
        for (std::size_t f = 0; f < F; ++f) {
            const OwnCosts &own = candidate.costs[static_cast<std::size_t>(candidate.group[f])];
            compact.serversPerFte[c] = std::max(compact.serversPerFte[c], own.serversPerFte);
            for (std::size_t k = 0; k < candidate.epochs.size(); ++k)
                compact.lp.ownCost[f * nOwn + candidate.first + k] = *std::min_element(own.unit[k].begin(), own.unit[k].end());
            for (std::size_t m = 0; m < h; ++m)
                compact.staffCoef[c][m] += m_weight[f] * own.staffCoef[m];
        }
    }
    return compact;
}

std::vector<std::vector<int>> Optimizer::staffedRoots() const
{
    // Every combination of the staffed candidates' first months (-1: none of its servers), in the candidates' order,
    // while the combinations are few; the candidates past that are left free (staff pro rata), still a bound.
    std::vector<std::vector<int>> roots{std::vector<int>(m_own.size(), -2)};
    for (std::size_t c = 0; c < m_own.size(); ++c) {
        const OwnCandidate &candidate = m_own[c];
        const bool staffed = std::any_of(candidate.costs.begin(), candidate.costs.end(),
                                         [](const OwnCosts &own) { return own.serversPerFte > 0.0; });
        if (!staffed)
            continue;
        std::vector<int> firsts{-1};
        for (int e : candidate.epochs)
            if (std::find(firsts.begin(), firsts.end(), e + candidate.lead - 1) == firsts.end())
                firsts.push_back(e + candidate.lead - 1);
        if (roots.size() * firsts.size() > kMostRoots)
            break;
        std::vector<std::vector<int>> more;
        for (const std::vector<int> &root : roots)
            for (int first : firsts) {
                more.push_back(root);
                more.back()[c] = first;
            }
        roots = std::move(more);
    }
    return roots;
}

std::optional<double> Optimizer::branchAndBound(double incumbent, int nodes) const
{
    std::optional<FleetLpCompact> base = compactRelaxation();
    if (!base)
        return std::nullopt;
    const std::size_t n = columns(), nOwn = ownColumns();
    // Each own column's cost per server in each bulk tier, weighted over the futures (the relaxation prices every
    // column at its cheapest tier): a branch whose bounds keep a column out of a tier pays the cheapest it can reach,
    // and a whole decision still priced below its tiers is split at the tier's edge. Only when every group of futures
    // has the same tiers.
    std::vector<std::vector<double>> tierCost(nOwn);
    std::vector<const std::vector<int> *> edges(nOwn); // each own column's tier starts (its candidate's)
    bool tiers = true;
    for (const OwnCandidate &c : m_own) {
        const std::vector<int> &own = c.costs.front().thresholds;
        for (const OwnCosts &g : c.costs)
            tiers = tiers && g.thresholds == own;
    }
    for (std::size_t ci = 0; tiers && ci < m_own.size(); ++ci) {
        const OwnCandidate &c = m_own[ci];
        for (std::size_t k = 0; k < c.epochs.size(); ++k) {
            edges[c.first + k] = &c.costs.front().thresholds;
            std::vector<double> &cost = tierCost[c.first + k];
            cost.assign(c.costs.front().thresholds.size(), 0.0);
            for (std::size_t f = 0; f < m_futures.size(); ++f)
                for (std::size_t t = 0; t < cost.size(); ++t)
                    cost[t] += m_weight[f] * c.costs[static_cast<std::size_t>(c.group[f])].unit[k][t];
        }
    }
    // The cheapest tier column i can reach within [lower, upper], and its cost.
    const auto reachable = [&](std::size_t i, double lower, double upper) -> std::pair<std::size_t, double> {
        const std::vector<int> &edge = *edges[i];
        std::pair<std::size_t, double> best{0, std::numeric_limits<double>::infinity()};
        for (std::size_t t = 0; t < edge.size(); ++t) {
            const double last = t + 1 < edge.size() ? edge[t + 1] - 1.0 : std::numeric_limits<double>::infinity();
            if (edge[t] <= upper + 1e-9 && last >= lower - 1e-9 && tierCost[i][t] < best.second)
                best = {t, tierCost[i][t]};
        }
        return best;
    };
    // The own columns' coefficients for a branch (the reserve columns keep the model's own).
    const auto costsFor = [&](const std::vector<double> &lower, const std::vector<double> &upper) {
        std::vector<double> cost;
        for (std::size_t i = 0; tiers && i < nOwn; ++i) {
            const double c = reachable(i, lower[i], upper[i]).second;
            cost.push_back(std::isfinite(c) ? c : tierCost[i].front());
        }
        return cost;
    };
    // Each candidate's servers in service (instances reserved) month by month, [candidate * H + m], from a decision.
    const auto h = static_cast<std::size_t>(H);
    const std::size_t counts = (m_own.size() + m_reserve.size()) * h;
    const auto countsOf = [&](const std::vector<double> &x) {
        std::vector<double> count(counts, 0.0);
        for (std::size_t c = 0; c < m_own.size(); ++c)
            for (std::size_t k = 0; k < m_own[c].epochs.size(); ++k)
                for (std::size_t m = static_cast<std::size_t>(m_own[c].epochs[k] + m_own[c].lead - 1); m < h; ++m)
                    count[c * h + m] += x[m_own[c].first + k];
        for (std::size_t c = 0; c < m_reserve.size(); ++c)
            for (std::size_t k = 0; k < m_reserve[c].epochs.size(); ++k) {
                const auto last = std::min(h, static_cast<std::size_t>(m_reserve[c].epochs[k] - 1 + m_reserve[c].term));
                for (std::size_t m = static_cast<std::size_t>(m_reserve[c].epochs[k] - 1); m < last; ++m)
                    count[(m_own.size() + c) * h + m] += x[m_reserve[c].first + k];
            }
        return count;
    };
    struct Node final
    {
        double value = 0.0;
        FleetLpBranch branch;
        std::vector<double> decision, people;
    };
    // Best first: the open node with the lowest optimum on top; its optimum bounds every decision still open.
    const auto worse = [](const Node &a, const Node &b) { return a.value > b.value; };
    std::vector<Node> open;
    int solved = 0;
    FleetLpSession session(*base);
    // The work is bounded, not the nodes: a larger model (idle power adds a shortfall a month for each price) gets
    // fewer of them.
    nodes = std::min(nodes, std::max(kBranchNodesLeast, static_cast<int>(kBranchWork / std::max(1, session.rows()))));
    const auto solve = [&](Node node) {
        ++solved;
        node.branch.cost = costsFor(node.branch.lower, node.branch.upper);
        const std::optional<FleetLpSolution> s = session.solve(node.branch);
        if (!s || s->value >= incumbent)
            return; // empty, or no better than the answer: closed
        node.value = s->value;
        node.decision = s->decision;
        node.people = s->people;
        node.branch.basis = s->basis;
        open.push_back(std::move(node));
        std::push_heap(open.begin(), open.end(), worse);
    };
    const std::size_t staffCells = m_own.size() * h;
    for (const std::vector<int> &firsts : staffedRoots()) {
        Node root;
        root.branch.firstStaffed = firsts;
        root.branch.lower.assign(n, 0.0);
        root.branch.upper.assign(n, 1e300);
        root.branch.countLower.assign(counts, -1e300);
        root.branch.countUpper.assign(counts, 1e300);
        root.branch.peopleLower.assign(staffCells, 0.0);
        root.branch.peopleUpper.assign(staffCells, 1e300);
        solve(std::move(root));
    }
    // The most fractional of `values`, first on ties; size() when every one is whole.
    const auto mostFractional = [](const std::vector<double> &values) {
        std::size_t pick = values.size();
        double far = 1e-6;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const double frac = std::abs(values[i] - std::round(values[i]));
            if (frac > far) {
                far = frac;
                pick = i;
            }
        }
        return pick;
    };
    while (!open.empty() && solved < nodes) {
        std::pop_heap(open.begin(), open.end(), worse);
        Node node = std::move(open.back());
        open.pop_back();
        // Close enough: the lowest open node within kCloseEnough of the answer bounds it as well as the answer needs
        // (once a few hundred relaxations have had their chance to close the gap altogether).
        if (solved >= kCloseAfter && incumbent - node.value <= kCloseEnough * std::abs(incumbent))
            return node.value;
        Node down = node, up = node;
        FleetLpBranch &d = down.branch, &u = up.branch;
        // Whole servers in service first (a branch on a candidate's count in a month moves many purchases at once),
        // then whole people on call, then whole purchases, then each purchase priced at its own bulk tier.
        const std::vector<double> count = countsOf(node.decision);
        if (const std::size_t row = mostFractional(count); row < counts) {
            d.countUpper[row] = std::floor(count[row]);
            u.countLower[row] = std::ceil(count[row]);
        } else if (const std::size_t person = mostFractional(node.people); person < node.people.size()) {
            d.peopleUpper[person] = std::floor(node.people[person]);
            u.peopleLower[person] = std::ceil(node.people[person]);
        } else if (const std::size_t pick = mostFractional(node.decision); pick < n) {
            d.upper[pick] = std::floor(node.decision[pick]);
            u.lower[pick] = std::ceil(node.decision[pick]);
        } else {
            // Whole: the column furthest below the cost of its own tier is split at that tier's edge.
            std::size_t split = n;
            double most = 0.0, edgeAt = 0.0;
            for (std::size_t i = 0; tiers && i < nOwn; ++i) {
                const double x = std::round(node.decision[i]);
                if (x <= 0.0)
                    continue;
                const std::vector<int> &edge = *edges[i];
                std::size_t t = 0;
                while (t + 1 < edge.size() && edge[t + 1] <= x)
                    ++t;
                const auto [cheapest, paid] = reachable(i, node.branch.lower[i], node.branch.upper[i]);
                const double shortBy = (tierCost[i][t] - paid) * x;
                if (cheapest != t && shortBy > most + 1e-9 * std::abs(node.value)) {
                    most = shortBy;
                    split = i;
                    edgeAt = cheapest > t ? edge[t + 1] : edge[t];
                }
            }
            if (split == n)
                return std::min(incumbent, node.value); // whole and priced at its tiers: nothing open is lower
            d.upper[split] = edgeAt - 1.0;
            u.lower[split] = edgeAt;
        }
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
    const std::size_t nOwn = ownColumns(), nRes = columns() - ownColumns();
    lp.own = static_cast<int>(nOwn);
    lp.reserve = static_cast<int>(nRes);
    lp.futures = static_cast<int>(F);
    lp.months = H;
    lp.weight = m_weight;
    lp.demand = m_demand;
    lp.slope = m_slope;
    lp.maxUtilization = m_util;
    lp.maxServers = m_maxServers;
    lp.maxInstances = m_maxInstances;
    lp.burst = m_burstIndex >= 0;
    lp.minService = m_minService;
    lp.cvar = cvar;
    lp.beta = beta;
    lp.candidates = static_cast<int>(m_own.size());
    lp.constant.assign(F, 0.0);
    lp.ownCost.resize(F * nOwn);
    lp.reserveCost.resize(F * nRes);
    lp.ownCapacity.resize(F * nOwn);
    lp.reserveCapacity.resize(F * nRes);
    lp.servedCost.resize(m_own.size());
    for (std::size_t c = 0; c < m_own.size(); ++c)
        for (int e : m_own[c].epochs) {
            lp.ownFrom.push_back(e + m_own[c].lead - 1);
            lp.ownCandidate.push_back(static_cast<int>(c));
        }
    lp.reserveCandidates = static_cast<int>(m_reserve.size());
    for (std::size_t c = 0; c < m_reserve.size(); ++c)
        for (int e : m_reserve[c].epochs) {
            lp.reserveFrom.push_back(e - 1);
            lp.reserveTo.push_back(std::min(H, e - 1 + m_reserve[c].term) - 1);
            lp.reserveCandidate.push_back(static_cast<int>(c));
        }
    for (std::size_t c = 0; c < m_own.size(); ++c)
        if (m_own[c].idle) {
            lp.servedCost[c].resize(F * h);
            for (std::size_t f = 0; f < F; ++f) {
                const OwnCosts &own = m_own[c].costs[static_cast<std::size_t>(m_own[c].group[f])];
                std::copy(own.servedCost.begin(), own.servedCost.end(), lp.servedCost[c].begin() + static_cast<std::ptrdiff_t>(f * h));
            }
        }
    for (std::size_t f = 0; f < F; ++f) {
        double constant = m_burstFixed[f];
        for (const ReserveCandidate &c : m_reserve) {
            const ReserveCosts &r = c.costs[static_cast<std::size_t>(c.group[f])];
            constant += r.fixed;
            for (std::size_t k = 0; k < c.epochs.size(); ++k) {
                const std::size_t column = c.first - nOwn + k;
                lp.reserveCost[f * nRes + column] = r.term[k];
                lp.reserveCapacity[f * nRes + column] = c.perInstance[f];
            }
        }
        for (const OwnCandidate &c : m_own) {
            // A server at its cheapest tier, and its staff pro rata (ceil(N / s) >= N / s): a lower bound.
            const OwnCosts &own = c.costs[static_cast<std::size_t>(c.group[f])];
            for (std::size_t k = 0; k < c.epochs.size(); ++k) {
                double cost = *std::min_element(own.unit[k].begin(), own.unit[k].end());
                if (own.serversPerFte > 0.0)
                    for (std::size_t m = static_cast<std::size_t>(lp.ownFrom[c.first + k]); m < h; ++m)
                        cost += own.staffCoef[m] / own.serversPerFte;
                lp.ownCost[f * nOwn + c.first + k] = cost;
                lp.ownCapacity[f * nOwn + c.first + k] = c.perServer[f];
            }
        }
        lp.constant[f] = constant;
    }
    if (m_budget) {
        lp.budget = m_budget;
        const auto years = static_cast<std::size_t>((H + 11) / 12);
        lp.budgetRows.assign(years, std::vector<double>(nOwn));
        for (std::size_t y = 0; y < years; ++y)
            for (const OwnCandidate &c : m_own)
                for (std::size_t k = 0; k < c.epochs.size(); ++k) {
                    double lowest = c.capexPerServer[k][0][y];
                    for (const std::vector<double> &tier : c.capexPerServer[k])
                        lowest = std::min(lowest, tier[y]);
                    lp.budgetRows[y][c.first + k] = lowest;
                }
    }
    return lp;
}

std::optional<FleetLpSolution> Optimizer::relaxation(double beta, bool cvar) const
{
    // The mean with a burst and one capacity per server and per instance: the compact form with staff pro rata (the
    // branch and bound then makes each candidate's first person whole); otherwise the full relaxation.
    if (std::optional<FleetLpCompact> compactForm = (!cvar || beta <= 0.0) ? compactRelaxation() : std::nullopt) {
        FleetLpSession session(*compactForm);
        FleetLpBranch free;
        free.firstStaffed.assign(m_own.size(), -2);
        return session.solve(free);
    }
    return solveFleetLp(linearModel(beta, cvar));
}

} // namespace mltco::tco::fleetopt

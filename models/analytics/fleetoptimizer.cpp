#include "models/analytics/fleetoptimizer.h"

#include "models/analytics/fleetoptimizerimpl.h"
#include "models/tco/engine.h"

#include <algorithm>
#include <cmath>

namespace mltco::tco {

namespace fleetopt {

Expected<OptimizeAnswer> Optimizer::run()
{
    if (!m_plan.optimize)
        return Error{QStringLiteral("the plan has no \"optimize\" request: name the scenarios to own, reserve and burst"), {}};
    if (const QString problem = prepare(); !problem.isEmpty())
        return Error{QStringLiteral("the fleet cannot be optimized"), {problem}};
    m_threads = m_options.threads > 0 ? m_options.threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    if (!tick(0))
        return Error{optimizeCancelledMessage(), {}};

    std::optional<InputSample> sample;
    if (!m_request.futures) {
        Expected<InputSample> drawn = sampleUncertainInputs(m_plan, m_base, m_request.trials.value_or(OptimizeRequest::kDefaultTrials),
                                                            m_request.seed.value_or(1), Sampling::LatinHypercube, m_threads);
        if (!drawn)
            return drawn.error();
        sample = std::move(*drawn);
    }
    buildFutures(sample ? &*sample : nullptr);
    buildCosts(sample ? &*sample : nullptr);
    if (!tick(100))
        return Error{optimizeCancelledMessage(), {}};

    OptimizeAnswer answer;
    answer.request = m_request;
    answer.objective = m_cvar ? OptimizeObjective::Cvar : OptimizeObjective::Mean;
    answer.beta = m_beta;
    answer.termMonths = m_reserve.empty() ? 12 : m_reserve.front().term;
    answer.currency = m_base.currency;
    const std::size_t nVars = columns();

    // The linear relaxation: its optimum is the bound, its solution rounded the search's start.
    std::vector<int> start(nVars, 0);
    const std::optional<FleetLpSolution> lp = relaxation(m_beta, m_cvar);
    if (lp)
        for (std::size_t i = 0; i < nVars; ++i)
            start[i] = static_cast<int>(std::lround(std::max(0.0, lp->decision[i])));
    if (!tick(250))
        return Error{optimizeCancelledMessage(), {}};

    bool cancelled = false;
    std::vector<int> best = search(start, m_beta, m_cvar, answer.evaluations, cancelled);
    if (lp) {
        // The relaxation may round to a poor corner: a search from nothing as well, the better kept.
        std::vector<int> fromZero = search(std::vector<int>(nVars, 0), m_beta, m_cvar, answer.evaluations, cancelled);
        if (better(evaluate(fromZero, m_beta, m_cvar), evaluate(best, m_beta, m_cvar)))
            best = fromZero;
    }
    // With several generations to own, the best plan with each one alone as well (the others held at none, from the
    // relaxation's decision without them): owning one generation or another are far apart, and a search by small
    // moves stays near where it starts. The best of these and of the mixed search is polished with every choice free.
    for (std::size_t c = 0; m_own.size() > 1 && c < m_own.size() && !cancelled; ++c) {
        std::vector<int> alone = start;
        m_held.assign(nVars, 0);
        for (std::size_t other = 0; other < m_own.size(); ++other)
            if (other != c)
                for (std::size_t k = 0; k < m_own[other].epochs.size(); ++k) {
                    alone[m_own[other].first + k] = 0;
                    m_held[m_own[other].first + k] = 1;
                }
        std::vector<int> found = polish(search(alone, m_beta, m_cvar, answer.evaluations, cancelled), m_beta, m_cvar,
                                        answer.evaluations, cancelled);
        m_held.clear();
        if (better(evaluate(found, m_beta, m_cvar), evaluate(best, m_beta, m_cvar)))
            best = std::move(found);
    }
    best = polish(best, m_beta, m_cvar, answer.evaluations, cancelled);
    if (cancelled)
        return Error{optimizeCancelledMessage(), {}};
    const Standing standing = evaluate(best, m_beta, m_cvar);
    if (!standing.feasible)
        return Error{QStringLiteral("the fleet cannot be optimized"),
                     {QStringLiteral("optimize: no decision within the limits serves %1 of the demand in every future; "
                                     "raise max_servers, max_instances or the capex budget, lower min_service, or name "
                                     "a burst")
                          .arg(QString::number(m_minService * 100, 'g', 4) + QStringLiteral(" %"))}};
    if (!tick(550))
        return Error{optimizeCancelledMessage(), {}};

    // The engine's own figures of the answer.
    std::vector<double> npv;
    engineNpvs(best, npv, nullptr, &answer.timeline);
    std::vector<std::size_t> order;
    answer.plan = planOf(best);
    answer.value = weightedCvar(npv, m_weight, m_cvar ? m_beta : 0.0, order);
    answer.priced = standing.objective;
    answer.mean = weightedCvar(npv, m_weight, 0.0, order);
    answer.p10 = weightedQuantile(npv, m_weight, 0.1);
    answer.p50 = weightedQuantile(npv, m_weight, 0.5);
    answer.p90 = weightedQuantile(npv, m_weight, 0.9);
    for (std::size_t f = 0; f < npv.size(); ++f)
        answer.futures.emplace_back(m_weight[f], npv[f]);
    if (lp)
        answer.bound = std::min(lp->value, answer.value);
    // Servers and instances whole: a branch and bound on the mean's compact relaxation tightens the bound.
    if (answer.bound && !m_cvar)
        if (const std::optional<double> tighter = branchAndBound(answer.value, kBranchNodes))
            answer.bound = std::max(*answer.bound, std::min(*tighter, answer.value));

    // Marginal values: one more or one fewer at each epoch of the request, of each candidate when they are listed
    // (model.md §14.4: one row per epoch and candidate), else of own and reserve in one row.
    const auto moved = [&](std::size_t var, int delta) -> std::optional<double> {
        std::vector<int> v = best;
        v[var] += delta;
        if (v[var] < 0 || !evaluate(v, m_beta, m_cvar).feasible)
            return std::nullopt;
        std::vector<double> values;
        engineNpvs(v, values);
        return weightedCvar(values, m_weight, m_cvar ? m_beta : 0.0, order) - answer.value;
    };
    const auto columnAt = [](const auto &candidate, int e) -> std::optional<std::size_t> {
        const auto it = std::find(candidate.epochs.begin(), candidate.epochs.end(), e);
        if (it == candidate.epochs.end())
            return std::nullopt;
        return candidate.first + static_cast<std::size_t>(it - candidate.epochs.begin());
    };
    const bool byCandidate = m_request.ownListed || m_request.reserveListed;
    for (int e : m_epochs) {
        MarginalValue shared;
        shared.epoch = e;
        // One candidate's row (servers or instances), or its moves written into the epoch's shared row.
        const auto row = [&](const QString &name, std::size_t k, std::optional<double> MarginalValue::*plus,
                             std::optional<double> MarginalValue::*minus) {
            MarginalValue &mv = byCandidate ? answer.marginal.emplace_back() : shared;
            mv.epoch = e;
            mv.candidate = byCandidate ? name : QString();
            mv.*plus = moved(k, +1);
            mv.*minus = moved(k, -1);
        };
        for (const OwnCandidate &c : m_own)
            if (const auto k = columnAt(c, e))
                row(c.name, *k, &MarginalValue::serversPlus, &MarginalValue::serversMinus);
        for (const ReserveCandidate &c : m_reserve)
            if (const auto k = columnAt(c, e))
                row(c.name, *k, &MarginalValue::instancesPlus, &MarginalValue::instancesMinus);
        if (!byCandidate)
            answer.marginal.push_back(shared);
    }
    if (!tick(650))
        return Error{optimizeCancelledMessage(), {}};

    // The efficient frontier: the optimum at each beta, its mean and its CVaR there.
    if (m_options.frontier) {
        int done = 650;
        std::vector<int> previous = best;
        for (double beta : kFrontierBetas) {
            // The answer itself at its own level; elsewhere from the point before (the frontier moves little between
            // levels; the first from the answer).
            const bool answersThis = m_cvar ? beta == m_beta : beta <= 0.0;
            std::vector<int> point = answersThis ? best
                                                 : polish(search(previous, beta, beta > 0.0, answer.evaluations, cancelled),
                                                          beta, beta > 0.0, answer.evaluations, cancelled, kFrontierPolishRounds);
            previous = point;
            if (cancelled)
                return Error{optimizeCancelledMessage(), {}};
            std::vector<double> values;
            engineNpvs(point, values);
            answer.frontier.push_back({beta, weightedCvar(values, m_weight, 0.0, order),
                                       weightedCvar(values, m_weight, beta, order), planOf(point)});
            if (!tick(done += 50))
                return Error{optimizeCancelledMessage(), {}};
        }
    }

    // Every scenario of the plan under the same futures.
    const std::size_t nScen = m_base.scenarios.size();
    std::vector<std::vector<double>> totals(nScen, std::vector<double>(m_futures.size()));
    parallelFor(m_futures.size(), m_threads, [&] {
        MixScratch scratch;
        ScenarioResult result;
        return [&, scratch, result](std::size_t f) mutable {
            const Future &future = m_futures[f];
            for (std::size_t i = 0; i < nScen; ++i) {
                evaluateScenarioAmong(m_base, future.workload, future.scenarios, i, result, scratch);
                totals[i][f] = result.npv;
            }
        };
    });
    for (qsizetype p = 0; p < m_plan.scenarios.size(); ++p) {
        ScenarioUnderFutures row;
        row.name = m_plan.scenarios[p].name;
        if (const EvaluatedScenario *s = m_base.atPlanPosition(static_cast<std::size_t>(p))) {
            const auto i = static_cast<std::size_t>(s - m_base.scenarios.data());
            row.mean = weightedCvar(totals[i], m_weight, 0.0, order);
            row.cvar = weightedCvar(totals[i], m_weight, m_beta, order);
            const double objective = m_cvar ? *row.cvar : *row.mean;
            row.unmet = s->result.hasUnmetDemand();
            row.served = s->result.demand > 0.0 ? s->result.served / s->result.demand : 1.0;
            // The best single option serves all the demand in the plan as written.
            if (!row.unmet && (!answer.bestSingleValue || objective < *answer.bestSingleValue)) {
                answer.bestSingleValue = objective;
                answer.bestSingle = row.name;
            }
        }
        answer.scenarios.push_back(std::move(row));
    }
    if (!tick(1000))
        return Error{optimizeCancelledMessage(), {}};
    return answer;
}

} // namespace fleetopt


double futuresCvar(const std::vector<std::pair<double, double>> &futures, double beta)
{
    std::vector<double> npv, weight;
    for (const auto &[w, v] : futures) {
        weight.push_back(w);
        npv.push_back(v);
    }
    std::vector<std::size_t> order;
    return fleetopt::weightedCvar(npv, weight, beta, order);
}

QString optimizeCancelledMessage()
{
    return QStringLiteral("optimization cancelled");
}

Expected<OptimizeAnswer> optimizeFleet(const Plan &plan, const PlanResult &base, const OptimizeOptions &options)
{
    return fleetopt::Optimizer(plan, base, options).run();
}

std::vector<ScheduledPurchase> FleetPlan::purchasesOf(int candidate) const
{
    std::vector<ScheduledPurchase> out;
    for (const FleetPurchase &p : purchases)
        if (p.candidate == candidate)
            out.push_back({p.month, p.servers});
    return out;
}

std::vector<ReservedTerm> FleetPlan::termsOf(int candidate) const
{
    std::vector<ReservedTerm> out;
    for (const FleetTerm &t : terms)
        if (t.candidate == candidate)
            out.push_back({t.startMonth, t.instances, t.termMonths});
    return out;
}

int FleetPlan::servers() const
{
    int n = 0;
    for (const FleetPurchase &p : purchases)
        n += p.servers;
    return n;
}

Plan planWithAnswer(const Plan &plan, const OptimizeAnswer &answer)
{
    Plan out = plan;
    const OptimizeRequest &r = answer.request;
    QStringList names{r.mixName()};
    for (const QString &candidate : r.own)
        names << r.ownName(candidate);
    for (const QString &candidate : r.reserve)
        names << r.reserveName(candidate);
    out.scenarios.removeIf([&](const PlanScenario &s) { return names.contains(s.name); });
    // One scenario per candidate, in the request's order, with the decision's purchases or terms (none where it buys
    // nothing), and the mix of them all (model.md §14.4).
    QStringList layers;
    for (qsizetype c = 0; c < r.own.size(); ++c) {
        const PlanScenario *from = plan.scenario(r.own.at(c));
        if (!from)
            continue;
        PlanScenario own = *from;
        own.name = r.ownName(r.own.at(c));
        auto &p = std::get<PurchaseScenario>(own.scenario);
        p.servers = 0;
        p.expansion = Expansion::None;
        p.purchases = answer.plan.purchasesOf(static_cast<int>(c));
        setGiven(own.given, ParamId::Servers);
        setGiven(own.given, ParamId::Expansion, false);
        setGiven(own.given, ParamId::Purchases, !p.purchases.empty());
        own.notes = QStringLiteral("The servers the fleet optimizer chose (model.md §11.4), from \"%1\".").arg(r.own.at(c));
        out.scenarios << own;
        layers << own.name;
    }
    for (qsizetype c = 0; c < r.reserve.size(); ++c) {
        const PlanScenario *from = plan.scenario(r.reserve.at(c));
        if (!from)
            continue;
        PlanScenario reserve = *from;
        reserve.name = r.reserveName(r.reserve.at(c));
        std::get<ReservedScenario>(reserve.scenario).terms = answer.plan.termsOf(static_cast<int>(c));
        setGiven(reserve.given, ParamId::Terms);
        reserve.notes =
            QStringLiteral("The reservations the fleet optimizer chose (model.md §11.4), from \"%1\".").arg(r.reserve.at(c));
        out.scenarios << reserve;
        layers << reserve.name;
    }
    PlanScenario mix;
    mix.name = r.mixName();
    mix.scenario = MixScenario{layers, r.burst, r.maxUtilization.value_or(defaults::kBaseMaxUtilization)};
    setGiven(mix.given, ParamId::Layers);
    setGiven(mix.given, ParamId::Burst);
    setGiven(mix.given, ParamId::MaxUtilization);
    mix.notes = QStringLiteral("The fleet plan the optimizer proposes: its own and reserved layers, then the burst.");
    out.scenarios << mix;
    return out;
}

} // namespace mltco::tco

#include "models/tco/engine.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <span>
#include <type_traits>

namespace mltco::tco {

namespace {

constexpr std::size_t idx(Category category)
{
    return static_cast<std::size_t>(category);
}

// Month-to-month factor of an annual rate. The engine multiplies by it month by month instead of calling
// pow() per month, which keeps a 36-month evaluation far below its 2 us budget; the drift is a few ulp. A
// rate of 0 gives exactly 1, so the default (no growth, no trend) case involves no rounding at all.
double monthlyStep(double annualRate)
{
    return annualRate == 0.0 ? 1.0 : std::pow(1.0 + annualRate, 1.0 / 12.0);
}

// MACRS 5-year (half-year convention) rates per year of service (model.md §10.5).
constexpr std::array<double, 6> kMacrs5 = {0.20, 0.32, 0.192, 0.1152, 0.1152, 0.0576};

// Zeroes every row in one go: assigning MonthRow{} row by row starts a block store (rep stos) per row, which
// was a fifth of a Monte Carlo trial. All-zero bytes are 0 and 0.0 on every platform Qt supports.
void clearRows(std::vector<MonthRow> &rows)
{
    static_assert(std::is_trivially_copyable_v<MonthRow>);
    if (!rows.empty())
        std::memset(static_cast<void *>(rows.data()), 0, rows.size() * sizeof(MonthRow));
}

// Sets month, zero costs and G_m in every row (model.md §10.1).
void prepareMonths(const Workload &workload, std::vector<MonthRow> &rows)
{
    clearRows(rows);
    DemandCursor demand(workload);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].month = static_cast<int>(i) + 1;
        rows[i].demand = demand.next();
    }
}

// Calls fill(month index, trend factor, row) for every month with rate_m / rate = (1+g)^((m-1)/12) (model.md §1).
template<typename Fill>
void forEachMonth(const Workload &workload, std::vector<MonthRow> &rows, Fill fill)
{
    const double trendStep = monthlyStep(workload.cloudPriceTrend);
    double trend = 1.0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        fill(i, trend, rows[i]);
        trend *= trendStep;
    }
}

// Cloud commitments (model.md §10.4): terms of L months from month 1, each at the rate in force when it starts.
class CommitmentSchedule final
{
public:
    /// One month of the committed instances: the cash paid, and how the tax view's deductible opex differs
    /// from it (the upfront is deducted over its term's months, not when paid).
    struct Month final
    {
        double cash = 0.0;
        double deductibleAdjustment = 0.0;
    };

    CommitmentSchedule(const Commitment &commit, double committed, double premium)
        : m_commit(commit), m_committed(committed), m_premium(premium)
    {
    }

    Month month(std::size_t monthIndex, double listRateNow)
    {
        if (m_committed <= 0.0 || m_commit.termMonths <= 0)
            return {};
        const int term = m_commit.termMonths;
        Month out;
        if (monthIndex % static_cast<std::size_t>(term) == 0) {
            m_lockedRate = listRateNow * (1.0 + m_premium) * (1.0 - m_commit.discount);
            const double upfront = m_commit.upfrontFraction * m_committed * m_lockedRate * kHoursPerMonth * term;
            out.cash += upfront; // in full, even when the term outlives the horizon
            out.deductibleAdjustment -= upfront;
            m_upfrontPerMonth = upfront / term;
        }
        out.cash += (1.0 - m_commit.upfrontFraction) * m_committed * m_lockedRate * kHoursPerMonth;
        out.deductibleAdjustment += m_upfrontPerMonth;
        return out;
    }

private:
    Commitment m_commit;
    double m_committed = 0.0;
    double m_premium = 0.0;
    double m_lockedRate = 0.0;
    double m_upfrontPerMonth = 0.0;
};

// tax_m = t (gain_m - opex_m - depreciation_m) with opex_m every running cost of the month (model.md §10.5), loan
// interest and lease payments included (§12);
// `upfrontAdjustment` replaces commitment upfronts paid this month by their per-month share.
void applyTax(double taxRate, MonthRow &row, double upfrontAdjustment = 0.0)
{
    if (taxRate == 0.0)
        return;
    const double opex = row.cost[idx(Category::Compute)] + row.cost[idx(Category::Facilities)] +
                        row.cost[idx(Category::Power)] + row.cost[idx(Category::Failures)] +
                        row.cost[idx(Category::Staff)] + row.cost[idx(Category::Overhead)] + row.deductibleFinancing +
                        upfrontAdjustment;
    row.cost[idx(Category::Tax)] = taxRate * (row.gain - opex - row.depreciation);
}

void fillDedicated(const Workload &workload, const DedicatedScenario &s, std::vector<MonthRow> &rows)
{
    const double boxes = dedicatedBoxes(workload, s);
    const double committed = std::clamp(s.commit.fraction, 0.0, 1.0) * boxes;
    const double onDemand = boxes - committed;
    const double computeAtListRate = onDemand * s.instance.ratePerHour * s.hoursOn * (1.0 + s.premium);
    const double perBoxHour = s.instance.gpusPerInstance * s.instance.speedup;
    // Committed boxes run all month; the others as many hours as the schedule keeps them on.
    const double capacity = (committed * kHoursPerMonth + onDemand * s.hoursOn) * perBoxHour;
    CommitmentSchedule schedule(s.commit, committed, s.premium);
    forEachMonth(workload, rows, [&](std::size_t i, double trend, MonthRow &row) {
        const CommitmentSchedule::Month committedMonth = schedule.month(i, s.instance.ratePerHour * trend);
        row.cost[idx(Category::Compute)] = computeAtListRate * trend + committedMonth.cash;
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.capacity = capacity;
        applyTax(workload.taxRate, row, committedMonth.deductibleAdjustment);
    });
}

void fillCluster(const Workload &workload, const ClusterScenario &s, std::vector<MonthRow> &rows)
{
    const double perNode = s.instance.gpusPerInstance * s.instance.speedup * kHoursPerMonth;
    const double sizedFor = sizingUnit(s);
    const double committed = std::clamp(s.commit.fraction, 0.0, 1.0) * s.nodes;
    const double staff = s.opsFte * s.fteAnnualCost / 12.0;
    CommitmentSchedule schedule(s.commit, committed, 0.0);
    forEachMonth(workload, rows, [&](std::size_t i, double trend, MonthRow &row) {
        double nodes = s.nodes;
        if (s.expansion == Expansion::ToDemand)
            nodes = std::max(nodes, unitsNeeded(row.demand, sizedFor)); // a rented pool shrinks back
        const CommitmentSchedule::Month committedMonth = schedule.month(i, s.instance.ratePerHour * trend);
        row.fleet = nodes;
        row.cost[idx(Category::Compute)] =
            (nodes - committed) * s.instance.ratePerHour * kHoursPerMonth * trend + committedMonth.cash;
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.cost[idx(Category::Staff)] = staff;
        row.capacity = nodes * perNode;
        applyTax(workload.taxRate, row, committedMonth.deductibleAdjustment);
    });
}

// Bills each month's row.demand (G_m, or a hybrid's overflow).
void fillElastic(const Workload &workload, const ElasticScenario &s, std::vector<MonthRow> &rows)
{
    const ElasticFactors f = elasticFactors(workload, s);
    const double speed = s.instance.speedup * s.scalingEfficiency;
    const double perGpuRate = s.instance.gpusPerInstance > 0.0 ? s.instance.ratePerHour / s.instance.gpusPerInstance
                                                               : 0.0;
    const bool billable = speed > 0.0 && s.packingEfficiency > 0.0;
    const double staff = s.opsFte * s.fteAnnualCost / 12.0;
    forEachMonth(workload, rows, [&](std::size_t, double trend, MonthRow &row) {
        if (billable) {
            // B_m = G_m / (s e) x rho / eta; capacity shows what is billed, G_m rho / eta, computed in this order
            // so that it is never below G_m through rounding (no false "unmet" demand).
            const double billed = row.demand / speed * f.rework / s.packingEfficiency;
            row.cost[idx(Category::Compute)] = billed * perGpuRate * (1.0 + s.premium) * trend;
            row.capacity = row.demand * f.rework / s.packingEfficiency;
        }
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.cost[idx(Category::Staff)] = staff;
        applyTax(workload.taxRate, row);
    });
}

// Reserved capacity bought in terms (model.md §11.2): each term locks the rate in force at its start, pays its upfront
// there (in full, even when it outlives the horizon) and the rest month by month up to H; for tax the upfront is
// deducted as upfront / L in each month of its term (<= H), as for commitments (§10.4).
void fillReserved(const Workload &workload, const ReservedScenario &s, std::vector<MonthRow> &rows)
{
    const int horizon = static_cast<int>(rows.size());
    const double trendStep = monthlyStep(workload.cloudPriceTrend);
    const double staff = s.opsFte * s.fteAnnualCost / 12.0;
    const double perInstance = s.instance.gpusPerInstance * s.instance.speedup * kHoursPerMonth;
    for (MonthRow &row : rows) {
        row.cost[idx(Category::Overhead)] = s.overheadMonthly;
        row.cost[idx(Category::Staff)] = staff;
    }
    for (const ReservedTerm &term : s.terms) {
        if (term.startMonth < 1 || term.startMonth > horizon || term.instances <= 0 || term.termMonths <= 0)
            continue; // refused by validation; never undefined behaviour
        // The trend factor of the start month, multiplied up as forEachMonth does (the same figure to the ulp).
        double trend = 1.0;
        for (int m = 1; m < term.startMonth; ++m)
            trend *= trendStep;
        const double rate = s.instance.ratePerHour * trend * (1.0 + s.premium) * (1.0 - s.discount);
        const double n = term.instances;
        const double upfront = s.upfrontFraction * n * rate * kHoursPerMonth * term.termMonths;
        const double monthly = (1.0 - s.upfrontFraction) * n * rate * kHoursPerMonth;
        rows[static_cast<std::size_t>(term.startMonth - 1)].cost[idx(Category::Compute)] += upfront;
        const int last = std::min(horizon, term.startMonth + term.termMonths - 1);
        for (int m = term.startMonth; m <= last; ++m) {
            MonthRow &row = rows[static_cast<std::size_t>(m - 1)];
            row.cost[idx(Category::Compute)] += monthly;
            row.instances += n;
        }
    }
    for (MonthRow &row : rows) {
        row.capacity = row.instances * perInstance;
        applyTax(workload.taxRate, row);
    }
    if (workload.taxRate == 0.0 || s.upfrontFraction == 0.0)
        return;
    // The upfront moves from its payment month to its term's months: opex falls by it there, rises by upfront / L
    // in each month of the term, and tax (t x -opex) with them.
    const double t = workload.taxRate;
    for (const ReservedTerm &term : s.terms) {
        if (term.startMonth < 1 || term.startMonth > horizon || term.instances <= 0 || term.termMonths <= 0)
            continue;
        double trend = 1.0;
        for (int m = 1; m < term.startMonth; ++m)
            trend *= trendStep;
        const double rate = s.instance.ratePerHour * trend * (1.0 + s.premium) * (1.0 - s.discount);
        const double upfront = s.upfrontFraction * term.instances * rate * kHoursPerMonth * term.termMonths;
        rows[static_cast<std::size_t>(term.startMonth - 1)].cost[idx(Category::Tax)] += t * upfront;
        const int last = std::min(horizon, term.startMonth + term.termMonths - 1);
        for (int m = term.startMonth; m <= last; ++m)
            rows[static_cast<std::size_t>(m - 1)].cost[idx(Category::Tax)] -= t * (upfront / term.termMonths);
    }
}

// Charges a cycle's depreciation to months start..last (1-based) and returns the total charged (model.md
// §10.5): straight line, basis / D a month for D months; MACRS 5-year, each year's rate spread over its
// 12 months. Month by constant run, not month by formula: this runs for every cohort's every cycle.
double depreciate(const PurchaseScenario &s, double basis, int start, int last, std::vector<MonthRow> &rows)
{
    double charged = 0.0;
    const auto run = [&](int from, int to, double perMonth) {
        for (int m = from; m <= to; ++m)
            rows[static_cast<std::size_t>(m - 1)].depreciation += perMonth;
        charged += perMonth * (to - from + 1);
    };
    if (s.depreciation == Depreciation::Macrs5) {
        for (std::size_t year = 0; year < kMacrs5.size(); ++year) {
            const int from = start + 12 * static_cast<int>(year);
            if (from > last)
                break;
            run(from, std::min(last, from + 11), basis * kMacrs5[year] / 12.0);
        }
        return charged;
    }
    const int months = std::max(1, s.depreciationMonths.value_or(s.holdingMonths));
    run(start, std::min(last, start + months - 1), basis / months);
    return charged;
}

// A loan on one cycle's capex C paid in month p (model.md §12, clarifications 32-35): delta x C in capex in month p;
// the rest repaid in level payments in months p+1..p+n in financing, interest (the balance at the start of the month x
// i) deductible, principal not. The plan ends debt-free: the last payment (month p+n, or month H when the loan
// outlives the plan) repays the balance left with that month's interest; bought in month H, the whole borrowed amount
// is repaid in month H without interest.
void financeByLoan(const PurchaseScenario &s, double capex, int paidMonth, std::vector<MonthRow> &rows)
{
    const int horizon = static_cast<int>(rows.size());
    const double down = std::clamp(s.downPaymentFraction, 0.0, 1.0);
    rows[static_cast<std::size_t>(paidMonth - 1)].cost[idx(Category::Capex)] += down * capex;
    double balance = capex - down * capex;
    if (balance <= 0.0)
        return;
    if (paidMonth >= horizon) {
        rows[static_cast<std::size_t>(horizon - 1)].cost[idx(Category::Financing)] += balance;
        return;
    }
    const double rate = s.loanRate.value_or(0.0) / 12.0;
    const int term = std::max(1, s.loanTermMonths.value_or(1));
    const double payment = balance * loanPaymentFactor(rate, term);
    const int last = std::min(horizon, paidMonth + term);
    for (int m = paidMonth + 1; m <= last; ++m) {
        MonthRow &row = rows[static_cast<std::size_t>(m - 1)];
        const double interest = balance * rate;
        // The level payment, or in the last month the balance and its interest (the level payment up to rounding at
        // the end of the term; the payment plus the balance left after it, the balloon, in month H).
        const double paid = m == last ? balance + interest : payment;
        row.cost[idx(Category::Financing)] += paid;
        row.deductibleFinancing += interest;
        balance -= paid - interest;
    }
}

// The list price of a purchase in month p: P (1 + g_s)^((p-1)/12) (model.md §14.1). Once per cycle, not per month.
double listPriceIn(const PurchaseScenario &s, int month)
{
    return s.serverPriceTrend == 0.0 ? s.serverPrice
                                     : s.serverPrice * std::pow(1.0 + s.serverPriceTrend, (month - 1) / 12.0);
}

// The fleet N_m in service and its cohorts (model.md §10.2, §11.1): `servers` in month 1 and the schedule's
// cohorts (one in month 1 joins `servers`, clarification 1), each in service from its month plus the lead time
// (clarifications 2 and 4); with to_demand (never with a schedule or a lead time) the fleet grows to need_m and never
// shrinks. Nothing is bought before available_from_month A (§14.1): `servers` and to_demand start there.
void planFleet(const PurchaseScenario &s, std::vector<MonthRow> &rows, std::vector<Cohort> &cohorts)
{
    cohorts.clear();
    const double sizedFor = sizingUnit(s);
    const int lead = std::max(0, s.leadTimeMonths);
    const int first = std::max(1, s.availableFromMonth);
    double bought = 0.0;
    std::size_t next = 0; // the next scheduled cohort
    for (MonthRow &row : rows) {
        double wanted = row.month == first ? std::max(0, s.servers) : bought;
        while (next < s.purchases.size() && s.purchases[next].month <= row.month) {
            if (s.purchases[next].month == row.month)
                wanted += std::max(0, s.purchases[next].servers);
            ++next;
        }
        if (s.expansion == Expansion::ToDemand && row.month >= first)
            wanted = std::max(wanted, std::min(unitsNeeded(row.demand, sizedFor), double(defaults::kMaxFleet) + 1));
        if (wanted > bought) {
            const int n = static_cast<int>(wanted - bought);
            cohorts.push_back({row.month, n, listPriceIn(s, row.month) * (1.0 - bulkDiscountFor(s.bulkDiscounts, n)),
                               row.month + lead});
            bought = wanted;
        }
    }
    // In service: the cohorts whose service has begun.
    std::size_t c = 0;
    double installed = 0.0;
    for (MonthRow &row : rows) {
        while (c < cohorts.size() && cohorts[c].serviceMonth <= row.month)
            installed += cohorts[c++].servers;
        row.fleet = installed;
    }
}

// One server's power at a load in month 1, kW x load x PUE x 730 x $/kWh (model.md §10.3, in that order), and the
// monthly step of the electricity price.
struct PowerPrice final
{
    double kw = 0.0;
    double pue = 1.0;
    double kwhPrice = 0.0;
    double step = 1.0;

    double perServer(double load) const { return kw * load * pue * kHoursPerMonth * kwhPrice; }
};
PowerPrice powerPrice(const Workload &workload, const PurchaseScenario &s)
{
    const double kwhPrice = s.electricityFromPlan && workload.electricityPerKwh ? *workload.electricityPerKwh
                                                                                 : s.electricityPerKwh;
    return {s.powerKwPerServer, s.pue, kwhPrice, monthlyStep(s.electricityPriceTrend)};
}

// The load of a month with idle power (model.md §14.2): phi + (1 - phi) u, u the share of the capacity that serves.
double loadServing(double idleFraction, double served, double capacity)
{
    const double u = capacity > 0.0 ? std::clamp(served / capacity, 0.0, 1.0) : 0.0;
    return idleFraction + (1.0 - idleFraction) * u;
}

void fillPurchase(const Workload &workload, const PurchaseScenario &s, std::vector<MonthRow> &rows,
                  std::vector<Cohort> &cohorts)
{
    const int horizon = static_cast<int>(rows.size());
    const int holding = std::max(1, s.holdingMonths);
    const int lead = std::max(0, s.leadTimeMonths);
    const double infrastructure = 1.0 + std::max(0.0, s.infrastructureCapexFraction);
    const double bonus = std::clamp(s.bonusDepreciationFraction, 0.0, 1.0);
    const double atOrder = std::clamp(s.paidAtOrderFraction, 0.0, 1.0);
    // The successor's drop (§14.1): every value taken in a month >= M.
    const auto afterSuccessor = [&](int month) {
        return s.successorMonth && month >= *s.successorMonth ? 1.0 - s.successorValueDrop : 1.0;
    };
    planFleet(s, rows, cohorts);

    for (const Cohort &cohort : cohorts) {
        const double n = cohort.servers;
        const double discount = bulkDiscountFor(s.bulkDiscounts, cohort.servers);
        // Cycle k serves from s_k = b + l + kT while s_k <= H and is paid l months earlier (§11.1, clarification 5);
        // depreciation, resale and the residual follow its service months.
        if (s.financing == Financing::Lease) {
            // An operating lease (§12, clarification 36): each server in service costs p x f (or the fixed payment) a
            // month, renewed at the same payment until H; no capex, resale, residual or depreciation. The factor
            // applies to the cohort's price in its first payment month, infrastructure included (§14.1, §14.2).
            const double payment = n * (s.leasePaymentPerServerMonth
                                            ? *s.leasePaymentPerServerMonth
                                            : cohort.unitPrice * infrastructure * s.leaseRateFactor.value_or(0.0));
            for (int m = cohort.serviceMonth; m <= horizon; ++m) {
                MonthRow &row = rows[static_cast<std::size_t>(m - 1)];
                row.cost[idx(Category::Financing)] += payment;
                row.deductibleFinancing += payment;
            }
            continue;
        }
        for (int start = cohort.serviceMonth; start <= horizon; start += holding) {
            // Each cycle pays the list price of its payment month (§14.1, clarification 1 of §14.5).
            const int paidIn = start - lead;
            const double paid = listPriceIn(s, paidIn) * (1.0 - discount);
            const double basis = n * paid * infrastructure;
            if (s.financing == Financing::Loan) {
                financeByLoan(s, basis, paidIn, rows);
            } else if (lead > 0 && atOrder < 1.0) {
                // A deposit at order, the rest on delivery in the first service month (§14.2).
                rows[static_cast<std::size_t>(paidIn - 1)].cost[idx(Category::Capex)] += atOrder * basis;
                rows[static_cast<std::size_t>(start - 1)].cost[idx(Category::Capex)] += basis - atOrder * basis;
            } else {
                rows[static_cast<std::size_t>(paidIn - 1)].cost[idx(Category::Capex)] += basis;
            }
            const int end = start + holding - 1;
            const bool sold = end <= horizon;
            const bool credited = !sold && s.creditResidualAtHorizon;
            const int lastMonth = std::min(end, horizon);
            // Bonus depreciation (§14.2, clarification 6): b x basis in the first service month, the rest by the method.
            double charged = 0.0;
            if (bonus > 0.0) {
                rows[static_cast<std::size_t>(start - 1)].depreciation += bonus * basis;
                charged = bonus * basis + depreciate(s, basis - bonus * basis, start, lastMonth, rows);
            } else {
                charged = depreciate(s, basis, start, lastMonth, rows);
            }
            double proceeds = 0.0;
            if (sold || credited) {
                // The server's value at the list price of the month it is taken, capped at the price paid; the
                // infrastructure is worth nothing (§14.1, §14.2).
                const double valueAtT = std::min(s.resaleFraction * listPriceIn(s, lastMonth), paid);
                if (sold) {
                    proceeds = n * valueAtT;
                } else {
                    // Straight-line value from the price paid to the value at T (model.md §10.2, the fix of v1).
                    const double held = horizon - start + 1;
                    proceeds = n * (paid - (paid - valueAtT) * held / holding);
                }
                proceeds *= afterSuccessor(lastMonth);
                MonthRow &row = rows[static_cast<std::size_t>(lastMonth - 1)];
                row.cost[idx(Category::Resale)] -= proceeds;
                row.gain += proceeds - (basis - charged);
            }
        }
    }

    const double facilities = s.facilitiesPerServerYear / 12.0 + s.powerKwPerServer * s.colocationPerKwMonth;
    const double failures = s.failuresPerServerYear / 12.0;
    const double perServer = s.gpusPerServer * s.speedup * kHoursPerMonth;
    const PowerPrice power = powerPrice(workload, s);
    const double powerPerServer = power.perServer(s.averageLoad);
    double electricity = 1.0;
    for (MonthRow &row : rows) {
        const double servers = row.fleet;
        row.capacity = servers * perServer;
        const double loaded =
            s.idlePowerFraction
                ? power.perServer(loadServing(*s.idlePowerFraction, std::min(row.demand, row.capacity), row.capacity))
                : powerPerServer;
        row.cost[idx(Category::Facilities)] = servers * facilities;
        row.cost[idx(Category::Power)] = servers * loaded * electricity;
        row.cost[idx(Category::Failures)] = servers * failures;
        const double people = servers > 0.0 && s.serversPerFte > 0.0 ? ceilTolerant(servers / s.serversPerFte) : 0.0;
        row.cost[idx(Category::Staff)] = people * s.fteAnnualCost / 12.0;
        applyTax(workload.taxRate, row);
        electricity *= power.step;
    }
}

// A purchase layer with idle power (model.md §14.2, clarification 7): its load follows what it serves as a layer,
// s_m / cap_m with cap_m its full capacity, not what it would serve alone; the power and the tax on it move with it.
void repriceLayerPower(const Workload &workload, const PurchaseScenario &s, std::span<const double> served,
                       std::vector<MonthRow> &rows)
{
    const PowerPrice power = powerPrice(workload, s);
    double electricity = 1.0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        MonthRow &row = rows[i];
        const double now =
            row.fleet * power.perServer(loadServing(*s.idlePowerFraction, served[i], row.capacity)) * electricity;
        const double change = now - row.cost[idx(Category::Power)];
        row.cost[idx(Category::Power)] = now;
        if (workload.taxRate != 0.0)
            row.cost[idx(Category::Tax)] -= workload.taxRate * change;
        electricity *= power.step;
    }
}

// model.md §14.3: what a million tokens cost, when the workload says what a reference GPU-hour produces.
std::optional<double> costPerMillionTokens(const Workload &workload, double total, double served)
{
    if (!workload.tokensPerReferenceGpuHour || *workload.tokensPerReferenceGpuHour <= 0.0 || served <= 0.0)
        return std::nullopt;
    return total / (served * *workload.tokensPerReferenceGpuHour / 1e6);
}

// Totals, NPV, years, categories and service figures from the filled month rows (model.md §5). The sums are
// kept in locals: written through `out` they would be reloaded after every store to a month row (which the
// compiler must assume may alias them), and this loop is most of an evaluation's time.
// Returns the largest fleet and the largest reserved instance count of the horizon.
struct Peaks final
{
    double fleet = 0.0;
    double instances = 0.0;
};
Peaks summarise(const Workload &workload, ScenarioResult &out)
{
    const double discountStep = 1.0 / monthlyStep(workload.discountRate);
    const int horizon = static_cast<int>(out.months.size());

    out.years.resize(static_cast<std::size_t>((horizon + 11) / 12));
    std::array<double, kCategoryCount> byCategory{}, npvByCategory{};
    double total = 0.0, npv = 0.0, served = 0.0, capacity = 0.0, demand = 0.0;
    double depreciation = 0.0, gains = 0.0, burst = 0.0, burstGpuHours = 0.0, peakFleet = 0.0, peakInstances = 0.0;
    double discount = 1.0; // (1+r)^(-(m-1)/12): costs land at the start of their month
    MonthRow *row = out.months.data();
    for (std::size_t y = 0; y < out.years.size(); ++y) {
        const int first = 12 * static_cast<int>(y);
        const int months = std::min(12, horizon - first);
        double yearTotal = 0.0;
        for (int m = 0; m < months; ++m, ++row) {
            double monthTotal = 0.0;
            for (std::size_t c = 0; c < kCategoryCount; ++c) {
                const double cost = row->cost[c];
                monthTotal += cost;
                byCategory[c] += cost;
                npvByCategory[c] += cost * discount;
            }
            row->total = monthTotal;
            yearTotal += monthTotal;
            total += monthTotal; // month by month, as version 1 summed: the same figures to the last digit
            npv += monthTotal * discount;
            discount *= discountStep;
            capacity += row->capacity;
            demand += row->demand;
            served += std::min(row->demand, row->capacity);
            depreciation += row->depreciation;
            gains += row->gain;
            burst += row->burst;
            burstGpuHours += row->burstGpuHours;
            peakFleet = std::max(peakFleet, row->fleet);
            peakInstances = std::max(peakInstances, row->instances);
        }
        YearSum &year = out.years[y];
        year.year = static_cast<int>(y) + 1;
        year.months = months;
        year.partial = months < 12;
        year.total = yearTotal;
    }
    out.byCategory = byCategory;
    out.npvByCategory = npvByCategory;
    out.total = total;
    out.npv = npv;
    out.served = served;
    out.capacity = capacity;
    out.demand = demand;
    out.depreciation = depreciation;
    out.gains = gains;
    out.burst = burst;
    out.burstGpuHours = burstGpuHours;
    out.averageAnnual = horizon > 0 ? total * 12.0 / horizon : 0.0;
    out.unmet = std::max(0.0, demand - served);
    out.utilization = capacity > 0.0 ? std::optional<double>(served / capacity) : std::nullopt;
    out.costPerServedGpuHour = served > 0.0 ? std::optional<double>(total / served) : std::nullopt;
    out.costPerMillionTokens = costPerMillionTokens(workload, total, served);
    out.peakFleet.reset();
    out.peakInstances.reset();
    return {peakFleet, peakInstances};
}

bool hasFleet(const Scenario &scenario)
{
    return std::holds_alternative<PurchaseScenario>(scenario) || std::holds_alternative<ClusterScenario>(scenario);
}

// The month rows of everything but a hybrid or a mix; rows already prepared (demand set), not yet summed.
void fillRows(const Workload &workload, const Scenario &scenario, std::vector<MonthRow> &rows,
              std::vector<Cohort> &cohorts)
{
    cohorts.clear();
    std::visit(
        [&](const auto &s) {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, DedicatedScenario>)
                fillDedicated(workload, s, rows);
            else if constexpr (std::is_same_v<T, ClusterScenario>)
                fillCluster(workload, s, rows);
            else if constexpr (std::is_same_v<T, ElasticScenario>)
                fillElastic(workload, s, rows);
            else if constexpr (std::is_same_v<T, PurchaseScenario>)
                fillPurchase(workload, s, rows, cohorts);
            else if constexpr (std::is_same_v<T, ReservedScenario>)
                fillReserved(workload, s, rows);
        },
        scenario);
}

} // namespace

double dedicatedBoxes(const Workload &workload, const DedicatedScenario &scenario)
{
    return scenario.boxes ? *scenario.boxes : workload.engineers * scenario.boxesPerEngineer;
}

double sizingUnit(const PurchaseScenario &purchase)
{
    return purchase.gpusPerServer * purchase.speedup * kHoursPerMonth * purchase.targetUtilization;
}

double sizingUnit(const ClusterScenario &cluster)
{
    return cluster.instance.gpusPerInstance * cluster.instance.speedup * kHoursPerMonth * cluster.targetUtilization;
}

double onCallStaff(const PurchaseScenario &scenario)
{
    if (scenario.servers <= 0 || scenario.serversPerFte <= 0.0)
        return 0.0;
    return ceilTolerant(scenario.servers / scenario.serversPerFte);
}

ElasticFactors elasticFactors(const Workload &workload, const ElasticScenario &s)
{
    ElasticFactors f;
    const double speed = s.instance.speedup * s.scalingEfficiency; // reference GPU-hours per billed GPU-hour
    if (speed <= 0.0 || s.gpusPerJob <= 0 || s.packingEfficiency <= 0.0)
        return f;
    f.wallHoursPerJob = workload.jobGpuHours / (speed * s.gpusPerJob);
    if (f.wallHoursPerJob > 0.0) {
        // A preemption loses on average half a checkpoint interval (never more than the job has run) plus
        // the restart time.
        const double lost = std::min(s.checkpointIntervalHours, f.wallHoursPerJob) / 2.0 + s.restartHours;
        f.rework = 1.0 + s.preemptionsPerJob * lost / f.wallHoursPerJob;
    }
    f.billedGpuHours = std::max(0.0, workload.demandGpuHours) / speed * f.rework / s.packingEfficiency;
    return f;
}

void evaluateInto(const Workload &workload, const Scenario &scenario, ScenarioResult &out)
{
    out.months.resize(static_cast<std::size_t>(std::max(0, workload.horizonMonths)));
    prepareMonths(workload, out.months);
    fillRows(workload, scenario, out.months, out.cohorts);
    const Peaks peak = summarise(workload, out);
    if (hasFleet(scenario))
        out.peakFleet = peak.fleet;
    if (std::holds_alternative<ReservedScenario>(scenario))
        out.peakInstances = peak.instances;
    if (const auto *elastic = std::get_if<ElasticScenario>(&scenario)) {
        // Defined even without demand: the share of billed GPU time that does useful work (model.md §5).
        out.utilization = elastic->packingEfficiency / elasticFactors(workload, *elastic).rework;
    }
}

namespace {

// A hybrid or a mix (model.md §10.6, §11.3): the layers as they stand on the plan's demand serve it in order, each up
// to beta x its capacity; the burst bills what is left (or it is unmet); months are the parts added category by
// category. `hybrid`: the month rows carry the base's fleet whatever its kind (§10.10, clarification 9); a mix's carry
// the servers of its purchase layers (§11.5, clarification 10).
void evaluateComposite(const Workload &workload, std::span<const Scenario *const> layers, const ElasticScenario *burst,
                       double maxUtilization, ScenarioResult &out, MixScratch &scratch, bool hybrid)
{
    const auto horizon = static_cast<std::size_t>(std::max(0, workload.horizonMonths));
    if (scratch.layers.size() < layers.size())
        scratch.layers.resize(layers.size());
    for (std::size_t k = 0; k < layers.size(); ++k) {
        ScenarioResult &layer = scratch.layers[k];
        layer.months.resize(horizon);
        prepareMonths(workload, layer.months);
        fillRows(workload, *layers[k], layer.months, layer.cohorts);
    }

    // What is left after each layer: R^k_m = R^(k-1)_m - min(R^(k-1)_m, beta x capacity_k,m), kept in the burst's rows.
    ScenarioResult &b = scratch.burst;
    b.months.resize(horizon);
    prepareMonths(workload, b.months);
    double servedByLayers = 0.0;
    for (std::size_t k = 0; k < layers.size(); ++k) {
        std::vector<MonthRow> &rows = scratch.layers[k].months;
        const auto *purchase = std::get_if<PurchaseScenario>(layers[k]);
        const bool idlePower = purchase && purchase->idlePowerFraction;
        if (idlePower)
            scratch.served.assign(horizon, 0.0);
        for (std::size_t i = 0; i < horizon; ++i) {
            const double served = std::min(b.months[i].demand, maxUtilization * rows[i].capacity);
            servedByLayers += served;
            b.months[i].demand -= served;
            if (idlePower)
                scratch.served[i] = served;
        }
        if (idlePower)
            repriceLayerPower(workload, *purchase, scratch.served, rows);
    }
    b.cohorts.clear();
    if (burst)
        fillElastic(workload, *burst, b.months);

    out.cohorts.clear();
    out.months.resize(horizon);
    if (layers.empty())
        prepareMonths(workload, out.months);
    else
        out.months = scratch.layers[0].months; // the first layer's rows, reusing out's buffer
    bool anyServers = false, anyInstances = false, fleetBase = false;
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const ScenarioResult &layer = scratch.layers[k];
        const bool purchase = std::holds_alternative<PurchaseScenario>(*layers[k]);
        anyServers = anyServers || purchase;
        anyInstances = anyInstances || std::holds_alternative<ReservedScenario>(*layers[k]);
        fleetBase = fleetBase || hasFleet(*layers[k]);
        out.cohorts.insert(out.cohorts.end(), layer.cohorts.begin(), layer.cohorts.end());
        for (std::size_t i = 0; i < horizon; ++i) {
            MonthRow &row = out.months[i];
            const MonthRow &from = layer.months[i];
            if (k > 0) {
                for (std::size_t c = 0; c < kCategoryCount; ++c)
                    row.cost[c] += from.cost[c];
                row.capacity += from.capacity;
                row.depreciation += from.depreciation;
                row.gain += from.gain;
                row.deductibleFinancing += from.deductibleFinancing;
                row.instances += from.instances;
                if (purchase)
                    row.fleet += from.fleet;
            } else if (!hybrid && !purchase) {
                row.fleet = 0.0; // a mix counts the servers of its purchase layers only
            }
        }
    }
    for (std::size_t i = 0; i < horizon; ++i) {
        MonthRow &fromBurst = b.months[i];
        MonthRow &row = out.months[i];
        double burstTotal = 0.0;
        if (burst) {
            for (std::size_t c = 0; c < kCategoryCount; ++c) {
                burstTotal += fromBurst.cost[c];
                row.cost[c] += fromBurst.cost[c];
            }
        }
        fromBurst.total = burstTotal;
        row.burst = burstTotal;
        row.burstGpuHours = fromBurst.demand;
    }
    const Peaks peak = summarise(workload, out);
    double left = 0.0;
    for (const MonthRow &row : b.months)
        left += row.demand;
    // With a burst everything is served (§10.10, clarification 9); without, what the layers leave is unmet (§11.5,
    // clarification 12).
    out.served = burst ? out.demand : out.demand - left;
    out.unmet = burst ? 0.0 : left;
    if (hybrid ? fleetBase : anyServers)
        out.peakFleet = peak.fleet;
    if (anyInstances)
        out.peakInstances = peak.instances;
    out.utilization = out.capacity > 0.0 ? std::optional<double>(servedByLayers / out.capacity) : std::nullopt;
    out.costPerServedGpuHour = out.served > 0.0 ? std::optional<double>(out.total / out.served) : std::nullopt;
    out.costPerMillionTokens = costPerMillionTokens(workload, out.total, out.served);
}

} // namespace

void evaluateMixInto(const Workload &workload, std::span<const Scenario *const> layers, const ElasticScenario *burst,
                     double maxUtilization, ScenarioResult &out, MixScratch &scratch)
{
    evaluateComposite(workload, layers, burst, maxUtilization, out, scratch, false);
}

void evaluateHybridInto(const Workload &workload, const Scenario &base, const ElasticScenario &burst,
                        double baseMaxUtilization, ScenarioResult &out, MixScratch &scratch)
{
    const Scenario *layers[] = {&base};
    evaluateComposite(workload, layers, &burst, baseMaxUtilization, out, scratch, true);
}

void monthDiscounts(const Workload &workload, std::vector<double> &out)
{
    out.resize(static_cast<std::size_t>(std::max(0, workload.horizonMonths)));
    const double discountStep = 1.0 / monthlyStep(workload.discountRate);
    double discount = 1.0;
    for (double &factor : out) {
        factor = discount;
        discount *= discountStep;
    }
}

ScenarioResult evaluate(const Workload &workload, const Scenario &scenario)
{
    ScenarioResult result;
    evaluateInto(workload, scenario, result);
    return result;
}

} // namespace mltco::tco

#include "models/plan/parameters.h"

#include <array>
#include <cmath>
#include <limits>

namespace mltco::tco {

namespace {

// Seed articles the defaults come from (/work/shared/seeds; cited by file name).
#define SEED_000 "000_8df8b20412f607fd.txt"
#define SEED_001 "001_bdcefb33a745e1b8.txt"
#define SEED_003 "003_75159a26dc5619c9.txt"
#define SEED_004 "004_f51af283e68b2414.txt"

constexpr unsigned D = kindBit(ScenarioKind::Dedicated);
constexpr unsigned C = kindBit(ScenarioKind::Cluster);
constexpr unsigned E = kindBit(ScenarioKind::Elastic);
constexpr unsigned P = kindBit(ScenarioKind::Purchase);
constexpr unsigned Hy = kindBit(ScenarioKind::Hybrid);
constexpr unsigned R = kindBit(ScenarioKind::Reserved);
constexpr unsigned M = kindBit(ScenarioKind::Mix);
constexpr unsigned W = 0; // workload field

using T = ParamType;
using I = ParamId;
constexpr std::optional<double> none = std::nullopt;

// clang-format off
constexpr std::array<ParameterInfo, kParamCount> kTable = {{
    // id, key, label, unit, type, min, min exclusive, max, default, default note, source, kinds, help
    {I::Engineers, "engineers", "ML engineers", "people", T::Integer, 0, false, 10000,
     defaults::kEngineers, "", "assumption", W,
     "Engineers who share the infrastructure; a dedicated scenario rents boxes_per_engineer boxes for each."},
    {I::DemandGpuHours, "demand_gpu_hours", "GPU demand per month", "reference GPU-hours/month", T::Number, 0, false, 1e9,
     defaults::kDemandGpuHours, "", SEED_000, W,
     "Work to do each month, in hours of the reference GPU (V100 16 GB). 2920 = one p3.8xlarge (4 V100) per "
     "engineer for 4 engineers, busy 25 % of 730 h."},
    {I::JobGpuHours, "job_gpu_hours", "GPU-hours per training job", "reference GPU-hours", T::Number, 0, true, 1e6,
     defaults::kJobGpuHours, "", "assumption", W,
     "Size of one training job; sets how much a preemption costs in an elastic scenario."},
    {I::HorizonMonths, "horizon_months", "Horizon", "months", T::Integer, 1, false, 240,
     defaults::kHorizonMonths, "", SEED_000, W,
     "How many months the plan runs (Ntropy's cost-reduction post compares three years)."},
    {I::DiscountRate, "discount_rate", "Discount rate", "fraction per year", T::Number, 0, false, 1,
     defaults::kDiscountRate, "", "assumption", W,
     "Annual rate for the net present value; costs land at the start of their month."},
    {I::CloudPriceTrend, "cloud_price_trend", "Cloud price trend", "fraction per year", T::Number, -0.9, false, 1,
     defaults::kCloudPriceTrend, "", "assumption", W,
     "Annual change of every cloud hourly rate (-0.15 = prices fall 15 % a year); never applies to purchases, "
     "salaries or facilities."},
    {I::DemandGrowth, "demand_growth", "Demand growth", "fraction per year", T::Number, -0.9, false, 10,
     defaults::kDemandGrowth, "", "assumption", W,
     "Annual growth of the monthly demand, compounding every month from month 1 (0.44 = demand grows 44 % a "
     "year); applies on top of the demand steps."},
    {I::DemandSteps, "demand_steps", "Demand steps", "[month, reference GPU-hours/month]", T::Steps, 0, false, 1e9,
     none, "none (demand_gpu_hours every month)", "assumption", W,
     "Changes of the base demand from a month on, e.g. [[13, 5840]] when a second team joins in month 13; "
     "months strictly ascending within the horizon."},
    {I::TaxRate, "tax_rate", "Tax rate", "fraction", T::Number, 0, false, 0.9,
     defaults::kTaxRate, "", "assumption", W,
     "Corporate tax rate for the after-tax view (0.21 = US federal); 0 keeps the pre-tax cash view. Costs are "
     "deducted, purchases depreciated, gains on sale taxed."},

    {I::RatePerHour, "rate_per_hour", "Price per instance-hour", "USD/hour", T::Number, 0, true, 1e6,
     none, "required: from the plan, or from the catalog when an instance is named", "", D | C | E | R,
     "What one instance costs per hour; a price of 0 is missing, never free."},
    {I::GpusPerInstance, "gpus_per_instance", "GPUs per instance", "GPUs", T::Number, 0, true, 1024,
     defaults::kGpusPerInstance, "from the catalog when an instance is named, else 1", "assumption", D | C | E | R,
     "GPUs in one instance (fractional for shared GPUs)."},
    {I::Speedup, "speedup", "Speedup", "reference GPU-hours per GPU-hour", T::Number, 0, true, 1000,
     defaults::kSpeedup, "from the catalog's GPU when an instance is named, else 1 (the reference GPU)", "assumption",
     D | C | E | P | R,
     "How many reference GPU-hours one hour of this GPU does (Ntropy's cost-reduction post: RTX 6000 about 1, A100 about 4)."},

    {I::Boxes, "boxes", "Boxes", "instances", T::Integer, 0, false, 100000,
     none, "engineers x boxes_per_engineer", "", D,
     "Instances rented around the clock; when given it replaces engineers x boxes_per_engineer."},
    {I::BoxesPerEngineer, "boxes_per_engineer", "Boxes per engineer", "instances", T::Number, 0, false, 100,
     defaults::kBoxesPerEngineer, "", SEED_000, D,
     "Instances per engineer (Ntropy's cost-reduction post: one p3.8xlarge for each ML engineer); a fraction is a shared box."},
    {I::HoursOn, "hours_on", "Hours on per month", "hours/month", T::Number, 0, false, kHoursPerMonth,
     defaults::kHoursOn, "", SEED_000, D,
     "Hours each box runs and is billed per month; 730 = always on, a shutdown schedule lowers it."},
    {I::Premium, "premium", "Premium on the rate", "fraction", T::Number, 0, false, 10,
     defaults::kPremium, "", "assumption", D | E | R,
     "Surcharge on top of the hourly rate (Ntropy's cost-reduction post: SageMaker costs 10-20 % more than on-demand)."},
    {I::OverheadMonthly, "overhead_monthly", "Overhead per month", "USD/month", T::Number, 0, false, 1e9,
     defaults::kOverheadMonthly, "", "assumption", D | C | E | R,
     "Fixed monthly extras: control-plane nodes, storage, tooling."},

    {I::Nodes, "nodes", "Nodes", "instances", T::Integer, 0, false, 100000,
     defaults::kNodes, "", "assumption", C,
     "Instances in the always-on pool."},
    {I::OpsFte, "ops_fte", "Operations staff", "full-time engineers", T::Number, 0, false, 1000,
     defaults::kOpsFte, "", "assumption", C | E | R,
     "Share of an engineer spent running the cluster (Kubernetes, Kubeflow)."},
    {I::FteAnnualCost, "fte_annual_cost", "Cost of one engineer per year", "USD/year", T::Number, 0, false, 1e8,
     defaults::kFteAnnualCost, "", SEED_000, C | E | P | R,
     "Yearly cost of one operations or on-call engineer (Ntropy's cost-reduction post: on-call team, 1 employee, $100,000/yr)."},
    {I::TargetUtilization, "target_utilization", "Target utilization", "fraction", T::Number, 0, true, 1,
     defaults::kTargetUtilization, "", SEED_003, C | P,
     "Busy share a fleet is sized for by \"size to demand\" and by expansion to demand (FloydHub's EC2 cost article: GPU "
     "utilization target >70 %)."},
    {I::Expansion, "expansion", "Expansion", "", T::Choice, 0, false, 1,
     0.0, "none", "assumption", C | P,
     "none: the fleet stays at its stated size; to_demand: it grows to the servers or nodes the month's demand "
     "needs at the target utilization (bought servers are kept, a rented pool shrinks back)."},

    {I::CommitFraction, "commit_fraction", "Committed share", "fraction", T::Number, 0, false, 1,
     defaults::kCommitFraction, "", "assumption", D | C,
     "Share of the boxes or nodes bought as a reservation or savings plan; committed instances run and are "
     "paid all 730 hours."},
    {I::CommitDiscount, "commit_discount", "Commitment discount", "fraction", T::Number, 0, false, 0.99,
     defaults::kCommitDiscount, "", "model.md", D | C | R,
     "Discount of the committed rate off on-demand (the MLOps book's cost chapter: reserved instances save 30-60 %, its calculator "
     "uses 40 % for 12 months)."},
    {I::CommitTermMonths, "commit_term_months", "Commitment term", "months", T::Integer, 1, false, 120,
     defaults::kCommitTermMonths, "", SEED_004, D | C,
     "Length of one commitment; terms are renewed back to back from month 1 at the rate then in force."},
    {I::CommitUpfrontFraction, "commit_upfront_fraction", "Paid upfront", "fraction of the term", T::Number, 0, false,
     1, defaults::kCommitUpfrontFraction, "", "assumption", D | C | R,
     "Share of a term's cost paid in its first month (0 = no upfront, about 0.5 = partial upfront, 1 = all "
     "upfront); a term that outlives the plan is still paid in full."},

    {I::GpusPerJob, "gpus_per_job", "GPUs per job", "GPUs", T::Integer, 1, false, 100000,
     defaults::kGpusPerJob, "", "assumption", E,
     "GPUs one training job runs on (k)."},
    {I::ScalingEfficiency, "scaling_efficiency", "Scaling efficiency", "fraction", T::Number, 0, true, 1,
     defaults::kScalingEfficiency, "", "assumption", E,
     "Useful share of each GPU of a multi-GPU job (e); FloydHub's rule of thumb, 5x on 8 GPUs, is 5/8."},
    {I::PackingEfficiency, "packing_efficiency", "Packing efficiency", "fraction", T::Number, 0, true, 1,
     defaults::kPackingEfficiency, "", "assumption", E,
     "Useful share of billed GPU time (autoscaler lag, idle before scale-down)."},
    {I::PreemptionsPerJob, "preemptions_per_job", "Preemptions per job", "per job", T::Number, 0, false, 100,
     defaults::kPreemptionsPerJob, "", "assumption", E,
     "Average interruptions of one job (Ntropy's cost-reduction post: one shutdown every 50 jobs on preemptible A100s = 0.02)."},
    {I::CheckpointIntervalHours, "checkpoint_interval_hours", "Checkpoint interval", "hours", T::Number, 0, false,
     100000, defaults::kCheckpointIntervalHours, "", "assumption", E,
     "Hours between checkpoints; a preemption loses half an interval on average."},
    {I::RestartHours, "restart_hours", "Restart time", "hours", T::Number, 0, false, 10000,
     defaults::kRestartHours, "", "assumption", E,
     "Billed hours lost getting a preempted job running again."},

    {I::Servers, "servers", "Servers", "servers", T::Integer, 0, false, 100000,
     defaults::kServers, "", SEED_000, P,
     "Servers bought (S)."},
    {I::ServerPrice, "server_price", "List price per server", "USD", T::Number, 0, true, 1e9,
     defaults::kServerPrice, "", SEED_000, P,
     "List price of one server (Ntropy's cost-reduction post: 8xA100 rack $150,000)."},
    {I::GpusPerServer, "gpus_per_server", "GPUs per server", "GPUs", T::Integer, 1, false, 1024,
     defaults::kGpusPerServer, "", SEED_000, P,
     "GPUs in one server."},
    {I::BulkDiscounts, "bulk_discounts", "Bulk discounts", "[min servers, fraction]", T::Tiers, 0, false, 0.99,
     none, "none (list price)", "assumption", P,
     "Discount tiers [[min_servers, fraction], ...]; the tier with the largest min_servers <= servers applies "
     "(Ntropy's cost-reduction post: 15 % for six servers)."},
    {I::HoldingMonths, "holding_months", "Holding period", "months", T::Integer, 1, false, 240,
     defaults::kHoldingMonths, "", SEED_001, P,
     "Months before servers are sold and replaced (Ntropy's original post: newest GPUs bought every 36 months)."},
    {I::ResaleFraction, "resale_fraction", "Resale value", "fraction of list price", T::Number, 0, false, 1,
     defaults::kResaleFraction, "", SEED_000, P,
     "What a server sells for at the end of the holding period, as a share of its list price (Ntropy's cost-reduction post: 30 %)."},
    {I::FacilitiesPerServerYear, "facilities_per_server_year", "Facilities per server-year", "USD/year", T::Number, 0,
     false, 1e9, defaults::kFacilitiesPerServerYear, "", SEED_000, P,
     "Colocation, bandwidth and power per server (Ntropy's cost-reduction post: $3,000/yr)."},
    {I::FailuresPerServerYear, "failures_per_server_year", "Hardware failures per server-year", "USD/year",
     T::Number, 0, false, 1e9, defaults::kFailuresPerServerYear, "", SEED_000, P,
     "Replacement parts per server (Ntropy's cost-reduction post: $15,000/yr)."},
    {I::ServersPerFte, "servers_per_fte", "Servers per on-call engineer", "servers", T::Number, 0, true, 100000,
     defaults::kServersPerFte, "", "assumption", P,
     "Servers one on-call engineer looks after; staff = ceil(servers / servers_per_fte) (Ntropy's cost-reduction post has one "
     "employee for one and for six servers)."},
    {I::CreditResidualAtHorizon, "credit_residual_at_horizon", "Credit residual value at the horizon", "",
     T::Boolean, 0, false, 1, 1.0, "true", "assumption", P,
     "When the horizon ends inside a holding period, credit the servers' straight-line value in the last month."},
    {I::PowerKwPerServer, "power_kw_per_server", "Power per server", "kW", T::Number, 0, false, 100,
     defaults::kPowerKwPerServer, "", "model.md", P,
     "Maximum power draw of one server (a DGX A100 draws up to 6.5 kW); 0 leaves power inside facilities."},
    {I::AverageLoad, "average_load", "Average load", "fraction of maximum power", T::Number, 0, false, 1,
     defaults::kAverageLoad, "", "assumption", P,
     "Average draw as a share of the maximum."},
    {I::Pue, "pue", "PUE", "facility power / IT power", T::Number, 1, false, 3,
     defaults::kPue, "", "model.md", P,
     "Power usage effectiveness of the data centre: cooling and losses on top of the servers' draw (industry "
     "average about 1.58)."},
    {I::ElectricityPerKwh, "electricity_per_kwh", "Electricity price", "USD/kWh", T::Number, 0, false, 10,
     defaults::kElectricityPerKwh, "", "assumption", P,
     "What one kilowatt-hour costs."},
    {I::ElectricityPriceTrend, "electricity_price_trend", "Electricity price trend", "fraction per year", T::Number,
     -0.9, false, 1, defaults::kElectricityPriceTrend, "", "assumption", P,
     "Annual change of the electricity price."},
    {I::Depreciation, "depreciation", "Depreciation", "", T::Choice, 0, false, 1,
     0.0, "straight_line", "assumption", P,
     "How servers are written off for tax: straight_line over depreciation_months, or macrs_5 (US 5-year "
     "MACRS: 20, 32, 19.2, 11.52, 11.52, 5.76 % a year)."},
    {I::DepreciationMonths, "depreciation_months", "Depreciation period", "months", T::Integer, 1, false, 240,
     none, "holding_months", "assumption", P,
     "Months of straight-line depreciation; ignored by macrs_5."},

    {I::Base, "base", "Base", "scenario", T::ScenarioName, 0, false, 0,
     none, "required", "", Hy,
     "The dedicated, cluster or purchase scenario that serves demand first."},
    {I::Burst, "burst", "Burst", "scenario", T::ScenarioName, 0, false, 0,
     none, "required for a hybrid; none for a mix (what its layers cannot serve is unmet)", "", Hy | M,
     "The elastic scenario that serves what the base or the layers cannot."},
    {I::BaseMaxUtilization, "base_max_utilization", "Base utilization cap", "fraction", T::Number, 0, false, 1,
     defaults::kBaseMaxUtilization, "", "assumption", Hy,
     "Share of the base's capacity it serves before work overflows to the burst side (queues and maintenance "
     "keep it below 1)."},

    {I::Purchases, "purchases", "Purchase schedule", "[month, servers]", T::Schedule, 1, false, 100000,
     none, "none (servers in month 1 only)", "model.md", P,
     "More servers bought later: [[month, servers], ...], months strictly ascending; each entry is a cohort of its "
     "own (bulk tier by its size, its own holding cycles), in addition to the servers bought in month 1."},
    {I::LeadTimeMonths, "lead_time_months", "Lead time", "months", T::Integer, 0, false, 24,
     defaults::kLeadTimeMonths, "", "assumption", P,
     "Months between paying for servers and their entering service (delivery, racking, burn-in): every cycle is "
     "paid this long before it serves."},

    {I::Terms, "terms", "Reserved terms", "[start month, instances, term months]", T::Terms, 1, false, 100000,
     none, "none (overhead and staff only)", "model.md", R,
     "Reservations [[start_month, instances, term_months], ...]: each locks the rate in force at its start for its "
     "term; an upfront is paid in full at the start, the rest monthly; nothing renews by itself."},
    {I::Layers, "layers", "Layers", "scenarios", T::ScenarioNames, 0, false, 0,
     none, "required: at least one", "", M,
     "Purchase, dedicated, cluster or reserved scenarios that serve demand in this order, each up to the "
     "utilization cap of its capacity, before the burst."},
    {I::MaxUtilization, "max_utilization", "Layer utilization cap", "fraction", T::Number, 0, false, 1,
     defaults::kBaseMaxUtilization, "", "assumption", M,
     "Share of each layer's capacity it serves before work moves to the next layer or the burst (queues and "
     "maintenance keep it below 1)."},

    {I::Financing, "financing", "Financing", "", T::Choice, 0, false, 2,
     0.0, "cash", "model.md", P,
     "How the servers are paid for: cash (capex when bought), loan (a down payment, then level monthly repayments "
     "with deductible interest; the plan ends debt-free) or lease (a monthly payment per server in service, no "
     "capex, no resale, no depreciation)."},
    {I::LoanRate, "loan_rate", "Loan interest rate", "fraction per year", T::Number, 0, false, 1,
     none, "required with a loan", "assumption", P,
     "Annual nominal interest of the loan (vendor and GPU financiers quote 10 to 17 %, or SOFR + 5 to 7 %); "
     "charged monthly at rate / 12 on the balance."},
    {I::LoanTermMonths, "loan_term_months", "Loan term", "months", T::Integer, 1, false, 120,
     none, "required with a loan", "assumption", P,
     "Months of level repayments after each purchase (36 to 60 are usual); a loan that outlives the plan is "
     "repaid in its last month."},
    {I::DownPaymentFraction, "down_payment_fraction", "Down payment", "fraction of the price paid", T::Number, 0,
     false, 1, 0.0, "", "assumption", P,
     "Share of each purchase paid in cash when bought (capex); the rest is borrowed."},
    {I::LeaseRateFactor, "lease_rate_factor", "Lease rate factor", "per month, of the price paid", T::Number, 0,
     false, 1, none, "required with a lease (or a payment per server)", "assumption", P,
     "Monthly lease payment per dollar of the server's price (0.03 = $3,000 a month for a $100,000 server); "
     "fair-market-value leases leave the residual value to the lessor."},
    {I::LeasePaymentPerServerMonth, "lease_payment_per_server_month", "Lease payment per server",
     "USD/month", T::Number, 0, false, 1e9, none, "or a lease rate factor", "assumption", P,
     "A fixed monthly lease payment per server in service, instead of a rate factor."},
    {I::LeaseTermMonths, "lease_term_months", "Lease term", "months", T::Integer, 1, false, 120,
     none, "holding_months", "assumption", P,
     "Months of each lease; every lease renews at the same payment until the horizon, so the term changes no "
     "figure."},

    {I::DemandGpuHoursPerEngineer, "demand_gpu_hours_per_engineer", "GPU demand per engineer",
     "reference GPU-hours/month", T::Number, 0, false, 1e7, none,
     "none (the team's monthly demand applies)", SEED_000, W,
     "The monthly demand of one engineer; when given, the demand is engineers x this and follows the team (730 = "
     "one p3.8xlarge, 4 V100, busy 25 % of the month, as in Ntropy's cost-reduction post). Instead of demand_gpu_hours."},
    {I::PlanElectricityPerKwh, "electricity_per_kwh", "Electricity price", "USD/kWh", T::Number, 0, false, 10,
     none, "none (each purchase's own price, 0.12 unless it states one)", "assumption", W,
     "What one kilowatt-hour costs at the plan's site: every purchase that does not state its own price pays "
     "this one."},

    {I::AvailableFromMonth, "available_from_month", "On sale from", "month", T::Integer, 1, false, 240,
     defaults::kAvailableFromMonth, "", "model.md", P,
     "The first month this hardware can be ordered (a generation not yet shipping): nothing is paid before it, and "
     "a fleet that follows demand starts there."},
    {I::ServerPriceTrend, "server_price_trend", "Server price trend", "fraction per year", T::Number, -0.9, false, 1,
     defaults::kServerPriceTrend, "", "model.md", P,
     "Annual change of the server's list price (-0.25 = a generation's price falls 25 % a year); every purchase and "
     "renewal pays the list price of its month, and resale follows it."},
    {I::SuccessorMonth, "successor_month", "Successor ships in", "month", T::Integer, 2, false, 240,
     none, "none (no successor within the plan)", "model.md", P,
     "The month the next generation ships: from then on every resale and residual value of these servers drops by "
     "successor_value_drop."},
    {I::SuccessorValueDrop, "successor_value_drop", "Value drop at the successor", "fraction", T::Number, 0, false, 1,
     defaults::kSuccessorValueDrop, "", "model.md", P,
     "Share of the servers' resale value lost once the successor ships (0.3 = worth 30 % less from successor_month)."},
    {I::InfrastructureCapexFraction, "infrastructure_capex_fraction", "Network, storage and racks",
     "fraction of the server price", T::Number, 0, false, 1, defaults::kInfrastructureCapexFraction, "", "model.md", P,
     "Capex on top of each server for the network fabric, storage and racks (cluster TCO models add 10 to 15 %); "
     "depreciated with the servers, worth nothing at resale."},
    {I::PaidAtOrderFraction, "paid_at_order_fraction", "Paid at order", "fraction of the capex", T::Number, 0, false,
     1, defaults::kPaidAtOrderFraction, "", "model.md", P,
     "With a lead time and cash: the share of each purchase paid when ordered (the deposit); the rest is paid on "
     "delivery, in the first month of service."},
    {I::ColocationPerKwMonth, "colocation_per_kw_month", "Colocation per kW", "USD/kW-month", T::Number, 0, false,
     10000, defaults::kColocationPerKwMonth, "", "model.md", P,
     "What the data centre bills per contracted kilowatt (power per server) and month, whatever the load; added to "
     "facilities."},
    {I::IdlePowerFraction, "idle_power_fraction", "Idle power", "fraction of maximum power", T::Number, 0, false, 1,
     none, "none (average_load applies)", "model.md", P,
     "The draw of an idle server as a share of its maximum; when given, each month's load follows what the servers "
     "serve, from this floor up to full power, instead of average_load."},
    {I::BonusDepreciationFraction, "bonus_depreciation_fraction", "Bonus depreciation", "fraction of the basis",
     T::Number, 0, false, 1, defaults::kBonusDepreciationFraction, "", "model.md", P,
     "Share of each purchase written off at once in its first month of service (US bonus depreciation; 1 = full "
     "expensing); the rest depreciates by the chosen method."},

    {I::TokensPerReferenceGpuHour, "tokens_per_reference_gpu_hour", "Tokens per reference GPU-hour", "tokens",
     T::Number, 0, true, 1e12, none, "none (no cost per token)", "model.md", W,
     "What one reference GPU-hour of the work produces, in tokens; when given, every option shows its cost per "
     "million tokens."},
}};
// clang-format on

constexpr bool tableIsInIdOrder()
{
    for (std::size_t i = 0; i < kTable.size(); ++i) {
        if (static_cast<std::size_t>(kTable[i].id) != i)
            return false;
    }
    return true;
}
static_assert(tableIsInIdOrder(), "parameter table rows must be in ParamId order");

#undef SEED_000
#undef SEED_001
#undef SEED_003
#undef SEED_004

} // namespace

QString formatBound(double value)
{
    return QString::number(value, 'g', 15);
}

std::span<const ParameterInfo> parameterTable()
{
    return kTable;
}

const ParameterInfo &parameterInfo(ParamId id)
{
    return kTable[static_cast<std::size_t>(id)];
}

const ParameterInfo *parameterByKey(QStringView key, ParamScope scope)
{
    // The keys with their lengths worked out once (a plan file names a parameter a quarter of a million times).
    static const std::array<QLatin1String, kParamCount> keys = [] {
        std::array<QLatin1String, kParamCount> table;
        for (std::size_t i = 0; i < kTable.size(); ++i)
            table[i] = QLatin1String(kTable[i].key);
        return table;
    }();
    const ParameterInfo *found = nullptr;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (key.size() != keys[i].size() || key != keys[i])
            continue;
        // A key two parameters share (electricity_per_kwh) is the one of the scope; any other is found anywhere.
        if ((kTable[i].kinds == 0) == (scope == ParamScope::InWorkload))
            return &kTable[i];
        if (!found)
            found = &kTable[i];
    }
    return found;
}

QString parameterKey(ParamId id)
{
    return QString::fromLatin1(parameterInfo(id).key);
}

bool isWorkloadParameter(ParamId id)
{
    return parameterInfo(id).kinds == 0;
}

bool usesParameter(ScenarioKind kind, ParamId id)
{
    return (parameterInfo(id).kinds & kindBit(kind)) != 0;
}

QList<ParamId> scenarioParameters(ScenarioKind kind)
{
    QList<ParamId> ids;
    for (const ParameterInfo &info : kTable) {
        if (info.kinds & kindBit(kind))
            ids << info.id;
    }
    return ids;
}

QList<ParamId> workloadParameters()
{
    QList<ParamId> ids;
    for (const ParameterInfo &info : kTable) {
        if (info.kinds == 0)
            ids << info.id;
    }
    return ids;
}

QString allowedValues(const ParameterInfo &info)
{
    switch (info.type) {
    case ParamType::Integer:
        return QStringLiteral("an integer from %1 to %2").arg(formatBound(info.min), formatBound(info.max));
    case ParamType::Number:
        if (info.minExclusive)
            return QStringLiteral("a number greater than %1 and at most %2")
                .arg(formatBound(info.min), formatBound(info.max));
        return QStringLiteral("a number from %1 to %2").arg(formatBound(info.min), formatBound(info.max));
    case ParamType::Boolean:
        return QStringLiteral("true or false");
    case ParamType::Choice:
        return QStringLiteral("one of ") + parameterChoices(info.id).join(QStringLiteral(", "));
    case ParamType::Steps:
        return QStringLiteral("a list of [month, gpu_hours] pairs with months strictly ascending from 1 to the "
                              "horizon and gpu_hours a number from 0 to %1")
            .arg(formatBound(info.max));
    case ParamType::ScenarioName:
        return QStringLiteral("the name of a scenario of the plan");
    case ParamType::Schedule:
        return QStringLiteral("a list of [month, servers] pairs with months strictly ascending from 1 to the horizon "
                              "and servers an integer from 1 to %1")
            .arg(formatBound(info.max));
    case ParamType::Terms:
        return QStringLiteral("a list of [start_month, instances, term_months] with start_month from 1 to the "
                              "horizon, instances an integer from 1 to %1 and term_months an integer from 1 to 120")
            .arg(formatBound(info.max));
    case ParamType::ScenarioNames:
        return QStringLiteral("a list of names of scenarios of the plan");
    case ParamType::Tiers:
        break;
    }
    return QStringLiteral("a list of [min_servers, fraction] pairs");
}

bool isAllowedValue(const ParameterInfo &info, double value)
{
    if (!std::isfinite(value) || value > info.max)
        return false;
    if (info.minExclusive ? value <= info.min : value < info.min)
        return false;
    if (info.type == ParamType::Integer || info.type == ParamType::Boolean || info.type == ParamType::Choice)
        return value == std::floor(value);
    return true;
}

int introducedIn(ParamId id)
{
    return id >= I::AvailableFromMonth                         ? 4
           : id >= I::Purchases                                ? 3
           : id >= I::DemandGrowth && id <= I::TaxRate ? 2
           : id >= I::Expansion && id <= I::CommitUpfrontFraction ? 2
           : id >= I::PowerKwPerServer                             ? 2
                                                                   : 1;
}

QStringList parameterChoices(ParamId id)
{
    if (id == I::Expansion)
        return {expansionKey(Expansion::None), expansionKey(Expansion::ToDemand)};
    if (id == I::Depreciation)
        return {depreciationKey(Depreciation::StraightLine), depreciationKey(Depreciation::Macrs5)};
    if (id == I::Financing)
        return {financingKey(tco::Financing::Cash), financingKey(tco::Financing::Loan),
                financingKey(tco::Financing::Lease)};
    return {};
}

bool isNumericParameter(ParamId id)
{
    switch (parameterInfo(id).type) {
    case ParamType::Number:
    case ParamType::Integer:
    case ParamType::Boolean:
    case ParamType::Choice:
        return true;
    case ParamType::Tiers:
    case ParamType::Steps:
    case ParamType::Schedule:
    case ParamType::ScenarioName:
    case ParamType::Terms:
    case ParamType::ScenarioNames:
        break;
    }
    return false;
}

// ---- generic access ----------------------------------------------------------------------------------------

namespace {

// A reference to the field that holds a parameter, whatever its C++ type.
using FieldRef = std::variant<std::monostate, double *, int *, bool *, std::optional<int> *, std::optional<double> *,
                              Expansion *, Depreciation *, tco::Financing *>;

FieldRef field(Workload &w, ParamId id)
{
    switch (id) {
    case I::Engineers: return &w.engineers;
    case I::DemandGpuHours: return &w.demandGpuHours;
    case I::JobGpuHours: return &w.jobGpuHours;
    case I::HorizonMonths: return &w.horizonMonths;
    case I::DiscountRate: return &w.discountRate;
    case I::CloudPriceTrend: return &w.cloudPriceTrend;
    case I::DemandGrowth: return &w.demandGrowth;
    case I::TaxRate: return &w.taxRate;
    case I::DemandGpuHoursPerEngineer: return &w.demandGpuHoursPerEngineer;
    case I::PlanElectricityPerKwh: return &w.electricityPerKwh;
    case I::TokensPerReferenceGpuHour: return &w.tokensPerReferenceGpuHour;
    default: return {};
    }
}

FieldRef instanceField(CloudInstance &c, ParamId id)
{
    switch (id) {
    case I::RatePerHour: return &c.ratePerHour;
    case I::GpusPerInstance: return &c.gpusPerInstance;
    case I::Speedup: return &c.speedup;
    default: return {};
    }
}

FieldRef commitField(Commitment &c, ParamId id)
{
    switch (id) {
    case I::CommitFraction: return &c.fraction;
    case I::CommitDiscount: return &c.discount;
    case I::CommitTermMonths: return &c.termMonths;
    case I::CommitUpfrontFraction: return &c.upfrontFraction;
    default: return {};
    }
}

FieldRef field(DedicatedScenario &s, ParamId id)
{
    if (FieldRef ref = commitField(s.commit, id); !std::holds_alternative<std::monostate>(ref))
        return ref;
    switch (id) {
    case I::Boxes: return &s.boxes;
    case I::BoxesPerEngineer: return &s.boxesPerEngineer;
    case I::HoursOn: return &s.hoursOn;
    case I::Premium: return &s.premium;
    case I::OverheadMonthly: return &s.overheadMonthly;
    default: return instanceField(s.instance, id);
    }
}

FieldRef field(ClusterScenario &s, ParamId id)
{
    if (FieldRef ref = commitField(s.commit, id); !std::holds_alternative<std::monostate>(ref))
        return ref;
    switch (id) {
    case I::Nodes: return &s.nodes;
    case I::OverheadMonthly: return &s.overheadMonthly;
    case I::OpsFte: return &s.opsFte;
    case I::FteAnnualCost: return &s.fteAnnualCost;
    case I::TargetUtilization: return &s.targetUtilization;
    case I::Expansion: return &s.expansion;
    default: return instanceField(s.instance, id);
    }
}

FieldRef field(ElasticScenario &s, ParamId id)
{
    switch (id) {
    case I::GpusPerJob: return &s.gpusPerJob;
    case I::ScalingEfficiency: return &s.scalingEfficiency;
    case I::PackingEfficiency: return &s.packingEfficiency;
    case I::PreemptionsPerJob: return &s.preemptionsPerJob;
    case I::CheckpointIntervalHours: return &s.checkpointIntervalHours;
    case I::RestartHours: return &s.restartHours;
    case I::Premium: return &s.premium;
    case I::OverheadMonthly: return &s.overheadMonthly;
    case I::OpsFte: return &s.opsFte;
    case I::FteAnnualCost: return &s.fteAnnualCost;
    default: return instanceField(s.instance, id);
    }
}

FieldRef field(PurchaseScenario &s, ParamId id)
{
    switch (id) {
    case I::Servers: return &s.servers;
    case I::ServerPrice: return &s.serverPrice;
    case I::GpusPerServer: return &s.gpusPerServer;
    case I::Speedup: return &s.speedup;
    case I::HoldingMonths: return &s.holdingMonths;
    case I::ResaleFraction: return &s.resaleFraction;
    case I::FacilitiesPerServerYear: return &s.facilitiesPerServerYear;
    case I::FailuresPerServerYear: return &s.failuresPerServerYear;
    case I::FteAnnualCost: return &s.fteAnnualCost;
    case I::ServersPerFte: return &s.serversPerFte;
    case I::CreditResidualAtHorizon: return &s.creditResidualAtHorizon;
    case I::Expansion: return &s.expansion;
    case I::TargetUtilization: return &s.targetUtilization;
    case I::PowerKwPerServer: return &s.powerKwPerServer;
    case I::AverageLoad: return &s.averageLoad;
    case I::Pue: return &s.pue;
    case I::ElectricityPerKwh: return &s.electricityPerKwh;
    case I::ElectricityPriceTrend: return &s.electricityPriceTrend;
    case I::Depreciation: return &s.depreciation;
    case I::DepreciationMonths: return &s.depreciationMonths;
    case I::LeadTimeMonths: return &s.leadTimeMonths;
    case I::Financing: return &s.financing;
    case I::LoanRate: return &s.loanRate;
    case I::LoanTermMonths: return &s.loanTermMonths;
    case I::DownPaymentFraction: return &s.downPaymentFraction;
    case I::LeaseRateFactor: return &s.leaseRateFactor;
    case I::LeasePaymentPerServerMonth: return &s.leasePaymentPerServerMonth;
    case I::LeaseTermMonths: return &s.leaseTermMonths;
    case I::AvailableFromMonth: return &s.availableFromMonth;
    case I::ServerPriceTrend: return &s.serverPriceTrend;
    case I::SuccessorMonth: return &s.successorMonth;
    case I::SuccessorValueDrop: return &s.successorValueDrop;
    case I::InfrastructureCapexFraction: return &s.infrastructureCapexFraction;
    case I::PaidAtOrderFraction: return &s.paidAtOrderFraction;
    case I::ColocationPerKwMonth: return &s.colocationPerKwMonth;
    case I::IdlePowerFraction: return &s.idlePowerFraction;
    case I::BonusDepreciationFraction: return &s.bonusDepreciationFraction;
    default: return {};
    }
}

FieldRef field(HybridScenario &s, ParamId id)
{
    return id == I::BaseMaxUtilization ? FieldRef(&s.baseMaxUtilization) : FieldRef();
}

FieldRef field(ReservedScenario &s, ParamId id)
{
    switch (id) {
    case I::Premium: return &s.premium;
    case I::CommitDiscount: return &s.discount;
    case I::CommitUpfrontFraction: return &s.upfrontFraction;
    case I::OverheadMonthly: return &s.overheadMonthly;
    case I::OpsFte: return &s.opsFte;
    case I::FteAnnualCost: return &s.fteAnnualCost;
    default: return instanceField(s.instance, id);
    }
}

FieldRef field(MixScenario &s, ParamId id)
{
    return id == I::MaxUtilization ? FieldRef(&s.maxUtilization) : FieldRef();
}

FieldRef field(Scenario &scenario, ParamId id)
{
    return std::visit([id](auto &s) { return field(s, id); }, scenario);
}

std::optional<double> readField(const FieldRef &ref)
{
    if (const auto *p = std::get_if<double *>(&ref))
        return **p;
    if (const auto *p = std::get_if<int *>(&ref))
        return static_cast<double>(**p);
    if (const auto *p = std::get_if<bool *>(&ref))
        return **p ? 1.0 : 0.0;
    if (const auto *p = std::get_if<std::optional<int> *>(&ref))
        return **p ? std::optional<double>(static_cast<double>(***p)) : std::nullopt;
    if (const auto *p = std::get_if<std::optional<double> *>(&ref))
        return **p;
    if (const auto *p = std::get_if<Expansion *>(&ref))
        return static_cast<double>(**p);
    if (const auto *p = std::get_if<Depreciation *>(&ref))
        return static_cast<double>(**p);
    if (const auto *p = std::get_if<tco::Financing *>(&ref))
        return static_cast<double>(**p);
    return std::nullopt;
}

bool write(const FieldRef &ref, const ParameterInfo &info, double value)
{
    if (!std::isfinite(value))
        return false;
    if (auto *const *p = std::get_if<double *>(&ref)) {
        **p = value;
        return true;
    }
    if (auto *const *p = std::get_if<std::optional<double> *>(&ref)) {
        **p = value; // boxes: a break-even at equal capacity rents fractional boxes
        return true;
    }
    if (value != std::floor(value) || std::abs(value) > std::numeric_limits<int>::max())
        return false;
    if (auto *const *p = std::get_if<int *>(&ref)) {
        **p = static_cast<int>(value);
        return true;
    }
    if (auto *const *p = std::get_if<std::optional<int> *>(&ref)) {
        **p = static_cast<int>(value);
        return true;
    }
    if (auto *const *p = std::get_if<bool *>(&ref)) {
        if (info.type != ParamType::Boolean || (value != 0.0 && value != 1.0))
            return false;
        **p = value != 0.0;
        return true;
    }
    if (auto *const *p = std::get_if<Expansion *>(&ref)) {
        if (value < 0 || value > 1)
            return false;
        **p = static_cast<Expansion>(static_cast<int>(value));
        return true;
    }
    if (auto *const *p = std::get_if<Depreciation *>(&ref)) {
        if (value < 0 || value > 1)
            return false;
        **p = static_cast<Depreciation>(static_cast<int>(value));
        return true;
    }
    if (auto *const *p = std::get_if<tco::Financing *>(&ref)) {
        if (value < 0 || value > 2)
            return false;
        **p = static_cast<tco::Financing>(static_cast<int>(value));
        return true;
    }
    return false;
}

} // namespace

std::optional<double> parameterValue(const Workload &workload, ParamId id)
{
    // field() hands out mutable pointers; reading through them does not modify the argument.
    return readField(field(const_cast<Workload &>(workload), id));
}

bool setParameterValue(Workload &workload, ParamId id, double value)
{
    if (!write(field(workload, id), parameterInfo(id), value))
        return false;
    // Demand per engineer: the total follows the team, whichever of the two moved (a Monte Carlo trial drawing the
    // team's size, a form editing either). A total typed over it ends the link.
    if (id == I::DemandGpuHours)
        workload.demandGpuHoursPerEngineer.reset();
    else if (workload.demandGpuHoursPerEngineer && (id == I::Engineers || id == I::DemandGpuHoursPerEngineer))
        workload.demandGpuHours = workload.engineers * *workload.demandGpuHoursPerEngineer;
    return true;
}

bool clearParameterValue(Workload &workload, ParamId id)
{
    if (id == I::PlanElectricityPerKwh) {
        workload.electricityPerKwh.reset();
        return true;
    }
    if (id == I::TokensPerReferenceGpuHour) {
        workload.tokensPerReferenceGpuHour.reset();
        return true;
    }
    if (id != I::DemandGpuHoursPerEngineer)
        return false;
    workload.demandGpuHoursPerEngineer.reset();
    return true;
}

std::optional<double> parameterValue(const Scenario &scenario, ParamId id)
{
    return readField(field(const_cast<Scenario &>(scenario), id));
}

bool setParameterValue(Scenario &scenario, ParamId id, double value)
{
    if (!write(field(scenario, id), parameterInfo(id), value))
        return false;
    // A purchase's own electricity price wins over the plan's from then on (clearParameterValue gives it back).
    if (auto *purchase = std::get_if<PurchaseScenario>(&scenario); purchase && id == I::ElectricityPerKwh)
        purchase->electricityFromPlan = false;
    return true;
}

bool clearParameterValue(Scenario &scenario, ParamId id)
{
    if (auto *dedicated = std::get_if<DedicatedScenario>(&scenario); dedicated && id == ParamId::Boxes) {
        dedicated->boxes.reset();
        return true;
    }
    auto *purchase = std::get_if<PurchaseScenario>(&scenario);
    if (!purchase)
        return false;
    switch (id) {
    case I::ElectricityPerKwh:
        purchase->electricityPerKwh = defaults::kElectricityPerKwh;
        purchase->electricityFromPlan = true;
        return true;
    case I::DepreciationMonths: purchase->depreciationMonths.reset(); return true;
    case I::LoanRate: purchase->loanRate.reset(); return true;
    case I::LoanTermMonths: purchase->loanTermMonths.reset(); return true;
    case I::LeaseRateFactor: purchase->leaseRateFactor.reset(); return true;
    case I::LeasePaymentPerServerMonth: purchase->leasePaymentPerServerMonth.reset(); return true;
    case I::LeaseTermMonths: purchase->leaseTermMonths.reset(); return true;
    case I::SuccessorMonth: purchase->successorMonth.reset(); return true;
    case I::IdlePowerFraction: purchase->idlePowerFraction.reset(); return true;
    default: return false;
    }
}

QString unitInCurrency(const QString &unit, const QString &currency)
{
    if (currency.isEmpty() || currency == QLatin1String("USD") || !unit.startsWith(QLatin1String("USD")))
        return unit;
    return currency + unit.mid(3);
}

} // namespace mltco::tco

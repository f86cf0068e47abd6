#!/usr/bin/env python3
"""A plain Python transcription of docs/model.md (sections 1-5 and 10), the baseline bench_evaluate compares
`mltco-cli evaluate` against: the same plan in, one line per scenario out (name, total, NPV). It is written the
way a spreadsheet user turned programmer would write it (dicts, floats, a loop per month, pow() where the model
writes a power), not tuned. bench_evaluate checks that its totals agree with mltco's before it times anything.

    python3 model.py PLAN.json            # prints "name<TAB>total<TAB>npv" per scenario
"""
import json
import math
import sys

HOURS = 730.0
CATEGORIES = ("compute", "capex", "resale", "facilities", "power", "failures", "staff", "overhead", "tax")
MACRS5 = (0.20, 0.32, 0.192, 0.1152, 0.1152, 0.0576)

WORKLOAD = dict(engineers=4, demand_gpu_hours=2920.0, job_gpu_hours=24.0, horizon_months=36, discount_rate=0.0,
                cloud_price_trend=0.0, demand_growth=0.0, demand_steps=[], tax_rate=0.0)
INSTANCE = dict(rate_per_hour=0.0, gpus_per_instance=1.0, speedup=1.0)
COMMIT = dict(commit_fraction=0.0, commit_discount=0.0, commit_term_months=12, commit_upfront_fraction=0.0)
DEFAULTS = {
    "dedicated": dict(INSTANCE, boxes=None, boxes_per_engineer=1.0, hours_on=HOURS, premium=0.0, overhead_monthly=0.0,
                      **COMMIT),
    "cluster": dict(INSTANCE, nodes=1, overhead_monthly=0.0, ops_fte=0.0, fte_annual_cost=100000.0,
                    target_utilization=0.7, expansion="none", **COMMIT),
    "elastic": dict(INSTANCE, gpus_per_job=1, scaling_efficiency=1.0, packing_efficiency=0.9, preemptions_per_job=0.0,
                    checkpoint_interval_hours=1.0, restart_hours=0.25, premium=0.0, overhead_monthly=0.0, ops_fte=0.0,
                    fte_annual_cost=100000.0),
    "purchase": dict(servers=1, server_price=150000.0, gpus_per_server=8, speedup=1.0, bulk_discounts=[],
                     holding_months=36, resale_fraction=0.30, facilities_per_server_year=3000.0,
                     failures_per_server_year=15000.0, fte_annual_cost=100000.0, servers_per_fte=10.0,
                     credit_residual_at_horizon=True, expansion="none", target_utilization=0.7,
                     power_kw_per_server=0.0, average_load=0.8, pue=1.5, electricity_per_kwh=0.12,
                     electricity_price_trend=0.0, depreciation="straight_line", depreciation_months=None),
    "hybrid": dict(base="", burst="", base_max_utilization=0.85),
}


def ceil_tolerant(x):
    return math.ceil(x - 1e-9)


def demand(w, month):
    """G_m = D_m (1 + g_d)^((m-1)/12), D_m the last step at or before m (section 10.1)."""
    base = max(0.0, w["demand_gpu_hours"])
    for step_month, hours in w["demand_steps"]:
        if step_month <= month:
            base = max(0.0, hours)
    return base * (1.0 + w["demand_growth"]) ** ((month - 1) / 12.0)


def new_months(w):
    return [dict({c: 0.0 for c in CATEGORIES}, month=m, demand=demand(w, m), capacity=0.0, fleet=0.0,
                 depreciation=0.0, gain=0.0) for m in range(1, w["horizon_months"] + 1)]


def trend(w, m):
    return (1.0 + w["cloud_price_trend"]) ** ((m - 1) / 12.0)


def tax(w, row, adjustment=0.0):
    if w["tax_rate"] == 0.0:
        return
    opex = (row["compute"] + row["facilities"] + row["power"] + row["failures"] + row["staff"] + row["overhead"]
            + adjustment)
    row["tax"] = w["tax_rate"] * (row["gain"] - opex - row["depreciation"])


class Commitments:
    """Terms of L months from month 1, each locked at the rate in force when it starts (section 10.4)."""

    def __init__(self, s, committed, premium):
        self.s, self.committed, self.premium = s, committed, premium
        self.rate = 0.0
        self.upfront_per_month = 0.0

    def month(self, index, list_rate):
        s, term = self.s, self.s["commit_term_months"]
        if self.committed <= 0.0 or term <= 0:
            return 0.0, 0.0
        cash, deductible = 0.0, 0.0
        if index % term == 0:
            self.rate = list_rate * (1.0 + self.premium) * (1.0 - s["commit_discount"])
            upfront = s["commit_upfront_fraction"] * self.committed * self.rate * HOURS * term
            cash += upfront
            deductible -= upfront
            self.upfront_per_month = upfront / term
        cash += (1.0 - s["commit_upfront_fraction"]) * self.committed * self.rate * HOURS
        deductible += self.upfront_per_month
        return cash, deductible


def dedicated(w, s, months):
    boxes = s["boxes"] if s["boxes"] is not None else w["engineers"] * s["boxes_per_engineer"]
    committed = min(max(s["commit_fraction"], 0.0), 1.0) * boxes
    on_demand = boxes - committed
    per_box_hour = s["gpus_per_instance"] * s["speedup"]
    commitments = Commitments(s, committed, s["premium"])
    for i, row in enumerate(months):
        t = trend(w, row["month"])
        cash, adjustment = commitments.month(i, s["rate_per_hour"] * t)
        row["compute"] = on_demand * s["rate_per_hour"] * s["hours_on"] * (1.0 + s["premium"]) * t + cash
        row["overhead"] = s["overhead_monthly"]
        row["capacity"] = (committed * HOURS + on_demand * s["hours_on"]) * per_box_hour
        tax(w, row, adjustment)


def cluster(w, s, months):
    sized_for = s["gpus_per_instance"] * s["speedup"] * HOURS * s["target_utilization"]
    committed = min(max(s["commit_fraction"], 0.0), 1.0) * s["nodes"]
    commitments = Commitments(s, committed, 0.0)
    for i, row in enumerate(months):
        t = trend(w, row["month"])
        nodes = s["nodes"]
        if s["expansion"] == "to_demand" and row["demand"] > 0 and sized_for > 0:
            nodes = max(nodes, ceil_tolerant(row["demand"] / sized_for))
        cash, adjustment = commitments.month(i, s["rate_per_hour"] * t)
        row["fleet"] = nodes
        row["compute"] = (nodes - committed) * s["rate_per_hour"] * HOURS * t + cash
        row["overhead"] = s["overhead_monthly"]
        row["staff"] = s["ops_fte"] * s["fte_annual_cost"] / 12.0
        row["capacity"] = nodes * s["gpus_per_instance"] * s["speedup"] * HOURS
        tax(w, row, adjustment)


def elastic(w, s, months):
    speed = s["speedup"] * s["scaling_efficiency"]
    rework = 1.0
    if speed > 0 and s["gpus_per_job"] > 0 and s["packing_efficiency"] > 0:
        wall = w["job_gpu_hours"] / (speed * s["gpus_per_job"])
        if wall > 0:
            lost = min(s["checkpoint_interval_hours"], wall) / 2.0 + s["restart_hours"]
            rework = 1.0 + s["preemptions_per_job"] * lost / wall
    per_gpu = s["rate_per_hour"] / s["gpus_per_instance"] if s["gpus_per_instance"] > 0 else 0.0
    for row in months:
        if speed > 0 and s["packing_efficiency"] > 0:
            billed = row["demand"] / speed * rework / s["packing_efficiency"]
            row["compute"] = billed * per_gpu * (1.0 + s["premium"]) * trend(w, row["month"])
            row["capacity"] = row["demand"] * rework / s["packing_efficiency"]
        row["overhead"] = s["overhead_monthly"]
        row["staff"] = s["ops_fte"] * s["fte_annual_cost"] / 12.0
        tax(w, row)


def bulk_discount(tiers, servers):
    best, discount = 0, 0.0
    for minimum, fraction in tiers:
        if best < minimum <= servers:
            best, discount = minimum, fraction
    return discount


def depreciate(s, basis, start, last, months):
    charged = 0.0
    if s["depreciation"] == "macrs_5":
        for year, rate in enumerate(MACRS5):
            first = start + 12 * year
            if first > last:
                break
            for m in range(first, min(last, first + 11) + 1):
                months[m - 1]["depreciation"] += basis * rate / 12.0
                charged += basis * rate / 12.0
        return charged
    length = max(1, s["depreciation_months"] if s["depreciation_months"] is not None else s["holding_months"])
    for m in range(start, min(last, start + length - 1) + 1):
        months[m - 1]["depreciation"] += basis / length
        charged += basis / length
    return charged


def purchase(w, s, months):
    horizon = len(months)
    holding = max(1, s["holding_months"])
    sized_for = s["gpus_per_server"] * s["speedup"] * HOURS * s["target_utilization"]
    cohorts, installed = [], 0.0
    for row in months:
        wanted = max(0, s["servers"]) if row["month"] == 1 else installed
        if s["expansion"] == "to_demand" and row["demand"] > 0 and sized_for > 0:
            wanted = max(wanted, min(ceil_tolerant(row["demand"] / sized_for), 100001))
        if wanted > installed:
            n = int(wanted - installed)
            cohorts.append((row["month"], n, s["server_price"] * (1.0 - bulk_discount(s["bulk_discounts"], n))))
            installed = wanted
        row["fleet"] = installed
    for bought, n, paid in cohorts:
        value_at_end = min(s["resale_fraction"] * s["server_price"], paid)
        for start in range(bought, horizon + 1, holding):
            basis = n * paid
            months[start - 1]["capex"] += basis
            end = start + holding - 1
            sold = end <= horizon
            credited = not sold and s["credit_residual_at_horizon"]
            last = min(end, horizon)
            charged = depreciate(s, basis, start, last, months)
            if sold or credited:
                proceeds = n * value_at_end if sold else n * (paid - (paid - value_at_end) * (horizon - start + 1) / holding)
                months[last - 1]["resale"] -= proceeds
                months[last - 1]["gain"] += proceeds - (basis - charged)
    for row in months:
        servers = row["fleet"]
        row["facilities"] = servers * s["facilities_per_server_year"] / 12.0
        row["power"] = (servers * s["power_kw_per_server"] * s["average_load"] * s["pue"] * HOURS * s["electricity_per_kwh"]
                        * (1.0 + s["electricity_price_trend"]) ** ((row["month"] - 1) / 12.0))
        row["failures"] = servers * s["failures_per_server_year"] / 12.0
        people = ceil_tolerant(servers / s["servers_per_fte"]) if servers > 0 and s["servers_per_fte"] > 0 else 0.0
        row["staff"] = people * s["fte_annual_cost"] / 12.0
        row["capacity"] = servers * s["gpus_per_server"] * s["speedup"] * HOURS
        tax(w, row)


FILL = dict(dedicated=dedicated, cluster=cluster, elastic=elastic, purchase=purchase)


def evaluate(w, s, by_name):
    months = new_months(w)
    if s["kind"] != "hybrid":
        FILL[s["kind"]](w, s, months)
        return months
    base, burst = by_name[s["base"]], by_name[s["burst"]]
    months = evaluate(w, base, by_name)
    overflow = new_months(w)
    for row, from_base in zip(overflow, months):
        row["demand"] = from_base["demand"] - min(from_base["demand"], s["base_max_utilization"] * from_base["capacity"])
    elastic(w, burst, overflow)
    for row, extra in zip(months, overflow):
        for c in CATEGORIES:
            row[c] += extra[c]
    return months


def summarise(w, months):
    total, npv = 0.0, 0.0
    for row in months:
        month_total = sum(row[c] for c in CATEGORIES)
        total += month_total
        npv += month_total / (1.0 + w["discount_rate"]) ** ((row["month"] - 1) / 12.0)
    return total, npv


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        plan = json.load(f)
    w = dict(WORKLOAD, **plan.get("workload", {}))
    scenarios = []
    for given in plan["scenarios"]:
        s = dict(DEFAULTS[given["kind"]])
        s.update(given)
        scenarios.append(s)
    by_name = {}
    for s in scenarios:
        by_name.setdefault(s["name"], s)
    out = []
    for s in scenarios:
        total, npv = summarise(w, evaluate(w, s, by_name))
        out.append("%s\t%.17g\t%.17g" % (s["name"], total, npv))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

#pragma once
// A random valid plan of every kind and option, for the tests that hold every plan the product accepts against what it
// does with it (every command, the live workbook).
#include <QDate>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <random>

namespace mltco::test {


// A random valid plan. Every value within its range (docs/plan-format.md); every name it refers to exists and is of
// the kind it must be; the combinations the reader refuses (a schedule with expansion to demand, an entry entering
// service after the horizon) are never made.
class PlanMaker final
{
public:
    explicit PlanMaker(quint32 seed) : m_rng(seed) {}

    QJsonObject make()
    {
        m_horizon = pick({12, 24, 36, 48});
        QJsonObject plan;
        plan.insert(QStringLiteral("name"), QStringLiteral("Random plan"));
        plan.insert(QStringLiteral("workload"), workload());
        if (chance(0.2)) {
            plan.insert(QStringLiteral("currency"), QStringLiteral("EUR"));
            plan.insert(QStringLiteral("fx_rates"), QJsonObject{{QStringLiteral("USD"), 1.08}});
        }

        // The parts first, then the composites, then the whole list shuffled: a composite may stand before its parts.
        QJsonArray scenarios;
        QStringList bases, elastics, purchases, breakEvenPurchases, reserved, clouds;
        const int parts = between(2, 6);
        for (int i = 0; i < parts; ++i) {
            static const char *const kKinds[] = {"dedicated", "cluster", "elastic", "purchase", "reserved"};
            const QString kind = QLatin1String(kKinds[between(0, 4)]);
            const QString name = QStringLiteral("%1 %2").arg(kind).arg(i);
            QJsonObject s = kind == QLatin1String("purchase") ? purchase() : cloud(kind);
            s.insert(QStringLiteral("name"), name);
            s.insert(QStringLiteral("kind"), kind);
            scenarios.append(s);
            if (kind == QLatin1String("elastic"))
                elastics << name;
            else
                bases << name;
            if (kind == QLatin1String("purchase")) {
                purchases << name;
                if (s.value(QStringLiteral("servers")).toInt(1) >= 1 && !s.contains(QStringLiteral("expansion")))
                    breakEvenPurchases << name;
            }
            if (kind == QLatin1String("reserved"))
                reserved << name;
            if (kind == QLatin1String("dedicated") || kind == QLatin1String("cluster") || kind == QLatin1String("elastic"))
                clouds << name;
        }
        if (elastics.isEmpty()) {
            QJsonObject s = cloud(QStringLiteral("elastic"));
            s.insert(QStringLiteral("name"), QStringLiteral("elastic burst"));
            s.insert(QStringLiteral("kind"), QStringLiteral("elastic"));
            scenarios.append(s);
            elastics << QStringLiteral("elastic burst");
            clouds << QStringLiteral("elastic burst");
        }
        if (!bases.isEmpty()) {
            for (int i = 0, n = between(0, 2); i < n; ++i) {
                scenarios.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("hybrid %1").arg(i)},
                                             {QStringLiteral("kind"), QStringLiteral("hybrid")},
                                             {QStringLiteral("base"), pick(bases)},
                                             {QStringLiteral("burst"), pick(elastics)},
                                             {QStringLiteral("base_max_utilization"), uniform(0.3, 1.0)}});
            }
            for (int i = 0, n = between(0, 2); i < n; ++i) {
                QStringList layers = bases;
                std::shuffle(layers.begin(), layers.end(), m_rng);
                layers = layers.mid(0, between(1, static_cast<int>(layers.size())));
                QJsonObject mix{{QStringLiteral("name"), QStringLiteral("mix %1").arg(i)},
                                {QStringLiteral("kind"), QStringLiteral("mix")},
                                {QStringLiteral("layers"), QJsonArray::fromStringList(layers)},
                                {QStringLiteral("max_utilization"), uniform(0.3, 1.0)}};
                if (chance(0.6))
                    mix.insert(QStringLiteral("burst"), pick(elastics));
                scenarios.append(mix);
            }
        }
        QJsonArray shuffled;
        {
            std::vector<QJsonValue> list(scenarios.begin(), scenarios.end());
            std::shuffle(list.begin(), list.end(), m_rng);
            for (const QJsonValue &v : list)
                shuffled.append(v);
        }
        plan.insert(QStringLiteral("scenarios"), shuffled);

        // A break-even against pay-per-use scales the plan's work, which a plan without demand does not have (the
        // reader refuses it): such a plan compares only against rented capacity.
        const QJsonObject w = plan.value(QStringLiteral("workload")).toObject();
        bool demand = w.value(QStringLiteral("demand_gpu_hours")).toDouble() > 0.0 ||
                      w.value(QStringLiteral("demand_gpu_hours_per_engineer")).toDouble() *
                              w.value(QStringLiteral("engineers")).toDouble() > 0.0;
        for (const QJsonValue &step : w.value(QStringLiteral("demand_steps")).toArray())
            demand = demand || step.toArray().at(1).toDouble() > 0.0;
        QStringList counterparts = clouds;
        if (!demand)
            for (const QString &e : std::as_const(elastics))
                counterparts.removeAll(e);
        if (!breakEvenPurchases.isEmpty() && !counterparts.isEmpty() && chance(0.6)) {
            QJsonArray breakeven;
            for (int i = 0, n = between(1, 2); i < n; ++i)
                breakeven.append(QJsonObject{{QStringLiteral("purchase"), pick(breakEvenPurchases)},
                                             {QStringLiteral("cloud"), pick(counterparts)},
                                             {QStringLiteral("max_servers"), between(1, 30)}});
            plan.insert(QStringLiteral("breakeven"), breakeven);
        }
        QJsonArray uncertainty{QJsonObject{{QStringLiteral("target"), QStringLiteral("workload")},
                                           {QStringLiteral("parameter"), QStringLiteral("demand_growth")},
                                           {QStringLiteral("distribution"), QStringLiteral("triangular")},
                                           {QStringLiteral("low"), -0.2},
                                           {QStringLiteral("mode"), 0.2},
                                           {QStringLiteral("high"), 1.0}}};
        if (!purchases.isEmpty() && chance(0.5))
            uncertainty.append(QJsonObject{{QStringLiteral("target"), pick(purchases)},
                                           {QStringLiteral("parameter"), QStringLiteral("server_price")},
                                           {QStringLiteral("distribution"), QStringLiteral("pert")},
                                           {QStringLiteral("low"), 100000},
                                           {QStringLiteral("mode"), 150000},
                                           {QStringLiteral("high"), 220000}});
        if (chance(0.8))
            plan.insert(QStringLiteral("uncertainty"), uncertainty);

        // A fleet plan request of at least two roles.
        QJsonObject optimize;
        if (!purchases.isEmpty() && chance(0.8))
            optimize.insert(QStringLiteral("own"), pick(purchases));
        if (!reserved.isEmpty() && chance(0.7))
            optimize.insert(QStringLiteral("reserve"), pick(reserved));
        if (chance(0.8) || optimize.size() < 2)
            optimize.insert(QStringLiteral("burst"), pick(elastics));
        if (optimize.size() >= 2) {
            optimize.insert(QStringLiteral("every_months"), pick({3, 6, 12}));
            optimize.insert(QStringLiteral("max_servers"), between(1, 20));
            optimize.insert(QStringLiteral("objective"), chance(0.5) ? QStringLiteral("mean") : QStringLiteral("cvar"));
            plan.insert(QStringLiteral("optimize"), optimize);
        }
        return plan;
    }

private:
    bool m_version4 = true;
    std::mt19937 m_rng;
    int m_horizon = 36;

    int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_rng); }
    bool chance(double p) { return uniform(0.0, 1.0) < p; }
    int pick(std::initializer_list<int> values) { return *(values.begin() + between(0, static_cast<int>(values.size()) - 1)); }
    QString pick(const QStringList &values) { return values.at(between(0, static_cast<int>(values.size()) - 1)); }

    QJsonObject workload()
    {
        QJsonObject w{{QStringLiteral("horizon_months"), m_horizon}, {QStringLiteral("engineers"), between(0, 20)}};
        if (chance(0.3))
            w.insert(QStringLiteral("demand_gpu_hours_per_engineer"), uniform(0, 2000));
        else
            w.insert(QStringLiteral("demand_gpu_hours"), chance(0.1) ? 0.0 : uniform(100, 40000));
        if (chance(0.5))
            w.insert(QStringLiteral("demand_growth"), uniform(-0.5, 2.0));
        if (chance(0.3))
            w.insert(QStringLiteral("demand_steps"), QJsonArray{QJsonArray{between(2, m_horizon), uniform(0, 60000)}});
        if (chance(0.5))
            w.insert(QStringLiteral("tax_rate"), uniform(0, 0.4));
        if (chance(0.5))
            w.insert(QStringLiteral("discount_rate"), uniform(0, 0.15));
        if (chance(0.3))
            w.insert(QStringLiteral("cloud_price_trend"), uniform(-0.3, 0.1));
        if (chance(0.3))
            w.insert(QStringLiteral("electricity_per_kwh"), uniform(0.05, 0.4)); // the plan's, for purchases without one
        if (chance(0.2)) // the day of catalog prices the plan stands on: written and read back by every command
            w.insert(QStringLiteral("prices_as_of"), QDate(2020, 1, 1).addDays(between(0, 3000)).toString(Qt::ISODate));
        if (m_version4 && chance(0.3))
            w.insert(QStringLiteral("tokens_per_reference_gpu_hour"), uniform(1e5, 1e7));
        return w;
    }

    QJsonObject cloud(const QString &kind)
    {
        QJsonObject s{{QStringLiteral("rate_per_hour"), uniform(0.2, 40)},
                      {QStringLiteral("gpus_per_instance"), pick({1, 2, 4, 8})},
                      {QStringLiteral("speedup"), uniform(0.5, 6)}};
        if (kind == QLatin1String("dedicated")) {
            if (chance(0.5))
                s.insert(QStringLiteral("boxes"), between(0, 20));
            s.insert(QStringLiteral("hours_on"), uniform(0, 730));
        }
        if (kind == QLatin1String("cluster")) {
            s.insert(QStringLiteral("nodes"), between(0, 10));
            if (chance(0.5))
                s.insert(QStringLiteral("expansion"), QStringLiteral("to_demand"));
        }
        if ((kind == QLatin1String("dedicated") || kind == QLatin1String("cluster")) && chance(0.4)) {
            s.insert(QStringLiteral("commit_fraction"), uniform(0, 1));
            s.insert(QStringLiteral("commit_discount"), uniform(0, 0.6));
            s.insert(QStringLiteral("commit_term_months"), pick({12, 36}));
            s.insert(QStringLiteral("commit_upfront_fraction"), uniform(0, 1));
        }
        if (kind == QLatin1String("elastic")) {
            s.insert(QStringLiteral("preemptions_per_job"), chance(0.5) ? uniform(0, 0.5) : 0.0);
            s.insert(QStringLiteral("packing_efficiency"), uniform(0.5, 1));
        }
        if (kind == QLatin1String("reserved")) {
            s.insert(QStringLiteral("commit_discount"), uniform(0, 0.6));
            s.insert(QStringLiteral("commit_upfront_fraction"), uniform(0, 1));
            QJsonArray terms;
            for (int i = 0, n = between(0, 3); i < n; ++i)
                terms.append(QJsonArray{between(1, m_horizon), between(1, 5), pick({12, 36})});
            s.insert(QStringLiteral("terms"), terms);
        }
        if (kind != QLatin1String("dedicated") && chance(0.4))
            s.insert(QStringLiteral("ops_fte"), uniform(0, 1));
        if (chance(0.4))
            s.insert(QStringLiteral("overhead_monthly"), uniform(0, 500));
        return s;
    }

    QJsonObject purchase()
    {
        int lead = 0;
        QJsonObject s{{QStringLiteral("server_price"), uniform(50000, 400000)},
                      {QStringLiteral("gpus_per_server"), pick({4, 8})},
                      {QStringLiteral("speedup"), uniform(1, 8)},
                      {QStringLiteral("holding_months"), pick({12, 24, 36, 60})},
                      {QStringLiteral("resale_fraction"), uniform(0, 0.5)}};
        if (chance(0.25)) {
            s.insert(QStringLiteral("expansion"), QStringLiteral("to_demand"));
            s.insert(QStringLiteral("servers"), between(0, 3));
            if (m_version4 && chance(0.3)) // a fleet that follows demand from the month its hardware goes on sale
                s.insert(QStringLiteral("available_from_month"), between(2, m_horizon));
        } else {
            // Hardware on sale later: nothing in month 1, a schedule from then on (model.md §14.1).
            const int from = m_version4 && chance(0.3) ? between(2, std::max(2, m_horizon / 2)) : 1;
            if (from > 1)
                s.insert(QStringLiteral("available_from_month"), from);
            s.insert(QStringLiteral("servers"), chance(0.3) || from > 1 ? 0 : between(1, 4));
            lead = chance(0.4) ? between(1, 3) : 0;
            if (lead > 0)
                s.insert(QStringLiteral("lead_time_months"), lead);
            if (chance(from > 1 ? 0.8 : 0.4)) {
                QJsonArray schedule;
                int month = from - 1;
                for (int i = 0, n = between(1, 3); i < n; ++i) {
                    month += between(1, 12);
                    if (month + lead > m_horizon)
                        break;
                    schedule.append(QJsonArray{month, between(1, 4)});
                }
                s.insert(QStringLiteral("purchases"), schedule);
            }
        }
        if (chance(0.5)) {
            s.insert(QStringLiteral("power_kw_per_server"), uniform(0, 10));
            if (chance(0.5))
                s.insert(QStringLiteral("electricity_per_kwh"), uniform(0.05, 0.4));
        }
        if (chance(0.4))
            s.insert(QStringLiteral("depreciation"), QStringLiteral("macrs_5"));
        if (chance(0.3))
            s.insert(QStringLiteral("bulk_discounts"), QJsonArray{QJsonArray{2, 0.1}, QJsonArray{6, 0.2}});
        const int financing = between(0, 2);
        if (financing == 1) {
            s.insert(QStringLiteral("financing"), QStringLiteral("loan"));
            s.insert(QStringLiteral("loan_rate"), uniform(0, 0.15));
            s.insert(QStringLiteral("loan_term_months"), pick({12, 36, 60}));
            s.insert(QStringLiteral("down_payment_fraction"), uniform(0, 0.5));
        } else if (financing == 2) {
            s.insert(QStringLiteral("financing"), QStringLiteral("lease"));
            s.insert(QStringLiteral("lease_rate_factor"), uniform(0.01, 0.05));
        }
        if (m_version4) {
            if (chance(0.4))
                s.insert(QStringLiteral("server_price_trend"), uniform(-0.4, 0.2));
            if (chance(0.3)) {
                s.insert(QStringLiteral("successor_month"), between(2, m_horizon));
                s.insert(QStringLiteral("successor_value_drop"), uniform(0, 0.6));
            }
            if (chance(0.3))
                s.insert(QStringLiteral("infrastructure_capex_fraction"), uniform(0, 0.2));
            if (financing == 0 && lead > 0 && chance(0.5)) // a deposit: cash only
                s.insert(QStringLiteral("paid_at_order_fraction"), uniform(0.1, 0.9));
            if (chance(0.3))
                s.insert(QStringLiteral("colocation_per_kw_month"), uniform(0, 300));
            if (chance(0.3)) // never beside average_load, which these plans leave at its default
                s.insert(QStringLiteral("idle_power_fraction"), uniform(0.1, 0.5));
            if (chance(0.3))
                s.insert(QStringLiteral("bonus_depreciation_fraction"), uniform(0, 1));
        }
        return s;
    }
};

} // namespace mltco::test

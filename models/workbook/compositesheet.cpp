#include "models/workbook/sheetbuilder.h"

namespace mltco::workbook::detail {

// ---- hybrid and mix -------------------------------------------------------------------------------------------

void compositeSheet(Builder &b, const QStringList &layerNames, const QString &burstName, double beta, const QString &betaName)
{
    const Context &cx = b.cx;
    std::vector<const ScenarioSheet *> layers;
    for (const QString &name : layerNames)
        for (const ScenarioSheet &s : cx.sheets)
            if (s.name == name && !s.sheet.isEmpty())
                layers.push_back(&s);
    const ScenarioSheet *burst = nullptr;
    const tco::ElasticScenario *elastic = nullptr;
    for (std::size_t k = 0; k < cx.sheets.size(); ++k)
        if (!burstName.isEmpty() && cx.sheets[k].name == burstName && !cx.sheets[k].sheet.isEmpty()) {
            burst = &cx.sheets[k];
            elastic = std::get_if<tco::ElasticScenario>(&cx.result.scenarios[k].scenario);
        }
    b.start();
    const auto on = [](const ScenarioSheet *s, int column, int m) -> QString { // not a QStringBuilder of temporaries
        return sheetRef(s->sheet) + QLatin1Char('!') + s->table.at(column, m);
    };
    // Each layer serves what is left, up to beta x its capacity (§10.6, §11.3).
    std::vector<double> left(static_cast<std::size_t>(b.H));
    for (int m = 1; m <= b.H; ++m)
        left[static_cast<std::size_t>(m - 1)] = b.G(m);
    int leftCol = b.demandCol;
    std::vector<int> capacities;
    std::vector<int> layerPower(layers.size(), -1); // a purchase with idle power: its power in this composite
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const ScenarioSheet *layer = layers[k];
        const int cap = b.t.add(QStringLiteral("%1: capacity").arg(layer->name), Fmt::Hours,
                                [on, layer](int m) { return on(layer, layer->columns.capacity, m); },
                                [layer](int m) { return layer->table.value(layer->columns.capacity, m); });
        capacities.push_back(cap);
        std::vector<double> served(static_cast<std::size_t>(b.H));
        for (int m = 1; m <= b.H; ++m) {
            double &l = left[static_cast<std::size_t>(m - 1)];
            served[static_cast<std::size_t>(m - 1)] = std::min(l, beta * layer->table.value(layer->columns.capacity, m));
            l -= served[static_cast<std::size_t>(m - 1)];
        }
        const int servedCol = b.t.add(QStringLiteral("%1: serves").arg(layer->name), Fmt::Hours,
                                      [&b, leftCol, cap, betaName](int m) {
                                          return QStringLiteral("MIN(%1,%2*%3)").arg(b.at(leftCol, m), betaName, b.at(cap, m));
                                      },
                                      served);
        leftCol = b.t.add(QStringLiteral("left after %1").arg(layer->name), Fmt::Hours,
                          [&b, leftCol, servedCol](int m) { return QStringLiteral("%1-%2").arg(b.at(leftCol, m), b.at(servedCol, m)); },
                          left);
        // A purchase with idle power: its power follows what it serves here, over its full capacity (model.md §14.2,
        // clarification 7 of §14.5), and its tax with it.
        if (layer->columns.fullPower >= 0) {
            const QString idle = cx.cells.at(layer->name, QStringLiteral("idle_power_fraction"));
            double phi = 0.0;
            for (const tco::EvaluatedScenario &e : cx.result.scenarios)
                if (e.name == layer->name)
                    if (const auto *p = std::get_if<tco::PurchaseScenario>(&e.scenario))
                        phi = p->idlePowerFraction.value_or(0.0);
            std::vector<double> power(static_cast<std::size_t>(b.H));
            for (int m = 1; m <= b.H; ++m) {
                const double c = layer->table.value(layer->columns.capacity, m);
                const double u = c > 0.0 ? std::clamp(served[static_cast<std::size_t>(m - 1)] / c, 0.0, 1.0) : 0.0;
                power[static_cast<std::size_t>(m - 1)] = layer->table.value(layer->columns.fullPower, m) * (phi + (1.0 - phi) * u);
            }
            layerPower[k] = b.t.add(QStringLiteral("%1: power as a layer").arg(layer->name), Fmt::Money,
                                    [&b, on, layer, idle, cap, servedCol](int m) {
                                        return QStringLiteral("%1*IF(%2>0,%3+(1-%3)*MIN(1,%4/%2),%3)")
                                            .arg(on(layer, layer->columns.fullPower, m), b.at(cap, m), idle, b.at(servedCol, m));
                                    },
                                    power);
        }
    }
    const int capacity = b.t.add(QStringLiteral("capacity"), Fmt::Hours,
                                 [&b, capacities](int m) {
                                     QStringList parts;
                                     for (int c : capacities)
                                         parts << b.at(c, m);
                                     return parts.isEmpty() ? QStringLiteral("0") : parts.join(QLatin1Char('+'));
                                 },
                                 [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].capacity; });
    // The burst bills what the layers leave, as its own sheet bills demand (§4.3).
    std::array<int, tco::kCategoryCount> burstCols;
    burstCols.fill(-1);
    if (burst && elastic) {
        const tco::Workload &w = cx.result.workload;
        const tco::ElasticFactors f = tco::elasticFactors(w, *elastic);
        const double speed = elastic->instance.speedup * elastic->scalingEfficiency;
        const bool billable = speed > 0.0 && elastic->packingEfficiency > 0.0;
        const double perGpuRate = elastic->instance.gpusPerInstance > 0.0 ? elastic->instance.ratePerHour / elastic->instance.gpusPerInstance : 0.0;
        const auto c = [burst](const QString &name) { return burst->constants.value(name); };
        const auto a = [&cx, burst](const QString &key) { return cx.cells.at(burst->name, key); };
        std::vector<double> compute(static_cast<std::size_t>(b.H));
        const double staff = elastic->opsFte * elastic->fteAnnualCost / 12.0;
        for (int m = 1; m <= b.H; ++m) {
            const double billed = billable ? left[static_cast<std::size_t>(m - 1)] / speed * f.rework / elastic->packingEfficiency : 0.0;
            compute[static_cast<std::size_t>(m - 1)] =
                billed * perGpuRate * (1.0 + elastic->premium) * cx.months.table.value(cx.months.trend, m);
        }
        burstCols[idx(Category::Compute)] = b.t.add(
            QStringLiteral("burst: compute"), Fmt::Money,
            [&b, leftCol, c, a](int m) {
                return QStringLiteral("%1*%2/%3*%4/%5*%6*(1+%7)*%8")
                    .arg(c(QStringLiteral("Billable")), b.at(leftCol, m), c(QStringLiteral("Speed")), c(QStringLiteral("Rework")),
                         a(QStringLiteral("packing_efficiency")), c(QStringLiteral("PerGpuRate")), a(QStringLiteral("premium")),
                         b.cx.months.at(b.cx.months.trend, m));
            },
            compute);
        burstCols[idx(Category::Overhead)] = b.t.add(QStringLiteral("burst: overhead"), Fmt::Money,
                                                     [a](int) { return a(QStringLiteral("overhead_monthly")); },
                                                     [elastic](int) { return elastic->overheadMonthly; });
        burstCols[idx(Category::Staff)] = b.t.add(QStringLiteral("burst: staff"), Fmt::Money,
                                                  [a](int) { return QStringLiteral("%1*%2/12").arg(a(QStringLiteral("ops_fte")), a(QStringLiteral("fte_annual_cost"))); },
                                                  [staff](int) { return staff; });
        const int compute_ = burstCols[idx(Category::Compute)], overhead_ = burstCols[idx(Category::Overhead)],
                  staff_ = burstCols[idx(Category::Staff)];
        std::vector<double> taxable(static_cast<std::size_t>(b.H));
        for (int m = 1; m <= b.H; ++m)
            taxable[static_cast<std::size_t>(m - 1)] = 0.0 - (compute[static_cast<std::size_t>(m - 1)] + elastic->overheadMonthly + staff);
        burstCols[idx(Category::Tax)] = b.t.add(QStringLiteral("burst: taxable amount"), Fmt::Money,
                                                [&b, compute_, overhead_, staff_](int m) {
                                                    return QStringLiteral("0-(%1+%2+%3)").arg(b.at(compute_, m), b.at(overhead_, m), b.at(staff_, m));
                                                },
                                                taxable);
    }
    Categories cat;
    for (std::size_t k = 0; k < tco::kCategories.size(); ++k) {
        const int burstCol = burstCols[k];
        cat[k] = [&b, layers, on, k, burstCol, layerPower](int m) {
            QStringList parts;
            // Tax: the layers' taxable amounts and the burst's (tax is the rate times their sum); a layer whose power
            // follows what it serves here pays that power, its taxable amount moved by the difference.
            for (std::size_t l = 0; l < layers.size(); ++l) {
                const ScenarioSheet *layer = layers[l];
                if (layerPower[l] >= 0 && k == idx(Category::Power))
                    parts << b.at(layerPower[l], m);
                else if (layerPower[l] >= 0 && k == idx(Category::Tax))
                    parts << QStringLiteral("(%1+%2-%3)").arg(on(layer, layer->columns.taxable, m),
                                                             on(layer, layer->columns.category[idx(Category::Power)], m),
                                                             b.at(layerPower[l], m));
                else
                    parts << on(layer, k == idx(Category::Tax) ? layer->columns.taxable : layer->columns.category[k], m);
            }
            if (burstCol >= 0)
                parts << b.at(burstCol, m);
            return parts.isEmpty() ? QStringLiteral("0") : parts.join(QLatin1Char('+'));
        };
    }
    const bool withBurst = burst != nullptr;
    b.finish(cat, capacity,
             [&b, leftCol, withBurst](int m) {
                 return withBurst ? b.at(b.demandCol, m) : QStringLiteral("%1-%2").arg(b.at(b.demandCol, m), b.at(leftCol, m));
             },
             [&b, left, withBurst](int m) { return withBurst ? b.G(m) : b.G(m) - left[static_cast<std::size_t>(m - 1)]; });
}

} // namespace mltco::workbook::detail

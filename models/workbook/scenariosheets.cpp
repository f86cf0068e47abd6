#include "models/workbook/sheetbuilder.h"

#include "models/tco/defaults.h"

#include <cmath>

namespace mltco::workbook::detail {

QString quotedText(const QString &text)
{
    QString t = text;
    t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + t + QLatin1Char('"');
}

void Builder::finish(const std::array<std::function<QString(int)>, tco::kCategoryCount> &category, int capacity,
                     const std::function<QString(int)> &served, const std::function<double(int)> &servedValue)
{
    // Tax is the tax rate times the taxable amount (gain less running costs and depreciation, §10.5), a column of
    // its own after the total; category[tax] is that amount's formula.
    const int taxable = static_cast<int>(t.columns().size()) + tco::kCategoryCount + 1;
    for (std::size_t c = 0; c < tco::kCategories.size(); ++c) {
        const Category cat = tco::kCategories[c];
        const auto &f = category[c];
        out.columns.category[c] = t.add(
            QString::fromLatin1(tco::categoryKey(cat)), Fmt::Money,
            [this, f, cat, taxable](int m) {
                if (cat == Category::Tax)
                    return QStringLiteral("TaxRate*%1").arg(at(taxable, m));
                return f ? f(m) : QStringLiteral("0");
            },
            [this, cat](int m) { return engine(cat, m); });
    }
    const int first = out.columns.category.front(), last = out.columns.category.back();
    out.columns.total = t.add(QStringLiteral("total"), Fmt::Money,
                              [this, first, last](int m) { return QStringLiteral("SUM(%1:%2)").arg(at(first, m), at(last, m)); },
                              [this](int m) { return rows[static_cast<std::size_t>(m - 1)].total; });
    const std::function<QString(int)> taxableFormula = category[static_cast<std::size_t>(Category::Tax)];
    out.columns.taxable = t.add(QStringLiteral("taxable amount"), Fmt::Money,
                                [taxableFormula](int m) { return taxableFormula ? taxableFormula(m) : QStringLiteral("0"); },
                                taxableAtRateOne());
    Q_ASSERT(out.columns.taxable == taxable);
    out.columns.capacity = capacity;
    out.columns.served = t.add(QStringLiteral("served"), Fmt::Hours, served, servedValue);
    const int discount = t.add(QStringLiteral("discount factor"), Fmt::Factor,
                               [this](int m) { return cx.months.at(cx.months.discount, m); },
                               [this](int m) { return cx.months.table.value(cx.months.discount, m); });
    out.columns.presentValue = t.add(QStringLiteral("present value"), Fmt::Money,
                                     [this, discount](int m) {
                                         return QStringLiteral("%1*%2").arg(at(out.columns.total, m), at(discount, m));
                                     },
                                     [this, discount](int m) {
                                         return rows[static_cast<std::size_t>(m - 1)].total * t.value(discount, m);
                                     });
    std::vector<double> cumulative;
    double sum = 0.0;
    for (const tco::MonthRow &row : rows)
        cumulative.push_back(sum += row.total);
    out.columns.cumulative = static_cast<int>(t.columns().size());
    out.columns.cumulative = t.add(QStringLiteral("cumulative"), Fmt::Money,
                                   [this](int m) {
                                       return m == 1 ? at(out.columns.total, m)
                                                     : QStringLiteral("%1+%2").arg(at(out.columns.cumulative, m - 1),
                                                                                   at(out.columns.total, m));
                                   },
                                   cumulative);
}

std::vector<double> Builder::taxableAtRateOne() const
{
    tco::Workload w = cx.result.workload;
    w.taxRate = 1.0;
    std::vector<tco::Scenario> scenarios;
    for (const tco::EvaluatedScenario &s : cx.result.scenarios)
        scenarios.push_back(s.scenario);
    tco::ScenarioResult r;
    tco::MixScratch scratch;
    tco::evaluateScenarioAmong(cx.result, w, scenarios, m_index, r, scratch);
    std::vector<double> values;
    for (const tco::MonthRow &row : r.months)
        values.push_back(row.at(Category::Tax));
    return values;
}

void Builder::write(lxw_worksheet *sheet, const QString &kindWords)
{
    const Formats &f = cx.formats;
    worksheet_write_string(sheet, 0, 0, evaluated.name.toUtf8().constData(), f.title);
    worksheet_write_string(sheet, 1, 0, kindWords.toUtf8().constData(), f.muted);
    for (std::size_t i = 0; i < constants.size(); ++i) {
        const Constant &c = constants[i];
        const auto row = static_cast<lxw_row_t>(2 + i);
        // Its name, its value, and in words what it is (the text runs on over the empty cells to its right).
        worksheet_write_string(sheet, row, 0, c.name.toUtf8().constData(), f.muted);
        worksheet_write_formula_num(sheet, row, 1, (QLatin1Char('=') + c.formula).toUtf8().constData(), f.number, c.value);
        worksheet_write_string(sheet, row, 2, c.label.toUtf8().constData(), nullptr);
    }
    QStringList units;
    for (const Column &c : t.columns())
        units << (c.format == Fmt::Money ? cx.result.currency : QString());
    writeTable(sheet, f, t, units);
    worksheet_set_column(sheet, 0, 0, 17, nullptr); // the month, and the names of the figures above the table
    out.table = t;
    out.table.dropFormulas(); // what other sheets read are its addresses and values
}

QString unitsNeeded(const QString &demand, const QString &perUnit)
{
    return QStringLiteral("IF(AND(%1>0,%2>0),MAX(0,CEILING(%1/%2-1E-9,1)),0)").arg(demand, perUnit);
}

namespace {

// ---- cloud kinds ---------------------------------------------------------------------------------------------

/// Commitment terms of L months from month 1 (model.md §10.4): the term's first month, its locked rate, the upfront
/// paid then, and the per-month share of the upfront the tax view deducts instead.
struct CommitColumns final
{
    int start = -1, locked = -1, upfront = -1;
};

CommitColumns addCommitment(Builder &b, double rate, double premium, const tco::Commitment &commit, double committed,
                            const QString &premiumName)
{
    CommitColumns c;
    const int L = std::max(1, commit.termMonths);
    c.start = b.t.add(QStringLiteral("term start"), Fmt::Month,
                      [&b](int m) { return QStringLiteral("INT((%1-1)/CommitTermMonths)*CommitTermMonths+1").arg(b.M(m)); },
                      [L](int m) { return double((m - 1) / L * L + 1); });
    c.locked = b.t.add(
        QStringLiteral("locked rate"), Fmt::Money,
        [&b, &c, premiumName](int m) {
            return QStringLiteral("RatePerHour*INDEX(Months!%1,%2)*(1+%3)*(1-CommitDiscount)")
                .arg(b.cx.months.table.range(b.cx.months.trend), b.at(c.start, m), premiumName);
        },
        [&b, rate, premium, commit, L](int m) {
            const int start = (m - 1) / L * L + 1;
            return rate * b.cx.months.table.value(b.cx.months.trend, start) * (1.0 + premium) * (1.0 - commit.discount);
        });
    c.upfront = b.t.add(
        QStringLiteral("upfront paid"), Fmt::Money,
        [&b, &c](int m) {
            return QStringLiteral("IF(AND(CommittedUnits>0,%1=%2),CommitUpfrontFraction*CommittedUnits*%3*730*CommitTermMonths,0)")
                .arg(b.M(m), b.at(c.start, m), b.at(c.locked, m));
        },
        [&b, &c, commit, committed, L](int m) {
            const int start = (m - 1) / L * L + 1;
            return committed > 0 && m == start ? commit.upfrontFraction * committed * b.t.value(c.locked, m) * 730.0 * L : 0.0;
        });
    return c;
}

void dedicatedSheet(Builder &b, const tco::DedicatedScenario &s)
{
    const double boxes = tco::dedicatedBoxes(b.cx.result.workload, s);
    const double committed = std::clamp(s.commit.fraction, 0.0, 1.0) * boxes;
    b.constant(QStringLiteral("Committed boxes"), QStringLiteral("CommittedUnits"), QStringLiteral("MIN(1,MAX(0,CommitFraction))*Boxes"),
               committed);
    b.start();
    const int trend = b.trendColumn();
    const CommitColumns c = addCommitment(b, s.instance.ratePerHour, s.premium, s.commit, committed, QStringLiteral("Premium"));
    const int capacity = b.t.add(QStringLiteral("capacity"), Fmt::Hours,
                                 [](int) {
                                     return QStringLiteral("(CommittedUnits*730+(Boxes-CommittedUnits)*HoursOn)*GpusPerInstance*Speedup");
                                 },
                                 [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].capacity; });
    const double a = s.commit.upfrontFraction;
    const auto computeF = [&b, c, trend](int m) {
        return QStringLiteral("(Boxes-CommittedUnits)*RatePerHour*HoursOn*(1+Premium)*%1+%2+(1-CommitUpfrontFraction)*CommittedUnits*%3*730")
            .arg(b.at(trend, m), b.at(c.upfront, m), b.at(c.locked, m));
    };
    const int deductible = b.t.add(
        QStringLiteral("upfront deducted instead"), Fmt::Money,
        [&b, c](int m) { return QStringLiteral("-%1+CommitUpfrontFraction*CommittedUnits*%2*730").arg(b.at(c.upfront, m), b.at(c.locked, m)); },
        [&b, c, a, committed](int m) { return -b.t.value(c.upfront, m) + a * committed * b.t.value(c.locked, m) * 730.0; });
    Categories cat;
    cat[idx(Category::Compute)] = computeF;
    cat[idx(Category::Overhead)] = [](int) { return QStringLiteral("OverheadMonthly"); };
    const int first = static_cast<int>(b.t.columns().size()); // the categories come next, compute first
    cat[idx(Category::Tax)] = [&b, first, deductible](int m) {
        return QStringLiteral("0-(%1+%2+%3)").arg(b.at(first, m), b.at(first + int(idx(Category::Overhead)), m),
                                                           b.at(deductible, m));
    };
    b.finishStandalone(cat, capacity);
}

void clusterSheet(Builder &b, const tco::ClusterScenario &s)
{
    const double committed = std::clamp(s.commit.fraction, 0.0, 1.0) * s.nodes;
    b.constant(QStringLiteral("Committed nodes"), QStringLiteral("CommittedUnits"), QStringLiteral("MIN(1,MAX(0,CommitFraction))*Nodes"),
               committed);
    b.constant(QStringLiteral("Reference GPU-hours a node sizes for"), QStringLiteral("SizedFor"),
               QStringLiteral("GpusPerInstance*Speedup*730*TargetUtilization"), tco::sizingUnit(s));
    b.start();
    const int trend = b.trendColumn();
    const int nodes = b.t.add(
        QStringLiteral("nodes"), Fmt::Number,
        [&b](int m) {
            return QStringLiteral("IF(Expansion=\"to_demand\",MAX(Nodes,%1),Nodes)").arg(unitsNeeded(b.at(b.demandCol, m), QStringLiteral("SizedFor")));
        },
        [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].fleet; });
    const CommitColumns c = addCommitment(b, s.instance.ratePerHour, 0.0, s.commit, committed, QStringLiteral("0"));
    const int capacity = b.t.add(QStringLiteral("capacity"), Fmt::Hours,
                                 [&b, nodes](int m) { return QStringLiteral("%1*GpusPerInstance*Speedup*730").arg(b.at(nodes, m)); },
                                 [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].capacity; });
    const double a = s.commit.upfrontFraction;
    const int deductible = b.t.add(
        QStringLiteral("upfront deducted instead"), Fmt::Money,
        [&b, c](int m) { return QStringLiteral("-%1+CommitUpfrontFraction*CommittedUnits*%2*730").arg(b.at(c.upfront, m), b.at(c.locked, m)); },
        [&b, c, a, committed](int m) { return -b.t.value(c.upfront, m) + a * committed * b.t.value(c.locked, m) * 730.0; });
    b.out.columns.fleet = nodes;
    Categories cat;
    cat[idx(Category::Compute)] = [&b, nodes, trend, c](int m) {
        return QStringLiteral("(%1-CommittedUnits)*RatePerHour*730*%2+%3+(1-CommitUpfrontFraction)*CommittedUnits*%4*730")
            .arg(b.at(nodes, m), b.at(trend, m), b.at(c.upfront, m), b.at(c.locked, m));
    };
    cat[idx(Category::Overhead)] = [](int) { return QStringLiteral("OverheadMonthly"); };
    cat[idx(Category::Staff)] = [](int) { return QStringLiteral("OpsFte*FteAnnualCost/12"); };
    const int first = static_cast<int>(b.t.columns().size());
    cat[idx(Category::Tax)] = [&b, first, deductible](int m) {
        return QStringLiteral("0-(%1+%2+%3+%4)")
            .arg(b.at(first, m), b.at(first + int(idx(Category::Overhead)), m), b.at(first + int(idx(Category::Staff)), m),
                 b.at(deductible, m));
    };
    b.finishStandalone(cat, capacity);
}

/// The elastic figures of `s` by name, written as constants of its sheet (model.md §4.3).
void elasticConstants(Builder &b, const tco::ElasticScenario &s)
{
    const tco::ElasticFactors f = tco::elasticFactors(b.cx.result.workload, s);
    const double speed = s.instance.speedup * s.scalingEfficiency;
    b.constant(QStringLiteral("Reference GPU-hours per billed GPU-hour"), QStringLiteral("Speed"),
               QStringLiteral("Speedup*ScalingEfficiency"), speed);
    b.constant(QStringLiteral("Wall-clock hours of one job"), QStringLiteral("WallHoursPerJob"),
               QStringLiteral("IF(AND(Speed>0,GpusPerJob>0,PackingEfficiency>0),JobGpuHours/(Speed*GpusPerJob),0)"),
               f.wallHoursPerJob);
    b.constant(QStringLiteral("Rework factor (preemptions)"), QStringLiteral("Rework"),
               QStringLiteral("IF(WallHoursPerJob>0,1+PreemptionsPerJob*(MIN(CheckpointIntervalHours,WallHoursPerJob)/2+"
                              "RestartHours)/WallHoursPerJob,1)"),
               f.rework);
    b.constant(QStringLiteral("Price per GPU-hour"), QStringLiteral("PerGpuRate"),
               QStringLiteral("IF(GpusPerInstance>0,RatePerHour/GpusPerInstance,0)"),
               s.instance.gpusPerInstance > 0.0 ? s.instance.ratePerHour / s.instance.gpusPerInstance : 0.0);
    b.constant(QStringLiteral("Billable (1 = yes)"), QStringLiteral("Billable"),
               QStringLiteral("IF(AND(Speed>0,PackingEfficiency>0),1,0)"), speed > 0.0 && s.packingEfficiency > 0.0 ? 1.0 : 0.0);
}

void elasticSheet(Builder &b, const tco::ElasticScenario &s)
{
    elasticConstants(b, s);
    b.start();
    const int trend = b.trendColumn();
    const tco::ElasticFactors f = tco::elasticFactors(b.cx.result.workload, s);
    const double speed = s.instance.speedup * s.scalingEfficiency;
    const bool billable = speed > 0.0 && s.packingEfficiency > 0.0;
    const int billed = b.t.add(QStringLiteral("billed GPU-hours"), Fmt::Hours,
                               [&b](int m) { return QStringLiteral("Billable*%1/Speed*Rework/PackingEfficiency").arg(b.at(b.demandCol, m)); },
                               [&b, f, speed, billable, &s](int m) {
                                   return billable ? b.G(m) / speed * f.rework / s.packingEfficiency : 0.0;
                               });
    const int capacity = b.t.add(QStringLiteral("capacity"), Fmt::Hours,
                                 [&b](int m) { return QStringLiteral("Billable*%1*Rework/PackingEfficiency").arg(b.at(b.demandCol, m)); },
                                 [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].capacity; });
    Categories cat;
    cat[idx(Category::Compute)] = [&b, billed, trend](int m) {
        return QStringLiteral("%1*PerGpuRate*(1+Premium)*%2").arg(b.at(billed, m), b.at(trend, m));
    };
    cat[idx(Category::Overhead)] = [](int) { return QStringLiteral("OverheadMonthly"); };
    cat[idx(Category::Staff)] = [](int) { return QStringLiteral("OpsFte*FteAnnualCost/12"); };
    const int first = static_cast<int>(b.t.columns().size());
    cat[idx(Category::Tax)] = [&b, first](int m) {
        return QStringLiteral("0-(%1+%2+%3)")
            .arg(b.at(first, m), b.at(first + int(idx(Category::Overhead)), m), b.at(first + int(idx(Category::Staff)), m));
    };
    b.finishStandalone(cat, capacity);
}

void reservedSheet(Builder &b, const tco::ReservedScenario &s)
{
    b.start();
    const QString mine = QStringLiteral("(AsScenario=%1)*(AsKey=\"terms\")").arg(quotedText(b.evaluated.name));
    const QString rate = QStringLiteral("RatePerHour*(1+Premium)*(1-CommitDiscount)*730");
    const auto startTrend = QStringLiteral("(1+CloudPriceTrend)^((AsAt-1)/12)");
    const double g = b.cx.result.workload.cloudPriceTrend;
    const auto termRate = [&s, g](const tco::ReservedTerm &term) {
        return s.instance.ratePerHour * std::pow(1.0 + g, (term.startMonth - 1) / 12.0) * (1.0 + s.premium) * (1.0 - s.discount) * 730.0;
    };
    const auto active = [](const tco::ReservedTerm &term, int m) { return term.startMonth <= m && m < term.startMonth + term.termMonths; };
    const int instances = b.t.add(
        QStringLiteral("instances"), Fmt::Number,
        [&b, mine](int m) { return QStringLiteral("SUMPRODUCT(%1*(AsAt<=%2)*(AsAt+AsTerm>%2),AsValue)").arg(mine, b.M(m)); },
        [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].instances; });
    const int upfront = b.t.add(
        QStringLiteral("upfront paid"), Fmt::Money,
        [&b, mine, rate, startTrend](int m) {
            return QStringLiteral("SUMPRODUCT(%1*(AsAt=%2)*AsTerm*%3,AsValue)*%4*CommitUpfrontFraction").arg(mine, b.M(m), startTrend, rate);
        },
        [&s, termRate](int m) {
            double sum = 0.0;
            for (const tco::ReservedTerm &term : s.terms)
                if (term.startMonth == m)
                    sum += term.instances * term.termMonths * termRate(term) * s.upfrontFraction;
            return sum;
        });
    const int monthly = b.t.add(
        QStringLiteral("monthly share of active terms"), Fmt::Money,
        [&b, mine, rate, startTrend](int m) {
            return QStringLiteral("SUMPRODUCT(%1*(AsAt<=%2)*(AsAt+AsTerm>%2)*%3,AsValue)*%4").arg(mine, b.M(m), startTrend, rate);
        },
        [&s, termRate, active](int m) {
            double sum = 0.0;
            for (const tco::ReservedTerm &term : s.terms)
                if (active(term, m))
                    sum += term.instances * termRate(term);
            return sum;
        });
    const int capacity = b.t.add(QStringLiteral("capacity"), Fmt::Hours,
                                 [&b, instances](int m) { return QStringLiteral("%1*GpusPerInstance*Speedup*730").arg(b.at(instances, m)); },
                                 [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].capacity; });
    Categories cat;
    cat[idx(Category::Compute)] = [&b, upfront, monthly](int m) {
        return QStringLiteral("%1+(1-CommitUpfrontFraction)*%2").arg(b.at(upfront, m), b.at(monthly, m));
    };
    cat[idx(Category::Overhead)] = [](int) { return QStringLiteral("OverheadMonthly"); };
    cat[idx(Category::Staff)] = [](int) { return QStringLiteral("OpsFte*FteAnnualCost/12"); };
    const int first = static_cast<int>(b.t.columns().size());
    // For tax an upfront is deducted over its term's months (upfront / L a month), not when paid (§11.2).
    cat[idx(Category::Tax)] = [&b, first, upfront, monthly](int m) {
        return QStringLiteral("0-(%1-%2+CommitUpfrontFraction*%3+%4+%5)")
            .arg(b.at(first, m), b.at(upfront, m), b.at(monthly, m), b.at(first + int(idx(Category::Overhead)), m),
                 b.at(first + int(idx(Category::Staff)), m));
    };
    b.finishStandalone(cat, capacity);
}
QString kindWords(tco::ScenarioKind kind)
{
    switch (kind) {
    case tco::ScenarioKind::Dedicated: return QStringLiteral("Dedicated: always-on boxes billed for every hour they run (model §4.1, §10.4)");
    case tco::ScenarioKind::Cluster: return QStringLiteral("Cluster: a node pool rented all month (model §4.2, §10.2, §10.4)");
    case tco::ScenarioKind::Elastic: return QStringLiteral("Elastic: pay for the GPU-hours the work takes (model §4.3)");
    case tco::ScenarioKind::Purchase: return QStringLiteral("Purchase: servers bought, held, sold (model §4.4, §10.2–§10.5, §11.1, §12)");
    case tco::ScenarioKind::Hybrid: return QStringLiteral("Hybrid: a base with elastic burst (model §10.6)");
    case tco::ScenarioKind::Reserved: return QStringLiteral("Reserved: capacity bought in terms (model §11.2)");
    case tco::ScenarioKind::Mix: return QStringLiteral("Mix: layers of capacity and one burst (model §11.3)");
    }
    return {};
}

int constantCount(const tco::Scenario &scenario)
{
    if (std::holds_alternative<tco::DedicatedScenario>(scenario))
        return 1;
    if (std::holds_alternative<tco::ClusterScenario>(scenario))
        return 2;
    if (std::holds_alternative<tco::ElasticScenario>(scenario))
        return 5;
    if (const auto *p = std::get_if<tco::PurchaseScenario>(&scenario))
        return p->financing == tco::Financing::Loan ? 4 : 1;
    return 0;
}

} // namespace

ScenarioSheet writeScenarioSheet(lxw_worksheet *sheet, Context &context, std::size_t index, const QString &sheetName)
{
    const tco::EvaluatedScenario &evaluated = context.result.scenarios[index];
    Builder b(context, index, sheetName, constantCount(evaluated.scenario));
    std::visit(
        [&](const auto &s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, tco::DedicatedScenario>)
                dedicatedSheet(b, s);
            else if constexpr (std::is_same_v<S, tco::ClusterScenario>)
                clusterSheet(b, s);
            else if constexpr (std::is_same_v<S, tco::ElasticScenario>)
                elasticSheet(b, s);
            else if constexpr (std::is_same_v<S, tco::PurchaseScenario>)
                purchaseSheet(b, s);
            else if constexpr (std::is_same_v<S, tco::ReservedScenario>)
                reservedSheet(b, s);
            else if constexpr (std::is_same_v<S, tco::HybridScenario>)
                compositeSheet(b, {s.base}, s.burst, s.baseMaxUtilization, QStringLiteral("BaseMaxUtilization"));
            else if constexpr (std::is_same_v<S, tco::MixScenario>)
                compositeSheet(b, s.layers, s.burst, s.maxUtilization, QStringLiteral("MaxUtilization"));
        },
        evaluated.scenario);
    b.write(sheet, kindWords(evaluated.kind()));
    return b.out;
}

} // namespace mltco::workbook::detail


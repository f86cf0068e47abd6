#include "models/workbook/scenariosheets.h"

#include "models/tco/defaults.h"
#include "models/tco/engine.h"

#include <xlsxwriter.h>

#include <algorithm>
#include <cmath>

namespace mltco::workbook::detail {

namespace {

using tco::Category;

QString quotedText(const QString &text)
{
    QString t = text;
    t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + t + QLatin1Char('"');
}

/// A figure above the month table: its label, local name, formula and value.
struct Constant final
{
    QString label;
    QString name;
    QString formula;
    double value = 0.0;
};

/// Builds one scenario sheet: the figures above its table, then its month table column by column.
class Builder final
{
public:
    Builder(Context &context, std::size_t index, const QString &sheetName, int constantRows)
        : cx(context), evaluated(context.result.scenarios[index]), rows(evaluated.result.months),
          H(context.result.workload.horizonMonths), t(H, 3 + constantRows + 1), m_sheetName(sheetName), m_index(index)
    {
        out.name = evaluated.name;
        out.sheet = sheetName;
    }

    Context &cx;
    const tco::EvaluatedScenario &evaluated;
    const std::vector<tco::MonthRow> &rows;
    const int H;
    MonthTable t;
    ScenarioSheet out;
    std::vector<Constant> constants;
    int monthCol = -1, demandCol = -1;

    /// "$A7": the month of month m's row.
    QString M(int m) const { return QStringLiteral("$A%1").arg(t.rowOf(m) + 1); }
    QString at(int column, int m) const { return t.at(column, m); }
    double engine(Category c, int m) const { return rows[static_cast<std::size_t>(m - 1)].at(c); }
    double G(int m) const { return rows[static_cast<std::size_t>(m - 1)].demand; }

    void constant(const QString &label, const QString &name, const QString &formula, double value)
    {
        constants.push_back({label, name, formula, value});
        const int row = 2 + static_cast<int>(constants.size()) - 1; // the first figure on the third row
        out.constants.insert(name, sheetRef(m_sheetName) + QLatin1Char('!') + absoluteCell(row, 1));
        cx.define(sheetRef(m_sheetName) + QLatin1Char('!') + name, QStringLiteral("=") + sheetRef(m_sheetName) +
                                                                          QLatin1Char('!') + absoluteCell(row, 1));
    }

    void start()
    {
        monthCol = t.add(QStringLiteral("Month"), Fmt::Month, [](int) { return QString(); }, [](int m) { return double(m); });
        demandCol = t.add(QStringLiteral("demand"), Fmt::Hours, [this](int m) { return cx.months.at(cx.months.demand, m); },
                          [this](int m) { return G(m); });
    }

    /// The cloud price factor of each month, from the Months sheet.
    int trendColumn()
    {
        return t.add(QStringLiteral("cloud price factor"), Fmt::Factor, [this](int m) { return cx.months.at(cx.months.trend, m); },
                     [this](int m) { return cx.months.table.value(cx.months.trend, m); });
    }

    /// The ten category columns, the total, what is served, the discount factor, the present value and the
    /// cumulative cost; `category[c]` is the formula of category c in month m (empty: 0).
    void finish(const std::array<std::function<QString(int)>, tco::kCategoryCount> &category, int capacity,
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

    /// The taxable amount of every month: the engine's tax at a tax rate of 1 (tax is the rate times it, §10.5).
    std::vector<double> taxableAtRateOne() const
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

    /// served = MIN(demand, capacity), the standalone kinds.
    void finishStandalone(const std::array<std::function<QString(int)>, tco::kCategoryCount> &category, int capacity)
    {
        finish(category, capacity,
               [this, capacity](int m) { return QStringLiteral("MIN(%1,%2)").arg(at(demandCol, m), at(capacity, m)); },
               [this](int m) {
                   const tco::MonthRow &r = rows[static_cast<std::size_t>(m - 1)];
                   return std::min(r.demand, r.capacity);
               });
    }

    void write(lxw_worksheet *sheet, const QString &kindWords)
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

private:
    QString m_sheetName;
    std::size_t m_index;
};

using Categories = std::array<std::function<QString(int)>, tco::kCategoryCount>;
constexpr std::size_t idx(Category c)
{
    return static_cast<std::size_t>(c);
}

/// CEILING(x - 1E-9) of a positive ratio, as the engine rounds a fleet up (ceilTolerant), 0 when nothing is needed.
QString unitsNeeded(const QString &demand, const QString &perUnit)
{
    return QStringLiteral("IF(AND(%1>0,%2>0),MAX(0,CEILING(%1/%2-1E-9,1)),0)").arg(demand, perUnit);
}

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

// ---- purchase -------------------------------------------------------------------------------------------------

void purchaseSheet(Builder &b, const tco::PurchaseScenario &s)
{
    const int H = b.H;
    const int T = std::max(1, s.holdingMonths);
    const int L = std::max(0, s.leadTimeMonths);
    const int D = std::max(1, s.depreciationMonths.value_or(s.holdingMonths));
    const bool macrs = s.depreciation == tco::Depreciation::Macrs5;
    const bool lease = s.financing == tco::Financing::Lease;
    const bool loan = s.financing == tco::Financing::Loan;
    const double i = s.loanRate.value_or(0.0) / 12.0;
    const int n = std::max(1, s.loanTermMonths.value_or(1));
    const double pf = tco::loanPaymentFactor(i, n);
    const double delta = std::clamp(s.downPaymentFraction, 0.0, 1.0);
    // Model version 4 (model.md §14.1, §14.2): the month the hardware goes on sale, the fabric on top of each server,
    // the successor's drop on every value taken from its month, the share written off at once.
    const int A = std::max(1, s.availableFromMonth);
    const double infra = 1.0 + s.infrastructureCapexFraction;
    const double bonus = std::clamp(s.bonusDepreciationFraction, 0.0, 1.0);
    const auto succ = [&s](int month) {
        return s.successorMonth && month >= *s.successorMonth ? 1.0 - s.successorValueDrop : 1.0;
    };
    // The successor's factor of a value taken in month `month` (a formula), "1" without a successor.
    const auto succFormula = [&s](const QString &month) {
        return s.successorMonth ? QStringLiteral("IF(%1>=SuccessorMonth,1-SuccessorValueDrop,1)").arg(month)
                                : QStringLiteral("1");
    };
    // The list price moves by g_s a year (model.md §14.1): P_p = P (1 + g_s)^((p - 1)/12). Each cycle pays the list
    // price of its payment month, so a renewal T months later costs (1 + g_s)^(T/12) times its cohort's last cycle.
    const auto listPrice = [&s](double month) { return s.serverPrice * std::pow(1.0 + s.serverPriceTrend, (month - 1.0) / 12.0); };
    const double renewal = std::pow(1.0 + s.serverPriceTrend, T / 12.0);

    b.constant(QStringLiteral("Reference GPU-hours a server sizes for"), QStringLiteral("SizedFor"),
               QStringLiteral("GpusPerServer*Speedup*730*TargetUtilization"), tco::sizingUnit(s));
    if (loan) {
        b.constant(QStringLiteral("Loan: monthly rate"), QStringLiteral("LoanMonthlyRate"), QStringLiteral("LoanRate/12"), i);
        b.constant(QStringLiteral("Loan: level payment per unit borrowed"), QStringLiteral("LoanPaymentFactor"),
                   QStringLiteral("IF(LoanMonthlyRate=0,1/MAX(1,LoanTermMonths),LoanMonthlyRate/(1-(1+LoanMonthlyRate)^(-MAX(1,LoanTermMonths))))"),
                   pf);
        b.constant(QStringLiteral("Loan: share paid in cash"), QStringLiteral("DownShare"),
                   QStringLiteral("MIN(1,MAX(0,DownPaymentFraction))"), delta);
    }
    b.start();
    const QString mine = quotedText(b.evaluated.name);

    // C++ mirrors of the columns, month 1 at [1].
    std::vector<double> sched(H + 1), bought(H + 1), ordered(H + 1), unit(H + 1), cohortCost(H + 1), cohortValue(H + 1),
        cycleCost(H + 1), cycleValue(H + 1), horizonValue(H + 1), capex(H + 1), inService(H + 1), basisStart(H + 1), residual(H + 1),
        residualGain(H + 1), saleValue(H + 1), saleGain(H + 1), depreciation(H + 1), leasePay(H + 1), leaseRun(H + 1),
        borrowed(H + 1), financing(H + 1), interest(H + 1);
    const auto charged = [&](double held) { // the share of a cycle's basis written off over `held` months
        if (!macrs)
            return bonus + (1.0 - bonus) * (std::min(held, double(D)) / D);
        double f = 0.0;
        for (int y = 0; y < 6; ++y)
            f += kMacrs5Rates[y] * std::clamp(held - 12.0 * y, 0.0, 12.0) / 12.0;
        return bonus + (1.0 - bonus) * f;
    };
    const double sizedFor = tco::sizingUnit(s);
    for (int m = 1; m <= H; ++m) {
        for (const tco::ScheduledPurchase &p : s.purchases)
            if (p.month == m)
                sched[m] += p.servers;
        bought[m] = (m == A ? std::max(0, s.servers) : 0.0) + bought[m - 1] + sched[m];
        if (s.expansion == tco::Expansion::ToDemand && m >= A)
            bought[m] = std::max(bought[m], std::min(tco::unitsNeeded(b.G(m), sizedFor), double(tco::defaults::kMaxFleet) + 1));
        ordered[m] = bought[m] - bought[m - 1];
        unit[m] = listPrice(m) * (1.0 - tco::bulkDiscountFor(s.bulkDiscounts, static_cast<int>(ordered[m])));
        cohortCost[m] = ordered[m] * unit[m] * infra;
        // Sold at the end of its first cycle, in month m + L + T - 1, at that month's list price (capped at the price
        // paid); every later cycle of the cohort scales by the same renewal factor as its cost.
        cohortValue[m] = ordered[m] * std::min(s.resaleFraction * listPrice(m + L + T - 1), unit[m]);
        cycleCost[m] = cohortCost[m] + (m > T ? cycleCost[m - T] * renewal : 0.0);
        cycleValue[m] = cohortValue[m] + (m > T ? cycleValue[m - T] * renewal : 0.0);
        capex[m] = m + L <= H ? cycleCost[m] : 0.0;
        inService[m] = m - L >= 1 ? bought[m - L] : 0.0;
        basisStart[m] = m - L >= 1 ? capex[m - L] : 0.0;
        const bool held = m + L <= H && m + L + T - 1 > H;
        // A cycle still held at H is valued at H's list price, capped at each cohort's own price of this cycle.
        if (held)
            for (int j = m; j >= 1; j -= T)
                horizonValue[m] += ordered[j] * std::min(s.resaleFraction * listPrice(H), unit[j] * std::pow(1.0 + s.serverPriceTrend, (m - j) / 12.0));
        residual[m] = held ? (cycleCost[m] / infra - (cycleCost[m] / infra - horizonValue[m]) * (H - m - L + 1) / T) * succ(H)
                           : 0.0;
        residualGain[m] = held ? residual[m] - cycleCost[m] * (1.0 - charged(H - m - L + 1)) : 0.0;
        const int q = m - L - T + 1;
        saleValue[m] = q >= 1 ? cycleValue[q] * succ(m) : 0.0;
        saleGain[m] = q >= 1 ? cycleValue[q] * succ(m) - cycleCost[q] * (1.0 - charged(T)) : 0.0;
        if (macrs) {
            for (int y = 0; y < 6; ++y)
                for (int age = 12 * y; age <= std::min(12 * y + 11, T - 1); ++age)
                    if (m - age >= 1)
                        depreciation[m] += basisStart[m - age] * kMacrs5Rates[y] / 12.0;
        } else {
            for (int j = std::max(1, m - std::min(D, T) + 1); j <= m; ++j)
                depreciation[m] += basisStart[j] / D;
        }
        depreciation[m] = bonus * basisStart[m] + (1.0 - bonus) * depreciation[m];
        leasePay[m] = ordered[m] * (s.leasePaymentPerServerMonth ? *s.leasePaymentPerServerMonth
                                                                 : unit[m] * infra * s.leaseRateFactor.value_or(0.0));
        leaseRun[m] = (m > 1 ? leaseRun[m - 1] : 0.0) + (m - L >= 1 ? leasePay[m - L] : 0.0);
        borrowed[m] = (1.0 - delta) * capex[m];
    }
    const auto balanceShare = [&](int k) { // what is left of 1 borrowed after k level payments
        if (i == 0.0)
            return 1.0 - k * pf;
        const double q = std::pow(1.0 + i, k);
        return q - pf * (q - 1.0) / i;
    };
    for (int m = 1; m <= H; ++m) {
        for (int p = std::max(1, m - n); p <= m - 1; ++p) {
            financing[m] += m < H ? borrowed[p] * pf : borrowed[p] * balanceShare(H - 1 - p) * (1.0 + i);
            interest[m] += borrowed[p] * i * balanceShare(m - 1 - p);
        }
        if (m == H)
            financing[m] += borrowed[H];
    }

    // The fleet (model.md §10.2, §11.1).
    const int schedCol = b.t.add(QStringLiteral("scheduled"), Fmt::Number,
                                 [&b, mine](int m) {
                                     return QStringLiteral("SUMPRODUCT((AsScenario=%1)*(AsKey=\"purchases\")*(AsAt=%2),AsValue)").arg(mine, b.M(m));
                                 },
                                 std::vector<double>(sched.begin() + 1, sched.end()));
    int boughtCol = static_cast<int>(b.t.columns().size());
    boughtCol = b.t.add(
        QStringLiteral("bought to date"), Fmt::Number,
        [&b, &boughtCol, schedCol](int m) {
            // `servers` in the month the hardware goes on sale (month 1 unless it says), the fleet that follows demand
            // from then on (model.md §14.1).
            const QString before = QStringLiteral("IF(%1=AvailableFromMonth,MAX(0,Servers),0)%2")
                                       .arg(b.M(m), m == 1 ? QString() : QLatin1Char('+') + b.at(boughtCol, m - 1));
            return QStringLiteral("IF(AND(Expansion=\"to_demand\",%4>=AvailableFromMonth),MAX(%1+%2,%3),%1+%2)")
                .arg(before, b.at(schedCol, m), unitsNeeded(b.at(b.demandCol, m), QStringLiteral("SizedFor")), b.M(m));
        },
        std::vector<double>(bought.begin() + 1, bought.end()));
    const int orderedCol = b.t.add(QStringLiteral("bought"), Fmt::Number,
                                   [&b, boughtCol](int m) {
                                       return m == 1 ? b.at(boughtCol, m) : QStringLiteral("%1-%2").arg(b.at(boughtCol, m), b.at(boughtCol, m - 1));
                                   },
                                   std::vector<double>(ordered.begin() + 1, ordered.end()));
    const QString tiers = QStringLiteral("(AsScenario=%1)*(AsKey=\"bulk_discounts\")").arg(mine);
    const int unitCol = b.t.add(QStringLiteral("price paid per server"), Fmt::Money,
                                [&b, orderedCol, tiers](int m) {
                                    // The list price of this month (model.md §14.1) less the bulk tier of the servers bought.
                                    return QStringLiteral("ServerPrice*(1+ServerPriceTrend)^((%3-1)/12)*(1-SUMPRODUCT(%1*(AsAt=SUMPRODUCT(MAX(%1*(AsAt<=%2)*AsAt))),AsValue))")
                                        .arg(tiers, b.at(orderedCol, m), b.M(m));
                                },
                                std::vector<double>(unit.begin() + 1, unit.end()));
    const int inServiceCol = b.t.add(QStringLiteral("servers in service"), Fmt::Number,
                                     [&b, boughtCol](int m) {
                                         return QStringLiteral("IF(%1-LeadTimeMonths>=1,%2,0)")
                                             .arg(b.M(m), b.t.index(boughtCol, QStringLiteral("%1-LeadTimeMonths").arg(b.M(m))));
                                     },
                                     std::vector<double>(inService.begin() + 1, inService.end()));
    b.out.columns.fleet = inServiceCol;

    Categories cat;
    int depreciationCol = -1, gainCol = -1, deductibleCol = -1;
    if (lease) {
        // An operating lease (§12, clarification 36): each server in service pays its cohort's payment until H.
        const int payCol = b.t.add(QStringLiteral("lease payment of the servers bought"), Fmt::Money,
                                   [&b, orderedCol, unitCol, &s](int m) {
                                       return s.leasePaymentPerServerMonth
                                                  ? QStringLiteral("%1*LeasePaymentPerServerMonth").arg(b.at(orderedCol, m))
                                                  : QStringLiteral("%1*%2*(1+InfrastructureCapexFraction)*LeaseRateFactor")
                                                        .arg(b.at(orderedCol, m), b.at(unitCol, m));
                                   },
                                   std::vector<double>(leasePay.begin() + 1, leasePay.end()));
        deductibleCol = b.t.add(QStringLiteral("lease payments"), Fmt::Money,
                                [&b, payCol](int m) {
                                    return QStringLiteral("IF(%1-LeadTimeMonths>=1,SUM(%2),0)")
                                        .arg(b.M(m), b.t.window(payCol, QStringLiteral("1"), QStringLiteral("%1-LeadTimeMonths").arg(b.M(m))));
                                },
                                std::vector<double>(leaseRun.begin() + 1, leaseRun.end()));
        cat[idx(Category::Financing)] = [&b, deductibleCol](int m) { return b.at(deductibleCol, m); };
    } else {
        const int costCol = b.t.add(QStringLiteral("cost of the servers bought"), Fmt::Money,
                                    [&b, orderedCol, unitCol](int m) {
                                        // With the network fabric, storage and racks on top (model.md §14.2).
                                        return QStringLiteral("%1*%2*(1+InfrastructureCapexFraction)").arg(b.at(orderedCol, m), b.at(unitCol, m));
                                    },
                                    std::vector<double>(cohortCost.begin() + 1, cohortCost.end()));
        const int valueCol = b.t.add(QStringLiteral("their value at the end of holding"), Fmt::Money,
                                     [&b, orderedCol, unitCol](int m) {
                                         // At the list price of the month they are sold, never above the price paid.
                                         return QStringLiteral("%1*MIN(ResaleFraction*ServerPrice*(1+ServerPriceTrend)^((%3+LeadTimeMonths+HoldingMonths-2)/12),%2)")
                                             .arg(b.at(orderedCol, m), b.at(unitCol, m), b.M(m));
                                     },
                                     std::vector<double>(cohortValue.begin() + 1, cohortValue.end()));
        // Every holding cycle paid this month: the cohorts bought now and those bought T, 2T, … months ago; money at
        // this month's list price, T months of the price trend after the last cycle.
        const auto cycle = [&b](int own, int column, bool money) {
            return [&b, own, column, money](int m) {
                if (m == 1)
                    return b.at(own, m);
                const QString before = QStringLiteral("INDEX(%1:%2,%3-HoldingMonths)%4")
                                           .arg(absoluteCell(b.t.rowOf(1), column), cell(b.t.rowOf(m - 1), column), b.M(m),
                                                money ? QStringLiteral("*(1+ServerPriceTrend)^(HoldingMonths/12)") : QString());
                return QStringLiteral("%1+IF(%2>HoldingMonths,%3,0)").arg(b.at(own, m), b.M(m), before);
            };
        };
        int cycleCostCol = static_cast<int>(b.t.columns().size());
        cycleCostCol = b.t.add(QStringLiteral("holding cycles paid: cost"), Fmt::Money, cycle(costCol, cycleCostCol, true),
                               std::vector<double>(cycleCost.begin() + 1, cycleCost.end()));
        int cycleValueCol = static_cast<int>(b.t.columns().size());
        cycleValueCol = b.t.add(QStringLiteral("holding cycles paid: value at the end"), Fmt::Money, cycle(valueCol, cycleValueCol, true),
                                std::vector<double>(cycleValue.begin() + 1, cycleValue.end()));
        // The servers of those cycles, and the servers retired (sold) at the end of a cycle.
        std::vector<double> cycleServers(H + 1), retired(H + 1);
        for (int m = 1; m <= H; ++m) {
            cycleServers[m] = ordered[m] + (m > T ? cycleServers[m - T] : 0.0);
            const int q = m - L - T + 1;
            retired[m] = q >= 1 ? cycleServers[q] : 0.0;
        }
        int cycleServersCol = static_cast<int>(b.t.columns().size());
        cycleServersCol = b.t.add(QStringLiteral("holding cycles paid: servers"), Fmt::Number, cycle(orderedCol, cycleServersCol, false),
                                  std::vector<double>(cycleServers.begin() + 1, cycleServers.end()));
        b.t.add(QStringLiteral("servers retired (sold)"), Fmt::Number,
                [&b, cycleServersCol](int m) {
                    const QString q = QStringLiteral("%1-LeadTimeMonths-HoldingMonths+1").arg(b.M(m));
                    return QStringLiteral("IF(%1>=1,%2,0)").arg(q, b.t.index(cycleServersCol, q));
                },
                std::vector<double>(retired.begin() + 1, retired.end()));
        const int H_ = H;
        const int capexCol = b.t.add(QStringLiteral("capex basis paid"), Fmt::Money,
                                     [&b, cycleCostCol, H_](int m) {
                                         return QStringLiteral("IF(%1+LeadTimeMonths<=%2,%3,0)").arg(b.M(m)).arg(H_).arg(b.at(cycleCostCol, m));
                                     },
                                     std::vector<double>(capex.begin() + 1, capex.end()));
        const int basisCol = b.t.add(QStringLiteral("basis entering service"), Fmt::Money,
                                     [&b, capexCol](int m) {
                                         return QStringLiteral("IF(%1-LeadTimeMonths>=1,%2,0)")
                                             .arg(b.M(m), b.t.index(capexCol, QStringLiteral("%1-LeadTimeMonths").arg(b.M(m))));
                                     },
                                     std::vector<double>(basisStart.begin() + 1, basisStart.end()));
        // Depreciation (§10.5): straight line over D months, or the MACRS rates by year of service; never after a sale.
        depreciationCol = b.t.add(
            QStringLiteral("depreciation"), Fmt::Money,
            [&b, basisCol, macrs](int m) -> QString {
                const QString M = b.M(m);
                // Bonus depreciation (model.md §14.2): a share of the basis at once in its first month of service, the
                // rest by the method.
                const QString now = QStringLiteral("BonusDepreciationFraction*%1+(1-BonusDepreciationFraction)*").arg(b.at(basisCol, m));
                if (!macrs)
                    return now + QStringLiteral("SUM(%1)/DepreciationMonths")
                                     .arg(b.t.window(basisCol, QStringLiteral("MAX(1,%1-MIN(DepreciationMonths,HoldingMonths)+1)").arg(M), M));
                QStringList years;
                for (int y = 0; y < 6; ++y)
                    years << QStringLiteral("IF(AND(%1-%2>=1,%2<=HoldingMonths-1),MacrsYear%3*SUM(%4),0)")
                                 .arg(M)
                                 .arg(12 * y)
                                 .arg(y + 1)
                                 .arg(b.t.window(basisCol, QStringLiteral("MAX(1,%1-MIN(%2,HoldingMonths-1))").arg(M).arg(12 * y + 11),
                                                 QStringLiteral("MAX(1,%1-%2)").arg(M).arg(12 * y)));
                return now + QStringLiteral("(%1)/12").arg(years.join(QLatin1Char('+')));
            },
            std::vector<double>(depreciation.begin() + 1, depreciation.end()));
        const QString chargedT = QStringLiteral("(BonusDepreciationFraction+(1-BonusDepreciationFraction)*%1)")
                                     .arg(macrs ? QStringLiteral("SUMPRODUCT(MacrsRates,((HoldingMonths-MacrsFrom)>12)*12+((HoldingMonths-MacrsFrom)>0)*((HoldingMonths-MacrsFrom)<=12)*(HoldingMonths-MacrsFrom))/12")
                                                : QStringLiteral("MIN(HoldingMonths,DepreciationMonths)/DepreciationMonths"));
        const auto chargedHeld = [macrs](const QString &held) {
            return QStringLiteral("(BonusDepreciationFraction+(1-BonusDepreciationFraction)*%1)")
                .arg(macrs ? QStringLiteral("SUMPRODUCT(MacrsRates,((%1-MacrsFrom)>12)*12+((%1-MacrsFrom)>0)*((%1-MacrsFrom)<=12)*(%1-MacrsFrom))/12").arg(held)
                           : QStringLiteral("MIN(%1,DepreciationMonths)/DepreciationMonths").arg(held));
        };
        // The cycles paid this month that are still held at H, valued at H's list price and capped at each cohort's
        // price of this cycle (model.md §14.1): the cohorts bought T, 2T, … months before, their price grown since.
        // MIN(a, b) as (a + b - ABS(a - b))/2, which stays one figure per row inside SUMPRODUCT.
        const QString heldCycle = QStringLiteral("AND(%1+LeadTimeMonths<=%2,%1+LeadTimeMonths+HoldingMonths-1>%2)");
        const int horizonValueCol = b.t.add(
            QStringLiteral("their value at the horizon"), Fmt::Money,
            [&b, orderedCol, unitCol, H_, heldCycle](int m) {
                const QString upTo = QStringLiteral("%1:%2");
                const QString months = upTo.arg(absoluteCell(b.t.rowOf(1), b.monthCol), cell(b.t.rowOf(m), b.monthCol));
                const QString value = QStringLiteral("ResaleFraction*ServerPrice*(1+ServerPriceTrend)^((%1-1)/12)").arg(H_);
                const QString price = QStringLiteral("%1*(1+ServerPriceTrend)^((%2-%3)/12)")
                                          .arg(upTo.arg(absoluteCell(b.t.rowOf(1), unitCol), cell(b.t.rowOf(m), unitCol)), b.M(m), months);
                return QStringLiteral("IF(%1,SUMPRODUCT((MOD(%2-%3,HoldingMonths)=0)*%4*(%5+%6-ABS(%5-%6))/2),0)")
                    .arg(heldCycle.arg(b.M(m)).arg(H_), b.M(m), months,
                         upTo.arg(absoluteCell(b.t.rowOf(1), orderedCol), cell(b.t.rowOf(m), orderedCol)), value, price);
            },
            std::vector<double>(horizonValue.begin() + 1, horizonValue.end()));
        // A cycle still held at H: its straight-line value from the price paid to the value at H (§10.2).
        const int residualCol = b.t.add(
            QStringLiteral("residual of cycles held at the horizon"), Fmt::Money,
            [&b, cycleCostCol, horizonValueCol, H_, heldCycle, succFormula](int m) {
                // The server's value only (the fabric is worth nothing), after the successor's drop when it has shipped.
                const QString server = QStringLiteral("%1/(1+InfrastructureCapexFraction)").arg(b.at(cycleCostCol, m));
                return QStringLiteral("IF(%1,(%2-(%2-%3)*(%4-%5-LeadTimeMonths+1)/HoldingMonths)*%6,0)")
                    .arg(heldCycle.arg(b.M(m)).arg(H_), server, b.at(horizonValueCol, m), QString::number(H_), b.M(m),
                         succFormula(QString::number(H_)));
            },
            std::vector<double>(residual.begin() + 1, residual.end()));
        const int residualGainCol = b.t.add(
            QStringLiteral("gain on that residual"), Fmt::Money,
            [&b, residualCol, cycleCostCol, H_, chargedHeld](int m) {
                return QStringLiteral("IF(%1<>0,%1-%2*(1-%3),0)")
                    .arg(b.at(residualCol, m), b.at(cycleCostCol, m), chargedHeld(QStringLiteral("(%1-%2-LeadTimeMonths+1)").arg(H_).arg(b.M(m))));
            },
            std::vector<double>(residualGain.begin() + 1, residualGain.end()));
        const QString sold = QStringLiteral("%1-LeadTimeMonths-HoldingMonths+1");
        const int saleCol = b.t.add(QStringLiteral("sold"), Fmt::Money,
                                    [&b, cycleValueCol, sold, succFormula](int m) {
                                        return QStringLiteral("IF(%1>=1,%2*%3,0)")
                                            .arg(sold.arg(b.M(m)), b.t.index(cycleValueCol, sold.arg(b.M(m))), succFormula(b.M(m)));
                                    },
                                    std::vector<double>(saleValue.begin() + 1, saleValue.end()));
        gainCol = b.t.add(
            QStringLiteral("gain on sale"), Fmt::Money,
            [&b, cycleValueCol, cycleCostCol, sold, chargedT, residualGainCol, H_, succFormula](int m) {
                QString f = QStringLiteral("IF(%1>=1,%2*%5-%3*(1-%4),0)")
                                .arg(sold.arg(b.M(m)), b.t.index(cycleValueCol, sold.arg(b.M(m))), b.t.index(cycleCostCol, sold.arg(b.M(m))), chargedT,
                                     succFormula(b.M(m)));
                if (m == H_)
                    f += QStringLiteral("+IF(CreditResidualAtHorizon,SUM(%1),0)").arg(b.t.range(residualGainCol));
                return f;
            },
            [&](int m) { return saleGain[m] + (m == H && s.creditResidualAtHorizon ? [&] { double r = 0; for (int p = 1; p <= H; ++p) r += residualGain[p]; return r; }() : 0.0); });
        cat[idx(Category::Resale)] = [&b, saleCol, residualCol, H_](int m) {
            QString f = QStringLiteral("-%1").arg(b.at(saleCol, m));
            if (m == H_)
                f += QStringLiteral("-IF(CreditResidualAtHorizon,SUM(%1),0)").arg(b.t.range(residualCol));
            return f;
        };
        if (loan) {
            cat[idx(Category::Capex)] = [&b, capexCol](int m) { return QStringLiteral("DownShare*%1").arg(b.at(capexCol, m)); };
            const int borrowedCol = b.t.add(QStringLiteral("borrowed"), Fmt::Money,
                                            [&b, capexCol](int m) { return QStringLiteral("(1-DownShare)*%1").arg(b.at(capexCol, m)); },
                                            std::vector<double>(borrowed.begin() + 1, borrowed.end()));
            // What is left of 1 borrowed after k level payments: (1+i)^k - PF((1+i)^k - 1)/i, or 1 - k PF at 0 %.
            const auto windowOf = [&b](int column, int m) {
                return b.t.window(column, QStringLiteral("MAX(1,%1-MAX(1,LoanTermMonths))").arg(b.M(m)), QStringLiteral("%1-1").arg(b.M(m)));
            };
            const int financingCol = b.t.add(
                QStringLiteral("loan payments"), Fmt::Money,
                [&b, borrowedCol, windowOf, H_](int m) {
                    if (m == 1)
                        return H_ == 1 ? b.at(borrowedCol, m) : QStringLiteral("0");
                    const QString window = windowOf(borrowedCol, m);
                    const QString months = windowOf(b.monthCol, m);
                    if (m < H_)
                        return QStringLiteral("LoanPaymentFactor*SUM(%1)").arg(window);
                    // The last month repays what is left of every loan, with that month's interest; bought in month H,
                    // the whole amount borrowed then, without interest.
                    return QStringLiteral("%1+(1+LoanMonthlyRate)*IF(LoanMonthlyRate=0,SUMPRODUCT(%2,1-(%3-1-%4)*LoanPaymentFactor),"
                                          "SUMPRODUCT(%2,(1+LoanMonthlyRate)^(%3-1-%4)-LoanPaymentFactor*((1+LoanMonthlyRate)^(%3-1-%4)-1)/LoanMonthlyRate))")
                        .arg(b.at(borrowedCol, m), window, b.M(m), months);
                },
                std::vector<double>(financing.begin() + 1, financing.end()));
            deductibleCol = b.t.add(
                QStringLiteral("loan interest"), Fmt::Money,
                [&b, borrowedCol, windowOf](int m) {
                    if (m == 1)
                        return QStringLiteral("0");
                    const QString window = windowOf(borrowedCol, m);
                    const QString months = windowOf(b.monthCol, m);
                    return QStringLiteral("LoanMonthlyRate*IF(LoanMonthlyRate=0,0,SUMPRODUCT(%1,(1+LoanMonthlyRate)^(%2-1-%3)-LoanPaymentFactor*((1+LoanMonthlyRate)^(%2-1-%3)-1)/LoanMonthlyRate))")
                        .arg(window, b.M(m), months);
                },
                std::vector<double>(interest.begin() + 1, interest.end()));
            cat[idx(Category::Financing)] = [&b, financingCol](int m) { return b.at(financingCol, m); };
        } else if (L > 0) {
            // A deposit at order and the rest on delivery, in the first month of service (model.md §14.2).
            cat[idx(Category::Capex)] = [&b, capexCol, basisCol](int m) {
                return QStringLiteral("PaidAtOrderFraction*%1+(1-PaidAtOrderFraction)*%2").arg(b.at(capexCol, m), b.at(basisCol, m));
            };
        } else {
            cat[idx(Category::Capex)] = [&b, capexCol](int m) { return b.at(capexCol, m); };
        }
    }
    const int capacity = b.t.add(QStringLiteral("capacity"), Fmt::Hours,
                                 [&b, inServiceCol](int m) { return QStringLiteral("%1*GpusPerServer*Speedup*730").arg(b.at(inServiceCol, m)); },
                                 [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].capacity; });
    // The purchase's electricity price: its own, or on the Assumptions a formula of the plan's (§4.2).
    const QString price = QStringLiteral("ElectricityPerKwh");
    // Facilities, and the kilowatts contracted at the colocation's price per kW (model.md §14.2).
    cat[idx(Category::Facilities)] = [&b, inServiceCol](int m) {
        return QStringLiteral("%1*(FacilitiesPerServerYear/12+PowerKwPerServer*ColocationPerKwMonth)").arg(b.at(inServiceCol, m));
    };
    if (s.idlePowerFraction) {
        // Idle power (model.md §14.2): the power at full load times φ + (1 − φ) u, u the share of the capacity that
        // serves; alone, what it serves of the month's demand.
        const tco::Workload &w = b.cx.result.workload;
        const double kwh = s.electricityFromPlan && w.electricityPerKwh ? *w.electricityPerKwh : s.electricityPerKwh;
        std::vector<double> full(static_cast<std::size_t>(H));
        for (int m = 1; m <= H; ++m)
            full[static_cast<std::size_t>(m - 1)] = b.t.value(inServiceCol, m) * s.powerKwPerServer * s.pue * 730.0 * kwh *
                                                    std::pow(1.0 + s.electricityPriceTrend, (m - 1) / 12.0);
        const int fullCol = b.t.add(QStringLiteral("power at full load"), Fmt::Money,
                                    [&b, inServiceCol, price](int m) {
                                        return QStringLiteral("%1*PowerKwPerServer*Pue*730*%2*(1+ElectricityPriceTrend)^((%3-1)/12)")
                                            .arg(b.at(inServiceCol, m), price, b.M(m));
                                    },
                                    full);
        b.out.columns.fullPower = fullCol;
        cat[idx(Category::Power)] = [&b, fullCol, capacity](int m) {
            return QStringLiteral("%1*IF(%2>0,IdlePowerFraction+(1-IdlePowerFraction)*MIN(1,MIN(%3,%2)/%2),IdlePowerFraction)")
                .arg(b.at(fullCol, m), b.at(capacity, m), b.at(b.demandCol, m));
        };
    } else {
        cat[idx(Category::Power)] = [&b, inServiceCol, price](int m) {
            return QStringLiteral("%1*PowerKwPerServer*AverageLoad*Pue*730*%2*(1+ElectricityPriceTrend)^((%3-1)/12)")
                .arg(b.at(inServiceCol, m), price, b.M(m));
        };
    }
    cat[idx(Category::Failures)] = [&b, inServiceCol](int m) { return QStringLiteral("%1*FailuresPerServerYear/12").arg(b.at(inServiceCol, m)); };
    cat[idx(Category::Staff)] = [&b, inServiceCol](int m) {
        return QStringLiteral("IF(AND(%1>0,ServersPerFte>0),CEILING(%1/ServersPerFte-1E-9,1),0)*FteAnnualCost/12").arg(b.at(inServiceCol, m));
    };
    const int first = static_cast<int>(b.t.columns().size());
    cat[idx(Category::Tax)] = [&b, first, gainCol, depreciationCol, deductibleCol](int m) {
        const auto c = [&](Category k) { return b.at(first + int(idx(k)), m); };
        return QStringLiteral("%1-(%2+%3+%4+%5+%6)-%7")
            .arg(gainCol >= 0 ? b.at(gainCol, m) : QStringLiteral("0"), c(Category::Facilities), c(Category::Power),
                 c(Category::Failures), c(Category::Staff), deductibleCol >= 0 ? b.at(deductibleCol, m) : QStringLiteral("0"),
                 depreciationCol >= 0 ? b.at(depreciationCol, m) : QStringLiteral("0"));
    };
    b.finishStandalone(cat, capacity);
}

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

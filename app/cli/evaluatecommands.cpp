// mltco-cli evaluate PLAN.json [--document PATH] [--format json|csv|table]
#include "cliio.h"
#include "planrunner.h"
#include "textformat.h"

#include "models/common/currency.h"
#include "models/common/parallel.h"
#include "models/report/csvexport.h"
#include "models/report/reportdata.h"
#include "models/report/resultjson.h"

#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

#include <algorithm>
#include <vector>

namespace mltco::cli {

namespace {

const QString kEvaluateUsage = QStringLiteral("mltco-cli evaluate PLAN.json [--document PATH] [--format json|csv|table]");

QString workloadLine(const tco::Workload &w)
{
    QString text = QStringLiteral("Workload: %1 engineers, %2 reference GPU-hours/month, %3 GPU-hours per job, %4 months, "
                                  "discount rate %5, cloud price trend %6/year\n")
                       .arg(w.engineers)
                       .arg(grouped(w.demandGpuHours, 0), grouped(w.jobGpuHours, 1))
                       .arg(w.horizonMonths)
                       .arg(percent(w.discountRate), percent(w.cloudPriceTrend));
    QStringList demand;
    for (const tco::DemandStep &step : w.demandSteps)
        demand << QStringLiteral("%1 from month %2").arg(grouped(step.gpuHours, 0)).arg(step.month);
    if (w.demandGrowth != 0.0)
        demand << QStringLiteral("growing %1/year").arg(percent(w.demandGrowth));
    if (!demand.isEmpty())
        text += QStringLiteral("Demand: ") + demand.join(QStringLiteral(", ")) +
                QStringLiteral(" (peak %1 GPU-hours/month)\n").arg(grouped(tco::peakDemand(w), 0));
    if (w.taxRate > 0.0)
        text += QStringLiteral("All figures after tax at %1 (depreciation, gains on sale and deductible costs).\n")
                    .arg(percent(w.taxRate));
    return text;
}

QStringList summaryHeader(const QString &currency)
{
    return {QStringLiteral("Scenario"), QStringLiteral("Kind"), QStringLiteral("Total"), QStringLiteral("NPV"),
            QStringLiteral("Per year"), QStringLiteral("Served GPU-h"), QStringLiteral("Unmet GPU-h"),
            QStringLiteral("Utilization"), moneyUnit(currency) + QStringLiteral("/GPU-h")};
}

// model.md §13: the plan's currency, and every rate that brought a price into it, with its day and source.
QString currencyLines(const tco::PlanResult &plan)
{
    QString text;
    if (plan.currency != QLatin1String(kDefaultCurrency))
        text += QStringLiteral("All figures in %1.\n").arg(plan.currency);
    for (const QString &line : report::ratesUsedText(plan))
        text += QStringLiteral("Exchange rate used: %1\n").arg(line);
    return text;
}

// The cells of many rows in one buffer, one row's after another's (a report of 20,000 scenarios has more than half
// a million cells: one string each cost more than formatting them).
class CellBuffer final
{
public:
    void add(const QString &cell)
    {
        m_text += cell;
        m_ends.push_back(m_text.size());
    }
    void add(const QString &cell, QLatin1StringView suffix)
    {
        m_text += cell;
        m_text += suffix;
        m_ends.push_back(m_text.size());
    }
    std::size_t size() const { return m_ends.size(); }
    /// Cells [first, first + count) as views into the buffer.
    void cells(std::size_t first, std::size_t count, std::vector<QStringView> &views) const
    {
        views.clear();
        for (std::size_t i = first; i < first + count; ++i) {
            const qsizetype begin = i == 0 ? 0 : m_ends[i - 1];
            views.emplace_back(QStringView(m_text).sliced(begin, m_ends[i] - begin));
        }
    }

private:
    QString m_text;
    std::vector<qsizetype> m_ends;
};

void summaryCells(const tco::EvaluatedScenario &s, const tco::ScenarioResult &r, const QString &c, CellBuffer &out)
{
    if (r.hasUnmetDemand())
        out.add(s.name, QLatin1StringView(" *"));
    else
        out.add(s.name);
    out.add(tco::scenarioKindKey(s.kind()));
    out.add(money(r.total, c));
    out.add(money(r.npv, c));
    out.add(money(r.averageAnnual, c));
    out.add(grouped(r.served, 0));
    out.add(grouped(r.unmet, 0));
    out.add(percent(r.utilization));
    out.add(money(r.costPerServedGpuHour, c));
}

// Years are the same for every scenario: 12 months each, the last one partial when H is not a multiple of 12.
QStringList yearHeader(int horizonMonths)
{
    QStringList header{QStringLiteral("Scenario")};
    for (int year = 1; 12 * (year - 1) < horizonMonths; ++year) {
        const int months = std::min(12, horizonMonths - 12 * (year - 1));
        header << (months < 12 ? QStringLiteral("Year %1 (%2 mo)").arg(year).arg(months) : QStringLiteral("Year %1").arg(year));
    }
    return header;
}

void yearCells(const tco::EvaluatedScenario &s, const tco::ScenarioResult &r, const QString &c, CellBuffer &out)
{
    out.add(s.name);
    for (const tco::YearSum &year : r.years)
        out.add(money(year.total, c));
}

QStringList categoryHeader()
{
    QStringList header{QStringLiteral("Scenario")};
    for (tco::Category category : tco::kCategories)
        header << QString::fromLatin1(tco::categoryKey(category));
    return header;
}

void categoryCells(const tco::EvaluatedScenario &s, const tco::ScenarioResult &r, const QString &c, CellBuffer &out)
{
    out.add(s.name);
    for (tco::Category category : tco::kCategories)
        out.add(money(r.categoryTotal(category), c));
}

QString hybridLine(const tco::EvaluatedScenario &s, const tco::ScenarioResult &r, const QString &c)
{
    const double share = r.demand > 0.0 ? r.burstGpuHours / r.demand : 0.0;
    if (const auto *m = std::get_if<tco::MixScenario>(&s.scenario)) {
        // A mix (model.md §11.3): its layers together, then what is left, burst or undone.
        const QString layers = m->layers.join(QStringLiteral(" + "));
        if (m->burst.isEmpty())
            return QStringLiteral("%1: layers %2 %3, no burst (%4 of the work left undone)\n")
                .arg(s.name, layers, money(r.total, c), percent(share));
        return QStringLiteral("%1: layers %2 %3, burst %4 %5 (%6 of the work)\n")
            .arg(s.name, layers, money(r.total - r.burst, c), m->burst, money(r.burst, c), percent(share));
    }
    const auto &h = std::get<tco::HybridScenario>(s.scenario);
    return QStringLiteral("%1: base %2 %3, burst %4 %5 (%6 of the work)\n")
        .arg(s.name, h.base, money(r.total - r.burst, c), h.burst, money(r.burst, c), percent(share));
}

QString breakEvenLines(const tco::PlanResult &result)
{
    QString text;
    for (const tco::EvaluatedBreakEven &b : result.breakeven) {
        const int maxServers = b.request.maxServers;
        text += QStringLiteral("%1 vs %2: ").arg(b.request.purchase, b.request.cloud);
        if (const auto &fleet = b.result.fleet) {
            text += QStringLiteral("pay-per-use costs as much as the servers at %1 reference GPU-hours a month, "
                                   "%2 of their capacity%3\n")
                        .arg(grouped(fleet->demandGpuHoursPerMonth, 0), percent(fleet->utilization),
                             fleet->reachable ? QString()
                                              : QStringLiteral(" (more than they can do: pay-per-use stays cheaper)"));
            continue;
        }
        if (!b.result.servers) {
            text += QStringLiteral("buying is never cheaper up to %1 servers\n").arg(maxServers);
            continue;
        }
        const tco::SweepPoint &at = b.result.sweep[static_cast<std::size_t>(*b.result.servers - 1)];
        text += QStringLiteral("buying is cheaper from %1 server(s) (%2 against %3 for %4 cloud instance(s)%5); ")
                    .arg(*b.result.servers)
                    .arg(money(at.purchaseTotal, result.currency), money(at.cloudTotal, result.currency),
                         grouped(at.cloudInstances, 2),
                         b.request.basis == tco::BreakEvenBasis::Capacity ? QStringLiteral(" of equal throughput")
                                                                          : QString());
        text += b.result.staysCheaper ? QStringLiteral("it stays cheaper up to %1 servers\n").arg(maxServers)
                                      : QStringLiteral("it does not stay cheaper for every count up to %1\n")
                                            .arg(maxServers);
    }
    return text;
}

// The people-facing report. Each scenario is evaluated once and only its figures are kept (its month rows are
// dropped at once), so memory follows the number of scenarios, not their months; each table is then formatted,
// sized and printed from those figures in turn.
void writeTableReport(const tco::PlanResult &plan, QTextStream &out)
{
    constexpr std::size_t kMinPerPart = 256;
    out << QStringLiteral("Plan: %1\n").arg(plan.plan) << workloadLine(plan.workload) << currencyLines(plan) << '\n';
    std::vector<tco::ScenarioResult> figures(plan.scenarios.size());
    // Scenarios are evaluated and their cells formatted on every core (the engine and report:: formatting are
    // pure), each into its own place, and printed in order afterwards.
    inContiguousParts(plan.scenarios.size(), kMinPerPart, [&](std::size_t, std::size_t begin, std::size_t end) {
        tco::ScenarioResult result;
        tco::MixScratch scratch;
        for (std::size_t i = begin; i < end; ++i) {
            tco::evaluateScenario(plan, i, result, scratch);
            // Everything but the month rows and cohorts, whose buffers stay with `result` for the next scenario.
            std::vector<tco::MonthRow> rows = std::move(result.months);
            std::vector<tco::Cohort> cohorts = std::move(result.cohorts);
            figures[i] = result;
            result.months = std::move(rows);
            result.cohorts = std::move(cohorts);
        }
    });
    bool anyUnmet = false, anyHybrid = false;
    for (std::size_t i = 0; i < figures.size(); ++i) {
        anyUnmet = anyUnmet || figures[i].hasUnmetDemand();
        anyHybrid = anyHybrid || tco::isComposite(plan.scenarios[i].kind());
    }
    // One table at a time: its cells formatted once (each part of the scenarios into a buffer of its own, on every
    // core), sized, laid out in blocks of lines on every core, printed in order and let go.
    using Cells = void (*)(const tco::EvaluatedScenario &, const tco::ScenarioResult &, const QString &, CellBuffer &);
    const auto print = [&](QStringList header, Cells cells) {
        const auto columns = static_cast<std::size_t>(header.size());
        TextTable table(std::move(header));
        const std::size_t partCount = contiguousPartCount(figures.size(), kMinPerPart);
        std::vector<CellBuffer> buffers(partCount);
        inContiguousParts(figures.size(), kMinPerPart, [&](std::size_t part, std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i)
                cells(plan.scenarios[i], figures[i], plan.currency, buffers[part]);
        });
        std::vector<QStringView> row;
        for (const CellBuffer &buffer : buffers) {
            for (std::size_t first = 0; first < buffer.size(); first += columns) {
                buffer.cells(first, columns, row);
                table.widen(row);
            }
        }
        out << table.head();
        std::vector<QString> blocks(partCount);
        inContiguousParts(figures.size(), kMinPerPart, [&](std::size_t part, std::size_t, std::size_t) {
            std::vector<QStringView> views;
            const CellBuffer &buffer = buffers[part];
            for (std::size_t first = 0; first < buffer.size(); first += columns) {
                buffer.cells(first, columns, views);
                table.appendLine(views, blocks[part]);
            }
        });
        for (const QString &block : blocks)
            out << block;
    };
    print(summaryHeader(plan.currency), summaryCells);
    if (anyUnmet)
        out << "* leaves demand unmet: it is cheaper because it does less\n";
    out << "\nCost per year\n";
    print(yearHeader(plan.workload.horizonMonths), yearCells);
    out << QStringLiteral("\nCost by category over %1 months\n").arg(plan.workload.horizonMonths);
    print(categoryHeader(), categoryCells);
    if (anyHybrid) {
        out << "\nBase and burst\n";
        for (std::size_t i = 0; i < figures.size(); ++i)
            if (tco::isComposite(plan.scenarios[i].kind()))
                out << hybridLine(plan.scenarios[i], figures[i], plan.currency);
    }
    if (!plan.breakeven.empty())
        out << "\nBreak-even\n" << breakEvenLines(plan);
}

} // namespace

int runEvaluate(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (JSON)."));
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document whose catalog prices instances."),
                      QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("json, csv or table."), QStringLiteral("FORMAT"),
                      QStringLiteral("json")});
    if (!parser.parse(QStringList{QStringLiteral("evaluate")} + args))
        return usageError(io, parser.errorText(), kEvaluateUsage);
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return usageError(io, QStringLiteral("evaluate needs a plan file"), kEvaluateUsage);
    if (positional.size() > 1)
        return usageError(io, QStringLiteral("evaluate takes one plan file, not %1").arg(positional.size()), kEvaluateUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("json") && format != QLatin1String("csv") && format != QLatin1String("table"))
        return usageError(io, QStringLiteral("unknown format \"%1\" (json, csv or table)").arg(format), kEvaluateUsage);
    if (parser.isSet(QStringLiteral("document")) && parser.value(QStringLiteral("document")).isEmpty())
        return usageError(io, QStringLiteral("--document needs a path"), kEvaluateUsage);

    // Prepared only: every format evaluates each scenario as it writes it, so memory stays flat.
    Expected<tco::PlanResult> result =
        preparePlanFile(positional.first(), parser.value(QStringLiteral("document")));
    if (!result)
        return inputError(io, result.error().message, result.error().details);
    for (const QString &warning : result->warnings)
        io.err << "mltco-cli: warning: " << warning << '\n';
    for (const QString &note : result->notes)
        io.err << "mltco-cli: note: " << note << '\n';
    io.err.flush();

    if (format == QLatin1String("table")) {
        writeTableReport(*result, io.out);
        io.out.flush();
        return ExitOk;
    }
    io.out.flush();
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly))
        return inputError(io, QStringLiteral("cannot write to standard output: %1").arg(out.errorString()));
    const Status written = format == QLatin1String("json") ? tco::writePlanResultJson(*result, out)
                                                           : report::writeMonthlyCsv(*result, out);
    out.close();
    if (!written)
        return inputError(io, written.error().message);
    return ExitOk;
}

} // namespace mltco::cli

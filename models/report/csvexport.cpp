#include "models/report/csvexport.h"

#include "models/common/numbertext.h"
#include "models/tco/result.h"

#include <QDir>
#include <QIODevice>
#include <QLocale>
#include <QSaveFile>

#include <algorithm>
#include <cstring>

namespace mltco::report {
namespace {

const QByteArray kEol = "\r\n";

QByteArray row(const QStringList &fields)
{
    QStringList quoted;
    quoted.reserve(fields.size());
    for (const QString &f : fields)
        quoted << csvField(f);
    return quoted.join(QLatin1Char(',')).toUtf8() + kEol;
}

// OWASP's advice against CSV injection: a text cell a spreadsheet would read as a formula (=, +, -, @, tab,
// CR first) gets a leading apostrophe. A number (-45000, +1.5e3) is left alone: a spreadsheet reads it as
// the number it is, never as a formula, and the exports' figures must stay numbers.
constexpr char kFormulaTriggers[] = "=+-@\t\r";

bool formulaLike(const QString &text)
{
    const char16_t first = text.isEmpty() ? u'\0' : text.front().unicode();
    if (first == 0 || first > 0x7f || !std::strchr(kFormulaTriggers, static_cast<char>(first)))
        return false;
    bool number = false;
    QLocale::c().toDouble(text, &number);
    return !number;
}

QStringList categoryHeaders()
{
    QStringList h;
    for (tco::Category c : tco::kCategories)
        h << QString::fromLatin1(tco::categoryKey(c));
    return h;
}

} // namespace

QString neutralised(const QString &text)
{
    return formulaLike(text) ? QLatin1Char('\'') + text : text;
}

QString csvField(const QString &raw)
{
    QByteArray field;
    appendCsvField(field, raw.toUtf8());
    return QString::fromUtf8(field);
}

void appendCsvField(QByteArray &out, QByteArrayView text)
{
    // The triggers are ASCII, so the first byte tells; the number check is the rare case.
    const bool neutralise = !text.isEmpty() && text.front() != '\0' && std::strchr(kFormulaTriggers, text.front()) &&
                            formulaLike(QString::fromUtf8(text));
    const bool quote = std::any_of(text.begin(), text.end(), [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; });
    if (!quote && !neutralise) {
        out += text;
        return;
    }
    if (quote)
        out += '"';
    if (neutralise)
        out += '\'';
    for (const char c : text) {
        if (c == '"' && quote)
            out += '"';
        out += c;
    }
    if (quote)
        out += '"';
}

QString csvNumber(double value)
{
    QByteArray text;
    appendShortest(text, value);
    return QString::fromLatin1(text);
}

namespace {

QByteArray monthlyHeader()
{
    // servers / nodes are filled for the kinds that have a fleet (a hybrid: its base's), empty for the others;
    // burst only for hybrids.
    return row(QStringList{QStringLiteral("scenario"), QStringLiteral("kind"), QStringLiteral("month"),
                           QStringLiteral("total")}
               + categoryHeaders()
               + QStringList{QStringLiteral("capacity_gpu_hours"), QStringLiteral("demand_gpu_hours"),
                             QStringLiteral("servers"), QStringLiteral("nodes"), QStringLiteral("burst")});
}

// The month rows of one scenario, appended number by number (no text per field): this writes hundreds of
// millions of figures for a large plan.
void appendMonthlyRows(QByteArray &out, const tco::EvaluatedScenario &s, const tco::ScenarioResult &r)
{
    const QString fleet = s.fleetKey();
    const bool servers = fleet == QLatin1String("servers"), nodes = fleet == QLatin1String("nodes");
    const bool hybrid = s.kind() == tco::ScenarioKind::Hybrid;
    const QByteArray lead = (csvField(s.name) + QLatin1Char(',') + csvField(tco::scenarioKindKey(s.kind()))).toUtf8() + ',';
    for (const tco::MonthRow &m : r.months) {
        out += lead;
        out += QByteArray::number(m.month);
        out += ',';
        appendShortest(out, m.total);
        for (tco::Category c : tco::kCategories) {
            out += ',';
            appendShortest(out, m.at(c));
        }
        out += ',';
        appendShortest(out, m.capacity);
        out += ',';
        appendShortest(out, m.demand);
        out += ',';
        if (servers)
            appendShortest(out, m.fleet);
        out += ',';
        if (nodes)
            appendShortest(out, m.fleet);
        out += ',';
        if (hybrid)
            appendShortest(out, m.burst);
        out += kEol;
    }
}

} // namespace

QByteArray monthlyCsv(const tco::PlanResult &result)
{
    QByteArray out = monthlyHeader();
    for (const tco::EvaluatedScenario &s : result.scenarios)
        appendMonthlyRows(out, s, s.result);
    return out;
}

Status writeMonthlyCsv(const tco::PlanResult &prepared, QIODevice &device)
{
    QByteArray buffer = monthlyHeader();
    buffer.reserve(128 * 1024);
    tco::ScenarioResult result;
    tco::HybridScratch scratch;
    for (std::size_t i = 0; i < prepared.scenarios.size(); ++i) {
        tco::evaluateScenario(prepared, i, result, scratch);
        appendMonthlyRows(buffer, prepared.scenarios[i], result);
        if (buffer.size() >= 64 * 1024) {
            if (device.write(buffer) != buffer.size())
                return Error{QStringLiteral("cannot write the CSV: %1").arg(device.errorString()), {}};
            buffer.clear();
        }
    }
    if (device.write(buffer) != buffer.size())
        return Error{QStringLiteral("cannot write the CSV: %1").arg(device.errorString()), {}};
    return {};
}

QByteArray yearlyCsv(const tco::PlanResult &result)
{
    QByteArray out = row(QStringList{QStringLiteral("scenario"), QStringLiteral("kind"), QStringLiteral("year"),
                                     QStringLiteral("months"), QStringLiteral("partial"), QStringLiteral("total")}
                         + categoryHeaders());
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        for (const tco::YearSum &y : s.result.years) {
            // Category sums of the year, from the same monthly rows the total comes from.
            std::array<double, tco::kCategoryCount> sums{};
            const int first = (y.year - 1) * 12;
            for (int m = first; m < first + y.months && m < static_cast<int>(s.result.months.size()); ++m)
                for (std::size_t c = 0; c < sums.size(); ++c)
                    sums[c] += s.result.months[static_cast<std::size_t>(m)].cost[c];
            QStringList fields{s.name, tco::scenarioKindKey(s.kind()), QString::number(y.year), QString::number(y.months),
                               y.partial ? QStringLiteral("true") : QStringLiteral("false"), csvNumber(y.total)};
            for (double v : sums)
                fields << csvNumber(v);
            out += row(fields);
        }
    }
    return out;
}

QByteArray breakEvenCsv(const tco::PlanResult &result)
{
    QByteArray out = row({QStringLiteral("purchase"), QStringLiteral("cloud"), QStringLiteral("servers"),
                          QStringLiteral("purchase_total"), QStringLiteral("cloud_total"), QStringLiteral("purchase_cheaper")});
    for (const tco::EvaluatedBreakEven &b : result.breakeven) {
        for (const tco::SweepPoint &p : b.result.sweep)
            out += row({b.request.purchase, b.request.cloud, QString::number(p.servers), csvNumber(p.purchaseTotal),
                        csvNumber(p.cloudTotal),
                        p.purchaseTotal <= p.cloudTotal ? QStringLiteral("true") : QStringLiteral("false")});
    }
    return out;
}

QByteArray breakEvenUtilizationCsv(const tco::PlanResult &result)
{
    QByteArray out = row({QStringLiteral("purchase"), QStringLiteral("cloud"), QStringLiteral("demand_scale"),
                          QStringLiteral("demand_gpu_hours_per_month"), QStringLiteral("utilization"),
                          QStringLiteral("reachable"), QStringLiteral("purchase_total"), QStringLiteral("cloud_fixed"),
                          QStringLiteral("cloud_variable"), QStringLiteral("plan_demand_gpu_hours_per_month"),
                          QStringLiteral("capacity_gpu_hours_per_month")});
    for (const tco::EvaluatedBreakEven &b : result.breakeven) {
        if (!b.result.fleet)
            continue;
        const tco::FleetBreakEven &f = *b.result.fleet;
        out += row({b.request.purchase, b.request.cloud, csvNumber(f.demandScale), csvNumber(f.demandGpuHoursPerMonth),
                    csvNumber(f.utilization), f.reachable ? QStringLiteral("true") : QStringLiteral("false"),
                    csvNumber(f.purchaseTotal), csvNumber(f.cloudFixed), csvNumber(f.cloudVariable),
                    csvNumber(f.planDemandGpuHoursPerMonth), csvNumber(f.capacityGpuHoursPerMonth)});
    }
    return out;
}

QByteArray riskSummaryCsv(const tco::AnalysisResult &risk)
{
    QByteArray out = row({QStringLiteral("scenario"), QStringLiteral("mean"), QStringLiteral("p10"), QStringLiteral("p50"),
                          QStringLiteral("p90"), QStringLiteral("npv_mean"), QStringLiteral("npv_p10"), QStringLiteral("npv_p50"),
                          QStringLiteral("npv_p90"), QStringLiteral("p_cheapest")});
    for (const tco::ScenarioRisk &s : risk.scenarios)
        out += row({s.name, csvNumber(s.mean), csvNumber(s.total.p10), csvNumber(s.total.p50), csvNumber(s.total.p90),
                    csvNumber(s.npvMean), csvNumber(s.npv.p10), csvNumber(s.npv.p50), csvNumber(s.npv.p90), csvNumber(s.pCheapest)});
    out += "\r\n";
    out += row({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("p_a_cheaper"), QStringLiteral("p10"),
                QStringLiteral("p50"), QStringLiteral("p90")});
    for (const tco::PairRisk &p : risk.pairs)
        out += row({p.a, p.b, csvNumber(p.pACheaper), csvNumber(p.difference.p10), csvNumber(p.difference.p50),
                    csvNumber(p.difference.p90)});
    return out;
}

QByteArray riskFanCsv(const tco::AnalysisResult &risk)
{
    QByteArray out = row({QStringLiteral("scenario"), QStringLiteral("month"), QStringLiteral("p10"), QStringLiteral("p50"),
                          QStringLiteral("p90")});
    for (const tco::FanSeries &f : risk.fan)
        for (std::size_t m = 0; m < f.p50.size(); ++m)
            out += row({f.scenario, QString::number(m + 1), csvNumber(f.p10[m]), csvNumber(f.p50[m]), csvNumber(f.p90[m])});
    return out;
}

QByteArray tornadoCsv(const tco::AnalysisResult &risk)
{
    QByteArray out = row({QStringLiteral("scenario"), QStringLiteral("target"), QStringLiteral("parameter"),
                          QStringLiteral("base"), QStringLiteral("low"), QStringLiteral("high"), QStringLiteral("total_low"),
                          QStringLiteral("total_high"), QStringLiteral("swing")});
    for (const tco::TornadoEntry &t : risk.tornado)
        out += row({t.scenario, t.target, tco::parameterKey(t.parameter), csvNumber(t.base), csvNumber(t.low),
                    csvNumber(t.high), csvNumber(t.totalLow), csvNumber(t.totalHigh), csvNumber(t.swing())});
    return out;
}

std::optional<tco::AnalysisResult> reportRisk(const tco::Plan &plan, const tco::PlanResult &result)
{
    if (plan.uncertainty.isEmpty())
        return std::nullopt;
    tco::AnalysisOptions options; // 10,000 trials, seed 1, Latin hypercube
    Expected<tco::AnalysisResult> risk = tco::analyzePlan(plan, result, options);
    if (!risk)
        return std::nullopt;
    return std::move(*risk);
}

QByteArray priceHistoryCsv(const QList<catalog::PricePoint> &prices)
{
    QByteArray out = row({QStringLiteral("provider"), QStringLiteral("instance"), QStringLiteral("region"),
                          QStringLiteral("zone"), QStringLiteral("pricing_model"), QStringLiteral("amount"),
                          QStringLiteral("unit"), QStringLiteral("usd_per_hour"), QStringLiteral("observed_at"),
                          QStringLiteral("source"), QStringLiteral("note")});
    for (const catalog::PricePoint &p : prices) {
        const std::optional<double> hourly = p.hourly();
        out += row({p.provider, p.instance, p.region, p.zone, catalog::pricingModelKey(p.pricing),
                    p.amount ? csvNumber(*p.amount) : QString(), catalog::priceUnitKey(p.unit),
                    hourly ? csvNumber(*hourly) : QString(), p.observedAt.toString(Qt::ISODate), p.source, p.note});
    }
    return out;
}

Status writeAll(QIODevice &device, const QByteArray &bytes)
{
    if (device.write(bytes) != bytes.size())
        return Error{QStringLiteral("Writing failed: %1").arg(device.errorString()), {}};
    return {};
}

Status writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{QStringLiteral("Cannot write \"%1\": %2").arg(QDir::toNativeSeparators(path), file.errorString()), {}};
    if (Status s = writeAll(file, bytes); !s) {
        file.cancelWriting();
        return Error{QStringLiteral("Cannot write \"%1\": %2").arg(QDir::toNativeSeparators(path), file.errorString()), {}};
    }
    if (!file.commit())
        return Error{QStringLiteral("Cannot write \"%1\": %2").arg(QDir::toNativeSeparators(path), file.errorString()), {}};
    return {};
}

} // namespace mltco::report

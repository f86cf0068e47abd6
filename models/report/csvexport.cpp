#include "models/report/csvexport.h"

#include "models/common/currency.h"
#include "models/common/numbertext.h"
#include "models/plan/planevaluation.h"
#include "models/report/reportdata.h"
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

// "total_usd", "total_eur": a money column names its currency (model.md §13).
QString moneyColumn(const char *name, const QString &currency)
{
    return QLatin1StringView(name) + QLatin1Char('_') + currencySuffix(currency);
}

// "compute_usd", "capex_usd", ...
QStringList categoryHeaders(const QString &currency)
{
    QStringList h;
    for (tco::Category c : tco::kCategories)
        h << moneyColumn(tco::categoryKey(c), currency);
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
    appendPlain(text, value);
    return QString::fromLatin1(text);
}

QString csvMoney(double value)
{
    QByteArray text;
    appendCents(text, value);
    return QString::fromLatin1(text);
}

namespace {

QByteArray monthlyHeader(const QString &currency)
{
    // servers / nodes are filled for the kinds that have a fleet (a hybrid: its base's, a mix: its purchase layers'),
    // empty for the others; burst only for hybrids and mixes; instances for reserved capacity (and mixes).
    return row(QStringList{QStringLiteral("scenario"), QStringLiteral("kind"), QStringLiteral("month"),
                           moneyColumn("total", currency)}
               + categoryHeaders(currency)
               + QStringList{QStringLiteral("capacity_gpu_hours"), QStringLiteral("demand_gpu_hours"),
                             QStringLiteral("servers"), QStringLiteral("nodes"), moneyColumn("burst", currency),
                             QStringLiteral("instances")});
}

// The month rows of one scenario, appended number by number (no text per field): this writes hundreds of
// millions of figures for a large plan.
void appendMonthlyRows(QByteArray &out, const tco::EvaluatedScenario &s, const tco::ScenarioResult &r)
{
    const QString fleet = s.fleetKey();
    const bool servers = fleet == QLatin1String("servers"), nodes = fleet == QLatin1String("nodes");
    const bool hybrid = tco::isComposite(s.kind());
    const bool instances = s.reportsInstances();
    const QByteArray lead = (csvField(s.name) + QLatin1Char(',') + csvField(tco::scenarioKindKey(s.kind()))).toUtf8() + ',';
    for (const tco::MonthRow &m : r.months) {
        out += lead;
        out += QByteArray::number(m.month);
        out += ',';
        appendCents(out, m.total);
        for (tco::Category c : tco::kCategories) {
            out += ',';
            appendCents(out, m.at(c));
        }
        out += ',';
        appendPlain(out, m.capacity);
        out += ',';
        appendPlain(out, m.demand);
        out += ',';
        if (servers)
            appendPlain(out, m.fleet);
        out += ',';
        if (nodes)
            appendPlain(out, m.fleet);
        out += ',';
        if (hybrid)
            appendCents(out, m.burst);
        out += ',';
        if (instances)
            appendPlain(out, m.instances);
        out += kEol;
    }
}

} // namespace

QByteArray monthlyCsv(const tco::PlanResult &result)
{
    QByteArray out = monthlyHeader(result.currency);
    for (const tco::EvaluatedScenario &s : result.scenarios)
        appendMonthlyRows(out, s, s.result);
    return out;
}

Status writeMonthlyCsv(const tco::PlanResult &prepared, QIODevice &device)
{
    QByteArray buffer = monthlyHeader(prepared.currency);
    buffer.reserve(128 * 1024);
    tco::ScenarioResult result;
    tco::MixScratch scratch;
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
                                     QStringLiteral("months"), QStringLiteral("partial"),
                                     moneyColumn("total", result.currency)}
                         + categoryHeaders(result.currency));
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        for (const tco::YearSum &y : s.result.years) {
            // Category sums of the year, from the same monthly rows the total comes from.
            std::array<double, tco::kCategoryCount> sums{};
            const int first = (y.year - 1) * 12;
            for (int m = first; m < first + y.months && m < static_cast<int>(s.result.months.size()); ++m)
                for (std::size_t c = 0; c < sums.size(); ++c)
                    sums[c] += s.result.months[static_cast<std::size_t>(m)].cost[c];
            QStringList fields{s.name, tco::scenarioKindKey(s.kind()), QString::number(y.year), QString::number(y.months),
                               y.partial ? QStringLiteral("true") : QStringLiteral("false"), csvMoney(y.total)};
            for (double v : sums)
                fields << csvMoney(v);
            out += row(fields);
        }
    }
    return out;
}

QByteArray scenariosCsv(const tco::PlanResult &result)
{
    QStringList header{QStringLiteral("scenario"), QStringLiteral("kind"), moneyColumn("total", result.currency),
                       moneyColumn("npv", result.currency)};
    for (tco::Category c : tco::kCategories)
        header << QStringLiteral("npv_") + moneyColumn(tco::categoryKey(c), result.currency);
    header << QStringLiteral("served_gpu_hours") << QStringLiteral("unmet_gpu_hours")
           << moneyColumn("cost_per_gpu_hour", result.currency) << moneyColumn("cost_per_million_tokens", result.currency);
    QByteArray out = row(header);
    for (const tco::EvaluatedScenario &s : result.scenarios) {
        const tco::ScenarioResult &r = s.result;
        QStringList fields{s.name, tco::scenarioKindKey(s.kind()), csvMoney(r.total), csvMoney(r.npv)};
        for (tco::Category c : tco::kCategories)
            fields << csvMoney(r.categoryNpv(c));
        fields << csvNumber(r.served) << csvNumber(r.unmet)
               << (r.costPerServedGpuHour ? csvMoney(*r.costPerServedGpuHour) : QString())
               << (r.costPerMillionTokens ? csvMoney(*r.costPerMillionTokens) : QString());
        out += row(fields);
    }
    return out;
}

namespace {

// The plan's break-evens, then the one the dashboard and the summary show when it is not one of them (worked out
// against the cheapest cloud option, tco::headlineBreakEven), each with whether it is that one.
std::vector<std::pair<tco::EvaluatedBreakEven, bool>> breakEvensShown(const tco::PlanResult &result)
{
    const std::optional<tco::HeadlineBreakEven> headline = tco::headlineBreakEven(result);
    std::vector<std::pair<tco::EvaluatedBreakEven, bool>> out;
    for (std::size_t i = 0; i < result.breakeven.size(); ++i)
        out.emplace_back(result.breakeven[i], headline && headline->index == i);
    if (headline && !headline->index)
        out.emplace_back(headline->breakEven, true);
    return out;
}

QString yesNo(bool b) { return b ? QStringLiteral("true") : QStringLiteral("false"); }

} // namespace

QByteArray breakEvenCsv(const tco::PlanResult &result)
{
    QByteArray out = row({QStringLiteral("purchase"), QStringLiteral("cloud"), QStringLiteral("servers"),
                          moneyColumn("purchase_total", result.currency), moneyColumn("cloud_total", result.currency),
                          QStringLiteral("purchase_cheaper"), QStringLiteral("on_dashboard")});
    for (const auto &[b, shown] : breakEvensShown(result)) {
        for (const tco::SweepPoint &p : b.result.sweep)
            out += row({b.request.purchase, b.request.cloud, QString::number(p.servers), csvMoney(p.purchaseTotal),
                        csvMoney(p.cloudTotal), yesNo(p.purchaseTotal <= p.cloudTotal), yesNo(shown)});
    }
    return out;
}

QByteArray breakEvenUtilizationCsv(const tco::PlanResult &result)
{
    QByteArray out = row({QStringLiteral("purchase"), QStringLiteral("cloud"), QStringLiteral("demand_scale"),
                          QStringLiteral("demand_gpu_hours_per_month"), QStringLiteral("utilization"),
                          QStringLiteral("reachable"), moneyColumn("purchase_total", result.currency),
                          moneyColumn("cloud_fixed", result.currency), moneyColumn("cloud_variable", result.currency),
                          QStringLiteral("plan_demand_gpu_hours_per_month"),
                          QStringLiteral("capacity_gpu_hours_per_month"), QStringLiteral("on_dashboard")});
    for (const auto &[b, shown] : breakEvensShown(result)) {
        if (!b.result.fleet)
            continue;
        const tco::FleetBreakEven &f = *b.result.fleet;
        out += row({b.request.purchase, b.request.cloud, csvNumber(f.demandScale), csvNumber(f.demandGpuHoursPerMonth),
                    csvNumber(f.utilization), yesNo(f.reachable), csvMoney(f.purchaseTotal), csvMoney(f.cloudFixed),
                    csvMoney(f.cloudVariable), csvNumber(f.planDemandGpuHoursPerMonth),
                    csvNumber(f.capacityGpuHoursPerMonth), yesNo(shown)});
    }
    return out;
}

QByteArray riskSummaryCsv(const tco::AnalysisResult &risk)
{
    const QString &c = risk.currency;
    QByteArray out = row({QStringLiteral("scenario"), moneyColumn("mean", c), moneyColumn("p10", c),
                          moneyColumn("p50", c), moneyColumn("p90", c), moneyColumn("npv_mean", c),
                          moneyColumn("npv_p10", c), moneyColumn("npv_p50", c), moneyColumn("npv_p90", c),
                          QStringLiteral("p_cheapest")});
    for (const tco::ScenarioRisk &s : risk.scenarios)
        out += row({s.name, csvMoney(s.mean), csvMoney(s.total.p10), csvMoney(s.total.p50), csvMoney(s.total.p90),
                    csvMoney(s.npvMean), csvMoney(s.npv.p10), csvMoney(s.npv.p50), csvMoney(s.npv.p90), csvNumber(s.pCheapest)});
    return out;
}

QByteArray riskPairsCsv(const tco::AnalysisResult &risk)
{
    const QString &c = risk.currency;
    QByteArray out = row({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("p_a_cheaper"), moneyColumn("p10", c),
                          moneyColumn("p50", c), moneyColumn("p90", c)});
    for (const tco::PairRisk &p : risk.pairs)
        out += row({p.a, p.b, csvNumber(p.pACheaper), csvMoney(p.difference.p10), csvMoney(p.difference.p50),
                    csvMoney(p.difference.p90)});
    return out;
}

QByteArray riskFanCsv(const tco::AnalysisResult &risk)
{
    QByteArray out = row({QStringLiteral("scenario"), QStringLiteral("month"), moneyColumn("p10", risk.currency),
                          moneyColumn("p50", risk.currency), moneyColumn("p90", risk.currency)});
    for (const tco::FanSeries &f : risk.fan)
        for (std::size_t m = 0; m < f.p50.size(); ++m)
            out += row({f.scenario, QString::number(m + 1), csvMoney(f.p10[m]), csvMoney(f.p50[m]), csvMoney(f.p90[m])});
    return out;
}

QByteArray tornadoCsv(const tco::AnalysisResult &risk)
{
    QByteArray out = row({QStringLiteral("scenario"), QStringLiteral("target"), QStringLiteral("parameter"),
                          QStringLiteral("unit"), QStringLiteral("base"), QStringLiteral("low"), QStringLiteral("high"),
                          moneyColumn("total_low", risk.currency), moneyColumn("total_high", risk.currency),
                          moneyColumn("swing", risk.currency)});
    for (const tco::TornadoEntry &t : risk.tornado)
        out += row({t.scenario, t.target, tco::parameterKey(t.parameter),
                    tco::unitInCurrency(QString::fromUtf8(tco::parameterInfo(t.parameter).unit), risk.currency),
                    csvNumber(t.base), csvNumber(t.low),
                    csvNumber(t.high), csvMoney(t.totalLow), csvMoney(t.totalHigh), csvMoney(t.swing())});
    return out;
}

std::optional<tco::AnalysisResult> reportRisk(const tco::Plan &plan, const tco::PlanResult &result)
{
    if (plan.uncertainty.isEmpty())
        return std::nullopt;
    tco::AnalysisOptions options; // 10,000 trials, seed 1, Latin hypercube
    // Scenarios left out of the evaluation are left out of the analysis too.
    Expected<tco::AnalysisResult> risk = tco::analyzePlan(tco::withoutLeftOutUncertainty(plan, result), result, options);
    if (!risk)
        return std::nullopt;
    return std::move(*risk);
}

QByteArray priceHistoryCsv(const QList<catalog::PricePoint> &prices)
{
    QByteArray out = row({QStringLiteral("provider"), QStringLiteral("instance"), QStringLiteral("region"),
                          QStringLiteral("zone"), QStringLiteral("pricing_model"), QStringLiteral("amount"),
                          QStringLiteral("currency"), QStringLiteral("unit"), QStringLiteral("per_hour"),
                          QStringLiteral("observed_at"), QStringLiteral("source"), QStringLiteral("note")});
    for (const catalog::PricePoint &p : prices) {
        const std::optional<double> hourly = p.hourly();
        out += row({p.provider, p.instance, p.region, p.zone, catalog::pricingModelKey(p.pricing),
                    p.amount ? csvNumber(*p.amount) : QString(), p.currency, catalog::priceUnitKey(p.unit),
                    hourly ? csvNumber(*hourly) : QString(), p.observedAt.toString(Qt::ISODate), p.source, p.note});
    }
    return out;
}

QByteArray csvReadme(const QString &planName, const QString &documentName, const QDate &date, const QStringList &files,
                     const QStringList &leftOut, const QString &currency, const QStringList &ratesUsed)
{
    // What each file's columns mean, with their units; the files are described in the order they were written.
    static const QList<std::pair<QString, QString>> kFiles = {
        {QStringLiteral("monthly.csv"),
         QStringLiteral("One row per scenario and month. total_usd and the <category>_usd columns are that month's "
                        "cost in USD (resale is a credit, negative; financing is a loan's repayments or a lease's "
                        "payments); capacity_gpu_hours and demand_gpu_hours are "
                        "reference GPU-hours; servers or nodes is the fleet that month (empty for kinds without one; "
                        "a mix's servers are its purchase layers'); burst_usd is a hybrid's or mix's burst share of "
                        "total_usd; instances is the reserved instances held that month (reserved scenarios and mixes, "
                        "empty for the others).")},
        {QStringLiteral("yearly.csv"),
         QStringLiteral("One row per scenario and year: months in the year, partial (true for a short last year), "
                        "total_usd and the <category>_usd sums of its months.")},
        {QStringLiteral("scenarios.csv"),
         QStringLiteral("One row per scenario: total_usd and npv_usd over the horizon, npv_<category>_usd each "
                        "category's present value at the plan's discount rate (they add up to npv_usd; at 0 % each is "
                        "the category's total), served_gpu_hours and unmet_gpu_hours (reference GPU-hours), "
                        "cost_per_gpu_hour_usd (total over served GPU-hours) and cost_per_million_tokens_usd (empty "
                        "unless the plan says how many tokens a reference GPU-hour produces).")},
        {QStringLiteral("breakeven.csv"),
         QStringLiteral("Every break-even's sweep: for each server count, the purchase's and the cloud's totals over "
                        "the horizon in USD, and whether buying is no dearer; on_dashboard is true for the one the "
                        "dashboard and the summary show (worked out against the cheapest cloud option when the plan "
                        "asks for no such comparison).")},
        {QStringLiteral("breakeven-utilization.csv"),
         QStringLiteral("Break-evens against pay-per-use: demand_scale (multiple of the plan's demand), the demand in "
                        "reference GPU-hours a month and the utilization (fraction of what the servers can do) at "
                        "which owning costs as much; purchase_total_usd, cloud_fixed_usd and cloud_variable_usd; "
                        "on_dashboard as in breakeven.csv.")},
        {QStringLiteral("price-history.csv"),
         QStringLiteral("The catalog prices the plan's instances have, as observed: amount in its currency and unit, "
                        "per_hour (in the same currency), "
                        "observed_at (date), source and note. Prices keep every digit they were quoted with.")},
        {QStringLiteral("risk-summary.csv"),
         QStringLiteral("Monte Carlo per scenario: mean and percentiles (p10, p50, p90) of the total and the NPV in "
                        "USD, p_cheapest (share of trials, 0 to 1).")},
        {QStringLiteral("risk-pairs.csv"),
         QStringLiteral("Monte Carlo per pair of scenarios a and b: p_a_cheaper (share of trials in which a costs less, "
                        "0 to 1) and the percentiles (p10, p50, p90) of a's total less b's in USD.")},
        {QStringLiteral("risk-fan.csv"),
         QStringLiteral("Percentiles of each scenario's cumulative cost at the end of each month, in USD.")},
        {QStringLiteral("tornado.csv"),
         QStringLiteral("Each input moved to its low and high value (in its unit, named in the unit column) with the "
                        "scenario's total in USD at each, and the swing between them.")},
    };
    QString text = QStringLiteral("mltco CSV exports\r\n\r\nPlan: %1\r\nFrom: %2\r\nMade: %3\r\n"
                                  "Model: mltco calculation model, version %4 (docs/model.md)\r\n\r\n"
                                  "Money is in %5 rounded to cents, in columns whose names end in _%6. Other "
                                  "figures are written in full, in plain decimals. Files are UTF-8, comma-separated, "
                                  "with a header row.\r\n")
                       .arg(planName, documentName.isEmpty() ? QStringLiteral("none") : documentName,
                            date.toString(Qt::ISODate))
                       .arg(kModelVersion)
                       .arg(currency == QLatin1String("USD") ? QStringLiteral("US dollars") : currency,
                            currencySuffix(currency));
    if (!ratesUsed.isEmpty()) {
        text += QStringLiteral("\r\nExchange rates used:\r\n");
        for (const QString &line : ratesUsed)
            text += QStringLiteral("  %1\r\n").arg(line);
    }
    if (!leftOut.isEmpty()) {
        text += QStringLiteral("\r\nNot in these files:\r\n");
        for (const QString &line : leftOut)
            text += QStringLiteral("  %1\r\n").arg(line);
    }
    for (const QString &file : files) {
        const auto it = std::find_if(kFiles.cbegin(), kFiles.cend(), [&](const auto &f) { return f.first == file; });
        if (it == kFiles.cend())
            continue;
        QString description = it->second;
        if (currency != QLatin1String("USD") && it->first != QLatin1String("price-history.csv")) {
            description.replace(QStringLiteral("_usd"), QLatin1Char('_') + currencySuffix(currency));
            description.replace(QStringLiteral(" USD"), QLatin1Char(' ') + currency);
        }
        text += QStringLiteral("\r\n%1\r\n  %2\r\n").arg(it->first, description);
    }
    return text.toUtf8();
}

Status writeAll(QIODevice &device, const QByteArray &bytes)
{
    if (device.write(bytes) != bytes.size())
        return Error{QStringLiteral("Writing failed: %1").arg(device.errorString()), {}};
    return {};
}

namespace {

Error notWritten(const QString &path, const QString &why)
{
    return Error{QStringLiteral("Cannot write \"%1\": %2. Nothing was written under that name.")
                     .arg(QDir::toNativeSeparators(path), why),
                 {}};
}

} // namespace

Status commitSaveFile(QSaveFile &file, const QString &path)
{
    if (!file.flush() || file.error() != QFileDevice::NoError) {
        const QString why = file.errorString(); // before cancelWriting(), which replaces it with "canceled"
        file.cancelWriting();
        file.commit(); // removes the temporary file
        return notWritten(path, why);
    }
    if (!file.commit())
        return notWritten(path, file.errorString());
    return {};
}

Status writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{QStringLiteral("Cannot write \"%1\": %2").arg(QDir::toNativeSeparators(path), file.errorString()), {}};
    // A write the disk cuts short is tried again for the rest, so that the disk says why it stops.
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + done, bytes.size() - done);
        if (n <= 0)
            break;
        done += n;
    }
    if (done < bytes.size()) {
        const QString why = file.error() != QFileDevice::NoError ? file.errorString() : QStringLiteral("the write stopped short");
        file.cancelWriting();
        file.commit(); // removes the temporary file
        return notWritten(path, why);
    }
    return commitSaveFile(file, path);
}

} // namespace mltco::report

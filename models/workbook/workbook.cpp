#include "models/workbook/workbook.h"

#include "models/plan/parameters.h"

#include "models/workbook/scenariosheets.h"
#include "models/workbook/sheets.h"

#include "models/report/fleetreport.h"
#include "models/report/format.h"
#include "models/report/summary.h"
#include "models/tco/defaults.h"

#include <xlsxwriter.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryFile>

#include <cmath>
#include <cstdio>

namespace mltco::workbook {

namespace detail {
namespace {

using tco::ParamId;
using tco::ParamType;

// Assumptions columns.
enum AsColumn { AsScenarioCol, AsKeyCol, AsValueCol, AsUnitCol, AsAtCol, AsTermCol, AsSourceCol, AsNoteCol };

/// One row of the Assumptions sheet before it is written: its value is a number, a text, a flag or a formula of
/// other rows (written with the value it has).
struct AssumptionRow final
{
    QString scenario;
    QString key;
    enum class Kind { Number, Text, Flag, Formula } kind = Kind::Number;
    double value = 0.0;
    QString text;
    QString formula; ///< with "{key}" placeholders for rows of the same scenario, resolved once rows are known
    QString unit;
    std::optional<double> at;
    std::optional<double> term;
    QString source;
    QString note;
    QString name; ///< the defined name it gets (local to its scenario's sheet, or global for the workload)
};

QString sourceText(const tco::ParameterInfo &info, const QHash<QString, QString> &keyOfFile)
{
    const QString source = QString::fromUtf8(info.source);
    if (source.isEmpty())
        return QStringLiteral("default");
    if (source == QLatin1String("assumption"))
        return QStringLiteral("default (assumption)");
    return QStringLiteral("default (%1)").arg(keyOfFile.value(source, source));
}

QString unitOf(const tco::ParameterInfo &info, const QString &currency)
{
    return tco::unitInCurrency(QString::fromUtf8(info.unit), currency);
}

/// A sheet name Excel takes: at most 31 characters, none of []:*?/\, not "History", unique (case-insensitively).
QString sheetName(const QString &wanted, QSet<QString> &taken)
{
    QString base = wanted;
    static const QRegularExpression bad(QStringLiteral("[\\[\\]:*?/\\\\]"));
    base.replace(bad, QStringLiteral(" "));
    // A straight apostrophe would need quoting inside the quoted sheet names of formulas and defined names: the
    // typographic one reads the same.
    base.replace(QLatin1Char('\''), QChar(0x2019));
    base = base.trimmed();
    while (base.startsWith(QLatin1Char('\'')))
        base.remove(0, 1);
    while (base.endsWith(QLatin1Char('\'')))
        base.chop(1);
    if (base.isEmpty() || base.compare(QLatin1String("History"), Qt::CaseInsensitive) == 0)
        base = QStringLiteral("Scenario");
    QString name = base.left(31).trimmed();
    for (int n = 2; taken.contains(name.toLower()); ++n) {
        const QString suffix = QStringLiteral(" (%1)").arg(n);
        name = base.left(31 - suffix.size()).trimmed() + suffix;
    }
    taken.insert(name.toLower());
    return name;
}

class Writer final
{
public:
    Writer(lxw_workbook *book, const tco::Plan &plan, const tco::PlanResult &result, const WorkbookSource &source)
        : m_book(book), m_plan(plan), m_result(result), m_source(source)
    {
        m_formats = makeFormats(book, result.currency);
        for (const catalog::Source &s : source.catalogSources)
            if (!s.reference.isEmpty())
                m_keyOfFile.insert(s.reference, s.key);
    }

    Status write()
    {
        const int horizon = m_result.workload.horizonMonths;
        // Sheets in reading order: README, Summary, Assumptions, Months, one per scenario, MACRS, engine-only figures.
        lxw_worksheet *readme = workbook_add_worksheet(m_book, "README");
        lxw_worksheet *summary = workbook_add_worksheet(m_book, "Summary");
        lxw_worksheet *assumptions = workbook_add_worksheet(m_book, "Assumptions");
        lxw_worksheet *months = workbook_add_worksheet(m_book, "Months");
        QSet<QString> taken{QStringLiteral("readme"), QStringLiteral("summary"), QStringLiteral("assumptions"),
                            QStringLiteral("months"), QStringLiteral("macrs"), QStringLiteral("break-even"),
                            QStringLiteral("risk"), QStringLiteral("fleet plan")};
        std::vector<lxw_worksheet *> scenarioSheets;
        for (const tco::EvaluatedScenario &s : m_result.scenarios) {
            const QString name = sheetName(s.name, taken);
            m_sheetNames << name;
            scenarioSheets.push_back(workbook_add_worksheet(m_book, name.toUtf8().constData()));
        }
        lxw_worksheet *macrs = workbook_add_worksheet(m_book, "MACRS");
        lxw_worksheet *breakEven = m_result.breakeven.empty() ? nullptr : workbook_add_worksheet(m_book, "Break-even");
        lxw_worksheet *risk = m_source.risk ? workbook_add_worksheet(m_book, "Risk") : nullptr;
        lxw_worksheet *fleet = m_source.fleet ? workbook_add_worksheet(m_book, "Fleet plan") : nullptr;

        buildAssumptions();
        writeAssumptions(assumptions);
        writeMacrs(macrs);
        const MonthsSheet monthsSheet = writeMonths(months, horizon);

        Context context{m_plan, m_result, m_formats, m_cells, monthsSheet,
                        std::vector<ScenarioSheet>(m_result.scenarios.size()),
                        [this](const QString &name, const QString &formula) { defineName(name, formula); }};
        // The composites last: their sheets read their layers' and burst's.
        for (const bool composites : {false, true}) {
            for (std::size_t i = 0; i < m_result.scenarios.size(); ++i) {
                const tco::ScenarioKind kind = m_result.scenarios[i].kind();
                if ((kind == tco::ScenarioKind::Hybrid || kind == tco::ScenarioKind::Mix) != composites)
                    continue;
                context.sheets[i] = writeScenarioSheet(scenarioSheets[i], context, i, m_sheetNames.at(static_cast<qsizetype>(i)));
            }
        }
        writeSummary(summary, context);
        writeReadme(readme);
        if (breakEven)
            writeBreakEven(breakEven);
        if (risk)
            writeRisk(risk, *m_source.risk);
        if (fleet)
            writeFleet(fleet, *m_source.fleet);
        for (const auto &[name, formula] : m_names)
            if (workbook_define_name(m_book, name.toUtf8().constData(), formula.toUtf8().constData()) != LXW_NO_ERROR)
                return Error{QStringLiteral("the workbook cannot name %1").arg(name), {}};
        return {};
    }

private:
    void defineName(const QString &name, const QString &formula) { m_names.emplace_back(name, formula); }

    // ---- Assumptions -------------------------------------------------------------------------------------------

    void addWorkload()
    {
        const tco::Workload &w = m_result.workload;
        for (ParamId id : tco::workloadParameters()) {
            const tco::ParameterInfo &info = tco::parameterInfo(id);
            const QString key = QString::fromLatin1(info.key);
            const bool given = tco::isGiven(m_plan.workloadGiven, id);
            AssumptionRow row;
            row.key = key;
            row.unit = unitOf(info, m_result.currency);
            row.source = given ? QStringLiteral("plan") : sourceText(info, m_keyOfFile);
            row.note = m_plan.workloadAssumptions.value(key);
            row.name = id == ParamId::PlanElectricityPerKwh ? QStringLiteral("PlanElectricityPerKwh")
                                                             : AssumptionCells::nameOf(key);
            if (id == ParamId::DemandSteps) {
                for (const tco::DemandStep &step : w.demandSteps) {
                    AssumptionRow s = row;
                    s.name.clear();
                    s.value = step.gpuHours;
                    s.at = step.month;
                    s.unit = QStringLiteral("reference GPU-hours/month from the month in At");
                    m_rows << s;
                }
                continue;
            }
            const std::optional<double> v = tco::parameterValue(w, id);
            if (!v)
                continue; // an optional input the plan does not give (per engineer, the plan's electricity price)
            row.value = *v;
            if (id == ParamId::DemandGpuHours && w.demandGpuHoursPerEngineer) {
                row.kind = AssumptionRow::Kind::Formula;
                row.formula = QStringLiteral("{engineers}*{demand_gpu_hours_per_engineer}");
                row.source = QStringLiteral("engineers × demand per engineer");
            }
            if (id == ParamId::HorizonMonths)
                row.note = row.note.isEmpty() ? QStringLiteral("Sets the rows of every month table: change it in mltco.")
                                              : row.note + QStringLiteral(" Sets the rows of every month table: change it in mltco.");
            m_rows << row;
        }
    }

    void addScenario(const tco::EvaluatedScenario &evaluated)
    {
        const tco::PlanScenario *planned = m_plan.scenario(evaluated.name);
        const tco::ScenarioKind kind = evaluated.kind();
        for (ParamId id : tco::scenarioParameters(kind)) {
            const tco::ParameterInfo &info = tco::parameterInfo(id);
            const QString key = QString::fromLatin1(info.key);
            const bool given = planned && tco::isGiven(planned->given, id);
            AssumptionRow row;
            row.scenario = evaluated.name;
            row.key = key;
            row.unit = unitOf(info, m_result.currency);
            row.note = planned ? planned->assumptions.value(key) : QString();
            row.name = AssumptionCells::nameOf(key);
            if (given)
                row.source = QStringLiteral("plan");
            else if (evaluated.instance && (id == ParamId::RatePerHour || id == ParamId::GpusPerInstance ||
                                            (id == ParamId::Speedup && evaluated.instance->speedup)))
                row.source = QStringLiteral("catalog: %1, %2")
                                 .arg(evaluated.instance->source, evaluated.instance->observedAt.toString(Qt::ISODate));
            else
                row.source = sourceText(info, m_keyOfFile);
            if (id == ParamId::RatePerHour && !given && evaluated.instance && evaluated.instance->fx) {
                const tco::FxUse &fx = *evaluated.instance->fx;
                const QString how = QStringLiteral("%1 %2 an hour in the catalog, at %3 %4 per %2 (%5)")
                                        .arg(number(evaluated.instance->priceRatePerHour), evaluated.instance->priceCurrency,
                                             number(fx.rate), m_result.currency, fx.date.toString(Qt::ISODate));
                row.note = row.note.isEmpty() ? how : row.note + QStringLiteral(" ") + how;
            }
            const auto *purchase = std::get_if<tco::PurchaseScenario>(&evaluated.scenario);
            // One row per entry of a list, its number in Value, its month (a tier: its servers) in At.
            const auto entry = [&](double value, double at, std::optional<double> term, const QString &unit) {
                AssumptionRow r = row;
                r.name.clear();
                r.value = value;
                r.at = at;
                r.term = term;
                r.unit = unit;
                m_rows << r;
            };
            switch (info.type) {
            case ParamType::Tiers:
                for (const tco::BulkTier &t : purchase ? purchase->bulkDiscounts : std::vector<tco::BulkTier>{})
                    entry(t.fraction, t.minServers, std::nullopt, QStringLiteral("fraction off the list price from the servers in At"));
                continue;
            case ParamType::Schedule:
                for (const tco::ScheduledPurchase &p : purchase ? purchase->purchases : std::vector<tco::ScheduledPurchase>{})
                    entry(p.servers, p.month, std::nullopt, QStringLiteral("servers bought in the month in At"));
                continue;
            case ParamType::Terms:
                if (const auto *reserved = std::get_if<tco::ReservedScenario>(&evaluated.scenario))
                    for (const tco::ReservedTerm &t : reserved->terms)
                        entry(t.instances, t.startMonth, t.termMonths,
                              QStringLiteral("instances from the month in At for the months in Term"));
                continue;
            case ParamType::ScenarioName:
            case ParamType::ScenarioNames: {
                QString text;
                if (const auto *hybrid = std::get_if<tco::HybridScenario>(&evaluated.scenario))
                    text = id == ParamId::Base ? hybrid->base : hybrid->burst;
                else if (const auto *mix = std::get_if<tco::MixScenario>(&evaluated.scenario))
                    text = id == ParamId::Layers ? mix->layers.join(QStringLiteral(", then ")) : mix->burst;
                row.kind = AssumptionRow::Kind::Text;
                row.text = text;
                row.name.clear();
                row.note = row.note.isEmpty() ? QStringLiteral("Structure: change it in mltco.") : row.note;
                m_rows << row;
                continue;
            }
            case ParamType::Choice: {
                const std::optional<double> v = tco::parameterValue(evaluated.scenario, id);
                row.kind = AssumptionRow::Kind::Text;
                row.text = tco::parameterChoices(id).value(v ? static_cast<int>(*v) : 0);
                row.unit = tco::parameterChoices(id).join(QStringLiteral(" or "));
                m_rows << row;
                continue;
            }
            case ParamType::Boolean: {
                const std::optional<double> v = tco::parameterValue(evaluated.scenario, id);
                row.kind = AssumptionRow::Kind::Flag;
                row.value = v.value_or(0.0);
                m_rows << row;
                continue;
            }
            case ParamType::Steps:
                continue;
            case ParamType::Number:
            case ParamType::Integer:
                break;
            }
            std::optional<double> v = tco::parameterValue(evaluated.scenario, id);
            if (id == ParamId::Boxes && !v) {
                const auto &dedicated = std::get<tco::DedicatedScenario>(evaluated.scenario);
                row.kind = AssumptionRow::Kind::Formula;
                row.formula = QStringLiteral("{:engineers}*{boxes_per_engineer}");
                row.value = tco::dedicatedBoxes(m_result.workload, dedicated);
                row.source = QStringLiteral("engineers × boxes per engineer");
                m_rows << row;
                continue;
            }
            if (id == ParamId::DepreciationMonths && !v && purchase) {
                row.kind = AssumptionRow::Kind::Formula;
                row.formula = QStringLiteral("{holding_months}");
                row.value = purchase->holdingMonths;
                row.source = QStringLiteral("the holding period");
                m_rows << row;
                continue;
            }
            if (id == ParamId::ElectricityPerKwh && purchase && purchase->electricityFromPlan &&
                m_result.workload.electricityPerKwh) {
                row.kind = AssumptionRow::Kind::Formula;
                row.formula = QStringLiteral("{:electricity_per_kwh}");
                row.value = *m_result.workload.electricityPerKwh;
                row.source = QStringLiteral("the plan's electricity price");
                m_rows << row;
                continue;
            }
            if (!v)
                continue; // an optional input the scenario does not use (a loan's terms on a cash purchase)
            row.value = *v;
            m_rows << row;
        }
    }

    void buildAssumptions()
    {
        addWorkload();
        for (const tco::EvaluatedScenario &s : m_result.scenarios)
            addScenario(s);
        // Rows are known: every named input's cell, then the formulas that read others.
        for (qsizetype i = 0; i < m_rows.size(); ++i) {
            const AssumptionRow &r = m_rows.at(i);
            const QString ref = QStringLiteral("Assumptions!") + absoluteCell(static_cast<int>(i) + 1, AsValueCol);
            if (!r.name.isEmpty())
                m_cells.cells.insert(r.scenario + QLatin1Char('\n') + r.key, ref);
        }
        for (AssumptionRow &r : m_rows) {
            if (r.kind != AssumptionRow::Kind::Formula)
                continue;
            static const QRegularExpression placeholder(QStringLiteral("\\{(:?)([a-z_0-9]+)\\}"));
            QString formula = r.formula;
            for (auto it = placeholder.globalMatch(r.formula); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const QString scenario = m.captured(1).isEmpty() ? r.scenario : QString();
                formula.replace(m.captured(0), m_cells.at(scenario, m.captured(2)).remove(QStringLiteral("Assumptions!")));
            }
            r.formula = formula;
        }
    }

    void writeAssumptions(lxw_worksheet *sheet)
    {
        const char *headers[] = {"Scenario", "Key", "Value", "Unit", "At", "Term", "Source", "Note"};
        for (int c = 0; c < 8; ++c)
            worksheet_write_string(sheet, 0, static_cast<lxw_col_t>(c), headers[c], m_formats.header);
        const double widths[] = {30, 30, 14, 24, 8, 8, 30, 60};
        for (int c = 0; c < 8; ++c)
            worksheet_set_column(sheet, static_cast<lxw_col_t>(c), static_cast<lxw_col_t>(c), widths[c],
                                 c == AsNoteCol ? m_formats.wrap : nullptr);
        worksheet_freeze_panes(sheet, 1, 2);
        worksheet_set_landscape(sheet);
        worksheet_fit_to_pages(sheet, 1, 0);
        worksheet_repeat_rows(sheet, 0, 0);
        for (qsizetype i = 0; i < m_rows.size(); ++i) {
            const AssumptionRow &r = m_rows.at(i);
            const auto row = static_cast<lxw_row_t>(i + 1);
            if (!r.scenario.isEmpty())
                worksheet_write_string(sheet, row, AsScenarioCol, r.scenario.toUtf8().constData(), nullptr);
            worksheet_write_string(sheet, row, AsKeyCol, r.key.toUtf8().constData(), nullptr);
            lxw_format *format = r.unit.startsWith(m_result.currency) && !r.unit.contains(QLatin1String("kWh")) &&
                                         !r.unit.contains(QLatin1String("hour"))
                                     ? m_formats.money
                                     : m_formats.number;
            switch (r.kind) {
            case AssumptionRow::Kind::Number:
                worksheet_write_number(sheet, row, AsValueCol, r.value, format);
                break;
            case AssumptionRow::Kind::Text:
                worksheet_write_string(sheet, row, AsValueCol, r.text.toUtf8().constData(), nullptr);
                break;
            case AssumptionRow::Kind::Flag:
                worksheet_write_boolean(sheet, row, AsValueCol, r.value != 0.0, nullptr);
                break;
            case AssumptionRow::Kind::Formula:
                worksheet_write_formula_num(sheet, row, AsValueCol, (QLatin1Char('=') + r.formula).toUtf8().constData(),
                                            format, r.value);
                break;
            }
            if (!r.unit.isEmpty())
                worksheet_write_string(sheet, row, AsUnitCol, r.unit.toUtf8().constData(), m_formats.muted);
            if (r.at)
                worksheet_write_number(sheet, row, AsAtCol, *r.at, m_formats.integer);
            if (r.term)
                worksheet_write_number(sheet, row, AsTermCol, *r.term, m_formats.integer);
            worksheet_write_string(sheet, row, AsSourceCol, r.source.toUtf8().constData(), m_formats.muted);
            if (!r.note.isEmpty())
                worksheet_write_string(sheet, row, AsNoteCol, r.note.toUtf8().constData(), m_formats.wrap);
            if (!r.name.isEmpty() && r.scenario.isEmpty())
                defineName(r.name, QStringLiteral("=Assumptions!") + absoluteCell(static_cast<int>(i) + 1, AsValueCol));
        }
        // The lists formulas search (a schedule's servers by month, a reservation's terms): whole columns of the rows.
        const int last = static_cast<int>(std::max<qsizetype>(1, m_rows.size()));
        const auto column = [last](int c) {
            return QStringLiteral("=Assumptions!%1:%2").arg(absoluteCell(1, c), absoluteCell(last, c));
        };
        defineName(QStringLiteral("AsScenario"), column(AsScenarioCol));
        defineName(QStringLiteral("AsKey"), column(AsKeyCol));
        defineName(QStringLiteral("AsValue"), column(AsValueCol));
        defineName(QStringLiteral("AsAt"), column(AsAtCol));
        defineName(QStringLiteral("AsTerm"), column(AsTermCol));
        // Each scenario's inputs by name on its own sheet (local names): =Boxes*RatePerHour*HoursOn.
        for (qsizetype i = 0; i < m_rows.size(); ++i) {
            const AssumptionRow &r = m_rows.at(i);
            if (r.name.isEmpty() || r.scenario.isEmpty())
                continue;
            const qsizetype s = scenarioIndex(r.scenario);
            if (s < 0)
                continue;
            defineName(sheetRef(m_sheetNames.at(s)) + QLatin1Char('!') + r.name,
                       QStringLiteral("=Assumptions!") + absoluteCell(static_cast<int>(i) + 1, AsValueCol));
        }
    }

    qsizetype scenarioIndex(const QString &name) const
    {
        for (std::size_t i = 0; i < m_result.scenarios.size(); ++i)
            if (m_result.scenarios[i].name == name)
                return static_cast<qsizetype>(i);
        return -1;
    }

    // ---- Months and MACRS --------------------------------------------------------------------------------------

    MonthsSheet writeMonths(lxw_worksheet *sheet, int horizon)
    {
        MonthsSheet out{MonthTable(horizon, 2), 0, 0, 0, 0};
        MonthTable &t = out.table;
        worksheet_write_string(sheet, 0, 0, "The months every scenario shares: demand, the cloud price trend and the "
                                              "discount factor", m_formats.title);
        const tco::Workload &w = m_result.workload;
        out.month = t.add(QStringLiteral("Month"), Fmt::Month, [](int) { return QString(); },
                          [](int m) { return double(m); });
        const auto M = [&t](int m) { return QStringLiteral("$A%1").arg(t.rowOf(m) + 1); };
        // D_m: the gpu_hours of the last demand step with month <= m, else demand_gpu_hours; then the growth (§10.1).
        const QString steps = QStringLiteral("(AsScenario=\"\")*(AsKey=\"demand_steps\")");
        out.demand = t.add(
            QStringLiteral("demand"), Fmt::Hours,
            [&](int m) {
                return QStringLiteral("IF(SUMPRODUCT(%1*(AsAt<=%2))=0,DemandGpuHours,MAX(0,SUMPRODUCT(%1*(AsAt="
                                      "SUMPRODUCT(MAX(%1*(AsAt<=%2)*AsAt))),AsValue)))*(1+DemandGrowth)^((%2-1)/12)")
                    .arg(steps, M(m));
            },
            [&](int m) { return tco::demandInMonth(w, m); });
        out.trend = t.add(QStringLiteral("cloud price factor"), Fmt::Factor,
                          [&](int m) { return QStringLiteral("(1+CloudPriceTrend)^((%1-1)/12)").arg(M(m)); },
                          [&](int m) { return std::pow(1.0 + w.cloudPriceTrend, (m - 1) / 12.0); });
        out.discount = t.add(QStringLiteral("discount factor"), Fmt::Factor,
                             [&](int m) { return QStringLiteral("(1+DiscountRate)^(-(%1-1)/12)").arg(M(m)); },
                             [&](int m) { return std::pow(1.0 + w.discountRate, -(m - 1) / 12.0); });
        writeTable(sheet, m_formats, t, {QString(), QStringLiteral("reference GPU-hours"), QString(), QString()});
        worksheet_set_column(sheet, 1, 3, 16, nullptr);
        return out;
    }

    void writeMacrs(lxw_worksheet *sheet)
    {
        worksheet_write_string(sheet, 0, 0, "US 5-year MACRS (half-year convention): the share of the basis written off "
                                            "in each year of service, spread evenly over its 12 months", m_formats.title);
        worksheet_write_string(sheet, 2, 0, "Year of service", m_formats.header);
        worksheet_write_string(sheet, 2, 1, "Rate", m_formats.header);
        worksheet_write_string(sheet, 2, 2, "From month of service", m_formats.header);
        for (int y = 0; y < 6; ++y) {
            const auto row = static_cast<lxw_row_t>(3 + y);
            worksheet_write_number(sheet, row, 0, y + 1, m_formats.integer);
            worksheet_write_number(sheet, row, 1, kMacrs5Rates[y], m_formats.fraction);
            worksheet_write_number(sheet, row, 2, 12 * y, m_formats.integer);
            defineName(QStringLiteral("MacrsYear%1").arg(y + 1), QStringLiteral("=MACRS!") + absoluteCell(3 + y, 1));
        }
        defineName(QStringLiteral("MacrsRates"), QStringLiteral("=MACRS!$B$4:$B$9"));
        defineName(QStringLiteral("MacrsFrom"), QStringLiteral("=MACRS!$C$4:$C$9"));
        worksheet_set_column(sheet, 0, 2, 22, nullptr);
    }

    // ---- Summary, README, break-even -----------------------------------------------------------------------------

    void writeSummary(lxw_worksheet *sheet, const Context &context)
    {
        const report::ExecutiveSummary words = report::executiveSummary(m_plan, m_result);
        worksheet_write_string(sheet, 0, 0, m_plan.name.toUtf8().constData(), m_formats.title);
        // The question and the answer in words, each across the table's width.
        worksheet_set_row(sheet, 1, 48, nullptr);
        worksheet_merge_range(sheet, 1, 0, 1, 7, words.question.toUtf8().constData(), m_formats.wrap);
        worksheet_set_row(sheet, 2, 48, nullptr);
        worksheet_merge_range(sheet, 2, 0, 2, 7, words.recommendation.toUtf8().constData(), m_formats.wrap);
        worksheet_write_string(sheet, 3, 0, "These two sentences are mltco's at export; the table and the charts below are live.",
                               m_formats.muted);
        const QStringList headers{QStringLiteral("Scenario"), QStringLiteral("Kind"), QStringLiteral("Total"),
                                  QStringLiteral("NPV"), QStringLiteral("Per year"), QStringLiteral("Served GPU-hours"),
                                  QStringLiteral("Per served GPU-hour"), QStringLiteral("Unmet GPU-hours")};
        constexpr int head = 4;
        int c = 0;
        for (const QString &h : headers)
            worksheet_write_string(sheet, head, static_cast<lxw_col_t>(c++), h.toUtf8().constData(), m_formats.header);
        for (tco::Category category : tco::kCategories)
            worksheet_write_string(sheet, head, static_cast<lxw_col_t>(c++), tco::categoryKey(category), m_formats.header);
        worksheet_set_row(sheet, head, 30, nullptr);
        worksheet_set_column(sheet, 0, 0, 36, nullptr);
        worksheet_set_column(sheet, 1, 1, 11, nullptr);
        worksheet_set_column(sheet, 2, static_cast<lxw_col_t>(c - 1), 15, nullptr);
        const MonthTable &months = context.months.table;
        const QString totalDemand = QStringLiteral("SUM(Months!%1)").arg(months.range(context.months.demand));
        for (std::size_t i = 0; i < context.sheets.size(); ++i) {
            const ScenarioSheet &s = context.sheets[i];
            const tco::ScenarioResult &r = m_result.scenarios[i].result;
            const auto row = static_cast<lxw_row_t>(head + 1 + static_cast<int>(i));
            const QString on = sheetRef(s.sheet) + QLatin1Char('!');
            const QString rowText = QString::number(head + 2 + static_cast<int>(i));
            worksheet_write_string(sheet, row, 0, s.name.toUtf8().constData(), nullptr);
            worksheet_write_string(sheet, row, 1, tco::scenarioKindKey(m_result.scenarios[i].kind()).toUtf8().constData(),
                                   m_formats.muted);
            const auto formula = [&](int column, const QString &f, double value, lxw_format *format) {
                worksheet_write_formula_num(sheet, row, static_cast<lxw_col_t>(column), (QLatin1Char('=') + f).toUtf8().constData(),
                                            format, value);
            };
            formula(2, QStringLiteral("SUM(%1%2)").arg(on, s.table.range(s.columns.total)), r.total, m_formats.money);
            formula(3, QStringLiteral("SUM(%1%2)").arg(on, s.table.range(s.columns.presentValue)), r.npv, m_formats.money);
            formula(4, QStringLiteral("C%1*12/HorizonMonths").arg(rowText), r.averageAnnual, m_formats.money);
            formula(5, QStringLiteral("SUM(%1%2)").arg(on, s.table.range(s.columns.served)), r.served, m_formats.hours);
            formula(6, QStringLiteral("IF(F%1>0,C%1/F%1,\"\")").arg(rowText), r.costPerServedGpuHour.value_or(0.0),
                    m_formats.money);
            formula(7, QStringLiteral("MAX(0,%1-F%2)").arg(totalDemand, rowText), r.unmet, m_formats.hours);
            for (int k = 0; k < tco::kCategoryCount; ++k)
                formula(8 + k, QStringLiteral("SUM(%1%2)").arg(on, s.table.range(s.columns.category[static_cast<std::size_t>(k)])),
                        r.byCategory[static_cast<std::size_t>(k)], m_formats.money);
        }
        worksheet_freeze_panes(sheet, head + 1, 1);
        worksheet_set_landscape(sheet);
        worksheet_fit_to_pages(sheet, 1, 1); // printed, the Summary is one page
        const int rows = static_cast<int>(context.sheets.size());
        if (rows == 0)
            return;
        // Cumulative cost by month: one line per scenario, from each sheet's cumulative column.
        lxw_chart *line = workbook_add_chart(m_book, LXW_CHART_LINE);
        for (const ScenarioSheet &s : context.sheets) {
            lxw_chart_series *series =
                chart_add_series(line, (QStringLiteral("=Months!") + months.range(context.months.month)).toUtf8().constData(),
                                 (QLatin1Char('=') + sheetRef(s.sheet) + QLatin1Char('!') + s.table.range(s.columns.cumulative))
                                     .toUtf8()
                                     .constData());
            chart_series_set_name(series, s.name.toUtf8().constData());
        }
        chart_title_set_name(line, "Cumulative cost by month");
        chart_axis_set_name(line->x_axis, "Month");
        chart_axis_set_name(line->y_axis, QStringLiteral("Cumulative cost (%1)").arg(m_result.currency).toUtf8().constData());
        chart_axis_set_num_format(line->y_axis, "#,##0");
        chart_legend_set_position(line, LXW_CHART_LEGEND_BOTTOM);
        lxw_chart_options at{};
        at.x_scale = 1.6;
        at.y_scale = 1.5;
        worksheet_insert_chart_opt(sheet, static_cast<lxw_row_t>(head + rows + 3), 0, line, &at);
        // Cost by category: a stacked column per scenario.
        lxw_chart *bars = workbook_add_chart(m_book, LXW_CHART_COLUMN_STACKED);
        const QString names = QStringLiteral("=Summary!$A$%1:$A$%2").arg(head + 2).arg(head + 1 + rows);
        for (int k = 0; k < tco::kCategoryCount; ++k) {
            const QString values = QStringLiteral("=Summary!%1:%2").arg(absoluteCell(head + 1, 8 + k), absoluteCell(head + rows, 8 + k));
            lxw_chart_series *series = chart_add_series(bars, names.toUtf8().constData(), values.toUtf8().constData());
            chart_series_set_name(series, tco::categoryKey(tco::kCategories[static_cast<std::size_t>(k)]));
        }
        chart_title_set_name(bars, "Cost by category over the horizon");
        chart_axis_set_name(bars->y_axis, QStringLiteral("Cost (%1)").arg(m_result.currency).toUtf8().constData());
        chart_axis_set_num_format(bars->y_axis, "#,##0");
        chart_legend_set_position(bars, LXW_CHART_LEGEND_BOTTOM);
        worksheet_insert_chart_opt(sheet, static_cast<lxw_row_t>(head + rows + 3), 9, bars, &at);
    }

    void writeReadme(lxw_worksheet *sheet)
    {
        QStringList lines;
        lines << QStringLiteral("%1: the plan as a live workbook").arg(m_plan.name)
              << QStringLiteral("Made by mltco on %1 from %2; mltco calculation model, version 3 (docs/model.md).")
                     .arg(m_source.date.toString(Qt::ISODate), m_source.planFile.isEmpty() ? QStringLiteral("the plan") : m_source.planFile)
              << QStringLiteral("Money in %1.").arg(m_result.currency) << QString()
              << QStringLiteral("What is live: every figure of Summary, Months and the scenario sheets is a formula of the "
                                "Assumptions sheet (and of the MACRS table). Change a value in Assumptions' Value column and "
                                "every total, NPV and chart follows.")
              << QStringLiteral("Named cells: the workload's inputs by name (Engineers, DemandGpuHours, TaxRate, ...) "
                                "everywhere; each scenario's inputs by name on its own sheet (RatePerHour, Boxes, ...).")
              << QStringLiteral("Structure is not live: the horizon (the rows of every month table), the scenarios, their "
                                "kinds and choices that change which columns exist (financing), a mix's layers. Change "
                                "those in mltco and export again.")
              << QStringLiteral("Lists (demand steps, purchase schedules, reserved terms, bulk discount tiers) are rows of "
                                "Assumptions with their month in At (a tier: its server count) and a term's months in Term.")
              << QStringLiteral("Every formula cell also holds the value mltco computed, so a viewer that does not "
                                "recalculate shows the same figures.");
        QStringList values;
        if (!m_result.breakeven.empty())
            values << QStringLiteral("Break-even");
        if (m_source.risk)
            values << QStringLiteral("Risk");
        if (m_source.fleet)
            values << QStringLiteral("Fleet plan");
        if (!values.isEmpty())
            lines << QStringLiteral("Values, not formulas: the %1 sheet%2 (computed by mltco; not recalculated by this "
                                    "workbook: export again after a change).")
                         .arg(values.join(QStringLiteral(", ")), values.size() > 1 ? QStringLiteral("s") : QString());
        if (!m_result.leftOut.empty()) {
            lines << QString() << QStringLiteral("Left out because they could not be evaluated:");
            for (const tco::LeftOut &l : m_result.leftOut)
                lines << QStringLiteral("%1: %2").arg(l.name, l.problems.join(QStringLiteral("; ")));
        }
        worksheet_set_column(sheet, 0, 0, 120, m_formats.wrap);
        for (qsizetype i = 0; i < lines.size(); ++i)
            worksheet_write_string(sheet, static_cast<lxw_row_t>(i), 0, lines.at(i).toUtf8().constData(),
                                   i == 0 ? m_formats.title : m_formats.wrap);
    }

    /// A sheet of values: its title saying so, its header row on the third row, the first `nameColumns` columns wide
    /// for names and the rest for figures.
    void valuesSheet(lxw_worksheet *sheet, const QString &what, std::initializer_list<const char *> headers, int nameColumns)
    {
        const QString title = what + QStringLiteral(": computed by mltco; not recalculated by this workbook");
        worksheet_write_string(sheet, 0, 0, title.toUtf8().constData(), m_formats.title);
        lxw_col_t c = 0;
        for (const char *header : headers)
            worksheet_write_string(sheet, 2, c++, header, m_formats.header);
        worksheet_set_column(sheet, 0, static_cast<lxw_col_t>(nameColumns - 1), 34, nullptr);
        worksheet_set_column(sheet, static_cast<lxw_col_t>(nameColumns), c - 1, 15, nullptr);
    }

    void writeBreakEven(lxw_worksheet *sheet)
    {
        valuesSheet(sheet, QStringLiteral("Break-even"),
                    {"Purchase", "Cloud", "Servers", "Purchase total", "Cloud total", "Purchase cheaper"}, 2);
        lxw_row_t row = 3;
        for (const tco::EvaluatedBreakEven &b : m_result.breakeven) {
            for (const tco::SweepPoint &p : b.result.sweep) {
                worksheet_write_string(sheet, row, 0, b.request.purchase.toUtf8().constData(), nullptr);
                worksheet_write_string(sheet, row, 1, b.request.cloud.toUtf8().constData(), nullptr);
                worksheet_write_number(sheet, row, 2, p.servers, m_formats.integer);
                worksheet_write_number(sheet, row, 3, p.purchaseTotal, m_formats.money);
                worksheet_write_number(sheet, row, 4, p.cloudTotal, m_formats.money);
                worksheet_write_boolean(sheet, row, 5, p.purchaseTotal < p.cloudTotal, nullptr);
                ++row;
            }
        }
        worksheet_freeze_panes(sheet, 3, 0);
    }

    void writeRisk(lxw_worksheet *sheet, const tco::AnalysisResult &risk)
    {
        valuesSheet(sheet, QStringLiteral("Risk: %1 trials of the plan's uncertain inputs (seed %2)").arg(risk.trials).arg(risk.seed),
                    {"Scenario", "Mean", "P10", "P50", "P90", "NPV mean", "NPV P10", "NPV P50", "NPV P90", "Chance cheapest"}, 1);
        lxw_row_t row = 3;
        for (const tco::ScenarioRisk &s : risk.scenarios) {
            worksheet_write_string(sheet, row, 0, s.name.toUtf8().constData(), nullptr);
            const double money[] = {s.mean, s.total.p10, s.total.p50, s.total.p90, s.npvMean, s.npv.p10, s.npv.p50, s.npv.p90};
            for (int c = 0; c < 8; ++c)
                worksheet_write_number(sheet, row, static_cast<lxw_col_t>(1 + c), money[c], m_formats.money);
            worksheet_write_number(sheet, row, 9, s.pCheapest, m_formats.fraction);
            ++row;
        }
        worksheet_freeze_panes(sheet, 3, 1);
    }

    void writeFleet(lxw_worksheet *sheet, const tco::OptimizeAnswer &answer)
    {
        worksheet_write_string(sheet, 0, 0, "Fleet plan: the optimizer's answer; computed by mltco; not recalculated by this "
                                             "workbook", m_formats.title);
        worksheet_set_column(sheet, 0, 0, 30, nullptr);
        worksheet_set_column(sheet, 1, 3, 16, nullptr);
        worksheet_set_row(sheet, 1, 60, nullptr);
        worksheet_merge_range(sheet, 1, 0, 1, 5, report::fleetSentence(answer).toUtf8().constData(), m_formats.wrap);
        lxw_row_t row = 3;
        const auto figure = [&](const char *label, double value) {
            worksheet_write_string(sheet, row, 0, label, nullptr);
            worksheet_write_number(sheet, row, 1, value, m_formats.money);
            ++row;
        };
        figure("Objective", answer.value);
        if (answer.bound)
            figure("Proven lower bound", *answer.bound);
        figure("Mean NPV", answer.mean);
        figure("P10 NPV", answer.p10);
        figure("P50 NPV", answer.p50);
        figure("P90 NPV", answer.p90);
        ++row;
        // With candidates (model.md §14.4) a third column names each entry's.
        worksheet_write_string(sheet, row, 0, "Buy in month", m_formats.header);
        worksheet_write_string(sheet, row, 1, "Servers", m_formats.header);
        worksheet_write_string(sheet, row, 2, "Of", m_formats.header);
        ++row;
        for (const tco::FleetPurchase &p : answer.plan.purchases) {
            worksheet_write_number(sheet, row, 0, p.month, m_formats.integer);
            worksheet_write_number(sheet, row, 1, p.servers, m_formats.integer);
            worksheet_write_string(sheet, row, 2, answer.request.own.value(p.candidate).toUtf8().constData(), nullptr);
            ++row;
        }
        ++row;
        worksheet_write_string(sheet, row, 0, "Reserve from month", m_formats.header);
        worksheet_write_string(sheet, row, 1, "Instances", m_formats.header);
        worksheet_write_string(sheet, row, 2, "For months", m_formats.header);
        worksheet_write_string(sheet, row, 3, "Of", m_formats.header);
        ++row;
        for (const tco::FleetTerm &t : answer.plan.terms) {
            worksheet_write_number(sheet, row, 0, t.startMonth, m_formats.integer);
            worksheet_write_number(sheet, row, 1, t.instances, m_formats.integer);
            worksheet_write_number(sheet, row, 2, t.termMonths, m_formats.integer);
            worksheet_write_string(sheet, row, 3, answer.request.reserve.value(t.candidate).toUtf8().constData(), nullptr);
            ++row;
        }
    }

    lxw_workbook *m_book;
    const tco::Plan &m_plan;
    const tco::PlanResult &m_result;
    const WorkbookSource &m_source;
    Formats m_formats;
    QHash<QString, QString> m_keyOfFile;
    QList<AssumptionRow> m_rows;
    AssumptionCells m_cells;
    QStringList m_sheetNames;
    std::vector<std::pair<QString, QString>> m_names;
};

QString lxwWords(lxw_error error)
{
    return QString::fromUtf8(lxw_strerror(error));
}

} // namespace
} // namespace detail

Status writeWorkbook(const QString &path, const tco::Plan &plan, const tco::PlanResult &result, const WorkbookSource &source)
{
    const QString shown = QDir::toNativeSeparators(path);
    if (result.scenarios.size() > static_cast<std::size_t>(kMaxScenarioSheets))
        return Error{QStringLiteral("Cannot write \"%1\": the plan has %2 scenarios, and a workbook holds one sheet per "
                                    "scenario up to %3. Export the figures as CSV instead (report --csv). Nothing was "
                                    "written under that name.")
                         .arg(shown)
                         .arg(result.scenarios.size())
                         .arg(kMaxScenarioSheets),
                     {}};
    // Written beside the target and renamed at the end: nothing under the chosen name unless all of it is there.
    const QFileInfo target(path);
    QTemporaryFile temp(target.absoluteDir().filePath(QStringLiteral(".%1.XXXXXX.xlsx").arg(target.fileName())));
    if (!temp.open())
        return Error{QStringLiteral("Cannot write \"%1\": %2. Nothing was written under that name.").arg(shown, temp.errorString()), {}};
    const QString tempPath = temp.fileName();
    temp.close();
    temp.setAutoRemove(false); // removed here on failure, renamed on success
    lxw_workbook_options options{};
    // Rows go to disk as each sheet is written, row by row: memory stays flat however many scenarios and months.
    options.constant_memory = LXW_TRUE;
    options.use_zip64 = LXW_TRUE;
    const QByteArray tempName = QFile::encodeName(tempPath);
    lxw_workbook *book = workbook_new_opt(tempName.constData(), &options);
    if (!book)
        return Error{QStringLiteral("Cannot write \"%1\": the workbook could not be started. Nothing was written under "
                                    "that name.")
                         .arg(shown),
                     {}};
    detail::Writer writer(book, plan, result, source);
    const Status built = writer.write();
    const lxw_error closed = workbook_close(book);
    if (!built || closed != LXW_NO_ERROR) {
        QFile::remove(tempPath);
        return Error{QStringLiteral("Cannot write \"%1\": %2. Nothing was written under that name.")
                         .arg(shown, built ? detail::lxwWords(closed) : built.error().message),
                     {}};
    }
    // A workbook is a document like any other: readable by others as the folder allows (the temporary file was private).
    QFile::setPermissions(tempPath, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser |
                                        QFileDevice::WriteUser | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    if (std::rename(tempName.constData(), QFile::encodeName(path).constData()) != 0) {
        QFile::remove(tempPath);
        return Error{QStringLiteral("Cannot write \"%1\": the finished workbook could not take that name. Nothing was "
                                    "written under that name.")
                         .arg(shown),
                     {}};
    }
    return {};
}

} // namespace mltco::workbook

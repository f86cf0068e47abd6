#include "ui/report/pdfreport.h"

#include "models/report/csvexport.h"
#include "models/report/fleetreport.h"
#include "models/report/format.h"
#include "models/report/summary.h"
#include "models/tco/result.h"
#include "ui/actuals/actualschart.h"
#include "ui/charts/chartview.h"
#include "ui/core/theme.h"
#include "ui/dashboard/breakevenchart.h"
#include "ui/dashboard/capacitychart.h"
#include "ui/dashboard/categorychart.h"
#include "ui/dashboard/gapchart.h"
#include "ui/dashboard/chartpalette.h"
#include "ui/dashboard/cumulativechart.h"
#include "ui/dashboard/dashboardsummary.h"
#include "ui/dashboard/hybridchart.h"
#include "ui/report/chartobject.h"
#include "ui/fleet/fleetcharts.h"
#include "ui/risk/riskcharts.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QDate>
#include <QDir>
#include <QPainter>
#include <QBuffer>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextList>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mltco::ui {
namespace {

QString esc(const QString &s) { return s.toHtmlEscaped(); }

const char kStyle[] = R"(
  body { font-family: 'DejaVu Sans'; font-size: 9.5pt; color: #1d2733; }
  h1 { font-size: 22pt; color: #23313f; margin-bottom: 4pt; }
  h2 { font-size: 14pt; color: #23313f; margin-top: 14pt; margin-bottom: 6pt; }
  h3 { font-size: 11pt; color: #23313f; margin-top: 10pt; margin-bottom: 4pt; }
  p.caption { font-size: 8.5pt; color: #51606f; margin-top: 2pt; margin-bottom: 12pt; }
  td, th { padding: 3px 5px; }
  th { background-color: #e6ebf0; font-weight: bold; text-align: left; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  td.nowrap { white-space: nowrap; }
  p.lead { font-size: 8.5pt; color: #51606f; margin-bottom: 0pt; }
  p.question { font-size: 11pt; margin-top: 6pt; margin-bottom: 6pt; }
  p.answer { font-size: 12.5pt; font-weight: bold; color: #14532d; margin-top: 4pt; margin-bottom: 10pt; }
  tr.chosen td { font-weight: bold; background-color: #e8f3ec; }
  tr.total td { font-weight: bold; border-top: 1px solid #23313f; }
  .flag { color: #b03a2e; font-weight: bold; }
  .muted { color: #51606f; }
)";

QString table(const QStringList &headers, const QList<QStringList> &rows, const QList<bool> &numeric,
              const QList<int> &totalRows = {}, const QList<int> &widths = {}, const QList<int> &chosenRows = {},
              bool small = false)
{
    QString html = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" border=\"0.5\" "
                                  "style=\"border-collapse: collapse; border-color: #b8c2cc;\"><thead><tr>");
    // Qt's rich text does not apply descendant selectors (table.small td): a small table styles its cells. A cell of
    // one word (a figure, a date, a file name, "assumption") and every figure keep to one line: a narrow column
    // grows for them rather than split "$2,106,454,000" or "assumption" in two.
    const auto cellStyle = [small](bool nowrap) {
        QStringList style;
        if (small)
            style << QStringLiteral("font-size: 8pt");
        if (nowrap)
            style << QStringLiteral("white-space: nowrap");
        return style.isEmpty() ? QString() : QStringLiteral(" style=\"%1\"").arg(style.join(QStringLiteral("; ")));
    };
    const auto oneWord = [](const QString &cell) {
        QString text = cell;
        text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        return !text.isEmpty() && !text.contains(QLatin1Char(' '));
    };
    for (qsizetype c = 0; c < headers.size(); ++c)
        html += QStringLiteral("<th%1%2%4>%3</th>")
                    .arg(numeric.value(c) ? QStringLiteral(" class=\"num\"") : QString(),
                         widths.value(c) ? QStringLiteral(" width=\"%1%\"").arg(widths.value(c)) : QString(), esc(headers[c]),
                         cellStyle(oneWord(headers[c]) || numeric.value(c)));
    html += QStringLiteral("</tr></thead><tbody>");
    for (qsizetype r = 0; r < rows.size(); ++r) {
        html += totalRows.contains(static_cast<int>(r))    ? QStringLiteral("<tr class=\"total\">")
                : chosenRows.contains(static_cast<int>(r)) ? QStringLiteral("<tr class=\"chosen\">")
                                                           : QStringLiteral("<tr>");
        for (qsizetype c = 0; c < rows[r].size(); ++c)
            html += QStringLiteral("<td%1%3>%2</td>")
                        .arg(numeric.value(c) ? QStringLiteral(" class=\"num\"") : QString(), rows[r][c],
                             cellStyle(oneWord(rows[r][c]) || numeric.value(c)));
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</tbody></table>");
}

QString assumptionsTable(const QList<report::AssumptionRow> &rows, bool small = false)
{
    QList<QStringList> cells;
    for (const report::AssumptionRow &r : rows) {
        QString value = esc(r.value);
        QString note = esc(r.note);
        if (r.overridesCatalog) {
            value = QStringLiteral("<b>%1</b> <span class=\"flag\">(override)</span>").arg(value);
            note = QStringLiteral("<span class=\"flag\">%1</span>").arg(note);
        }
        cells << QStringList{esc(r.label), value, esc(r.unit), esc(r.source), note};
    }
    return table({QStringLiteral("Assumption"), QStringLiteral("Value"), QStringLiteral("Unit"), QStringLiteral("Source"),
                  QStringLiteral("Note")},
                 cells, {false, false, false, false, false}, {}, {20, 17, 15, 18, 30}, {}, small);
}

QString yearlyTable(const tco::ScenarioResult &result, const QString &currency)
{
    // Only the categories this scenario has: twelve columns of mostly zeros would not fit the page legibly (a cloud
    // scenario has no capex, resale or financing; a cash purchase no financing; a pre-tax plan no tax).
    std::vector<std::size_t> used;
    for (std::size_t c = 0; c < tco::kCategories.size(); ++c)
        if (std::any_of(result.months.begin(), result.months.end(),
                        [c](const tco::MonthRow &row) { return row.cost[c] != 0.0; }))
            used.push_back(c);
    QStringList headers{QStringLiteral("Year")};
    QList<bool> numeric{false};
    for (std::size_t c : used) {
        headers << palette::categoryLabel(tco::kCategories[c]);
        numeric << true;
    }
    headers << QStringLiteral("Total");
    numeric << true;
    QList<QStringList> rows;
    std::array<double, tco::kCategoryCount> all{};
    for (const tco::YearSum &y : result.years) {
        std::array<double, tco::kCategoryCount> sums{};
        const int first = (y.year - 1) * 12;
        for (int m = first; m < first + y.months && m < static_cast<int>(result.months.size()); ++m)
            for (std::size_t c = 0; c < sums.size(); ++c)
                sums[c] += result.months[static_cast<std::size_t>(m)].cost[c];
        QStringList row{y.partial ? QStringLiteral("Year %1 (%2 months)").arg(y.year).arg(y.months)
                                  : QStringLiteral("Year %1").arg(y.year)};
        for (std::size_t c = 0; c < sums.size(); ++c)
            all[c] += sums[c];
        for (std::size_t c : used)
            row << esc(report::moneyWhole(sums[c], currency));
        row << esc(report::moneyWhole(y.total, currency));
        rows << row;
    }
    QStringList total{QStringLiteral("All years")};
    for (std::size_t c : used)
        total << esc(report::moneyWhole(all[c], currency));
    total << esc(report::moneyWhole(result.total, currency));
    rows << total;
    return table(headers, rows, numeric, {static_cast<int>(rows.size()) - 1}, {}, {}, true);
}

/// Starts a fresh paragraph outside any list (optionally on a new page) and inserts `html` there.
void section(QTextCursor &cursor, const QString &html, bool newPage = false)
{
    QTextBlockFormat block;
    if (newPage)
        block.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
    cursor.insertBlock(block, QTextCharFormat());
    if (QTextList *list = cursor.currentList())
        list->remove(cursor.block());
    cursor.setBlockFormat(block);
    cursor.insertHtml(html);
}

/// The pages of a laid-out document that hold something: a line of text, a table's cell or a chart. Qt's layout can
/// leave a page empty (a page break right after a table that ends at a page's foot moves on twice); such a page is
/// not printed.
std::vector<bool> pagesWithContent(const QTextDocument &doc)
{
    const double pageHeight = doc.pageSize().height();
    std::vector<bool> used(static_cast<std::size_t>(std::max(1, doc.pageCount())), false);
    QAbstractTextDocumentLayout *layout = doc.documentLayout();
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (b.length() <= 1) // nothing but the paragraph's end
            continue;
        const QRectF box = layout->blockBoundingRect(b);
        const QTextLayout *lines = b.layout();
        for (int l = 0; lines && l < lines->lineCount(); ++l) {
            const double top = box.top() + lines->lineAt(l).rect().top();
            const auto page = static_cast<std::size_t>(std::max(0.0, std::floor((top + 1.0) / pageHeight)));
            if (page < used.size())
                used[page] = true;
        }
    }
    return used;
}

/// Builds the report's text with charts inserted as vector objects.
class ReportBuilder final
{
public:
    ReportBuilder(const report::ReportData &data, const tco::PlanResult &result, QTextDocument &doc, ChartObject &charts,
                  QWidget &host, double contentWidth, const tco::AnalysisResult *risk, const actuals::PlanComparison *bills,
                  const tco::OptimizeAnswer *fleet)
        : m_data(data), m_result(result), m_doc(doc), m_charts(charts), m_host(host), m_width(contentWidth), m_risk(risk),
          m_bills(bills), m_fleet(fleet)
    {
    }

    void build()
    {
        QTextCursor cursor(&m_doc);
        onePager(cursor);

        // A page one that runs over (a dozen options, with the chart at its smallest) goes on where it stopped: the
        // charts do not leave a page holding its last lines alone.
        section(cursor, QStringLiteral("<h2>Charts</h2>"), m_doc.pageCount() == 1);
        // On page one's scale the cheap options lie flat along the bottom: here they have a scale of their own.
        if (const std::vector<std::size_t> cheap = cheaperOptions(); !cheap.empty()) {
            auto *close = new CumulativeChart(&m_host);
            close->setScenarios(m_result, cheap);
            close->view()->chart()->setTitle(QStringLiteral("The cheaper options on their own scale%1")
                                                 .arg(afterTaxNote(m_result.workload)));
            addChart(cursor, close->view(),
                     QStringLiteral("The cheaper options' cumulative cost by month on their own scale (%1): on page "
                                    "one's scale, set by the dearest option, they lie flat along the bottom.")
                         .arg(m_data.currency),
                     0.40);
        }
        auto *gap = new GapChart(&m_host);
        gap->setResult(m_result);
        if (gap->gap().a >= 0)
            addChart(cursor, gap->view(),
                     QStringLiteral("Where the gap comes from: %1 (%2, present value at the plan's discount rate).")
                         .arg(gap->sentence(), m_data.currency),
                     0.36);
        auto *categories = new CategoryChart(&m_host);
        categories->setResult(m_result);
        addChart(cursor, categories->view(),
                 QStringLiteral("Cost by category over the whole horizon, per scenario (%1). Resale is a credit and "
                                "stacks below zero.")
                     .arg(m_data.currency));
        auto *capacity = new CapacityChart(&m_host);
        capacity->setResult(m_result);
        addChart(cursor, capacity->view(),
                 QStringLiteral("Demand against what each scenario can do, month by month (reference GPU-hours). A "
                                "line under the demand leaves work undone; steps up are servers bought or nodes added."));
        auto *hybrid = new HybridChart(&m_host);
        if (hybrid->setResult(m_result))
            addChart(cursor, hybrid->view(),
                     QStringLiteral("A hybrid's cost by year, split into its owned or reserved base and its elastic "
                                    "burst (%1).")
                         .arg(m_data.currency));
        // The break-even the dashboard opens on (its purchase against the plan's one counterpart), then the plan's
        // requests for other pairs, each with its own chart and the sentence the dashboard says under it.
        std::vector<int> shown;
        {
            BreakEvenChart probe;
            probe.setResult(m_result);
            for (int b = 0; b < probe.comparisonCount(); ++b)
                if (b == probe.headlineIndex() || !probe.isAgainstCounterpart(b))
                    shown.push_back(b);
        }
        for (int b : shown) {
            auto *breakEven = new BreakEvenChart(&m_host);
            breakEven->setResult(m_result);
            breakEven->select(b);
            addChart(cursor, breakEven->view(), breakEven->caption(b));
        }
        // The return on owning beside the payback (model.md §12): what a capital committee asks of a purchase.
        QString owning;
        for (const QString &sentence : m_data.executive.owningReturns)
            owning += QStringLiteral("<li>%1</li>").arg(esc(sentence));
        if (!owning.isEmpty())
            section(cursor, QStringLiteral("<h3>The return on owning</h3><p class=\"muted\">The monthly savings of owning "
                                           "over renting the plan's cheapest cloud option, as an internal rate of "
                                           "return a year: the rate at which the purchase pays for itself out of what "
                                           "it saves. Compare it with the cost of capital.</p><ul>%1</ul>")
                                .arg(owning));

        if (m_risk)
            riskSection(cursor, *m_risk);
        if (m_fleet)
            fleetSection(cursor, *m_fleet);
        if (m_bills)
            actualsSection(cursor, *m_bills);

        findings(cursor);

        for (std::size_t i = 0; i < m_result.scenarios.size(); ++i) {
            const tco::EvaluatedScenario &s = m_result.scenarios[i];
            const report::ScenarioSection *text = sectionOf(s.name);
            sectionOnItsPage(cursor, QStringLiteral("<h2>%1</h2><p class=\"muted\">%2. Total %3, NPV %4, %5 a year on average "
                                           "(%7).%6</p>")
                                .arg(esc(s.name), esc(capitalised(report::kindInWords(s.kind()))),
                                     esc(report::moneyWhole(s.result.total, m_data.currency)), esc(report::moneyWhole(s.result.npv, m_data.currency)),
                                     esc(report::moneyWhole(s.result.averageAnnual, m_data.currency)),
                                     s.result.hasUnmetDemand()
                                         ? QStringLiteral(" <span class=\"flag\">Serves only %1 of the demand.</span>")
                                               .arg(esc(report::percent(s.result.demand > 0 ? s.result.served / s.result.demand : 0.0)))
                                         : QString(),
                                     esc(m_data.taxView)));
            if (text && !text->notes.isEmpty())
                section(cursor, QStringLiteral("<p>%1</p>").arg(esc(text->notes)));
            // The scenario's figures first (its chart and its yearly table fit under its heading on one page), then
            // its assumptions, which may run on: no page holds a lone chart or the end of a table.
            auto *years = new CategoryChart(&m_host);
            years->setResult(m_result);
            years->selector()->setCurrentIndex(static_cast<int>(i) + 1);
            addChart(cursor, years->view(), QStringLiteral("%1: cost by category per year (%2).").arg(s.name, m_data.currency),
                     0.32);
            section(cursor, QStringLiteral("<h3>Cost by year and category (%1, whole amounts; categories that stay at zero "
                                           "are left out)</h3>")
                                .arg(esc(m_data.currency)));
            section(cursor, yearlyTable(s.result, m_data.currency));
            section(cursor, QStringLiteral("<h3>Assumptions</h3>"));
            if (text)
                section(cursor, assumptionsTable(text->assumptions, true));
        }

        sectionOnItsPage(cursor, QStringLiteral("<h2>Workload</h2><p class=\"muted\">What every scenario serves.</p>"));
        section(cursor, assumptionsTable(m_data.workload));
        if (!m_data.prices.isEmpty()) {
            section(cursor, QStringLiteral("<h2>Catalog prices used</h2><p class=\"muted\">The price each scenario "
                                           "takes from the catalog, with the date it was observed.</p>"));
            QList<QStringList> rows;
            for (const report::CatalogPriceRow &p : m_data.prices)
                rows << QStringList{esc(p.scenario), esc(p.instance), esc(p.gpus), esc(p.price),
                                    esc(p.observedAt.toString(Qt::ISODate)), esc(p.source)};
            section(cursor, table({QStringLiteral("Scenario"), QStringLiteral("Instance"), QStringLiteral("GPUs"),
                                   QStringLiteral("Price"), QStringLiteral("Observed"), QStringLiteral("Source")},
                                  rows, {false, false, false, true, false, false}, {}, {19, 24, 12, 13, 12, 20}));
        }
        // model.md §13: nothing converted silently; each rate with its day and source.
        if (!m_data.ratesUsed.isEmpty()) {
            QString html = QStringLiteral("<h2>Exchange rates used</h2><p class=\"muted\">Every figure is in %1; "
                                          "catalog prices in another currency were converted at these rates.</p><ul>")
                               .arg(esc(m_data.currency));
            for (const QString &line : m_data.ratesUsed)
                html += QStringLiteral("<li>%1</li>").arg(esc(line));
            section(cursor, html + QStringLiteral("</ul>"));
        }
        section(cursor, QStringLiteral("<h2>Appendix: sources</h2><p class=\"muted\">Every source a figure in this "
                                       "report depends on, by the name the figures cite it by.</p>"));
        QList<QStringList> sources;
        for (const report::SourceRow &s : m_data.sources)
            sources << QStringList{esc(s.key), esc(s.kind == QLatin1String("seed") ? QStringLiteral("article") : s.kind),
                                   esc(s.title), esc(report::reportDate(s.date))};
        section(cursor, table({QStringLiteral("Source"), QStringLiteral("Kind"), QStringLiteral("Title"), QStringLiteral("Date")},
                              sources, {false, false, false, false}, {}, {28, 14, 42, 16}));
        if (!m_data.warnings.isEmpty()) {
            QString notes = QStringLiteral("<h2>Model notes</h2><ul>");
            for (const QString &w : m_data.warnings)
                notes += QStringLiteral("<li>%1</li>").arg(esc(w));
            section(cursor, notes + QStringLiteral("</ul>"));
        }
        section(cursor, QStringLiteral("<p class=\"muted\">Figures follow the %1.</p>").arg(esc(m_data.modelVersion)));
    }

private:
    void fleetSection(QTextCursor &cursor, const tco::OptimizeAnswer &a)
    {
        QString bound;
        if (a.bound)
            bound = QStringLiteral(" No decision can do better than %1 (a proven bound, %2 below this answer).")
                        .arg(esc(report::money(*a.bound, a.currency)),
                             esc(report::percent(a.value != 0.0 ? (a.value - *a.bound) / std::abs(a.value) : 0.0, 1)));
        sectionOnItsPage(cursor,
                QStringLiteral("<h2>Fleet plan</h2><p><b>%1</b></p><p class=\"muted\">What to own, reserve and burst, "
                               "and when, over %2 futures (%3): NPV after tax, mean %4, P10 %5, P90 %6.%7 Every figure "
                               "is the engine's own evaluation of the answer in each future (docs/model.md).</p>")
                    .arg(esc(report::fleetSentence(a)))
                    .arg(a.futures.size())
                    .arg(a.objective == tco::OptimizeObjective::Cvar
                             ? QStringLiteral("the cost of the worst %1 minimised").arg(esc(report::percent(1.0 - a.beta, 0)))
                             : QStringLiteral("the mean cost minimised"))
                    .arg(esc(report::money(a.mean, a.currency)), esc(report::money(a.p10, a.currency)),
                         esc(report::money(a.p90, a.currency)), bound));
        auto *timeline = new ChartView(&m_host);
        timeline->setChart(fleet::timelineChart(a));
        addChart(cursor, timeline,
                 QStringLiteral("Owned and reserved capacity month by month (what they serve at most) against the demand "
                                "of the futures: its P10-P90 band and median. Above the layers the work bursts."),
                 0.46);
        if (!a.frontier.empty()) {
            auto *frontier = new ChartView(&m_host);
            frontier->setChart(fleet::frontierChart(a));
            addChart(cursor, frontier,
                     QStringLiteral("The efficient frontier: the best decision at each risk level, its expected cost "
                                    "against its cost in the worst futures; the square is the answer."),
                     0.46);
        }
        const QStringList marginal = report::marginalSentences(a);
        if (!marginal.isEmpty()) {
            QString list = QStringLiteral("<p><b>At the margin</b></p><ul>");
            for (const QString &line : marginal)
                list += QStringLiteral("<li>%1</li>").arg(esc(line));
            section(cursor, list + QStringLiteral("</ul>"));
        }
    }

    void actualsSection(QTextCursor &cursor, const actuals::PlanComparison &c)
    {
        const double variance = c.actualToDate - c.plannedToDate;
        QString lead;
        if (c.monthsWithActuals == 0)
            lead = QStringLiteral("No imported bill covers a month of the plan (%1 onwards).").arg(esc(c.start));
        else
            lead = QStringLiteral("Over the %1 month%2 the bills cover, they show <b>%3</b> of GPU spend where %4 "
                                  "planned %5: <b>%6 %7</b>%8.")
                       .arg(c.monthsWithActuals)
                       .arg(c.monthsWithActuals == 1 ? QString() : QStringLiteral("s"))
                       .arg(esc(report::money(c.actualToDate, m_data.currency)), esc(c.scenario), esc(report::money(c.plannedToDate, m_data.currency)),
                            esc(report::money(std::abs(variance), m_data.currency)), variance > 0 ? QStringLiteral("over plan")
                                                                                  : QStringLiteral("under plan"),
                            c.plannedToDate != 0
                                ? QStringLiteral(" (%1)").arg(esc(report::percent(std::abs(variance) / c.plannedToDate, 0)))
                                : QString());
        QString notes;
        for (const QString &note : c.notes)
            notes += QStringLiteral("<br>") + esc(note);
        sectionOnItsPage(cursor,
                QStringLiteral("<h2>Plan vs actual</h2><p>%1</p><p class=\"muted\">Planned: the scenario's compute, "
                               "the part of a plan a cloud bill covers. Actual: the effective cost (amortised, after "
                               "discounts) of the GPU charges in the imported FOCUS bills; billed: what the invoices "
                               "charged.%2</p>")
                    .arg(lead, notes));
        auto *cumulative = new ActualsChart(ActualsChart::Mode::Cumulative, &m_host);
        cumulative->setComparison(c, c.scenario, std::max(c.planPosition, 0), m_data.currency);
        addChart(cursor, cumulative->view(),
                 QStringLiteral("Cumulative GPU spend of %1: the plan's line and the bills' (%2).")
                     .arg(c.scenario, m_data.currency),
                 0.42);
        QList<QStringList> rows;
        for (const actuals::VarianceRow &r : c.rows) {
            if (!r.actual)
                continue;
            rows << QStringList{actuals::monthLabel(r.month).replace(QLatin1Char(' '), QStringLiteral("&nbsp;")),
                                esc(report::money(r.planned, m_data.currency)),
                                esc(report::money(*r.actual, m_data.currency)),
                                esc(report::money(*r.variance, m_data.currency)),
                                r.varianceShare ? esc(report::percent(*r.varianceShare, 1)) : QStringLiteral("—"),
                                esc(report::money(r.actualByCategory[0], m_data.currency)),
                                esc(report::money(r.actualByCategory[1], m_data.currency)),
                                esc(report::money(r.actualByCategory[2], m_data.currency)),
                                esc(report::money(*r.actualBilled, m_data.currency))};
        }
        if (!rows.isEmpty())
            section(cursor, table({QStringLiteral("Month"), QStringLiteral("Planned"),
                                   QStringLiteral("Actual"), QStringLiteral("Variance"), QStringLiteral("%"),
                                   QStringLiteral("On-demand"), QStringLiteral("Spot"), QStringLiteral("Committed"),
                                   QStringLiteral("Billed")},
                                  rows, {false, true, true, true, true, true, true, true, true}, {},
                                  {12, 12, 11, 12, 8, 11, 9, 11, 14}, {}, true));
    }

    void riskSection(QTextCursor &cursor, const tco::AnalysisResult &risk)
    {
        sectionOnItsPage(cursor,
                QStringLiteral("<h2>How sure is the answer</h2><p class=\"muted\">%1 trials drawing the plan's uncertain "
                               "inputs (Latin hypercube, seed %2; docs/model.md §6A). P10: one future in ten costs less; "
                               "P90: one in ten costs more.</p>")
                    .arg(report::grouped(risk.trials, 0))
                    .arg(risk.seed));
        QList<QStringList> rows;
        for (const tco::ScenarioRisk &r : risk.scenarios)
            rows << QStringList{esc(r.name), esc(report::moneyWhole(r.mean, m_data.currency)), esc(report::moneyWhole(r.total.p10, m_data.currency)),
                                esc(report::moneyWhole(r.total.p50, m_data.currency)), esc(report::moneyWhole(r.total.p90, m_data.currency)),
                                esc(report::percent(r.pCheapest))};
        section(cursor, table({QStringLiteral("Scenario"), QStringLiteral("Mean"), QStringLiteral("P10"), QStringLiteral("Median"),
                               QStringLiteral("P90"), QStringLiteral("Cheapest in")},
                              rows, {false, true, true, true, true, true}, {}, {34, 14, 13, 13, 13, 13}));
        for (const tco::BreakEvenMonthRisk &b : risk.breakevenMonths) {
            const auto month = [](const std::optional<double> &m) {
                return m ? QStringLiteral("month %1").arg(std::round(*m)) : QStringLiteral("never");
            };
            section(cursor, QStringLiteral("<p>%1 pays back against %2%7: P10 %3, median %4, P90 %5; never in %6 of the "
                                           "trials.</p>")
                                .arg(esc(b.purchase), esc(b.cloud), month(b.p10), month(b.p50), month(b.p90),
                                     esc(report::percent(b.pNever)),
                                     b.onDashboard ? QStringLiteral(" (the cheapest cloud option, as on the first page)")
                                                   : QString()));
        }
        auto *fan = new ChartView(&m_host);
        fan->setChart(risk::fanChart(risk));
        addChart(cursor, fan,
                 QStringLiteral("Cumulative cost by month: the band holds the middle 80 % of the trials (P10 to P90), "
                                "the line is the median (%1).")
                     .arg(risk.currency),
                 0.5);
        // The tornado of the option most likely to be chosen: the lowest median.
        const auto best = std::min_element(risk.scenarios.begin(), risk.scenarios.end(),
                                           [](const tco::ScenarioRisk &a, const tco::ScenarioRisk &b) { return a.total.p50 < b.total.p50; });
        if (best != risk.scenarios.end()) {
            double base = 0;
            for (const tco::EvaluatedScenario &s : m_result.scenarios)
                if (s.name == best->name)
                    base = s.result.total;
            auto *tornado = new ChartView(&m_host);
            tornado->setChart(risk::tornadoChart(risk, best->name, base));
            addChart(cursor, tornado,
                     QStringLiteral("%1: what its total hangs on. Each bar moves one input to its low and high, all others "
                                    "at the plan's values. It cannot show inputs that matter together.")
                         .arg(best->name),
                     0.5);
        }
    }

    static QString capitalised(QString text)
    {
        if (!text.isEmpty())
            text[0] = text[0].toUpper();
        return text;
    }

    /// Page 1: the question, the answer in one sentence, every option side by side, the cumulative cost, and
    /// what the answer hangs on. A reader who stops here has the decision and its grounds.
    void onePager(QTextCursor &cursor)
    {
        const report::ExecutiveSummary &e = m_data.executive;
        QString html = QStringLiteral("<p class=\"lead\">Total cost of ownership of ML GPU infrastructure · %1 · %2</p>"
                                      "<h1>%3</h1>"
                                      "<p class=\"question\"><b>Question.</b> %4</p>"
                                      "<p class=\"answer\">%5</p>")
                           .arg(esc(report::reportDate(m_data.date)), esc(m_data.documentName), esc(m_data.planName),
                                esc(e.question), esc(e.recommendation));
        // How sure, on the page a board reads, when the plan has uncertain inputs (the details are on their own page).
        if (m_risk)
            if (const QString sure = report::howSureSentence(e, *m_risk); !sure.isEmpty())
                html += QStringLiteral("<p>%1</p>").arg(esc(sure));
        cursor.insertHtml(html);

        QList<QStringList> rows;
        QList<int> chosen;
        const bool npvIsTotal = m_result.workload.discountRate == 0.0;
        for (std::size_t i = 0; i < e.rows.size(); ++i) {
            const report::ComparisonRow &r = e.rows[i];
            // The option's name, and its kind in words: under it, or beside it when there are many options.
            QString name = esc(r.name);
            if (r.unmetShare > 0.0)
                name += QStringLiteral(" <span class=\"flag\">* leaves %1 undone</span>").arg(esc(report::percent(r.unmetShare, 0)));
            name += QStringLiteral("%1<span class=\"muted\" style=\"font-weight: normal\">%2</span>")
                        .arg(e.rows.size() > 8 ? QStringLiteral(" · ") : QStringLiteral("<br/>"), esc(r.kind));
            if (r.recommended)
                chosen << static_cast<int>(i);
            QStringList row{name, esc(report::moneyWhole(r.total, m_data.currency))};
            if (!npvIsTotal)
                row << esc(report::moneyWhole(r.npv, m_data.currency));
            QString perHour = esc(report::money(r.costPerServedGpuHour, m_data.currency));
            // The cost of the work's output beside the cost of its GPU-hours, when the plan says what one produces.
            if (r.costPerMillionTokens)
                perHour += QStringLiteral("<br/><span class=\"muted\">%1 per M tokens</span>")
                               .arg(esc(report::money(r.costPerMillionTokens, m_data.currency)));
            row << esc(report::moneyWhole(r.perYear, m_data.currency)) << perHour;
            rows << row;
        }
        // At a 0 % discount rate the NPV is the total: one column, and a line that says so, not two equal columns.
        if (npvIsTotal)
            section(cursor, table({QStringLiteral("Option"), QStringLiteral("Total (= NPV at 0 %)"), QStringLiteral("Per year"),
                                   QStringLiteral("Per GPU-hour")},
                                  rows, {false, true, true, true}, {}, {50, 20, 16, 14}, chosen, e.rows.size() > 8));
        else
            section(cursor, table({QStringLiteral("Option"), QStringLiteral("Total"), QStringLiteral("NPV"),
                                   QStringLiteral("Per year"), QStringLiteral("Per GPU-hour")},
                                  rows, {false, true, true, true, true}, {}, {44, 16, 16, 13, 11}, chosen, e.rows.size() > 8));
        // The chart is drawn on a wider canvas than the others, so that a dozen legend entries fit beside it.
        constexpr double kRatio = 0.40, kMinRatio = 0.20;
        auto *cumulative = new CumulativeChart(&m_host);
        cumulative->setResult(m_result);
        const int chartAt = addChart(cursor, cumulative->view(),
                                     QStringLiteral("Cumulative cost of each option by month (%1). Where lines cross, "
                                                    "one option overtakes another; a purchase's resale shows as a drop.%2")
                                         .arg(m_data.currency,
                                              cheaperOptions().empty()
                                                  ? QString()
                                                  : QStringLiteral(" The cheaper options, flat at this scale, are "
                                                                   "drawn on their own scale on the charts page.")),
                                     kRatio, false, e.rows.size() > 8 ? 1200 : 960);
        QString grounds = QStringLiteral("<h3>What the answer hangs on</h3><ul>");
        if (!e.sensitivities.empty()) {
            for (const report::Sensitivity &x : e.sensitivities)
                grounds += QStringLiteral("<li>%1</li>").arg(esc(x.sentence));
        } else if (!e.breakEvens.isEmpty()) {
            for (const QString &b : e.breakEvens)
                grounds += QStringLiteral("<li>%1</li>").arg(esc(b));
        } else {
            grounds += QStringLiteral("<li>No input moves the choice: see the break-even and risk pages.</li>");
        }
        grounds += QStringLiteral("</ul>");
        // Where the gap to the next cheapest comes from, category by category (the waterfall opens the charts).
        if (!e.gap.isEmpty())
            grounds += QStringLiteral("<p><b>Where the gap comes from.</b> %1</p>").arg(esc(e.gap));
        if (!e.stalePrices.isEmpty())
            grounds += QStringLiteral("<p class=\"flag\">%1</p>").arg(esc(e.stalePrices));
        if (!e.prices.isEmpty())
            grounds += QStringLiteral("<p class=\"muted\">%1</p>").arg(esc(e.prices));
        for (const QString &note : e.notes)
            grounds += QStringLiteral("<p class=\"muted\">%1</p>").arg(esc(note));
        section(cursor, grounds);

        // The page holds it all: when what follows the chart runs onto page 2, the chart gives up that height.
        const double pageHeight = m_doc.pageSize().height();
        const double end = m_doc.documentLayout()->blockBoundingRect(cursor.block()).bottom();
        if (end > pageHeight) {
            const double ratio = std::max(kMinRatio, kRatio - (end - pageHeight + 4.0) / m_width);
            ChartObject::resize(m_doc, chartAt, QSizeF(m_width, m_width * ratio));
            const int canvas = cumulative->view()->width();
            cumulative->view()->setGeometry(0, 0, canvas, static_cast<int>(canvas * ratio));
            QApplication::processEvents();
        }
    }

    /// The options whose cumulative cost never reaches a tenth of the dearest option's peak (they lie flat on a chart
    /// scaled for it), when there are such options and others; their positions in m_result.scenarios.
    std::vector<std::size_t> cheaperOptions() const
    {
        std::vector<double> peaks;
        for (const tco::EvaluatedScenario &s : m_result.scenarios) {
            double sum = 0.0, peak = 0.0;
            for (const tco::MonthRow &row : s.result.months) {
                sum += row.total;
                peak = std::max(peak, std::abs(sum));
            }
            peaks.push_back(peak);
        }
        const double top = peaks.empty() ? 0.0 : *std::max_element(peaks.begin(), peaks.end());
        std::vector<std::size_t> cheap;
        for (std::size_t i = 0; i < peaks.size(); ++i)
            if (peaks[i] < 0.1 * top)
                cheap.push_back(i);
        return cheap;
    }

    /// A section (a scenario, the workload) on a page of its own, unless what came before only spilled a few lines onto
    /// the current page: the section then starts under them (its chart and first table fit in what is left) rather
    /// than leave a page almost empty.
    void sectionOnItsPage(QTextCursor &cursor, const QString &html)
    {
        const double pageHeight = m_doc.pageSize().height();
        const double used = std::fmod(m_doc.documentLayout()->documentSize().height(), pageHeight);
        section(cursor, html, used > 0.35 * pageHeight);
    }

    /// The findings in detail, and what the evaluation warned about.
    void findings(QTextCursor &cursor)
    {
        QString html = QStringLiteral("<h2>Findings in detail</h2><ul>");
        for (const QString &s : m_data.summary)
            html += QStringLiteral("<li>%1</li>").arg(esc(s));
        html += QStringLiteral("</ul><p class=\"muted\">Demand: %1. Discount rate %2 a year, cloud price trend %3 a "
                               "year.</p>")
                    .arg(esc(m_data.demand), esc(m_data.discountRate), esc(m_data.priceTrend));
        section(cursor, html);
    }

    const report::ScenarioSection *sectionOf(const QString &name) const
    {
        for (const report::ScenarioSection &s : m_data.scenarios)
            if (s.name == name)
                return &s;
        return nullptr;
    }

    /// Inserts `view` drawn on a canvas `canvasWidth` pixels wide, with its caption; returns the chart's position.
    /// `keep`: the chart moves to the next page rather than leave its caption behind.
    int addChart(QTextCursor &cursor, ChartView *view, const QString &caption, double heightRatio = 0.55,
                 bool keep = true, int canvasWidth = 960)
    {
        view->chart()->setAnimationOptions(QChart::NoAnimation);
        // The view alone, moved onto the (hidden, shown) host at a screen size, so the chart lays out
        // as on screen and no page layout around it interferes.
        view->setParent(&m_host);
        view->setGeometry(0, 0, canvasWidth, static_cast<int>(canvasWidth * heightRatio));
        view->show();
        QApplication::processEvents();
        section(cursor, QString());
        const QTextBlock chartBlock = cursor.block();
        const int position = cursor.position();
        m_charts.insert(cursor, view, QSizeF(m_width, m_width * heightRatio));
        section(cursor, QStringLiteral("<p class=\"caption\">%1</p>").arg(esc(caption)));
        if (keep)
            keepTogether(chartBlock, cursor.block());
        return position;
    }

    /// A chart and its caption stay on one page: when the caption's last line would fall on a later page than the
    /// chart, the chart starts a page of its own.
    void keepTogether(const QTextBlock &first, const QTextBlock &last)
    {
        QAbstractTextDocumentLayout *layout = m_doc.documentLayout();
        const double pageHeight = m_doc.pageSize().height();
        const QRectF top = layout->blockBoundingRect(first);
        const QRectF bottom = layout->blockBoundingRect(last);
        const QTextLayout *lines = last.layout();
        const double end = lines && lines->lineCount() > 0
                               ? bottom.top() + lines->lineAt(lines->lineCount() - 1).rect().bottom()
                               : bottom.bottom();
        if (std::floor(top.top() / pageHeight) == std::floor((end - 0.5) / pageHeight))
            return;
        QTextBlockFormat format = first.blockFormat();
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(first).setBlockFormat(format);
    }

    const report::ReportData &m_data;
    const tco::PlanResult &m_result;
    QTextDocument &m_doc;
    ChartObject &m_charts;
    QWidget &m_host;
    double m_width;
    const tco::AnalysisResult *m_risk;
    const actuals::PlanComparison *m_bills;
    const tco::OptimizeAnswer *m_fleet;
};

} // namespace

Status writePdfReport(const QString &path, const report::ReportData &data, const tco::PlanResult &result,
                      ReportPageSize pageSize, const tco::AnalysisResult *risk, const actuals::PlanComparison *bills,
                      const tco::OptimizeAnswer *fleet)
{
    const theme::PrintScope paper; // the PDF is drawn light whatever the window's theme
    // The PDF is made in memory and then written whole: Qt's PDF engine writes through a QDataStream that stops at the
    // first short write (a disk that fills up part-way through a buffer) without telling the painter, which would
    // leave a cut file reported as written. writeFileAtomically() writes every byte or says why it could not.
    QBuffer file;
    file.open(QIODevice::WriteOnly);

    QPdfWriter writer(&file);
    writer.setPageSize(QPageSize(pageSize == ReportPageSize::A4 ? QPageSize::A4 : QPageSize::Letter));
    writer.setPageMargins(QMarginsF(18, 16, 18, 16), QPageLayout::Millimeter);
    writer.setResolution(300);
    writer.setTitle(data.planName);
    writer.setCreator(QStringLiteral("mltco"));

    const QRect page = writer.pageLayout().paintRectPixels(writer.resolution());
    const double dpi = writer.resolution();
    const double headerHeight = 0.35 * dpi;
    const double footerHeight = 0.30 * dpi;
    const QSizeF body(page.width(), page.height() - headerHeight - footerHeight);

    // Charts are widgets: they need a (hidden) parent that has been shown so their layouts run.
    QWidget host;
    host.setAttribute(Qt::WA_DontShowOnScreen);
    host.show();

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&writer);
    doc.setDefaultStyleSheet(QString::fromLatin1(kStyle));
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9.5);
    doc.setDefaultFont(font);
    doc.setPageSize(body);
    doc.setDocumentMargin(0);
    ChartObject charts;
    doc.documentLayout()->registerHandler(ChartObject::kType, &charts);
    ReportBuilder(data, result, doc, charts, host, body.width(), risk, bills, fleet).build();

    QPainter painter;
    if (!painter.begin(&writer))
        return Error{QStringLiteral("Cannot write \"%1\": the PDF could not be started.").arg(QDir::toNativeSeparators(path)), {}};
    const std::vector<bool> printed = pagesWithContent(doc);
    const auto pages = static_cast<int>(std::count(printed.begin(), printed.end(), true));
    QFont small(font);
    small.setPointSizeF(8);
    int n = 0; // pages printed so far
    for (int i = 0; i < static_cast<int>(printed.size()); ++i) {
        if (!printed[static_cast<std::size_t>(i)])
            continue;
        if (n++ > 0)
            writer.newPage();
        painter.setFont(small);
        painter.setPen(QColor(0x51, 0x60, 0x6f));
        if (n > 1) {
            painter.drawText(QRectF(0, 0, body.width(), headerHeight * 0.7), Qt::AlignLeft | Qt::AlignVCenter,
                             data.planName);
            painter.drawText(QRectF(0, 0, body.width(), headerHeight * 0.7), Qt::AlignRight | Qt::AlignVCenter,
                             QStringLiteral("mltco TCO report, %1").arg(report::reportDate(data.date)));
            painter.drawLine(QPointF(0, headerHeight * 0.75), QPointF(body.width(), headerHeight * 0.75));
        }
        painter.drawText(QRectF(0, headerHeight + body.height(), body.width(), footerHeight), Qt::AlignCenter,
                         QStringLiteral("Page %1 of %2").arg(n).arg(pages));
        painter.save();
        painter.translate(0, headerHeight - i * body.height());
        // The layout draws every line that touches its clip; a line that starts exactly where the next page begins
        // touches this page's bottom edge. Clipped away it would be invisible but still written, and a search or a
        // copy of the PDF would find it twice: the layout's clip stops a device pixel short of each edge.
        const QRectF pageArea(0, i * body.height(), body.width(), body.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = pageArea.adjusted(0, 1, 0, -1);
        painter.setClipRect(pageArea);
        doc.documentLayout()->draw(&painter, context);
        painter.restore();
    }
    if (!painter.end())
        return Error{QStringLiteral("Cannot write \"%1\": the PDF could not be finished.").arg(QDir::toNativeSeparators(path)), {}};
    file.close();
    return report::writeFileAtomically(path, file.data());
}

} // namespace mltco::ui

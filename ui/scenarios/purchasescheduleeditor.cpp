#include "ui/scenarios/purchasescheduleeditor.h"

#include "models/plan/parameters.h"
#include "models/report/format.h"
#include "ui/scenarios/parametertext.h"

#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

bool byMonth(const tco::ScheduledPurchase &a, const tco::ScheduledPurchase &b)
{
    return a.month < b.month;
}

} // namespace

PurchaseScheduleEditor::PurchaseScheduleEditor(QWidget *parent)
    : ListTableEditor({QStringLiteral("param_purchases"), QStringLiteral("addPurchaseButton"),
                       QStringLiteral("removePurchaseButton"), QStringLiteral("purchasesSummary"),
                       QStringLiteral("error_purchases")},
                      {{tr("Month"), tr("Servers bought")},
                       parametertext::tooltip(tco::parameterInfo(tco::ParamId::Purchases)),
                       tr("Purchase schedule"),
                       tr("Add purchase"),
                       tr("Remove purchase"),
                       260},
                      ColumnCount, parent)
{
}

void PurchaseScheduleEditor::setScenario(const tco::PurchaseScenario &scenario, int horizonMonths)
{
    const bool changed = scenario.purchases != m_scenario.purchases;
    m_scenario = scenario;
    m_horizon = horizonMonths;
    if (changed || !hasProblem())
        load(scenario.purchases);
    const bool followsDemand = scenario.expansion == tco::Expansion::ToDemand;
    m_table->setEnabled(!followsDemand);
    m_add->setEnabled(!followsDemand);
    m_remove->setEnabled(!followsDemand);
    updateSummary();
}

void PurchaseScheduleEditor::load(const std::vector<tco::ScheduledPurchase> &schedule)
{
    m_loading = true;
    m_table->setRowCount(static_cast<int>(schedule.size()));
    for (std::size_t i = 0; i < schedule.size(); ++i) {
        const int row = static_cast<int>(i);
        m_table->setItem(row, Month, numberItem(QString::number(schedule[i].month)));
        m_table->setItem(row, Servers, numberItem(report::grouped(schedule[i].servers, 0)));
    }
    m_loading = false;
    finishLoading();
}

std::optional<std::vector<tco::ScheduledPurchase>> PurchaseScheduleEditor::read()
{
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::Purchases);
    const int lead = m_scenario.leadTimeMonths;
    const int lastMonth = m_horizon - lead; // the last month a cohort can be bought and still serve
    std::vector<tco::ScheduledPurchase> schedule;
    QString problem;
    QTableWidgetItem *bad = nullptr;
    clearMarks();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QTableWidgetItem *monthItem = m_table->item(row, Month);
        QTableWidgetItem *serversItem = m_table->item(row, Servers);
        const std::optional<double> month = cellWhole(monthItem);
        if (!month || *month < 1 || *month > lastMonth) {
            problem = lead > 0 ? tr("Purchase %1: the month must be a whole month from 1 to %2 (bought later, the "
                                    "%3-month lead time would bring the servers into service after the %4-month "
                                    "horizon).")
                                     .arg(row + 1)
                                     .arg(lastMonth)
                                     .arg(lead)
                                     .arg(m_horizon)
                               : tr("Purchase %1: the month must be a whole month from 1 to %2 (the horizon).")
                                     .arg(row + 1)
                                     .arg(m_horizon);
            bad = monthItem;
            break;
        }
        const std::optional<double> servers = cellWhole(serversItem);
        if (!servers || *servers < 1 || *servers > info.max) {
            problem = tr("Purchase %1: the servers bought must be a whole number from 1 to %2.")
                          .arg(row + 1)
                          .arg(report::grouped(info.max, 0));
            bad = serversItem;
            break;
        }
        const int m = static_cast<int>(*month);
        if (std::any_of(schedule.begin(), schedule.end(), [m](const tco::ScheduledPurchase &p) { return p.month == m; })) {
            problem = tr("Purchase %1: another purchase is already in month %2; give one row per month.")
                          .arg(row + 1)
                          .arg(m);
            bad = monthItem;
            break;
        }
        schedule.push_back({m, static_cast<int>(*servers)});
    }
    showProblem(bad, problem);
    if (!problem.isEmpty())
        return std::nullopt;
    std::sort(schedule.begin(), schedule.end(), byMonth);
    return schedule;
}

void PurchaseScheduleEditor::onItemChanged()
{
    if (const auto schedule = read(); schedule && *schedule != m_scenario.purchases)
        emit committed(*schedule);
}

void PurchaseScheduleEditor::addRow()
{
    // One more server a year after the last purchase (or month 13), where it can still serve: valid at once.
    std::vector<tco::ScheduledPurchase> schedule = m_scenario.purchases;
    const int lastMonth = m_horizon - m_scenario.leadTimeMonths;
    int month = std::min(lastMonth, (schedule.empty() ? 1 : schedule.back().month) + 12);
    while (month > 1 &&
           std::any_of(schedule.begin(), schedule.end(), [month](const tco::ScheduledPurchase &p) { return p.month == month; }))
        --month;
    if (month < 1 ||
        std::any_of(schedule.begin(), schedule.end(), [month](const tco::ScheduledPurchase &p) { return p.month == month; }))
        return; // every month that can still serve has a purchase
    schedule.push_back({month, 1});
    std::sort(schedule.begin(), schedule.end(), byMonth);
    emit committed(schedule);
}

void PurchaseScheduleEditor::removeRow()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_scenario.purchases.size()) || hasProblem())
        return;
    std::vector<tco::ScheduledPurchase> schedule = m_scenario.purchases;
    schedule.erase(schedule.begin() + row);
    emit committed(schedule);
}

void PurchaseScheduleEditor::updateSummary()
{
    if (m_scenario.expansion == tco::Expansion::ToDemand) {
        m_note->setText(tr("The fleet follows demand (expansion: to demand), so it buys what each month needs; set "
                           "expansion to none to write a schedule."));
        return;
    }
    const int lead = m_scenario.leadTimeMonths;
    QStringList cohorts;
    if (m_scenario.servers > 0)
        cohorts << tr("%n server(s) in month 1", nullptr, m_scenario.servers);
    for (const tco::ScheduledPurchase &p : m_scenario.purchases)
        cohorts << tr("%n in month %1", nullptr, p.servers).arg(p.month);
    QString text = cohorts.isEmpty() ? tr("No servers are bought.")
                                     : tr("Bought: %1; each purchase is a cohort of its own, with its own bulk tier "
                                          "and holding cycles.")
                                           .arg(cohorts.join(QStringLiteral(", ")));
    if (lead > 0)
        text += tr("\nWith the %n-month lead time each cohort serves from %n month(s) after it is paid.", nullptr, lead);
    m_note->setText(text);
}

} // namespace mltco::ui

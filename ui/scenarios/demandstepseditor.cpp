#include "ui/scenarios/demandstepseditor.h"

#include "models/report/format.h"
#include "models/plan/parameters.h"
#include "ui/scenarios/listtable.h"
#include "ui/scenarios/parametertext.h"

#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

namespace mltco::ui {


DemandStepsEditor::DemandStepsEditor(QWidget *parent)
    : ListTableEditor({QStringLiteral("param_demand_steps"), QStringLiteral("addDemandStepButton"),
                       QStringLiteral("removeDemandStepButton"), QStringLiteral("demandSummary"),
                       QStringLiteral("error_demand_steps")},
                      {{tr("From month"), tr("GPU-hours/month")},
                       parametertext::tooltip(tco::parameterInfo(tco::ParamId::DemandSteps)),
                       tr("Demand steps"),
                       tr("Add step"),
                       tr("Remove step"),
                       260},
                      ColumnCount, parent)
{
}

void DemandStepsEditor::setWorkload(const tco::Workload &workload)
{
    const bool changed = workload.demandSteps != m_workload.demandSteps;
    m_workload = workload;
    if (changed || !hasProblem())
        load(workload.demandSteps);
    updateSummary();
}

void DemandStepsEditor::load(const std::vector<tco::DemandStep> &steps)
{
    m_loading = true;
    m_table->setRowCount(static_cast<int>(steps.size()));
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const int row = static_cast<int>(i);
        const double hours = steps[i].gpuHours;
        m_table->setItem(row, Month, numberItem(QString::number(steps[i].month)));
        m_table->setItem(row, GpuHours, numberItem(report::grouped(hours, hours == std::floor(hours) ? 0 : 2)));
    }
    m_loading = false;
    finishLoading();
}

std::optional<std::vector<tco::DemandStep>> DemandStepsEditor::read()
{
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::DemandSteps);
    const int horizon = m_workload.horizonMonths;
    std::vector<tco::DemandStep> steps;
    QString problem;
    QTableWidgetItem *bad = nullptr;
    clearMarks();
    for (int row = 0; row < m_table->rowCount() && !bad; ++row) {
        QTableWidgetItem *monthItem = m_table->item(row, Month);
        QTableWidgetItem *hoursItem = m_table->item(row, GpuHours);
        const std::optional<double> month = cellNumber(monthItem);
        if (!month || *month < 1 || *month > horizon || *month != std::floor(*month)) {
            problem = tr("Step %1: the month must be a whole month from 1 to %2 (the horizon).").arg(row + 1).arg(horizon);
            bad = monthItem;
            break;
        }
        const std::optional<double> hours = cellNumber(hoursItem);
        if (!hours || *hours < 0 || *hours > info.max) {
            problem = tr("Step %1: the demand must be a number of GPU-hours from 0 to %2.")
                          .arg(row + 1)
                          .arg(report::grouped(info.max, 0));
            bad = hoursItem;
            break;
        }
        const int m = static_cast<int>(*month);
        if (std::any_of(steps.begin(), steps.end(), [m](const tco::DemandStep &s) { return s.month == m; })) {
            problem = tr("Step %1: another step already starts in month %2; each step needs its own month.")
                          .arg(row + 1)
                          .arg(m);
            bad = monthItem;
            break;
        }
        steps.push_back({m, *hours});
    }
    showProblem(bad, problem);
    if (!problem.isEmpty())
        return std::nullopt;
    std::sort(steps.begin(), steps.end(), [](const tco::DemandStep &a, const tco::DemandStep &b) { return a.month < b.month; });
    return steps;
}

void DemandStepsEditor::onItemChanged()
{
    if (const auto steps = read(); steps && *steps != m_workload.demandSteps)
        emit committed(*steps);
}

void DemandStepsEditor::addRow()
{
    // A new step a year after the last one (within the horizon) at the demand then in force: valid at once.
    std::vector<tco::DemandStep> steps = m_workload.demandSteps;
    const int last = steps.empty() ? 1 : steps.back().month;
    int month = std::min(m_workload.horizonMonths, last + 12);
    while (month > 1 && std::any_of(steps.begin(), steps.end(), [month](const tco::DemandStep &s) { return s.month == month; }))
        --month;
    if (std::any_of(steps.begin(), steps.end(), [month](const tco::DemandStep &s) { return s.month == month; }))
        return; // every month has a step
    const double current = steps.empty() ? m_workload.demandGpuHours : steps.back().gpuHours;
    steps.push_back({month, current});
    std::sort(steps.begin(), steps.end(), [](const tco::DemandStep &a, const tco::DemandStep &b) { return a.month < b.month; });
    emit committed(steps);
}

void DemandStepsEditor::removeRow()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_workload.demandSteps.size()) || hasProblem())
        return;
    std::vector<tco::DemandStep> steps = m_workload.demandSteps;
    steps.erase(steps.begin() + row);
    emit committed(steps);
}

void DemandStepsEditor::updateSummary()
{
    const double first = tco::demandInMonth(m_workload, 1);
    const tco::DemandPeak peak = tco::demandPeak(m_workload);
    QString text = m_workload.demandSteps.empty()
                       ? tr("No steps: the monthly demand above applies from month 1.")
                       : tr("Each step sets the monthly demand from its month on.");
    text += tr("\nMonth 1: %1 GPU-hours; peak %2 in month %3.")
                .arg(report::grouped(first, 0), report::grouped(peak.gpuHours, 0))
                .arg(peak.month);
    if (m_workload.demandGrowth != 0.0)
        text += tr(" Growth of %1 a year compounds on top, from month 1.").arg(report::percent(m_workload.demandGrowth, 0));
    m_note->setText(text);
}

} // namespace mltco::ui

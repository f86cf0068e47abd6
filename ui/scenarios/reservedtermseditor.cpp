#include "ui/scenarios/reservedtermseditor.h"

#include "models/plan/parameters.h"
#include "models/report/format.h"
#include "ui/scenarios/parametertext.h"

#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

bool byStart(const tco::ReservedTerm &a, const tco::ReservedTerm &b)
{
    return a.startMonth < b.startMonth;
}

} // namespace

ReservedTermsEditor::ReservedTermsEditor(QWidget *parent)
    : ListTableEditor({QStringLiteral("param_terms"), QStringLiteral("addTermButton"), QStringLiteral("removeTermButton"),
                       QStringLiteral("termsSummary"), QStringLiteral("error_terms")},
                      {{tr("Start month"), tr("Instances"), tr("Months")},
                       parametertext::tooltip(tco::parameterInfo(tco::ParamId::Terms)),
                       tr("Reserved terms"),
                       tr("Add term"),
                       tr("Remove term"),
                       300},
                      ColumnCount, parent)
{
}

void ReservedTermsEditor::setScenario(const tco::ReservedScenario &scenario, int horizonMonths)
{
    const bool changed = scenario.terms != m_scenario.terms;
    m_scenario = scenario;
    m_horizon = horizonMonths;
    if (changed || !hasProblem())
        load(scenario.terms);
    updateSummary();
}

void ReservedTermsEditor::load(const std::vector<tco::ReservedTerm> &terms)
{
    m_loading = true;
    m_table->setRowCount(static_cast<int>(terms.size()));
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const int row = static_cast<int>(i);
        m_table->setItem(row, Start, numberItem(QString::number(terms[i].startMonth)));
        m_table->setItem(row, Instances, numberItem(report::grouped(terms[i].instances, 0)));
        m_table->setItem(row, Months, numberItem(QString::number(terms[i].termMonths)));
    }
    m_loading = false;
    finishLoading();
}

std::optional<std::vector<tco::ReservedTerm>> ReservedTermsEditor::read()
{
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::Terms);
    const tco::ParameterInfo &length = tco::parameterInfo(tco::ParamId::CommitTermMonths);
    std::vector<tco::ReservedTerm> terms;
    QString problem;
    QTableWidgetItem *bad = nullptr;
    clearMarks();
    for (int row = 0; row < m_table->rowCount() && problem.isEmpty(); ++row) {
        QTableWidgetItem *startItem = m_table->item(row, Start);
        QTableWidgetItem *instancesItem = m_table->item(row, Instances);
        QTableWidgetItem *monthsItem = m_table->item(row, Months);
        const std::optional<double> start = cellWhole(startItem);
        const std::optional<double> instances = cellWhole(instancesItem);
        const std::optional<double> months = cellWhole(monthsItem);
        if (!start || *start < 1 || *start > m_horizon) {
            problem = tr("Term %1: the start must be a whole month from 1 to %2 (the horizon).").arg(row + 1).arg(m_horizon);
            bad = startItem;
        } else if (!instances || *instances < 1 || *instances > info.max) {
            problem = tr("Term %1: the instances must be a whole number from 1 to %2.")
                          .arg(row + 1)
                          .arg(report::grouped(info.max, 0));
            bad = instancesItem;
        } else if (!months || *months < length.min || *months > length.max) {
            problem = tr("Term %1: the term must be a whole number of months from %2 to %3.")
                          .arg(row + 1)
                          .arg(length.min)
                          .arg(length.max);
            bad = monthsItem;
        } else {
            terms.push_back({static_cast<int>(*start), static_cast<int>(*instances), static_cast<int>(*months)});
        }
    }
    showProblem(bad, problem);
    if (!problem.isEmpty())
        return std::nullopt;
    std::stable_sort(terms.begin(), terms.end(), byStart);
    return terms;
}

void ReservedTermsEditor::onItemChanged()
{
    if (const auto terms = read(); terms && *terms != m_scenario.terms)
        emit committed(*terms);
}

void ReservedTermsEditor::addRow()
{
    // One instance for the usual year, from the month after the last term ends (a renewal), else from month 1.
    std::vector<tco::ReservedTerm> terms = m_scenario.terms;
    int start = 1;
    int length = 12;
    if (!terms.empty()) {
        const tco::ReservedTerm &last = terms.back();
        start = std::min(m_horizon, last.startMonth + last.termMonths);
        length = last.termMonths;
        terms.push_back({start, last.instances, length});
    } else {
        terms.push_back({start, 1, length});
    }
    std::stable_sort(terms.begin(), terms.end(), byStart);
    emit committed(terms);
}

void ReservedTermsEditor::removeRow()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_scenario.terms.size()) || hasProblem())
        return;
    std::vector<tco::ReservedTerm> terms = m_scenario.terms;
    terms.erase(terms.begin() + row);
    emit committed(terms);
}

void ReservedTermsEditor::updateSummary()
{
    if (m_scenario.terms.empty()) {
        m_note->setText(tr("No terms: the scenario holds no instances and pays only its overhead and staff. Add a term "
                           "to reserve capacity."));
        return;
    }
    int most = 0, mostMonth = 1;
    QStringList outliving;
    for (int m = 1; m <= m_horizon; ++m) {
        int active = 0;
        for (const tco::ReservedTerm &t : m_scenario.terms)
            if (t.startMonth <= m && m < t.startMonth + t.termMonths)
                active += t.instances;
        if (active > most) {
            most = active;
            mostMonth = m;
        }
    }
    for (std::size_t i = 0; i < m_scenario.terms.size(); ++i) {
        const tco::ReservedTerm &t = m_scenario.terms[i];
        if (t.startMonth + t.termMonths - 1 > m_horizon)
            outliving << tr("term %1 (to month %2)").arg(i + 1).arg(t.startMonth + t.termMonths - 1);
    }
    QString text = (most == 1 ? tr("At most 1 instance reserved at once (from month %1).").arg(mostMonth)
                              : tr("At most %1 instances reserved at once (from month %2).").arg(most).arg(mostMonth)) +
                   tr(" Nothing renews by itself: a renewal is another term.");
    if (!outliving.isEmpty())
        text += tr("\n%1 outlive the %2-month plan: an upfront is still paid in full.")
                    .arg(outliving.join(QStringLiteral(", ")))
                    .arg(m_horizon);
    m_note->setText(text);
}

} // namespace mltco::ui

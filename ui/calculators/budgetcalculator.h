#pragma once

#include "models/tco/calculators.h"

#include <QWidget>

#include <vector>

class QTableWidget;

namespace mltco::ui {

class CalculatorFrame;
class NumberField;
class PlanEditor;

/// Billing alerts (model.md §7, seed 003): alerts at 25/50/75/100 % of a monthly budget, and the month in
/// which each of the plan's scenarios first sets each one off. Follows the plan: every edit re-runs it.
class BudgetCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit BudgetCalculator(PlanEditor *editor, QWidget *parent = nullptr);

protected:
    /// Catches up with plan or catalog changes made while the page was hidden.
    void showEvent(QShowEvent *event) override;

private:
    /// Recomputes now when shown; when hidden, on the next show (plan edits come at every keystroke).
    void planChanged();
    /// One scenario's monthly costs and the month each alert first goes off.
    struct ScenarioAlerts final
    {
        QString name;
        std::vector<double> costs;
        std::vector<tco::BudgetCrossing> crossings;
        double highest = 0.0;
    };

    void recompute();
    /// The plan's currency: the budget and every figure are in it.
    QString currency() const;
    void fillTable(const std::vector<ScenarioAlerts> &rows, double budget);
    void showChart(const std::vector<ScenarioAlerts> &rows, double budget, int month);
    /// `leftOut`: names (HTML) of scenarios the evaluation left out, said as not checked.
    void showSummary(const std::vector<ScenarioAlerts> &rows, double budget, const QStringList &leftOut);

    PlanEditor *m_editor = nullptr;
    bool m_stale = false;
    CalculatorFrame *m_frame = nullptr;
    NumberField *m_budget = nullptr;
    NumberField *m_month = nullptr;
    QTableWidget *m_table = nullptr;
};

} // namespace mltco::ui

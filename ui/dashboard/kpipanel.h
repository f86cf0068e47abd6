#pragma once

#include "models/plan/planevaluation.h"

#include <QList>
#include <QWidget>

#include <optional>

class QGridLayout;

namespace mltco::ui {

class KpiCard;
struct DashboardSummary;

/// The dashboard's top rows: the plan's headline cards (cheapest, saving, break-even, demand) and one card
/// per scenario with its total and NPV.
class KpiPanel final : public QWidget
{
    Q_OBJECT

public:
    explicit KpiPanel(QWidget *parent = nullptr);

    void setResult(const tco::PlanResult &result, const DashboardSummary &summary);
    /// The break-even card on the comparison given (a purchase the reader chose on the break-even chart, against the
    /// plan's one counterpart: tco::headlineBreakEven).
    void showBreakEven(const tco::PlanResult &result, const std::optional<tco::HeadlineBreakEven> &headline);

    int scenarioCardCount() const { return static_cast<int>(m_scenarioCards.size()); }
    /// Cards a row of the scenario grid holds at the panel's width (fewer on a narrow window, so names fit).
    int scenarioColumns() const { return m_columns; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Places the scenario cards in as many columns as the width allows (when that number changes).
    void arrangeScenarioCards(bool force = false);
    /// Gives each scenario card the height its wrapped name and details need at its column's width (a grid lays
    /// word-wrapped labels out one line high, cutting a two-line name).
    void fitCardHeights();

    void updateCheapest(const tco::PlanResult &result, const DashboardSummary &summary);
    void updateSaving(const tco::PlanResult &result, const DashboardSummary &summary);
    void updateBreakEven(const tco::PlanResult &result, const DashboardSummary &summary);
    void updateDemand(const tco::PlanResult &result, const DashboardSummary &summary);
    void updateScenarioCards(const tco::PlanResult &result, const DashboardSummary &summary);

    KpiCard *m_cheapest;
    KpiCard *m_saving;
    KpiCard *m_breakEven;
    KpiCard *m_demand;
    QGridLayout *m_scenarioGrid;
    QList<KpiCard *> m_scenarioCards;
    int m_columns = 0;
};

} // namespace mltco::ui

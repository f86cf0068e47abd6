#pragma once

#include <QList>
#include <QWidget>

class QGridLayout;

namespace mltco::tco {
struct PlanResult;
}

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

    int scenarioCardCount() const { return static_cast<int>(m_scenarioCards.size()); }

private:
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
};

} // namespace mltco::ui

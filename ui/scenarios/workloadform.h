#pragma once

#include "models/plan/parameters.h"

#include <QGroupBox>
#include <QMap>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QGridLayout;
class QLabel;
class QPushButton;

namespace mltco::ui {

class DemandStepsEditor;
class ParameterField;
class PlanEditor;

/// The plan's workload (model.md §3, §10.1), which every scenario serves: one field per workload parameter of
/// the parameter table, and the demand steps in a table of their own. Each confirmed value is one PlanEditor::setWorkloadValue() (one undo step).
class WorkloadForm final : public QGroupBox
{
    Q_OBJECT

public:
    explicit WorkloadForm(PlanEditor *editor, QWidget *parent = nullptr);

    /// Shows the plan's values without touching text the user is typing.
    void updateFromPlan();
    /// Columns of fields as laid out now: 2 from kTwoColumnWidth pixels wide, else 1.
    int columns() const { return m_columns; }

    static constexpr int kTwoColumnWidth = 1150;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    /// The person chose `code`: asks whether to convert the plan's amounts at a stated rate or keep the figures.
    void chooseCurrency(const QString &code);
    void arrange(int columns);

    PlanEditor *m_editor;
    QGridLayout *m_grid;
    QMap<tco::ParamId, ParameterField *> m_fields;
    QList<ParameterField *> m_order; ///< in the parameter table's order
    QLabel *m_currencyLabel = nullptr;
    QComboBox *m_currency = nullptr; ///< the plan's currency (model.md §13)
    QLabel *m_currencyNote = nullptr;
    QLabel *m_stepsLabel = nullptr;
    DemandStepsEditor *m_steps = nullptr;
    /// The team changed size while the demand is the whole team's: said, with the offer to make it per engineer.
    QWidget *m_teamOffer = nullptr;
    QLabel *m_teamNote = nullptr;
    QPushButton *m_perEngineer = nullptr;
    int m_teamBefore = -1; ///< the team size the whole-team demand was set for; -1 when nothing is offered
    void updateTeamOffer();
    void updateElectricityNote();
    /// workload.prices_as_of: the day whose catalog prices the plan stands on, or the latest (unticked).
    QLabel *m_pricesLabel = nullptr;
    QWidget *m_prices = nullptr;
    QCheckBox *m_pricesPinned = nullptr;
    QDateEdit *m_pricesDay = nullptr;
    QLabel *m_pricesNote = nullptr;
    void setPricesDay(const QDate &day);
    int m_columns = 0;
};

} // namespace mltco::ui

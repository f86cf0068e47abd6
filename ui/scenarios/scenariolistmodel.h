#pragma once

#include "models/tco/scenario.h"

#include <QAbstractTableModel>
#include <QList>
#include <QString>

#include <optional>

namespace mltco::tco {
struct Plan;
struct PlanResult;
} // namespace mltco::tco

namespace mltco::ui {

/// The plan's scenarios in plan order, with their kind and whether they meet the demand (model.md §5:
/// a scenario with unmet demand is flagged wherever it is shown).
class ScenarioListModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Kind, Demand, ColumnCount };
    enum Role {
        /// Share of the demand left unserved (double, 0 when met); invalid when the plan was not evaluated.
        UnmetShareRole = Qt::UserRole + 1,
        /// Whether the scenario was left out of the evaluation (it cannot be evaluated yet): bool.
        LeftOutRole,
    };

    explicit ScenarioListModel(QObject *parent = nullptr);

    /// Takes the scenarios of `plan` and, when there is one, its evaluation `result` (scenarios it left out are
    /// marked "incomplete", with what they lack).
    void setPlan(const tco::Plan &plan, const tco::PlanResult *result);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// "Dedicated", "Cluster", ...: the kind as the list and the form name it.
    static QString kindName(tco::ScenarioKind kind);

private:
    struct Row final
    {
        QString name;
        tco::ScenarioKind kind = tco::ScenarioKind::Dedicated;
        std::optional<double> unmetShare; ///< none: not evaluated
        double unmet = 0.0;               ///< reference GPU-hours over the horizon
        QStringList leftOut;              ///< why the evaluation left it out, in words; empty when it did not

        bool operator==(const Row &) const = default;
    };

    QList<Row> m_rows;
};

} // namespace mltco::ui

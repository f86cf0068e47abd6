#include "ui/scenarios/scenariolistmodel.h"

#include "models/report/format.h"
#include "models/report/problemtext.h"
#include "models/plan/planevaluation.h"
#include "ui/core/theme.h"

#include <QApplication>
#include <QBrush>
#include <QColor>
#include <QStyle>

namespace mltco::ui {

ScenarioListModel::ScenarioListModel(QObject *parent) : QAbstractTableModel(parent) {}

QString ScenarioListModel::kindName(tco::ScenarioKind kind)
{
    switch (kind) {
    case tco::ScenarioKind::Dedicated:
        return tr("Dedicated");
    case tco::ScenarioKind::Cluster:
        return tr("Cluster");
    case tco::ScenarioKind::Elastic:
        return tr("Elastic");
    case tco::ScenarioKind::Purchase:
        return tr("Purchase");
    case tco::ScenarioKind::Reserved:
        return tr("Reserved");
    case tco::ScenarioKind::Mix:
        return tr("Mix");
    case tco::ScenarioKind::Hybrid:
        break;
    }
    return tr("Hybrid");
}

void ScenarioListModel::setPlan(const tco::Plan &plan, const tco::PlanResult *result)
{
    QList<Row> rows;
    rows.reserve(plan.scenarios.size());
    for (qsizetype i = 0; i < plan.scenarios.size(); ++i) {
        Row row;
        row.name = plan.scenarios[i].name;
        row.kind = plan.scenarios[i].kind();
        const auto position = static_cast<std::size_t>(i);
        if (const tco::EvaluatedScenario *evaluated = result ? result->atPlanPosition(position) : nullptr) {
            const tco::ScenarioResult &r = evaluated->result;
            row.unmet = r.hasUnmetDemand() ? r.unmet : 0.0;
            row.unmetShare = r.demand > 0.0 ? row.unmet / r.demand : 0.0;
        } else if (const tco::LeftOut *out = result ? result->leftOutAt(position) : nullptr) {
            for (const QString &problem : out->problems)
                row.leftOut << report::problemText(problem, plan);
        }
        rows << row;
    }
    if (rows == m_rows)
        return;
    // Same length: names, kinds or flags changed in place (rename, edits), so views keep their selection.
    if (rows.size() == m_rows.size()) {
        m_rows = rows;
        emit dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int ScenarioListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ScenarioListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScenarioListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    const bool unmet = row.unmetShare && *row.unmetShare > 0.0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name:
            return row.name;
        case Kind:
            return kindName(row.kind);
        case Demand:
            if (!row.leftOut.isEmpty())
                return tr("incomplete");
            if (!row.unmetShare)
                return QStringLiteral("\u2014");
            return unmet ? tr("%1 unmet").arg(report::percent(*row.unmetShare, 0)) : tr("met");
        }
        break;
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("<b>%1</b> (%2)").arg(row.name.toHtmlEscaped(), kindName(row.kind).toLower());
        if (!row.leftOut.isEmpty()) {
            tip += tr("<br>Incomplete: left out of the dashboard, the totals and the reports until it can be "
                      "evaluated.<ul style=\"margin: 2px 0 0 -20px;\">");
            for (const QString &line : row.leftOut)
                tip += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
            tip += QStringLiteral("</ul>");
        } else if (!row.unmetShare) {
            tip += tr("<br>Not evaluated: the plan cannot be evaluated as it stands.");
        } else if (unmet) {
            tip += tr("<br>Unmet demand: %1 reference GPU-hours over the horizon (%2 of the demand) are not served. "
                      "It is cheaper because it does less.")
                       .arg(report::grouped(row.unmet, 0), report::percent(*row.unmetShare, 1));
        } else {
            tip += tr("<br>Serves the whole demand.");
        }
        return tip;
    }
    case Qt::DecorationRole:
        if (index.column() == Name && !row.leftOut.isEmpty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (index.column() == Name && unmet)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        break;
    case Qt::ForegroundRole:
        if (index.column() == Demand)
            return QBrush(theme::color(unmet || !row.leftOut.isEmpty() ? theme::Role::BadText : theme::Role::Muted));
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == Demand)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case UnmetShareRole:
        return row.unmetShare ? QVariant(*row.unmetShare) : QVariant();
    case LeftOutRole:
        return !row.leftOut.isEmpty();
    default:
        break;
    }
    return {};
}

QVariant ScenarioListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name:
        return tr("Scenario");
    case Kind:
        return tr("Kind");
    case Demand:
        return tr("Demand");
    default:
        break;
    }
    return {};
}

} // namespace mltco::ui

#include "ui/scenarios/demandstepseditor.h"

#include "models/report/format.h"
#include "models/tco/parameters.h"
#include "ui/scenarios/parametertext.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

const QColor kBadCell(0xfd, 0xe7, 0xe4);

QTableWidgetItem *numberItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

std::optional<double> number(const QTableWidgetItem *item)
{
    if (!item)
        return std::nullopt;
    QString text = item->text().trimmed();
    text.remove(QLatin1Char(','));
    bool ok = false;
    const double value = QLocale::c().toDouble(text, &ok);
    return ok && std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

} // namespace

DemandStepsEditor::DemandStepsEditor(QWidget *parent)
    : QWidget(parent), m_table(new QTableWidget(0, ColumnCount, this)), m_add(new QPushButton(tr("Add step"), this)),
      m_remove(new QPushButton(tr("Remove step"), this)), m_summary(new QLabel(this)), m_error(new QLabel(this))
{
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::DemandSteps);
    m_table->setObjectName(QStringLiteral("param_demand_steps"));
    m_table->setHorizontalHeaderLabels({tr("From month"), tr("GPU-hours/month")});
    m_table->setToolTip(parametertext::tooltip(info));
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->setFixedWidth(260);
    m_table->setAccessibleName(tr("Demand steps"));
    m_add->setObjectName(QStringLiteral("addDemandStepButton"));
    m_remove->setObjectName(QStringLiteral("removeDemandStepButton"));
    m_summary->setObjectName(QStringLiteral("demandSummary"));
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("color: #5f6b77;"));
    m_error->setObjectName(QStringLiteral("error_demand_steps"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_error->setVisible(false);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_table, 0, 0, 3, 1);
    grid->addWidget(m_add, 0, 1);
    grid->addWidget(m_remove, 1, 1);
    grid->addWidget(m_summary, 0, 2, 3, 1, Qt::AlignTop);
    grid->addWidget(m_error, 3, 0, 1, 3);
    grid->setColumnStretch(2, 1);
    grid->setRowStretch(2, 1);

    connect(m_table, &QTableWidget::itemChanged, this, &DemandStepsEditor::onItemChanged);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_table->selectedItems().isEmpty()); });
    connect(m_add, &QPushButton::clicked, this, &DemandStepsEditor::addStep);
    connect(m_remove, &QPushButton::clicked, this, &DemandStepsEditor::removeStep);
    m_remove->setEnabled(false);
}

void DemandStepsEditor::setWorkload(const tco::Workload &workload)
{
    const bool changed = workload.demandSteps != m_workload.demandSteps;
    m_workload = workload;
    if (changed || !m_error->isVisible())
        load(workload.demandSteps);
    updateSummary();
}

void DemandStepsEditor::load(const std::vector<tco::DemandStep> &steps)
{
    m_loading = true;
    m_table->setRowCount(static_cast<int>(steps.size()));
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const int row = static_cast<int>(i);
        m_table->setItem(row, Month, numberItem(QString::number(steps[i].month)));
        m_table->setItem(row, GpuHours, numberItem(report::grouped(steps[i].gpuHours, steps[i].gpuHours == std::floor(steps[i].gpuHours) ? 0 : 2)));
    }
    m_loading = false;
    const int rows = std::max(2, m_table->rowCount());
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() +
                            rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth());
    m_error->setVisible(false);
    m_remove->setEnabled(!m_table->selectedItems().isEmpty());
}

std::optional<std::vector<tco::DemandStep>> DemandStepsEditor::read()
{
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::DemandSteps);
    const int horizon = m_workload.horizonMonths;
    std::vector<tco::DemandStep> steps;
    QString problem;
    QTableWidgetItem *bad = nullptr;
    m_loading = true;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        for (int column = 0; column < ColumnCount; ++column) {
            if (QTableWidgetItem *item = m_table->item(row, column))
                item->setBackground(QBrush());
        }
    }
    for (int row = 0; row < m_table->rowCount() && !bad; ++row) {
        QTableWidgetItem *monthItem = m_table->item(row, Month);
        QTableWidgetItem *hoursItem = m_table->item(row, GpuHours);
        const std::optional<double> month = number(monthItem);
        if (!month || *month < 1 || *month > horizon || *month != std::floor(*month)) {
            problem = tr("Step %1: the month must be a whole month from 1 to %2 (the horizon).").arg(row + 1).arg(horizon);
            bad = monthItem;
            break;
        }
        const std::optional<double> hours = number(hoursItem);
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
    if (bad)
        bad->setBackground(kBadCell);
    m_loading = false;
    m_error->setText(problem.isEmpty() ? QString() : tr("Not applied: %1").arg(problem));
    m_error->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        return std::nullopt;
    std::sort(steps.begin(), steps.end(), [](const tco::DemandStep &a, const tco::DemandStep &b) { return a.month < b.month; });
    return steps;
}

void DemandStepsEditor::onItemChanged()
{
    if (m_loading)
        return;
    if (const auto steps = read(); steps && *steps != m_workload.demandSteps)
        emit committed(*steps);
}

void DemandStepsEditor::addStep()
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

void DemandStepsEditor::removeStep()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_workload.demandSteps.size()) || m_error->isVisible())
        return;
    std::vector<tco::DemandStep> steps = m_workload.demandSteps;
    steps.erase(steps.begin() + row);
    emit committed(steps);
}

void DemandStepsEditor::updateSummary()
{
    tco::DemandCursor cursor(m_workload);
    double first = 0.0;
    double peak = 0.0;
    int peakMonth = 1;
    for (int m = 1; m <= m_workload.horizonMonths; ++m) {
        const double g = cursor.next();
        if (m == 1)
            first = g;
        if (g > peak) {
            peak = g;
            peakMonth = m;
        }
    }
    QString text = m_workload.demandSteps.empty()
                       ? tr("No steps: the monthly demand above applies from month 1.")
                       : tr("Each step sets the monthly demand from its month on.");
    text += tr("\nMonth 1: %1 GPU-hours; peak %2 in month %3.")
                .arg(report::grouped(first, 0), report::grouped(peak, 0))
                .arg(peakMonth);
    if (m_workload.demandGrowth != 0.0)
        text += tr(" Growth of %1 a year compounds on top, from month 1.").arg(report::percent(m_workload.demandGrowth, 0));
    m_summary->setText(text);
}

} // namespace mltco::ui

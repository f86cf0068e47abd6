#include "ui/scenarios/gpupickerbox.h"

#include "models/catalog/gputable.h"
#include "models/plan/parameters.h"
#include "models/report/format.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mltco::ui {
namespace {

// The note's opening names the GPU, so the box can show which one the values came from.
QString notePrefix(const QString &gpu)
{
    return GpuPickerBox::tr("From the catalog's %1").arg(gpu);
}

int gpusPerServer(const tco::PlanScenario &s)
{
    return static_cast<int>(tco::parameterValue(s.scenario, tco::ParamId::GpusPerServer).value_or(8.0));
}

} // namespace

GpuPickerBox::GpuPickerBox(PlanEditor *editor, int index, const catalog::CatalogRepository &catalog, QWidget *parent)
    : QGroupBox(tr("GPU from the catalog"), parent), m_editor(editor), m_index(index), m_gpus(catalog.gpus()),
      m_combo(new QComboBox(this)), m_source(new QLabel(this))
{
    setObjectName(QStringLiteral("gpuPickerBox"));
    m_combo->setObjectName(QStringLiteral("purchaseGpu"));
    m_source->setObjectName(QStringLiteral("purchaseGpuSource"));
    m_source->setWordWrap(true);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_combo->setToolTip(tr("Fills the speedup and the power per server from the GPU's datasheet; both stay editable."));
    m_combo->addItem(tr("Choose a GPU to fill speedup and power…"));
    for (const catalog::Gpu &gpu : std::as_const(m_gpus)) {
        QStringList facts;
        if (gpu.tdpW > 0)
            facts << tr("%1 W").arg(report::grouped(gpu.tdpW, 0));
        if (gpu.memoryGb > 0)
            facts << tr("%1 GB").arg(report::grouped(gpu.memoryGb, 0));
        m_combo->addItem(facts.isEmpty() ? gpu.name : tr("%1 (%2)").arg(gpu.name, facts.join(QStringLiteral(", "))));
    }
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_combo);
    layout->addWidget(m_source);
    connect(m_combo, &QComboBox::activated, this, &GpuPickerBox::choose);
    updateFromPlan();
}

GpuPickerBox::Fill GpuPickerBox::fillFor(const catalog::Gpu &gpu, int gpusPerServer)
{
    Fill fill;
    QStringList parts;
    if (gpu.speedup) {
        fill.speedup = gpu.speedup;
        parts << tr("speedup %1 as set in the catalog (%2)")
                     .arg(report::grouped(*gpu.speedup, 2), gpu.speedupSource.isEmpty() ? tr("no source") : gpu.speedupSource);
    } else if (const std::optional<double> estimate = catalog::estimatedSpeedup(gpu)) {
        fill.speedup = estimate;
        parts << tr("speedup %1 estimated from the datasheet, %2").arg(report::grouped(*estimate, 2), catalog::estimateBasis(gpu));
    }
    fill.powerKw = gpu.tdpW * gpusPerServer / 1000.0;
    if (gpu.tdpW > 0)
        parts << tr("power %1 × %2 W TDP = %3 kW for the GPUs alone (the host's CPUs, memory and fans add more)%4")
                     .arg(gpusPerServer)
                     .arg(report::grouped(gpu.tdpW, 0), QString::number(fill.powerKw, 'g', 6),
                          gpu.source.isEmpty() ? QString() : tr(" (%1)").arg(gpu.source));
    fill.why = tr("%1: %2.").arg(notePrefix(gpu.name), parts.join(QStringLiteral("; ")));
    return fill;
}

void GpuPickerBox::choose(int row)
{
    if (row < 1 || row > m_gpus.size())
        return;
    const catalog::Gpu &gpu = m_gpus.at(row - 1);
    const tco::PlanScenario &s = m_editor->plan().scenarios.at(m_index);
    const Fill fill = fillFor(gpu, gpusPerServer(s));
    QList<std::pair<tco::ParamId, double>> values;
    if (fill.speedup)
        values.append({tco::ParamId::Speedup, *fill.speedup});
    if (gpu.tdpW > 0)
        values.append({tco::ParamId::PowerKwPerServer, fill.powerKw});
    if (values.isEmpty()) {
        m_source->setText(tr("The catalog knows neither a speedup nor a TDP for %1: nothing was filled.").arg(gpu.name));
        return;
    }
    m_editor->setScenarioValues(m_index, values, tr("Fill %1 from the catalog's %2").arg(s.name, gpu.name), fill.why);
    updateFromPlan();
}

void GpuPickerBox::updateFromPlan()
{
    if (m_index < 0 || m_index >= m_editor->plan().scenarios.size())
        return;
    const tco::PlanScenario &s = m_editor->plan().scenarios.at(m_index);
    QString why = s.assumptions.value(tco::parameterKey(tco::ParamId::Speedup));
    if (why.isEmpty())
        why = s.assumptions.value(tco::parameterKey(tco::ParamId::PowerKwPerServer));
    int row = 0;
    for (int i = 0; i < m_gpus.size() && row == 0; ++i)
        if (why.startsWith(notePrefix(m_gpus.at(i).name) + QLatin1Char(':')))
            row = i + 1;
    const QSignalBlocker block(m_combo);
    m_combo->setCurrentIndex(row);
    if (row == 0) {
        m_source->setText(tr("The speedup and power per server below are the plan's own figures. Pick a GPU to fill "
                             "them from its datasheet."));
        return;
    }
    // A value typed over the GPU's keeps the note: say which figures are no longer the datasheet's.
    const Fill fill = fillFor(m_gpus.at(row - 1), gpusPerServer(s));
    QStringList changed;
    const auto differs = [&](tco::ParamId id, std::optional<double> expected) {
        const std::optional<double> v = tco::parameterValue(s.scenario, id);
        return expected && v && std::abs(*v - *expected) > 1e-9 * std::max(1.0, std::abs(*expected));
    };
    if (differs(tco::ParamId::Speedup, fill.speedup))
        changed << tr("speedup %1").arg(report::grouped(*tco::parameterValue(s.scenario, tco::ParamId::Speedup), 2));
    if (m_gpus.at(row - 1).tdpW > 0 && differs(tco::ParamId::PowerKwPerServer, fill.powerKw))
        changed << tr("power per server %1 kW")
                       .arg(QString::number(*tco::parameterValue(s.scenario, tco::ParamId::PowerKwPerServer), 'g', 6));
    m_source->setText(changed.isEmpty() ? why
                                        : tr("%1 Since changed in the plan: %2.").arg(why, changed.join(tr(" and "))));
}

} // namespace mltco::ui

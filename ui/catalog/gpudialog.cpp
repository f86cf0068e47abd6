#include "ui/catalog/gpudialog.h"

#include "ui/catalog/catalogformat.h"
#include "ui/catalog/pricedialog.h"
#include "ui/core/theme.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mltco::ui {

namespace {
enum FigureColumn { Metric, Tflops, GpuCount, Source, FigureColumns };
}

GpuDialog::GpuDialog(const QList<catalog::GpuRecord> &existing, const QHash<QString, catalog::Source> &sources,
                     QWidget *parent)
    : QDialog(parent), m_existing(existing), m_sources(sources)
{
    setObjectName(QStringLiteral("gpuDialog"));
    setWindowTitle(tr("Add GPU model"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("gpuName"));
    m_name->setPlaceholderText(tr("model and memory, e.g. H200 141GB"));
    m_vendor = new QLineEdit(this);
    m_vendor->setObjectName(QStringLiteral("gpuVendor"));
    m_architecture = new QLineEdit(this);
    m_architecture->setObjectName(QStringLiteral("gpuArchitecture"));
    m_year = new QSpinBox(this);
    m_year->setObjectName(QStringLiteral("gpuYear"));
    m_year->setRange(1999, 2100);
    m_year->setSpecialValueText(tr("unknown"));
    m_year->setMinimum(1999);
    m_year->setValue(1999);
    m_memory = new QDoubleSpinBox(this);
    m_memory->setObjectName(QStringLiteral("gpuMemory"));
    m_memory->setRange(0, 10000);
    m_memory->setDecimals(0);
    m_memory->setSuffix(tr(" GB"));
    m_memory->setSpecialValueText(tr("unknown"));
    m_tdp = new QDoubleSpinBox(this);
    m_tdp->setObjectName(QStringLiteral("gpuTdp"));
    m_tdp->setRange(0, 5000);
    m_tdp->setDecimals(0);
    m_tdp->setSuffix(tr(" W"));
    m_tdp->setSpecialValueText(tr("unknown"));
    m_speedup = new QLineEdit(this);
    m_speedup->setObjectName(QStringLiteral("gpuSpeedup"));
    m_speedup->setPlaceholderText(tr("reference GPU-hours per hour (V100 16GB = 1); empty if unknown"));
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Vendor:"), m_vendor);
    form->addRow(tr("Architecture:"), m_architecture);
    form->addRow(tr("Year:"), m_year);
    form->addRow(tr("Memory:"), m_memory);
    form->addRow(tr("TDP:"), m_tdp);
    form->addRow(tr("Speedup:"), m_speedup);
    layout->addLayout(form);

    auto *figuresLabel =
        new QLabel(tr("Throughput figures (TFLOPS). “Quoted for” is 1 for a per-GPU figure, or the number of "
                      "GPUs of the node a figure is quoted for (8 for the figure the vendor quotes for a whole "
                      "8 × A100 node, about 2,200)."),
                   this);
    figuresLabel->setWordWrap(true);
    layout->addWidget(figuresLabel);
    m_figures = new QTableWidget(0, FigureColumns, this);
    m_figures->setTabKeyNavigation(false); // Tab leaves the table; arrows move between cells
    m_figures->setObjectName(QStringLiteral("gpuFigures"));
    m_figures->setHorizontalHeaderLabels({tr("Metric"), tr("TFLOPS"), tr("Quoted for (GPUs)"), tr("Source")});
    m_figures->horizontalHeader()->setSectionResizeMode(Source, QHeaderView::Stretch);
    m_figures->setColumnWidth(Metric, 180);
    m_figures->setColumnWidth(Tflops, 110);
    m_figures->setColumnWidth(GpuCount, 140);
    m_figures->verticalHeader()->hide();
    m_figures->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_figures->setMinimumHeight(180);
    layout->addWidget(m_figures);
    auto *figureButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add figure"), this);
    add->setObjectName(QStringLiteral("gpuAddFigure"));
    auto *remove = new QPushButton(tr("Remove figure"), this);
    remove->setObjectName(QStringLiteral("gpuRemoveFigure"));
    figureButtons->addWidget(add);
    figureButtons->addWidget(remove);
    figureButtons->addStretch();
    layout->addLayout(figureButtons);
    connect(add, &QPushButton::clicked, this, [this] { addFigure({QStringLiteral("tf32_dense"), 0, 1, {}}); });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_figures->currentRow();
        if (row < 0)
            return;
        m_figures->removeRow(row);
        m_rowOriginals.removeAt(row);
        validate();
    });

    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("gpuProblems"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText)));
    layout->addWidget(m_problems);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problems().isEmpty())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *e : {m_name, m_speedup})
        connect(e, &QLineEdit::textChanged, this, &GpuDialog::validate);
    validate();
    resize(640, 600);
}

void GpuDialog::addFigure(const catalog::ThroughputFigure &figure, bool original)
{
    const int row = m_figures->rowCount();
    m_figures->insertRow(row);
    auto *metric = new QComboBox(m_figures);
    metric->setEditable(true);
    for (const QString &m : catalogtext::knownMetrics())
        metric->addItem(catalogtext::metricLabel(m), m);
    const int known = metric->findData(figure.metric);
    if (known >= 0)
        metric->setCurrentIndex(known);
    else
        metric->setCurrentText(figure.metric);
    auto *tflops = new QDoubleSpinBox(m_figures);
    tflops->setRange(0, 1e6);
    tflops->setDecimals(2);
    tflops->setValue(figure.tflops);
    auto *count = new QSpinBox(m_figures);
    count->setRange(1, 1024);
    count->setValue(figure.gpuCount);
    m_figures->setCellWidget(row, Metric, metric);
    m_figures->setCellWidget(row, Tflops, tflops);
    m_figures->setCellWidget(row, GpuCount, count);
    auto *source =
        new QTableWidgetItem(original ? catalogtext::sourceLabel(figure.source, m_sources) : tr("Entered by hand"));
    source->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    m_figures->setItem(row, Source, source);
    m_rowOriginals.append(original ? std::optional(figure) : std::nullopt);
    connect(metric, &QComboBox::currentTextChanged, this, &GpuDialog::validate);
    connect(tflops, &QDoubleSpinBox::valueChanged, this, &GpuDialog::validate);
    connect(count, &QSpinBox::valueChanged, this, &GpuDialog::validate);
    validate();
}

void GpuDialog::edit(const catalog::GpuRecord &record)
{
    m_original = record;
    setWindowTitle(tr("Edit GPU model %1").arg(record.gpu.name));
    m_name->setText(record.gpu.name);
    m_vendor->setText(record.gpu.vendor);
    m_architecture->setText(record.gpu.architecture);
    m_year->setValue(record.gpu.year > 0 ? record.gpu.year : m_year->minimum());
    m_memory->setValue(record.gpu.memoryGb);
    m_tdp->setValue(record.gpu.tdpW);
    m_speedup->setText(record.gpu.speedup ? catalogtext::number(*record.gpu.speedup) : QString());
    for (const catalog::ThroughputFigure &f : record.gpu.throughput)
        addFigure(f, true);
    validate();
}

catalog::Gpu GpuDialog::gpu() const
{
    catalog::Gpu g;
    g.name = m_name->text().trimmed();
    g.vendor = m_vendor->text().trimmed();
    g.architecture = m_architecture->text().trimmed();
    g.year = m_year->value() == m_year->minimum() ? 0 : m_year->value();
    g.memoryGb = m_memory->value();
    g.tdpW = m_tdp->value();
    if (!m_speedup->text().trimmed().isEmpty())
        g.speedup = parseAmount(m_speedup->text());
    if (m_original && m_original->gpu.name == g.name && m_original->gpu.vendor == g.vendor &&
        m_original->gpu.architecture == g.architecture && m_original->gpu.year == g.year &&
        m_original->gpu.memoryGb == g.memoryGb && m_original->gpu.tdpW == g.tdpW)
        g.source = m_original->gpu.source; // unchanged description: still the datasheet's
    for (int row = 0; row < m_figures->rowCount(); ++row) {
        const auto *metric = static_cast<QComboBox *>(m_figures->cellWidget(row, Metric));
        const auto *tflops = static_cast<QDoubleSpinBox *>(m_figures->cellWidget(row, Tflops));
        const auto *count = static_cast<QSpinBox *>(m_figures->cellWidget(row, GpuCount));
        const int known = metric->findText(metric->currentText());
        catalog::ThroughputFigure f{known >= 0 ? metric->itemData(known).toString() : metric->currentText().trimmed(),
                                    tflops->value(),
                                    count->value(),
                                    {}};
        const std::optional<catalog::ThroughputFigure> &o = m_rowOriginals.at(row);
        if (o && o->metric == f.metric && o->tflops == f.tflops && o->gpuCount == f.gpuCount)
            f.source = o->source;
        g.throughput << f;
    }
    return g;
}

QStringList GpuDialog::problems() const
{
    QStringList out;
    const catalog::Gpu g = gpu();
    if (g.name.isEmpty())
        out << tr("Enter the GPU's name, with its memory (e.g. “H200 141GB”): instance types refer to it by name.");
    for (const catalog::GpuRecord &r : m_existing)
        if (r.gpu.name == g.name && (!m_original || r.id != m_original->id))
            out << tr("A GPU named “%1” is already in the catalog.").arg(g.name);
    if (!m_speedup->text().trimmed().isEmpty() && (!g.speedup || *g.speedup <= 0))
        out << tr("The speedup must be a number above 0 (how many V100-hours one hour of this GPU does), or empty.");
    for (const catalog::ThroughputFigure &f : g.throughput) {
        if (f.metric.isEmpty() || f.tflops <= 0) {
            out << tr("Every throughput figure needs a metric and TFLOPS above 0 (remove a figure you do not know).");
            break;
        }
    }
    return out;
}

void GpuDialog::validate()
{
    const QStringList list = problems();
    m_problems->setText(list.join(QLatin1Char('\n')));
    m_problems->setVisible(!list.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(list.isEmpty());
}

} // namespace mltco::ui

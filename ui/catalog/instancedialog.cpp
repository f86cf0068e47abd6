#include "ui/catalog/instancedialog.h"

#include "ui/catalog/pricedialog.h"
#include "ui/core/theme.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace mltco::ui {

namespace {

/// Shows 8 as "8" and 0.125 as "0.125": GPU counts are whole numbers but for shared GPUs.
class CountSpinBox final : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QString textFromValue(double value) const override { return QString::number(value, 'g', 8); }
};

QDoubleSpinBox *spinBox(QWidget *parent, const char *name, double max, int decimals, const QString &unknown)
{
    auto *box = new CountSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setSpecialValueText(unknown);
    return box;
}
} // namespace

InstanceDialog::InstanceDialog(const QList<catalog::Provider> &providers, const QList<catalog::GpuRecord> &gpus,
                               const QList<catalog::InstanceRecord> &existing,
                               const QHash<QString, QString> &usedByPlan, QWidget *parent)
    : QDialog(parent), m_existing(existing), m_usedByPlan(usedByPlan)
{
    setObjectName(QStringLiteral("instanceDialog"));
    setWindowTitle(tr("Add instance type"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("instanceProvider"));
    for (const catalog::Provider &p : providers)
        m_provider->addItem(p.displayName.isEmpty() ? p.name : QStringLiteral("%1 (%2)").arg(p.displayName, p.name),
                            p.name);
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("instanceName"));
    m_name->setPlaceholderText(tr("as the provider names it, e.g. p4d.24xlarge"));
    m_gpu = new QComboBox(this);
    m_gpu->setObjectName(QStringLiteral("instanceGpu"));
    m_gpu->addItem(tr("none (CPU only)"), QString());
    for (const catalog::GpuRecord &g : gpus)
        m_gpu->addItem(g.gpu.name, g.gpu.name);
    m_gpuCount = spinBox(this, "instanceGpuCount", 1024, 3, QString());
    m_vcpus = spinBox(this, "instanceVcpus", 10000, 0, tr("unknown"));
    m_memory = spinBox(this, "instanceMemory", 1e6, 0, tr("unknown"));
    m_memory->setSuffix(tr(" GB"));
    m_listPrice = new QLineEdit(this);
    m_listPrice->setObjectName(QStringLiteral("instanceListPrice"));
    m_listPrice->setPlaceholderText(tr("USD per server, for servers you buy; empty for rented instances"));
    form->addRow(tr("Provider:"), m_provider);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("GPU:"), m_gpu);
    form->addRow(tr("GPUs per instance:"), m_gpuCount);
    form->addRow(tr("vCPUs:"), m_vcpus);
    form->addRow(tr("Memory:"), m_memory);
    form->addRow(tr("List price (USD):"), m_listPrice);
    layout->addLayout(form);
    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("instanceProblems"));
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
    connect(m_provider, &QComboBox::currentIndexChanged, this, &InstanceDialog::validate);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_gpu->currentData().toString().isEmpty() && m_gpuCount->value() == 0)
            m_gpuCount->setValue(1);
        validate();
    });
    connect(m_name, &QLineEdit::textChanged, this, &InstanceDialog::validate);
    connect(m_listPrice, &QLineEdit::textChanged, this, &InstanceDialog::validate);
    connect(m_gpuCount, &QDoubleSpinBox::valueChanged, this, &InstanceDialog::validate);
    validate();
    setMinimumWidth(520);
}

void InstanceDialog::edit(const catalog::InstanceRecord &record)
{
    m_original = record;
    setWindowTitle(tr("Edit instance type %1").arg(record.type.name));
    m_provider->setCurrentIndex(m_provider->findData(record.type.provider));
    m_name->setText(record.type.name);
    m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(record.type.gpu)));
    m_gpuCount->setValue(record.type.gpuCount);
    m_vcpus->setValue(record.type.vcpus);
    m_memory->setValue(record.type.memoryGb);
    m_listPrice->setText(record.listPrice ? QString::number(*record.listPrice, 'f', 2) : QString());
    validate();
}

catalog::InstanceType InstanceDialog::instanceType() const
{
    catalog::InstanceType t;
    t.provider = m_provider->currentData().toString();
    t.name = m_name->text().trimmed();
    t.gpu = m_gpu->currentData().toString();
    t.gpuCount = t.gpu.isEmpty() ? 0 : m_gpuCount->value();
    t.vcpus = m_vcpus->value();
    t.memoryGb = m_memory->value();
    // An edit keeps the row's source while its description is unchanged; anything new is the user's.
    if (m_original && m_original->type.provider == t.provider && m_original->type.name == t.name &&
        m_original->type.gpu == t.gpu && m_original->type.gpuCount == t.gpuCount && m_original->type.vcpus == t.vcpus &&
        m_original->type.memoryGb == t.memoryGb)
        t.source = m_original->type.source;
    return t;
}

std::optional<double> InstanceDialog::listPrice() const
{
    return m_listPrice->text().trimmed().isEmpty() ? std::nullopt : parseAmount(m_listPrice->text());
}

QStringList InstanceDialog::problems() const
{
    QStringList out;
    const catalog::InstanceType t = instanceType();
    if (m_provider->currentIndex() < 0)
        out << tr("Choose a provider.");
    if (t.name.isEmpty())
        out << tr("Enter the instance type's name, as the provider writes it.");
    for (const catalog::InstanceRecord &r : m_existing) {
        if (r.type.provider == t.provider && r.type.name == t.name && (!m_original || r.id != m_original->id)) {
            out << tr("%1 already has an instance type named “%2”.").arg(t.provider, t.name);
            break;
        }
    }
    if (!t.gpu.isEmpty() && m_gpuCount->value() <= 0)
        out << tr("Enter how many %1 GPUs one instance has (above 0; fractions for shared GPUs).").arg(t.gpu);
    const QString listText = m_listPrice->text().trimmed();
    if (!listText.isEmpty()) {
        const std::optional<double> v = parseAmount(listText);
        if (!v || *v <= 0)
            out << tr("The list price must be an amount above $0 in US dollars, e.g. 150000, or empty.");
    }
    if (m_original && (m_original->type.provider != t.provider || m_original->type.name != t.name)) {
        const QString scenario = m_usedByPlan.value(key(m_original->type.provider, m_original->type.name));
        if (!scenario.isEmpty())
            out << tr("The scenario “%1” names %2 %3: renaming it would leave the scenario without its price. "
                      "Choose another instance for the scenario first.")
                       .arg(scenario, m_original->type.provider, m_original->type.name);
    }
    return out;
}

void InstanceDialog::validate()
{
    const QStringList list = problems();
    m_gpuCount->setEnabled(!m_gpu->currentData().toString().isEmpty());
    m_problems->setText(list.join(QLatin1Char('\n')));
    m_problems->setVisible(!list.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(list.isEmpty());
}

} // namespace mltco::ui

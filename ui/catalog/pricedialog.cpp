#include "ui/catalog/pricedialog.h"

#include "models/report/format.h"
#include "ui/catalog/catalogformat.h"
#include "ui/core/theme.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace mltco::ui {

namespace {
const QDate kEarliest(2000, 1, 1);
}

std::optional<double> parseAmount(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1Char('$')))
        t = t.mid(1).trimmed();
    t.remove(QLatin1Char(','));
    bool ok = false;
    const double v = QLocale::c().toDouble(t, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

PriceDialog::PriceDialog(const QList<catalog::Provider> &providers, const QList<catalog::InstanceRecord> &instances,
                         const QHash<QString, QStringList> &regions, QWidget *parent)
    : QDialog(parent), m_instances(instances), m_regions(regions)
{
    setObjectName(QStringLiteral("priceDialog"));
    setWindowTitle(tr("Add price observation"));
    auto *layout = new QVBoxLayout(this);
    m_intro = new QLabel(tr("A price is an observation: what a provider charged on a date, and where you saw it. "
                            "Saving adds it to the price history; plans use the latest observation on or before "
                            "their date."),
                         this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    auto *form = new QFormLayout;
    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("priceProvider"));
    for (const catalog::Provider &p : providers)
        m_provider->addItem(p.displayName.isEmpty() ? p.name : QStringLiteral("%1 (%2)").arg(p.displayName, p.name),
                            p.name);
    m_instance = new QComboBox(this);
    m_instance->setObjectName(QStringLiteral("priceInstance"));
    m_region = new QComboBox(this);
    m_region->setObjectName(QStringLiteral("priceRegion"));
    m_region->setEditable(true);
    m_region->lineEdit()->setPlaceholderText(tr("e.g. us-east-1; empty when the provider has no regions"));
    m_zone = new QLineEdit(this);
    m_zone->setObjectName(QStringLiteral("priceZone"));
    m_zone->setPlaceholderText(tr("optional, e.g. us-east-1a"));
    m_pricing = new QComboBox(this);
    m_pricing->setObjectName(QStringLiteral("pricePricing"));
    for (const QString &key : catalog::pricingModelKeys())
        m_pricing->addItem(catalogtext::pricingLabel(*catalog::pricingModelFromKey(key)), key);
    m_amount = new QLineEdit(this);
    m_amount->setObjectName(QStringLiteral("priceAmount"));
    m_amount->setPlaceholderText(tr("US dollars, e.g. 12.24"));
    m_unit = new QComboBox(this);
    m_unit->setObjectName(QStringLiteral("priceUnit"));
    m_unit->addItem(tr("per hour"), catalog::priceUnitKey(catalog::PriceUnit::Hour));
    m_unit->addItem(tr("per month (730 hours)"), catalog::priceUnitKey(catalog::PriceUnit::Month));
    auto *amountRow = new QHBoxLayout;
    amountRow->addWidget(m_amount, 1);
    amountRow->addWidget(m_unit);
    m_hourly = new QLabel(this);
    m_hourly->setObjectName(QStringLiteral("priceHourly"));
    m_observedAt = new QDateEdit(QDate::currentDate(), this);
    m_observedAt->setObjectName(QStringLiteral("priceObservedAt"));
    m_observedAt->setCalendarPopup(true);
    m_observedAt->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_note = new QLineEdit(this);
    m_note->setObjectName(QStringLiteral("priceNote"));
    m_note->setPlaceholderText(tr("where the price comes from, e.g. \"quote from sales, 2025-03\""));
    form->addRow(tr("Provider:"), m_provider);
    form->addRow(tr("Instance type:"), m_instance);
    form->addRow(tr("Region:"), m_region);
    form->addRow(tr("Zone:"), m_zone);
    form->addRow(tr("Pricing model:"), m_pricing);
    form->addRow(tr("Price (USD):"), amountRow);
    form->addRow(QString(), m_hourly);
    form->addRow(tr("Observed on:"), m_observedAt);
    form->addRow(tr("Note:"), m_note);
    layout->addLayout(form);

    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("priceProblems"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText)));
    layout->addWidget(m_problems);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Add observation"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problems().isEmpty())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_provider, &QComboBox::currentIndexChanged, this, [this] {
        fillInstances();
        fillRegions();
    });
    connect(m_pricing, &QComboBox::currentIndexChanged, this, [this] {
        // Monthly plans are quoted per month; everything else per hour.
        const bool monthly = m_pricing->currentData().toString() == QLatin1String("monthly");
        m_unit->setCurrentIndex(monthly ? 1 : 0);
    });
    for (QLineEdit *edit : {m_amount, m_zone, m_note, m_region->lineEdit()})
        connect(edit, &QLineEdit::textChanged, this, &PriceDialog::validate);
    for (QComboBox *combo : {m_instance, m_pricing, m_unit})
        connect(combo, &QComboBox::currentIndexChanged, this, &PriceDialog::validate);
    connect(m_observedAt, &QDateEdit::dateChanged, this, &PriceDialog::validate);
    fillInstances();
    fillRegions();
    validate();
    setMinimumWidth(560);
}

void PriceDialog::fillInstances()
{
    const QString provider = m_provider->currentData().toString();
    m_instance->clear();
    for (const catalog::InstanceRecord &r : m_instances) {
        if (r.type.provider != provider)
            continue;
        const QString gpu = r.type.gpu.isEmpty()
                                ? tr("no GPU")
                                : QStringLiteral("%1 × %2").arg(catalogtext::number(r.type.gpuCount), r.type.gpu);
        m_instance->addItem(QStringLiteral("%1 — %2").arg(r.type.name, gpu), r.type.name);
    }
}

void PriceDialog::fillRegions()
{
    m_region->clear();
    m_region->addItems(m_regions.value(m_provider->currentData().toString()));
    m_region->setCurrentText(m_region->count() > 0 ? m_region->itemText(0) : QString());
}

void PriceDialog::startFrom(const catalog::PricePoint &price)
{
    setWindowTitle(tr("New observation of a price"));
    m_intro->setText(tr("Prices are never changed in place: this adds a <b>new observation</b> of %1 %2, dated "
                        "today unless you say otherwise. The observation of %3 stays in the history (delete it if "
                        "it was a mistake).")
                         .arg(price.provider.toHtmlEscaped(), price.instance.toHtmlEscaped(),
                              price.observedAt.toString(Qt::ISODate)));
    m_provider->setCurrentIndex(m_provider->findData(price.provider));
    m_instance->setCurrentIndex(m_instance->findData(price.instance));
    m_region->setCurrentText(price.region);
    m_zone->setText(price.zone);
    m_pricing->setCurrentIndex(m_pricing->findData(catalog::pricingModelKey(price.pricing)));
    m_unit->setCurrentIndex(price.unit == catalog::PriceUnit::Month ? 1 : 0);
    if (price.amount)
        m_amount->setText(QString::number(*price.amount, 'f', 2));
    m_observedAt->setDate(QDate::currentDate());
    validate();
}

catalog::PricePoint PriceDialog::price() const
{
    catalog::PricePoint p;
    p.provider = m_provider->currentData().toString();
    p.instance = m_instance->currentData().toString();
    p.region = m_region->currentText().trimmed();
    p.zone = m_zone->text().trimmed();
    p.pricing =
        catalog::pricingModelFromKey(m_pricing->currentData().toString()).value_or(catalog::PricingModel::OnDemand);
    p.amount = parseAmount(m_amount->text());
    p.unit = m_unit->currentIndex() == 1 ? catalog::PriceUnit::Month : catalog::PriceUnit::Hour;
    p.observedAt = m_observedAt->date();
    p.note = m_note->text().trimmed();
    return p;
}

QStringList PriceDialog::problems() const
{
    QStringList out;
    if (m_instance->currentIndex() < 0)
        out << tr("Choose an instance type. A provider without instance types needs one first (Add instance type…).");
    if (!catalog::pricingModelFromKey(m_pricing->currentData().toString()))
        out << tr("Choose a pricing model: %1.").arg(catalog::pricingModelKeys().join(QStringLiteral(", ")));
    const QString amountText = m_amount->text().trimmed();
    const std::optional<double> amount = parseAmount(amountText);
    if (amountText.isEmpty())
        out << tr("Enter the price in US dollars, e.g. 12.24.");
    else if (!amount)
        out << tr("“%1” is not a number: enter US dollars with a decimal point, e.g. 12.24 or 1,000.").arg(amountText);
    else if (*amount <= 0)
        out << tr("The price must be above $0. A missing price is not entered: leave the observation out.");
    const QDate date = m_observedAt->date();
    if (!date.isValid() || date < kEarliest || date > QDate::currentDate())
        out << tr("The observation date must be between %1 and today.").arg(kEarliest.toString(Qt::ISODate));
    return out;
}

void PriceDialog::validate()
{
    const QStringList list = problems();
    m_problems->setText(list.join(QLatin1Char('\n')));
    m_problems->setVisible(!list.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(list.isEmpty());
    const catalog::PricePoint p = price();
    m_hourly->setText(p.hourly() ? tr("= %1 per hour").arg(report::money(*p.hourly())) : QString());
}

} // namespace mltco::ui

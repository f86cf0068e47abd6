#include "ui/scenarios/instancepicker.h"

#include "ui/core/theme.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>

namespace mltco::ui {

namespace {

enum Level { ProviderLevel, InstanceLevel, RegionLevel, PricingLevel };

const QString kNotInCatalog = QStringLiteral(" (not in the catalog)");

/// Selects the item whose data is `key`, adding it marked "(not in the catalog)" when it is missing.
void selectKey(QComboBox *combo, const QString &key, const QString &label)
{
    int index = combo->findData(key);
    if (index < 0) {
        combo->addItem(label + kNotInCatalog, key);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(index);
}

QString pick(const QStringList &offered, const QString &wanted, const QString &preferred = {})
{
    if (offered.contains(wanted))
        return wanted;
    if (!preferred.isEmpty() && offered.contains(preferred))
        return preferred;
    return offered.value(0);
}

QString regionName(const QString &region)
{
    return region.isEmpty() ? InstancePicker::tr("any region (one price)") : region;
}

} // namespace

InstancePicker::InstancePicker(const catalog::CatalogRepository &catalog, QWidget *parent)
    : QWidget(parent), m_catalog(catalog), m_provider(new QComboBox(this)), m_instance(new QComboBox(this)),
      m_region(new QComboBox(this)), m_pricing(new QComboBox(this)), m_source(new QLabel(this))
{
    m_provider->setObjectName(QStringLiteral("instanceProvider"));
    m_instance->setObjectName(QStringLiteral("instanceType"));
    m_region->setObjectName(QStringLiteral("instanceRegion"));
    m_pricing->setObjectName(QStringLiteral("instancePricing"));
    m_source->setObjectName(QStringLiteral("instanceSource"));
    m_source->setWordWrap(true);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QComboBox *c : {m_provider, m_instance, m_region, m_pricing}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(14);
        c->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    m_instance->setMinimumContentsLength(24);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(10);
    auto label = [this](const QString &text, QComboBox *buddy) {
        auto *l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };
    grid->addWidget(label(tr("&Provider"), m_provider), 0, 0);
    grid->addWidget(m_provider, 0, 1);
    grid->addWidget(label(tr("&Instance"), m_instance), 0, 2);
    grid->addWidget(m_instance, 0, 3);
    grid->addWidget(label(tr("Re&gion"), m_region), 1, 0);
    grid->addWidget(m_region, 1, 1);
    grid->addWidget(label(tr("Pricin&g"), m_pricing), 1, 2);
    grid->addWidget(m_pricing, 1, 3);
    grid->addWidget(m_source, 2, 0, 1, 4);
    grid->setColumnStretch(1, 2);
    grid->setColumnStretch(3, 3);

    m_provider->addItem(tr("none (enter rates by hand)"), QString());
    for (const catalog::Provider &p : m_catalog.providers()) {
        if (p.kind != catalog::ProviderKind::OnPrem)
            m_provider->addItem(QStringLiteral("%1 (%2)").arg(p.displayName, p.name), p.name);
    }
    m_provider->setToolTip(tr("Where the price comes from. Picking an instance fills the price per hour, GPUs "
                              "and speedup from the catalog; \u201cnone\u201d keeps the current numbers as your own."));

    connect(m_provider, &QComboBox::activated, this, [this] { choose(ProviderLevel); });
    connect(m_instance, &QComboBox::activated, this, [this] { choose(InstanceLevel); });
    connect(m_region, &QComboBox::activated, this, [this] { choose(RegionLevel); });
    connect(m_pricing, &QComboBox::activated, this, [this] { choose(PricingLevel); });
    setReference(std::nullopt);
}

QString InstancePicker::pricingName(const QString &key)
{
    static const QMap<QString, QString> names = {
        {QStringLiteral("on_demand"), tr("on-demand")},
        {QStringLiteral("spot"), tr("spot")},
        {QStringLiteral("preemptible"), tr("preemptible")},
        {QStringLiteral("reserved_1y"), tr("reserved, 1 year")},
        {QStringLiteral("reserved_3y"), tr("reserved, 3 years")},
        {QStringLiteral("savings_plan_1y"), tr("savings plan, 1 year")},
        {QStringLiteral("savings_plan_3y"), tr("savings plan, 3 years")},
        {QStringLiteral("monthly"), tr("monthly plan")},
    };
    return names.value(key, key);
}

const InstancePicker::Offers &InstancePicker::offers(const QString &provider)
{
    auto it = m_offers.find(provider);
    if (it != m_offers.end())
        return *it;
    Offers offers;
    for (const catalog::CatalogRepository::Offer &o : m_catalog.offers(provider))
        offers[o.instance][o.region] << catalog::pricingModelKey(o.pricing);
    for (const catalog::InstanceType &t : m_catalog.instanceTypes(provider)) {
        QString text = t.name;
        if (!t.gpu.isEmpty())
            text += QStringLiteral(" \u2014 %1 \u00d7 %2").arg(QString::number(t.gpuCount, 'g', 4), t.gpu);
        m_instanceLabels.insert(provider + QLatin1Char('/') + t.name, text);
    }
    return *m_offers.insert(provider, offers);
}

void InstancePicker::setReference(const std::optional<tco::InstanceRef> &ref)
{
    m_asOf = ref ? ref->asOf : QDate();
    if (!ref) {
        m_provider->setCurrentIndex(0);
        for (QComboBox *c : {m_instance, m_region, m_pricing}) {
            c->clear();
            c->setEnabled(false);
        }
        return;
    }
    fill(*ref);
}

void InstancePicker::fill(const tco::InstanceRef &ref)
{
    selectKey(m_provider, ref.provider, ref.provider);
    const Offers &all = offers(ref.provider);

    m_instance->clear();
    for (auto it = all.cbegin(); it != all.cend(); ++it)
        m_instance->addItem(m_instanceLabels.value(ref.provider + QLatin1Char('/') + it.key(), it.key()), it.key());
    selectKey(m_instance, ref.name, ref.name);

    m_region->clear();
    const QMap<QString, QStringList> regions = all.value(ref.name);
    for (auto it = regions.cbegin(); it != regions.cend(); ++it)
        m_region->addItem(regionName(it.key()), it.key());
    selectKey(m_region, ref.region, regionName(ref.region));

    m_pricing->clear();
    for (const QString &key : regions.value(ref.region))
        m_pricing->addItem(pricingName(key), key);
    selectKey(m_pricing, ref.pricing, pricingName(ref.pricing));

    for (QComboBox *c : {m_instance, m_region, m_pricing})
        c->setEnabled(true);
}

void InstancePicker::setSource(const QString &text, bool problem)
{
    m_source->setText(text);
    m_source->setStyleSheet(problem ? QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText))
                                    : QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
}

void InstancePicker::choose(int level)
{
    const QString provider = m_provider->currentData().toString();
    if (provider.isEmpty()) {
        setReference(std::nullopt);
        emit chosen(std::nullopt);
        return;
    }
    const Offers &all = offers(provider);
    tco::InstanceRef ref;
    ref.provider = provider;
    // A date the plan pinned the price to still holds for another region or pricing model of the same
    // instance; another instance starts from its latest price.
    ref.asOf = level >= RegionLevel ? m_asOf : QDate();
    // Later combos keep their choice when the new upstream choice offers it.
    ref.name = pick(all.keys(), m_instance->currentData().toString());
    if (ref.name.isEmpty()) {
        setSource(tr("The catalog has no prices for %1. Import a price list (File \u25b8 Import price catalog) "
                     "or choose another provider.")
                      .arg(provider),
                  true);
        return;
    }
    const QMap<QString, QStringList> regions = all.value(ref.name);
    ref.region = pick(regions.keys(), m_region->currentData().toString());
    ref.pricing = pick(regions.value(ref.region), m_pricing->currentData().toString(), QStringLiteral("on_demand"));
    fill(ref);
    emit chosen(ref);
}

} // namespace mltco::ui

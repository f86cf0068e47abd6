#pragma once

#include "models/catalog/catalogrepository.h"
#include "models/tco/instance.h"

#include <QMap>
#include <QStringList>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;

namespace mltco::ui {

/// Provider -> instance -> region -> pricing model, from the document's catalog. Only combinations the
/// catalog has a price for are offered; a reference the catalog lacks is shown as "(not in the catalog)".
/// Each choice a user makes is a complete reference (later combos keep their choice when they can, else
/// take the first offer), emitted with chosen(); "none (enter rates by hand)" emits no reference.
class InstancePicker final : public QWidget
{
    Q_OBJECT

public:
    explicit InstancePicker(const catalog::CatalogRepository &catalog, QWidget *parent = nullptr);

    /// Shows the plan's reference without emitting chosen().
    void setReference(const std::optional<tco::InstanceRef> &ref);
    /// The line under the combos: what the catalog said (price, source, date) or why it could not say.
    void setSource(const QString &text, bool problem);

    /// "on-demand", "reserved, 1 year", ...
    static QString pricingName(const QString &key);

signals:
    void chosen(const std::optional<tco::InstanceRef> &ref);

private:
    using Offers = QMap<QString, QMap<QString, QStringList>>; ///< instance -> region -> pricing keys

    const Offers &offers(const QString &provider);
    void fill(const tco::InstanceRef &ref);
    void choose(int level);

    catalog::CatalogRepository m_catalog;
    QMap<QString, Offers> m_offers;           ///< per provider, loaded when first needed
    QMap<QString, QString> m_instanceLabels;  ///< "provider/name" -> "name — 4 × V100"
    QDate m_asOf;
    QComboBox *m_provider;
    QComboBox *m_instance;
    QComboBox *m_region;
    QComboBox *m_pricing;
    QLabel *m_source;
};

} // namespace mltco::ui

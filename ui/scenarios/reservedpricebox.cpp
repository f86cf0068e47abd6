#include "ui/scenarios/reservedpricebox.h"

#include "models/catalog/priceconverter.h"
#include "models/store/document.h"
#include "models/report/format.h"
#include "models/plan/parameters.h"
#include "ui/catalog/catalogformat.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <tuple>

namespace mltco::ui {

ReservedPriceBox::ReservedPriceBox(PlanEditor *editor, int index, const catalog::CatalogRepository &catalog,
                                   QWidget *parent)
    : QGroupBox(tr("Commitment from a reserved price"), parent), m_editor(editor), m_index(index), m_catalog(catalog),
      m_prices(new QComboBox(this)), m_use(new QPushButton(tr("Use for the commitment"), this)),
      m_note(new QLabel(this))
{
    setObjectName(QStringLiteral("reservedPriceBox"));
    m_prices->setObjectName(QStringLiteral("reservedPriceChooser"));
    m_prices->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_use->setObjectName(QStringLiteral("useReservedPriceButton"));
    m_use->setToolTip(
        tr("Sets the commitment discount, the share paid upfront and the term from the chosen price, as one "
           "step you can undo. The committed share stays as it is."));
    m_note->setObjectName(QStringLiteral("reservedPriceNote"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    auto *row = new QHBoxLayout;
    row->addWidget(m_prices, 1);
    row->addWidget(m_use);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_note);
    connect(m_use, &QPushButton::clicked, this, &ReservedPriceBox::apply);
    connect(m_prices, &QComboBox::currentIndexChanged, this, &ReservedPriceBox::updateChoice);
}

void ReservedPriceBox::updateChoice()
{
    const std::optional<catalog::CommitmentTerms> terms = chosenTerms();
    m_use->setEnabled(terms.has_value());
    if (m_shown.isEmpty())
        return;
    const QString &cur = m_editor->plan().currency;
    const int i = m_prices->currentIndex();
    if (i >= 0 && i < m_converted.size() && !m_converted[i]) {
        m_note->setText(tr("This price cannot be compared with the plan's: %1").arg(m_converted[i].error().message));
        return;
    }
    QString converted;
    if (i >= 0 && i < m_shown.size() && m_shown[i].currency != cur) {
        const std::optional<double> hourly = m_converted[i]->hourly();
        converted = tr(" The price is in %1: %2 an hour effective in the plan's %3.")
                        .arg(m_shown[i].currency, hourly ? report::unitPrice(*hourly, 4, cur) : tr("missing"), cur);
    }
    m_note->setText((terms ? tr("Against %1 an hour on demand: discount %2, %3 paid upfront, a %4-month term.")
                                 .arg(report::unitPrice(m_onDemand, 4, cur), report::percent(terms->discount, 1),
                                      report::percent(terms->upfrontFraction, 0))
                                 .arg(terms->termMonths)
                           : tr("This reservation costs no less than %1 an hour on demand: it is no discount.")
                                 .arg(report::unitPrice(m_onDemand, 4, cur))) +
                    converted);
}

void ReservedPriceBox::refresh()
{
    const tco::PlanScenario &s = m_editor->plan().scenarios.at(m_index);
    m_shown.clear();
    m_onDemand = 0.0;
    if (const std::optional<tco::PlanResult> &result = m_editor->result()) {
        if (const tco::EvaluatedScenario *e = result->atPlanPosition(std::size_t(m_index)))
            m_onDemand = tco::parameterValue(e->scenario, tco::ParamId::RatePerHour).value_or(0.0);
    }
    if (s.instance) {
        // The latest observation of each term, purchase option and offering class.
        QMap<std::tuple<int, int, int>, catalog::PricePoint> latest;
        for (catalog::PricingModel model : {catalog::PricingModel::Reserved1y, catalog::PricingModel::Reserved3y}) {
            catalog::PriceFilter filter;
            filter.provider = s.instance->provider;
            filter.instance = s.instance->name;
            filter.region = s.instance->region;
            filter.pricing = model;
            for (const catalog::PricePoint &p : m_catalog.prices(filter)) {
                const auto key = std::make_tuple(int(p.pricing), int(p.purchase), int(p.offering));
                if (!latest.contains(key) || latest.value(key).observedAt <= p.observedAt)
                    latest.insert(key, p);
            }
        }
        m_shown = latest.values();
    }
    // Each price in the plan's currency, as the plan's own prices are (model.md §13).
    m_converted.clear();
    catalog::PriceConverter converter(m_editor->document().database(), m_editor->plan().currency,
                                      m_editor->plan().fxRates);
    for (const catalog::PricePoint &p : m_shown)
        m_converted.append(converter.convert(p));
    QSignalBlocker blocker(m_prices);
    m_prices->clear();
    for (const catalog::PricePoint &p : m_shown) {
        const std::optional<double> hourly = p.hourly();
        m_prices->addItem(tr("%1 — %2 an hour effective, observed %3")
                              .arg(catalogtext::pricingLabel(p), hourly ? report::unitPrice(*hourly, 4, p.currency) : tr("missing"),
                                   p.observedAt.toString(Qt::ISODate)));
    }
    if (m_shown.isEmpty()) {
        m_prices->addItem(s.instance ? tr("The catalog has no reserved price for %1 in %2")
                                           .arg(s.instance->name,
                                                s.instance->region.isEmpty() ? tr("any region") : s.instance->region)
                                     : tr("Choose a catalog instance above to see its reserved prices"));
        m_note->setText(tr("Import the provider's price list with its reserved terms (e.g. the AWS Price List) to "
                           "fill the commitment from a real quote."));
    }
    m_prices->setEnabled(!m_shown.isEmpty());
    blocker.unblock();
    updateChoice(); // say what the current choice gives
}

std::optional<catalog::CommitmentTerms> ReservedPriceBox::chosenTerms() const
{
    const int i = m_prices->currentIndex();
    if (i < 0 || i >= m_converted.size() || !m_converted[i])
        return std::nullopt;
    return catalog::commitmentFromReservedPrice(*m_converted[i], m_onDemand);
}

void ReservedPriceBox::apply()
{
    const std::optional<catalog::CommitmentTerms> terms = chosenTerms();
    if (!terms)
        return;
    const catalog::PricePoint &p = m_shown[m_prices->currentIndex()];
    const QString why = tr("From the catalog's %1 price of %2 in %3, observed %4 (%5), against %6 an hour on demand.")
                            .arg(catalogtext::pricingLabel(p), p.instance, p.region, p.observedAt.toString(Qt::ISODate),
                                 p.source, report::unitPrice(m_onDemand, 4, m_editor->plan().currency));
    QList<std::pair<tco::ParamId, double>> values = {{tco::ParamId::CommitDiscount, terms->discount},
                                                     {tco::ParamId::CommitUpfrontFraction, terms->upfrontFraction}};
    // A reserved scenario's term lengths are in its terms (model.md §11.2); a commitment has one.
    if (tco::usesParameter(m_editor->plan().scenarios.at(m_index).kind(), tco::ParamId::CommitTermMonths))
        values.append({tco::ParamId::CommitTermMonths, double(terms->termMonths)});
    m_editor->setScenarioValues(m_index, values, tr("Commitment from %1").arg(catalogtext::pricingLabel(p)), why);
}

} // namespace mltco::ui

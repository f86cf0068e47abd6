#include "ui/scenarios/bulkdiscounteditor.h"

#include "models/report/format.h"
#include "models/tco/parameters.h"
#include "ui/scenarios/parametertext.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

const QColor kBadCell(0xfd, 0xe7, 0xe4);

/// One tier's fraction, described as a percentage field so it is typed, shown and refused like the others.
constexpr tco::ParameterInfo kFractionInfo{
    tco::ParamId::BulkDiscounts, "bulk_discounts", "Discount", "fraction", tco::ParamType::Number, 0, false, 0.99,
    0.0, "", "assumption", tco::kindBit(tco::ScenarioKind::Purchase), "Discount on the list price from this many servers."};

bool sameTiers(const std::vector<tco::BulkTier> &a, const std::vector<tco::BulkTier> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].minServers != b[i].minServers || !parametertext::sameValue(a[i].fraction, b[i].fraction))
            return false;
    }
    return true;
}

std::vector<tco::BulkTier> sorted(std::vector<tco::BulkTier> tiers)
{
    std::stable_sort(tiers.begin(), tiers.end(),
                     [](const tco::BulkTier &x, const tco::BulkTier &y) { return x.minServers < y.minServers; });
    return tiers;
}

} // namespace

BulkDiscountEditor::BulkDiscountEditor(QWidget *parent)
    : QWidget(parent), m_table(new QTableWidget(0, ColumnCount, this)), m_add(new QPushButton(tr("Add tier"), this)),
      m_remove(new QPushButton(tr("Remove tier"), this)), m_applies(new QLabel(this)), m_error(new QLabel(this))
{
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::BulkDiscounts);
    m_table->setObjectName(QStringLiteral("param_bulk_discounts"));
    m_table->setHorizontalHeaderLabels({tr("From servers"), tr("Discount (%)")});
    m_table->setToolTip(parametertext::tooltip(info));
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    m_table->setFixedWidth(280);
    m_table->setAccessibleName(tr("Bulk discount tiers"));
    m_add->setObjectName(QStringLiteral("addTierButton"));
    m_remove->setObjectName(QStringLiteral("removeTierButton"));
    m_applies->setObjectName(QStringLiteral("bulkDiscountApplies"));
    m_applies->setWordWrap(true);
    m_applies->setStyleSheet(QStringLiteral("color: #5f6b77;"));
    m_error->setObjectName(QStringLiteral("error_bulk_discounts"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_error->setVisible(false);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_table, 0, 0, 3, 1);
    grid->addWidget(m_add, 0, 1);
    grid->addWidget(m_remove, 1, 1);
    grid->addWidget(m_applies, 0, 2, 3, 1, Qt::AlignTop);
    grid->addWidget(m_error, 3, 0, 1, 3);
    grid->setColumnStretch(2, 1);
    grid->setRowStretch(2, 1);

    connect(m_table, &QTableWidget::itemChanged, this, &BulkDiscountEditor::onItemChanged);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_table->selectedItems().isEmpty()); });
    connect(m_add, &QPushButton::clicked, this, &BulkDiscountEditor::addTier);
    connect(m_remove, &QPushButton::clicked, this, &BulkDiscountEditor::removeTier);
    m_remove->setEnabled(false);
}

void BulkDiscountEditor::setTiers(const std::vector<tco::BulkTier> &tiers, int servers, double serverPrice)
{
    m_servers = servers;
    m_serverPrice = serverPrice;
    const bool changed = !sameTiers(tiers, m_tiers);
    m_tiers = tiers;
    if (changed || !m_error->isVisible())
        load(tiers);
    updateApplies();
}

void BulkDiscountEditor::load(const std::vector<tco::BulkTier> &tiers)
{
    m_loading = true;
    m_table->setRowCount(static_cast<int>(tiers.size()));
    for (std::size_t i = 0; i < tiers.size(); ++i) {
        const int row = static_cast<int>(i);
        auto *servers = new QTableWidgetItem(QString::number(tiers[i].minServers));
        auto *discount = new QTableWidgetItem(parametertext::format(kFractionInfo, tiers[i].fraction));
        servers->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        discount->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, MinServers, servers);
        m_table->setItem(row, Discount, discount);
    }
    m_loading = false;
    // As tall as its tiers (at least two rows), so the form does not carry empty space.
    const int rows = std::max(2, m_table->rowCount());
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() + rows * m_table->verticalHeader()->defaultSectionSize()
                            + 2 * m_table->frameWidth());
    m_error->setVisible(false);
    m_remove->setEnabled(!m_table->selectedItems().isEmpty());
}

std::optional<std::vector<tco::BulkTier>> BulkDiscountEditor::read()
{
    const tco::ParameterInfo &serversInfo = tco::parameterInfo(tco::ParamId::Servers);
    std::vector<tco::BulkTier> tiers;
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
        QTableWidgetItem *serversItem = m_table->item(row, MinServers);
        QTableWidgetItem *discountItem = m_table->item(row, Discount);
        tco::BulkTier tier;
        bool ok = false;
        const QString serversText = serversItem ? serversItem->text().trimmed() : QString();
        const int servers = QLocale::c().toInt(QString(serversText).remove(QLatin1Char(',')), &ok);
        if (!ok || servers < 1 || servers > serversInfo.max) {
            problem = tr("Tier %1: \u201cfrom servers\u201d must be an integer from 1 to %2.")
                          .arg(row + 1)
                          .arg(serversInfo.max, 0, 'f', 0);
            bad = serversItem;
            break;
        }
        tier.minServers = servers;
        const parametertext::Parsed discount = parametertext::parse(kFractionInfo, discountItem ? discountItem->text() : QString());
        if (!discount.value) {
            problem = tr("Tier %1: the discount %2.").arg(row + 1).arg(discount.problem);
            bad = discountItem;
            break;
        }
        tier.fraction = *discount.value;
        for (const tco::BulkTier &other : tiers) {
            if (other.minServers == tier.minServers) {
                problem = tr("Tier %1: another tier already starts at %2 servers; each tier needs its own count.")
                              .arg(row + 1)
                              .arg(tier.minServers);
                bad = serversItem;
            }
        }
        tiers.push_back(tier);
    }
    if (bad)
        bad->setBackground(kBadCell);
    m_loading = false;
    m_error->setText(problem.isEmpty() ? QString() : tr("Not applied: %1").arg(problem));
    m_error->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        return std::nullopt;
    return sorted(tiers);
}

void BulkDiscountEditor::onItemChanged()
{
    if (m_loading)
        return;
    if (const std::optional<std::vector<tco::BulkTier>> tiers = read(); tiers && !sameTiers(*tiers, m_tiers))
        emit committed(*tiers);
}

void BulkDiscountEditor::addTier()
{
    // A new tier starts above the largest one, without a discount yet: valid, so it applies at once.
    int next = 1;
    for (const tco::BulkTier &t : m_tiers)
        next = std::max(next, t.minServers + 1);
    std::vector<tco::BulkTier> tiers = m_tiers;
    tiers.push_back({next, 0.0});
    emit committed(sorted(tiers));
}

void BulkDiscountEditor::removeTier()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_tiers.size()) || m_error->isVisible())
        return;
    // The table shows the plan's tiers in order when it holds no refused input.
    std::vector<tco::BulkTier> tiers = m_tiers;
    tiers.erase(tiers.begin() + row);
    emit committed(tiers);
}

void BulkDiscountEditor::updateApplies()
{
    const double discount = tco::bulkDiscountFor(m_tiers, m_servers);
    const QString serverCount = m_servers == 1 ? tr("1 server") : tr("%1 servers").arg(report::grouped(m_servers, 0));
    QString text;
    if (m_tiers.empty())
        text = tr("No tiers: every server costs the list price.");
    else if (discount <= 0.0)
        text = tr("With %1 no tier applies: list price %2 each.").arg(serverCount, report::money(m_serverPrice));
    else
        text = tr("With %1 the %2 tier applies: %3 each instead of %4.")
                   .arg(serverCount, report::percent(discount, 0), report::money(m_serverPrice * (1.0 - discount)),
                        report::money(m_serverPrice));
    text += tr("\nThe tier with the largest \u201cfrom servers\u201d not above the server count applies.");
    m_applies->setText(text);
}

} // namespace mltco::ui

#include "ui/scenarios/bulkdiscounteditor.h"

#include "models/report/format.h"
#include "models/plan/parameters.h"
#include "ui/scenarios/listtable.h"
#include "ui/scenarios/parametertext.h"

#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

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
    : ListTableEditor({QStringLiteral("param_bulk_discounts"), QStringLiteral("addTierButton"),
                       QStringLiteral("removeTierButton"), QStringLiteral("bulkDiscountApplies"),
                       QStringLiteral("error_bulk_discounts")},
                      {{tr("From servers"), tr("Discount (%)")},
                       parametertext::tooltip(tco::parameterInfo(tco::ParamId::BulkDiscounts)),
                       tr("Bulk discount tiers"),
                       tr("Add tier"),
                       tr("Remove tier"),
                       280},
                      ColumnCount, parent)
{
}

void BulkDiscountEditor::setTiers(const std::vector<tco::BulkTier> &tiers, int servers, double serverPrice)
{
    m_servers = servers;
    m_serverPrice = serverPrice;
    const bool changed = !sameTiers(tiers, m_tiers);
    m_tiers = tiers;
    if (changed || !hasProblem())
        load(tiers);
    updateApplies();
}

void BulkDiscountEditor::load(const std::vector<tco::BulkTier> &tiers)
{
    m_loading = true;
    m_table->setRowCount(static_cast<int>(tiers.size()));
    for (std::size_t i = 0; i < tiers.size(); ++i) {
        const int row = static_cast<int>(i);
        m_table->setItem(row, MinServers, numberItem(QString::number(tiers[i].minServers)));
        m_table->setItem(row, Discount, numberItem(parametertext::format(kFractionInfo, tiers[i].fraction)));
    }
    m_loading = false;
    finishLoading();
}

std::optional<std::vector<tco::BulkTier>> BulkDiscountEditor::read()
{
    const tco::ParameterInfo &serversInfo = tco::parameterInfo(tco::ParamId::Servers);
    std::vector<tco::BulkTier> tiers;
    QString problem;
    QTableWidgetItem *bad = nullptr;
    clearMarks();
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
                          .arg(report::grouped(serversInfo.max, 0));
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
    showProblem(bad, problem);
    if (!problem.isEmpty())
        return std::nullopt;
    return sorted(tiers);
}

void BulkDiscountEditor::onItemChanged()
{
    if (const std::optional<std::vector<tco::BulkTier>> tiers = read(); tiers && !sameTiers(*tiers, m_tiers))
        emit committed(*tiers);
}

void BulkDiscountEditor::addRow()
{
    // A new tier starts above the largest one, without a discount yet: valid, so it applies at once.
    int next = 1;
    for (const tco::BulkTier &t : m_tiers)
        next = std::max(next, t.minServers + 1);
    std::vector<tco::BulkTier> tiers = m_tiers;
    tiers.push_back({next, 0.0});
    emit committed(sorted(tiers));
}

void BulkDiscountEditor::removeRow()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_tiers.size()) || hasProblem())
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
    m_note->setText(text);
}

} // namespace mltco::ui

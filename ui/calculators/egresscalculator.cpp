#include "ui/calculators/egresscalculator.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"

#include <QCheckBox>
#include <QVBoxLayout>

namespace mltco::ui {
namespace {

// Seed 004's example: 10 TB a month at $0.10/GB with data locality (30 %) and compression (50 %).
constexpr double kSeedVolume = 10000.0;
constexpr double kSeedCost = 0.10;
constexpr double kSeedLocality = 30.0;
constexpr double kSeedCompression = 50.0;
constexpr double kSeedCaching = 40.0;

} // namespace

EgressCalculator::EgressCalculator(QWidget *parent) : QWidget(parent)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("egress"), tr("Egress"),
        tr("Data sent out of a region or cloud, and what keeping data local, compressing it and caching it "
           "save. Each strategy shrinks what the ones before it still send."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_volume = m_frame->addField(QStringLiteral("egressVolume"),
                                 {tr("Egress a month"), tr("GB"), FieldKind::Number, 0.0, 1e9, kSeedVolume, 2,
                                  tr("Default: a published network cost example, 10 TB a month.")});
    m_cost = m_frame->addField(QStringLiteral("egressCost"),
                               {tr("Price"), tr("$/GB"), FieldKind::Money, 0.0, 10.0, kSeedCost, 4,
                                tr("Default: the example's average of $0.10 per GB.")});
    m_frame->addHeading(tr("Strategies (tick to apply)"));
    addStrategy(QStringLiteral("Locality"), tr("Data locality"), kSeedLocality, true,
                tr("Train where the data lives. Default: the example's 30 % of transfers avoided."));
    addStrategy(QStringLiteral("Compression"), tr("Compression"), kSeedCompression, true,
                tr("Compress before sending. Default: the example's 50 % compression ratio."));
    addStrategy(QStringLiteral("Caching"), tr("Caching"), kSeedCaching, false,
                tr("Cache data at the compute layer. Default: 40 % of transfers cached, as the same source "
                   "suggests; its worked example leaves caching out."));

    const double seedAdded = kSeedVolume * kSeedCost * (kSeedLocality + kSeedCompression) / 100.0;
    const tco::EgressResult ours =
        tco::egress(kSeedVolume, kSeedCost, {kSeedLocality / 100.0, kSeedCompression / 100.0});
    m_frame->setNote(tr("The published example adds its fractions (30 % + 50 % = 80 %: %1 a month, %2 a year). "
                        "Compression only shrinks what locality still sends, so together they save %3 (%4 a "
                        "month, %5 a year).")
                         .arg(report::moneyWhole(seedAdded), report::moneyWhole(seedAdded * 12.0),
                              report::percent(ours.savingsRate, 0), report::moneyWhole(ours.monthlySavings),
                              report::moneyWhole(ours.annualSavings)));

    connect(m_frame, &CalculatorFrame::edited, this, &EgressCalculator::recompute);
    recompute();
}

void EgressCalculator::addStrategy(const QString &key, const QString &name, double percent, bool on,
                                   const QString &tooltip)
{
    auto *use = new QCheckBox(name, m_frame);
    use->setObjectName(QStringLiteral("egressUse") + key);
    use->setChecked(on);
    NumberField *fraction = m_frame->addField(
        QStringLiteral("egress") + key, {name, tr("% less"), FieldKind::Percent, 0.0, 100.0, percent, 2, tooltip}, use);
    fraction->setEnabled(on);
    connect(use, &QCheckBox::toggled, this, [this, fraction](bool checked) {
        fraction->setEnabled(checked);
        recompute();
    });
    m_strategies.append({name, use, fraction});
}

void EgressCalculator::recompute()
{
    if (!m_frame->checkFields())
        return;

    const double volume = *m_volume->value();
    const double cost = *m_cost->value();
    std::vector<double> fractions;
    QStringList applied;
    QStringList steps{tr("Today")};
    QString workings = tr("%1 GB × %2").arg(inputNumber(volume), unitPrice(cost, tr("GB")));
    std::vector<double> spend{volume * cost};
    for (const Strategy &s : std::as_const(m_strategies)) {
        if (!s.use->isChecked())
            continue;
        const double f = *s.fraction->value();
        fractions.push_back(f);
        applied << tr("%1 (%2)").arg(s.name.toLower(), inputPercent(f));
        steps << tr("+ %1").arg(s.name.toLower());
        workings += tr(" × (1 − %1)").arg(inputPercent(f));
        spend.push_back(spend.back() * (1.0 - f));
    }
    const tco::EgressResult r = tco::egress(volume, cost, fractions);
    if (applied.isEmpty()) {
        m_frame->setResult(tr("<b>No strategy ticked:</b> egress stays at %1 a month, %2 a year.")
                               .arg(report::money(r.beforeMonthly), report::money(r.beforeMonthly * 12.0)));
    } else {
        const QString list =
            applied.size() == 1
                ? applied.front()
                : tr("%1 and %2").arg(applied.mid(0, applied.size() - 1).join(QStringLiteral(", ")), applied.back());
        m_frame->setResult(tr("<b>With %1:</b> %2 a month instead of %3, so you save <b>%4 a month, %5 a year "
                              "(%6)</b>.")
                               .arg(list, report::money(r.afterMonthly), report::money(r.beforeMonthly),
                                    report::money(r.monthlySavings), report::money(r.annualSavings),
                                    report::percent(r.savingsRate)));
    }
    m_frame->setWorkings(tr("%1 = %2 a month.").arg(workings, report::money(r.afterMonthly)));
    m_frame->setChart(calcchart::stepBarsChart(tr("Egress bill a month, strategy by strategy"), steps, spend,
                                               tr("Egress a month"), m_frame->chartView()));
    m_frame->chartView()->attachLegendToggles();
}

} // namespace mltco::ui

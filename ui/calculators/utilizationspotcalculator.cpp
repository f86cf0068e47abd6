#include "ui/calculators/utilizationspotcalculator.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"

#include <QVBoxLayout>

namespace mltco::ui {
namespace {

// Seed 004's example: $200K a month of GPUs at 30 % utilization raised to 70 %, 60 % of the work
// spot-eligible at 70 % off.
constexpr double kSeedSpend = 200000.0;
constexpr double kSeedFrom = 30.0;
constexpr double kSeedTo = 70.0;
constexpr double kSeedShare = 60.0;
constexpr double kSeedSpotDiscount = 70.0;

} // namespace

UtilizationSpotCalculator::UtilizationSpotCalculator(QWidget *parent) : QWidget(parent)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("spot"), tr("Utilization and spot"),
        tr("Better utilization shrinks the GPU bill first (the same work on fewer billed hours); moving a share "
           "of what is left to spot then discounts that share. The two savings compound, they never add."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_spend = m_frame->addField(QStringLiteral("spotSpend"),
                                {tr("GPU spend a month"), tr("$"), FieldKind::Money, 1.0, 1e10, kSeedSpend, 2,
                                 tr("Default: a published GPU savings example, $200K a month.")});
    m_from = m_frame->addField(QStringLiteral("spotFrom"),
                               {tr("Utilization today"), tr("%"), FieldKind::Percent, 1.0, 100.0, kSeedFrom, 2,
                                tr("Default: the example's 30 % utilization today.")});
    m_to = m_frame->addField(QStringLiteral("spotTo"),
                             {tr("Target utilization"), tr("%"), FieldKind::Percent, kSeedFrom, 100.0, kSeedTo, 2,
                              tr("Default: the example's 70 % target.")});
    m_share = m_frame->addField(QStringLiteral("spotShare"),
                                {tr("Share moved to spot"), tr("%"), FieldKind::Percent, 0.0, 100.0, kSeedShare, 2,
                                 tr("Default: the example assumes 60 % of workloads are spot-eligible.")});
    m_discount = m_frame->addField(QStringLiteral("spotDiscount"),
                                   {tr("Spot discount"), tr("%"), FieldKind::Percent, 0.0, 99.0, kSeedSpotDiscount, 2,
                                    tr("Default: the example's spot price, 70 % cheaper than on demand.")});

    // Seed 004's printed figure and what its own code returns, worked out from its example.
    const double seedUtilizationSaving = kSeedSpend * (1.0 - kSeedFrom / kSeedTo);
    const double seedSpotSaving = kSeedSpend * kSeedShare / 100.0 * kSeedSpotDiscount / 100.0;
    const double seedCodeAnnual = (seedUtilizationSaving + seedSpotSaving) * 12.0;
    m_frame->setNote(tr("The published example these defaults come from prints %1 (86 %) a year, which adds the two "
                        "savings as if each applied to the whole bill; the code that comes with it even gives %2 "
                        "(%3). Spot can only discount what better utilization leaves, which is what this calculator "
                        "does.")
                         .arg(report::moneyWhole(2057143.0), report::moneyWhole(seedCodeAnnual),
                              report::percent(seedCodeAnnual / 12.0 / kSeedSpend, 0)));

    connect(m_frame, &CalculatorFrame::edited, this, &UtilizationSpotCalculator::recompute);
    recompute();
}

void UtilizationSpotCalculator::recompute()
{
    // Lowering utilization is not a saving this calculator models: the target starts at today's level.
    if (const std::optional<double> from = m_from->value())
        m_to->setRange(*from * 100.0, 100.0, tr("(at least today's utilization)"));
    if (!m_frame->checkFields())
        return;

    const tco::UtilizationSpotInput in{*m_spend->value(), *m_from->value(), *m_to->value(), *m_share->value(),
                                       *m_discount->value()};
    const tco::UtilizationSpotResult r = tco::utilizationSpot(in);
    m_frame->setResult(tr("<b>After raising utilization to %1 and moving %2 to spot:</b> %3 a month instead of %4, "
                          "so you save <b>%5 a month, %6 a year (%7)</b>.")
                           .arg(inputPercent(in.targetUtilization), inputPercent(in.spotShare),
                                report::money(r.afterMonthly), report::money(in.monthlySpend),
                                report::money(r.monthlySavings), report::money(r.annualSavings),
                                report::percent(r.savingsRate)));

    m_frame->setWorkings(tr("Utilization: %1 × %2 / %3 = %4 a month.<br>Spot: %4 × (1 − %5 × %6) = %7 a month.")
                             .arg(report::money(in.monthlySpend), inputPercent(in.currentUtilization),
                                  inputPercent(in.targetUtilization), report::money(r.afterUtilization),
                                  inputPercent(in.spotShare), inputPercent(in.spotDiscount),
                                  report::money(r.afterMonthly)));

    const QStringList steps{tr("Today"), tr("%1 utilization").arg(inputPercent(in.targetUtilization)),
                            tr("+ %1 on spot").arg(inputPercent(in.spotShare))};
    m_frame->setChart(calcchart::stepBarsChart(tr("GPU spend a month, before and after"), steps,
                                               {in.monthlySpend, r.afterUtilization, r.afterMonthly},
                                               tr("Spend a month"), m_frame->chartView()));
    m_frame->chartView()->attachLegendToggles();
}

} // namespace mltco::ui

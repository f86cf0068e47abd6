#include "ui/calculators/commitmentcalculator.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"

#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {
namespace {

// Seed 004's example: $10,000 a month of on-demand for 500 of 720 hours, 40 % off for a commitment.
constexpr double kSeedHours = 500.0;
constexpr double kSeedMonthHours = 720.0;
constexpr double kSeedRate = 20.0;
constexpr double kSeedDiscount = 40.0;

/// What committing saves a year at utilization u (negative: what it costs more). Linear in u.
double annualNetSaving(const tco::CommitmentInput &in, double utilization)
{
    return in.onDemandRate * utilization * in.monthHours * 12.0 -
           in.onDemandRate * (1.0 - in.discount) * in.monthHours * 12.0;
}

} // namespace

CommitmentCalculator::CommitmentCalculator(QWidget *parent) : QWidget(parent)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("commitment"), tr("Commitment: reserve or stay on demand"),
        tr("A reservation or savings plan is paid for every hour of the month, used or not. It pays off once "
           "the share of hours you use reaches 1 − discount."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_hours = m_frame->addField(QStringLiteral("commitmentHours"),
                                {tr("Hours used a month"), tr("h"), FieldKind::Number, 0.0, kSeedMonthHours, kSeedHours,
                                 1, tr("Default: a published reservation example, 500 of 720 hours used.")});
    m_monthHours =
        m_frame->addField(QStringLiteral("commitmentMonthHours"),
                          {tr("Hours in the month"), tr("h"), FieldKind::Number, 1.0, 744.0, kSeedMonthHours, 1,
                           tr("Default: 720 hours, as the example counts them (24 × 30); mltco's plans use 730 "
                              "(8,760 / 12). At most 744 (a 31-day month).")});
    m_rate = m_frame->addField(
        QStringLiteral("commitmentRate"),
        {tr("On-demand rate"), tr("$/h"), FieldKind::Money, 0.01, 100000.0, kSeedRate, 4,
         tr("Default: the example's $10,000 a month on demand for 500 hours, which is $20 an hour.")});
    m_discount = m_frame->addField(QStringLiteral("commitmentDiscount"),
                                   {tr("Commitment discount"), tr("%"), FieldKind::Percent, 0.0, 99.0, kSeedDiscount, 2,
                                    tr("Default: the example's 40 % reservation discount.")});

    // The seed's own figure for its example, worked out so the note quotes numbers, not prose.
    const tco::CommitmentResult ours = tco::commitment({kSeedHours, kSeedMonthHours, kSeedRate, kSeedDiscount / 100.0});
    const double seedMonthly = kSeedHours * kSeedRate;
    m_frame->setNote(tr("The published example these defaults come from says it saves %1 a year (500 of 720 h at "
                        "$20/h, 40 % off): it takes 40 % off the %2 bill of the 500 hours used, as if the commitment "
                        "were paid only for hours used. A commitment is paid for all 720 hours, so it saves %3 a year.")
                         .arg(report::moneyWhole(seedMonthly * 12.0 * kSeedDiscount / 100.0),
                              report::moneyWhole(seedMonthly), report::moneyWhole(ours.annualSavings)));

    connect(m_frame, &CalculatorFrame::edited, this, &CommitmentCalculator::recompute);
    recompute();
}

void CommitmentCalculator::recompute()
{
    // Hours used cannot exceed the month they are counted in.
    if (const std::optional<double> month = m_monthHours->value())
        m_hours->setRange(0.0, *month, tr("(the hours in the month)"));
    if (!m_frame->checkFields())
        return;

    const tco::CommitmentInput in{*m_hours->value(), *m_monthHours->value(), *m_rate->value(), *m_discount->value()};
    const tco::CommitmentResult r = tco::commitment(in);
    const QString committed = report::money(r.committedAnnual);
    const QString onDemand = report::money(r.onDemandAnnual);
    if (r.reserve) {
        m_frame->setResult(tr("<b>Reserve:</b> at %1 utilization (break-even %2) you save <b>%3 a year</b>: "
                              "%4 committed instead of %5 on demand.")
                               .arg(report::percent(r.utilization), report::percent(r.breakEvenUtilization),
                                    report::money(r.annualSavings), committed, onDemand));
    } else {
        m_frame->setResult(tr("<b>Stay on demand:</b> at %1 utilization (break-even %2) a commitment would cost "
                              "<b>%3 a year more</b>: %4 committed against %5 on demand.")
                               .arg(report::percent(r.utilization), report::percent(r.breakEvenUtilization),
                                    report::money(r.committedAnnual - r.onDemandAnnual), committed, onDemand));
    }

    m_frame->setWorkings(tr("On demand: %1 h × %2 × 12 = %3 a year.<br>Committed: %4 h × %5 (%6 off) × 12 = %7 a "
                            "year.")
                             .arg(inputNumber(in.usedHours), unitPrice(in.onDemandRate, tr("h")), onDemand,
                                  inputNumber(in.monthHours), unitPrice(in.onDemandRate * (1.0 - in.discount), tr("h")),
                                  inputPercent(in.discount), committed));

    // Saving against utilization: a straight line crossing zero at the break-even.
    QChart *chart = calcchart::makeChart(tr("Yearly saving of a commitment by utilization"));
    auto *line = new QLineSeries;
    line->setName(tr("Saving a year (below zero: a loss)"));
    constexpr int kSteps = 100;
    const double lo = annualNetSaving(in, 0.0);
    const double hi = annualNetSaving(in, 1.0);
    auto *axisY = newMoneyAxis(); // a commitment can lose money
    const MoneyScale scale = configureMoneyAxis(axisY, std::min(lo, 0.0), std::max(hi, 0.0), tr("Saving a year"));
    for (int i = 0; i <= kSteps; ++i) {
        const double u = static_cast<double>(i) / kSteps;
        line->append(u * 100.0, annualNetSaving(in, u) / scale.divisor);
    }
    line->setPen(QPen(QColor::fromRgba(calcchart::kSpendColor), 2.5));
    chart->addSeries(line);

    auto *breakEven = new QLineSeries;
    breakEven->setName(tr("Break-even %1").arg(report::percent(r.breakEvenUtilization)));
    breakEven->append(r.breakEvenUtilization * 100.0, axisY->min());
    breakEven->append(r.breakEvenUtilization * 100.0, axisY->max());
    breakEven->setPen(QPen(QColor::fromRgba(calcchart::kMarkColor), 1.5, Qt::DashLine));
    chart->addSeries(breakEven);

    auto *you = new QScatterSeries;
    you->setName(tr("You: %1").arg(report::percent(r.utilization)));
    you->append(r.utilization * 100.0, annualNetSaving(in, r.utilization) / scale.divisor);
    you->setMarkerSize(11);
    you->setColor(QColor::fromRgba(calcchart::kSpendColor));
    you->setBorderColor(Qt::white);
    chart->addSeries(you);

    auto *axisX = calcchart::addValueAxis(chart, Qt::AlignBottom, tr("Utilization (% of the month's hours used)"), 0,
                                          100, QStringLiteral("%.0f %%"));
    axisX->setTickCount(11);
    chart->addAxis(axisY, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    }
    calcchart::connectPointTips(m_frame->chartView(), line, [in](int i) {
        const double u = static_cast<double>(i) / kSteps;
        const double saving = annualNetSaving(in, u);
        return saving >= 0
                   ? tr("At %1 utilization a commitment saves %2 a year").arg(report::percent(u), report::money(saving))
                   : tr("At %1 utilization a commitment costs %2 a year more")
                         .arg(report::percent(u), report::money(-saving));
    });
    m_frame->setChart(chart);
    m_frame->chartView()->attachLegendToggles();
}

} // namespace mltco::ui

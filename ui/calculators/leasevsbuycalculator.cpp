#include "ui/calculators/leasevsbuycalculator.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mltco::ui {
namespace {

// The textbook example of model.md §12 (its acceptance figures): a $10,000 asset over 5 years, leased for $2,500 a
// year, tax 34 %, borrowing at 7.57575 % (5 % after tax).
constexpr double kPrice = 10000.0;
constexpr int kLifeYears = 5;
constexpr double kLeasePayment = 2500.0;
constexpr double kTaxPercent = 34.0;
constexpr double kBorrowingPercent = 7.57575;

QString signedMoney(double amount)
{
    return amount >= 0.0 ? QStringLiteral("+") + report::money(amount) : report::money(amount);
}

} // namespace

LeaseVsBuyCalculator::LeaseVsBuyCalculator(QWidget *parent) : QWidget(parent)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("leaseVsBuy"), tr("Lease vs buy"),
        tr("Whether to lease an asset or borrow to buy it, by the textbook annual method: the net advantage of "
           "leasing (NAL) is what leasing is worth over buying, in today's money."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    const QString source = tr("Default: a standard textbook lease-or-buy example.");
    m_price = m_frame->addField(QStringLiteral("leasePrice"),
                                {tr("Price of the asset"), tr("$"), FieldKind::Money, 0.01, 1e8, kPrice, 2,
                                 tr("Paid at the start if bought; depreciated straight-line to zero over its life. %1")
                                     .arg(source)});
    m_life = m_frame->addField(QStringLiteral("leaseLife"),
                               {tr("Life and lease term"), tr("years"), FieldKind::Whole, 1, 50, kLifeYears, 0,
                                tr("The lease runs this long; bought, the asset is depreciated over it. %1").arg(source)});
    m_lease = m_frame->addField(QStringLiteral("leasePayment"),
                                {tr("Lease payment a year"), tr("$/year"), FieldKind::Money, 0.0, 1e8, kLeasePayment, 2,
                                 tr("Paid at the end of each year, fully deductible. %1").arg(source)});
    m_tax = m_frame->addField(QStringLiteral("leaseTax"),
                              {tr("Tax rate"), tr("%"), FieldKind::Percent, 0.0, 90.0, kTaxPercent, 2,
                               tr("The company's marginal tax rate. %1").arg(source)});
    m_borrowing = m_frame->addField(
        QStringLiteral("leaseBorrowing"),
        {tr("Borrowing rate (before tax)"), tr("% a year"), FieldKind::Percent, 0.0, 100.0, kBorrowingPercent, 5,
         tr("What the company pays to borrow for the purchase. %1").arg(source)});
    m_frame->setNote(
        tr("What NAL means: positive, leasing is worth that much more than borrowing to buy, in today's money, so "
           "lease; negative, buy. Why the after-tax borrowing rate: a lease takes the place of a loan, its payments "
           "are as certain as debt service, and interest is deductible, so the company's cost of that money is "
           "borrowing × (1 − tax). Leasing gives up the depreciation tax shield; buying keeps the residual value "
           "(zero here)."));

    connect(m_frame, &CalculatorFrame::edited, this, &LeaseVsBuyCalculator::recompute);
    recompute();
}

void LeaseVsBuyCalculator::recompute()
{
    if (!m_frame->checkFields())
        return;
    tco::LeaseVsBuyInput in;
    in.price = *m_price->value();
    in.lifeYears = static_cast<int>(*m_life->value());
    in.leasePayment = *m_lease->value();
    in.taxRate = *m_tax->value();
    in.borrowingRate = *m_borrowing->value();
    const tco::LeaseVsBuyResult r = tco::leaseVsBuy(in);

    if (std::fabs(r.nal) < 0.005)
        m_frame->setResult(tr("<b>Leasing and buying are worth the same</b> (NAL %1): choose on other grounds.")
                               .arg(report::money(r.nal)));
    else if (r.nal > 0.0)
        m_frame->setResult(tr("<b>Lease:</b> leasing is worth <b>%1</b> more than borrowing to buy, in today's money "
                              "(NAL %2).")
                               .arg(report::money(r.nal), signedMoney(r.nal)));
    else
        m_frame->setResult(tr("<b>Buy:</b> borrowing to buy is worth <b>%1</b> more than leasing, in today's money "
                              "(NAL %2).")
                               .arg(report::money(-r.nal), signedMoney(r.nal)));
    const double afterTaxLease = in.leasePayment * (1.0 - in.taxRate);
    const double shield = in.taxRate * in.price / in.lifeYears;
    m_frame->setWorkings(
        tr("Year 0: %1 (the price not paid). Years 1–%2: −%3 × (1 − %4) lease after tax − %4 × %1 / %2 depreciation "
           "shield given up = %5 a year.<br>Discounted at %6 × (1 − %4) = %7: NAL = %8.")
            .arg(report::money(in.price), QString::number(in.lifeYears), report::money(in.leasePayment),
                 inputPercent(in.taxRate), signedMoney(-afterTaxLease - shield),
                 QString::number(100.0 * in.borrowingRate, 'g', 8) + QStringLiteral("\u00a0%"),
                 report::percent(r.discountRate, 4), signedMoney(r.nal)));

    QChart *chart = calcchart::makeChart(tr("Cash flows of leasing minus buying, by year"));
    auto *flows = new QBarSet(tr("Leasing minus buying"));
    auto *present = new QBarSet(tr("In today's money"));
    flows->setColor(QColor::fromRgba(calcchart::kSpendColor));
    present->setColor(QColor::fromRgba(calcchart::kSavedColor));
    QStringList years;
    double lo = 0.0, hi = 0.0;
    double discount = 1.0;
    std::vector<double> presentValues;
    for (std::size_t y = 0; y < r.flows.size(); ++y) {
        years << tr("Year %1").arg(y);
        presentValues.push_back(r.flows[y] * discount);
        lo = std::min(lo, r.flows[y]);
        hi = std::max(hi, r.flows[y]);
        discount /= 1.0 + r.discountRate;
    }
    auto *axisY = newMoneyAxis();
    const MoneyScale scale = configureMoneyAxis(axisY, lo, hi, tr("Cash flow"));
    for (std::size_t y = 0; y < r.flows.size(); ++y) {
        flows->append(r.flows[y] / scale.divisor);
        present->append(presentValues[y] / scale.divisor);
    }
    auto *series = new QBarSeries;
    series->append(flows);
    series->append(present);
    chart->addSeries(series);
    auto *axisX = new QBarCategoryAxis;
    axisX->append(years);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);
    const std::vector<double> cash = r.flows;
    calcchart::connectBarTips(m_frame->chartView(), series, [cash, presentValues](int set, int index) {
        if (index < 0 || index >= static_cast<int>(cash.size()))
            return QString();
        const auto i = static_cast<std::size_t>(index);
        return set == 0 ? tr("Year %1: %2 (leasing minus buying)").arg(index).arg(signedMoney(cash[i]))
                        : tr("Year %1: %2 in today's money").arg(index).arg(signedMoney(presentValues[i]));
    });
    m_frame->setChart(chart);
    m_frame->chartView()->attachLegendToggles();
}

} // namespace mltco::ui

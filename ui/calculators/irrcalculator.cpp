#include "ui/calculators/irrcalculator.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"

#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QLineEdit>
#include <QLineSeries>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mltco::ui {
namespace {

// The acceptance example of model.md §12: an outlay of 70,000 returning 12,000 to 26,000 over five years (IRR 8.66 %).
const char kExample[] = "-70000, 12000, 15000, 18000, 21000, 26000";

} // namespace

ParsedFlows parseFlows(const QString &text)
{
    // Semicolons or new lines separate entries when the figures carry thousands separators ("-70,000; 12,000");
    // otherwise commas or spaces do ("-70000, 12000").
    QString cleaned = text;
    cleaned.replace(QChar(0x2212), QLatin1Char('-')).remove(QLatin1Char('$'));
    const bool semicolons = cleaned.contains(QLatin1Char(';')) || cleaned.contains(QLatin1Char('\n'));
    const QStringList parts = cleaned.split(semicolons ? QRegularExpression(QStringLiteral("[;\\n]"))
                                                       : QRegularExpression(QStringLiteral("[,\\s]+")),
                                            Qt::SkipEmptyParts);
    ParsedFlows out;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        QString part = parts[i].trimmed();
        if (part.isEmpty())
            continue;
        if (semicolons)
            part.remove(QLatin1Char(',')).remove(QLatin1Char(' '));
        bool ok = false;
        const double value = part.toDouble(&ok);
        if (!ok || !std::isfinite(value) || std::fabs(value) > 1e15) {
            out.problem = QCoreApplication::translate("IrrCalculator",
                                                      "Flow %1 (\"%2\") is not a number: enter the flows as numbers "
                                                      "separated by commas, e.g. -70000, 12000, 15000.")
                              .arg(out.flows.size() + 1)
                              .arg(parts[i].trimmed());
            out.flows.clear();
            return out;
        }
        out.flows.push_back(value);
    }
    if (out.flows.size() < 2)
        out.problem = QCoreApplication::translate("IrrCalculator",
                                                  "Enter at least two flows: the first at the start (usually the outlay, "
                                                  "negative), then one per period.");
    return out;
}

IrrCalculator::IrrCalculator(QWidget *parent) : QWidget(parent)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("irr"), tr("Internal rate of return"),
        tr("The return an investment earns: the discount rate at which the present value of its cash flows is zero. "
           "Compare it with the company's cost of capital."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_flows = new QLineEdit(QString::fromLatin1(kExample), m_frame);
    m_flows->setObjectName(QStringLiteral("irrFlows"));
    m_flows->setAccessibleName(tr("Cash flows"));
    m_flows->setToolTip(tr("One flow per period, the first at the start: money out negative, money in positive. "
                           "Separate them with commas or spaces, or with semicolons when the figures have thousands "
                           "separators. Default: a textbook example, an outlay of 70,000 returning 12,000 to 26,000 "
                           "over five years."));
    m_frame->addRow(tr("Cash flows"), m_flows);
    m_period = new QComboBox(m_frame);
    m_period->setObjectName(QStringLiteral("irrPeriod"));
    m_period->addItem(tr("Years"));
    m_period->addItem(tr("Months (the rate is also shown a year)"));
    m_frame->addRow(tr("One flow per"), m_period);
    m_frame->setNote(tr("Accept an investment whose IRR is above the cost of capital. Flows that change sign more "
                        "than once (an outlay, savings, then a second outlay) can have several rates that fit: the one "
                        "nearest zero is shown. Flows that never change sign have none."));

    connect(m_flows, &QLineEdit::textChanged, this, &IrrCalculator::recompute);
    connect(m_period, &QComboBox::currentIndexChanged, this, &IrrCalculator::recompute);
    recompute();
}

void IrrCalculator::recompute()
{
    const ParsedFlows parsed = parseFlows(m_flows->text());
    m_frame->showProblem(parsed.problem.isEmpty()
                             ? QString()
                             : parsed.problem + tr(" The result below is for the last values that were accepted."));
    m_flows->setProperty("refused", !parsed.problem.isEmpty());
    m_flows->setStyleSheet(parsed.problem.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 2px solid #c0392b; }"));
    if (!parsed.problem.isEmpty())
        return;
    const std::vector<double> &flows = parsed.flows;
    const bool monthly = m_period->currentIndex() == 1;
    const std::optional<double> irr = tco::internalRateOfReturn(flows);
    double sum = 0.0;
    for (double f : flows)
        sum += f;
    const QString per = monthly ? tr("a month") : tr("a year");
    if (!irr) {
        m_frame->setResult(tr("<b>No rate of return:</b> the flows never change sign (%1 in all), so no discount rate "
                              "makes their value zero.")
                               .arg(report::money(sum)));
        m_frame->setWorkings({});
    } else {
        QString annual;
        if (monthly)
            annual = tr(", %1 a year").arg(report::percent(std::pow(1.0 + *irr, 12.0) - 1.0, 2));
        m_frame->setResult(tr("<b>IRR %1 %2%3.</b>").arg(report::percent(*irr, 2), per, annual));
        m_frame->setWorkings(tr("Present value at %1: %2 (zero, as it must be). Undiscounted (at 0 %, money later "
                                "counts as much as money now), the flows sum to %3.")
                                 .arg(report::percent(*irr, 2), report::money(tco::presentValue(flows, *irr)),
                                      report::money(sum)));
    }

    // The present value against the rate: the IRR is where the curve crosses zero.
    QChart *chart = calcchart::makeChart(tr("Present value of the flows against the discount rate"));
    const double centre = irr ? *irr : 0.0;
    const double span = std::max(0.1, std::fabs(centre) * 1.5);
    const double from = std::max(-0.9, centre - span), to = centre + span;
    auto *curve = new QLineSeries;
    curve->setName(tr("Present value"));
    curve->setPen(QPen(QColor::fromRgba(calcchart::kSpendColor), 2.5));
    double lo = 0.0, hi = 0.0;
    std::vector<double> values;
    constexpr int kPoints = 120;
    for (int i = 0; i <= kPoints; ++i) {
        const double rate = from + (to - from) * i / kPoints;
        values.push_back(tco::presentValue(flows, rate));
        lo = std::min(lo, values.back());
        hi = std::max(hi, values.back());
    }
    auto *axisY = newMoneyAxis();
    const MoneyScale scale = configureMoneyAxis(axisY, lo, hi, tr("Present value"));
    for (int i = 0; i <= kPoints; ++i)
        curve->append(100.0 * (from + (to - from) * i / kPoints), values[static_cast<std::size_t>(i)] / scale.divisor);
    chart->addSeries(curve);
    QScatterSeries *mark = nullptr;
    if (irr) {
        mark = new QScatterSeries;
        mark->setName(tr("IRR %1").arg(report::percent(*irr, 2)));
        mark->append(100.0 * *irr, 0.0);
        mark->setMarkerSize(11);
        mark->setColor(QColor::fromRgba(calcchart::kMarkColor));
        mark->setBorderColor(Qt::white);
        chart->addSeries(mark);
    }
    QValueAxis *axisX = calcchart::addValueAxis(chart, Qt::AlignBottom, tr("Discount rate (%, %1)").arg(per),
                                                100.0 * from, 100.0 * to, QStringLiteral("%.0f %%"));
    setNiceRange(axisX, 100.0 * from, 100.0 * to);
    chart->addAxis(axisY, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    }
    calcchart::connectPointTips(m_frame->chartView(), curve, [curve, values](int i) {
        return tr("At %1: present value %2")
            .arg(report::percent(curve->at(i).x() / 100.0, 1), report::money(values[static_cast<std::size_t>(i)]));
    });
    m_frame->setChart(chart);
    m_frame->chartView()->attachLegendToggles();
}

} // namespace mltco::ui

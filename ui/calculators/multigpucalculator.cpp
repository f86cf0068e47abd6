#include "ui/calculators/multigpucalculator.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "models/tco/defaults.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"

#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {
namespace {

constexpr int kSeedGpus = 8;
constexpr double kSeedSpeedup = 5.0;
constexpr double kMaxGpus = 1024.0;
// Seed 004's on-demand p3.2xlarge (one V100, the reference GPU): a price per GPU-hour to put on the hours.
constexpr double kSeedGpuRate = 3.06;

QString hours(double h)
{
    return QCoreApplication::translate("MultiGpuCalculator", "%1 h").arg(inputNumber(h, 2));
}

} // namespace

MultiGpuCalculator::MultiGpuCalculator(QWidget *parent) : QWidget(parent)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("multiGpu"), tr("Multi-GPU scaling"),
        tr("k GPUs finish a job k × e times faster, where e is the scaling efficiency; they bill 1 / e times the "
           "GPU-hours of one GPU. The line holds e constant: efficiency usually falls as GPUs are added, so "
           "trust it near the GPU count you measured."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_gpus = m_frame->addField(QStringLiteral("multiGpuCount"),
                               {tr("GPUs"), tr("GPUs"), FieldKind::Whole, 1.0, kMaxGpus, kSeedGpus, 0,
                                tr("Default: a common rule of thumb, \"a 5x speed up in training when using 8x the "
                                   "number of GPUs\".")});
    m_speedup =
        m_frame->addField(QStringLiteral("multiGpuSpeedup"),
                          {tr("Speed-up on them"), tr("× one GPU"), FieldKind::Number, 0.01, kSeedGpus, kSeedSpeedup, 2,
                           tr("Measured or quoted speed-up against one GPU. Default: the rule of thumb's 5× on 8 "
                              "GPUs (e = 5/8).")});
    m_jobHours = m_frame->addField(
        QStringLiteral("multiGpuJobHours"),
        {tr("Job on one GPU"), tr("h"), FieldKind::Number, 0.01, 1e6, tco::defaults::kJobGpuHours, 2,
         tr("Hours the job takes on one GPU. Default: 24, the sample plan's job size (the model's assumption; no "
            "published example gives one).")});
    m_rate = m_frame->addField(
        QStringLiteral("multiGpuRate"),
        {tr("Price per GPU-hour"), tr("$/GPU-h"), FieldKind::Money, 0.0, 1000.0, kSeedGpuRate, 4,
         tr("Default: the on-demand price of an AWS p3.2xlarge (one NVIDIA V100 GPU), $3.06/h.")});

    connect(m_frame, &CalculatorFrame::edited, this, &MultiGpuCalculator::recompute);
    recompute();
}

void MultiGpuCalculator::recompute()
{
    // More than k times faster on k GPUs would be better than ideal scaling.
    if (const std::optional<double> gpus = m_gpus->value())
        m_speedup->setRange(0.01, *gpus, tr("(no more than the number of GPUs: ideal scaling)"));
    if (!m_frame->checkFields())
        return;

    const int k = static_cast<int>(*m_gpus->value());
    const double speedup = *m_speedup->value();
    const double job = *m_jobHours->value();
    const double rate = *m_rate->value();
    const tco::MultiGpuResult r = tco::multiGpu(k, speedup / k);
    const double wall = job * r.wallTimeFraction;
    const double billed = job * r.gpuHoursFactor;
    m_frame->setResult(tr("<b>%1 GPUs run %2× faster than one</b> (%3 efficiency): a %4 job finishes in %5 instead "
                          "of %4 but bills <b>%6 GPU-hours instead of %7</b>, %8 instead of %9 at %10 "
                          "(%11× the cost).")
                           .arg(QString::number(k), inputNumber(r.speedup), report::percent(r.efficiency), hours(job),
                                hours(wall), inputNumber(billed, 1), inputNumber(job, 1), report::money(billed * rate),
                                report::money(job * rate), unitPrice(rate, tr("GPU-hour")),
                                inputNumber(r.gpuHoursFactor)));
    m_frame->setWorkings(tr("Efficiency e = %1 / %2 GPUs = %3.<br>Time: %4 / %5 = %6. GPU-hours: %4 / %3 = %7.")
                             .arg(inputNumber(speedup), QString::number(k), report::percent(r.efficiency), hours(job),
                                  inputNumber(r.speedup), hours(wall), inputNumber(billed, 2)));

    QChart *chart = calcchart::makeChart(tr("Speed-up by number of GPUs"));
    const int maxGpus = std::max(16, 2 * k);
    auto *ideal = new QLineSeries;
    ideal->setName(tr("Ideal (speed-up = GPUs)"));
    ideal->setPen(QPen(QColor::fromRgba(calcchart::kIdealColor), 1.5, Qt::DashLine));
    auto *scaled = new QLineSeries;
    scaled->setName(tr("At %1 efficiency").arg(report::percent(r.efficiency)));
    scaled->setPen(QPen(QColor::fromRgba(calcchart::kSpendColor), 2.5));
    const int step = std::max(1, maxGpus / 256);
    for (int g = 1; g <= maxGpus; g += step) {
        ideal->append(g, g);
        scaled->append(g, g * r.efficiency);
    }
    auto *you = new QScatterSeries;
    you->setName(tr("%1 GPUs: %2×").arg(QString::number(k), inputNumber(r.speedup)));
    you->append(k, r.speedup);
    you->setMarkerSize(11);
    you->setColor(QColor::fromRgba(calcchart::kMarkColor));
    you->setBorderColor(Qt::white);
    chart->addSeries(ideal);
    chart->addSeries(scaled);
    chart->addSeries(you);
    QValueAxis *axisX = calcchart::addValueAxis(chart, Qt::AlignBottom, tr("GPUs working on one job"), 0, maxGpus,
                                                QStringLiteral("%.0f"));
    axisX->applyNiceNumbers();
    QValueAxis *axisY =
        calcchart::addValueAxis(chart, Qt::AlignLeft, tr("Speed-up (× one GPU)"), 0, maxGpus, QStringLiteral("%.0f"));
    axisY->applyNiceNumbers();
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    }
    const double e = r.efficiency;
    calcchart::connectPointTips(m_frame->chartView(), scaled, [scaled, e](int i) {
        const double g = scaled->at(i).x();
        return tr("%1 GPUs at %2 efficiency: %3× faster, %4× the GPU-hours")
            .arg(report::grouped(g, 0), report::percent(e), inputNumber(g * e), inputNumber(1.0 / e));
    });
    calcchart::connectPointTips(m_frame->chartView(), ideal, [ideal](int i) {
        return tr("Ideal: %1 GPUs, %1× faster").arg(report::grouped(ideal->at(i).x(), 0));
    });
    m_frame->setChart(chart);
    m_frame->chartView()->attachLegendToggles();
}

} // namespace mltco::ui

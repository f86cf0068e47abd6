#include "ui/calculators/storagecalculator.h"

#include "models/report/format.h"
#include "models/tco/calculators.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"
#include "ui/core/theme.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {
namespace {

// No seed gives a monthly inflow; 10 TB a month is an assumption, stated in the field's tooltip.
constexpr double kAssumedInflow = 10000.0;
constexpr double kMaxDays = 3650.0;
constexpr QRgb kGbColor = 0xff76b7b2;

/// "hot (S3 Standard)" -> "Hot (S3 Standard)" for labels at the start of a line.
QString capitalized(const QString &text)
{
    return text.isEmpty() ? text : text.at(0).toUpper() + text.mid(1);
}

QLabel *headerLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    label->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
    return label;
}

} // namespace

StorageCalculator::StorageCalculator(QWidget *parent) : QWidget(parent)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("storage"), tr("Storage tiering"),
        tr("A lifecycle policy moves data to cheaper tiers as it ages and deletes it at expiry. With the same "
           "amount of new data every month, each tier holds a steady amount: inflow × days in the tier / 30.42."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_inflow = m_frame->addField(
        QStringLiteral("storageInflow"),
        {tr("New data a month"), tr("GB"), FieldKind::Number, 0.0, 1e10, kAssumedInflow, 2,
         tr("Default: 10,000 GB (10 TB) a month, the model's assumption (no published example gives a monthly "
            "inflow). Type your own.")});

    // One row per tier: how old data is when it leaves the tier, and the tier's price.
    auto *grid = new QWidget(m_frame);
    auto *g = new QGridLayout(grid);
    g->setContentsMargins(0, 4, 0, 0);
    g->setHorizontalSpacing(10);
    g->addWidget(headerLabel(tr("Tier"), grid), 0, 0);
    g->addWidget(headerLabel(tr("Leaves the tier at\n(days old, 1 to 3,650)"), grid), 0, 1);
    g->addWidget(headerLabel(tr("Price\n($ per GB-month)"), grid), 0, 2);
    const QStringList keys{QStringLiteral("Hot"), QStringLiteral("Warm"), QStringLiteral("Cold"),
                           QStringLiteral("Archive")};
    const std::vector<tco::StorageTier> seedTiers = tco::seedStorageTiers();
    for (std::size_t i = 0; i < seedTiers.size() && i < static_cast<std::size_t>(keys.size()); ++i) {
        const tco::StorageTier &tier = seedTiers[i];
        const QString key = keys[static_cast<qsizetype>(i)];
        const bool last = i + 1 == seedTiers.size();
        // The last tier's end is the expiry: data is deleted then.
        const QString dayName = last ? QStringLiteral("storageExpiryDays") : QStringLiteral("storage%1Days").arg(key);
        const QString shortName = tier.name.section(QLatin1Char(' '), 0, 0); // "warm"
        TierFields fields;
        fields.name = shortName;
        fields.fullName = tier.name;
        fields.until = m_frame->createField(
            dayName,
            {last ? tr("Expiry") : tr("End of the %1 tier").arg(shortName), tr("days"), FieldKind::Whole, 1.0, kMaxDays,
             tier.untilDays, 0,
             last ? tr("Deleted at this age. Default: a published lifecycle policy example, expiry after 730 days.")
                  : tr("Age at which data leaves the %1 tier. Default: a published lifecycle policy example "
                       "(transitions at 30, 90 and 365 days).")
                        .arg(shortName)});
        fields.price = m_frame->createField(QStringLiteral("storage%1Price").arg(key),
                                            {tr("Price of the %1 tier").arg(shortName), tr("$/GB-month"),
                                             FieldKind::Money, 0.0, 1.0, tier.pricePerGbMonth, 5,
                                             tr("Default: the tier's price in a published storage tiering example.")});
        const int row = static_cast<int>(i) + 1;
        g->addWidget(new QLabel(capitalized(tier.name), grid), row, 0);
        g->addWidget(fields.until, row, 1);
        g->addWidget(fields.price, row, 2);
        m_tiers.append(fields);
    }
    g->setColumnStretch(0, 1);
    m_frame->addSpanningRow(grid);

    connect(m_frame, &CalculatorFrame::edited, this, &StorageCalculator::recompute);
    recompute();
}

void StorageCalculator::recompute()
{
    // Each tier must end after the one before it; the previous end sets the next field's range.
    double previous = 0.0;
    for (qsizetype i = 0; i < m_tiers.size(); ++i) {
        NumberField *until = m_tiers[i].until;
        until->setRange(previous + 1.0, kMaxDays,
                        i == 0
                            ? QString()
                            : tr("(after the %1 tier's end, day %2)").arg(m_tiers[i - 1].name, inputNumber(previous)));
        const std::optional<double> v = until->value();
        previous = v ? *v : previous + 1.0;
    }
    if (!m_frame->checkFields())
        return;

    std::vector<tco::StorageTier> tiers;
    for (const TierFields &f : std::as_const(m_tiers))
        tiers.push_back({f.fullName, *f.until->value(), *f.price->value()});
    const double inflow = *m_inflow->value();
    const tco::StorageResult r = tco::storageTiering(inflow, tiers);
    const QString hot = tiers.front().name;
    if (r.monthlySavings >= 0) {
        m_frame->setResult(tr("<b>Tiered:</b> the %1 GB held in steady state cost %2 a month instead of %3 "
                              "kept in %4 until expiry, so you save <b>%5 a month, %6 a year (%7)</b>.")
                               .arg(report::grouped(r.gigabytes, 0), report::money(r.monthlyCost),
                                    report::money(r.allHotMonthlyCost), hot, report::money(r.monthlySavings),
                                    report::money(r.monthlySavings * 12.0), report::percent(r.savingsRate)));
    } else {
        m_frame->setResult(tr("<b>Tiering costs more:</b> the %1 GB held cost %2 a month tiered against %3 kept "
                              "in %4, %5 a month more. Check the tier prices.")
                               .arg(report::grouped(r.gigabytes, 0), report::money(r.monthlyCost),
                                    report::money(r.allHotMonthlyCost), hot, report::money(-r.monthlySavings)));
    }

    QStringList lines;
    for (std::size_t i = 0; i < r.tiers.size() && i < tiers.size(); ++i) {
        const tco::StorageTierResult &t = r.tiers[i];
        lines << tr("%1: %2 × %3 / 30.42 = %4 GB × %5 = %6")
                     .arg(capitalized(t.name.section(QLatin1Char(' '), 0, 0)), inputNumber(inflow),
                          inputNumber(t.untilDays - t.fromDays), report::grouped(t.gigabytes, 0),
                          unitPrice(tiers[i].pricePerGbMonth, tr("GB")), report::money(t.monthlyCost));
    }
    m_frame->setWorkings(lines.join(QStringLiteral("<br>")));

    // GB (left axis) and $ (right axis) per tier: two bar series, which Qt Charts places side by side.
    QChart *chart = calcchart::makeChart(tr("Data held and cost a month, per tier"));
    auto *gb = new QBarSet(tr("Data held"));
    auto *cost = new QBarSet(tr("Cost a month"));
    gb->setColor(QColor::fromRgba(kGbColor));
    gb->setBorderColor(QColor::fromRgba(kGbColor));
    cost->setColor(QColor::fromRgba(calcchart::kSpendColor));
    cost->setBorderColor(QColor::fromRgba(calcchart::kSpendColor));
    QStringList categories;
    double maxGb = 0.0;
    double maxCost = r.allHotMonthlyCost;
    auto *axisCost = new QValueAxis;
    for (const tco::StorageTierResult &t : r.tiers) {
        maxGb = std::max(maxGb, t.gigabytes);
        maxCost = std::max(maxCost, t.monthlyCost);
    }
    const MoneyScale scale = configureMoneyAxis(axisCost, 0.0, maxCost, tr("Cost a month"));
    maxGb = std::max(maxGb, r.gigabytes);
    // Six-digit GB tick labels are hard to read (and an axis format cannot group digits): TB from 10 TB up.
    const bool terabytes = maxGb >= 10000.0;
    const double gbDivisor = terabytes ? 1000.0 : 1.0;
    for (const tco::StorageTierResult &t : r.tiers) {
        categories << capitalized(t.name.section(QLatin1Char(' '), 0, 0)) + QStringLiteral("<br>") +
                          tr("to day %1").arg(report::grouped(t.untilDays, 0));
        gb->append(t.gigabytes / gbDivisor);
        cost->append(t.monthlyCost / scale.divisor);
    }
    categories << tr("All in %1<br>(no tiering)").arg(hot.section(QLatin1Char(' '), 0, 0));
    gb->append(r.gigabytes / gbDivisor);
    cost->append(r.allHotMonthlyCost / scale.divisor);

    auto *gbSeries = new QBarSeries;
    gbSeries->append(gb);
    auto *costSeries = new QBarSeries;
    costSeries->append(cost);
    gbSeries->setBarWidth(0.85);
    costSeries->setBarWidth(0.85);
    chart->addSeries(gbSeries);
    chart->addSeries(costSeries);
    auto *axisX = new QBarCategoryAxis;
    axisX->append(categories);
    chart->addAxis(axisX, Qt::AlignBottom);
    QValueAxis *axisGb =
        calcchart::addValueAxis(chart, Qt::AlignLeft, terabytes ? tr("Data held (TB)") : tr("Data held (GB)"), 0.0,
                                maxGb > 0 ? maxGb / gbDivisor : 1.0, QStringLiteral("%.0f"));
    axisGb->applyNiceNumbers();
    chart->addAxis(axisCost, Qt::AlignRight);
    gbSeries->attachAxis(axisX);
    gbSeries->attachAxis(axisGb);
    costSeries->attachAxis(axisX);
    costSeries->attachAxis(axisCost);
    const std::vector<tco::StorageTierResult> tierResults = r.tiers;
    const double total = r.gigabytes;
    const double allHot = r.allHotMonthlyCost;
    auto tip = [tierResults, total, allHot, hot](int, int index) {
        if (index >= 0 && index < static_cast<int>(tierResults.size())) {
            const tco::StorageTierResult &t = tierResults[static_cast<std::size_t>(index)];
            return tr("%1, day %2 to %3: %4 GB, %5 a month")
                .arg(capitalized(t.name), report::grouped(t.fromDays, 0), report::grouped(t.untilDays, 0),
                     report::grouped(t.gigabytes, 0), report::money(t.monthlyCost));
        }
        return tr("Everything in %1 until expiry: %2 GB, %3 a month")
            .arg(hot, report::grouped(total, 0), report::money(allHot));
    };
    calcchart::connectBarTips(m_frame->chartView(), gbSeries, tip);
    calcchart::connectBarTips(m_frame->chartView(), costSeries, tip);
    m_frame->setChart(chart);
    m_frame->chartView()->attachLegendToggles();
}

} // namespace mltco::ui

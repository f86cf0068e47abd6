#include "ui/calculators/tflopscalculator.h"

#include "models/catalog/catalogrepository.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "models/tco/calculators.h"
#include "ui/calculators/calculatorchart.h"
#include "ui/calculators/calculatorframe.h"
#include "ui/charts/chartview.h"
#include "models/catalog/priceconverter.h"
#include "models/common/currency.h"
#include "ui/core/planeditor.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegend>
#include <QListWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace mltco::ui {
namespace {

struct TflopsMetric final
{
    const char *key;
    const char *choice; ///< in the combo box
    const char *label;  ///< in sentences: "$ per 1000 TF32 TFLOPS-hour"
};
constexpr TflopsMetric kMetrics[] = {
    {"tf32_sparse", QT_TRANSLATE_NOOP("TflopsCalculator", "TF32, sparse (the basis published comparisons use)"),
     QT_TRANSLATE_NOOP("TflopsCalculator", "TF32")},
    {"tf32_dense", QT_TRANSLATE_NOOP("TflopsCalculator", "TF32, dense"),
     QT_TRANSLATE_NOOP("TflopsCalculator", "TF32 dense")},
    {"bf16_dense", QT_TRANSLATE_NOOP("TflopsCalculator", "BF16, dense"), QT_TRANSLATE_NOOP("TflopsCalculator", "BF16")},
    {"fp16_tensor_dense", QT_TRANSLATE_NOOP("TflopsCalculator", "FP16 tensor, dense"),
     QT_TRANSLATE_NOOP("TflopsCalculator", "FP16 tensor")},
    {"fp32", QT_TRANSLATE_NOOP("TflopsCalculator", "FP32 (no tensor cores)"),
     QT_TRANSLATE_NOOP("TflopsCalculator", "FP32")},
};

// Seed 002's comparison: AWS 8×A100, GCP 8×H100 (the cheapest big-3 Hopper) and Lambda 8×H100.
const QStringList kSeedInstances{QStringLiteral("aws/p4d.24xlarge"), QStringLiteral("gcp/a3-highgpu-8g"),
                                 QStringLiteral("lambda/gpu_8x_h100_sxm5")};
const QString kSeedBaseline = QStringLiteral("gcp/a3-highgpu-8g");

QString metricText(const char *text)
{
    return QCoreApplication::translate("TflopsCalculator", text);
}

/// "72.8 % less than", "20.7 % more than" a baseline.
QString against(double change)
{
    return change < 0 ? QCoreApplication::translate("TflopsCalculator", "%1 less than").arg(report::percent(-change))
                      : QCoreApplication::translate("TflopsCalculator", "%1 more than").arg(report::percent(change));
}

} // namespace

TflopsCalculator::TflopsCalculator(PlanEditor *editor, QWidget *parent) : QWidget(parent), m_editor(editor)
{
    m_frame = new CalculatorFrame(
        QStringLiteral("tflops"), tr("$ per 1000 TFLOPS-hour"),
        tr("What 1000 TFLOPS of throughput cost for an hour on each instance: its hourly price / (node TFLOPS / "
           "1000). Tick instances from the catalog; each figure shows the price and the throughput it rests on."),
        this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_frame);

    m_metric = new QComboBox(m_frame);
    m_metric->setObjectName(QStringLiteral("tflopsMetric"));
    for (const TflopsMetric &m : kMetrics)
        m_metric->addItem(metricText(m.choice), QString::fromLatin1(m.key));
    m_metric->setToolTip(tr("Default: TF32 training throughput, the figure published price comparisons use (about "
                            "2,200 TFLOPS for a whole 8 × A100 node and about 7,120 for 8 × H100)."));
    m_frame->addRow(tr("Throughput figure"), m_metric);
    m_nodeFigures = new QCheckBox(tr("Prefer a figure quoted for the whole node"), m_frame);
    m_nodeFigures->setObjectName(QStringLiteral("tflopsNodeFigures"));
    m_nodeFigures->setChecked(true);
    m_nodeFigures->setToolTip(tr("On: a figure quoted for the whole node (such as the figure the vendor quotes for a "
                                 "whole 8 × A100 node, about 2,200) wins over GPU count × the per-GPU datasheet "
                                 "figure."));
    m_frame->addRow(QString(), m_nodeFigures);
    m_pricing = new QComboBox(m_frame);
    m_pricing->setObjectName(QStringLiteral("tflopsPricing"));
    for (const QString &key : catalog::pricingModelKeys())
        m_pricing->addItem(QString(key).replace(QLatin1Char('_'), QLatin1Char(' ')), key);
    m_pricing->setToolTip(tr("Default: on-demand prices, as published comparisons use them (\"you don't have the "
                             "DevOps to leverage spot instances\")."));
    m_frame->addRow(tr("Price"), m_pricing);
    m_baseline = new QComboBox(m_frame);
    m_baseline->setObjectName(QStringLiteral("tflopsBaseline"));
    m_baseline->setToolTip(tr("Default: Lambda's 8×H100 against GCP's a3-highgpu-8g, the cheapest Hopper node of the "
                              "three big clouds."));
    m_frame->addRow(tr("Compare with"), m_baseline);

    auto *instancesLabel = new QLabel(tr("Instances (tick to compare)"), m_frame);
    QFont bold = instancesLabel->font();
    bold.setBold(true);
    instancesLabel->setFont(bold);
    m_frame->addToLeftColumn(instancesLabel);
    m_instances = new QListWidget(m_frame);
    m_instances->setObjectName(QStringLiteral("tflopsInstances"));
    m_instances->setAccessibleName(tr("Instances to compare"));
    m_instances->setMinimumHeight(120);
    m_frame->addToLeftColumn(m_instances, 1);

    m_table = new QTableWidget(m_frame);
    m_table->setTabKeyNavigation(false);
    m_table->setObjectName(QStringLiteral("tflopsTable"));
    m_table->setAccessibleName(tr("Price per TFLOPS"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->setMinimumHeight(140);
    m_table->setWordWrap(true);
    // Wrapped source texts need their rows re-measured whenever the stretching columns change width.
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table,
            [this] { m_table->resizeRowsToContents(); });
    m_frame->addBelow(m_table);

    m_frame->setNote(tr("A published comparison prints $14.89 per 1000 TF32 TFLOPS-hour for Ampere on the three big "
                        "clouds: p4d.24xlarge is 32.77 / 2.2 = 14.895, which rounds to %1.")
                         .arg(report::money(32.77 / 2.2)));

    reloadInstances();
    if (m_editor)
        connect(m_editor, &PlanEditor::planChanged, this, &TflopsCalculator::planChanged);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &TflopsCalculator::recompute);
    connect(m_pricing, &QComboBox::currentIndexChanged, this, &TflopsCalculator::recompute);
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &TflopsCalculator::recompute);
    connect(m_nodeFigures, &QCheckBox::toggled, this, &TflopsCalculator::recompute);
    connect(m_instances, &QListWidget::itemChanged, this, &TflopsCalculator::recompute);
    recompute();
}

void TflopsCalculator::reloadInstances()
{
    if (!m_editor)
        return;
    const catalog::CatalogRepository repo(m_editor->document().database());
    QList<catalog::InstanceType> instances;
    for (const catalog::InstanceType &i : repo.instanceTypes()) {
        if (!i.gpu.isEmpty() && i.gpuCount > 0)
            instances.append(i);
    }
    m_gpus.clear();
    for (const catalog::Gpu &g : repo.gpus())
        m_gpus.insert(g.name, g);
    auto keyOf = [](const catalog::InstanceType &i) -> QString { return i.provider + QLatin1Char('/') + i.name; };
    QStringList keys;
    for (const catalog::InstanceType &i : std::as_const(instances))
        keys << keyOf(i);
    QStringList oldKeys;
    for (const catalog::InstanceType &i : std::as_const(m_instanceTypes))
        oldKeys << keyOf(i);
    if (keys == oldKeys)
        return; // same instances: keep the list (and its scroll position) as it is

    QStringList ticked = m_instanceTypes.isEmpty() ? kSeedInstances : QStringList();
    for (int r = 0; r < m_instances->count(); ++r) {
        if (m_instances->item(r)->checkState() == Qt::Checked)
            ticked << m_instances->item(r)->data(Qt::UserRole).toString();
    }
    const QString baseline = m_baseline->count() > 0 ? m_baseline->currentData().toString() : kSeedBaseline;
    m_instanceTypes = instances;

    const QSignalBlocker blockList(m_instances);
    const QSignalBlocker blockBaseline(m_baseline);
    m_instances->clear();
    m_baseline->clear();
    for (const catalog::InstanceType &i : std::as_const(instances)) {
        const QString text = tr("%1 %2  (%3 × %4)").arg(i.provider, i.name, inputNumber(i.gpuCount), i.gpu);
        auto *item = new QListWidgetItem(text, m_instances);
        item->setData(Qt::UserRole, keyOf(i));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(ticked.contains(keyOf(i)) ? Qt::Checked : Qt::Unchecked);
        m_baseline->addItem(tr("%1 %2").arg(i.provider, i.name), keyOf(i));
    }
    const int b = m_baseline->findData(baseline);
    m_baseline->setCurrentIndex(b >= 0 ? b : 0);
}

QString TflopsCalculator::currency() const
{
    return m_editor ? m_editor->plan().currency : QStringLiteral("USD");
}

std::vector<TflopsQuote> TflopsCalculator::quotes(const QStringList &keys) const
{
    std::vector<TflopsQuote> out;
    if (!m_editor)
        return out;
    const catalog::CatalogRepository repo(m_editor->document().database());
    const std::optional<catalog::PricingModel> pricing =
        catalog::pricingModelFromKey(m_pricing->currentData().toString());
    // Only the instances asked for, each read through the price index (not every price of the catalog).
    catalog::LatestPrices latest;
    for (const catalog::InstanceType &i : m_instanceTypes) {
        if (!keys.contains(i.provider + QLatin1Char('/') + i.name))
            continue;
        catalog::PriceFilter filter;
        filter.provider = i.provider;
        filter.instance = i.name;
        filter.pricing = pricing;
        repo.forEachPrice(filter, [&](const catalog::PricePoint &p) {
            latest.add(p);
            return true;
        });
    }
    const QHash<QString, catalog::PricePoint> prices = latest.result();
    // Every quote in the plan's currency: a price in another converts at its observation day's rate (model.md §13).
    catalog::PriceConverter converter(m_editor->document().database(), currency(), m_editor->plan().fxRates);
    const int metricIndex = std::max(0, m_metric->currentIndex());
    const TflopsMetric &metric = kMetrics[metricIndex];
    for (const catalog::InstanceType &i : m_instanceTypes) {
        const QString key = i.provider + QLatin1Char('/') + i.name;
        if (!keys.contains(key))
            continue;
        const auto gpu = m_gpus.constFind(i.gpu);
        const auto price = prices.constFind(key);
        std::optional<catalog::PricePoint> converted;
        QString problem;
        if (price != prices.constEnd()) {
            if (Expected<catalog::PricePoint> p = converter.convert(*price))
                converted = *p;
            else
                problem = tr("its price is in %1 and cannot be shown in %2: %3")
                              .arg(price->currency, currency(), p.error().message);
        }
        out.push_back(catalog::quoteInstance(i, gpu == m_gpus.constEnd() ? nullptr : &*gpu, converted,
                                             QString::fromLatin1(metric.key), metricText(metric.label),
                                             m_nodeFigures->isChecked(), problem));
    }
    return out;
}

void TflopsCalculator::planChanged()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    reloadInstances();
    recompute();
}

void TflopsCalculator::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale) {
        m_stale = false;
        reloadInstances();
        recompute();
    }
}

void TflopsCalculator::recompute()
{
    QStringList ticked;
    for (int r = 0; r < m_instances->count(); ++r) {
        if (m_instances->item(r)->checkState() == Qt::Checked)
            ticked << m_instances->item(r)->data(Qt::UserRole).toString();
    }
    const QString baselineKey = m_baseline->currentData().toString();
    std::vector<TflopsQuote> rows = quotes(ticked);
    const std::vector<TflopsQuote> baselineQuote = quotes({baselineKey});
    const std::optional<double> baseline = baselineQuote.empty() ? std::nullopt : baselineQuote.front().price;
    // Cheapest first; n/a after every priced instance.
    std::stable_sort(rows.begin(), rows.end(), [](const TflopsQuote &a, const TflopsQuote &b) {
        if (a.price.has_value() != b.price.has_value())
            return a.price.has_value();
        return a.price && *a.price < *b.price;
    });

    const TflopsMetric &metric = kMetrics[std::max(0, m_metric->currentIndex())];
    const QString metricLabel = metricText(metric.label);
    m_frame->showProblem(rows.empty() ? tr("Tick at least one instance in the list to compare.") : QString());
    fillTable(rows, baseline);
    showChart(rows, metricLabel);

    const QString baselineName = m_baseline->currentText().toHtmlEscaped();
    auto compared = [&](const TflopsQuote &q) {
        if (!q.price)
            return tr("n/a (%1)").arg(q.missing.toHtmlEscaped());
        if (q.key() == baselineKey)
            return tr("%1 (the baseline)").arg(report::money(q.price, currency()));
        if (const std::optional<double> change = tco::relativeChange(q.price, baseline))
            return tr("%1, %2 %3").arg(report::money(q.price, currency()), against(*change), baselineName);
        return report::money(q.price, currency());
    };
    auto comparedOnly = [&](const TflopsQuote &q) {
        if (q.key() == baselineKey)
            return tr(", the baseline");
        if (const std::optional<double> change = tco::relativeChange(q.price, baseline))
            return tr(", %1 %2").arg(against(*change), baselineName);
        return QString();
    };
    const QString pricing = m_pricing->currentText();
    if (rows.empty()) {
        m_frame->setResult(tr("No instance ticked."));
    } else if (!rows.front().price) {
        QStringList parts;
        for (const TflopsQuote &q : rows)
            parts << tr("%1: %2").arg(q.label().toHtmlEscaped(), compared(q));
        m_frame->setResult(tr("<b>No ticked instance has both a %1 price and a %2 figure.</b> %3.")
                               .arg(pricing, metricLabel, parts.join(QStringLiteral("; "))));
    } else {
        QStringList others;
        for (std::size_t i = 1; i < rows.size(); ++i)
            others << tr("%1: %2").arg(rows[i].label().toHtmlEscaped(), compared(rows[i]));
        QString text = tr("<b>Cheapest: %1 at %2 per 1000 %3 TFLOPS-hour</b>%4 (%5 prices)")
                           .arg(rows.front().label().toHtmlEscaped(), report::money(rows.front().price, currency()), metricLabel,
                                comparedOnly(rows.front()), pricing);
        text += others.isEmpty() ? tr(".") : tr(". Then %1.").arg(others.join(QStringLiteral("; ")));
        m_frame->setResult(text);
    }
}

void TflopsCalculator::fillTable(const std::vector<TflopsQuote> &rows, const std::optional<double> &baseline)
{
    const QStringList headers{tr("Instance"),
                              tr("GPUs"),
                              tr("%1/1000 TFLOPS-h").arg(currencySymbol(currency())),
                              tr("vs %1").arg(m_baseline->currentText()),
                              tr("Price and its source"),
                              tr("Node TFLOPS and their source")};
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(rows.size()));
    auto number = [](const QString &text) {
        auto *item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    };
    const QString baselineKey = m_baseline->currentData().toString();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const TflopsQuote &q = rows[i];
        const int r = static_cast<int>(i);
        m_table->setItem(r, 0, new QTableWidgetItem(q.label()));
        m_table->setItem(r, 1, new QTableWidgetItem(tr("%1 × %2").arg(inputNumber(q.gpuCount), q.gpu)));
        auto *price = number(report::money(q.price, currency()));
        QFont bold = price->font();
        bold.setBold(true);
        price->setFont(bold);
        price->setToolTip(q.price ? QString() : q.missing);
        m_table->setItem(r, 2, price);
        m_table->setItem(
            r, 3,
            number(q.key() == baselineKey ? tr("baseline") : report::percent(tco::relativeChange(q.price, baseline))));
        m_table->setItem(
            r, 4,
            new QTableWidgetItem(q.rate ? tr("%1/h, %2").arg(report::money(q.rate, currency()), q.rateBasis)
                                        : tr("n/a: no %1 price in the catalog").arg(m_pricing->currentText())));
        m_table->setItem(r, 5,
                         new QTableWidgetItem(q.nodeTflops
                                                  ? tr("%1, %2").arg(inputNumber(*q.nodeTflops, 1), q.tflopsBasis)
                                                  : tr("n/a: %1").arg(q.missing)));
    }
    // Figures take what they need; the two source columns share the rest and wrap, so nothing hides
    // behind a horizontal scroll bar at 1440x900.
    QHeaderView *header = m_table->horizontalHeader();
    for (int c = 0; c < m_table->columnCount(); ++c)
        header->setSectionResizeMode(c, c >= 4 ? QHeaderView::Stretch : QHeaderView::ResizeToContents);
    m_table->resizeRowsToContents();
}

void TflopsCalculator::showChart(const std::vector<TflopsQuote> &rows, const QString &metricLabel)
{
    QChart *chart = calcchart::makeChart(tr("%1 per 1000 %2 TFLOPS-hour").arg(currencySymbol(currency()), metricLabel));
    chart->legend()->hide();
    auto *set = new QBarSet(tr("%1 per 1000 TFLOPS-hour").arg(currencySymbol(currency())));
    set->setColor(QColor::fromRgba(calcchart::kSpendColor));
    set->setBorderColor(QColor::fromRgba(calcchart::kSpendColor));
    double maxPrice = 0.0;
    for (const TflopsQuote &q : rows)
        maxPrice = std::max(maxPrice, q.price.value_or(0.0));
    auto *axisX = new QValueAxis;
    const MoneyScale scale = configureMoneyAxis(axisX, 0.0, maxPrice > 0 ? maxPrice * 1.1 : 1.0,
                                                tr("%1 per 1000 %2 TFLOPS-hour").arg(currencySymbol(currency()), metricLabel),
                                                currency());
    // Horizontal bars run bottom-up: append the dearest first so the cheapest sits on top.
    QStringList categories;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        set->append(it->price.value_or(0.0) / scale.divisor);
        categories << tr("%1: %2").arg(it->label(), it->price ? report::money(it->price, currency()) : tr("n/a"));
    }
    auto *series = new QHorizontalBarSeries;
    series->append(set);
    series->setBarWidth(0.6);
    chart->addSeries(series);
    auto *axisY = new QBarCategoryAxis;
    axisY->append(categories);
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    std::vector<TflopsQuote> reversed(rows.rbegin(), rows.rend());
    calcchart::connectBarTips(m_frame->chartView(), series, [reversed](int, int index) {
        if (index < 0 || index >= static_cast<int>(reversed.size()))
            return QString();
        const TflopsQuote &q = reversed[static_cast<std::size_t>(index)];
        if (!q.price)
            return tr("%1: n/a, %2").arg(q.label(), q.missing);
        return tr("%1: %2 per 1000 TFLOPS-hour = %3/h / (%4 TFLOPS / 1000); price %5; throughput %6")
            .arg(q.label(), report::money(q.price, q.currency), report::money(q.rate, q.currency),
                 inputNumber(*q.nodeTflops, 1), q.rateBasis, q.tflopsBasis);
    });
    m_frame->setChart(chart);
}

} // namespace mltco::ui

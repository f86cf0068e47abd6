#include "ui/catalog/pricehistorypage.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/pricetrend.h"
#include "models/catalog/priceconverter.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "models/plan/parameters.h"
#include "ui/catalog/catalogformat.h"
#include "ui/charts/chartview.h"
#include "ui/charts/decimate.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDateTimeAxis>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <map>

namespace mltco::ui {

namespace {

constexpr int kMaxBarLabelWidth = 200; // pixels: an instance type's name beside its bar
constexpr int kMaxBars = 20; // the cheapest, when the chart is tall enough for them
constexpr int kMinBars = 5;  // however short the chart
constexpr int kInstanceRole = Qt::UserRole + 1; // provider U+001F name: survives a reload
constexpr int kIdRole = Qt::UserRole + 2;

QString instanceKey(const QString &provider, const QString &name)
{
    return provider + QChar(0x1f) + name;
}

QLabel *sectionHeading(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setStyleSheet(QStringLiteral("font-weight: 600;"));
    return label;
}

QLabel *note(const char *name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    return label;
}

qint64 msecs(const QDate &date)
{
    return date.startOfDay(Qt::UTC).toMSecsSinceEpoch();
}

} // namespace

PriceHistoryPage::PriceHistoryPage(PlanEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_historyChart(new QChart), m_tflopsChart(new QChart)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(20, 16, 20, 12);
    auto *title = new QLabel(tr("Price history"), this);
    title->setStyleSheet(QStringLiteral("font-size: 17pt; font-weight: 600;"));
    layout->addWidget(title);
    auto *subtitle = note("historySubtitle", this);
    subtitle->setText(tr("How the prices of instance types moved between observations, and what compute costs per "
                         "1000 TF32 TFLOPS-hour across GPUs and providers."));
    layout->addWidget(subtitle);

    auto *body = new QHBoxLayout;
    layout->addLayout(body, 1);
    auto *left = new QVBoxLayout;
    body->addLayout(left);
    left->addWidget(sectionHeading(tr("Instance types"), this));
    m_instanceSearch = new QLineEdit(this);
    m_instanceSearch->setObjectName(QStringLiteral("historySearch"));
    m_instanceSearch->setAccessibleName(tr("Search instance types"));
    m_instanceSearch->setPlaceholderText(tr("Filter, e.g. a100 or aws"));
    m_instanceSearch->setClearButtonEnabled(true);
    left->addWidget(m_instanceSearch);
    m_selection = new QTreeWidget(this);
    m_selection->setObjectName(QStringLiteral("historySelection"));
    m_selection->setAccessibleName(tr("Instance types to chart"));
    m_selection->setColumnCount(2);
    m_selection->setHeaderLabels({tr("Provider / instance type"), tr("Prices")});
    m_selection->header()->setStretchLastSection(false);
    m_selection->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_selection->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_selection->setFixedWidth(300);
    left->addWidget(m_selection, 1);
    left->addWidget(sectionHeading(tr("Pricing models"), this));
    m_pricing = new QListWidget(this);
    m_pricing->setObjectName(QStringLiteral("historyPricing"));
    m_pricing->setAccessibleName(tr("Pricing models to chart"));
    m_pricing->setFixedWidth(300);
    for (const QString &key : catalog::pricingModelKeys()) {
        auto *item = new QListWidgetItem(catalogtext::pricingLabel(*catalog::pricingModelFromKey(key)), m_pricing);
        item->setData(Qt::UserRole, key);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    m_pricing->setFixedHeight(m_pricing->sizeHintForRow(0) * m_pricing->count() + 2 * m_pricing->frameWidth() + 2);
    left->addWidget(m_pricing);
    left->addWidget(sectionHeading(tr("Region"), this));
    m_region = new QComboBox(this);
    m_region->setObjectName(QStringLiteral("historyRegion"));
    m_region->setFixedWidth(300);
    m_region->addItem(tr("Every region (a line each)"), QString());
    left->addWidget(m_region);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    body->addWidget(splitter, 1);
    auto *top = new QWidget(splitter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_historyView = new ChartView(top);
    m_historyView->setObjectName(QStringLiteral("historyChart"));
    m_historyView->setChart(m_historyChart);
    m_historyView->setMinimumHeight(260);
    topLayout->addWidget(m_historyView, 1);
    m_historyNote = note("historyNote", top);
    topLayout->addWidget(m_historyNote);
    auto *trendRow = new QHBoxLayout;
    m_trend = note("priceTrend", top);
    m_useTrend = new QPushButton(tr("Use as the plan's cloud price trend"), top);
    m_useTrend->setObjectName(QStringLiteral("useTrendButton"));
    m_useTrend->setToolTip(tr("Sets the workload's cloud_price_trend to this yearly change (undo takes it back)."));
    connect(m_useTrend, &QPushButton::clicked, this, [this] {
        if (m_trendValue)
            m_editor->setWorkloadValue(tco::ParamId::CloudPriceTrend, *m_trendValue);
    });
    trendRow->addWidget(m_trend, 1);
    trendRow->addWidget(m_useTrend);
    topLayout->addLayout(trendRow);

    auto *bottom = new QWidget(splitter);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 8, 0, 0);
    // The heading above its basis, not beside it: side by side they held the page open wider than a small window.
    bottomLayout->addWidget(sectionHeading(tr("Cost of compute at the latest on-demand price"), bottom));
    auto *tflopsHeader = new QHBoxLayout;
    tflopsHeader->addWidget(new QLabel(tr("Throughput basis:"), bottom));
    m_basis = new QComboBox(bottom);
    m_basis->setObjectName(QStringLiteral("tflopsBasis"));
    m_basis->addItem(tr("Figure quoted for the whole node, else GPUs × TF32 sparse"),
                     static_cast<int>(TflopsBasis::QuotedNode));
    m_basis->addItem(tr("GPUs × TF32 sparse per GPU (datasheet)"), static_cast<int>(TflopsBasis::Sparse));
    m_basis->addItem(tr("GPUs × TF32 dense per GPU (datasheet)"), static_cast<int>(TflopsBasis::Dense));
    // The basis' long names must not widen the page (at 1024 pixels it was 1,209 wide): the box shows what fits and
    // its list opens as wide as the names.
    m_basis->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_basis->setMinimumContentsLength(22);
    m_basis->view()->setMinimumWidth(m_basis->view()->sizeHintForColumn(0) + 24);
    m_basis->setToolTip(tr("How a node's TF32 throughput is counted: a figure a source quotes for the whole node, or "
                           "the GPUs times the datasheet's per-GPU figure (sparse or dense)"));
    tflopsHeader->addWidget(m_basis, 1);
    bottomLayout->addLayout(tflopsHeader);
    m_tflopsView = new ChartView(bottom);
    m_tflopsView->setObjectName(QStringLiteral("tflopsComparisonChart"));
    m_tflopsView->setChart(m_tflopsChart);
    m_tflopsView->setMinimumHeight(260);
    bottomLayout->addWidget(m_tflopsView, 1);
    m_tflopsNote = note("tflopsCostNote", bottom);
    bottomLayout->addWidget(m_tflopsNote);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);

    for (QChart *chart : {m_historyChart, m_tflopsChart}) {
        chart->setMargins(QMargins(4, 4, 4, 4));
        chart->setBackgroundRoundness(0);
    }
    m_historyChart->legend()->setAlignment(Qt::AlignRight);
    m_tflopsChart->legend()->hide();
    connect(m_tflopsChart, &QChart::plotAreaChanged, this, &PriceHistoryPage::placeBarTexts);

    connect(m_instanceSearch, &QLineEdit::textChanged, this, &PriceHistoryPage::filterSelection);
    connect(m_selection, &QTreeWidget::itemChanged, this, [this] {
        m_selectionTouched = true;
        redrawHistory();
    });
    connect(m_pricing, &QListWidget::itemChanged, this, [this] {
        m_selectionTouched = true;
        redrawHistory();
    });
    connect(m_region, &QComboBox::currentIndexChanged, this, &PriceHistoryPage::redrawHistory);
    connect(m_basis, &QComboBox::currentIndexChanged, this, &PriceHistoryPage::redrawTflops);
    // A catalog edit or import re-evaluates the plan; redraw then (at once if shown, else when shown).
    connect(m_editor, &PlanEditor::planChanged, this, [this] {
        m_dirty = true;
        if (isVisible())
            refresh();
    });
}

PriceHistoryPage::~PriceHistoryPage() = default;

void PriceHistoryPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void PriceHistoryPage::refresh()
{
    m_dirty = false;
    rebuildSelection();
    redrawHistory();
    redrawTflops();
    refreshTrend();
}

void PriceHistoryPage::refreshTrend()
{
    catalog::TrendFilter filter;
    filter.pricing = catalog::PricingModel::OnDemand;
    const Expected<catalog::PriceTrend> trend =
        catalog::priceTrend(catalog::CatalogRepository(m_editor->document().database()), filter);
    const tco::ParameterInfo &info = tco::parameterInfo(tco::ParamId::CloudPriceTrend);
    if (!trend) {
        m_trendValue.reset();
        m_trend->setText(tr("No price trend: %1.").arg(trend.error().message));
    } else {
        const catalog::LogLinearFit &fit = trend->fit;
        m_trendValue = std::clamp(fit.annualChange, info.min, info.max);
        m_trend->setText(tr("On-demand price per reference GPU-hour, fitted over the whole catalog: %1 a year (90 % "
                            "interval %2 to %3; %4 points, %5 to %6). The plan assumes %7.")
                             .arg(report::percent(fit.annualChange), report::percent(fit.ci90Low), report::percent(fit.ci90High))
                             .arg(fit.points)
                             .arg(QLocale().toString(trend->first, QLocale::ShortFormat),
                                  QLocale().toString(trend->last, QLocale::ShortFormat),
                                  report::percent(m_editor->plan().workload.cloudPriceTrend)));
    }
    m_useTrend->setEnabled(m_trendValue.has_value());
}

QSet<QString> PriceHistoryPage::checkedInstances() const
{
    QSet<QString> keys;
    for (int p = 0; p < m_selection->topLevelItemCount(); ++p) {
        const QTreeWidgetItem *provider = m_selection->topLevelItem(p);
        for (int i = 0; i < provider->childCount(); ++i)
            if (provider->child(i)->checkState(0) == Qt::Checked)
                keys.insert(provider->child(i)->data(0, kInstanceRole).toString());
    }
    return keys;
}

void PriceHistoryPage::rebuildSelection()
{
    const QSignalBlocker block(m_selection);
    const QSet<QString> checked = checkedInstances();
    const catalog::CatalogEditor editor(m_editor->document().database());
    const QHash<qint64, int> counts = editor.priceCounts();
    QHash<QString, QString> names;
    for (const catalog::Provider &p : catalog::CatalogRepository(m_editor->document().database()).providers())
        names.insert(p.name, p.displayName.isEmpty() ? p.name : p.displayName);
    m_selection->clear();
    QHash<QString, QTreeWidgetItem *> providers;
    for (const catalog::InstanceRecord &r : editor.instanceTypes()) {
        const int n = counts.value(r.id);
        if (n == 0)
            continue;
        QTreeWidgetItem *&provider = providers[r.type.provider];
        if (!provider) {
            provider = new QTreeWidgetItem(m_selection, {names.value(r.type.provider, r.type.provider)});
            provider->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
            provider->setCheckState(0, Qt::Unchecked);
        }
        auto *item = new QTreeWidgetItem(provider, {r.type.name, report::grouped(n, 0)});
        item->setData(0, kInstanceRole, instanceKey(r.type.provider, r.type.name));
        item->setData(0, kIdRole, r.id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(0,
                            checked.contains(instanceKey(r.type.provider, r.type.name)) ? Qt::Checked : Qt::Unchecked);
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(0, r.type.gpu.isEmpty() ? tr("no GPU")
                                                 : tr("%1 × %2").arg(catalogtext::number(r.type.gpuCount), r.type.gpu));
    }
    if (!m_selectionTouched)
        setDefaultSelection();
    for (int p = 0; p < m_selection->topLevelItemCount(); ++p) {
        QTreeWidgetItem *provider = m_selection->topLevelItem(p);
        provider->setExpanded(provider->checkState(0) != Qt::Unchecked);
    }
    filterSelection(m_instanceSearch->text());
}

void PriceHistoryPage::setDefaultSelection()
{
    // Until the user picks, show what the plan's scenarios price themselves from.
    for (const tco::PlanScenario &s : m_editor->plan().scenarios) {
        if (!s.instance)
            continue;
        setInstanceChecked(s.instance->provider, s.instance->name, true);
        if (const auto pricing = catalog::pricingModelFromKey(s.instance->pricing))
            setPricingChecked(*pricing, true);
    }
    setPricingChecked(catalog::PricingModel::OnDemand, true);
    m_selectionTouched = false;
}

bool PriceHistoryPage::setInstanceChecked(const QString &provider, const QString &name, bool checked)
{
    const QString key = instanceKey(provider, name);
    for (int p = 0; p < m_selection->topLevelItemCount(); ++p) {
        QTreeWidgetItem *top = m_selection->topLevelItem(p);
        for (int i = 0; i < top->childCount(); ++i) {
            if (top->child(i)->data(0, kInstanceRole).toString() == key) {
                top->child(i)->setCheckState(0, checked ? Qt::Checked : Qt::Unchecked);
                if (checked)
                    top->setExpanded(true);
                return true;
            }
        }
    }
    return false;
}

void PriceHistoryPage::setPricingChecked(catalog::PricingModel pricing, bool checked)
{
    for (int i = 0; i < m_pricing->count(); ++i)
        if (m_pricing->item(i)->data(Qt::UserRole).toString() == catalog::pricingModelKey(pricing))
            m_pricing->item(i)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void PriceHistoryPage::filterSelection(const QString &text)
{
    for (int p = 0; p < m_selection->topLevelItemCount(); ++p) {
        QTreeWidgetItem *provider = m_selection->topLevelItem(p);
        const bool providerMatches = provider->text(0).contains(text, Qt::CaseInsensitive);
        bool any = false;
        for (int i = 0; i < provider->childCount(); ++i) {
            QTreeWidgetItem *item = provider->child(i);
            const bool show = text.isEmpty() || providerMatches || item->text(0).contains(text, Qt::CaseInsensitive) ||
                              item->toolTip(0).contains(text, Qt::CaseInsensitive);
            item->setHidden(!show);
            any = any || show;
        }
        provider->setHidden(!any);
        if (!text.isEmpty() && any)
            provider->setExpanded(true);
    }
}

QList<PriceHistoryPage::Line> PriceHistoryPage::selectedLines(int *missing, int *unconverted,
                                                             QSet<QString> *regions) const
{
    QList<catalog::PricingModel> pricings;
    for (int i = 0; i < m_pricing->count(); ++i)
        if (m_pricing->item(i)->checkState() == Qt::Checked)
            pricings << *catalog::pricingModelFromKey(m_pricing->item(i)->data(Qt::UserRole).toString());
    QMap<QString, qint64> checked; // key -> id, in name order
    for (int p = 0; p < m_selection->topLevelItemCount(); ++p) {
        const QTreeWidgetItem *provider = m_selection->topLevelItem(p);
        for (int i = 0; i < provider->childCount(); ++i)
            if (provider->child(i)->checkState(0) == Qt::Checked)
                checked.insert(provider->child(i)->data(0, kInstanceRole).toString(),
                               provider->child(i)->data(0, kIdRole).toLongLong());
    }
    const QString region = m_region->currentData().toString();
    const catalog::CatalogEditor editor(m_editor->document().database());
    QList<Line> lines;
    *missing = 0;
    *unconverted = 0;
    // Every price in the plan's currency, at the rate of its observation day (model.md §13).
    catalog::PriceConverter converter(m_editor->document().database(), m_editor->plan().currency,
                                      m_editor->plan().fxRates);
    for (auto entry = checked.cbegin(); entry != checked.cend(); ++entry) {
        const QString provider = entry.key().section(QChar(0x1f), 0, 0);
        const QString name = entry.key().section(QChar(0x1f), 1);
        for (catalog::PricingModel pricing : pricings) {
            // region -> date -> the cheapest zone's price that day
            std::map<QString, std::map<QDate, Observation>> byRegion;
            for (const catalog::PriceRecord &record : editor.history(entry.value(), pricing)) {
                if (!record.price.region.isEmpty())
                    regions->insert(record.price.region);
                if (!region.isEmpty() && record.price.region != region)
                    continue;
                const Expected<catalog::PricePoint> converted = converter.convert(record.price);
                if (!converted) {
                    ++*unconverted;
                    continue;
                }
                const catalog::PricePoint &p = *converted;
                const std::optional<double> perHour = p.hourly();
                if (!perHour) {
                    ++*missing;
                    continue;
                }
                auto &days = byRegion[p.region];
                const auto [it, added] =
                    days.try_emplace(p.observedAt, Observation{p.observedAt, *perHour, p.source, 0});
                Observation &o = it->second;
                ++o.zones;
                if (!added && *perHour < o.perHour) {
                    o.perHour = *perHour;
                    o.source = p.source;
                }
            }
            for (const auto &[r, days] : byRegion) {
                Line line;
                line.name = QStringLiteral("%1 · %2").arg(catalogtext::instanceLabel(provider, name),
                                                          catalogtext::pricingLabel(pricing));
                if (!r.isEmpty())
                    line.name += QStringLiteral(" · ") + r;
                for (const auto &[date, o] : days)
                    line.points << o;
                lines << line;
            }
        }
    }
    return lines;
}

void PriceHistoryPage::redrawHistory()
{
    int missing = 0, unconverted = 0;
    QSet<QString> regions;
    const QList<Line> lines = selectedLines(&missing, &unconverted, &regions);
    {
        // Offer the regions of what is ticked; keep the user's region while it is still there.
        const QSignalBlocker block(m_region);
        const QString current = m_region->currentData().toString();
        QStringList sorted(regions.cbegin(), regions.cend());
        sorted.sort();
        while (m_region->count() > 1)
            m_region->removeItem(1);
        for (const QString &r : sorted)
            m_region->addItem(r, r);
        m_region->setCurrentIndex(std::max(0, m_region->findData(current)));
    }

    m_historyChart->removeAllSeries();
    // removeAxis() only hands the axis back: delete it, or every redraw leaks two axes.
    const QList<QAbstractAxis *> historyAxes = m_historyChart->axes();
    for (QAbstractAxis *axis : historyAxes) {
        m_historyChart->removeAxis(axis);
        delete axis;
    }
    if (lines.isEmpty()) {
        m_historyChart->setTitle(
            tr("Tick instance types and pricing models on the left to see how their prices moved."));
        m_historyNote->clear();
        return;
    }
    m_historyChart->setTitle(tr("Price per hour; a price holds from its observation until the next one"));
    auto *x = new QDateTimeAxis;
    x->setTitleText(tr("Observed"));
    auto *y = newMoneyAxis();
    m_historyChart->addAxis(x, Qt::AlignBottom);
    m_historyChart->addAxis(y, Qt::AlignLeft);
    const QDate today = QDate::currentDate();
    QDate first = today;
    double highest = 0;
    for (const Line &line : lines) {
        first = std::min(first, line.points.first().date);
        for (const Observation &o : line.points)
            highest = std::max(highest, o.perHour);
    }
    const MoneyScale scale = configureMoneyAxis(y, 0, highest * 1.1, tr("Price per hour"), m_editor->plan().currency);
    // Ticks on the calendar (each January, or each quarter's first month), as many as fit the plot's width whole
    // ("Jan 2025" is about 60 pixels): a narrow window shows fewer of them, never "Jan 2…".
    const auto fitTicks = [this, x, first, today] {
        const int wanted = std::clamp(static_cast<int>(m_historyChart->plotArea().width() / 85.0) + 1, 2, 7);
        if (wanted != m_historyTicks) {
            m_historyTicks = wanted;
            setCalendarRange(x, first, today, wanted);
        }
    };
    m_historyTicks = 7;
    setCalendarRange(x, first, today, m_historyTicks);
    connect(m_historyChart, &QChart::plotAreaChanged, x, fitTicks);
    QTimer::singleShot(0, x, fitTicks);

    // A line of years of daily observations has more points than the chart has pixels: each series keeps, per
    // pixel column, the points that draw it (decimateMinMax), however long the history.
    const int columns = std::max(400, static_cast<int>(m_historyView->width() * m_historyView->devicePixelRatioF()));
    for (const Line &line : lines) {
        auto *steps = new QLineSeries;
        steps->setName(line.name);
        auto *marks = new QScatterSeries;
        marks->setMarkerSize(8);
        QList<QPointF> stepPoints, markPoints;
        for (qsizetype i = 0; i < line.points.size(); ++i) {
            const Observation &o = line.points[i];
            const double v = o.perHour / scale.divisor;
            stepPoints << QPointF(static_cast<qreal>(msecs(o.date)), v);
            const QDate until = i + 1 < line.points.size() ? line.points[i + 1].date : today;
            stepPoints << QPointF(static_cast<qreal>(msecs(until)), v);
            markPoints << QPointF(static_cast<qreal>(msecs(o.date)), v);
        }
        steps->replace(decimateMinMax(stepPoints, columns));
        marks->replace(decimateMinMax(markPoints, columns));
        m_historyChart->addSeries(steps);
        m_historyChart->addSeries(marks);
        for (QAbstractSeries *s : {static_cast<QAbstractSeries *>(steps), static_cast<QAbstractSeries *>(marks)}) {
            s->attachAxis(x);
            s->attachAxis(y);
        }
        QPen pen = steps->pen();
        pen.setWidthF(2.2);
        steps->setPen(pen);
        marks->setColor(pen.color());
        marks->setBorderColor(pen.color());
        m_historyChart->legend()->markers(marks).first()->setVisible(false);
        connect(steps, &QAbstractSeries::visibleChanged, marks,
                [steps, marks] { marks->setVisible(steps->isVisible()); });
        // Hovering anywhere on a step tells the price in force that day and where it comes from.
        const auto tip = [this, line, name = line.name, cur = m_editor->plan().currency](const QPointF &point,
                                                                                      bool state) {
            if (!state)
                return m_historyView->showValueTip({});
            const QDate day = QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(point.x()), Qt::UTC).date();
            const Observation *in = &line.points.first();
            for (const Observation &o : line.points)
                if (o.date <= day)
                    in = &o;
            QString text = tr("%1\n%2 per hour, observed %3\nSource: %4")
                               .arg(name, report::money(in->perHour, cur), in->date.toString(Qt::ISODate), in->source);
            if (in->zones > 1)
                text += tr("\nCheapest of %1 zones that day").arg(in->zones);
            m_historyView->showValueTip(text);
        };
        connect(steps, &QLineSeries::hovered, this, tip);
        connect(marks, &QScatterSeries::hovered, this, tip);
    }
    m_historyView->attachLegendToggles();
    QStringList notes;
    if (missing > 0)
        notes << tr("%n observation(s) say the price is missing; they are not drawn (a missing price is never %1).",
                    nullptr, missing)
                     .arg(report::money(0.0, m_editor->plan().currency));
    if (unconverted > 0)
        notes << tr("%n observation(s) in another currency have no exchange rate for their day and are not drawn: "
                    "import the ECB's rates (Catalog › Exchange rates).",
                    nullptr, unconverted);
    notes << tr(
        "Monthly plans are shown per hour at 730 hours a month. Drag to zoom; right-click to reset or save the image.");
    m_historyNote->setText(notes.join(QLatin1Char(' ')));
}

void PriceHistoryPage::redrawTflops()
{
    const catalog::CatalogEditor editor(m_editor->document().database());
    QHash<QString, catalog::Source> sources;
    for (const catalog::Source &s : catalog::CatalogRepository(m_editor->document().database()).sources())
        sources.insert(s.key, s);
    const auto basis = static_cast<TflopsBasis>(m_basis->currentData().toInt());
    // Every price in the plan's currency at its observation day's rate (model.md §13); one without a rate is left out
    // and named.
    const QString cur = m_editor->plan().currency;
    catalog::PriceConverter converter(m_editor->document().database(), cur, m_editor->plan().fxRates);
    QList<catalog::PriceRecord> latest;
    QStringList unconverted;
    for (catalog::PriceRecord record : editor.latestPrices(catalog::PricingModel::OnDemand)) {
        Expected<catalog::PricePoint> converted = converter.convert(record.price);
        if (!converted) {
            unconverted << catalogtext::instanceLabel(record.price.provider, record.price.instance);
            continue;
        }
        record.price = std::move(*converted);
        latest << std::move(record);
    }
    unconverted.removeDuplicates();
    m_comparison = compareTflopsCost(editor.instanceTypes(), editor.gpus(), latest, basis, sources);
    m_tflopsUnconverted = unconverted;
    m_tflopsCurrency = cur;
    drawTflopsBars();
}

int PriceHistoryPage::barsThatFit() const
{
    const int wanted = static_cast<int>(std::min<qsizetype>(kMaxBars, m_comparison.bars.size()));
    const double height = m_tflopsChart->plotArea().height();
    if (height <= 0) // not laid out yet: placeBarTexts() asks again once it is
        return wanted;
    // A bar's name and its figure beside it are one line of text each: a bar a line and a half high keeps both apart
    // (at 1440x900 with the Lambda catalog, 20 bars in 190 pixels had their figures drawn over each other).
    const double pitch = std::max(18.0, QFontMetricsF(m_tflopsChart->font()).height() * 1.5);
    return std::min(wanted, std::max(kMinBars, static_cast<int>(height / pitch)));
}

void PriceHistoryPage::drawTflopsBars()
{
    const QString &cur = m_tflopsCurrency;
    m_tflopsChart->removeAllSeries();
    // removeAxis() only hands the axis back: delete it, or every redraw leaks two axes.
    const QList<QAbstractAxis *> tflopsAxes = m_tflopsChart->axes();
    for (QAbstractAxis *axis : tflopsAxes) {
        m_tflopsChart->removeAxis(axis);
        delete axis;
    }
    qDeleteAll(m_barTexts);
    m_barTexts.clear();
    const QList<TflopsBar> &bars = m_comparison.bars;
    m_barsShown = 0;
    if (bars.isEmpty()) {
        m_tflopsChart->setTitle(tr("No instance type has both an on-demand price and a TF32 figure for its GPU."));
    } else {
        m_tflopsChart->setTitle(tr("%1 per 1000 TF32 TFLOPS-hour, cheapest first").arg(cur));
        const int shown = barsThatFit();
        auto *set = new QBarSet(tr("%1 per 1000 TF32 TFLOPS-hour").arg(cur));
        set->setColor(QColor(0x2f, 0x80, 0xc0));
        set->setSelectedColor(QColor(0x2e, 0x9e, 0x5b));
        QStringList categories;
        double highest = 0;
        // A horizontal bar chart draws its first category at the bottom: add the cheapest last, so it is on top.
        for (int i = shown - 1; i >= 0; --i) {
            const TflopsBar &b = bars[i];
            categories << catalogtext::instanceLabel(b.provider, b.instance);
            highest = std::max(highest, b.costPer1000);
        }
        auto *x = new QValueAxis;
        // Room right of the longest bar for its figure and basis (drawn by placeBarTexts()).
        const MoneyScale scale = configureMoneyAxis(x, 0, highest * 1.9, tr("Per 1000 TF32 TFLOPS-hour"), cur);
        for (int i = shown - 1; i >= 0; --i)
            set->append(bars[i].costPer1000 / scale.divisor);
        set->selectBar(shown - 1); // the cheapest, in green
        m_barsShown = shown;
        auto *series = new QHorizontalBarSeries;
        series->append(set);
        series->setBarWidth(0.7);
        m_tflopsChart->addSeries(series);
        auto *y = new QBarCategoryAxis;
        // Qt would cut every name to "…" on a narrow window; shortened in the middle instead (hover gives it whole).
        appendShortenedCategories(y, categories, kMaxBarLabelWidth);
        m_tflopsChart->addAxis(x, Qt::AlignBottom);
        m_tflopsChart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        for (int i = shown - 1; i >= 0; --i) {
            auto *text = new QGraphicsSimpleTextItem(m_tflopsChart);
            text->setText(tr("%1   %2").arg(report::money(bars[i].costPer1000, cur), bars[i].basis));
            text->setData(0, text->text()); // whole; placeBarTexts() shortens it to the room beside its bar
            text->setBrush(theme::color(theme::Role::Text));
            m_barTexts << text;
        }
        connect(x, &QValueAxis::rangeChanged, this, &PriceHistoryPage::placeBarTexts);
        QTimer::singleShot(0, this, &PriceHistoryPage::placeBarTexts);
        connect(series, &QHorizontalBarSeries::hovered, this, [this, shown, cur](bool status, int index) {
            if (!status || index < 0 || index >= shown)
                return m_tflopsView->showValueTip({});
            const TflopsBar &b = m_comparison.bars[shown - 1 - index];
            m_tflopsView->showValueTip(tr("%1%2\n%3 per 1000 TF32 TFLOPS-hour\n%4 per hour on-demand, observed %5 "
                                          "(%6)\nThroughput: %7 = %8 TFLOPS")
                                           .arg(catalogtext::instanceLabel(b.provider, b.instance),
                                                b.region.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(b.region),
                                                report::money(b.costPer1000, cur), report::money(b.ratePerHour, cur),
                                                b.observedAt.toString(Qt::ISODate), b.priceSource, b.basis,
                                                catalogtext::number(b.nodeTflops)));
        });
    }

    QStringList notes;
    notes << tr("Each bar: the instance type's latest on-demand price per hour ÷ (node TF32 TFLOPS ÷ 1000); the "
                "figure it uses is written beside it. Hover for the price and its source.");
    if (bars.size() > m_barsShown && m_barsShown < kMaxBars)
        notes << tr("Showing the %1 cheapest of %2 instance types: drag the divider above the chart up, or make the "
                    "window taller, to show up to %3.")
                     .arg(m_barsShown)
                     .arg(bars.size())
                     .arg(std::min<qsizetype>(kMaxBars, bars.size()));
    else if (bars.size() > m_barsShown)
        notes << tr("Showing the %1 cheapest of %2 instance types.").arg(m_barsShown).arg(bars.size());
    if (!m_comparison.noFigure.isEmpty()) {
        QStringList parts;
        for (auto it = m_comparison.noFigure.cbegin(); it != m_comparison.noFigure.cend(); ++it) {
            QStringList names = it.value().mid(0, 3);
            if (it.value().size() > 3)
                names << tr("%1 more").arg(it.value().size() - 3);
            parts << QStringLiteral("%1 (%2)").arg(it.key(), names.join(QStringLiteral(", ")));
        }
        notes << tr("n/a, no TF32 figure on this basis: %1.").arg(parts.join(QStringLiteral("; ")));
    }
    if (!m_comparison.noPrice.isEmpty()) {
        QStringList names = m_comparison.noPrice.mid(0, 3);
        if (m_comparison.noPrice.size() > 3)
            names << tr("%1 more").arg(m_comparison.noPrice.size() - 3);
        notes << tr("No on-demand price: %1.").arg(names.join(QStringLiteral(", ")));
    }
    if (!m_tflopsUnconverted.isEmpty())
        notes << tr("No exchange rate for the day of the price of %1: import the ECB's rates (Catalog › Exchange "
                    "rates).")
                     .arg(m_tflopsUnconverted.mid(0, 3).join(QStringLiteral(", ")));
    m_tflopsNote->setText(notes.join(QLatin1Char(' ')));
}

void PriceHistoryPage::placeBarTexts()
{
    // The chart's height decides how many bars are legible: a resize or the divider's move that changes it draws them
    // again (once, after this event), never from inside the chart's own layout.
    if (!m_comparison.bars.isEmpty() && barsThatFit() != m_barsShown && !m_barsRedrawPending) {
        m_barsRedrawPending = true;
        QTimer::singleShot(0, this, [this] {
            m_barsRedrawPending = false;
            drawTflopsBars();
        });
        return;
    }
    const QList<QAbstractSeries *> series = m_tflopsChart->series();
    if (series.isEmpty())
        return;
    auto *bars = static_cast<QHorizontalBarSeries *>(series.first());
    const QBarSet *set = bars->barSets().value(0);
    if (!set)
        return;
    const QRectF plot = m_tflopsChart->plotArea();
    for (int i = 0; i < m_barTexts.size() && i < set->count(); ++i) {
        const QPointF end = m_tflopsChart->mapToPosition(QPointF(set->at(i), i), bars);
        QGraphicsSimpleTextItem *text = m_barTexts[i];
        // What fits between the bar's end and the chart's edge: the price always, the basis as far as it goes (the
        // bar's tip and the note under the chart give it whole).
        const QString whole = text->data(0).toString();
        const double room = m_tflopsChart->size().width() - (end.x() + 6) - 6;
        const QFontMetricsF metrics(text->font());
        QString shown = whole;
        if (metrics.horizontalAdvance(whole) > room) {
            const qsizetype gap = whole.indexOf(QStringLiteral("   "));
            const QString price = gap > 0 ? whole.left(gap) : whole;
            shown = metrics.horizontalAdvance(price) >= room ? price
                                                              : metrics.elidedText(whole, Qt::ElideRight, room);
        }
        if (text->text() != shown)
            text->setText(shown);
        const QRectF box = text->boundingRect();
        text->setPos(end.x() + 6, end.y() - box.height() / 2);
        text->setVisible(plot.contains(QPointF(end.x() + 1, end.y())));
    }
}

} // namespace mltco::ui

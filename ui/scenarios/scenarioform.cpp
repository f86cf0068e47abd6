#include "ui/scenarios/scenarioform.h"

#include "models/catalog/instanceresolver.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "models/tco/breakeven.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/scenarios/bulkdiscounteditor.h"
#include "ui/scenarios/mixlayerseditor.h"
#include "ui/scenarios/purchasescheduleeditor.h"
#include "ui/scenarios/reservedtermseditor.h"
#include "ui/scenarios/instancepicker.h"
#include "ui/scenarios/parameterfield.h"
#include "ui/scenarios/parametertext.h"
#include "ui/scenarios/financingbox.h"
#include "ui/scenarios/gpupickerbox.h"
#include "ui/scenarios/reservedpricebox.h"
#include "ui/scenarios/scenariolistmodel.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

using tco::ParamId;

/// The three numbers a catalog instance supplies unless the plan states them.
constexpr ParamId kCatalogParameters[] = {ParamId::RatePerHour, ParamId::GpusPerInstance, ParamId::Speedup};

bool isCatalogParameter(ParamId id)
{
    return id == ParamId::RatePerHour || id == ParamId::GpusPerInstance || id == ParamId::Speedup;
}

QString kindDescription(tco::ScenarioKind kind)
{
    switch (kind) {
    case tco::ScenarioKind::Dedicated:
        return ScenarioForm::tr("always-on boxes billed for every hour they run, e.g. one per engineer (model \u00a74.1)");
    case tco::ScenarioKind::Cluster:
        return ScenarioForm::tr("a pool of nodes the team runs itself, e.g. Kubernetes with Kubeflow (model \u00a74.2)");
    case tco::ScenarioKind::Elastic:
        return ScenarioForm::tr("autoscaled GPUs billed while jobs run, with preemptions and restarts (model \u00a74.3)");
    case tco::ScenarioKind::Purchase:
        return ScenarioForm::tr(
            "servers bought, run on-prem and sold at the end of the holding period (model \u00a74.4, \u00a710.2-10.5)");
    case tco::ScenarioKind::Reserved:
        return ScenarioForm::tr("instances reserved for terms of months at a discount, paid whether busy or not; "
                                "nothing renews by itself (model \u00a711.2)");
    case tco::ScenarioKind::Mix:
        return ScenarioForm::tr("layers of owned, reserved or rented capacity that serve demand in order, with elastic "
                                "burst for the rest (model \u00a711.3)");
    case tco::ScenarioKind::Hybrid:
        break;
    }
    return ScenarioForm::tr("an owned or reserved base that serves demand first, with elastic burst for the rest "
                            "(model \u00a710.6)");
}

/// The catalog's value of a catalog parameter; none when the catalog has none (a price of 0 is missing).
std::optional<double> catalogValue(const tco::ResolvedInstance &r, ParamId id)
{
    switch (id) {
    case ParamId::RatePerHour:
        return r.ratePerHour > 0.0 ? std::optional<double>(r.ratePerHour) : std::nullopt;
    case ParamId::GpusPerInstance:
        return r.gpusPerInstance > 0.0 ? std::optional<double>(r.gpusPerInstance) : std::nullopt;
    case ParamId::Speedup:
        return r.speedup;
    default:
        break;
    }
    return std::nullopt;
}

/// The scenario as the engine sees it: what the plan leaves to the catalog taken from the catalog.
tco::Scenario withCatalogValues(const tco::PlanScenario &s, const std::optional<tco::ResolvedInstance> &resolved)
{
    tco::Scenario scenario = s.scenario;
    if (!resolved)
        return scenario;
    for (const ParamId id : kCatalogParameters) {
        if (tco::isGiven(s.given, id))
            continue;
        if (const std::optional<double> v = catalogValue(*resolved, id))
            tco::setParameterValue(scenario, id, *v);
    }
    return scenario;
}

QString withAssumption(const tco::ParameterInfo &info, const tco::PlanScenario &s)
{
    QString tip = parametertext::tooltip(info);
    const QString why = s.assumptions.value(QString::fromLatin1(info.key));
    if (!why.isEmpty())
        tip += ScenarioForm::tr("<p><b>Why this plan assumes it:</b> %1</p>").arg(why.toHtmlEscaped());
    return tip;
}

} // namespace

ScenarioForm::ScenarioForm(PlanEditor *editor, int index, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_index(index), m_kind(editor->plan().scenarios.at(index).kind()),
      m_catalog(editor->document().database())
{
    setObjectName(QStringLiteral("scenarioForm"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 12, 4);
    layout->setSpacing(10);

    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("scenarioTitle"));
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("scenarioNotes"));
    m_notes->setWordWrap(true);
    m_notes->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_notes);

    if (tco::cloudInstance(tco::defaultScenario(m_kind)))
        buildInstancePicker(layout);
    if (m_kind == tco::ScenarioKind::Purchase) {
        m_gpuPicker = new GpuPickerBox(m_editor, m_index, m_catalog, this);
        layout->addWidget(m_gpuPicker);
    }
    buildParameters(layout);
    if (tco::usesParameter(m_kind, ParamId::CommitDiscount)) {
        m_reserved = new ReservedPriceBox(m_editor, m_index, m_catalog, this);
        layout->addWidget(m_reserved);
    }
    if (m_kind == tco::ScenarioKind::Purchase) {
        m_financing = new FinancingBox(m_editor, m_index, this);
        layout->addWidget(m_financing);
    }
    layout->addStretch(1);
    updateFromPlan();
}

int ScenarioForm::heightForWidth(int width) const
{
    return std::max(QWidget::heightForWidth(width), minimumSizeHint().height());
}

const tco::PlanScenario &ScenarioForm::planScenario() const
{
    return m_editor->plan().scenarios.at(m_index);
}

void ScenarioForm::buildInstancePicker(QLayout *layout)
{
    auto *box = new QGroupBox(tr("Price from the catalog"), this);
    box->setObjectName(QStringLiteral("instanceBox"));
    auto *boxLayout = new QVBoxLayout(box);
    m_picker = new InstancePicker(m_catalog, box);
    boxLayout->addWidget(m_picker);
    layout->addWidget(box);
    connect(m_picker, &InstancePicker::chosen, this, &ScenarioForm::chooseInstance);
}

void ScenarioForm::buildParameters(QLayout *layout)
{
    auto *box = new QGroupBox(tr("Assumptions"), this);
    box->setObjectName(QStringLiteral("parameterBox"));
    auto *grid = new QGridLayout(box);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(4);
    grid->setColumnStretch(3, 1);
    grid->setColumnMinimumWidth(0, 190);
    int row = 0;
    // A purchase's generation over time (model \u00a714.1) in a group of its own, with what it means in one line.
    QGroupBox *generation = nullptr;
    QGridLayout *generationGrid = nullptr;
    int generationRow = 1;
    if (m_kind == tco::ScenarioKind::Purchase) {
        generation = new QGroupBox(tr("Generation"), this);
        generation->setObjectName(QStringLiteral("generationBox"));
        generationGrid = new QGridLayout(generation);
        generationGrid->setHorizontalSpacing(10);
        generationGrid->setVerticalSpacing(4);
        generationGrid->setColumnStretch(3, 1);
        generationGrid->setColumnMinimumWidth(0, 190);
        // One line, not wrapped: a word-wrapped label across a grid in a scrolled form makes the form's height
        // depend on its width in a way the scroll area can chase without end (the window stops answering).
        auto *explain = new QLabel(tr("When it can be ordered, how its price moves, when the next one ships."), generation);
        explain->setObjectName(QStringLiteral("generationNote"));
        explain->setToolTip(tr("When this hardware can be ordered, how its list price moves, and when the next "
                               "generation ships and takes part of its resale value (model \u00a714.1)."));
        explain->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
        generationGrid->addWidget(explain, 0, 0, 1, 5);
    }
    const auto inGeneration = [](ParamId id) {
        return id == ParamId::AvailableFromMonth || id == ParamId::ServerPriceTrend || id == ParamId::SuccessorMonth ||
               id == ParamId::SuccessorValueDrop;
    };
    QList<ParamId> ids = tco::scenarioParameters(m_kind);
    if (const qsizetype layers = ids.indexOf(ParamId::Layers); layers > 0)
        ids.move(layers, 0); // a mix reads top-down: its layers, then what bursts beyond them
    // The generation's fields last, in their group below the others: made in the order they are read (and tabbed).
    std::stable_partition(ids.begin(), ids.end(), [&](ParamId id) { return !(generationGrid && inGeneration(id)); });
    for (const ParamId id : std::as_const(ids)) {
        const tco::ParameterInfo &info = tco::parameterInfo(id);
        if (info.type == tco::ParamType::Tiers) {
            auto *label = new QLabel(QString::fromUtf8(info.label), box);
            label->setToolTip(parametertext::tooltip(info));
            m_tiers = new BulkDiscountEditor(box);
            label->setBuddy(m_tiers);
            grid->addWidget(label, row, 0, Qt::AlignTop);
            grid->addWidget(m_tiers, row, 1, 1, 4);
            row += 2;
            connect(m_tiers, &BulkDiscountEditor::committed, this,
                    [this](const std::vector<tco::BulkTier> &tiers) { m_editor->setBulkDiscounts(m_index, tiers); });
            continue;
        }
        if (info.type == tco::ParamType::Schedule) {
            auto *label = new QLabel(QString::fromUtf8(info.label), box);
            label->setToolTip(parametertext::tooltip(info));
            m_schedule = new PurchaseScheduleEditor(box);
            label->setBuddy(m_schedule);
            grid->addWidget(label, row, 0, Qt::AlignTop);
            grid->addWidget(m_schedule, row, 1, 1, 4);
            row += 2;
            connect(m_schedule, &PurchaseScheduleEditor::committed, this,
                    [this](const std::vector<tco::ScheduledPurchase> &schedule) {
                        m_editor->setPurchaseSchedule(m_index, schedule);
                    });
            continue;
        }
        if (info.type == tco::ParamType::Terms) {
            auto *label = new QLabel(QString::fromUtf8(info.label), box);
            label->setToolTip(parametertext::tooltip(info));
            m_terms = new ReservedTermsEditor(box);
            label->setBuddy(m_terms);
            grid->addWidget(label, row, 0, Qt::AlignTop);
            grid->addWidget(m_terms, row, 1, 1, 4);
            row += 2;
            connect(m_terms, &ReservedTermsEditor::committed, this,
                    [this](const std::vector<tco::ReservedTerm> &terms) { m_editor->setReservedTerms(m_index, terms); });
            continue;
        }
        if (info.type == tco::ParamType::ScenarioNames) {
            auto *label = new QLabel(QString::fromUtf8(info.label), box);
            label->setToolTip(parametertext::tooltip(info));
            m_layers = new MixLayersEditor(box);
            label->setBuddy(m_layers);
            grid->addWidget(label, row, 0, Qt::AlignTop);
            grid->addWidget(m_layers, row, 1, 1, 4);
            row += 2;
            connect(m_layers, &MixLayersEditor::committed, this,
                    [this](const QStringList &layers) { m_editor->setMixLayers(m_index, layers); });
            continue;
        }
        auto *field = new ParameterField(info, box);
        field->setUnitMaximumWidth(230);
        // Optional values: confirming an empty field unsets them (boxes from engineers; the loan's and lease's terms).
        field->setOptional(id == ParamId::Boxes || id == ParamId::DepreciationMonths || id == ParamId::LoanRate ||
                           id == ParamId::LoanTermMonths || id == ParamId::LeaseRateFactor ||
                           id == ParamId::LeasePaymentPerServerMonth || id == ParamId::LeaseTermMonths ||
                           id == ParamId::SuccessorMonth || id == ParamId::IdlePowerFraction);
        if (generationGrid && inGeneration(id)) {
            field->addToGrid(generationGrid, generationRow);
            generationRow += 2;
        } else {
            field->addToGrid(grid, row);
            row += 2;
        }
        connect(field, &ParameterField::committed, this,
                [this, id](double value) { m_editor->setScenarioValue(m_index, id, value); });
        connect(field, &ParameterField::resetRequested, this, [this, id] { m_editor->clearScenarioValue(m_index, id); });
        connect(field, &ParameterField::committedName, this,
                [this, id](const QString &name) { m_editor->setScenarioReference(m_index, id, name); });
        m_fields.insert(id, field);
    }
    if (m_kind == tco::ScenarioKind::Cluster) {
        m_sizeButton = new QPushButton(tr("Size to demand"), box);
        m_sizeButton->setObjectName(QStringLiteral("sizeToDemandButton"));
        m_sizeButton->setToolTip(tr("Set the nodes to the fewest that serve the monthly demand at the target "
                                    "utilization (model \u00a74.2)."));
        m_sizeNote = new QLabel(box);
        m_sizeNote->setObjectName(QStringLiteral("sizeToDemandNote"));
        m_sizeNote->setWordWrap(true);
        m_sizeNote->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
        grid->addWidget(m_sizeButton, row, 1);
        grid->addWidget(m_sizeNote, row, 2, 1, 3);
        connect(m_sizeButton, &QPushButton::clicked, this, &ScenarioForm::sizeToDemand);
    }
    layout->addWidget(box);
    if (generation)
        layout->addWidget(generation);
}

void ScenarioForm::updateGenerationProblems()
{
    // What model \u00a714.5 refuses, said at the field it names: a drop without the successor's month, idle power beside
    // a fixed load, a deposit on a loan, servers paid before the hardware is on sale (the schedule's entries say theirs
    // in the plan's message).
    const tco::PlanScenario &s = planScenario();
    const auto *purchase = std::get_if<tco::PurchaseScenario>(&s.scenario);
    if (!purchase)
        return;
    QHash<QString, QString> problems;
    for (const QString &problem : tco::generationProblems(*purchase, m_editor->plan().workload.horizonMonths,
                                                          tco::isGiven(s.given, ParamId::AverageLoad))) {
        const qsizetype colon = problem.indexOf(QLatin1String(": "));
        if (colon > 0)
            problems.insert(problem.left(colon), problem.mid(colon + 2));
    }
    for (const ParamId id : {ParamId::Servers, ParamId::AvailableFromMonth, ParamId::SuccessorMonth,
                             ParamId::SuccessorValueDrop, ParamId::IdlePowerFraction, ParamId::PaidAtOrderFraction})
        if (ParameterField *field = m_fields.value(id))
            field->setProblem(problems.value(tco::parameterKey(id)));
}

ScenarioForm::CatalogAnswer ScenarioForm::askCatalog() const
{
    const tco::PlanScenario &s = planScenario();
    if (!s.instance || m_kind == tco::ScenarioKind::Purchase)
        return {};
    const std::optional<tco::PlanResult> &result = m_editor->result();
    const tco::EvaluatedScenario *evaluated = result ? result->atPlanPosition(static_cast<std::size_t>(m_index)) : nullptr;
    if (evaluated && evaluated->instance)
        return {evaluated->instance, {}};
    // Not in the evaluation (the plan does not evaluate, the scenario is left out, or the lookup failed): ask, to
    // say why.
    tco::InstanceRef ref = *s.instance;
    ref.currency = m_editor->plan().currency;
    if (!ref.asOf.isValid())
        ref.asOf = m_editor->plan().pricesAsOf; // workload.prices_as_of, as the evaluation asks
    Expected<tco::ResolvedInstance> found = catalog::makeInstanceResolver(m_editor->document().database())(ref);
    if (!found)
        return {std::nullopt, found.error().message};
    return {*found, {}};
}

QString ScenarioForm::sourceTitle(const QString &key)
{
    if (m_sourceTitles.isEmpty()) {
        for (const catalog::Source &source : m_catalog.sources())
            m_sourceTitles.insert(source.key, source.title);
    }
    return m_sourceTitles.value(key);
}

void ScenarioForm::updateFromPlan()
{
    if (m_index >= m_editor->plan().scenarios.size())
        return;
    const tco::PlanScenario &s = planScenario();
    m_title->setText(QStringLiteral("<span style=\"font-size: 14pt; font-weight: 600;\">%1</span>"
                                    "&nbsp;&nbsp;<span style=\"color: #5f6b77;\">%2 \u2014 %3</span>")
                         .arg(s.name.toHtmlEscaped(), ScenarioListModel::kindName(m_kind),
                              kindDescription(m_kind).toHtmlEscaped()));
    m_notes->setText(s.notes);
    m_notes->setVisible(!s.notes.isEmpty());

    const CatalogAnswer answer = askCatalog();
    if (m_picker) {
        m_picker->setReference(s.instance);
        updateSource(answer);
    }
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        ParameterField *field = it.value();
        const ParamId id = it.key();
        field->setCurrency(m_editor->plan().currency);
        if (m_picker && isCatalogParameter(id)) {
            updateCatalogField(field, answer);
            continue;
        }
        if (field->info().type == tco::ParamType::ScenarioName) {
            updateReferenceField(field);
            continue;
        }
        const std::optional<double> value = tco::parameterValue(s.scenario, id);
        field->setValue(value);
        const tco::ParameterInfo &info = field->info();
        const bool differsFromDefault = value && info.defaultValue && !parametertext::sameValue(*value, *info.defaultValue);
        // An assumption that does nothing under the others says so in place (an electricity price while power is
        // inside facilities, a loan rate on a cash purchase).
        bool forComparisonOnly = false;
        if (const QString idle = tco::parameterWithoutEffect(s.scenario, m_editor->plan().workload, id, &forComparisonOnly);
            !idle.isEmpty())
            field->setNote(idle, forComparisonOnly ? ParameterField::NoteStyle::Muted : ParameterField::NoteStyle::Warning,
                           withAssumption(info, s));
        else
            field->setNote(parametertext::defaultNote(info, m_editor->plan().currency), ParameterField::NoteStyle::Muted,
                           withAssumption(info, s));
        field->setResetVisible(tco::isGiven(s.given, id) && differsFromDefault,
                               tr("Back to the default, %1")
                                   .arg(info.defaultValue ? parametertext::formatWithUnit(info, *info.defaultValue,
                                                                                           m_editor->plan().currency)
                                                          : QString()));
    }
    updateGenerationProblems();
    updateBoxes();
    updateElectricity();
    if (m_reserved)
        m_reserved->refresh();
    if (m_financing)
        m_financing->refresh();
    if (m_gpuPicker)
        m_gpuPicker->updateFromPlan();
    if (m_tiers) {
        const auto &purchase = std::get<tco::PurchaseScenario>(s.scenario);
        m_tiers->setTiers(purchase.bulkDiscounts, purchase.servers, purchase.serverPrice);
    }
    if (m_schedule)
        m_schedule->setScenario(std::get<tco::PurchaseScenario>(s.scenario), m_editor->plan().workload.horizonMonths);
    if (m_terms)
        m_terms->setScenario(std::get<tco::ReservedScenario>(s.scenario), m_editor->plan().workload.horizonMonths);
    if (m_layers) {
        QStringList candidates;
        for (const tco::PlanScenario &other : m_editor->plan().scenarios)
            if (tco::kindBit(other.kind()) & tco::kBaseKinds)
                candidates << other.name;
        m_layers->setLayers(std::get<tco::MixScenario>(s.scenario).layers, candidates);
    }
    if (m_sizeButton)
        updateSizeToDemand(answer);
}

void ScenarioForm::updateCatalogField(ParameterField *field, const CatalogAnswer &answer)
{
    const tco::PlanScenario &s = planScenario();
    const tco::ParameterInfo &info = field->info();
    const ParamId id = info.id;
    const bool given = tco::isGiven(s.given, id);
    const std::optional<double> planValue = tco::parameterValue(s.scenario, id);
    const std::optional<double> fromCatalog = answer.resolved ? catalogValue(*answer.resolved, id) : std::nullopt;
    const QString tip = withAssumption(info, s);

    std::optional<double> shown = given ? planValue : (fromCatalog ? fromCatalog : planValue);
    // A price of 0 is missing, never free (model.md §2): show an empty field that asks for one.
    if (id == ParamId::RatePerHour && shown && *shown <= 0.0)
        shown.reset();
    field->setValue(shown);
    field->setProblem({});
    field->setOverride(false);
    field->setResetVisible(false);

    if (!s.instance) {
        if (id != ParamId::RatePerHour)
            field->setNote(parametertext::defaultNote(info, m_editor->plan().currency), ParameterField::NoteStyle::Muted, tip);
        else
            field->setNote(shown ? tr("typed by hand") : tr("required"), ParameterField::NoteStyle::Muted, tip);
        if (id == ParamId::RatePerHour && !shown)
            field->setProblem(tr("Required: pick an instance from the catalog above, or type the price of one "
                                 "instance-hour"));
        return;
    }
    QString catalogText =
        fromCatalog ? tr("%1 (%2, %3)")
                          .arg(parametertext::formatWithUnit(info, *fromCatalog, m_editor->plan().currency),
                               answer.resolved->source, answer.resolved->observedAt.toString(Qt::ISODate))
                    : QString();
    // model.md §13: a price in another currency says what it was and the rate that converted it.
    if (fromCatalog && id == ParamId::RatePerHour && answer.resolved->fx) {
        const tco::FxUse &fx = *answer.resolved->fx;
        catalogText += tr("; %1 converted at %2 %3 per %4 of %5")
                           .arg(report::unitPrice(answer.resolved->priceRatePerHour, 4, answer.resolved->priceCurrency),
                                QString::number(fx.rate, 'g', 6), fx.currency, m_editor->plan().currency,
                                fx.date.toString(Qt::ISODate));
    }
    if (!given) {
        if (fromCatalog && id == ParamId::Speedup && answer.resolved->speedupOrigin == tco::SpeedupOrigin::Estimated) {
            // model.md §10.8: no one measured this GPU on a workload; its datasheet stands in, and says so.
            field->setNote(tr("estimated from datasheets: %1").arg(answer.resolved->speedupBasis),
                           ParameterField::NoteStyle::Override,
                           tip + tr("<p>No speedup was set for %1, so it is estimated from its dense FP16/BF16 tensor "
                                    "throughput against the V100's 125 TFLOPS. Measured speedups (the A100 measured "
                                    "4.0) and estimates (the A100's datasheet gives 2.5) are on different scales: type a "
                                    "measured value to compare like with like.</p>")
                                     .arg(answer.resolved->gpu.toHtmlEscaped()));
        } else if (fromCatalog && id == ParamId::RatePerHour && answer.resolved->fx) {
            field->setNote(tr("catalog, from %1")
                               .arg(report::unitPrice(answer.resolved->priceRatePerHour, 4, answer.resolved->priceCurrency)),
                           ParameterField::NoteStyle::Muted, tip + QStringLiteral("<p>%1</p>").arg(catalogText.toHtmlEscaped()));
        } else if (fromCatalog) {
            field->setNote(tr("from the catalog"), ParameterField::NoteStyle::Muted, tip);
        } else if (id == ParamId::RatePerHour) {
            field->setNote(tr("the catalog has no price"), ParameterField::NoteStyle::Warning, tip);
            field->setProblem(tr("Required: the catalog cannot price this instance; choose another, or type the "
                                 "price of one instance-hour"));
        } else {
            field->setNote(tr("the catalog has no value; the default applies"), ParameterField::NoteStyle::Muted, tip);
        }
        return;
    }
    const QString resetTip = fromCatalog ? tr("Use the catalog's value, %1").arg(catalogText)
                                         : tr("Forget this value and use the catalog's");
    field->setResetVisible(true, resetTip);
    if (fromCatalog && planValue && !parametertext::sameValue(*planValue, *fromCatalog)) {
        field->setOverride(true);
        field->setNote(tr("overrides catalog %1").arg(catalogText), ParameterField::NoteStyle::Override, tip);
    } else if (fromCatalog) {
        field->setNote(tr("matches the catalog"), ParameterField::NoteStyle::Muted, tip);
    } else {
        field->setNote(tr("your value (the catalog has none)"), ParameterField::NoteStyle::Plain, tip);
    }
}

void ScenarioForm::updateReferenceField(ParameterField *field)
{
    // A hybrid's base is a dedicated, cluster, purchase or reserved scenario, a burst an elastic one (model.md §10.6);
    // a mix may have no burst (§11.3).
    const ParamId id = field->info().id;
    const tco::Scenario &scenario = planScenario().scenario;
    const auto *mix = std::get_if<tco::MixScenario>(&scenario);
    QStringList names;
    for (const tco::PlanScenario &other : m_editor->plan().scenarios) {
        const bool fits = id == ParamId::Base ? (tco::kindBit(other.kind()) & tco::kBaseKinds) != 0
                                              : other.kind() == tco::ScenarioKind::Elastic;
        if (fits)
            names << other.name;
    }
    if (mix) {
        field->setNames(names, mix->burst, tr("none: what the layers cannot serve is unmet"));
        field->setNote(mix->burst.isEmpty() ? tr("no burst: demand beyond the layers' capacity is left undone")
                                            : tr("serves what the layers cannot; its overhead and staff are paid every "
                                                 "month"),
                       mix->burst.isEmpty() ? ParameterField::NoteStyle::Warning : ParameterField::NoteStyle::Muted);
        field->setProblem(!mix->burst.isEmpty() && !names.contains(mix->burst) ? tr("Choose the burst scenario, or none")
                                                                               : QString());
        return;
    }
    const auto &hybrid = std::get<tco::HybridScenario>(scenario);
    const QString current = id == ParamId::Base ? hybrid.base : hybrid.burst;
    field->setNames(names, current);
    if (names.isEmpty())
        field->setNote(id == ParamId::Base ? tr("add a dedicated, cluster, purchase or reserved scenario to serve as the "
                                                "base")
                                           : tr("add an elastic scenario to burst to"),
                       ParameterField::NoteStyle::Warning);
    else
        field->setNote(id == ParamId::Base ? tr("serves demand first, up to the utilization cap below")
                                           : tr("serves what the base cannot; its overhead and staff are paid every month"),
                       ParameterField::NoteStyle::Muted);
    field->setProblem(current.isEmpty() || !names.contains(current) ? tr("Choose the %1 scenario").arg(
                                                                          id == ParamId::Base ? tr("base") : tr("burst"))
                                                                    : QString());
}

void ScenarioForm::updateElectricity()
{
    // A purchase that states no electricity price pays the plan's, when the plan gives one: the field shows that price
    // and says where it comes from; a price typed here is the purchase's own until reset.
    ParameterField *field = m_fields.value(ParamId::ElectricityPerKwh);
    const std::optional<double> planPrice = m_editor->plan().workload.electricityPerKwh;
    if (!field || !planPrice)
        return;
    const tco::PlanScenario &s = planScenario();
    const auto *purchase = std::get_if<tco::PurchaseScenario>(&s.scenario);
    if (!purchase)
        return;
    const QString currency = m_editor->plan().currency;
    const QString planText = parametertext::formatWithUnit(field->info(), *planPrice, currency);
    const bool idle = !tco::parameterWithoutEffect(s.scenario, m_editor->plan().workload, ParamId::ElectricityPerKwh).isEmpty();
    if (purchase->electricityFromPlan) {
        field->setValue(*planPrice);
        if (!idle)
            field->setNote(tr("the plan's price (Workload); a price typed here is this purchase's own"),
                           ParameterField::NoteStyle::Muted, withAssumption(field->info(), s));
        field->setResetVisible(false, QString());
    } else {
        if (!idle)
            field->setNote(tr("this purchase's own; the plan's is %1").arg(planText), ParameterField::NoteStyle::Muted,
                           withAssumption(field->info(), s));
        field->setResetVisible(true, tr("Back to the plan's price, %1").arg(planText));
    }
}

void ScenarioForm::updateBoxes()
{
    ParameterField *boxes = m_fields.value(ParamId::Boxes);
    ParameterField *perEngineer = m_fields.value(ParamId::BoxesPerEngineer);
    if (!boxes || !perEngineer)
        return;
    const tco::PlanScenario &s = planScenario();
    const auto &dedicated = std::get<tco::DedicatedScenario>(s.scenario);
    const int engineers = m_editor->plan().workload.engineers;
    const double derived = engineers * dedicated.boxesPerEngineer;
    const QString derivedText = parametertext::format(perEngineer->info(), derived);
    boxes->setPlaceholder(tr("%1 (derived)").arg(derivedText));
    if (dedicated.boxes) {
        boxes->setNote(tr("fixed count; engineers \u00d7 per engineer would give %1").arg(derivedText),
                       ParameterField::NoteStyle::Plain);
        boxes->setResetVisible(true, tr("Go back to engineers \u00d7 boxes per engineer = %1").arg(derivedText));
        perEngineer->setNote(tr("not used while Boxes is set"), ParameterField::NoteStyle::Muted);
    } else {
        boxes->setNote(tr("not set: %1 engineers \u00d7 %2 = %3")
                           .arg(engineers)
                           .arg(parametertext::format(perEngineer->info(), dedicated.boxesPerEngineer))
                           .arg(derivedText),
                       ParameterField::NoteStyle::Muted,
                       tr("Boxes is not set, so the scenario rents engineers \u00d7 boxes per engineer. Type a number "
                          "to rent a fixed count instead; Reset (or an empty field) goes back."));
        boxes->setResetVisible(false);
    }
}

void ScenarioForm::updateSizeToDemand(const CatalogAnswer &answer)
{
    const auto cluster = std::get<tco::ClusterScenario>(withCatalogValues(planScenario(), answer.resolved));
    const tco::Workload &w = m_editor->plan().workload;
    const int nodes = tco::sizeToDemand(w, cluster);
    m_sizeNote->setText(tr("Demand needs \u2308%1 \u00f7 (%2 GPUs \u00d7 speedup %3 \u00d7 730 h \u00d7 %4)\u2309 = %5 "
                           "nodes; the plan has %6.")
                            .arg(report::grouped(w.demandGpuHours, 0), QString::number(cluster.instance.gpusPerInstance, 'g', 6),
                                 QString::number(cluster.instance.speedup, 'g', 6),
                                 report::percent(cluster.targetUtilization, 0))
                            .arg(nodes)
                            .arg(cluster.nodes));
    m_sizeButton->setEnabled(nodes != cluster.nodes);
}

void ScenarioForm::updateSource(const CatalogAnswer &answer)
{
    const tco::PlanScenario &s = planScenario();
    if (!s.instance) {
        m_picker->setSource(tr("No catalog instance: the price per hour, GPUs and speedup below are your own numbers."),
                            false);
        return;
    }
    if (!answer.resolved) {
        m_picker->setSource(tr("The catalog cannot price %1: %2").arg(tco::describe(*s.instance), answer.problem), true);
        return;
    }
    const tco::ResolvedInstance &r = *answer.resolved;
    const QString title = sourceTitle(r.source);
    QString gpu = r.gpu.isEmpty() ? tr("GPUs") : r.gpu;
    const QString currency = m_editor->plan().currency;
    QString price = report::unitPrice(r.ratePerHour, 4, r.currency) + tr("/hour");
    // model.md §13: a price in another currency says what the catalog holds and the rate that converted it.
    if (r.fx)
        price = tr("%1 (%2 at %3 %4 per %5 of %6)")
                    .arg(price, report::unitPrice(r.priceRatePerHour, 4, r.priceCurrency), QString::number(r.fx->rate, 'g', 6),
                         r.fx->currency, currency, r.fx->date.toString(Qt::ISODate));
    QString text = tr("Catalog price %1 for %2 \u00d7 %3").arg(price, QString::number(r.gpusPerInstance, 'g', 6), gpu);
    if (r.speedup)
        text += tr(", speedup %1").arg(QString::number(*r.speedup, 'g', 6));
    text += tr(" \u2014 source: %1%2, observed %3.")
                .arg(r.source, title.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(title),
                     r.observedAt.toString(Qt::ISODate));
    if (s.instance->asOf.isValid())
        text += tr(" Price in force on %1.").arg(s.instance->asOf.toString(Qt::ISODate));
    m_picker->setSource(text, false);
}

void ScenarioForm::chooseInstance(const std::optional<tco::InstanceRef> &ref)
{
    if (ref == planScenario().instance)
        return; // the same choice again keeps the plan's own values
    tco::Plan after = m_editor->plan();
    tco::PlanScenario &s = after.scenarios[m_index];
    const tco::Scenario defaults = tco::defaultScenario(m_kind);
    if (ref) {
        // Picking fills the price, GPUs and speedup from the catalog: the plan stops stating them.
        s.instance = ref;
        for (const ParamId id : kCatalogParameters) {
            tco::setGiven(s.given, id, false);
            tco::setParameterValue(s.scenario, id, *tco::parameterValue(defaults, id));
        }
        m_editor->apply(after, tr("Price %1 from %2").arg(s.name, tco::describe(*ref)));
        return;
    }
    if (!s.instance)
        return;
    // "By hand" keeps the numbers the catalog gave as the plan's own, so nothing changes but their origin.
    const CatalogAnswer answer = askCatalog();
    for (const ParamId id : kCatalogParameters) {
        if (tco::isGiven(s.given, id) || !answer.resolved)
            continue;
        if (const std::optional<double> v = catalogValue(*answer.resolved, id)) {
            tco::setParameterValue(s.scenario, id, *v);
            tco::setGiven(s.given, id);
        }
    }
    s.instance.reset();
    m_editor->apply(after, tr("Enter the rates of %1 by hand").arg(s.name));
}

void ScenarioForm::sizeToDemand()
{
    const auto cluster = std::get<tco::ClusterScenario>(withCatalogValues(planScenario(), askCatalog().resolved));
    m_editor->setScenarioValue(m_index, ParamId::Nodes, tco::sizeToDemand(m_editor->plan().workload, cluster));
}

} // namespace mltco::ui

#include "ui/core/planeditor.h"

#include "models/common/currency.h"

#include "models/catalog/fxrates.h"
#include "models/catalog/instanceresolver.h"
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "models/plan/parameters.h"
#include "models/plan/plandiff.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"

#include <QDateTime>
#include <QSqlDatabase>

#include <algorithm>
#include <cmath>
#include <QUndoCommand>

namespace mltco::ui {

/// One plan edit: the whole plan before and after (a plan is small, and snapshots make undo exact).
class PlanChangeCommand final : public QUndoCommand
{
public:
    static constexpr int kId = 0x504c; // "PL"
    /// Edits of one field merge while they come this close together: typing, or a spin box held down.
    static constexpr qint64 kMergeWindowMs = 2000;

    /// `mayMerge`: nothing was undone since the previous edit was pushed, so merging with it keeps history.
    PlanChangeCommand(PlanEditor *editor, tco::Plan before, tco::Plan after, const QString &text, QString mergeKey,
                      bool mayMerge)
        : QUndoCommand(text), m_editor(editor), m_before(std::move(before)), m_after(std::move(after)),
          m_mergeKey(std::move(mergeKey)), m_mayMerge(mayMerge), m_at(QDateTime::currentMSecsSinceEpoch())
    {}

    void redo() override { m_editor->setPlan(m_after); }
    void undo() override { m_editor->setPlan(m_before); }
    int id() const override { return m_mergeKey.isEmpty() ? -1 : kId; }

    bool mergeWith(const QUndoCommand *other) override
    {
        // Only an uninterrupted run of edits to one field becomes one step: not edits a while apart, and not
        // across an undo (QUndoStack would otherwise merge into the command below the undone ones).
        const auto *next = static_cast<const PlanChangeCommand *>(other);
        if (next->m_mergeKey != m_mergeKey || !next->m_mayMerge || next->m_at - m_at > kMergeWindowMs)
            return false;
        m_after = next->m_after;
        m_at = next->m_at;
        return true;
    }

private:
    PlanEditor *m_editor;
    tco::Plan m_before;
    tco::Plan m_after;
    QString m_mergeKey;
    bool m_mayMerge = false;
    qint64 m_at = 0; ///< when the last edit merged into this command was made
};

PlanEditor::PlanEditor(store::Document &document, QObject *parent)
    : QObject(parent), m_document(document), m_instances(document.database()), m_undoStack(new QUndoStack(this))
{
    readActuals();
}

void PlanEditor::readActuals()
{
    // In the plan's currency (model.md §13): read again when the currency changes.
    m_actualsCurrency = m_plan.currency;
    Expected<QList<actuals::MonthActual>> months = actuals::monthlyActuals(m_document.database(), m_plan.currency);
    m_actuals = months ? *months : QList<actuals::MonthActual>();
    m_actualsError = months ? QString() : months.error().message;
}

void PlanEditor::reloadActuals()
{
    readActuals();
    emit actualsChanged();
}

PlanEditor::~PlanEditor() = default;

bool PlanEditor::isReadOnly() const
{
    return m_document.isReadOnly();
}

Status PlanEditor::loadFirstPlan(const QByteArray &fallbackJson)
{
    store::PlanStore plans(m_document.database());
    QList<store::StoredPlan> stored = plans.plans();
    if (Status s = plans.readStatus(); !s)
        return s; // never taken for "no plan yet" and replaced by the sample plan
    if (stored.isEmpty()) {
        const Status s = importPlan(fallbackJson);
        m_unsaved = false; // the sample plan stands in for a missing one: nothing of the user's is unsaved
        return s;
    }
    Expected<tco::Plan> plan = tco::readPlan(stored.first().json);
    if (!plan)
        return Error{QStringLiteral("The plan \"%1\" in this document cannot be read: %2")
                         .arg(stored.first().name, plan.error().message),
                     plan.error().details};
    m_planId = stored.first().id;
    m_revision = stored.first().revision;
    m_conflict.clear();
    m_undoStack->clear();
    showPlan(*plan);
    m_unsaved = false;
    return {};
}

Status PlanEditor::importPlan(const QByteArray &json)
{
    Expected<tco::Plan> plan = tco::readPlan(json);
    if (!plan)
        return plan.error();
    if (isReadOnly()) {
        m_planId = 0;
        m_unsaved = true;
        m_undoStack->clear();
        setPlan(*plan);
        return {};
    }
    store::PlanStore plans(m_document.database());
    Expected<qint64> id = plans.insert(plan->name, tco::writePlan(*plan));
    if (!id)
        return id.error();
    m_planId = *id;
    m_revision = 1;
    m_conflict.clear();
    m_undoStack->clear();
    showPlan(*plan);
    return {};
}

void PlanEditor::apply(const tco::Plan &after, const QString &text, const QString &mergeKey)
{
    const bool nothingUndone = m_undoStack->index() == m_undoStack->count() && m_undoStack->index() == m_lastPushIndex;
    m_undoStack->push(new PlanChangeCommand(this, m_plan, after, text, mergeKey, nothingUndone));
    m_lastPushIndex = m_undoStack->index();
}

void PlanEditor::showStoredPlan(const tco::Plan &plan, qint64 id, qint64 revision)
{
    m_planId = id;
    m_revision = revision;
    m_conflict.clear();
    m_unsaved = false;
    m_undoStack->clear();
    showPlan(plan);
}

void PlanEditor::showPlan(const tco::Plan &plan)
{
    m_plan = plan;
    if (m_plan.currency != m_actualsCurrency)
        reloadActuals();
    evaluate();
    emit planChanged();
}

void PlanEditor::setPlan(const tco::Plan &plan)
{
    m_plan = plan;
    if (m_plan.currency != m_actualsCurrency)
        reloadActuals();
    if (isReadOnly()) {
        m_unsaved = true;
    } else if (!m_conflict.isEmpty()) {
        m_unsaved = true; // kept here until the user reloads or saves a copy
    } else if (m_document.isUnreachable()) {
        m_unsaved = true; // kept here until the store answers again and the user saves (saveUnsaved())
    } else if (m_planId != 0) {
        if (Status s = saveCurrent(); !s) {
            // Kept as unsaved: the next edit tries again, and a colleague's save meanwhile is a conflict, never a
            // silent reload over this edit (followStoredPlan()).
            emit saveFailed(s.error().message);
        }
    }
    evaluate();
    emit planChanged();
}

Status PlanEditor::saveCurrent()
{
    store::PlanStore plans(m_document.database());
    bool stale = false;
    Expected<qint64> saved = plans.update(m_planId, m_plan.name, tco::writePlan(m_plan), m_revision, &stale);
    if (saved) {
        m_revision = *saved;
        m_unsaved = false;
        return {};
    }
    m_unsaved = true;
    if (!stale)
        return saved.error();
    m_conflict = conflictWithStored();
    emit saveConflictFound(m_conflict);
    return {};
}

Status PlanEditor::saveUnsaved()
{
    if (!m_unsaved || isReadOnly() || m_planId == 0 || !m_conflict.isEmpty())
        return {};
    if (Status s = m_document.checkWritable(QStringLiteral("save the plan into")); !s)
        return s;
    const Status s = saveCurrent();
    emit planChanged();
    return s;
}

Status PlanEditor::storeAsCurrent(const tco::Plan &plan, qint64 storedId)
{
    if (Status s = m_document.checkWritable(QStringLiteral("save the plan into")); !s)
        return s;
    store::PlanStore plans(m_document.database());
    if (Expected<store::StoredPlan> stored =
            storedId != 0 ? plans.plan(storedId) : Expected<store::StoredPlan>(Error{});
        stored) {
        // Saved over on purpose (File › Save As into a document that has this plan): whatever revision it is at.
        Expected<qint64> saved = plans.update(storedId, plan.name, tco::writePlan(plan), stored->revision);
        if (!saved)
            return saved.error();
        showStoredPlan(plan, storedId, *saved);
    } else {
        Expected<qint64> id = plans.insert(plan.name, tco::writePlan(plan));
        if (!id)
            return id.error();
        showStoredPlan(plan, *id, 1);
    }
    return {};
}

Status PlanEditor::reloadStoredPlan()
{
    store::PlanStore plans(m_document.database());
    Expected<store::StoredPlan> stored = plans.plan(m_planId);
    if (!stored)
        return stored.error();
    Expected<tco::Plan> plan = tco::readPlan(stored->json);
    if (!plan)
        return Error{
            QStringLiteral("The stored plan \"%1\" cannot be read: %2").arg(stored->name, plan.error().message),
            plan.error().details};
    showStoredPlan(*plan, m_planId, stored->revision);
    return {};
}

Status PlanEditor::saveConflictAsCopy()
{
    if (Status s = m_document.checkWritable(QStringLiteral("save a copy of the plan into")); !s)
        return s;
    tco::Plan copy = m_plan;
    copy.name = tr("%1 (copy)").arg(m_plan.name);
    store::PlanStore plans(m_document.database());
    Expected<qint64> id = plans.insert(copy.name, tco::writePlan(copy));
    if (!id)
        return id.error();
    // The undo stack goes with it: its steps are edits of the other plan, and undone here they would land in the copy.
    showStoredPlan(copy, *id, 1);
    return {};
}

QString PlanEditor::conflictWithStored() const
{
    Expected<store::StoredPlan> stored = store::PlanStore(m_document.database()).plan(m_planId);
    if (!stored)
        return tr("someone else changed this plan, and it can no longer be read (%1). Save yours as a copy.")
            .arg(stored.error().message);
    QString text =
        tr("someone else saved \"%1\" at %2 UTC (revision %3; your edits started from revision %4). Nothing "
           "was overwritten: reload theirs, or save yours as a copy.")
            .arg(stored->name, QString(stored->updatedAt).replace(QLatin1Char('T'), QLatin1Char(' ')).left(19))
            .arg(stored->revision)
            .arg(m_revision);
    const QStringList lines = tco::planDifferences(tco::writePlan(m_plan), stored->json, 6, tr("yours"), tr("theirs"));
    if (!lines.isEmpty())
        text += tr(" What differs: %1.").arg(lines.join(QStringLiteral("; ")));
    return text;
}

bool PlanEditor::followStoredPlan()
{
    if (m_planId == 0 || !m_conflict.isEmpty())
        return false;
    store::PlanStore plans(m_document.database());
    Expected<store::StoredPlan> stored = plans.plan(m_planId);
    if (!stored || stored->revision == m_revision)
        return false;
    if (m_unsaved) {
        m_conflict = conflictWithStored();
        emit saveConflictFound(m_conflict);
        return true;
    }
    return static_cast<bool>(reloadStoredPlan());
}

void PlanEditor::reevaluate()
{
    m_instances.clear(); // the catalog may have changed
    evaluate();
    emit planChanged();
}

void PlanEditor::evaluate()
{
    Expected<tco::PlanResult> result = tco::evaluatePlan(m_plan, m_instances.resolver(), tco::Incomplete::LeaveOut);
    if (result) {
        m_result = std::move(*result);
        m_evaluationError.clear();
        m_evaluationDetails.clear();
    } else {
        m_result.reset();
        m_evaluationError = result.error().message;
        m_evaluationDetails = result.error().details;
    }
}

void PlanEditor::setWorkloadValue(tco::ParamId id, double value)
{
    tco::Plan after = m_plan;
    if (!tco::setParameterValue(after.workload, id, value))
        return;
    tco::setGiven(after.workloadGiven, id);
    // The demand is the team's total or per engineer, never both (the plan reader refuses both).
    if (id == tco::ParamId::DemandGpuHours)
        tco::setGiven(after.workloadGiven, tco::ParamId::DemandGpuHoursPerEngineer, false);
    if (id == tco::ParamId::DemandGpuHoursPerEngineer)
        tco::setGiven(after.workloadGiven, tco::ParamId::DemandGpuHours, false);
    if (after.workload == m_plan.workload && tco::isGiven(m_plan.workloadGiven, id))
        return;
    apply(after, tr("Change %1").arg(QString::fromUtf8(tco::parameterInfo(id).label)),
          QStringLiteral("workload/%1").arg(tco::parameterKey(id)));
}

void PlanEditor::clearWorkloadValue(tco::ParamId id)
{
    if (!tco::isGiven(m_plan.workloadGiven, id))
        return;
    tco::Plan after = m_plan;
    if (!tco::clearParameterValue(after.workload, id))
        return;
    tco::setGiven(after.workloadGiven, id, false);
    apply(after, tr("Remove %1").arg(QString::fromUtf8(tco::parameterInfo(id).label)),
          QStringLiteral("workload/%1").arg(tco::parameterKey(id)));
}

void PlanEditor::setPlanText(const QString &name, const QString &notes)
{
    if (name == m_plan.name && notes == m_plan.notes)
        return;
    tco::Plan after = m_plan;
    after.name = name;
    after.notes = notes;
    apply(after, name == m_plan.name ? tr("Edit plan notes") : tr("Rename plan to %1").arg(name));
}

void PlanEditor::setCurrency(const QString &currency)
{
    if (currency == m_plan.currency || !isCurrencyCode(currency))
        return;
    tco::Plan after = m_plan;
    after.currency = currency;
    after.fxRates.remove(currency); // a plan needs no rate for its own currency
    apply(after, tr("Plan currency %1").arg(currency));
}

std::optional<tco::CurrencyConversion> PlanEditor::conversionTo(const QString &to, QString *why) const
{
    const QString &from = m_plan.currency;
    if (!isCurrencyCode(to) || to == from)
        return std::nullopt;
    if (const auto fixed = m_plan.fxRates.constFind(to); fixed != m_plan.fxRates.constEnd())
        return tco::CurrencyConversion{from, to, *fixed, QDate::currentDate(), tr("the plan's fixed rate")};
    // The latest day the document quotes both (EUR is every day's reference).
    const QSqlDatabase db = m_document.database();
    Expected<std::vector<catalog::FxCurrencySpan>> spans = catalog::rateSpans(db);
    if (!spans) {
        if (why)
            *why = spans.error().message;
        return std::nullopt;
    }
    QDate day;
    for (const QString &c : {from, to}) {
        if (c == QLatin1String("EUR"))
            continue;
        const auto span = std::find_if(spans->begin(), spans->end(), [&](const catalog::FxCurrencySpan &s) { return s.currency == c; });
        if (span == spans->end()) {
            if (why)
                *why = tr("the document has no exchange rate for %1 (File › Import exchange rates (ECB)…)").arg(c);
            return std::nullopt;
        }
        day = day.isValid() ? std::min(day, span->last) : span->last;
    }
    if (!day.isValid())
        day = QDate::currentDate();
    Expected<catalog::RateTable> table = catalog::readRateTable(db, {from, to});
    if (!table) {
        if (why)
            *why = table.error().message;
        return std::nullopt;
    }
    Expected<catalog::FxRate> rate = table->rate(from, to, day);
    if (!rate) {
        if (why)
            *why = rate.error().message;
        return std::nullopt;
    }
    return tco::CurrencyConversion{from, to, rate->rate, rate->rateDate.isValid() ? rate->rateDate : day,
                                   catalog::rateSourceLabel(rate->source.section(QLatin1Char(' '), 0, 0))};
}

void PlanEditor::convertCurrency(const tco::CurrencyConversion &conversion)
{
    if (conversion.from != m_plan.currency || conversion.to == m_plan.currency || !isCurrencyCode(conversion.to) ||
        !(conversion.rate > 0.0) || !std::isfinite(conversion.rate))
        return;
    apply(tco::convertedPlan(m_plan, conversion), tr("Plan currency %1, amounts converted").arg(conversion.to));
}

void PlanEditor::setScenarioValue(int index, tco::ParamId id, double value)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    tco::PlanScenario &s = after.scenarios[index];
    if (!tco::setParameterValue(s.scenario, id, value))
        return;
    tco::setGiven(s.given, id);
    // Idle power and a fixed average load are two ways to say the load (model \u00a714.5, clarification 4): the one
    // typed replaces the other, in the same step.
    if (id == tco::ParamId::IdlePowerFraction && tco::isGiven(s.given, tco::ParamId::AverageLoad)) {
        tco::setGiven(s.given, tco::ParamId::AverageLoad, false);
        tco::setParameterValue(s.scenario, tco::ParamId::AverageLoad, tco::defaults::kAverageLoad);
    } else if (id == tco::ParamId::AverageLoad) {
        tco::setGiven(s.given, tco::ParamId::IdlePowerFraction, false);
        tco::clearParameterValue(s.scenario, tco::ParamId::IdlePowerFraction);
    }
    if (s.scenario == m_plan.scenarios[index].scenario && tco::isGiven(m_plan.scenarios[index].given, id))
        return;
    apply(after, tr("Change %1 of %2").arg(QString::fromUtf8(tco::parameterInfo(id).label), s.name),
          QStringLiteral("scenario/%1/%2").arg(s.name, tco::parameterKey(id)));
}

void PlanEditor::setScenarioValues(int index, const QList<std::pair<tco::ParamId, double>> &values, const QString &text,
                                   const QString &why)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    tco::PlanScenario &s = after.scenarios[index];
    for (const auto &[id, value] : values) {
        if (!tco::isAllowedValue(tco::parameterInfo(id), value) || !tco::setParameterValue(s.scenario, id, value))
            return;
        tco::setGiven(s.given, id);
        if (!why.isEmpty())
            s.assumptions.insert(tco::parameterKey(id), why);
    }
    apply(after, text);
}

void PlanEditor::clearScenarioValue(int index, tco::ParamId id)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    tco::PlanScenario &s = after.scenarios[index];
    if (!tco::isGiven(s.given, id))
        return;
    tco::setGiven(s.given, id, false);
    // Back to the default; the catalog's value (if the scenario names an instance) is filled in at evaluation.
    // An optional value is removed (and a purchase's electricity price goes back to the plan's); any other takes its
    // default.
    const tco::Scenario defaults = tco::defaultScenario(s.kind());
    if (!tco::clearParameterValue(s.scenario, id))
        if (const std::optional<double> v = tco::parameterValue(defaults, id))
            tco::setParameterValue(s.scenario, id, *v);
    apply(after, tr("Reset %1 of %2").arg(QString::fromUtf8(tco::parameterInfo(id).label), s.name));
}

void PlanEditor::setScenarioInstance(int index, const std::optional<tco::InstanceRef> &instance)
{
    if (index < 0 || index >= m_plan.scenarios.size() || m_plan.scenarios[index].instance == instance)
        return;
    tco::Plan after = m_plan;
    after.scenarios[index].instance = instance;
    apply(after, tr("Choose instance for %1").arg(after.scenarios[index].name));
}

void PlanEditor::setBulkDiscounts(int index, const std::vector<tco::BulkTier> &tiers)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    auto *purchase = std::get_if<tco::PurchaseScenario>(&after.scenarios[index].scenario);
    if (!purchase || purchase->bulkDiscounts == tiers)
        return;
    purchase->bulkDiscounts = tiers;
    tco::setGiven(after.scenarios[index].given, tco::ParamId::BulkDiscounts);
    apply(after, tr("Change bulk discounts of %1").arg(after.scenarios[index].name));
}

void PlanEditor::setPurchaseSchedule(int index, const std::vector<tco::ScheduledPurchase> &schedule)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    auto *purchase = std::get_if<tco::PurchaseScenario>(&after.scenarios[index].scenario);
    if (!purchase || purchase->purchases == schedule)
        return;
    purchase->purchases = schedule;
    tco::setGiven(after.scenarios[index].given, tco::ParamId::Purchases, !schedule.empty());
    apply(after, tr("Change purchase schedule of %1").arg(after.scenarios[index].name));
}

void PlanEditor::setReservedTerms(int index, const std::vector<tco::ReservedTerm> &terms)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    auto *reserved = std::get_if<tco::ReservedScenario>(&after.scenarios[index].scenario);
    if (!reserved || reserved->terms == terms)
        return;
    reserved->terms = terms;
    tco::setGiven(after.scenarios[index].given, tco::ParamId::Terms, !terms.empty());
    apply(after, tr("Change reserved terms of %1").arg(after.scenarios[index].name));
}

void PlanEditor::setMixLayers(int index, const QStringList &layers)
{
    if (index < 0 || index >= m_plan.scenarios.size() || layers.isEmpty())
        return;
    tco::Plan after = m_plan;
    auto *mix = std::get_if<tco::MixScenario>(&after.scenarios[index].scenario);
    if (!mix || mix->layers == layers)
        return;
    mix->layers = layers;
    tco::setGiven(after.scenarios[index].given, tco::ParamId::Layers);
    apply(after, tr("Change layers of %1").arg(after.scenarios[index].name));
}

void PlanEditor::setScenarioReference(int index, tco::ParamId id, const QString &name)
{
    if (index < 0 || index >= m_plan.scenarios.size() || (id != tco::ParamId::Base && id != tco::ParamId::Burst))
        return;
    tco::Plan after = m_plan;
    if (auto *mix = std::get_if<tco::MixScenario>(&after.scenarios[index].scenario); mix && id == tco::ParamId::Burst) {
        if (mix->burst == name)
            return;
        mix->burst = name; // empty: no burst, what the layers cannot serve is unmet
        tco::setGiven(after.scenarios[index].given, id);
        apply(after, name.isEmpty() ? tr("Stop bursting %1").arg(after.scenarios[index].name)
                                    : tr("Change burst of %1").arg(after.scenarios[index].name));
        return;
    }
    auto *hybrid = std::get_if<tco::HybridScenario>(&after.scenarios[index].scenario);
    if (!hybrid)
        return;
    QString &target = id == tco::ParamId::Base ? hybrid->base : hybrid->burst;
    if (target == name)
        return;
    target = name;
    tco::setGiven(after.scenarios[index].given, id);
    apply(after,
          tr("Change %1 of %2").arg(QString::fromUtf8(tco::parameterInfo(id).label), after.scenarios[index].name));
}

bool PlanEditor::setDemandSteps(const std::vector<tco::DemandStep> &steps)
{
    if (!tco::validateDemandSteps(steps, m_plan.workload.horizonMonths).isEmpty())
        return false;
    if (steps == m_plan.workload.demandSteps)
        return true;
    tco::Plan after = m_plan;
    after.workload.demandSteps = steps;
    tco::setGiven(after.workloadGiven, tco::ParamId::DemandSteps, !steps.empty());
    apply(after, tr("Change demand steps"));
    return true;
}

QString PlanEditor::uniqueScenarioName(const QString &base) const
{
    if (!m_plan.scenario(base))
        return base;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1 %2").arg(base).arg(n);
        if (!m_plan.scenario(candidate))
            return candidate;
    }
}

void PlanEditor::addScenario(tco::ScenarioKind kind, const QString &name)
{
    tco::Plan after = m_plan;
    tco::PlanScenario s;
    s.name = uniqueScenarioName(name.isEmpty() ? tr("New %1 scenario").arg(tco::scenarioKindKey(kind)) : name);
    s.scenario = tco::defaultScenario(kind);
    if (auto *hybrid = std::get_if<tco::HybridScenario>(&s.scenario)) {
        // Start from the first scenarios that fit; the form offers the others.
        for (const tco::PlanScenario &other : std::as_const(after.scenarios)) {
            if (hybrid->base.isEmpty() && (tco::kindBit(other.kind()) & tco::kBaseKinds))
                hybrid->base = other.name;
            if (hybrid->burst.isEmpty() && other.kind() == tco::ScenarioKind::Elastic)
                hybrid->burst = other.name;
        }
        tco::setGiven(s.given, tco::ParamId::Base, !hybrid->base.isEmpty());
        tco::setGiven(s.given, tco::ParamId::Burst, !hybrid->burst.isEmpty());
    }
    if (auto *mix = std::get_if<tco::MixScenario>(&s.scenario)) {
        // The first layer that fits and the first elastic scenario; the form ticks more.
        for (const tco::PlanScenario &other : std::as_const(after.scenarios)) {
            if (mix->layers.isEmpty() && (tco::kindBit(other.kind()) & tco::kBaseKinds))
                mix->layers << other.name;
            if (mix->burst.isEmpty() && other.kind() == tco::ScenarioKind::Elastic)
                mix->burst = other.name;
        }
        tco::setGiven(s.given, tco::ParamId::Layers, !mix->layers.isEmpty());
        tco::setGiven(s.given, tco::ParamId::Burst, !mix->burst.isEmpty());
    }
    after.scenarios.append(s);
    apply(after, tr("Add scenario %1").arg(s.name));
}

void PlanEditor::duplicateScenario(int index)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    tco::PlanScenario copy = after.scenarios[index];
    copy.name = uniqueScenarioName(tr("%1 (copy)").arg(copy.name));
    after.scenarios.insert(index + 1, copy);
    apply(after, tr("Duplicate scenario %1").arg(m_plan.scenarios[index].name));
}

void PlanEditor::removeScenario(int index)
{
    if (index < 0 || index >= m_plan.scenarios.size())
        return;
    tco::Plan after = m_plan;
    const QString name = after.scenarios[index].name;
    after.scenarios.removeAt(index);
    // A break-even that names the removed scenario can no longer be computed.
    after.breakeven.removeIf([&](const tco::BreakEvenRequest &r) { return r.purchase == name || r.cloud == name; });
    // So do its uncertain inputs (and their correlations).
    tco::removeUncertainty(after, [&](const tco::Uncertainty &u, int) { return u.target == name; });
    // And the bills can no longer be held against it.
    if (after.actuals && after.actuals->scenario == name)
        after.actuals.reset();
    apply(after, tr("Delete scenario %1").arg(name));
}

void PlanEditor::setActualsLink(const std::optional<tco::ActualsLink> &link)
{
    if (link == m_plan.actuals || (link && !m_plan.scenario(link->scenario)))
        return;
    tco::Plan after = m_plan;
    after.actuals = link;
    apply(after, link ? tr("Compare %1 with the bills").arg(link->scenario) : tr("Stop comparing with the bills"));
}

void PlanEditor::setUncertainty(const QList<tco::Uncertainty> &uncertainty,
                                const QList<tco::RankCorrelation> &correlations)
{
    tco::Plan after = m_plan;
    after.uncertainty = uncertainty;
    after.correlations = correlations;
    apply(after, tr("Edit uncertain inputs"));
}

void PlanEditor::renameScenario(int index, const QString &name)
{
    const QString trimmed = name.trimmed();
    if (index < 0 || index >= m_plan.scenarios.size() || trimmed.isEmpty() || m_plan.scenario(trimmed))
        return;
    tco::Plan after = m_plan;
    const QString old = after.scenarios[index].name;
    after.scenarios[index].name = trimmed;
    for (tco::BreakEvenRequest &r : after.breakeven) {
        if (r.purchase == old)
            r.purchase = trimmed;
        if (r.cloud == old)
            r.cloud = trimmed;
    }
    for (tco::PlanScenario &s : after.scenarios) {
        if (auto *hybrid = std::get_if<tco::HybridScenario>(&s.scenario)) {
            if (hybrid->base == old)
                hybrid->base = trimmed;
            if (hybrid->burst == old)
                hybrid->burst = trimmed;
        }
        if (auto *mix = std::get_if<tco::MixScenario>(&s.scenario)) {
            for (QString &layer : mix->layers)
                if (layer == old)
                    layer = trimmed;
            if (mix->burst == old)
                mix->burst = trimmed;
        }
    }
    for (tco::Uncertainty &u : after.uncertainty) {
        if (u.target == old)
            u.target = trimmed;
    }
    if (after.actuals && after.actuals->scenario == old)
        after.actuals->scenario = trimmed;
    apply(after, tr("Rename %1 to %2").arg(old, trimmed));
}

void PlanEditor::moveScenario(int from, int to)
{
    if (from < 0 || from >= m_plan.scenarios.size() || to < 0 || to >= m_plan.scenarios.size() || from == to)
        return;
    tco::Plan after = m_plan;
    after.scenarios.move(from, to);
    apply(after, tr("Move scenario %1").arg(m_plan.scenarios[from].name));
}

void PlanEditor::setBreakEven(const QList<tco::BreakEvenRequest> &requests)
{
    tco::Plan after = m_plan;
    after.breakeven = requests;
    apply(after, tr("Change break-even comparison"));
}

} // namespace mltco::ui

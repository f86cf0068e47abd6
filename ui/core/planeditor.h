#pragma once

#include "models/plan/currencyswitch.h"

#include "models/actuals/actualsstore.h"
#include "models/catalog/instanceresolver.h"
#include "models/plan/plan.h"
#include "models/plan/planevaluation.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <optional>

namespace mltco::store {
class Document;
}

namespace mltco::ui {

/// The plan being studied in one open document, its undo stack and its latest evaluation.
///
/// Every edit goes through apply() as one QUndoCommand holding the plan before and after, so undo and
/// redo are exact. Each change is saved to the document at once (one transaction), so quitting or a
/// crash loses nothing. Consecutive edits of one field (same merge key) merge into one undo step.
/// The document's undo stack is shared: catalog edits push their own commands onto it.
class PlanEditor final : public QObject
{
    Q_OBJECT

public:
    explicit PlanEditor(store::Document &document, QObject *parent = nullptr);
    ~PlanEditor() override;

    /// Loads the document's first plan; when it has none, stores `fallbackJson` (the sample plan) as
    /// its plan first. Clears the undo stack.
    Status loadFirstPlan(const QByteArray &fallbackJson);
    /// Adds a plan from a plan file to the document and makes it the current plan.
    Status importPlan(const QByteArray &json);

    /// A read-only document (store::Document::isReadOnly) is never written: edits and imported plans are
    /// kept in memory only, and hasUnsavedChanges() says so until they are stored with storeUnsaved().
    bool isReadOnly() const;
    bool hasUnsavedChanges() const { return m_unsaved; }
    /// Writes the current plan into this (writable) document: over the plan with row id `storedId` when the
    /// document has it, else as a new plan. For File › Save As from a read-only document.
    Status storeAsCurrent(const tco::Plan &plan, qint64 storedId);

    store::Document &document() const { return m_document; }
    QUndoStack *undoStack() const { return m_undoStack; }
    const tco::Plan &plan() const { return m_plan; }
    qint64 planId() const { return m_planId; }
    /// The stored revision the plan in memory was loaded from or last saved as (store::StoredPlan::revision).
    qint64 planRevision() const { return m_revision; }

    /// Someone else saved the plan after this editor last read it, and this editor's edits could not be saved over
    /// theirs: the edits stay in memory (and in the undo stack), nothing more is saved until the user chooses.
    /// saveConflict() says who saved when, at which revision, and what differs ("workload › engineers: 11 yours,
    /// 5 theirs").
    bool hasSaveConflict() const { return !m_conflict.isEmpty(); }
    QString saveConflict() const { return m_conflict; }
    /// Drops this editor's edits and loads the stored plan as others left it.
    Status reloadStoredPlan();
    /// Keeps this editor's edits as a new plan named "NAME (copy)", leaving the other user's plan as they saved it;
    /// the copy becomes the current plan.
    Status saveConflictAsCopy();
    /// Saves the plan in memory when edits here are unsaved (kept while the team store did not answer, or after a
    /// failed save), with the revision check of every edit: a colleague's newer save becomes a conflict
    /// (saveConflictFound), never overwritten. Nothing to do without unsaved edits or during a conflict.
    Status saveUnsaved();
    /// Reads the stored plan's revision: when someone else saved it and nothing here is unsaved, loads theirs
    /// (a team store's window follows its colleagues' edits); with edits here, it is a conflict. True when the plan
    /// changed.
    bool followStoredPlan();

    /// The latest evaluation; nullopt when the plan cannot be evaluated at all (see evaluationError()). A scenario
    /// or break-even that cannot be evaluated yet is left out of it (PlanResult::leftOut) while the others show.
    const std::optional<tco::PlanResult> &result() const { return m_result; }
    QString evaluationError() const { return m_evaluationError; }
    QStringList evaluationDetails() const { return m_evaluationDetails; }

    /// Replaces the plan by `after` as one undoable step named `text`. Edits with the same non-empty
    /// `mergeKey` in a row merge into one step (typing in a spin box).
    void apply(const tco::Plan &after, const QString &text, const QString &mergeKey = {});

    // Convenience edits built on apply().
    void setWorkloadValue(tco::ParamId id, double value);
    /// Removes an optional workload value (the plan's electricity price, the demand per engineer): one undo step.
    void clearWorkloadValue(tco::ParamId id);
    /// The plan's title and notes, as one undoable step (nothing when both are as they were).
    void setPlanText(const QString &name, const QString &notes);
    /// The plan's currency (model.md §13), as one undoable step; ignored when it is not an ISO 4217 code. Values the
    /// plan states keep their figures; catalog prices convert at the rates of their days.
    void setCurrency(const QString &currency);
    /// The rate at which the plan's amounts would be converted into `to`: the plan's fixed rate when it has one, else
    /// the document's exchange rates on the latest day both currencies are quoted; none, with why in `why`, when there
    /// is no such rate.
    std::optional<tco::CurrencyConversion> conversionTo(const QString &to, QString *why = nullptr) const;
    /// The plan in `conversion.to` with every money amount converted at its rate (tco::convertedPlan), one undoable step.
    void convertCurrency(const tco::CurrencyConversion &conversion);
    void setScenarioValue(int index, tco::ParamId id, double value);
    /// Several values of one scenario as one undoable step named `text`; `why`, when given, becomes each value's
    /// assumption note (where it came from). Nothing when a value is not allowed.
    void setScenarioValues(int index, const QList<std::pair<tco::ParamId, double>> &values, const QString &text,
                           const QString &why = {});
    /// Forgets a stated value so the catalog's (or the default) applies again.
    void clearScenarioValue(int index, tco::ParamId id);
    void setScenarioInstance(int index, const std::optional<tco::InstanceRef> &instance);
    void setBulkDiscounts(int index, const std::vector<tco::BulkTier> &tiers);
    /// A purchase scenario's schedule (model.md §11.1), one undo step; an empty list clears it.
    void setPurchaseSchedule(int index, const std::vector<tco::ScheduledPurchase> &schedule);
    /// A reserved scenario's terms (model.md §11.2), one undo step; ignored for any other kind.
    void setReservedTerms(int index, const std::vector<tco::ReservedTerm> &terms);
    /// A mix's layers in serving order (model.md §11.3), one undo step; an empty list is refused.
    void setMixLayers(int index, const QStringList &layers);
    /// A hybrid's base or burst (ParamId::Base / Burst): the name of another scenario.
    void setScenarioReference(int index, tco::ParamId id, const QString &name);
    /// The workload's demand steps; refused (no change) when they do not pass validateDemandSteps().
    bool setDemandSteps(const std::vector<tco::DemandStep> &steps);
    void addScenario(tco::ScenarioKind kind, const QString &name = {});
    void duplicateScenario(int index);
    void removeScenario(int index);
    void renameScenario(int index, const QString &name);
    void moveScenario(int from, int to);
    void setBreakEven(const QList<tco::BreakEvenRequest> &requests);
    /// The plan's uncertain inputs and their correlations (model.md §10.9), as one undoable step.
    void setUncertainty(const QList<tco::Uncertainty> &uncertainty, const QList<tco::RankCorrelation> &correlations);

    /// The scenario held against the imported bills and the month its plan starts, as one undoable step; nullopt
    /// unlinks. Ignored when it names no scenario of the plan.
    void setActualsLink(const std::optional<tco::ActualsLink> &link);

    /// A name not yet used by a scenario: `base`, or `base 2`, `base 3`, ...
    QString uniqueScenarioName(const QString &base) const;

    /// Re-reads catalog prices and re-evaluates (after a catalog edit or import).
    void reevaluate();

    /// The document's actual GPU spend per month, from its imported bills (read when the editor is made and by
    /// reloadActuals()); actualsError() says when they could not be read.
    const QList<actuals::MonthActual> &actuals() const { return m_actuals; }
    QString actualsError() const { return m_actualsError; }
    /// Reads the actuals again (after a bill is imported or removed) and emits actualsChanged().
    void reloadActuals();

signals:
    /// The plan changed (edit, undo, redo or load); result() is already up to date.
    void planChanged();
    /// Saving an edit to the document failed; the edit stays in memory and in the undo stack.
    void saveFailed(const QString &message);
    /// The document's bills changed: actuals() is already up to date.
    void actualsChanged();
    /// An edit could not be saved because someone else saved the plan first (saveConflict() says who and when).
    void saveConflictFound(const QString &message);

private:
    friend class PlanChangeCommand;
    void setPlan(const tco::Plan &plan);  // used by the undo command: shows the plan and saves it
    void showPlan(const tco::Plan &plan); // shows a plan as stored (loaded, reloaded, just written): no save
    /// The plan as stored at row `id`, `revision` becomes the current one: no conflict, nothing unsaved, no undo.
    void showStoredPlan(const tco::Plan &plan, qint64 id, qint64 revision);
    /// Writes the plan over the stored one at this editor's revision: ok, a conflict (saveConflictFound), or why not.
    Status saveCurrent();
    QString conflictWithStored() const; // who saved the stored plan when, and what differs from this one
    void evaluate();

    store::Document &m_document;
    catalog::CachingInstanceResolver m_instances; ///< cleared by reevaluate(): whoever changes the catalog calls it
    QUndoStack *m_undoStack;
    qint64 m_planId = 0;
    qint64 m_revision = 0;
    QString m_conflict;
    bool m_unsaved = false;
    int m_lastPushIndex = -1; ///< the stack's index after this editor's last push (undo moves it away)
    tco::Plan m_plan;
    std::optional<tco::PlanResult> m_result;
    QString m_evaluationError;
    QStringList m_evaluationDetails;
    QList<actuals::MonthActual> m_actuals;
    QString m_actualsError;
    QString m_actualsCurrency; ///< the currency m_actuals are in
    void readActuals();
};

} // namespace mltco::ui

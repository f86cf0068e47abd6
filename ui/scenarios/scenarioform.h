#pragma once

#include "models/catalog/catalogrepository.h"
#include "models/plan/plan.h"

#include <QMap>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

namespace mltco::ui {

class ReservedPriceBox;
class FinancingBox;
class GpuPickerBox;

class BulkDiscountEditor;
class PurchaseScheduleEditor;
class ReservedTermsEditor;
class MixLayersEditor;
class InstancePicker;
class ParameterField;
class PlanEditor;

/// The form of one scenario, generated from scenarioParameters(kind): the instance picker for cloud kinds,
/// one field per parameter (with its default, source and inline refusals), the bulk-discount tiers of a
/// purchase and "size to demand" for a cluster.
///
/// Built once per selected scenario; plan changes (edits, undo, redo) only update values, so the user's
/// typing is never disturbed. Values the plan leaves to the catalog are shown as the catalog's; a value the
/// plan states that differs from the catalog's is marked as an override with a button to go back.
class ScenarioForm final : public QWidget
{
    Q_OBJECT

public:
    ScenarioForm(PlanEditor *editor, int index, QWidget *parent = nullptr);

    int index() const { return m_index; }
    tco::ScenarioKind kind() const { return m_kind; }

    /// Shows the plan's current values of the scenario at index().
    void updateFromPlan();

    /// Never less than the form's minimum height: the scroll area sizes the form by its height for the width, which
    /// the grid of word-wrapped notes underestimates (rows would be squeezed to nothing instead of scrolled to).
    int heightForWidth(int width) const override;

private:
    /// What the catalog says about the scenario's instance, or why it cannot say.
    struct CatalogAnswer final
    {
        std::optional<tco::ResolvedInstance> resolved;
        QString problem;
    };

    void buildInstancePicker(QLayout *layout);
    void buildParameters(QLayout *layout);
    const tco::PlanScenario &planScenario() const;
    CatalogAnswer askCatalog() const;
    void updateCatalogField(ParameterField *field, const CatalogAnswer &answer);
    void updateBoxes();
    void updateElectricity();
    void updateGenerationProblems();
    void updateReferenceField(ParameterField *field);
    void updateSizeToDemand(const CatalogAnswer &answer);
    void updateSource(const CatalogAnswer &answer);
    void chooseInstance(const std::optional<tco::InstanceRef> &ref);
    void sizeToDemand();
    QString sourceTitle(const QString &key);

    PlanEditor *m_editor;
    int m_index;
    tco::ScenarioKind m_kind;
    catalog::CatalogRepository m_catalog;
    QMap<QString, QString> m_sourceTitles;
    QLabel *m_title = nullptr;
    QLabel *m_notes = nullptr;
    InstancePicker *m_picker = nullptr;
    QMap<tco::ParamId, ParameterField *> m_fields;
    BulkDiscountEditor *m_tiers = nullptr;
    PurchaseScheduleEditor *m_schedule = nullptr;
    ReservedTermsEditor *m_terms = nullptr;
    MixLayersEditor *m_layers = nullptr;
    QPushButton *m_sizeButton = nullptr;
    QLabel *m_sizeNote = nullptr;
    FinancingBox *m_financing = nullptr;
    GpuPickerBox *m_gpuPicker = nullptr;
    ReservedPriceBox *m_reserved = nullptr;
};

} // namespace mltco::ui

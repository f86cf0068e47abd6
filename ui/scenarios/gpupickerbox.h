#pragma once

#include "models/catalog/catalogrepository.h"

#include <QGroupBox>

#include <optional>

class QComboBox;
class QLabel;

namespace mltco::ui {

class PlanEditor;

/// "GPU from the catalog" for a purchase scenario: picking one of the document's GPUs fills the scenario's speedup (the
/// speed a person set on the GPU, else its datasheet estimate, model.md §10.8) and its power per server (the GPUs' TDP ×
/// GPUs per server) as one undoable step, each value noted with where it came from. Both stay editable in the form.
class GpuPickerBox final : public QGroupBox
{
    Q_OBJECT

public:
    GpuPickerBox(PlanEditor *editor, int index, const catalog::CatalogRepository &catalog, QWidget *parent = nullptr);

    /// Shows the GPU the scenario's values came from (by their notes), or none.
    void updateFromPlan();

    /// What picking `gpu` writes: the speedup (none when neither a person nor the datasheet gives one), the power per
    /// server in kW for `gpusPerServer` GPUs, and the note that says where both came from.
    struct Fill final
    {
        std::optional<double> speedup;
        double powerKw = 0.0;
        QString why;
    };
    static Fill fillFor(const catalog::Gpu &gpu, int gpusPerServer);

private:
    void choose(int row);

    PlanEditor *m_editor;
    int m_index;
    QList<catalog::Gpu> m_gpus;
    QComboBox *m_combo;
    QLabel *m_source;
};

} // namespace mltco::ui

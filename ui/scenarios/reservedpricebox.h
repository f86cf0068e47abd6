#pragma once

#include "models/catalog/catalogrepository.h"
#include "models/catalog/commitmentterms.h"

#include <QGroupBox>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace mltco::ui {

class PlanEditor;

/// "Commitment from a reserved price": the reserved prices the catalog holds for a dedicated or cluster scenario's
/// instance (the latest of each term, purchase option and offering class), and a button that sets the scenario's
/// commitment discount, upfront share and term from the chosen one in one undoable step (model.md §10.4).
class ReservedPriceBox final : public QGroupBox
{
    Q_OBJECT

public:
    ReservedPriceBox(PlanEditor *editor, int index, const catalog::CatalogRepository &catalog,
                     QWidget *parent = nullptr);

    /// Reads the reserved prices of the scenario's instance again (after the plan or the catalog changed).
    void refresh();
    /// The terms the chosen price gives against the scenario's on-demand rate; nullopt when there is none.
    std::optional<catalog::CommitmentTerms> chosenTerms() const;

private:
    void apply();
    void updateChoice();

    PlanEditor *m_editor;
    int m_index;
    const catalog::CatalogRepository &m_catalog;
    QComboBox *m_prices;
    QPushButton *m_use;
    QLabel *m_note;
    QList<catalog::PricePoint> m_shown; ///< as the catalog holds them, each in its own currency
    /// m_shown in the plan's currency (model.md §13: at the rate of the observation day; the plan's fx_rates win),
    /// or why one cannot be converted.
    QList<Expected<catalog::PricePoint>> m_converted;
    double m_onDemand = 0.0; ///< in the plan's currency
};

} // namespace mltco::ui

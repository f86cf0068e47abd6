#pragma once

#include "models/actuals/calibration.h"
#include "models/actuals/plancompare.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QGroupBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QVBoxLayout;

namespace mltco::ui {

class ActualsChart;
class PlanEditor;
class WrapLabel;

/// Plan vs actual: one scenario of the plan held against the GPU spend of the document's imported bills (FOCUS cost
/// exports): the monthly and cumulative curves, a variance table per month and pricing category, and calibration
/// suggestions that apply to the plan in one click (each an undoable edit).
class ActualsPage final : public QWidget
{
    Q_OBJECT

public:
    explicit ActualsPage(PlanEditor *editor, QWidget *parent = nullptr);

    /// Asks for a FOCUS export and imports it into the document (File › Import bill…).
    void importBillWithDialog();
    /// Imports the bill at `path`; the message says what happened (also shown on the page).
    Status importBill(const QString &path);

    /// The comparison shown, nullopt when there is none (no link, no bills).
    const std::optional<actuals::PlanComparison> &comparison() const { return m_comparison; }
    const QList<actuals::Suggestion> &suggestions() const { return m_suggestions; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    void refreshWhenShown();
    void linkChanged();
    void fillTable();
    /// Lists what each imported bill left out (its import notes), or hides the line when nothing was.
    void showLeftOut();
    void fillSuggestions();

    PlanEditor *m_editor;
    QComboBox *m_scenario;
    QCheckBox *m_startFromBills;
    QDateEdit *m_start;
    QPushButton *m_import;
    WrapLabel *m_summary;
    WrapLabel *m_leftOut; // what the imported bills left out, with its cost
    WrapLabel *m_message;
    ActualsChart *m_monthly;
    ActualsChart *m_cumulative;
    QTableWidget *m_table;
    QGroupBox *m_calibration;
    QVBoxLayout *m_suggestionRows;
    std::optional<actuals::PlanComparison> m_comparison;
    QList<actuals::Suggestion> m_suggestions;
    bool m_updating = false;
    bool m_stale = false; ///< the plan or the bills changed while the page was hidden
};

} // namespace mltco::ui

#pragma once

#include "models/actuals/actualsstore.h"
#include "models/actuals/calibration.h"
#include "models/actuals/plancompare.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QGroupBox;
class QLabel;
class QProgressDialog;
class QPushButton;
class QTableWidget;
class QTimer;
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
    /// Starts importing the bill at `path` on a thread of its own (a multi-GB export never freezes the window), with a
    /// progress dialog whose Cancel leaves the document unchanged; the page's message says what happened when it
    /// ends (billImportFinished). Refused at once, with the message, when the document is read-only.
    void importBill(const QString &path);
    bool isImportingBill() const { return m_importProgress != nullptr; }

signals:
    /// A bill import ended: `imported` is false when it was refused, failed or cancelled.
    void billImportFinished(bool imported);

public:

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
    /// The whole bill of the months compared (or of every month when there is no comparison): its total, the share
    /// held against the plan, and where the rest goes by FOCUS ServiceCategory.
    void showWholeBill();
    void fillSuggestions();
    void updateImportProgress();
    void billImportEnded();
    void showImportError(const Error &error);

    struct BillOutcome final
    {
        std::optional<actuals::BillImportResult> result;
        Error error;
    };

    PlanEditor *m_editor;
    QComboBox *m_scenario;
    QCheckBox *m_startFromBills;
    QDateEdit *m_start;
    QPushButton *m_import;
    WrapLabel *m_summary;
    WrapLabel *m_leftOut; // what the imported bills left out, with its cost
    WrapLabel *m_wholeBill; // the whole bill: the share the plan covers, and the rest by service category
    WrapLabel *m_message;
    ActualsChart *m_monthly;
    ActualsChart *m_cumulative;
    QTableWidget *m_table;
    QGroupBox *m_calibration;
    QVBoxLayout *m_suggestionRows;
    std::optional<actuals::PlanComparison> m_comparison;
    QList<actuals::Suggestion> m_suggestions;
    QString m_demandNote; ///< why the workload's demand is not among the suggestions, when it is not
    QFutureWatcher<BillOutcome> m_importWatcher;
    std::shared_ptr<ImportProgress> m_importProgress; ///< set while a bill import runs
    QPointer<QProgressDialog> m_progressDialog;
    QTimer *m_importPoll;
    QString m_importing; ///< the file name of the bill being imported
    bool m_updating = false;
    bool m_stale = false; ///< the plan or the bills changed while the page was hidden
};

} // namespace mltco::ui

#pragma once

#include <QWidget>

class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;

namespace mltco::ui {

class ChartView;
class PlanEditor;

/// The document's exchange rates (model.md §13), a tab of the Catalog page: one currency's history against the euro
/// as the European Central Bank quotes it (units per 1 EUR), what the table holds, the ECB's files imported
/// (File › Import exchange rates…), and a rate typed in with its source. A change re-prices the plan.
class RatesView final : public QWidget
{
    Q_OBJECT

public:
    explicit RatesView(PlanEditor *editor, QWidget *parent = nullptr);

    /// Reads the rates again and redraws.
    void refresh();

public slots:
    /// Asks for an ECB rate file (eurofxref-hist.zip, its CSV or eurofxref.csv) and imports it.
    void importWithDialog();
    /// Imports `path`; a refusal is shown in words and leaves the document as it was. True when it landed.
    bool importFile(const QString &path);

private:
    void showCurrency();
    void addByHand();
    void showMessage(const QString &text, bool error);

    PlanEditor *m_editor;
    QLabel *m_summary;
    QComboBox *m_currency;
    ChartView *m_chart;
    QLabel *m_message;
    QLineEdit *m_addCurrency;
    QDateEdit *m_addDate;
    QLineEdit *m_addRate;
    QLineEdit *m_addSource;
    QPushButton *m_addButton;
    QPushButton *m_importButton;
};

} // namespace mltco::ui

#pragma once

#include "ui/calculators/numberfield.h"

#include <QList>
#include <QString>
#include <QWidget>

class QBoxLayout;
class QChart;
class QFormLayout;
class QLabel;
class QVBoxLayout;

namespace mltco::ui {

class ChartView;

/// The common face of every calculator: a title and a line on what it answers, a form on the left with
/// the inline message that refuses bad input, the result in words under it, a note where the seed slipped,
/// and a chart on the right. Widgets are named `<name>Error`, `<name>Result`, `<name>Workings`,
/// `<name>Note`, `<name>Chart`; the frame itself `<name>Frame`.
class CalculatorFrame final : public QWidget
{
    Q_OBJECT

public:
    CalculatorFrame(const QString &name, const QString &title, const QString &summary, QWidget *parent = nullptr);

    /// Adds a labelled number box with its unit and range to the form. `label` replaces the plain text label
    /// (a check box that switches the field on and off).
    NumberField *addField(const QString &objectName, const FieldSpec &spec, QWidget *label = nullptr);
    /// A number box the frame checks like the others but that the caller places (in a grid of tiers);
    /// its range goes into its tooltip.
    NumberField *createField(const QString &objectName, const FieldSpec &spec);
    /// Adds a widget across both columns of the form.
    void addSpanningRow(QWidget *widget);
    /// Adds another labelled input (a combo box, a check box with its own field) to the form.
    void addRow(const QString &label, QWidget *field);
    /// A small heading inside the form ("Strategies").
    void addHeading(const QString &text);
    /// Adds a widget under the result, in the left column.
    void addToLeftColumn(QWidget *widget, int stretch = 0);
    /// Adds a widget across the whole width, under the form and the chart.
    void addBelow(QWidget *widget, int stretch = 0);

    /// Puts a money field in `currency` (the plan's) and shows its unit and range in it.
    void setFieldCurrency(NumberField *field, const QString &currency);
    /// Checks every field of the form; shows the first problem and marks every refused box.
    /// Returns true when all fields hold acceptable numbers.
    bool checkFields();
    /// Shows a problem no single field's range covers (hours used beyond the month); empty hides it.
    void showProblem(const QString &problem);
    QString problem() const;

    /// The result in words (rich text: the verdict may be bold).
    void setResult(const QString &html);
    /// How the result is worked out, figure by figure, so it can be checked by hand (muted, under the result).
    void setWorkings(const QString &html);
    /// A short note under the result (where a seed slipped); empty hides it.
    void setNote(const QString &text);

    ChartView *chartView() const { return m_chartView; }
    /// The chart under the form (a narrow window) instead of beside it.
    void setStacked(bool stacked);
    bool isStacked() const;
    /// The width the form and the chart need side by side: below it, a page stacks them.
    static int sideBySideWidth();
    /// Shows `chart` in the chart view and deletes the chart it replaces.
    void setChart(QChart *chart);

signals:
    /// A field's text changed: recompute.
    void edited();

private:
    void refreshRangeLabel(NumberField *field);

    QString m_name;
    QFormLayout *m_form = nullptr;
    QVBoxLayout *m_left = nullptr;
    QVBoxLayout *m_outer = nullptr;
    QBoxLayout *m_columns = nullptr; ///< the form's column and the chart
    QLabel *m_error = nullptr;
    QLabel *m_result = nullptr;
    QLabel *m_workings = nullptr;
    QLabel *m_note = nullptr;
    ChartView *m_chartView = nullptr;
    QList<NumberField *> m_fields;
    QList<QLabel *> m_rangeLabels;
};

} // namespace mltco::ui

#include "ui/calculators/calculatorframe.h"

#include "ui/charts/chartview.h"
#include "ui/core/theme.h"

#include <QChart>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace mltco::ui {
namespace {
// Wide enough for a label, the box and "$/GB-month ($0.00 to $10.00)" side by side at 1440x900.
constexpr int kLeftColumnWidth = 470;
constexpr int kMinChartWidth = 420;
constexpr int kFieldWidth = 110;
} // namespace

CalculatorFrame::CalculatorFrame(const QString &name, const QString &title, const QString &summary, QWidget *parent)
    : QWidget(parent), m_name(name)
{
    setObjectName(name + QStringLiteral("Frame"));
    m_outer = new QVBoxLayout(this);
    m_outer->setContentsMargins(16, 12, 16, 12);
    m_outer->setSpacing(8);

    auto *heading = new QLabel(title, this);
    QFont headingFont = heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.35);
    headingFont.setBold(true);
    heading->setFont(headingFont);
    m_outer->addWidget(heading);
    auto *about = new QLabel(summary, this);
    about->setWordWrap(true);
    about->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_outer->addWidget(about);

    auto *columns = new QHBoxLayout;
    m_columns = columns;
    columns->setSpacing(16);
    auto *leftWidget = new QWidget(this);
    leftWidget->setFixedWidth(kLeftColumnWidth);
    m_left = new QVBoxLayout(leftWidget);
    m_left->setContentsMargins(0, 0, 0, 0);
    m_left->setSpacing(8);
    m_form = new QFormLayout;
    m_form->setLabelAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    m_left->addLayout(m_form);

    m_error = new QLabel(leftWidget);
    m_error->setObjectName(name + QStringLiteral("Error"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b03a2e; background: #fdf0ef; border: 1px solid #e6b0aa; "
                                          "border-radius: 3px; padding: 6px;"));
    m_error->hide();
    m_left->addWidget(m_error);

    m_result = new QLabel(leftWidget);
    m_result->setObjectName(name + QStringLiteral("Result"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setStyleSheet(QStringLiteral("background: %1; border-left: 4px solid %2; padding: 8px 10px;")
                                .arg(theme::css(theme::Role::InfoBackground), theme::css(theme::Role::Accent)));
    QFont resultFont = m_result->font();
    resultFont.setPointSizeF(resultFont.pointSizeF() * 1.1);
    m_result->setFont(resultFont);
    m_left->addWidget(m_result);

    m_workings = new QLabel(leftWidget);
    m_workings->setObjectName(name + QStringLiteral("Workings"));
    m_workings->setWordWrap(true);
    m_workings->setTextFormat(Qt::RichText);
    m_workings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_workings->setStyleSheet(QStringLiteral("color: %1; padding: 0px 4px;").arg(theme::css(theme::Role::Muted)));
    m_workings->hide();
    m_left->addWidget(m_workings);

    m_note = new QLabel(leftWidget);
    m_note->setObjectName(name + QStringLiteral("Note"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: %1; background: %2; border-radius: 3px; padding: 6px;")
                              .arg(theme::css(theme::Role::WarningText), theme::css(theme::Role::WarningBackground)));
    m_note->hide();
    m_left->addWidget(m_note);
    m_left->addStretch(1);

    m_chartView = new ChartView(this);
    m_chartView->setObjectName(name + QStringLiteral("Chart"));
    m_chartView->setMinimumSize(kMinChartWidth, 320);
    m_chartView->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    columns->addWidget(leftWidget);
    columns->addWidget(m_chartView, 1);
    m_outer->addLayout(columns, 1);
}

void CalculatorFrame::setStacked(bool stacked)
{
    m_columns->setDirection(stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
}

bool CalculatorFrame::isStacked() const
{
    return m_columns->direction() == QBoxLayout::TopToBottom;
}

int CalculatorFrame::sideBySideWidth()
{
    return kLeftColumnWidth + 16 + kMinChartWidth + 2 * 16; // columns, their spacing and the frame's margins
}

NumberField *CalculatorFrame::addField(const QString &objectName, const FieldSpec &spec, QWidget *label)
{
    auto *field = new NumberField(spec, this);
    field->setObjectName(objectName);
    field->setFixedWidth(kFieldWidth);
    // The label is not the field's sibling (the field sits in a row with its range), so it is named here.
    field->setAccessibleName(spec.unit.isEmpty() ? spec.label : QStringLiteral("%1 (%2)").arg(spec.label, spec.unit));
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field);
    auto *range = new QLabel(row);
    range->setObjectName(objectName + QStringLiteral("Range"));
    range->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    range->setToolTip(spec.tooltip);
    layout->addWidget(range, 1);
    m_fields.append(field);
    m_rangeLabels.append(range);
    refreshRangeLabel(field);
    if (!label) {
        auto *text = new QLabel(spec.label, this);
        text->setBuddy(field);
        label = text;
    }
    label->setToolTip(spec.tooltip);
    m_form->addRow(label, row);
    connect(field, &QLineEdit::textChanged, this, &CalculatorFrame::edited);
    return field;
}

NumberField *CalculatorFrame::createField(const QString &objectName, const FieldSpec &spec)
{
    auto *field = new NumberField(spec, this);
    field->setObjectName(objectName);
    field->setFixedWidth(kFieldWidth);
    field->setAccessibleName(spec.unit.isEmpty() ? spec.label : QStringLiteral("%1 (%2)").arg(spec.label, spec.unit));
    m_fields.append(field);
    m_rangeLabels.append(nullptr);
    refreshRangeLabel(field);
    connect(field, &QLineEdit::textChanged, this, &CalculatorFrame::edited);
    return field;
}

void CalculatorFrame::addSpanningRow(QWidget *widget)
{
    m_form->addRow(widget);
}

void CalculatorFrame::addRow(const QString &label, QWidget *field)
{
    m_form->addRow(label, field);
}

void CalculatorFrame::addHeading(const QString &text)
{
    auto *label = new QLabel(text, this);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setContentsMargins(0, 6, 0, 0);
    m_form->addRow(label);
}

void CalculatorFrame::addToLeftColumn(QWidget *widget, int stretch)
{
    // Before the trailing stretch, so extras sit right under the note.
    m_left->insertWidget(m_left->count() - 1, widget, stretch);
}

void CalculatorFrame::addBelow(QWidget *widget, int stretch)
{
    m_outer->addWidget(widget, stretch);
}

void CalculatorFrame::setFieldCurrency(NumberField *field, const QString &currency)
{
    if (field->currency() == currency)
        return;
    field->setCurrency(currency);
    refreshRangeLabel(field);
}

void CalculatorFrame::refreshRangeLabel(NumberField *field)
{
    const qsizetype i = m_fields.indexOf(field);
    if (i < 0)
        return;
    const FieldSpec &spec = field->spec();
    const QString range = tr("%1 to %2").arg(field->describe(spec.minimum), field->describe(spec.maximum));
    if (QLabel *label = m_rangeLabels[i]) {
        label->setText(tr("%1  (%2)").arg(spec.unit, range).trimmed());
    } else {
        // No room for the range beside a box in a grid: the tooltip carries it.
        field->setToolTip(spec.tooltip.isEmpty() ? range : tr("%1\nAllowed: %2.").arg(spec.tooltip, range));
    }
}

bool CalculatorFrame::checkFields()
{
    QString first;
    for (NumberField *field : std::as_const(m_fields)) {
        refreshRangeLabel(field);
        if (!field->isEnabled()) {
            field->setRefused(false);
            continue;
        }
        const QString problem = field->problem();
        field->setRefused(!problem.isEmpty());
        if (first.isEmpty())
            first = problem;
    }
    showProblem(first.isEmpty() ? QString()
                                : first + tr(" The result below is for the last values that were accepted."));
    return first.isEmpty();
}

void CalculatorFrame::showProblem(const QString &problem)
{
    m_error->setText(problem);
    m_error->setVisible(!problem.isEmpty());
}

QString CalculatorFrame::problem() const
{
    return m_error->text();
}

void CalculatorFrame::setResult(const QString &html)
{
    m_result->setText(html);
}

void CalculatorFrame::setWorkings(const QString &html)
{
    m_workings->setText(html);
    m_workings->setVisible(!html.isEmpty());
}

void CalculatorFrame::setNote(const QString &text)
{
    // Keep "40 %" on one line.
    m_note->setText(QString(text).replace(QStringLiteral(" %"), QStringLiteral("\u00a0%")));
    m_note->setVisible(!text.isEmpty());
}

void CalculatorFrame::setChart(QChart *chart)
{
    m_chartView->setChart(chart); // deletes the chart shown before
}

} // namespace mltco::ui

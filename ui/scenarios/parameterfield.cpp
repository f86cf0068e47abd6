#include "ui/scenarios/parameterfield.h"

#include "ui/core/theme.h"
#include "ui/scenarios/parametertext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFocusEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace mltco::ui {

namespace {

constexpr int kEditorWidth = 120;

QString noteColor(ParameterField::NoteStyle style)
{
    switch (style) {
    case ParameterField::NoteStyle::Plain:
        return theme::css(theme::Role::Text);
    case ParameterField::NoteStyle::Muted:
        return theme::css(theme::Role::Muted);
    case ParameterField::NoteStyle::Override:
        return theme::css(theme::Role::WarningText);
    case ParameterField::NoteStyle::Warning:
        break;
    }
    return theme::css(theme::Role::BadText);
}

/// Text a user is still in the middle of typing; not worth a message until they confirm it.
bool isIncomplete(const QString &text)
{
    const QString t = text.trimmed();
    return t.isEmpty() || t == QLatin1String("-") || t == QLatin1String(".") || t == QLatin1String("$");
}

QString sentence(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text.endsWith(QLatin1Char('.')) ? text : text + QLatin1Char('.');
}

} // namespace

ParameterField::ParameterField(const tco::ParameterInfo &info, QWidget *parent, const QString &name)
    : QObject(parent), m_info(info)
{
    const QString key = QString::fromLatin1(info.key);
    const QString editorName = name.isEmpty() ? QStringLiteral("param_") + key : name;
    const QString errorName = name.isEmpty() ? QStringLiteral("error_") + key : name + QStringLiteral("Error");
    // A field named "param_X" names its unit, note and reset "unit_X", "note_X", "reset_X".
    const QString part = name.startsWith(QLatin1String("param_")) ? name.mid(6) : key;
    const QString tip = parametertext::tooltip(info);

    m_label = new QLabel(QString::fromUtf8(info.label), parent);
    m_label->setToolTip(tip);
    if (info.type == tco::ParamType::Choice || info.type == tco::ParamType::ScenarioName) {
        m_combo = new QComboBox(parent);
        m_combo->setObjectName(editorName);
        m_combo->setToolTip(tip);
        m_combo->setAccessibleName(QString::fromUtf8(info.label));
        m_label->setBuddy(m_combo);
        if (info.type == tco::ParamType::Choice) {
            for (const QString &choice : tco::parameterChoices(info.id))
                m_combo->addItem(parametertext::choiceLabel(info.id, choice), choice);
            connect(m_combo, &QComboBox::activated, this, [this](int index) {
                if (!m_value || static_cast<int>(*m_value) != index)
                    emit committed(index);
            });
        } else {
            m_combo->setMinimumWidth(260);
            connect(m_combo, &QComboBox::activated, this, [this](int index) {
                // The "choose a scenario" prompt carries no data; "none", where offered, an empty name.
                const QVariant chosen = m_combo->itemData(index);
                if (chosen.isValid())
                    emit committedName(chosen.toString());
            });
        }
    } else if (info.type == tco::ParamType::Boolean) {
        m_check = new QCheckBox(parent);
        m_check->setObjectName(editorName);
        m_check->setToolTip(tip);
        m_label->setBuddy(m_check);
        connect(m_check, &QCheckBox::clicked, this, [this](bool on) { emit committed(on ? 1.0 : 0.0); });
    } else {
        m_edit = new QLineEdit(parent);
        m_edit->setObjectName(editorName);
        m_edit->setToolTip(tip);
        m_edit->setFixedWidth(kEditorWidth);
        m_edit->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_edit->setAccessibleName(QString::fromUtf8(info.label));
        m_edit->installEventFilter(this);
        m_label->setBuddy(m_edit);
        connect(m_edit, &QLineEdit::textEdited, this, &ParameterField::onTextEdited);
        connect(m_edit, &QLineEdit::editingFinished, this, &ParameterField::onEditingFinished);
    }
    m_unit = new QLabel(parametertext::unit(info), parent);
    m_unit->setObjectName(QStringLiteral("unit_") + part);
    m_unit->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));

    m_note = new QLabel(parametertext::defaultNote(info), parent);
    m_note->setObjectName(QStringLiteral("note_") + part);
    m_note->setWordWrap(true);
    m_note->setToolTip(tip);
    m_note->setStyleSheet(QStringLiteral("color: %1;").arg(noteColor(NoteStyle::Muted)));
    m_reset = new QToolButton(parent);
    m_reset->setObjectName(QStringLiteral("reset_") + part);
    m_reset->setText(tr("Reset"));
    m_reset->setAutoRaise(false);
    m_reset->setVisible(false);
    connect(m_reset, &QToolButton::clicked, this, &ParameterField::resetRequested);
    m_error = new QLabel(parent);
    m_error->setObjectName(errorName);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText)));
    m_error->setVisible(false);
}

void ParameterField::addToGrid(QGridLayout *grid, int row, int column)
{
    grid->addWidget(m_label, row, column);
    grid->addWidget(editor(), row, column + 1);
    grid->addWidget(m_unit, row, column + 2);
    grid->addWidget(m_note, row, column + 3);
    grid->addWidget(m_reset, row, column + 4);
    grid->addWidget(m_error, row + 1, column + 1, 1, 4);
}

void ParameterField::removeFromGrid(QGridLayout *grid)
{
    for (QWidget *w : {static_cast<QWidget *>(m_label), editor(), static_cast<QWidget *>(m_unit),
                       static_cast<QWidget *>(m_note), static_cast<QWidget *>(m_reset), static_cast<QWidget *>(m_error)})
        grid->removeWidget(w);
}

QWidget *ParameterField::editor() const
{
    if (m_combo)
        return m_combo;
    return m_edit ? static_cast<QWidget *>(m_edit) : static_cast<QWidget *>(m_check);
}

void ParameterField::setNames(const QStringList &names, const QString &current, const QString &noneLabel)
{
    if (!m_combo)
        return;
    const QSignalBlocker block(m_combo);
    m_combo->clear();
    if (!noneLabel.isEmpty())
        m_combo->addItem(noneLabel, QString());
    if ((current.isEmpty() && noneLabel.isEmpty()) || (!current.isEmpty() && !names.contains(current)))
        m_combo->addItem(current.isEmpty() ? tr("choose a scenario") : tr("%1 (not in the plan)").arg(current),
                         current.isEmpty() ? QVariant() : QVariant(current));
    for (const QString &name : names)
        m_combo->addItem(name, name);
    m_combo->setCurrentIndex(std::max(0, m_combo->findData(current)));
}

void ParameterField::setValue(std::optional<double> value)
{
    const bool changed = value.has_value() != m_value.has_value()
                         || (value && !parametertext::sameValue(*value, *m_value));
    m_value = value;
    if (m_combo) {
        const QSignalBlocker block(m_combo);
        if (value)
            m_combo->setCurrentIndex(static_cast<int>(*value));
        return;
    }
    if (m_check) {
        const QSignalBlocker block(m_check);
        m_check->setChecked(value && *value != 0.0);
        return;
    }
    // A change of the plan (undo, another page) wins over pending typing; otherwise leave the user's
    // text alone, whether they are still typing or their text was refused.
    if (changed || !m_dirty) {
        const QString text = value ? parametertext::format(m_info, *value) : QString();
        // Set again even when the text is the same: setText clears the field's own undo history, so Ctrl+Z in a
        // field that shows the plan's value undoes the plan (ShortcutGuard), not the typing that led to it.
        if (m_edit->text() != text || m_edit->isUndoAvailable() || m_edit->isRedoAvailable()) {
            const QSignalBlocker block(m_edit);
            m_edit->setText(text);
        }
        m_dirty = false;
        m_refused.clear();
    }
    updateMessage();
}

void ParameterField::setPlaceholder(const QString &text)
{
    if (m_edit)
        m_edit->setPlaceholderText(text);
}

void ParameterField::setNote(const QString &text, NoteStyle style, const QString &toolTip)
{
    m_note->setText(text);
    m_note->setToolTip(toolTip.isEmpty() ? parametertext::tooltip(m_info) : toolTip);
    const bool strong = style == NoteStyle::Override || style == NoteStyle::Warning;
    m_note->setStyleSheet(QStringLiteral("color: %1;%2")
                              .arg(noteColor(style), strong ? QStringLiteral(" font-weight: 600;") : QString()));
}

void ParameterField::setOverride(bool override)
{
    QWidget *w = editor();
    QFont font = w->font();
    font.setBold(override);
    w->setFont(font);
}

void ParameterField::setResetVisible(bool visible, const QString &toolTip)
{
    m_reset->setVisible(visible);
    m_reset->setToolTip(toolTip);
}

void ParameterField::setProblem(const QString &problem)
{
    m_problem = problem;
    updateMessage();
}

void ParameterField::setCurrency(const QString &currency)
{
    const QString text = parametertext::unit(m_info, currency);
    if (m_unit->text() != text)
        m_unit->setText(text);
}

void ParameterField::setEnabled(bool enabled)
{
    editor()->setEnabled(enabled);
    m_label->setEnabled(enabled);
    m_unit->setEnabled(enabled);
}

void ParameterField::setEditorWidth(int width)
{
    if (m_edit)
        m_edit->setFixedWidth(width);
}

void ParameterField::setUnitMaximumWidth(int width)
{
    // A wrapping label asks for little width; ask for the whole unit up to `width`.
    const int needed = m_unit->fontMetrics().horizontalAdvance(m_unit->text()) + 2;
    m_unit->setWordWrap(needed > width);
    m_unit->setMinimumWidth(std::min(needed, width));
    m_unit->setMaximumWidth(width);
}

bool ParameterField::eventFilter(QObject *watched, QEvent *event)
{
    // Leaving for another field (not for a menu, a dialog or another window) with a text that was or would be refused:
    // left behind it would read as the plan's value, so the field shows the plan's value again and its message says
    // what was not applied, until the next edit.
    if (watched == m_edit && event->type() == QEvent::FocusOut && m_dirty) {
        const Qt::FocusReason reason = static_cast<QFocusEvent *>(event)->reason();
        const parametertext::Parsed parsed = parametertext::parse(m_info, m_edit->text());
        const bool emptyOptional = m_optional && m_edit->text().trimmed().isEmpty();
        if (reason != Qt::ActiveWindowFocusReason && reason != Qt::PopupFocusReason && !parsed.value && !emptyOptional) {
            const QString typed = m_edit->text().trimmed();
            revert();
            m_refused = tr("\u201c%1\u201d, %2 The field shows the plan's value.")
                            .arg(typed, parsed.problem.endsWith(QLatin1Char('.')) ? parsed.problem
                                                                                   : parsed.problem + QLatin1Char('.'));
            updateMessage();
        }
    }
    if (watched == m_edit && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape && (m_dirty || !m_refused.isEmpty())) {
        revert();
        return true;
    }
    return QObject::eventFilter(watched, event);
}

void ParameterField::onTextEdited()
{
    m_dirty = true;
    const QString text = m_edit->text();
    const parametertext::Parsed parsed = parametertext::parse(m_info, text);
    m_refused = parsed.value || isIncomplete(text) ? QString() : parsed.problem;
    updateMessage();
}

void ParameterField::onEditingFinished()
{
    if (!m_dirty)
        return;
    if (m_optional && m_edit->text().trimmed().isEmpty()) {
        m_dirty = false;
        m_refused.clear();
        updateMessage();
        if (m_value)
            emit resetRequested();
        return;
    }
    const parametertext::Parsed parsed = parametertext::parse(m_info, m_edit->text());
    if (!parsed.value) {
        m_refused = parsed.problem;
        updateMessage();
        return;
    }
    m_dirty = false;
    m_refused.clear();
    const bool changed = !m_value || !parametertext::sameValue(*m_value, *parsed.value);
    {
        const QSignalBlocker block(m_edit);
        m_edit->setText(parametertext::format(m_info, *parsed.value));
    }
    updateMessage();
    if (changed)
        emit committed(*parsed.value);
}

void ParameterField::revert()
{
    m_dirty = false;
    m_refused.clear();
    const QSignalBlocker block(m_edit);
    m_edit->setText(m_value ? parametertext::format(m_info, *m_value) : QString());
    updateMessage();
}

void ParameterField::updateMessage()
{
    QString text;
    if (!m_refused.isEmpty())
        text = tr("Not applied: %1").arg(m_refused.endsWith(QLatin1Char('.')) ? m_refused : m_refused + QLatin1Char('.'));
    else if (!m_problem.isEmpty())
        text = sentence(m_problem);
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
    if (m_edit) {
        const bool bad = !text.isEmpty();
        if (m_edit->property("invalid").toBool() != bad) {
            m_edit->setProperty("invalid", bad);
            m_edit->style()->unpolish(m_edit);
            m_edit->style()->polish(m_edit);
        }
    }
}

} // namespace mltco::ui

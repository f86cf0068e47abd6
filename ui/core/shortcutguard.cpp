#include "ui/core/shortcutguard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace mltco::ui {
namespace {

// The typing a focused field has of its own to undo (`redo` false) or redo; nullopt when it is no text field.
std::optional<bool> fieldHasTyping(QObject *watched, bool redo)
{
    QLineEdit *line = qobject_cast<QLineEdit *>(watched);
    if (!line) {
        if (auto *spin = qobject_cast<QAbstractSpinBox *>(watched))
            line = spin->findChild<QLineEdit *>();
        else if (auto *combo = qobject_cast<QComboBox *>(watched))
            line = combo->lineEdit();
    }
    if (line)
        return !line->isReadOnly() && (redo ? line->isRedoAvailable() : line->isUndoAvailable());
    if (auto *text = qobject_cast<QTextEdit *>(watched))
        return !text->isReadOnly() && (redo ? text->document()->isRedoAvailable() : text->document()->isUndoAvailable());
    if (auto *plain = qobject_cast<QPlainTextEdit *>(watched))
        return !plain->isReadOnly() && (redo ? plain->document()->isRedoAvailable() : plain->document()->isUndoAvailable());
    return std::nullopt;
}

} // namespace

ShortcutGuard::ShortcutGuard(QWidget *window) : QObject(window), m_window(window) { qApp->installEventFilter(this); }

bool ShortcutGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return QObject::eventFilter(watched, event);
    auto *widget = qobject_cast<QWidget *>(watched);
    if (!widget || widget->window() != m_window)
        return QObject::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    const bool undo = key->matches(QKeySequence::Undo);
    const bool redo = key->matches(QKeySequence::Redo);
    const bool windowKey = key->modifiers() == Qt::ControlModifier && (key->key() == Qt::Key_E || key->key() == Qt::Key_P);
    if (!undo && !redo && !windowKey)
        return QObject::eventFilter(watched, event);
    const std::optional<bool> typing = fieldHasTyping(watched, redo);
    if (!typing || (!windowKey && *typing))
        return QObject::eventFilter(watched, event); // not a field, or the field's own typing: the field decides
    // The window's shortcut: the field does not see the override, so the key goes to the shortcut.
    event->ignore();
    return true;
}

} // namespace mltco::ui

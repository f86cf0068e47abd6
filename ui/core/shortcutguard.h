#pragma once

#include <QObject>

class QAction;
class QWidget;

namespace mltco::ui {

/// Keeps the plan's shortcuts working while a form field has focus. A text field takes Ctrl+Z and Ctrl+Shift+Z (or
/// Ctrl+Y) for its own text only while it has typing of its own to undo or redo, i.e. while it is being edited (a form
/// field that shows the plan's value again has none); otherwise the keys undo and redo the plan. The window's other
/// shortcuts that a text field would swallow (Ctrl+E, Ctrl+P: Ctrl+E moves to the end of the line in a Qt field) are
/// always the window's.
///
/// Installed on the application; it acts only on fields inside `window`.
class ShortcutGuard final : public QObject
{
    Q_OBJECT

public:
    explicit ShortcutGuard(QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_window;
};

} // namespace mltco::ui

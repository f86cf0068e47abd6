#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace mltco::ui {

/// The plan's title and notes, edited together (Edit › Plan title and notes…). A title must be given, at most
/// kMaxTitle characters, without control or invisible characters (they hide text in reports): anything else is
/// refused inline, with OK disabled, saying what is allowed.
class PlanDetailsDialog final : public QDialog
{
    Q_OBJECT

public:
    static constexpr int kMaxTitle = 200;

    PlanDetailsDialog(const QString &title, const QString &notes, QWidget *parent = nullptr);

    QString title() const;
    QString notes() const;
    /// Why `title` cannot be a plan's title, or empty when it can.
    static QString titleProblem(const QString &title);

private:
    void check();

    QLineEdit *m_title;
    QPlainTextEdit *m_notes;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
};

} // namespace mltco::ui

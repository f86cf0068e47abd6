#pragma once

#include "models/plan/parameters.h"

#include <QObject>
#include <QString>

#include <optional>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QToolButton;
class QWidget;

namespace mltco::ui {

/// The widgets of one parameter in a form grid: label in words, editor, unit, a note (default and source,
/// or where the value comes from), a reset button, and below them the inline message that says why typed
/// text was refused.
///
/// Numbers are typed into a line edit and applied on Enter or when the field loses focus; text that is not
/// an allowed value is refused there and then with the reason, and never reaches the plan. Escape puts the
/// plan's value back. setValue() only rewrites the text when it means another value, so a plan update never
/// fights what the user is typing.
class ParameterField final : public QObject
{
    Q_OBJECT

public:
    enum class NoteStyle { Plain, Muted, Override, Warning };

    /// `name` names the editor (default "param_<key>"); the message is "error_<key>" (or name + "Error").
    ParameterField(const tco::ParameterInfo &info, QWidget *parent, const QString &name = {});

    /// Places the field on `row` (widgets) and `row + 1` (message) of a grid, in the five columns from
    /// `column`: label, editor, unit, note, reset.
    void addToGrid(QGridLayout *grid, int row, int column = 0);
    /// Takes the field's widgets out of `grid` again (to place them elsewhere in it).
    void removeFromGrid(QGridLayout *grid);

    const tco::ParameterInfo &info() const { return m_info; }
    QWidget *editor() const;
    QLabel *noteLabel() const { return m_note; }

    /// Shows the plan's value; none shows an empty field with the placeholder.
    void setValue(std::optional<double> value);
    void setPlaceholder(const QString &text);
    void setNote(const QString &text, NoteStyle style = NoteStyle::Muted, const QString &toolTip = {});
    /// Bold editor text: the value overrides what the catalog says.
    void setOverride(bool override);
    void setResetVisible(bool visible, const QString &toolTip = {});
    /// A standing problem of the plan's value (e.g. a required price is missing), shown until it is solved.
    void setProblem(const QString &problem);
    void setEnabled(bool enabled);
    void setEditorWidth(int width);
    /// The plan's currency (model.md §13): a money parameter's unit reads in it ("EUR/hour").
    void setCurrency(const QString &currency);
    /// An optional value (boxes): confirming an empty field asks for the value to be unset (resetRequested()).
    void setOptional(bool optional) { m_optional = optional; }
    /// Long units wrap beyond this width instead of squeezing the notes.
    void setUnitMaximumWidth(int width);
    /// A scenario-name field (a hybrid's base or burst): the names it offers, with the one selected; an empty
    /// `current` (or one not offered) shows a "choose" entry.
    /// With `noneLabel`, a first entry of that text stands for "no scenario" (committed as an empty name; a mix's burst).
    void setNames(const QStringList &names, const QString &current, const QString &noneLabel = {});

    /// True while the editor holds refused text.
    bool hasRefusedText() const { return !m_refused.isEmpty(); }

signals:
    /// A valid value was typed and confirmed (Enter or focus out), the check box was clicked, or a choice was
    /// picked (its index).
    void committed(double value);
    /// A scenario name was picked (ScenarioName fields).
    void committedName(const QString &name);
    void resetRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onTextEdited();
    void onEditingFinished();
    void revert();
    void updateMessage();

    const tco::ParameterInfo &m_info;
    QLabel *m_label = nullptr;
    QLineEdit *m_edit = nullptr;
    QCheckBox *m_check = nullptr;
    QComboBox *m_combo = nullptr;
    QLabel *m_unit = nullptr;
    QLabel *m_note = nullptr;
    QToolButton *m_reset = nullptr;
    QLabel *m_error = nullptr;
    std::optional<double> m_value;
    bool m_optional = false;
    bool m_dirty = false; ///< typed since the last commit or update
    QString m_refused;    ///< why the typed text was refused; empty when it is fine
    QString m_problem;    ///< standing problem of the plan's value
};

} // namespace mltco::ui

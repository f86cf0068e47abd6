#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace mltco::ui {

/// What a form's small list table edits (bulk-discount tiers, demand steps): a table of number pairs with Add
/// and Remove beside it, a note to the right and the reason under it all when typed text is refused. The
/// subclass reads and commits the rows; this class gives them one look, one layout and one way of marking a
/// refused cell.
class ListTableEditor : public QWidget
{
    Q_OBJECT

public:
    /// Object names of the parts, for tests and accessibility.
    struct Names final
    {
        QString table;
        QString add;
        QString remove;
        QString note;
        QString error;
    };
    struct Texts final
    {
        QStringList headers;
        QString toolTip;
        QString accessibleName;
        QString add;
        QString remove;
        int width = 260;
    };

protected:
    ListTableEditor(const Names &names, const Texts &texts, int columns, QWidget *parent);

    /// A cell was edited (not while the table is being loaded).
    virtual void onItemChanged() = 0;
    virtual void addRow() = 0;
    virtual void removeRow() = 0;

    /// As tall as its rows, at least two, so a form carries no empty space; clears the refusal.
    void finishLoading();
    /// Clears every refused-cell mark (before the rows are read again).
    void clearMarks();
    /// Marks `bad` (may be null) and shows `problem` under the table; an empty problem hides it.
    void showProblem(QTableWidgetItem *bad, const QString &problem);
    bool hasProblem() const;
    /// A right-aligned cell.
    static QTableWidgetItem *numberItem(const QString &text);
    /// The number a cell holds (grouping commas allowed, "1,200"); nullopt when it holds none.
    static std::optional<double> cellNumber(const QTableWidgetItem *item);
    /// The whole number a cell holds; nullopt when it holds none or a fraction.
    static std::optional<double> cellWhole(const QTableWidgetItem *item);

    QTableWidget *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_note;
    QLabel *m_error;
    bool m_loading = false;
};

} // namespace mltco::ui

#pragma once

#include <QHash>
#include <QObject>
#include <QSizeF>
#include <QTextObjectInterface>

class QTextCursor;
class QWidget;

namespace mltco::ui {

/// Puts live chart widgets into a QTextDocument as inline objects. When the document is drawn on a
/// PDF painter, each chart paints itself through that painter, so it stays vector graphics.
class ChartObject final : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    static constexpr int kType = QTextFormat::UserObject + 1;

    explicit ChartObject(QObject *parent = nullptr) : QObject(parent) {}

    /// Inserts `chart` at the cursor, `size` in document units; the widget must outlive the document.
    void insert(QTextCursor &cursor, QWidget *chart, const QSizeF &size);
    /// Gives the chart at `position` (where insert() put it) a new size in the document.
    static void resize(QTextDocument &doc, int position, const QSizeF &size);

    QSizeF intrinsicSize(QTextDocument *doc, int posInDocument, const QTextFormat &format) override;
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *doc, int posInDocument,
                    const QTextFormat &format) override;

private:
    QHash<int, QWidget *> m_charts;
};

} // namespace mltco::ui

#include "ui/report/chartobject.h"

#include <QPainter>
#include <QPicture>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextDocument>
#include <QWidget>

namespace mltco::ui {
namespace {
constexpr int kIdProperty = QTextFormat::UserProperty + 1;
constexpr int kSizeProperty = QTextFormat::UserProperty + 2;
} // namespace

void ChartObject::insert(QTextCursor &cursor, QWidget *chart, const QSizeF &size)
{
    const int id = static_cast<int>(m_charts.size()) + 1;
    m_charts.insert(id, chart);
    QTextCharFormat format;
    format.setObjectType(kType);
    format.setProperty(kIdProperty, id);
    format.setProperty(kSizeProperty, size);
    cursor.insertText(QString(QChar::ObjectReplacementCharacter), format);
}

void ChartObject::resize(QTextDocument &doc, int position, const QSizeF &size)
{
    QTextCursor cursor(&doc);
    cursor.setPosition(position);
    cursor.setPosition(position + 1, QTextCursor::KeepAnchor);
    QTextCharFormat format = cursor.charFormat();
    format.setProperty(kSizeProperty, size);
    cursor.setCharFormat(format);
}

QSizeF ChartObject::intrinsicSize(QTextDocument *, int, const QTextFormat &format)
{
    return format.property(kSizeProperty).toSizeF();
}

void ChartObject::drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &format)
{
    QWidget *chart = m_charts.value(format.property(kIdProperty).toInt());
    if (!chart || chart->width() <= 0 || chart->height() <= 0)
        return;
    // The layout never splits an object across pages, but it may ask for one that only touches the
    // page being drawn; replaying the picture would reset the page's clip, so draw it only on its own page.
    if (painter->hasClipping() && !painter->clipBoundingRect().adjusted(-1, -1, 1, 1).contains(rect))
        return;
    // Record the widget at its own (screen) resolution, then replay the recording scaled into the
    // rectangle: painting the widget straight onto a 300 dpi device would size its fonts for that device.
    QPicture picture;
    {
        QPainter recorder(&picture);
        chart->render(&recorder, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    painter->save();
    painter->translate(rect.topLeft());
    // drawPicture() itself scales by the ratio of the two devices' resolutions; take that out of ours.
    const double dpiX = painter->device()->logicalDpiX() / static_cast<double>(picture.logicalDpiX());
    const double dpiY = painter->device()->logicalDpiY() / static_cast<double>(picture.logicalDpiY());
    painter->scale(rect.width() / chart->width() / dpiX, rect.height() / chart->height() / dpiY);
    painter->drawPicture(0, 0, picture);
    painter->restore();
}

} // namespace mltco::ui

#include "ui/core/wraplabel.h"

#include <QEvent>

namespace mltco::ui {

namespace {
constexpr qsizetype kRemembered = 4; ///< a layout tries two or three widths per pass
}

WrapLabel::WrapLabel(QWidget *parent) : WrapLabel(QString(), parent) {}

WrapLabel::WrapLabel(const QString &text, QWidget *parent) : QLabel(text, parent)
{
    setWordWrap(true);
}

WrapLabel::Key WrapLabel::currentKey() const
{
    return {text(), contentsMargins(), margin(), indent(), textFormat()};
}

int WrapLabel::heightForWidth(int width) const
{
    Key key = currentKey();
    if (!(key == m_key)) {
        m_key = std::move(key);
        m_heights.clear();
    }
    for (const auto &[w, h] : std::as_const(m_heights))
        if (w == width)
            return h;
    const int height = QLabel::heightForWidth(width);
    if (m_heights.size() == kRemembered)
        m_heights.removeFirst();
    m_heights.append({width, height});
    return height;
}

bool WrapLabel::event(QEvent *event)
{
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::PolishRequest:
    case QEvent::Polish:
    case QEvent::LayoutDirectionChange:
        m_heights.clear();
        break;
    default:
        break;
    }
    return QLabel::event(event);
}

} // namespace mltco::ui

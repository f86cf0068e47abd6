#include "ui/core/theme.h"

#include <QAbstractAxis>
#include <QAbstractItemView>
#include <QChart>
#include <QChartView>
#include <QGraphicsOpacityEffect>
#include <QWidget>
#include <QGuiApplication>
#include <QLegend>
#include <QPalette>

#include <array>

namespace mltco::ui::theme {
namespace {

thread_local int t_printScopes = 0;

struct Pair final
{
    QRgb light;
    QRgb dark;
};

// Light values are the ones the app was designed with; dark ones keep the same meaning with at least 4.5:1
// contrast against the dark surface (text) or the text on them (backgrounds).
constexpr std::array<Pair, 17> kColors{{
    {0xff1d2733, 0xffe6ebf0}, // Text
    {0xff5b6b7c, 0xffa9b5c1}, // Muted
    {0xffffffff, 0xff262c33}, // Surface
    {0xffeef2f6, 0xff2e353d}, // Panel
    {0xffd5dde6, 0xff47515c}, // Border
    {0xff2f80c0, 0xff4b9be0}, // Accent
    {0xff1e7a3c, 0xff7fd493}, // GoodText
    {0xffe8f3ea, 0xff1d3325}, // GoodBackground
    {0xff9cc79c, 0xff3f6b4a}, // GoodBorder
    {0xff9a3b00, 0xfff3ae6e}, // WarningText
    {0xfffff8e6, 0xff3a3020}, // WarningBackground
    {0xffe0c36a, 0xff7a6430}, // WarningBorder
    {0xffb3261e, 0xffff8f84}, // BadText
    {0xfffdf0ef, 0xff3d2424}, // BadBackground
    {0xffe6b0aa, 0xff7a3f3a}, // BadBorder
    {0xfff1f6fb, 0xff1f2d3a}, // InfoBackground
    {0xffa9c4e4, 0xff3d5a78}, // InfoBorder
}};

} // namespace

bool isDark()
{
    if (t_printScopes > 0 || !qGuiApp)
        return false;
    const QPalette palette = QGuiApplication::palette();
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QColor color(Role role)
{
    const Pair &p = kColors[static_cast<std::size_t>(role)];
    return QColor::fromRgba(isDark() ? p.dark : p.light);
}

QString css(Role role)
{
    return color(role).name();
}

QString bannerStyle(const QString &objectName, Role background, Role border)
{
    return QStringLiteral("#%1 { background: %2; border-bottom: 1px solid %3; }")
        .arg(objectName, css(background), css(border));
}

PrintScope::PrintScope()
{
    ++t_printScopes;
}
PrintScope::~PrintScope()
{
    --t_printScopes;
}

void colorChart(QChart *chart)
{
    chart->setBackgroundBrush(color(Role::Surface));
    chart->setBackgroundPen(Qt::NoPen);
    chart->setTitleBrush(color(Role::Text));
    chart->legend()->setLabelColor(color(Role::Text));
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsColor(color(Role::Text));
        axis->setTitleBrush(color(Role::Text));
        axis->setGridLineColor(color(Role::Border));
        axis->setLinePenColor(color(Role::Muted));
    }
}

namespace {

// Faded in place: a chart through its own opacity (an opacity effect draws a chart view's scene over black), a table
// greyed, any other widget through an opacity effect; a widget that holds charts or tables, child by child.
void fade(QWidget *widget, bool out)
{
    if (auto *view = qobject_cast<QChartView *>(widget)) {
        if (view->chart())
            view->chart()->setOpacity(out ? 0.35 : 1.0);
        return;
    }
    if (auto *view = qobject_cast<QAbstractItemView *>(widget)) { // an opacity effect draws a table over black too
        view->setEnabled(!out);                                       // greyed as the style greys what is off
        return;
    }
    if (!widget->findChildren<QChartView *>().isEmpty() || !widget->findChildren<QAbstractItemView *>().isEmpty()) {
        for (QWidget *child : widget->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
            fade(child, out);
        return;
    }
    if (out) {
        auto *effect = new QGraphicsOpacityEffect(widget);
        effect->setOpacity(0.4);
        widget->setGraphicsEffect(effect); // the widget owns it, and deletes the one it replaces
    } else {
        widget->setGraphicsEffect(nullptr);
    }
}

} // namespace

void setOutOfDate(QWidget *widget, bool outOfDate)
{
    if (!widget || isOutOfDate(widget) == outOfDate)
        return;
    widget->setProperty("outOfDate", outOfDate);
    fade(widget, outOfDate);
}

bool isOutOfDate(const QWidget *widget) { return widget && widget->property("outOfDate").toBool(); }

} // namespace mltco::ui::theme

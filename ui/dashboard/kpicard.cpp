#include "ui/dashboard/kpicard.h"

#include "ui/core/theme.h"
#include "ui/core/wraplabel.h"
#include "ui/dashboard/chartpalette.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QVBoxLayout>

namespace mltco::ui {

KpiCard::KpiCard(QWidget *parent)
    : QFrame(parent), m_title(new WrapLabel(this)), m_value(new QLabel(this)), m_detail(new WrapLabel(this)),
      m_flag(new WrapLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_title->setObjectName(QStringLiteral("title"));
    m_value->setObjectName(QStringLiteral("value"));
    m_detail->setObjectName(QStringLiteral("detail"));
    m_flag->setObjectName(QStringLiteral("flag"));
    m_title->setWordWrap(true);
    m_detail->setWordWrap(true);
    m_flag->setWordWrap(true);
    m_flag->hide();
    m_detail->hide();
    // Plain text without a text control: a selectable or rich-text label lays its text out through a
    // QTextDocument each time a layout asks its height, which was a sixth of an edit's redraw. People still
    // copy a card into an e-mail: right-click › Copy, or select the card and press Ctrl+C.
    for (QLabel *label : {m_title, m_value, m_detail, m_flag}) {
        label->setTextFormat(Qt::PlainText);
        label->setTextInteractionFlags(Qt::NoTextInteraction);
    }
    auto *copy = new QAction(tr("Copy"), this);
    copy->setObjectName(QStringLiteral("copyCard"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(text()); });
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    setFocusPolicy(Qt::ClickFocus);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 6, 10, 6);
    layout->setSpacing(1);
    layout->addWidget(m_title);
    layout->addWidget(m_value);
    layout->addWidget(m_detail);
    layout->addWidget(m_flag);
    layout->addStretch(1);
    setTone(Tone::Neutral);
}

void KpiCard::setTitle(const QString &title)
{
    m_title->setText(title);
}

void KpiCard::setValue(const QString &value)
{
    m_value->setText(value);
}

void KpiCard::setDetail(const QString &detail)
{
    m_detail->setText(detail);
    m_detail->setVisible(!detail.isEmpty());
}

void KpiCard::setFlag(const QString &flag)
{
    m_flag->setText(flag);
    m_flag->setVisible(!flag.isEmpty());
}

void KpiCard::setTone(Tone tone)
{
    // Re-applying a style sheet restyles every label: only do it when the tone changes (refresh is per edit).
    if (tone == m_tone && !styleSheet().isEmpty())
        return;
    m_tone = tone;
    QString accent = theme::css(theme::Role::Border);
    if (tone == Tone::Good)
        accent = theme::css(theme::Role::GoodText);
    else if (tone == Tone::Warning)
        accent = theme::css(theme::Role::WarningText);
    // Scoped to this card's own labels by object name so nested widgets keep the application style.
    setStyleSheet(QStringLiteral("mltco--ui--KpiCard { background: %4; border: 1px solid %5;"
                                 " border-left: 4px solid %1; border-radius: 4px; }"
                                 "QLabel { background: transparent; border: none; }"
                                 "QLabel#title { color: %2; font-size: 9pt; font-weight: 600; }"
                                 "QLabel#value { color: %6; font-size: 16pt; font-weight: 600; }"
                                 "QLabel#detail { color: %2; font-size: 9pt; }"
                                 "QLabel#flag { color: %3; font-size: 9pt; font-weight: 600; }")
                      .arg(accent, theme::css(theme::Role::Muted), theme::css(theme::Role::WarningText),
                           theme::css(theme::Role::Surface), theme::css(theme::Role::Border),
                           theme::css(theme::Role::Text)));
}

QString KpiCard::title() const
{
    return m_title->text();
}
QString KpiCard::value() const
{
    return m_value->text();
}
QString KpiCard::detail() const
{
    return m_detail->text();
}
QString KpiCard::flag() const
{
    return m_flag->text();
}

QString KpiCard::text() const
{
    QStringList parts{title(), value()};
    if (!detail().isEmpty())
        parts << detail();
    if (!flag().isEmpty())
        parts << flag();
    return parts.join(QLatin1Char('\n'));
}

} // namespace mltco::ui

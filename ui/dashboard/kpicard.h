#pragma once

#include <QFrame>

class QLabel;

namespace mltco::ui {

/// One figure on the dashboard: a small caption, a large value and a line or two of explanation.
/// The value is compact ("$1.2M"); the exact figures go in the tooltip.
class KpiCard final : public QFrame
{
    Q_OBJECT

public:
    enum class Tone { Neutral, Good, Warning };

    explicit KpiCard(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    void setValue(const QString &value);
    /// Plain text; lines separated by '\n'. Empty hides the line.
    void setDetail(const QString &detail);
    /// A highlighted line under the detail (e.g. an unmet-demand flag); empty hides it.
    void setFlag(const QString &flag);
    void setTone(Tone tone);

    QString title() const;
    QString value() const;
    QString detail() const;
    QString flag() const;
    Tone tone() const { return m_tone; }
    /// Everything the card says, for tests and accessibility.
    QString text() const;

    /// No height for width: the panel sets each card's height from its text (KpiPanel::fitCardHeights); grid and box
    /// layouts that sized word-wrapped cards by height for width gave a row less than its tallest card.
    bool hasHeightForWidth() const override { return false; }

private:
    QLabel *m_title;
    QLabel *m_value;
    QLabel *m_detail;
    QLabel *m_flag;
    Tone m_tone = Tone::Neutral;
};

} // namespace mltco::ui

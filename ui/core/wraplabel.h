#pragma once

#include <QLabel>
#include <QList>

namespace mltco::ui {

/// A word-wrapped label that remembers its height for the last few widths. A layout asks a wrapped label for its
/// height at every width it tries, and QLabel lays its text out afresh for each question (a whole QTextDocument for
/// rich text); after an edit the dashboard asked its labels about 130 times. The answers are kept until the text,
/// the font, the style or the margins change.
class WrapLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit WrapLabel(QWidget *parent = nullptr);
    explicit WrapLabel(const QString &text, QWidget *parent = nullptr);

    int heightForWidth(int width) const override;

protected:
    bool event(QEvent *event) override;

private:
    struct Key
    {
        QString text;
        QMargins margins;
        int margin = 0;
        int indent = 0;
        Qt::TextFormat format = Qt::AutoText;
        bool operator==(const Key &) const = default;
    };
    Key currentKey() const;

    mutable Key m_key;
    mutable QList<std::pair<int, int>> m_heights; ///< (width, height), the most recent last
};

} // namespace mltco::ui

#pragma once

#include <QLineEdit>
#include <QString>

#include <optional>

namespace mltco::ui {

/// What a calculator field holds; decides how its range reads in the message that refuses a value.
enum class FieldKind {
    Number,  ///< any number in range
    Whole,   ///< a whole number in range (GPU counts, days)
    Money,   ///< in the field's currency (USD unless set); the range reads "$0.01 to $10,000.00"
    Percent, ///< typed as 40 for 40 %; value() returns 0.40
};

/// How one field of a calculator form looks and what it accepts. Values are in the units the user types.
struct FieldSpec final
{
    QString label; ///< "Hours used a month"
    QString unit;  ///< shown after the box: "h", "$/h", "%"
    FieldKind kind = FieldKind::Number;
    double minimum = 0.0;
    double maximum = 0.0;
    double initial = 0.0; ///< the seed's example value
    int decimals = 2;     ///< digits shown for the initial value (and the range)
    QString tooltip;      ///< where the default comes from (names the seed file)
};

/// A line edit for one number of a calculator. It never clamps or rewrites what the user typed: a value
/// outside the range is reported by problem() in words that say what is allowed, so the form can refuse
/// it inline and keep the last good result. "1,000", "$20" and "40 %" are read as numbers.
class NumberField final : public QLineEdit
{
    Q_OBJECT

public:
    NumberField(const FieldSpec &spec, QWidget *parent = nullptr);

    const FieldSpec &spec() const { return m_spec; }
    /// The typed number in model units (a percentage as a fraction); nullopt when it is not acceptable.
    std::optional<double> value() const;
    /// Why the typed text is refused ("Hours used a month: enter a number from 0 to 720."); empty when fine.
    QString problem() const;

    /// Narrows the range after another field changed (hours used cannot exceed the hours of the month);
    /// `reason` is appended to the message, e.g. "(the hours in the month)".
    void setRange(double minimum, double maximum, const QString &reason = {});
    /// Shows the value in the field's format, as if typed.
    void setNumber(double typedValue);
    /// Draws the box as refused (red frame) or normal.
    void setRefused(bool refused);

    /// The number as the user reads it in this field's units: "$20.00", "40 %", "720".
    QString describe(double typedValue) const;
    /// The currency of a money field (ISO 4217; USD by default): its unit becomes the currency's symbol.
    void setCurrency(const QString &currency);
    const QString &currency() const { return m_currency; }

private:
    std::optional<double> parsed() const;

    FieldSpec m_spec;
    QString m_rangeReason;
    QString m_currency = QStringLiteral("USD");
};

/// A number with no trailing zeros (up to `maxDecimals`): 24 -> "24", 4.8 -> "4.8", 1,000 grouped.
QString inputNumber(double value, int maxDecimals = 2);
/// A unit price as typed, which may need more than cents: "$20.00/h", "$0.0125/GB-month". report::money()
/// rounds to cents, which would show $0.00099 as $0.00.
QString unitPrice(double value, const QString &perUnit);
/// A typed-in share as people wrote it: 0.7 -> "70 %", 0.625 -> "62.5 %" (no trailing zeros).
QString inputPercent(double fraction);

} // namespace mltco::ui

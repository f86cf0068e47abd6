#include "ui/calculators/numberfield.h"

#include "models/common/currency.h"

#include "models/report/format.h"

#include <QLocale>

#include <cmath>

namespace mltco::ui {
QString inputNumber(double value, int maxDecimals)
{
    return report::grouped(value, report::fewestDecimals(value, maxDecimals));
}

QString unitPrice(double value, const QString &perUnit)
{
    return report::unitPrice(value, 6) + QLatin1Char('/') + perUnit;
}

QString inputPercent(double fraction)
{
    return report::percent(fraction, report::fewestDecimals(fraction * 100.0, 2));
}

NumberField::NumberField(const FieldSpec &spec, QWidget *parent) : QLineEdit(parent), m_spec(spec)
{
    setToolTip(spec.tooltip);
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setNumber(spec.initial);
}

std::optional<double> NumberField::parsed() const
{
    QString text = this->text().trimmed();
    // People paste figures as they read them: "$1,000", "40 %". The C locale keeps "." the decimal point.
    text.remove(QLatin1Char(','));
    text.remove(QLatin1Char('$'));
    text.remove(QLatin1Char('%'));
    text = text.trimmed();
    bool ok = false;
    const double v = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<double> NumberField::value() const
{
    if (!problem().isEmpty())
        return std::nullopt;
    const double v = *parsed();
    return m_spec.kind == FieldKind::Percent ? v / 100.0 : v;
}

QString NumberField::describe(double typedValue) const
{
    switch (m_spec.kind) {
    case FieldKind::Money:
        return report::fewestDecimals(typedValue, m_spec.decimals) <= 2
                   ? report::money(typedValue, m_currency)
                   : currencySymbol(m_currency) + report::grouped(typedValue, report::fewestDecimals(typedValue, m_spec.decimals));
    case FieldKind::Percent:
        return report::grouped(typedValue, report::fewestDecimals(typedValue, m_spec.decimals)) + QStringLiteral(" %");
    case FieldKind::Whole:
        return report::grouped(typedValue, 0);
    case FieldKind::Number:
        break;
    }
    return report::grouped(typedValue, report::fewestDecimals(typedValue, m_spec.decimals));
}

QString NumberField::problem() const
{
    const std::optional<double> v = parsed();
    const bool wrongKind = v && m_spec.kind == FieldKind::Whole && std::floor(*v) != *v;
    if (v && !wrongKind && *v >= m_spec.minimum && *v <= m_spec.maximum)
        return {};
    QString what;
    switch (m_spec.kind) {
    case FieldKind::Money:
        what = tr("enter an amount from %1 to %2");
        break;
    case FieldKind::Percent:
        what = tr("enter a percentage from %1 to %2");
        break;
    case FieldKind::Whole:
        what = tr("enter a whole number from %1 to %2");
        break;
    case FieldKind::Number:
        what = tr("enter a number from %1 to %2");
        break;
    }
    QString message = tr("%1: %2").arg(m_spec.label, what.arg(describe(m_spec.minimum), describe(m_spec.maximum)));
    if (!m_rangeReason.isEmpty())
        message += QLatin1Char(' ') + m_rangeReason;
    if (!v && !text().trimmed().isEmpty())
        message += tr(" (\"%1\" is not a number)").arg(text().trimmed());
    return message + QLatin1Char('.');
}

void NumberField::setCurrency(const QString &currency)
{
    // The unit names the currency by its symbol ("$", "$/h" become "€", "€/h").
    const QString before = currencySymbol(m_currency);
    m_currency = currency;
    if (m_spec.unit.startsWith(before))
        m_spec.unit = currencySymbol(currency) + m_spec.unit.mid(before.size());
}

void NumberField::setRange(double minimum, double maximum, const QString &reason)
{
    m_spec.minimum = minimum;
    m_spec.maximum = maximum;
    m_rangeReason = reason;
}

void NumberField::setNumber(double typedValue)
{
    const int decimals = m_spec.kind == FieldKind::Whole ? 0 : report::fewestDecimals(typedValue, m_spec.decimals);
    setText(report::grouped(typedValue, decimals));
}

void NumberField::setRefused(bool refused)
{
    if (property("refused").toBool() == refused)
        return;
    setProperty("refused", refused);
    // A red frame marks the box; the message under the form says what to type instead.
    setStyleSheet(refused ? QStringLiteral("QLineEdit { border: 2px solid #c0392b; border-radius: 3px; "
                                           "background: #fdf0ef; padding: 1px 3px; }")
                          : QString());
}

} // namespace mltco::ui

#include "ui/scenarios/parametertext.h"

#include "models/report/format.h"
#include "models/report/problemtext.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace mltco::ui::parametertext {

namespace {

constexpr int kMaxDecimals = 6;
constexpr int kMaxPercentDecimals = 4;

// A bound as a person reads it: "10,000,000", "0.25".
QString bound(double value)
{
    return report::grouped(value, report::fewestDecimals(value, kMaxDecimals));
}

bool isMoney(const tco::ParameterInfo &info)
{
    return QLatin1String(info.unit).startsWith(QLatin1String("USD"));
}

QString displayNumber(const tco::ParameterInfo &info, double value)
{
    if (info.type == tco::ParamType::Integer)
        return report::grouped(value, 0);
    if (isPercent(info)) {
        const double p = value * 100.0;
        return report::grouped(p, report::fewestDecimals(p, kMaxPercentDecimals));
    }
    return report::grouped(value, report::fewestDecimals(value, kMaxDecimals));
}

} // namespace

bool isPercent(const tco::ParameterInfo &info)
{
    return info.type != tco::ParamType::Integer && QLatin1String(info.unit).startsWith(QLatin1String("fraction"));
}

QString unit(const tco::ParameterInfo &info, const QString &currency)
{
    QString u = tco::unitInCurrency(QString::fromUtf8(info.unit), currency);
    if (isPercent(info))
        u.replace(QStringLiteral("fraction"), QStringLiteral("%"));
    return u;
}

QString allowed(const tco::ParameterInfo &info)
{
    // Numbers with their thousands separators, as the fields show them; the plan file's own wording otherwise.
    if (info.type == tco::ParamType::Integer && !isPercent(info))
        return QStringLiteral("an integer from %1 to %2").arg(bound(info.min), bound(info.max));
    if (info.type == tco::ParamType::Number && !isPercent(info))
        return info.minExclusive ? QStringLiteral("a number greater than %1 and at most %2").arg(bound(info.min), bound(info.max))
                                 : QStringLiteral("a number from %1 to %2").arg(bound(info.min), bound(info.max));
    if (!isPercent(info))
        return tco::allowedValues(info);
    const QString lo = bound(info.min * 100.0);
    const QString hi = bound(info.max * 100.0);
    if (info.minExclusive)
        return QStringLiteral("a percentage greater than %1 and at most %2").arg(lo, hi);
    return QStringLiteral("a percentage from %1 to %2").arg(lo, hi);
}

QString choiceLabel(tco::ParamId id, const QString &key)
{
    if (id == tco::ParamId::Expansion)
        return key == QLatin1String("to_demand") ? QStringLiteral("grows with demand") : QStringLiteral("fixed size");
    if (id == tco::ParamId::Depreciation)
        return key == QLatin1String("macrs_5") ? QStringLiteral("MACRS 5-year") : QStringLiteral("straight line");
    return key;
}

QString format(const tco::ParameterInfo &info, double value)
{
    if (info.type == tco::ParamType::Boolean)
        return value != 0.0 ? QStringLiteral("yes") : QStringLiteral("no");
    if (info.type == tco::ParamType::Choice)
        return choiceLabel(info.id, tco::parameterChoices(info.id).value(static_cast<qsizetype>(value)));
    return displayNumber(info, value);
}

QString formatWithUnit(const tco::ParameterInfo &info, double value, const QString &currency)
{
    if (info.type == tco::ParamType::Boolean || info.type == tco::ParamType::Choice)
        return format(info, value);
    if (isMoney(info)) {
        const QString u = QString::fromUtf8(info.unit);
        const qsizetype slash = u.indexOf(QLatin1Char('/'));
        return report::money(value, currency) + (slash >= 0 ? u.mid(slash) : QString());
    }
    if (isPercent(info)) {
        const QString rest = unit(info).mid(1).trimmed(); // after the "%"
        const QString p = report::percent(value, report::fewestDecimals(value * 100.0, kMaxPercentDecimals));
        return rest.isEmpty() ? p : p + QLatin1Char(' ') + rest;
    }
    const QString u = unit(info);
    return u.isEmpty() ? displayNumber(info, value) : displayNumber(info, value) + QLatin1Char(' ') + u;
}

Parsed parse(const tco::ParameterInfo &info, const QString &text)
{
    const QString must = QStringLiteral("must be ") + allowed(info);
    QString t = text.trimmed();
    if (t.isEmpty())
        return {std::nullopt, QStringLiteral("a value is needed: it ") + must};
    // Accept what people paste from spreadsheets: "$150,000", "15 %", thin spaces between groups.
    static const QRegularExpression separators(QStringLiteral("[,\\s\\x{00a0}\\x{202f}]"));
    t.remove(separators);
    // A currency's sign or code before the figure ("$12.24", "€12.24", "CHF12.24" once blanks are gone).
    static const QRegularExpression currencyPrefix(QStringLiteral("^([$\\x{20ac}\\x{00a3}\\x{00a5}\\x{20b9}\\x{20a9}]|[A-Z]{3})"));
    if (isMoney(info))
        t.remove(currencyPrefix);
    if (isPercent(info) && t.endsWith(QLatin1Char('%')))
        t.chop(1);
    bool ok = false;
    double value = QLocale::c().toDouble(t, &ok);
    if (!ok || !std::isfinite(value))
        return {std::nullopt, QStringLiteral("\u201c%1\u201d is not a number: it %2").arg(text.trimmed(), must)};
    if (isPercent(info))
        value /= 100.0;
    if (!tco::isAllowedValue(info, value))
        return {std::nullopt, must};
    return {value, {}};
}

QString sourceName(const char *source)
{
    // Where a default comes from, in words a reader knows: no file names or article numbers in the app (the README
    // and docs/plan-format.md cite them).
    const QString s = QString::fromUtf8(source);
    static const QRegularExpression seedFile(QStringLiteral("^(\\d{3})_[0-9a-f]+\\.txt$"));
    if (seedFile.match(s).hasMatch())
        return QStringLiteral("a published example");
    if (s == QLatin1String("model.md"))
        return QStringLiteral("the model");
    return s;
}

QString defaultNote(const tco::ParameterInfo &info)
{
    QString text;
    if (!info.defaultValue) {
        const QString note = QString::fromUtf8(info.defaultNote);
        text = note.startsWith(QLatin1String("required")) ? QStringLiteral("required") : note;
        text.replace(QLatin1String(" x "), QStringLiteral(" \u00d7 "));
        text.replace(QLatin1Char('_'), QLatin1Char(' '));
    } else if (info.type == tco::ParamType::Boolean || info.type == tco::ParamType::Choice) {
        text = QStringLiteral("default ") + format(info, *info.defaultValue);
    } else if (isMoney(info)) {
        // The unit column says "per month"; the note only needs the amount.
        // Whole amounts without cents ("$100,000"), as the field shows them.
        text = QStringLiteral("default ") + (std::floor(*info.defaultValue) == *info.defaultValue
                                                 ? report::moneyWhole(*info.defaultValue)
                                                 : report::money(*info.defaultValue));
    } else if (isPercent(info)) {
        text = QStringLiteral("default ") + report::percent(*info.defaultValue, report::fewestDecimals(*info.defaultValue * 100.0, kMaxPercentDecimals));
    } else {
        text = QStringLiteral("default ") + displayNumber(info, *info.defaultValue);
    }
    const QString source = sourceName(info.source);
    return source.isEmpty() ? text : text + QStringLiteral(" \u00b7 ") + source;
}

QString defaultNote(const tco::ParameterInfo &info, const QString &currency)
{
    if (!isMoney(info) || !info.defaultValue || currency.isEmpty() || currency == QLatin1String("USD"))
        return defaultNote(info);
    const double v = *info.defaultValue;
    const bool whole = std::floor(v) == v;
    return QStringLiteral("default %1 (the built-in %2, read as %3; converting the plan's currency converts it)")
        .arg(whole ? report::moneyWhole(v, currency) : report::money(v, currency),
             whole ? report::moneyWhole(v) : report::money(v), currency);
}

QString tooltip(const tco::ParameterInfo &info)
{
    QString html = QStringLiteral("<p><b>%1</b> <code>%2</code></p><p>%3</p>")
                       .arg(QString::fromUtf8(info.label).toHtmlEscaped(), QString::fromLatin1(info.key),
                            QString::fromUtf8(info.help).toHtmlEscaped());
    const QString def = info.defaultValue ? formatWithUnit(info, *info.defaultValue)
                                          : QString::fromUtf8(info.defaultNote);
    const QString file = QString::fromUtf8(info.source);
    QString from;
    if (file == QLatin1String("assumption"))
        from = QStringLiteral("an assumption of the model (Help \u25b8 Model reference lists them)");
    else if (sourceName(info.source) != file)
        from = sourceName(info.source);
    else
        from = file;
    html += QStringLiteral("<p>Default: %1").arg(def.toHtmlEscaped());
    if (!from.isEmpty())
        html += QStringLiteral("<br>Source of the default: %1").arg(from.toHtmlEscaped());
    html += QStringLiteral("</p>");
    if (info.type == tco::ParamType::Number || info.type == tco::ParamType::Integer)
        html += QStringLiteral("<p>Allowed: %1 %2</p>").arg(allowed(info).toHtmlEscaped(), unit(info).toHtmlEscaped());
    return html;
}

bool sameValue(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({1e-12, std::abs(a), std::abs(b)});
}

QString pathInWords(const QString &detail, const tco::Plan &plan)
{
    const report::ProblemInWords words = report::problemInWords(detail, plan);
    if (words.where.isEmpty())
        return words.what.toHtmlEscaped();
    return QStringLiteral("<b>%1</b>: %2").arg(words.where.toHtmlEscaped(), words.what.toHtmlEscaped());
}

} // namespace mltco::ui::parametertext

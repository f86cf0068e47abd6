#include "calcoptions.h"

#include "textformat.h"

#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace mltco::cli {

bool Rule::accepts(double value) const
{
    if (!std::isfinite(value) || value > max)
        return false;
    if (minExclusive ? value <= min : value < min)
        return false;
    return !wholeNumber || value == std::floor(value);
}

QString Rule::describe() const
{
    // Whole bounds in plain digits ("1000000000000000", not "1e+15").
    const auto n = [](double v) {
        return v == std::floor(v) && std::abs(v) < 1e16 ? QString::number(v, 'f', 0) : QString::number(v, 'g', 15);
    };
    QString text;
    if (wholeNumber)
        text = QStringLiteral("an integer from %1 to %2").arg(n(min), n(max));
    else if (minExclusive && max >= 1e15)
        text = QStringLiteral("a number greater than %1").arg(n(min));
    else if (minExclusive)
        text = QStringLiteral("a number greater than %1 and at most %2").arg(n(min), n(max));
    else
        text = QStringLiteral("a number from %1 to %2").arg(n(min), n(max));
    if (percentAllowed)
        text += QStringLiteral(" (e.g. 0.4 or 40%)");
    return text;
}

CalcCommand::CalcCommand(Io &io, QString usage, const QList<OptionSpec> &options)
    : m_io(io), m_usage(std::move(usage))
{
    for (const OptionSpec &option : options)
        m_parser.addOption({QString::fromLatin1(option.name), QString::fromLatin1(option.description), option.valueName});
    m_parser.addOption({QStringLiteral("format"), QStringLiteral("table (default) or json."), QStringLiteral("FORMAT"),
                        QStringLiteral("table")});
    m_parser.addOption({QStringLiteral("help"), QStringLiteral("Show the options.")});
}

std::optional<int> CalcCommand::parse(const QStringList &args)
{
    if (!m_parser.parse(QStringList{QStringLiteral("calc")} + args))
        return usageError(m_io, m_parser.errorText(), m_usage + QStringLiteral(" --help"));
    if (m_parser.isSet(QStringLiteral("help"))) {
        QString help = m_parser.helpText();
        help.replace(QRegularExpression(QStringLiteral("^Usage: \\S+")), QStringLiteral("Usage: ") + m_usage);
        m_io.out << help;
        m_io.out.flush();
        return ExitOk;
    }
    if (!m_parser.positionalArguments().isEmpty())
        return usageError(m_io, QStringLiteral("unexpected argument \"%1\"").arg(m_parser.positionalArguments().first()),
                          m_usage + QStringLiteral(" --help"));
    m_format = m_parser.value(QStringLiteral("format"));
    if (m_format != QLatin1String("table") && m_format != QLatin1String("json"))
        return usageError(m_io, QStringLiteral("unknown format \"%1\" (json or table)").arg(m_format), m_usage);
    return std::nullopt;
}

std::optional<double> CalcCommand::parseValue(const QString &name, const QString &text, const Rule &rule)
{
    QString trimmed = text.trimmed();
    double scale = 1.0;
    if (trimmed.endsWith(QLatin1Char('%'))) {
        trimmed.chop(1);
        scale = 0.01;
    }
    bool ok = false;
    const double value = trimmed.toDouble(&ok) * scale;
    if (!ok || !rule.accepts(value)) {
        m_invalid << QStringLiteral("--%1: must be %2, not \"%3\"").arg(name, rule.describe(), text);
        return std::nullopt;
    }
    return value;
}

std::optional<double> CalcCommand::number(const QString &name, const Rule &rule, Need need,
                                          std::optional<double> fallback)
{
    if (!m_parser.isSet(name)) {
        if (need == Need::Required)
            m_missing << QStringLiteral("--") + name;
        return fallback;
    }
    return parseValue(name, m_parser.value(name), rule);
}

std::vector<double> CalcCommand::numbers(const QString &name, const Rule &rule)
{
    std::vector<double> values;
    for (const QString &text : m_parser.values(name)) {
        if (const auto v = parseValue(name, text, rule))
            values.push_back(*v);
    }
    return values;
}

std::vector<double> CalcCommand::list(const QString &name, const Rule &rule)
{
    std::vector<double> values;
    const QStringList items = m_parser.value(name).split(QLatin1Char(','));
    for (const QString &text : items) {
        if (const auto v = parseValue(name, text, rule))
            values.push_back(*v);
    }
    return values;
}

std::optional<std::vector<tco::StorageTier>> CalcCommand::tiers(const QString &name)
{
    std::vector<tco::StorageTier> result;
    double previous = 0.0;
    const QStringList items = m_parser.value(name).split(QLatin1Char(','));
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QStringList parts = items[i].split(QLatin1Char(':'));
        bool daysOk = false;
        bool priceOk = false;
        const double days = parts.size() == 2 ? parts[0].trimmed().toDouble(&daysOk) : 0.0;
        const double price = parts.size() == 2 ? parts[1].trimmed().toDouble(&priceOk) : 0.0;
        if (!daysOk || !priceOk || !std::isfinite(days) || !std::isfinite(price) || days <= previous ||
            days > 36500 || price < 0 || price > 1e6) {
            m_invalid << QStringLiteral("--%1: tier %2 (\"%3\") must be DAYS:PRICE with DAYS above the previous "
                                        "tier's (at most 36500) and PRICE a USD per GB-month from 0 to 1000000")
                             .arg(name)
                             .arg(i + 1)
                             .arg(items[i]);
            return std::nullopt;
        }
        result.push_back({QStringLiteral("tier %1").arg(i + 1), days, price});
        previous = days;
    }
    return result;
}

int CalcCommand::finishErrors()
{
    if (!m_missing.isEmpty())
        return usageError(m_io, QStringLiteral("missing %1").arg(m_missing.join(QStringLiteral(", "))),
                          m_usage + QStringLiteral(" --help"));
    return invalid(m_invalid);
}

int CalcCommand::usage(const QString &message)
{
    return usageError(m_io, message, m_usage + QStringLiteral(" --help"));
}

int CalcCommand::invalid(const QStringList &problems)
{
    if (problems.size() == 1)
        return inputError(m_io, problems.first());
    return inputError(m_io, QStringLiteral("invalid options"), problems);
}

void CalcCommand::warn(const QString &message)
{
    m_io.err << "mltco-cli: warning: " << message << '\n';
    m_io.err.flush();
}

int CalcCommand::finish(const QJsonObject &json, const QList<std::pair<QString, QString>> &lines)
{
    return finishText(json, keyValueLines(lines));
}

int CalcCommand::finishText(const QJsonObject &json, const QString &text)
{
    if (m_format == QLatin1String("json"))
        m_io.out << QJsonDocument(json).toJson(QJsonDocument::Indented);
    else
        m_io.out << text;
    m_io.out.flush();
    return ExitOk;
}

} // namespace mltco::cli

#pragma once

#include "cliio.h"

#include "models/tco/calculators.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace mltco::cli {

/// One named option of a calculator.
struct OptionSpec final
{
    const char *name;
    const char *description;
    QString valueName;
};

/// Allowed values of a numeric option.
struct Rule final
{
    double min = 0.0;
    bool minExclusive = false;
    double max = 1e15;
    bool wholeNumber = false;
    bool percentAllowed = false; ///< mention that "40%" is accepted

    static Rule positive() { return {0.0, true, 1e15, false, false}; }
    static Rule positiveUpTo(double upper) { return {0.0, true, upper, false, upper == 1.0}; }
    static Rule range(double lower, double upper) { return {lower, false, upper, false, false}; }
    static Rule fraction() { return {0.0, false, 1.0, false, true}; }
    static Rule integer(double lower, double upper) { return {lower, false, upper, true, false}; }

    bool accepts(double value) const;
    QString describe() const;
};

enum class Need { Required, Optional };

/// Option parsing and output for one `calc` subcommand: collects every missing or invalid option before
/// reporting (missing ones are usage errors, exit 2; invalid values exit 1 with what is allowed).
class CalcCommand final
{
public:
    CalcCommand(Io &io, QString usage, const QList<OptionSpec> &options);

    /// nullopt: go on; otherwise the exit code (help printed, or a usage error).
    std::optional<int> parse(const QStringList &args);

    /// A number; "40%" reads as 0.4. Missing and Optional: `fallback`.
    std::optional<double> number(const QString &name, const Rule &rule, Need need,
                                 std::optional<double> fallback = std::nullopt);
    /// Every value of a repeatable option.
    std::vector<double> numbers(const QString &name, const Rule &rule);
    /// A comma-separated list of numbers.
    std::vector<double> list(const QString &name, const Rule &rule);
    /// DAYS:PRICE,... storage tiers.
    std::optional<std::vector<tco::StorageTier>> tiers(const QString &name);

    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QString &name) const { return m_parser.value(name); }
    bool failed() const { return !m_missing.isEmpty() || !m_invalid.isEmpty(); }

    int finishErrors();
    int usage(const QString &message);
    int invalid(const QStringList &problems);
    void warn(const QString &message);
    /// Prints `json` (--format json) or the aligned lines (table); returns ExitOk.
    int finish(const QJsonObject &json, const QList<std::pair<QString, QString>> &lines);
    int finishText(const QJsonObject &json, const QString &text);

private:
    std::optional<double> parseValue(const QString &name, const QString &text, const Rule &rule);

    Io &m_io;
    QString m_usage;
    QCommandLineParser m_parser;
    QStringList m_missing;
    QStringList m_invalid;
    QString m_format;
};

} // namespace mltco::cli

#pragma once

#include "models/plan/parameters.h"
#include "models/plan/plan.h"

#include <QString>

#include <optional>

namespace mltco::ui {

/// How the scenario forms show a parameter from the table in text. Fractions are shown and typed as
/// percentages ("15" with the unit "%") because that is how finance people read them; every conversion
/// between the form and the plan goes through these functions, so the two never disagree.
namespace parametertext {

/// True when the parameter is a fraction the form shows as a percentage.
bool isPercent(const tco::ParameterInfo &info);
/// The unit as the form shows it: "%", "% per year", "USD/hour", ... in the plan's `currency` ("EUR/hour").
QString unit(const tco::ParameterInfo &info, const QString &currency = QStringLiteral("USD"));
/// The allowed values in the form's terms: numbers with their thousands separators ("from 0 to 100,000"),
/// percentages for fractions, allowedValues() for the rest.
QString allowed(const tco::ParameterInfo &info);
/// The plan's value as editable text: "150,000", "12.24", "15" (a percentage), no unit.
QString format(const tco::ParameterInfo &info, double value);
/// The value with its unit for notes and messages: "$12.24/hour", "15 %", "730 hours/month"; money in the plan's
/// `currency` ("€12.24/hour").
QString formatWithUnit(const tco::ParameterInfo &info, double value, const QString &currency = QStringLiteral("USD"));
/// A choice's words for people: "to_demand" -> "grows with demand", "macrs_5" -> "MACRS 5-year".
QString choiceLabel(tco::ParamId id, const QString &key);

/// The outcome of reading what a user typed.
struct Parsed final
{
    std::optional<double> value; ///< in the plan's terms (a fraction, not a percentage); none when refused
    QString problem;             ///< why it was refused, in words: "must be an integer from 0 to 100000"
};
/// Reads typed text ("150,000", "$12.24", "€12.24", "15 %") and checks it against the table's range.
Parsed parse(const tco::ParameterInfo &info, const QString &text);

/// "seed 000", "seed 001", "an assumption", "model.md": where the default comes from, short.
QString sourceName(const char *source);
/// "default 730 · seed 000" (or "required" when there is no single default).
QString defaultNote(const tco::ParameterInfo &info);
/// The same in a plan of `currency`: a money default is a dollar figure, so in another currency it says that it is read
/// as that currency's ("default €150,000 (the built-in $150,000, read as EUR)").
QString defaultNote(const tco::ParameterInfo &info, const QString &currency);
/// Rich-text tooltip: label, help, default and its source, allowed values.
QString tooltip(const tco::ParameterInfo &info);

/// Whether two plan values are the same for display purposes (relative tolerance).
bool sameValue(double a, double b);

/// An engine message about a place in the plan, in the plan's own words, as HTML:
/// "scenarios[2].nodes: must be ..." becomes "<b>“Linode” — Nodes</b>: must be ...". Other messages come back escaped.
QString pathInWords(const QString &detail, const tco::Plan &plan);

} // namespace parametertext
} // namespace mltco::ui

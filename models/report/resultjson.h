#pragma once

#include "models/plan/planevaluation.h"

#include "models/common/expected.h"

#include <QJsonArray>
#include <QJsonObject>

class QIODevice;

namespace mltco::tco {

/// The JSON form of results that `mltco-cli evaluate --format json` prints and reports reuse. Doubles keep
/// full precision (Qt writes the shortest text that reads back to the same double); undefined figures
/// (e.g. cost per GPU-hour with nothing served) are null.
/// A purchase carries `irr_vs` (model.md §12): {"cloud", "irr", "payback_month"} against the cheapest cloud option
/// of its plan, given as `versus` with that option's name; null without one.
struct IrrVersus final
{
    QString cloud;
    OwningVersusCloud figures;
};
QJsonObject scenarioResultToJson(const EvaluatedScenario &scenario, const IrrVersus *versus = nullptr);
QJsonObject breakEvenToJson(const EvaluatedBreakEven &breakEven);
QJsonObject planResultToJson(const PlanResult &result);
/// model.md §13: every rate the evaluation used, `[{"currency", "date", "rate", "source"}]`, the rate in units of the
/// currency per 1 unit of the plan's (as a plan's fx_rates writes it).
QJsonArray fxUsedToJson(const PlanResult &result);

/// The same JSON as QJsonDocument(planResultToJson(evaluated)).toJson(Indented), byte for byte, written as it goes
/// from a prepared plan (preparePlan): each scenario is evaluated when it is written and dropped, so memory stays
/// flat however many scenarios and months the plan has. The device's error if a write fails.
Status writePlanResultJson(const PlanResult &prepared, QIODevice &device);

} // namespace mltco::tco

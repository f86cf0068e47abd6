#pragma once

#include "models/tco/planevaluation.h"

#include <QJsonObject>

namespace mltco::tco {

/// The JSON form of results that `mltco-cli evaluate --format json` prints and reports reuse. Doubles keep
/// full precision (Qt writes the shortest text that reads back to the same double); undefined figures
/// (e.g. cost per GPU-hour with nothing served) are null.
QJsonObject scenarioResultToJson(const EvaluatedScenario &scenario);
QJsonObject breakEvenToJson(const EvaluatedBreakEven &breakEven);
QJsonObject planResultToJson(const PlanResult &result);

} // namespace mltco::tco

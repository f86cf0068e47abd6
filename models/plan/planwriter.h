#pragma once

#include "models/plan/plan.h"

#include <QByteArray>
#include <QJsonObject>

namespace mltco::tco {

/// The plan as a plan-file object (docs/plan-format.md): only the parameters the plan states are written,
/// so that readPlan(writePlan(p)) gives p back and omitted parameters keep following the defaults.
QJsonObject planToJson(const Plan &plan);
/// The plan key `optimize` (model.md §11.4) as written: the three roles always (null when absent), the rest when given.
QJsonObject optimizeToJson(const OptimizeRequest &request);
/// planToJson() as indented UTF-8 JSON.
QByteArray writePlan(const Plan &plan);

} // namespace mltco::tco

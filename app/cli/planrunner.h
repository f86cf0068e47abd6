#pragma once

#include "models/common/expected.h"
#include "models/tco/planevaluation.h"

#include <QString>

namespace mltco::cli {

/// Reads a plan file and evaluates it. A document is opened only when needed: when `documentPath` is given
/// (its catalog then also checks the plan's own rates), or when the plan leaves a value to the catalog
/// (then the default document is used if no path is given).
Expected<tco::PlanResult> evaluatePlanFile(const QString &planPath, const QString &documentPath);

} // namespace mltco::cli

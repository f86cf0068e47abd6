#pragma once

#include "cliio.h"

#include "models/common/expected.h"
#include "models/plan/planevaluation.h"

#include <QString>

namespace mltco::cli {

/// The bytes of a plan argument: a file, or `example:NAME` for a bundled example (`mltco-cli example`).
Expected<QByteArray> readPlanArgument(const QString &planPath);

/// `mltco-cli example [NAME]`: lists the bundled example plans, or prints one (to save and edit).
int runExample(const QStringList &args, Io &io);

/// Reads a plan file and evaluates it. A document is opened only when needed: when `documentPath` is given
/// (its catalog then also checks the plan's own rates), or when the plan leaves a value to the catalog
/// (then the default document is used if no path is given).
/// `planOut`, when given, receives the plan as read.
Expected<tco::PlanResult> evaluatePlanFile(const QString &planPath, const QString &documentPath,
                                          tco::Plan *planOut = nullptr);
/// The same, prepared only (tco::preparePlan): for outputs that evaluate each scenario as they write it.
Expected<tco::PlanResult> preparePlanFile(const QString &planPath, const QString &documentPath,
                                          tco::Plan *planOut = nullptr);

} // namespace mltco::cli

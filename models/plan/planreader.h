#pragma once

#include "models/common/expected.h"
#include "models/plan/plan.h"

#include <QByteArray>
#include <QJsonObject>

namespace mltco::tco {

/// Reads a plan file (docs/plan-format.md). Every problem is collected, not just the first: on failure the
/// Error's details hold one "json.path: what is wrong" line per problem, in the order of the file's keys.
Expected<Plan> readPlan(const QByteArray &json);
Expected<Plan> planFromJson(const QJsonObject &object);

} // namespace mltco::tco

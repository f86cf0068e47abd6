#pragma once

#include "models/plan/plan.h"

#include <QStringList>

namespace mltco::report {

/// What a plan's title says that the plan no longer does: a title written for "four ML engineers over three years"
/// after the plan moved to 12 engineers and 48 months. Each sentence names the title's words and the plan's figure
/// ("The title says “three years”; the plan runs 48 months."). Numbers are read as digits or as the words one to
/// twenty; a title with none of them, or with figures that agree, has nothing to say.
QStringList titleMismatches(const tco::Plan &plan);

} // namespace mltco::report

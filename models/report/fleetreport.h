#pragma once

#include "models/analytics/fleetoptimizer.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace mltco::report {

/// The fleet plan in words (model.md §11.4's `sentence`): "Own 3 servers from month 1 and 2 more from month 13, reserve
/// 2 instances for 12 months from month 1, burst the rest to …: expected $…, P90 $…, $… less than the best single
/// option, …".
QString fleetSentence(const tco::OptimizeAnswer &answer);

/// The answer with exactly the keys of model.md §11.4: objective, beta, value, bound, mean, p10, p50, p90, purchases,
/// terms, futures, scenarios, frontier, marginal, sentence.
QJsonObject optimizeAnswerToJson(const tco::OptimizeAnswer &answer);

/// The plan's `optimize` request answered for the report (the frontier included), or none when the plan has none or
/// it cannot be answered (the report then simply has no Fleet plan page).
std::optional<tco::OptimizeAnswer> reportFleet(const tco::Plan &plan, const tco::PlanResult &result);

/// A scenario's name in the table of every scenario under the same futures, flagged when it leaves demand unmet in the
/// plan as written: "8xH100 (serves 0 % of demand)".
QString underFuturesName(const tco::ScenarioUnderFutures &scenario);

/// "a 5th server in month 13 would save $18k on average": each marginal value worth saying, largest saving first.
QStringList marginalSentences(const tco::OptimizeAnswer &answer, int most = 4);

} // namespace mltco::report

#pragma once

#include "models/plan/plan.h"
#include "models/plan/planevaluation.h"

#include <QString>
#include <QStringList>

// The engine names places in a plan by path ("scenarios[2].nodes: must be ..."). People read names: these put an
// engine line in the plan's own words, for the dashboard, the scenario list, the report and the summary alike.
namespace mltco::report {

struct ProblemInWords final
{
    QString where; ///< "“Linode” — Nodes", "Workload — Engineers", "Break-even"; empty when the line names no place
    QString what;  ///< the rest of the line ("must be ..."); the whole line when it names no place
};

/// "scenarios[2].nodes: must be ..." as {"“Linode” — Nodes", "must be ..."}.
ProblemInWords problemInWords(const QString &detail, const tco::Plan &plan);

/// The same as one line of plain text: "“Linode” — Nodes: must be ...".
QString problemText(const QString &detail, const tco::Plan &plan);

/// What was left out of an evaluation (tco::Incomplete::LeaveOut), one plain sentence each:
/// "“GPU cloud” is left out until it can be evaluated: “GPU cloud” — Price per instance-hour: not given, ...".
QStringList leftOutText(const tco::PlanResult &result, const tco::Plan &plan);

} // namespace mltco::report

#pragma once

#include "models/analytics/analysis.h"
#include "models/analytics/fleetoptimizer.h"
#include "models/catalog/types.h"
#include "models/common/expected.h"
#include "models/plan/planevaluation.h"

#include <QDate>
#include <QList>
#include <QString>

namespace mltco::workbook {

/// What the workbook says about where the plan comes from.
struct WorkbookSource final
{
    QString planFile;                       ///< the plan's file or document name, as the user knows it
    QDate date;                             ///< the day the workbook is made
    QList<catalog::Source> catalogSources;  ///< the document's sources, to name a catalog price's origin
    /// Figures only the engine makes, written as values on sheets of their own when given: the Monte Carlo of the
    /// plan's uncertain inputs, the fleet optimizer's answer to the plan's request.
    const tco::AnalysisResult *risk = nullptr;
    const tco::OptimizeAnswer *fleet = nullptr;
};

/// Excel's limits a workbook must stay within (and a sensible one besides): one sheet per scenario.
inline constexpr int kMaxScenarioSheets = 250;

/// Writes the plan as a live Excel workbook (docs/workbook.md): a README sheet, the Summary with its charts, the
/// Assumptions (one row per input, named cells), the months every scenario shares, one sheet per scenario whose every
/// figure is a formula of the assumptions, the MACRS table, and the figures only the engine makes as values (break-even,
/// risk, fleet plan). Every
/// formula cell also carries the value mltco computed, for readers that do not recalculate.
///
/// `result` is `plan` evaluated (tco::evaluatePlan); a scenario left out of it is named on the README sheet, not
/// written. Nothing is written under `path` unless the whole workbook is: it is written beside it and renamed at the
/// end. A plan beyond the workbook's limits is refused in words.
Status writeWorkbook(const QString &path, const tco::Plan &plan, const tco::PlanResult &result,
                     const WorkbookSource &source);

} // namespace mltco::workbook

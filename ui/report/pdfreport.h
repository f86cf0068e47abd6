#pragma once

#include "models/analytics/fleetoptimizer.h"

#include "models/actuals/plancompare.h"
#include "models/common/expected.h"
#include "models/report/reportdata.h"
#include "models/analytics/analysis.h"
#include "models/plan/planevaluation.h"

#include <QString>

namespace mltco::ui {

enum class ReportPageSize { A4, Letter };

/// Renders the board report as a PDF: title page, executive summary, the dashboard's charts (drawn as
/// vectors, each with a caption), per scenario its assumptions and yearly costs by category, and an
/// appendix of sources. Every page has a header with the plan name and a page number; tables that
/// continue on a new page repeat their header row. Needs a QApplication (charts are widgets); works
/// with the offscreen platform.
///
/// With `risk` (a plan with uncertain inputs: report::reportRisk) a page "How sure is the answer" follows the
/// charts: the probabilities of being cheapest, the percentiles of each total, the payback month's spread, the
/// fan chart and the tornado of the scenario with the lowest median.
///
/// With `bills` (the plan's link to imported bills: actuals::linkedComparison) a page "Plan vs actual" follows: the
/// sentence of how the spend so far stands against the plan, the monthly and cumulative charts and the variance table
/// of the months the bills cover.
///
/// With `fleet` (the plan's `optimize` request answered: report::reportFleet) a page "Fleet plan" follows: the answer
/// in words, its timeline of owned and reserved capacity against demand, and the efficient frontier.
///
/// The file is written through a temporary file and renamed into place: a failure leaves no partial
/// file at `path`.
Status writePdfReport(const QString &path, const report::ReportData &data, const tco::PlanResult &result,
                      ReportPageSize pageSize, const tco::AnalysisResult *risk = nullptr,
                      const actuals::PlanComparison *bills = nullptr, const tco::OptimizeAnswer *fleet = nullptr);

} // namespace mltco::ui

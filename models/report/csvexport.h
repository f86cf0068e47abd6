#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"
#include "models/tco/analysis.h"
#include "models/tco/planevaluation.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

class QIODevice;

// The CSV exports finance takes away (RFC 4180: a header row, CRLF line ends, fields quoted when they
// hold a comma, quote or line break; UTF-8; "." decimal point; full double precision, no rounding).
namespace mltco::report {

/// One CSV field (RFC 4180 quoting). A text a spreadsheet would run as a formula (first character =, +, -, @,
/// tab or CR, and not a number) is neutralised with a leading apostrophe.
QString csvField(const QString &text);
/// csvField on UTF-8 bytes, appended to `out`: for outputs written row by row.
void appendCsvField(QByteArray &out, QByteArrayView utf8);
/// The same check alone: `text`, or `'text` when a spreadsheet would read it as a formula.
QString neutralised(const QString &text);
/// A number as the shortest text that reads back to the same double ("268000", "7.9908675799086755").
QString csvNumber(double value);

/// scenario,kind,month,total,compute,capex,resale,facilities,failures,staff,overhead,capacity_gpu_hours
QByteArray monthlyCsv(const tco::PlanResult &result);
/// The same CSV, byte for byte, written as it goes from a prepared plan (tco::preparePlan): each scenario is
/// evaluated when written and dropped, so memory stays flat however large the plan.
Status writeMonthlyCsv(const tco::PlanResult &prepared, QIODevice &device);
/// scenario,kind,year,months,partial,total,<category>...: one row per scenario and year.
QByteArray yearlyCsv(const tco::PlanResult &result);
/// purchase,cloud,servers,purchase_total,cloud_total,purchase_cheaper: the whole sweep of every break-even.
QByteArray breakEvenCsv(const tco::PlanResult &result);
/// One row per break-even against an elastic scenario: the fleet break-even utilization (model.md §10.7).
QByteArray breakEvenUtilizationCsv(const tco::PlanResult &result);
/// scenario,mean,p10,p50,p90,npv_mean,npv_p10,npv_p50,npv_p90,p_cheapest: the Monte Carlo per scenario, then one
/// row per pair (a,b,p_a_cheaper and the percentiles of a − b) in a second table below a blank line.
QByteArray riskSummaryCsv(const tco::AnalysisResult &risk);
/// scenario,month,p10,p50,p90: the fan chart's cumulative-cost percentiles.
QByteArray riskFanCsv(const tco::AnalysisResult &risk);
/// scenario,target,parameter,base,low,high,total_low,total_high,swing: the tornado.
QByteArray tornadoCsv(const tco::AnalysisResult &risk);
/// The analysis a report shows for a plan with uncertain inputs: 10,000 Latin hypercube trials, seed 1 (so a
/// report is the same every time it is made); nullopt for a plan without any.
std::optional<tco::AnalysisResult> reportRisk(const tco::Plan &plan, const tco::PlanResult &result);

/// provider,instance,region,zone,pricing_model,amount,unit,usd_per_hour,observed_at,source,note
QByteArray priceHistoryCsv(const QList<catalog::PricePoint> &prices);

/// Writes `bytes` to an open device; an Error carries the device's errorString().
Status writeAll(QIODevice &device, const QByteArray &bytes);
/// Writes `bytes` to `path` through a temporary file renamed into place (QSaveFile), so a failure
/// (disk full, unwritable folder) never leaves a half-written file at `path`.
Status writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace mltco::report

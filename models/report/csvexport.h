#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"
#include "models/analytics/analysis.h"
#include "models/plan/planevaluation.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QDate>
#include <QList>
#include <QString>

class QIODevice;

// The CSV exports finance takes away (RFC 4180: a header row, CRLF line ends, fields quoted when they
// hold a comma, quote or line break; UTF-8; "." decimal point). Money is in USD rounded to cents ("459000.00"),
// in columns whose names end in _usd; every other figure is the shortest plain decimal that reads back to the
// exact value ("500000", "0.25"; never "5e+05"). csvReadme() describes a folder of them.
class QSaveFile;

namespace mltco::report {

/// One CSV field (RFC 4180 quoting). A text a spreadsheet would run as a formula (first character =, +, -, @,
/// tab or CR, and not a number) is neutralised with a leading apostrophe.
QString csvField(const QString &text);
/// csvField on UTF-8 bytes, appended to `out`: for outputs written row by row.
void appendCsvField(QByteArray &out, QByteArrayView utf8);
/// The same check alone: `text`, or `'text` when a spreadsheet would read it as a formula.
QString neutralised(const QString &text);
/// A number as the shortest plain decimal that reads back to the same double ("268000", "7.9908675799086755").
QString csvNumber(double value);
/// An amount of money in USD, rounded to cents ("459000.00", "-45000.00").
QString csvMoney(double value);

/// scenario,kind,month,total_usd,<category>_usd...,capacity_gpu_hours,demand_gpu_hours,servers,nodes,burst_usd
QByteArray monthlyCsv(const tco::PlanResult &result);
/// The same CSV, byte for byte, written as it goes from a prepared plan (tco::preparePlan): each scenario is
/// evaluated when written and dropped, so memory stays flat however large the plan.
Status writeMonthlyCsv(const tco::PlanResult &prepared, QIODevice &device);
/// scenario,kind,year,months,partial,total_usd,<category>_usd...: one row per scenario and year.
QByteArray yearlyCsv(const tco::PlanResult &result);
/// scenario,kind,total_usd,npv_usd,npv_<category>_usd...,served_gpu_hours,unmet_gpu_hours,cost_per_gpu_hour_usd,
/// cost_per_million_tokens_usd: one row per scenario, where its NPV comes from (model.md §14.3).
QByteArray scenariosCsv(const tco::PlanResult &result);
/// purchase,cloud,servers,purchase_total_usd,cloud_total_usd,purchase_cheaper,on_dashboard: the whole sweep of every
/// break-even of the plan, and of the one the dashboard shows when the plan does not ask for it (on_dashboard true).
QByteArray breakEvenCsv(const tco::PlanResult &result);
/// One row per break-even against an elastic scenario: the fleet break-even utilization (model.md §10.7); the same
/// break-evens and on_dashboard column as breakEvenCsv.
QByteArray breakEvenUtilizationCsv(const tco::PlanResult &result);
/// scenario,mean_usd,p10_usd,...,npv_p90_usd,p_cheapest: the Monte Carlo per scenario.
QByteArray riskSummaryCsv(const tco::AnalysisResult &risk);
/// a,b,p_a_cheaper,p10_usd,p50_usd,p90_usd: one row per pair of scenarios, the percentiles of a's total less b's.
QByteArray riskPairsCsv(const tco::AnalysisResult &risk);
/// scenario,month,p10_usd,p50_usd,p90_usd: the fan chart's cumulative-cost percentiles.
QByteArray riskFanCsv(const tco::AnalysisResult &risk);
/// scenario,target,parameter,unit,base,low,high,total_low_usd,total_high_usd,swing_usd: the tornado.
QByteArray tornadoCsv(const tco::AnalysisResult &risk);
/// The analysis a report shows for a plan with uncertain inputs: 10,000 Latin hypercube trials, seed 1 (so a
/// report is the same every time it is made); nullopt for a plan without any.
std::optional<tco::AnalysisResult> reportRisk(const tco::Plan &plan, const tco::PlanResult &result);

/// provider,instance,region,zone,pricing_model,amount,currency,unit,per_hour,observed_at,source,note (prices as quoted,
/// not rounded to cents: $0.526 an hour is a price, not an amount of money).
QByteArray priceHistoryCsv(const QList<catalog::PricePoint> &prices);

/// What a folder of exports holds: plan, document, date, model version, and every file's columns with their units
/// (README.txt beside the CSV files). `files`: the names written, in order. `leftOut`: what the evaluation left out
/// (leftOutText()), listed as not in the files.
/// `currency`: the plan's, which names the money columns; `ratesUsed`: ratesUsedText() of its evaluation.
QByteArray csvReadme(const QString &planName, const QString &documentName, const QDate &date,
                     const QStringList &files, const QStringList &leftOut = {}, const QString &currency = QStringLiteral("USD"),
                     const QStringList &ratesUsed = {});

/// Writes `bytes` to an open device; an Error carries the device's errorString().
Status writeAll(QIODevice &device, const QByteArray &bytes);
/// Writes `bytes` to `path` through a temporary file renamed into place (QSaveFile), so a failure
/// (disk full, unwritable folder) never leaves a half-written file at `path`.
/// Commits a QSaveFile whose bytes were all written: flushed first, so that a disk that fills up while its last
/// buffered bytes are written is reported in the disk's own words ("No space left on device") and nothing is left
/// under `path` (QSaveFile::commit() alone renames such a file, truncated). Cancels the file on failure.
Status commitSaveFile(QSaveFile &file, const QString &path);
Status writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace mltco::report

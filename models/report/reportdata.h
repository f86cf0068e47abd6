#pragma once

#include "models/catalog/types.h"
#include "models/report/summary.h"
#include "models/plan/plan.h"
#include "models/plan/planevaluation.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

// What a board report says, assembled from a plan and its evaluation without any drawing: the PDF
// renderer lays it out, tests read it directly. Every figure is formatted with models/report/format.h,
// so the report reads exactly as the app shows it.
namespace mltco::report {

/// Version of the calculation contract the figures follow (docs/model.md).
inline constexpr int kModelVersion = 4;

/// One assumption of a scenario (or the workload) as the report prints it.
struct AssumptionRow final
{
    QString label;  ///< "Servers bought"
    QString value;  ///< "6", "$150,000.00", "30.0 %"
    QString unit;   ///< "servers", "USD", "fraction of list price"
    QString source; ///< "plan (assumption)", "catalog: hardware-perspective-2025, 2025-01-28", "default (000_….txt)"
    QString note;   ///< the plan's reason for an assumption, or what an override replaced
    bool overridesCatalog = false;
};

struct ScenarioSection final
{
    QString name;
    QString kind;
    QString notes;
    QList<AssumptionRow> assumptions;
};

/// A source that a number in the report depends on.
struct SourceRow final
{
    QString key;
    QString kind;
    QString title;
    QString reference;
    QDate date;
};

/// A catalog price a scenario's figures use, with the date it was observed.
struct CatalogPriceRow final
{
    QString scenario;
    QString instance;   ///< "AWS p3.8xlarge, us-east-1, on demand"
    QString price;      ///< "$12.24 an hour"
    QString gpus;       ///< "4 × V100"
    QDate observedAt;
    QString source;     ///< the observation's source key
};

struct ReportData final
{
    QString planName;
    QString currency = QStringLiteral("USD"); ///< of every figure: the plan's (model.md §13)
    QStringList ratesUsed;                    ///< every exchange rate the figures used (ratesUsedText())
    QString documentName;
    QDate date;
    int horizonMonths = 0;
    QString discountRate; ///< formatted
    QString priceTrend;   ///< formatted
    QString taxView;      ///< "after tax at 21 %", or "before tax (cash)" when the plan has no tax rate
    QString demand;       ///< the monthly demand in words: flat, or its steps, growth and peak
    QStringList warnings; ///< what the evaluation warned or noted (estimated speedups, mixed scales)
    ExecutiveSummary executive; ///< the one-page summary: question, recommendation, comparison, what it hangs on
    QStringList summary;  ///< findings in detail, one sentence or short paragraph each
    QList<AssumptionRow> workload;
    QList<ScenarioSection> scenarios;
    QList<SourceRow> sources;
    QList<CatalogPriceRow> prices; ///< the catalog prices the scenarios use, in plan order
    QString modelVersion;
};

/// Assembles the report of `result`, the evaluation of `plan`. `catalogSources` are the document's
/// sources (seed articles, datasheets, import batches); the appendix keeps those a shown number
/// depends on, plus every seed article a default comes from.
ReportData assembleReport(const tco::Plan &plan, const tco::PlanResult &result,
                          const QList<catalog::Source> &catalogSources, const QString &documentName, const QDate &date);

/// The break-even in plain words, the same wherever it is shown (the dashboard's card and chart, Scenarios ›
/// Break-even, the PDF's chart captions, the executive summary): "Buying 2 or more servers (On-prem 8xA100) costs less
/// than renting GCP 8xA100 node of equal throughput over 3 years", or against pay-per-use how busy the servers must be.
QString breakEvenSentence(const tco::EvaluatedBreakEven &breakEven, int horizonMonths);
/// "Owning is measured against GCP preemptible A100, the cheapest cloud option that meets the demand." (or that none
/// meets all of it): which counterpart a headline break-even is against, and why.
QString counterpartSentence(const tco::PlanResult &result, const tco::HeadlineBreakEven &headline);

/// The workload's monthly demand in words: "2,920 reference GPU-hours a month", or with steps and growth
/// "11,680 reference GPU-hours a month; 17,520 from month 13; growing 30.0 % a year; peak 37,659 in month 36".
QString demandText(const tco::Workload &workload);

/// "26 November 2026": the one way the report writes a date.
QString reportDate(const QDate &date);

/// A parameter value in words with its unit's formatting ("$150,000.00", "30.0 %", "36").
QString formatParameter(tco::ParamId id, double value, const QString &currency = QStringLiteral("USD"));

/// Every exchange rate an evaluation used, one line each (model.md §13: a report lists each rate it used, with its
/// date and source): "1 EUR = 1.0537 USD (rate of 2023-11-01; import:…)".
QStringList ratesUsedText(const tco::PlanResult &result);

} // namespace mltco::report

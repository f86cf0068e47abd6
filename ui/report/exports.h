#pragma once

#include "models/common/expected.h"
#include "models/analytics/fleetoptimizer.h"
#include "ui/report/pdfreport.h"

#include <QString>

class QWidget;

namespace mltco::ui {

class PlanEditor;

/// Which CSV tables File › Export CSV writes.
enum CsvTable : unsigned { MonthlyTable = 1, YearlyTable = 2, BreakEvenTable = 4, PriceHistoryTable = 8, AllTables = 15 };

/// The PDF report of the editor's plan, as the app shows it.
Status exportPdf(const PlanEditor &editor, const QString &path, ReportPageSize pageSize);
/// The chosen CSV tables into `dir` (monthly.csv, yearly.csv, breakeven.csv and breakeven-utilization.csv,
/// price-history.csv).
Status exportCsv(const PlanEditor &editor, const QString &dir, unsigned tables);

/// The plan as a live Excel workbook (models/workbook): every figure a formula of its assumptions; the fleet plan's
/// answer, when given, as a sheet of values.
Status exportWorkbook(const PlanEditor &editor, const QString &path, const tco::OptimizeAnswer *fleet = nullptr);

/// File › Export PDF…: asks for the file and page size, then writes with a busy indicator.
void exportPdfWithDialog(QWidget *parent, const PlanEditor &editor);
/// File › Export workbook (Excel)…: asks for the file, then writes it.
void exportWorkbookWithDialog(QWidget *parent, const PlanEditor &editor, const tco::OptimizeAnswer *fleet = nullptr);
/// File › Export CSV…: asks which tables and where, then writes them.
void exportCsvWithDialog(QWidget *parent, const PlanEditor &editor);

} // namespace mltco::ui

#include "ui/report/exports.h"

#include "ui/core/settings.h"

#include "models/report/fleetreport.h"

#include "models/catalog/catalogrepository.h"
#include "models/report/csvexport.h"
#include "models/report/format.h"
#include "models/report/problemtext.h"
#include "models/report/reportdata.h"
#include "models/store/document.h"
#include "models/workbook/workbook.h"
#include "ui/core/planeditor.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSet>
#include <QVBoxLayout>

#include <functional>

namespace mltco::ui {
namespace {

Status needResult(const PlanEditor &editor)
{
    if (!editor.result())
        return Error{QStringLiteral("The plan cannot be evaluated, so there is nothing to export: %1")
                         .arg(editor.evaluationError()),
                     editor.evaluationDetails()};
    return {};
}

QList<catalog::PricePoint> planPriceHistory(const PlanEditor &editor)
{
    const catalog::CatalogRepository repo(editor.document().database());
    QList<catalog::PricePoint> history;
    QSet<QString> seen;
    for (const tco::PlanScenario &s : editor.plan().scenarios) {
        if (!s.instance)
            continue;
        const QString key = s.instance->provider + QLatin1Char('/') + s.instance->name;
        if (seen.contains(key))
            continue;
        seen.insert(key);
        catalog::PriceFilter filter;
        filter.provider = s.instance->provider;
        filter.instance = s.instance->name;
        history += repo.prices(filter);
    }
    return history;
}

void report(QWidget *parent, const QString &title, const Status &status, const QString &done)
{
    if (status) {
        QMessageBox::information(parent, title, done);
        return;
    }
    QMessageBox box(QMessageBox::Warning, title, status.error().message, QMessageBox::Ok, parent);
    box.setObjectName(QStringLiteral("errorDialog"));
    if (!status.error().details.isEmpty())
        box.setDetailedText(status.error().details.join(QLatin1Char('\n')));
    box.exec();
}

// Runs `work` under a busy indicator that keeps the window from being used meanwhile.
Status whileBusy(QWidget *parent, const QString &text, const std::function<Status()> &work)
{
    QProgressDialog progress(text, QString(), 0, 0, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.show();
    QApplication::processEvents();
    const Status s = work();
    progress.close();
    return s;
}

} // namespace

Status exportPdf(const PlanEditor &editor, const QString &path, ReportPageSize pageSize)
{
    if (Status s = needResult(editor); !s)
        return s;
    const catalog::CatalogRepository repo(editor.document().database());
    const report::ReportData data = report::assembleReport(editor.plan(), *editor.result(), repo.sources(),
                                                           editor.document().displayName(), QDate::currentDate());
    const std::optional<tco::AnalysisResult> risk = report::reportRisk(editor.plan(), *editor.result());
    const std::optional<actuals::PlanComparison> bills =
        actuals::linkedComparison(editor.plan(), *editor.result(), editor.actuals());
    const std::optional<tco::OptimizeAnswer> fleet = report::reportFleet(editor.plan(), *editor.result());
    return writePdfReport(path, data, *editor.result(), pageSize, risk ? &*risk : nullptr, bills ? &*bills : nullptr,
                          fleet ? &*fleet : nullptr);
}

Status exportCsv(const PlanEditor &editor, const QString &dir, unsigned tables)
{
    if (Status s = needResult(editor); !s)
        return s;
    if (!QDir().mkpath(dir))
        return Error{QStringLiteral("The folder %1 cannot be created.").arg(QDir::toNativeSeparators(dir)), {}};
    const tco::PlanResult &result = *editor.result();
    const QList<std::tuple<unsigned, QString, QByteArray (*)(const tco::PlanResult &)>> planTables{
        {MonthlyTable, QStringLiteral("monthly.csv"), &report::monthlyCsv},
        {YearlyTable, QStringLiteral("yearly.csv"), &report::yearlyCsv},
        {YearlyTable, QStringLiteral("scenarios.csv"), &report::scenariosCsv},
        {BreakEvenTable, QStringLiteral("breakeven.csv"), &report::breakEvenCsv},
        {BreakEvenTable, QStringLiteral("breakeven-utilization.csv"), &report::breakEvenUtilizationCsv},
    };
    QStringList written;
    for (const auto &[flag, name, writer] : planTables) {
        if (!(tables & flag))
            continue;
        if (Status s = report::writeFileAtomically(QDir(dir).filePath(name), writer(result)); !s)
            return s;
        written << name;
    }
    if (tables & PriceHistoryTable) {
        if (Status s = report::writeFileAtomically(QDir(dir).filePath(QStringLiteral("price-history.csv")),
                                                   report::priceHistoryCsv(planPriceHistory(editor)));
            !s)
            return s;
        written << QStringLiteral("price-history.csv");
    }
    // What the files are, beside them: the plan, the date, the model version and every column's unit.
    return report::writeFileAtomically(QDir(dir).filePath(QStringLiteral("README.txt")),
                                       report::csvReadme(editor.plan().name, editor.document().displayName(),
                                                         QDate::currentDate(), written,
                                                         report::leftOutText(*editor.result(), editor.plan()),
                                                         editor.result()->currency,
                                                         report::ratesUsedText(*editor.result())));
}

Status exportWorkbook(const PlanEditor &editor, const QString &path, const tco::OptimizeAnswer *fleet)
{
    if (Status s = needResult(editor); !s)
        return s;
    const catalog::CatalogRepository repo(editor.document().database());
    const std::optional<tco::AnalysisResult> risk = report::reportRisk(editor.plan(), *editor.result());
    return workbook::writeWorkbook(path, editor.plan(), *editor.result(),
                                   {editor.document().displayName(), QDate::currentDate(), repo.sources(),
                                    risk ? &*risk : nullptr, fleet});
}

void exportWorkbookWithDialog(QWidget *parent, const PlanEditor &editor, const tco::OptimizeAnswer *fleet)
{
    QFileDialog dialog(parent, QObject::tr("Export workbook (Excel)"), QString(), QObject::tr("Excel workbooks (*.xlsx)"));
    dialog.setObjectName(QStringLiteral("exportWorkbookDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("xlsx"));
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    Settings settings;
    dialog.setDirectory(settings.exportFolder());
    dialog.selectFile(report::suggestedFileName(editor.plan().name, QDate::currentDate(), QStringLiteral("xlsx")));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().first();
    settings.rememberExport(path);
    const Status s = whileBusy(parent, QObject::tr("Writing the workbook…"), [&] { return exportWorkbook(editor, path, fleet); });
    report(parent, QObject::tr("Export workbook"), s,
           QObject::tr("The workbook was written to %1. Every figure in it is a formula of its Assumptions sheet: change "
                       "an assumption there and the totals, NPVs and charts follow.")
               .arg(QDir::toNativeSeparators(path)));
}

void exportPdfWithDialog(QWidget *parent, const PlanEditor &editor)
{
    QFileDialog dialog(parent, QObject::tr("Export PDF report"), QString(), QObject::tr("PDF files (*.pdf)"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("pdf"));
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    // Offered: the folder of the last export (else Documents), named after the plan and the day.
    Settings settings;
    dialog.setDirectory(settings.exportFolder());
    dialog.selectFile(report::suggestedFileName(editor.plan().name, QDate::currentDate(), QStringLiteral("pdf")));
    auto *size = new QComboBox(&dialog);
    size->setObjectName(QStringLiteral("pdfPageSize"));
    size->addItems({QObject::tr("A4"), QObject::tr("US Letter")});
    if (auto *layout = qobject_cast<QGridLayout *>(dialog.layout())) {
        const int row = layout->rowCount();
        layout->addWidget(new QLabel(QObject::tr("Page size:"), &dialog), row, 0);
        layout->addWidget(size, row, 1);
    }
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().first();
    settings.rememberExport(path);
    const ReportPageSize pageSize = size->currentIndex() == 1 ? ReportPageSize::Letter : ReportPageSize::A4;
    const Status s = whileBusy(parent, QObject::tr("Writing the PDF report…"), [&] { return exportPdf(editor, path, pageSize); });
    report(parent, QObject::tr("Export PDF"), s, QObject::tr("The report was written to %1.").arg(QDir::toNativeSeparators(path)));
}

void exportCsvWithDialog(QWidget *parent, const PlanEditor &editor)
{
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("exportCsvDialog"));
    dialog.setWindowTitle(QObject::tr("Export CSV"));
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(QObject::tr("Tables to write (RFC 4180 CSV, UTF-8, full precision):"), &dialog));
    const QList<std::pair<unsigned, QString>> choices{{MonthlyTable, QObject::tr("Monthly costs of every scenario and category")},
                                                      {YearlyTable, QObject::tr("Yearly and per-scenario summaries by category")},
                                                      {BreakEvenTable, QObject::tr("Break-even sweep")},
                                                      {PriceHistoryTable, QObject::tr("Price history of the plan's instances")}};
    QList<std::pair<unsigned, QCheckBox *>> boxes;
    for (const auto &[flag, label] : choices) {
        auto *box = new QCheckBox(label, &dialog);
        box->setChecked(true);
        layout->addWidget(box);
        boxes.append({flag, box});
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    unsigned tables = 0;
    for (const auto &[flag, box] : boxes)
        if (box->isChecked())
            tables |= flag;
    if (tables == 0)
        return;
    // Starts in the folder of the last export (else Documents); the files are named by table (monthly.csv, ...) with
    // a README.txt.
    Settings settings;
    const QString dir = QFileDialog::getExistingDirectory(parent, QObject::tr("Folder for the CSV files"),
                                                          settings.exportFolder());
    if (dir.isEmpty())
        return;
    settings.rememberExport(dir, true);
    report(parent, QObject::tr("Export CSV"), exportCsv(editor, dir, tables),
           QObject::tr("The CSV files were written to %1.").arg(QDir::toNativeSeparators(dir)));
}

} // namespace mltco::ui

#pragma once

#include "listing.h"
#include "models/common/expected.h"
#include "models/store/document.h"

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <memory>

namespace mltco::cli {

/// Exit codes of mltco-cli (README "mltco-cli").
/// ExitNetwork: an update from an address failed on the network (no answer, a status other than 200/304, a body
/// cut short, a server gone silent).
enum ExitCode : int { ExitOk = 0, ExitInvalidInput = 1, ExitUsage = 2, ExitNetwork = 3 };

/// Where a command writes: standard output for results, standard error for messages.
struct Io final
{
    QTextStream &out;
    QTextStream &err;
};

/// Prints "mltco-cli: <message>" and a hint to standard error; returns ExitUsage.
int usageError(Io &io, const QString &message, const QString &usage);

/// Prints an error and its details (one per line) to standard error; returns ExitInvalidInput.
int inputError(Io &io, const QString &message, const QStringList &details = {});

/// Writes a listing (writeListing()) to standard output after whatever `io.out` holds; ExitOk, or an input error when
/// standard output cannot be opened or written. `complete` as writeListing() takes it.
int writeRowsToStdout(
    Io &io, const QString &format, const QStringList &header, const RowSource &rows,
    const std::function<bool()> &complete = [] { return true; });

/// Opens the document named by --document, or the default document (created from the seed catalog
/// on first use) when `path` is empty.
Expected<std::unique_ptr<store::Document>> openDocumentOption(const QString &path);

// One entry point per top-level command; `args` excludes the program and command names.
int runCatalog(const QStringList &args, Io &io);
int runEvaluate(const QStringList &args, Io &io);
int runCalc(const QStringList &args, Io &io);
int runReport(const QStringList &args, Io &io);
/// `mltco-cli store copy SOURCE DEST`: a document between a file and a team store.
int runStore(const QStringList &args, Io &io);
/// Every `--store URL` (or `--store=URL`) in `args` as `--document URL`: a team store is a document like a file.
QStringList storeAsDocument(const QStringList &args);
/// `mltco-cli plan list|save|show|remove`: the plans a document keeps.
int runPlan(const QStringList &args, Io &io);
/// `mltco-cli analyze PLAN.json`: tornado and Monte Carlo (model.md §10.9).
int runAnalyze(const QStringList &args, Io &io);
int runOptimize(const QStringList &args, Io &io);
/// `mltco-cli actuals import|list|bills|remove|compare`: actual spend from FOCUS bills, held against a plan.
int runActuals(const QStringList &args, Io &io);
/// `mltco-cli fx import|list|rate|add`: exchange rates (model.md §13).
int runFx(const QStringList &args, Io &io);
/// `mltco-cli catalog update SOURCE`: a provider's price files fetched from its address and imported.
int runCatalogUpdate(const QStringList &args, Io &io);
/// `mltco-cli fx update`: the ECB's rate history fetched and imported.
int runFxUpdate(const QStringList &args, Io &io);

} // namespace mltco::cli

#pragma once

#include "models/catalog/catalogeditor.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/pricerecords.h"
#include "models/catalog/importers/importdata.h"
#include "models/catalog/importers/importwriter.h"
#include "models/catalog/importers/pricefile.h"
#include "models/common/expected.h"
#include "models/common/progress.h"

#include <QDate>
#include <QIODevice>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace mltco::catalog {

struct ImportRequest final
{
    QString path; ///< the price file (for Azure Retail Prices, a page or a folder of pages)
    PriceFileFormat format = PriceFileFormat::GenericCsv;
    /// observedAt required but for feeds that date their prices (formatDatesItsPrices()); fileName defaults to the
    /// file's name
    ImportOptions options;
    QString documentPath;  ///< the open document; the import writes through a connection of its own
    /// Rows handed to the writer at a time. Each chunk goes into the table in the price index's order, so larger
    /// chunks keep one instance type's history on fewer pages; three in flight cost a few tens of MB whatever the
    /// file's size. The default suits every file; a test makes a file of several chunks smaller with a smaller one.
    qsizetype chunkRows = 65536;
    /// OwnTransaction: the import commits by itself. InsideCallersTransaction: it is one part of the caller's
    /// transaction (an update that lands several files at once), kept or undone with it.
    ImportWriter::Nesting nesting = ImportWriter::Nesting::OwnTransaction;
    /// A file still being written (a download read as it arrives): opens the device the parser reads instead of
    /// `path` itself (one-file formats only), which waits for more bytes until the writer is done and fails when it
    /// failed. `path` is still named in messages.
    std::function<std::unique_ptr<QIODevice>()> openInput = {};
    /// With openInput: the input's SHA-256 once it is whole (the download computes it), instead of reading the file.
    /// It may wait for the input to be whole, and returns early (an Error) once `stopped()` says the import no
    /// longer needs it (the file was refused).
    std::function<Expected<QString>(const std::function<bool()> &stopped)> sha256 = {};
};

struct ImportResult final
{
    bool cancelled = false; ///< stopped by the user: nothing was written
    ImportSummary summary;
    QDate observedAt; ///< the import's date: the one asked for, else the feed's own (its prices keep theirs)
    int rowsRead = 0;
    int rowsSkipped = 0;
    QStringList notes;
};

using mltco::ImportProgress;

/// Reads, checks and writes a price file into the document open on `db` in one pass and ONE transaction
/// (ImportWriter): a parser thread hands chunks of rows through a short queue to the writer on this thread, while a
/// third computes the file's SHA-256, so parsing, hashing and writing overlap and memory stays flat whatever the size
/// of the file. A bad row, a cancel (through `progress`) or a failed write rolls everything back: the document is
/// left as it was. What `mltco-cli catalog import` runs; request.documentPath is not used.
Expected<ImportResult> importPriceFile(const QSqlDatabase &db, const ImportRequest &request, ImportProgress &progress);

/// importPriceFile() on a connection of its own to request.documentPath, so it runs on any thread (the WAL
/// journal lets the GUI's connection keep reading): what the import dialog runs.
Expected<ImportResult> runImport(const ImportRequest &request, ImportProgress &progress);


/// Clouds whose SkyPilot catalogs mltco knows by name.
QStringList skyPilotClouds();
/// The cloud a SkyPilot file lists, from its folder (catalogs/v8/<cloud>/vms.csv) or a word of its
/// name ("gcp-vms.csv"); empty when neither says or the name is ambiguous.
QString guessSkyPilotCloud(const QString &path);

} // namespace mltco::catalog

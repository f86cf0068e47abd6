#pragma once

#include "models/catalog/catalogeditor.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/pricerecords.h"
#include "models/catalog/importers/importdata.h"
#include "models/catalog/importers/importwriter.h"
#include "models/catalog/importers/pricefile.h"
#include "models/common/expected.h"

#include <QDate>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
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

/// Progress of an import, shared by the thread that runs it and the one that shows it.
class ImportProgress final
{
public:
    /// Reading: the file is read, checked and written as it goes (done and total count its bytes; rowsWritten
    /// the prices written so far). Finishing: the price index is built and the import committed.
    enum class Stage { Reading, Finishing };

    void cancel() { m_cancelled = true; }
    bool isCancelled() const { return m_cancelled; }
    Stage stage() const { return m_stage; }
    qint64 done() const { return m_done; }
    qint64 total() const { return m_total; }
    qint64 rowsWritten() const { return m_rows; }
    void setRowsWritten(qint64 n) { m_rows = n; }

    void start(Stage stage, qint64 total)
    {
        m_done = 0;
        m_total = total;
        m_stage = stage;
    }
    void advance(qint64 n) { m_done += n; }

private:
    std::atomic<bool> m_cancelled = false;
    std::atomic<Stage> m_stage = Stage::Reading;
    std::atomic<qint64> m_done = 0;
    std::atomic<qint64> m_total = 0;
    std::atomic<qint64> m_rows = 0;
};

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

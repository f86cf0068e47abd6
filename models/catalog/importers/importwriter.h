#pragma once

#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importdata.h"
#include "models/catalog/importers/pricebulkinsert.h"
#include "models/common/expected.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace mltco::catalog {

/// Where an imported file came from; recorded as its source and import batch.
struct ImportSource final
{
    QString fileName; ///< the file's name as the user gave it
    QString sha256;   ///< hex SHA-256 of the file's bytes
    QDate observedAt; ///< the date the file's prices were observed
};

/// What an import added.
struct ImportSummary final
{
    bool alreadyImported = false; ///< the same file (same SHA-256 and date) was imported before: nothing added
    int providersAdded = 0;
    int instancesAdded = 0;
    int gpusAdded = 0;
    int pricesAdded = 0;
    QHash<QString, int> pricesByProvider;
    qint64 batchId = 0;
};

/// What an import added, in words: "408 price points, 21 new instance types, no new provider, 2 new GPU models".
QString describeAdded(const ImportSummary &summary);

/// Price rows on their way from a parser to the document, with the providers and instance types the file first
/// named since the previous chunk (rows may name them).
struct PriceChunk final
{
    QList<Provider> providers;
    QList<InstanceType> instances;
    QList<PricePoint> prices;
    /// Optional (empty: the writer looks the names up): for each price, its instance type's position among all the
    /// `instances` of the import's chunks so far (the import runner's parser thread sets these).
    std::vector<qsizetype> instanceOrdinals;
};

/// Writes one import into a document in ONE transaction while the file is still being read: begin() opens the
/// transaction and the import batch, write() adds each chunk as it arrives, finish() completes and commits. A
/// writer destroyed before finish() rolls everything back, so a cancelled, refused or failed import leaves the
/// document exactly as it was.
///
/// The file's SHA-256 (its identity for re-imports) is known only once the whole file is read, so the batch and
/// its source are written under a provisional key and named at finish(); an import of a file already imported
/// with the same date is then rolled back and reported as such.
class ImportWriter final
{
public:
    /// Whether the writer holds its own transaction, or writes one part of the caller's (an update that lands
    /// several files in one transaction): then it writes under a savepoint, finish() keeps its part and a writer
    /// destroyed before finish() undoes only its own.
    enum class Nesting { OwnTransaction, InsideCallersTransaction };
    explicit ImportWriter(const QSqlDatabase &db, Nesting nesting = Nesting::OwnTransaction);
    ~ImportWriter();
    ImportWriter(const ImportWriter &) = delete;
    ImportWriter &operator=(const ImportWriter &) = delete;

    /// `format` is the parser's ("csv", "skypilot"); rows without a date take `observedAt`.
    /// `origin` is recorded with the batch (a fetched file's address and validators).
    Status begin(const QString &format, const QString &fileName, const QDate &observedAt,
                 const ImportOrigin &origin = {});
    /// Adds the chunk's new providers and instance types that the document lacks, then its prices. On a team store the
    /// prices go by one COPY that stays open across write() calls: until flush() or finish(), the connection runs
    /// nothing else.
    Status write(const PriceChunk &chunk, const ImportProgressFn &progress = {});
    /// Ends a team store's COPY under way (the next write() starts another), so that a statement of the caller's can
    /// run on the connection; a refusal of the rows written so far comes back here. Nothing to do on a file.
    Status flush();
    qint64 written() const;
    /// The batch of this file (by its SHA-256) and date when one was imported before.
    std::optional<qint64> importedBefore(const QString &sha256) const;
    /// `whole` is what the parser made of the entire file (its prices are not needed): providers and instance
    /// types this import created take the description the whole file gives them (a later row may add a GPU),
    /// and any it names without a price are created too. Then the batch is named by `sha256` and committed.
    /// `cancelled` is asked before the index is built and before the commit: true rolls back and returns an Error
    /// whose message is importCancelledMessage().
    Expected<ImportSummary> finish(const ImportData &whole, const QString &sha256,
                                   const std::function<bool()> &cancelled = {});

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// Writes a parsed file held whole in memory (tests, small files) in ONE transaction: providers, GPUs and instance types it names that the
/// document lacks, then every price observation tagged with a new import batch. Re-importing the
/// same file (same SHA-256 and observation date) adds nothing. `progress` is told how far the
/// price rows have got; when it returns false the import is rolled back and an Error whose message
/// is importCancelledMessage() returned.
    Expected<ImportSummary> applyImport(const QSqlDatabase &db, const ImportData &data, const ImportSource &source,
                                    const ImportProgressFn &progress = {});

} // namespace mltco::catalog

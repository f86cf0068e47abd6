#pragma once

#include "models/catalog/types.h"

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace mltco::catalog {

/// What a price-catalog file says, parsed and validated, before it touches a document.
/// Parsers fill it; applyImport() (importwriter.h) writes it in one transaction.
struct ImportData final
{
    QString format;                ///< priceFileFormatKey(): "csv", "skypilot", "azure-retail", ...
    QList<Provider> providers;     ///< every provider the file names (created when absent)
    QList<InstanceType> instances; ///< every instance type the file names (created when absent)
    QList<PricePoint> prices;      ///< one row per observation; PricePoint::source is left empty
    /// What the file says of the GPUs its instance types name (maker, memory per GPU), by the name the instance
    /// types use: given to a GPU the import adds to the catalog, never to one the catalog already has.
    QList<Gpu> gpus;
    int rowsRead = 0;              ///< data rows in the file
    int rowsSkipped = 0;           ///< rows deliberately left out (e.g. CPU-only, by option)
    QStringList notes;             ///< things a user should know, e.g. "12 rows had no spot price"
    QString licence;               ///< the data's licence where the feed has one ("CC BY-SA 4.0"), else empty
};

/// Where a file fetched from an address came from (mltco-cli catalog update, fx update): recorded with its import
/// batch, so the next update can ask the server whether anything changed. Empty for a file imported from disk.
struct ImportOrigin final
{
    QString address;      ///< the URL the bytes came from (after redirects: the one asked for)
    QString etag;         ///< the server's ETag, as it sent it
    QString lastModified; ///< the server's Last-Modified, as it sent it
    QDateTime retrievedAt; ///< when the last byte arrived (UTC)

    /// A text column as the document stores it: '' for none, never NULL.
    static QString column(const QString &text) { return text.isNull() ? QStringLiteral("") : text; }
};

struct ImportOptions final
{
    /// Date of every observation in the file: required by the parsers of CSV files; the Azure Retail Prices and
    /// Spare Cores parsers date each price as the feed does when it is null, and date every price with it when set.
    QDate observedAt;
    QString fileName;         ///< for `file:line: reason` messages
    QString provider;         ///< SkyPilot: the cloud the file lists ("aws", "gcp", "lambda", ...)
    bool skipCpuOnly = false; ///< SkyPilot: leave out rows without an accelerator
    ImportOrigin origin = {}; ///< a fetched file's address and the server's validators
};

/// Where a parser puts each price row it reads, instead of ImportData::prices, so that an import can write rows
/// while the file is still being read (memory does not grow with the file). `soFar` is what the parser has made of
/// the file until now: the providers and instance types the row may name are in it. Rows stop coming once the
/// file has a bad row (a refused file writes nothing).
class PriceSink
{
public:
    virtual ~PriceSink() = default;
    virtual void add(PricePoint &&price, const ImportData &soFar) = 0;
};

/// At most this many `file:line: reason` messages are reported for one rejected file.
inline constexpr int kMaxImportErrors = 50;

} // namespace mltco::catalog

#pragma once

#include "models/catalog/fxrates.h"
#include "models/catalog/importers/importdata.h"
#include "models/common/expected.h"

#include <QByteArray>
#include <QDate>
#include <QString>
#include <QStringList>

#include <vector>

namespace mltco::catalog {

/// The largest rate file read (once inflated): the ECB's whole history since 1999 is under 2 MB.
inline constexpr qint64 kMaxRateFileBytes = 64 * 1024 * 1024;

/// The European Central Bank's reference rates as one of its files holds them (docs/import-formats.md, "Exchange
/// rates"): `eurofxref-hist.zip` (one CSV inside), that CSV (`Date,USD,JPY,…,` newest day first, every line ending in
/// a comma, `N/A` where a currency has no rate that day), or the single-day `eurofxref.csv` (`Date, USD, …` with
/// blanks after the commas and the day written "13 April 2026").
struct EcbRates final
{
    QStringList currencies;      ///< as the header names them
    std::vector<FxQuote> quotes; ///< every rate the file gives (source left empty)
    int days = 0;                ///< data lines read
    int notAvailable = 0;        ///< N/A (or empty) cells
    QDate first, last;           ///< the oldest and newest day
};

/// Reads an ECB rate file from its bytes (a zip is opened, its CSV read). A bad file or line is refused with its
/// line number: a header that does not start with Date, a column that is not a currency code or comes twice, a line
/// with another number of cells, a day that is not a date or comes twice, a rate that is not a number above 0.
Expected<EcbRates> readEcbRates(const QByteArray &bytes, const QString &fileName);

/// What importEcbRates did.
struct EcbImportResult final
{
    EcbRates rates;
    FxWriteResult written;
    qint64 batchId = 0; ///< the import batch recording the file (one made before, when the same file was imported)
};

/// Imports the ECB rate file at `path` into the document: read and checked whole first, then written in one
/// transaction under a source naming the file and its SHA-256, recorded as an import batch (format "ecb") with
/// `origin` (a fetched file's address and the server's validators). A file refused leaves the document as it was.
/// `fileName` names the file in messages and the source (default: the file's own name).
Expected<EcbImportResult> importEcbRates(const QSqlDatabase &db, const QString &path, const ImportOrigin &origin = {},
                                         const QString &fileName = {});

} // namespace mltco::catalog

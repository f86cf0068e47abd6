#include "models/catalog/importers/ecbrates.h"

#include "models/catalog/importers/csvreader.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/common/currency.h"
#include "models/common/zipfile.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDateTime>
#include <QSqlQuery>
#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <set>

namespace mltco::catalog {
namespace {

QString cellText(QByteArrayView field)
{
    return QString::fromUtf8(field).trimmed();
}

// "2026-04-13" in the history, "13 April 2026" in the single-day file.
QDate parseDay(const QString &text)
{
    if (const std::optional<QDate> iso = import::parseIsoDate(text.toUtf8()))
        return *iso;
    return QLocale::c().toDate(text, QStringLiteral("d MMMM yyyy"));
}

} // namespace

Expected<EcbRates> readEcbRates(const QByteArray &bytes, const QString &fileName)
{
    const QString name = import::displayFileName(fileName);
    QByteArray csv;
    if (isZip(bytes)) {
        Expected<QByteArray> member = readZipMember(bytes, QStringLiteral(".csv"), kMaxRateFileBytes);
        if (!member)
            return Error{QStringLiteral("%1 is not an ECB rate file: %2.").arg(name, member.error().message), {}};
        csv = std::move(*member);
    } else {
        csv = bytes;
    }
    if (!isValidUtf8(csv))
        return Error{QStringLiteral("%1 is not an ECB rate file: it is not text (UTF-8).").arg(name), {}};

    QBuffer device(&csv);
    device.open(QIODevice::ReadOnly);
    CsvReader reader(device);
    const QString expected =
        QStringLiteral("an ECB rate file starts with a header line \"Date,USD,JPY,…\" (eurofxref-hist.csv or "
                       "eurofxref.csv, or the zip that holds it)");
    switch (reader.next()) {
    case CsvReader::Status::End:
        return Error{QStringLiteral("%1 is empty: %2.").arg(name, expected), {}};
    case CsvReader::Status::SyntaxError:
    case CsvReader::Status::ReadError:
        return import::fileError(fileName, reader.line(), reader.errorString());
    case CsvReader::Status::Record:
        break;
    }
    EcbRates out;
    const int headerLine = reader.line();
    qsizetype columns = reader.fieldCount();
    // Every line of the ECB's files ends in a comma: an empty last cell that is no column.
    if (columns > 1 && cellText(reader.field(columns - 1)).isEmpty())
        --columns;
    if (columns < 2 || cellText(reader.field(0)).compare(QLatin1String("Date"), Qt::CaseInsensitive) != 0)
        return import::fileError(fileName, headerLine, QStringLiteral("this is not an ECB rate file: ") + expected);
    for (qsizetype i = 1; i < columns; ++i) {
        const QString code = cellText(reader.field(i));
        if (!isCurrencyCode(code))
            return import::fileError(fileName, headerLine,
                                     QStringLiteral("column %1 is \"%2\", not a currency code (three capital letters)")
                                         .arg(i + 1)
                                         .arg(code.left(40)));
        if (code == QLatin1String("EUR"))
            return import::fileError(fileName, headerLine,
                                     QStringLiteral("column %1 is EUR, which the ECB's rates are quoted against")
                                         .arg(i + 1));
        if (out.currencies.contains(code))
            return import::fileError(fileName, headerLine, QStringLiteral("the column %1 comes twice").arg(code));
        out.currencies << code;
    }

    import::RowErrors errors(fileName, QStringLiteral("line"));
    std::set<QDate> seen;
    for (;;) {
        const CsvReader::Status status = reader.next();
        if (status == CsvReader::Status::End)
            break;
        if (status == CsvReader::Status::ReadError)
            return import::fileError(fileName, reader.line(), reader.errorString());
        if (status == CsvReader::Status::SyntaxError) {
            errors.add(reader.line(), reader.errorString());
            continue;
        }
        const int line = reader.line();
        qsizetype cells = reader.fieldCount();
        if (cells == columns + 1 && cellText(reader.field(cells - 1)).isEmpty())
            --cells;
        if (cells != columns) {
            errors.add(line, QStringLiteral("%1 cells where the header has %2").arg(cells).arg(columns));
            continue;
        }
        const QString dayText = cellText(reader.field(0));
        const QDate day = parseDay(dayText);
        if (!day.isValid()) {
            errors.add(line, QStringLiteral("the day \"%1\" is not a date (YYYY-MM-DD)").arg(dayText.left(40)));
            continue;
        }
        if (!seen.insert(day).second) {
            errors.add(line, QStringLiteral("the day %1 comes twice").arg(day.toString(Qt::ISODate)));
            continue;
        }
        ++out.days;
        if (!out.first.isValid() || day < out.first)
            out.first = day;
        if (!out.last.isValid() || day > out.last)
            out.last = day;
        for (qsizetype i = 1; i < columns; ++i) {
            const QByteArrayView field = reader.field(i);
            const QString cell = cellText(field);
            if (cell.isEmpty() || cell == QLatin1String("N/A")) {
                ++out.notAvailable;
                continue;
            }
            const import::Number number = import::parseNonNegative(field);
            if (number.status != import::NumberStatus::Ok || number.value <= 0.0) {
                errors.add(line, number.status == import::NumberStatus::Ok
                                     ? QStringLiteral("%1 is %2; a rate must be above 0 (units per 1 EUR)")
                                           .arg(out.currencies[i - 1], cell.left(40))
                                     : import::numberProblem(out.currencies[i - 1], field, number.status));
                continue;
            }
            out.quotes.push_back(FxQuote{out.currencies[i - 1], day, number.value, {}});
        }
    }
    if (!errors.isEmpty())
        return errors.toError();
    if (out.days == 0)
        return import::fileError(fileName, headerLine, QStringLiteral("the file has a header but no day of rates"));
    return out;
}

namespace {

/// Records a rate file as an import batch (format "ecb", dated by its newest day), in the caller's transaction: the
/// imports listing shows it beside the price files, and an update asks its server with the validators kept here. A
/// file imported before for the same day keeps its batch.
Expected<qint64> recordRateBatch(const QSqlDatabase &db, const FxSource &source, const EcbRates &rates,
                                 const FxWriteResult &written, const ImportOrigin &origin)
{
    const QString day = rates.last.toString(Qt::ISODate);
    Expected<QSqlQuery> before = store::exec(db, QStringLiteral("SELECT id FROM import_batch WHERE sha256 = ? AND "
                                                                "observed_at = ?"),
                                             {source.sha256, day});
    if (!before)
        return before.error();
    if (before->next())
        return before->value(0).toLongLong();
    before->finish();
    Expected<QSqlQuery> sourceRow = store::exec(db, QStringLiteral("SELECT id FROM source WHERE key = ?"), {source.key});
    if (!sourceRow)
        return sourceRow.error();
    if (!sourceRow->next())
        return Error{QStringLiteral("The rates' source %1 is missing").arg(source.key), {}};
    const qint64 sourceId = sourceRow->value(0).toLongLong();
    sourceRow->finish();
    Expected<QSqlQuery> q = store::exec(
        db,
        QStringLiteral("INSERT INTO import_batch (source_id, format, file_name, sha256, observed_at, imported_at, "
                       "rows_added, origin, etag, last_modified, retrieved_at) VALUES (?, 'ecb', ?, ?, ?, ?, ?, ?, ?, ?, "
                       "?) RETURNING id"),
        {sourceId, source.reference, source.sha256, day, QDateTime::currentDateTimeUtc().toString(Qt::ISODate),
         written.added + written.changed, ImportOrigin::column(origin.address), ImportOrigin::column(origin.etag), ImportOrigin::column(origin.lastModified),
         origin.retrievedAt.isValid() ? QVariant(origin.retrievedAt.toUTC().toString(Qt::ISODate))
                                      : QVariant(QMetaType(QMetaType::QString))});
    if (!q)
        return q.error();
    return store::insertedId(*q);
}

} // namespace

Expected<EcbImportResult> importEcbRates(const QSqlDatabase &db, const QString &path, const ImportOrigin &origin,
                                         const QString &givenName)
{
    const QString fileName = givenName.isEmpty() ? QFileInfo(path).fileName() : givenName;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("Could not open %1: %2").arg(path, file.errorString()), {}};
    if (file.size() > kMaxRateFileBytes)
        return Error{QStringLiteral("%1 is not an ECB rate file: it is %2 MB, and the ECB's whole history is under 2 "
                                    "MB (at most %3 MB are read).")
                         .arg(fileName)
                         .arg(file.size() / (1024 * 1024))
                         .arg(kMaxRateFileBytes / (1024 * 1024)),
                     {}};
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError)
        return Error{QStringLiteral("Could not read %1: %2").arg(path, file.errorString()), {}};
    Expected<EcbRates> rates = readEcbRates(bytes, fileName);
    if (!rates)
        return rates.error();
    // The hash of the bytes just read (at most 64 MB), not of the file read again: the source names what was imported.
    const QString sha = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());

    store::Transaction tx(db);
    if (!tx.isActive())
        return Error{QStringLiteral("Could not start writing the rates: %1").arg(tx.errorString()), {}};
    const FxSource source{QStringLiteral("import:") + sha, QStringLiteral("import"),
                          QStringLiteral("European Central Bank euro foreign exchange reference rates (%1)").arg(fileName),
                          fileName, sha};
    Expected<FxWriteResult> written = writeRates(db, source, rates->quotes);
    if (!written)
        return written.error();
    Expected<qint64> batch = recordRateBatch(db, source, *rates, *written, origin);
    if (!batch)
        return batch.error();
    if (!tx.commit())
        return Error{QStringLiteral("The rates could not be saved: %1. Nothing was imported.").arg(tx.errorString()),
                     {}};
    return EcbImportResult{std::move(*rates), *written, *batch};
}

} // namespace mltco::catalog

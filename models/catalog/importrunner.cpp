#include "models/catalog/importrunner.h"

#include "models/catalog/importhelpers.h"
#include "models/catalog/pricefile.h"
#include "models/store/sqlutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QUuid>

#include <memory>
#include <sqlite3.h>

namespace mltco::catalog {
namespace {

/// Hands a file to a parser while counting the bytes read and honouring a cancel: a cancelled read
/// fails, so the parser stops at once.
class WatchedReader final : public QIODevice
{
public:
    WatchedReader(QIODevice &in, ImportProgress &progress) : m_in(in), m_progress(progress) {}
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        if (m_progress.isCancelled()) {
            setErrorString(QStringLiteral("cancelled"));
            return -1;
        }
        const qint64 n = m_in.read(data, maxSize);
        if (n > 0)
            m_progress.advance(n);
        else if (n < 0)
            setErrorString(m_in.errorString());
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QIODevice &m_in;
    ImportProgress &m_progress;
};

/// A connection of this thread's own to the document, removed when it goes out of scope.
class WorkerConnection final
{
public:
    explicit WorkerConnection(const QString &path)
        : m_name(QStringLiteral("mltco-import-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        if (!db.open()) {
            m_error = db.lastError().text();
            return;
        }
        for (const char *pragma :
             {"PRAGMA foreign_keys = ON", "PRAGMA synchronous = FULL", "PRAGMA busy_timeout = 5000"})
            if (Status s = store::execPlain(db, QString::fromLatin1(pragma)); !s)
                m_error = s.error().message;
    }
    ~WorkerConnection()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    WorkerConnection(const WorkerConnection &) = delete;
    WorkerConnection &operator=(const WorkerConnection &) = delete;

    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }
    QString errorString() const { return m_error; }

private:
    QString m_name;
    QString m_error;
};

using store::columnBytes;
using store::sqliteHandle;

const char kPriceColumns[] =
    "SELECT pp.id, pp.instance_type_id, p.name, i.name, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, "
    "pp.observed_at, s.key, pp.note, s.kind, COALESCE(pp.batch_id, 0) "
    "FROM price_point pp JOIN instance_type i ON i.id = pp.instance_type_id JOIN provider p ON p.id = i.provider_id "
    "JOIN source s ON s.id = pp.source_id ";

} // namespace

QList<PriceRecord> readPriceRecords(const QSqlDatabase &db, const QString &where, const QList<qint64> &ints,
                                    const QString &text, std::optional<Error> *failure)
{
    QList<PriceRecord> out;
    sqlite3 *handle = sqliteHandle(db);
    sqlite3_stmt *stmt = nullptr;
    const QByteArray sql = QByteArray(kPriceColumns) + where.toUtf8();
    const auto fail = [&](const QString &detail) {
        if (failure && !*failure)
            *failure = store::damage(detail);
    };
    if (!handle || sqlite3_prepare_v2(handle, sql.constData(), -1, &stmt, nullptr) != SQLITE_OK) {
        fail(handle ? QString::fromUtf8(sqlite3_errmsg(handle)) : QStringLiteral("not an SQLite database"));
        sqlite3_finalize(stmt);
        return out;
    }
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> finalizer(stmt, sqlite3_finalize);
    int index = 1;
    for (qint64 v : ints)
        sqlite3_bind_int64(stmt, index++, v);
    const QByteArray utf8 = text.toUtf8();
    if (!text.isNull())
        sqlite3_bind_text(stmt, index, utf8.constData(), static_cast<int>(utf8.size()), SQLITE_STATIC);
    import::StringPool strings; // a million rows name a few hundred instance types and regions
    QByteArray lastDateText;
    QDate lastDate;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        PriceRecord r;
        r.id = sqlite3_column_int64(stmt, 0);
        r.instanceId = sqlite3_column_int64(stmt, 1);
        PricePoint &p = r.price;
        p.provider = strings.intern(columnBytes(stmt, 2));
        p.instance = strings.intern(columnBytes(stmt, 3));
        p.region = strings.intern(columnBytes(stmt, 4));
        p.zone = strings.intern(columnBytes(stmt, 5));
        p.pricing = pricingModelFromKey(strings.intern(columnBytes(stmt, 6))).value_or(PricingModel::OnDemand);
        if (sqlite3_column_type(stmt, 7) != SQLITE_NULL)
            p.amount = sqlite3_column_double(stmt, 7);
        p.unit = columnBytes(stmt, 8) == "month" ? PriceUnit::Month : PriceUnit::Hour;
        const QByteArrayView date = columnBytes(stmt, 9);
        if (date != lastDateText) {
            lastDateText = date.toByteArray();
            lastDate = QDate::fromString(QString::fromLatin1(lastDateText), Qt::ISODate);
        }
        p.observedAt = lastDate;
        p.source = strings.intern(columnBytes(stmt, 10));
        p.note = strings.intern(columnBytes(stmt, 11));
        r.sourceKind = strings.intern(columnBytes(stmt, 12));
        r.batchId = sqlite3_column_int64(stmt, 13);
        out.append(std::move(r));
    }
    if (rc != SQLITE_DONE)
        fail(QString::fromUtf8(sqlite3_errmsg(handle)));
    return out;
}

Expected<ImportResult> runImport(const ImportRequest &request, ImportProgress &progress)
{
    ImportResult result;
    ImportOptions options = request.options;
    if (options.fileName.isEmpty())
        options.fileName = QFileInfo(request.path).fileName();
    if (!options.observedAt.isValid())
        return Error{QStringLiteral("Say when the prices in %1 were observed.").arg(options.fileName), {}};
    if (request.format == PriceFileFormat::SkyPilot && options.provider.isEmpty())
        return Error{QStringLiteral("Say which cloud %1 lists (e.g. aws, gcp, lambda).").arg(options.fileName), {}};

    QFile file(request.path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{
            QStringLiteral("Cannot read \"%1\": %2").arg(QDir::toNativeSeparators(request.path), file.errorString()),
            {}};
    progress.start(ImportProgress::Stage::Reading, file.size());
    WatchedReader reader(file, progress);
    reader.open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    Expected<ParsedPriceFile> parsed = readPriceFile(request.path, reader, request.format, options);
    if (progress.isCancelled()) {
        result.cancelled = true;
        return result;
    }
    if (!parsed)
        return parsed.error();
    const ImportData *data = &parsed->data;
    const QString &sha = parsed->sha256;
    result.rowsRead = data->rowsRead;
    result.rowsSkipped = data->rowsSkipped;
    result.notes = data->notes;

    WorkerConnection connection(request.documentPath);
    if (!connection.errorString().isEmpty())
        return Error{QStringLiteral("The document cannot be opened for the import: %1").arg(connection.errorString()),
                     {}};
    CatalogRepository repo(connection.database());
    progress.start(ImportProgress::Stage::Writing, data->prices.size());
    Expected<ImportSummary> summary = repo.applyImport(*data, ImportSource{options.fileName, sha, options.observedAt},
                                                       [&progress](qint64 done, qint64 total) {
                                                           Q_UNUSED(total); // the same as data->prices.size()
                                                           progress.setDone(done);
                                                           return !progress.isCancelled();
                                                       });
    if (!summary) {
        if (summary.error().message != importCancelledMessage())
            return summary.error();
        result.cancelled = true;
        return result;
    }
    result.summary = *summary;
    if (!summary->alreadyImported) {
        progress.start(ImportProgress::Stage::Loading, 0);
        result.added = CatalogEditor(connection.database()).prices(summary->batchId);
    }
    return result;
}

Expected<std::vector<qint64>> withWorkerConnection(
    const QString &documentPath, const std::function<Expected<std::vector<qint64>>(const QSqlDatabase &)> &read)
{
    WorkerConnection connection(documentPath);
    if (!connection.errorString().isEmpty())
        return Error{QStringLiteral("The price history cannot be read: %1").arg(connection.errorString()), {}};
    return read(connection.database());
}

Expected<QList<PriceRecord>> readAllPrices(const QString &documentPath)
{
    WorkerConnection connection(documentPath);
    if (!connection.errorString().isEmpty())
        return Error{QStringLiteral("The price history cannot be read: %1").arg(connection.errorString()), {}};
    return CatalogEditor(connection.database()).prices();
}

QStringList skyPilotClouds()
{
    return {QStringLiteral("aws"),        QStringLiteral("gcp"),        QStringLiteral("azure"),
            QStringLiteral("lambda"),     QStringLiteral("oci"),        QStringLiteral("ibm"),
            QStringLiteral("runpod"),     QStringLiteral("fluidstack"), QStringLiteral("cudo"),
            QStringLiteral("paperspace"), QStringLiteral("do"),         QStringLiteral("vast"),
            QStringLiteral("nebius"),     QStringLiteral("hyperbolic"), QStringLiteral("scp")};
}

QString guessSkyPilotCloud(const QString &path)
{
    const QStringList clouds = skyPilotClouds();
    const QFileInfo info(path);
    const QString folder = info.absoluteDir().dirName().toLower();
    if (clouds.contains(folder))
        return folder;
    static const QRegularExpression separators(QStringLiteral("[^a-z0-9]+"));
    QString found;
    for (const QString &word : info.completeBaseName().toLower().split(separators, Qt::SkipEmptyParts)) {
        if (!clouds.contains(word))
            continue;
        if (!found.isEmpty() && found != word)
            return {};
        found = word;
    }
    return found;
}

} // namespace mltco::catalog

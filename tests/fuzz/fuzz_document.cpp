// Opening a document (docs/data-safety.md): whatever bytes a .mltco file holds, opening it either gives a
// document whose catalog and plans can be read, or a refusal in words that leaves the file byte for byte
// as it was. Seeds are real documents (made by bootstrap.sh fuzz) and short hostile files.
#include "fuzzsupport.h"
#include "models/catalog/catalogrepository.h"
#include "models/store/document.h"
#include "models/store/planstore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace mltco;

namespace {

QString documentPath()
{
    static QTemporaryDir dir;
    if (!dir.isValid())
        fuzz::fail("no temporary folder");
    return dir.filePath(QStringLiteral("fuzz.mltco"));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        fuzz::fail("cannot read back", path);
    return f.readAll();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::ensureApplication();
    const QString path = documentPath();
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(reinterpret_cast<const char *>(data), qint64(size)) != qint64(size))
            fuzz::fail("cannot write", path);
    }
    auto doc = store::Document::openExisting(path);
    if (!doc) {
        if (doc.error().message.isEmpty())
            fuzz::fail("refusal without a message");
        if (readAll(path) != fuzz::bytes(data, size))
            fuzz::fail("a refused file was changed:", doc.error().message);
        return 0;
    }
    const catalog::CatalogRepository repo((*doc)->database());
    (void)repo.sources();
    (void)repo.providers();
    (void)repo.gpus();
    (void)repo.instanceTypes();
    (void)repo.prices();
    const store::PlanStore plans((*doc)->database());
    (void)plans.plans();
    return 0;
}

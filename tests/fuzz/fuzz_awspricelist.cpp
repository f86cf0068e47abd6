// The AWS Price List bulk CSV importer (docs/import-formats.md, "AWS Price List bulk CSV"), read once keeping every
// instance type and once keeping only those with GPUs; awsPublicationDate() reads the same bytes.
#include "importinvariants.h"
#include "models/catalog/importers/awspricelistimporter.h"

#include <QBuffer>

using namespace mltco;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (const bool gpuOnly : {false, true}) {
        QByteArray input = fuzz::bytes(data, size);
        QBuffer in(&input);
        in.open(QIODevice::ReadOnly);
        catalog::ImportOptions options;
        options.observedAt = QDate(2026, 1, 15);
        options.fileName = QStringLiteral("index.csv");
        options.skipCpuOnly = gpuOnly;
        const auto parsed = catalog::parseAwsPriceList(in, options);
        if (!parsed) {
            if (parsed.error().message.isEmpty())
                fuzz::fail("refusal without a message");
            continue;
        }
        fuzz::checkImport(*parsed);
    }
    QByteArray input = fuzz::bytes(data, size);
    QBuffer in(&input);
    in.open(QIODevice::ReadOnly);
    if (const std::optional<QDate> published = catalog::awsPublicationDate(in); published && !published->isValid())
        fuzz::fail("an invalid publication date");
    return 0;
}

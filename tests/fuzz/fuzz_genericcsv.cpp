// The generic price CSV importer (docs/import-formats.md, "Generic CSV"): any bytes either parse into rows
// that are all plausible or are refused with at least one reason; nothing crashes, leaks or hangs.
#include "importinvariants.h"
#include "models/catalog/importers/genericcsvimporter.h"

#include <QBuffer>

using namespace mltco;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QByteArray input = fuzz::bytes(data, size);
    QBuffer in(&input);
    in.open(QIODevice::ReadOnly);
    catalog::ImportOptions options;
    options.observedAt = QDate(2026, 1, 15);
    options.fileName = QStringLiteral("fuzz.csv");
    const auto parsed = catalog::parseGenericCsv(in, options);
    if (!parsed) {
        if (parsed.error().message.isEmpty())
            fuzz::fail("refusal without a message");
        if (parsed.error().details.size() > catalog::kMaxImportErrors + 1)
            fuzz::fail("too many error lines", QString::number(parsed.error().details.size()));
        return 0;
    }
    fuzz::checkImport(*parsed);
    return 0;
}

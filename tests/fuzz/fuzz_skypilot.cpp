// The SkyPilot vms.csv importer (docs/import-formats.md, "SkyPilot vms.csv"), read once as an AWS catalog and
// once as a GCP one (GCP prices its GPUs per zone and bundles them into VMs, a path of its own).
#include "importinvariants.h"
#include "models/catalog/importers/skypilotimporter.h"

#include <QBuffer>

using namespace mltco;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (const char *provider : {"aws", "gcp"}) {
        QByteArray input = fuzz::bytes(data, size);
        QBuffer in(&input);
        in.open(QIODevice::ReadOnly);
        catalog::ImportOptions options;
        options.observedAt = QDate(2026, 1, 15);
        options.fileName = QStringLiteral("vms.csv");
        options.provider = QString::fromLatin1(provider);
        const auto parsed = catalog::parseSkyPilotCsv(in, options);
        if (!parsed) {
            if (parsed.error().message.isEmpty())
                fuzz::fail("refusal without a message");
            continue;
        }
        fuzz::checkImport(*parsed);
    }
    return 0;
}

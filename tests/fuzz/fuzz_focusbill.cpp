// The FOCUS bill reader (docs/import-formats.md, "FOCUS bills"): the bytes read as a CSV export, and, when they start
// like gzip, inflated first as a .csv.gz would be. A catalog that knows every name starting with "p" as an 8-GPU type
// drives the catalog path too.
#include "fuzzsupport.h"
#include "models/actuals/focusbill.h"
#include "models/actuals/plancompare.h"
#include "models/common/currency.h"
#include "models/common/gzipdevice.h"

#include <QBuffer>

#include <cmath>

using namespace mltco;

namespace {

void check(const Expected<actuals::BillData> &bill)
{
    if (!bill) {
        if (bill.error().message.isEmpty())
            fuzz::fail("refusal without a message");
        return;
    }
    // One ISO 4217 currency per bill (model.md §13).
    if (bill->rowsUsed > bill->rowsRead || bill->corrections > bill->rowsUsed || !isCurrencyCode(bill->currency))
        fuzz::fail("row counts or currency", bill->currency);
    int rows = 0;
    for (const actuals::ActualCost &c : bill->costs) {
        if (!actuals::isMonth(c.month) || c.provider.isEmpty() || c.rows <= 0)
            fuzz::fail("a monthly sum without its month, provider or rows", c.month);
        if (!std::isfinite(c.effectiveCost) || !std::isfinite(c.billedCost) || !std::isfinite(c.gpuHours))
            fuzz::fail("a sum that is not finite");
        rows += c.rows;
    }
    if (rows != bill->rowsUsed)
        fuzz::fail("sums do not add up to the rows used");
    // The whole bill: every row once, and its GPU part the rows used.
    int charged = 0, gpuRows = 0;
    for (const actuals::ChargeSum &c : bill->charges) {
        if (!actuals::isMonth(c.month) || c.rows <= 0 || !std::isfinite(c.effectiveCost))
            fuzz::fail("a whole-bill sum without its month or rows, or not finite", c.month);
        charged += c.rows;
        if (c.kind == actuals::ChargeKind::Gpu)
            gpuRows += c.rows;
    }
    if (charged != bill->rowsRead || gpuRows != bill->rowsUsed)
        fuzz::fail("the whole bill does not count every row once");
    for (qsizetype i = 0; i < bill->periods.size(); ++i) {
        if (!actuals::isMonth(bill->periods[i].month))
            fuzz::fail("a period without its month", bill->periods[i].month);
        if (i > 0 &&
            !(std::tie(bill->periods[i - 1].provider, bill->periods[i - 1].billingAccount, bill->periods[i - 1].month) <
              std::tie(bill->periods[i].provider, bill->periods[i].billingAccount, bill->periods[i].month)))
            fuzz::fail("periods not sorted and unique");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    actuals::BillOptions options;
    options.fileName = QStringLiteral("bill.csv");
    options.catalogGpuCount = [](const QString &name) -> std::optional<double> {
        if (name.startsWith(QLatin1Char('p')))
            return 8.0;
        return std::nullopt;
    };
    QByteArray input = fuzz::bytes(data, size);
    QBuffer in(&input);
    in.open(QIODevice::ReadOnly);
    if (GzipDevice::isGzip(in)) {
        GzipDevice gzip(in);
        if (!gzip.open(QIODevice::ReadOnly))
            fuzz::fail("gzip device did not open");
        check(actuals::parseFocusBill(gzip, options));
        in.seek(0);
    }
    check(actuals::parseFocusBill(in, options));
    return 0;
}

#pragma once
// What every accepted price file must satisfy, whatever bytes it came from: the plausibility rules of
// docs/import-formats.md hold for each row the parser lets through.

#include "fuzzsupport.h"
#include "models/catalog/importers/importdata.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/catalog/importers/pricebulkinsert.h"

#include <cmath>

namespace mltco::fuzz {

inline void checkName(const char *what, const QString &name, bool mayBeEmpty = false)
{
    if (name.isEmpty() && !mayBeEmpty)
        fail(what, QStringLiteral("is empty"));
    if (name.size() > catalog::import::plausible::kNameLength)
        fail(what, QStringLiteral("is %1 characters long").arg(name.size()));
    for (const QChar c : name)
        if (c.category() == QChar::Other_Control || catalog::import::isInvisibleFormat(c.unicode()))
            fail(what, QStringLiteral("holds control or invisible character U+%1").arg(c.unicode(), 4, 16, QLatin1Char('0')));
}

inline void checkImport(const catalog::ImportData &data)
{
    using namespace catalog::import::plausible;
    for (const auto &p : data.providers)
        checkName("provider name", p.name);
    for (const auto &i : data.instances) {
        checkName("instance name", i.name);
        checkName("instance provider", i.provider);
        checkName("instance GPU", i.gpu, true);
        if (!(i.gpuCount >= 0 && i.gpuCount <= kMaxGpuCount))
            fail("GPU count", QString::number(i.gpuCount));
        if (!(i.vcpus >= 0 && i.vcpus <= kMaxVcpus))
            fail("vCPUs", QString::number(i.vcpus));
        if (!(i.memoryGb >= 0 && i.memoryGb <= kMaxMemoryGb))
            fail("memory", QString::number(i.memoryGb));
    }
    QHash<QString, double> gpusOf; ///< importInstanceKey() to the instance's GPUs
    for (const auto &i : data.instances)
        gpusOf.insert(catalog::importInstanceKey(i.provider, i.name), i.gpuCount);
    for (const auto &p : data.prices) {
        checkName("price provider", p.provider);
        checkName("price instance", p.instance);
        checkName("price region", p.region, true);
        checkName("price zone", p.zone, true);
        if (p.note.size() > kNoteLength)
            fail("price note", QStringLiteral("is %1 characters long").arg(p.note.size()));
        if (!p.observedAt.isValid())
            fail("observation date", QStringLiteral("is not a date"));
        if (const auto hourly = p.hourly()) {
            // Judged per accelerator-hour in the price's currency (docs/import-formats.md): the bound grows with the
            // instance's GPUs. A 0.1 % margin: a monthly price is compared per 730 hours, and a bundled VM adds two
            // parts.
            const double maxHourly = maxHourlyPrice(gpusOf.value(catalog::importInstanceKey(p.provider, p.instance), 1),
                                                    currencyScale(p.currency.isEmpty() ? QStringLiteral("USD") : p.currency));
            if (!std::isfinite(*hourly) || *hourly < kMinHourlyPrice * 0.999 || *hourly > maxHourly * 1.001)
                fail("hourly price", QString::number(*hourly, 'g', 17));
        }
    }
    if (data.rowsRead < 0 || data.rowsSkipped < 0 || data.rowsSkipped > data.rowsRead)
        fail("row counts", QStringLiteral("%1 read, %2 skipped").arg(data.rowsRead).arg(data.rowsSkipped));
}

} // namespace mltco::fuzz

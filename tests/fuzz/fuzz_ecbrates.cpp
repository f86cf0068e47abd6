// The European Central Bank's rate files (docs/import-formats.md, "Exchange rates"): the zip, its CSV and the
// single-day file, read from any bytes. A file is refused with a message, or every rate it gives is a currency code
// (not EUR) with a valid day and a finite rate above 0, within the days it says it covers, each day once.
#include "fuzzsupport.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/common/currency.h"

#include <cmath>
#include <set>
#include <utility>

using namespace mltco;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Expected<catalog::EcbRates> rates = catalog::readEcbRates(fuzz::bytes(data, size), QStringLiteral("f.csv"));
    if (!rates) {
        if (rates.error().message.isEmpty())
            fuzz::fail("refusal without a message");
        return 0;
    }
    if (rates->days <= 0 || !rates->first.isValid() || rates->last < rates->first)
        fuzz::fail("a file read without its days");
    std::set<std::pair<QString, QDate>> seen;
    for (const catalog::FxQuote &q : rates->quotes) {
        if (!isCurrencyCode(q.currency) || q.currency == QLatin1String("EUR") || !rates->currencies.contains(q.currency))
            fuzz::fail("a rate of a currency the header does not name", q.currency);
        if (!q.day.isValid() || q.day < rates->first || q.day > rates->last)
            fuzz::fail("a rate outside the file's days", q.day.toString(Qt::ISODate));
        if (!std::isfinite(q.perEur) || q.perEur <= 0.0)
            fuzz::fail("a rate that is not above 0", QString::number(q.perEur));
        if (!seen.insert({q.currency, q.day}).second)
            fuzz::fail("a currency's day given twice", q.currency);
    }
    return 0;
}

// The plan reader (docs/plan-format.md): any bytes are either a valid plan or refused with a message.
// A plan it accepts survives the writer unchanged (read, write, read again, write again: the same bytes),
// and, when it needs no catalog, evaluates without crashing (a refusal in words is fine).
#include "fuzzsupport.h"
#include "models/tco/planevaluation.h"
#include "models/tco/planreader.h"
#include "models/tco/planwriter.h"

using namespace mltco;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto plan = tco::readPlan(fuzz::bytes(data, size));
    if (!plan) {
        if (plan.error().message.isEmpty())
            fuzz::fail("refusal without a message");
        return 0;
    }
    const QByteArray written = tco::writePlan(*plan);
    const auto again = tco::readPlan(written);
    if (!again)
        fuzz::fail("the reader refuses what the writer wrote:",
                   again.error().message + QLatin1Char(' ') + again.error().details.join(QLatin1Char(' ')) +
                       QLatin1Char('\n') + QString::fromUtf8(written));
    const QByteArray rewritten = tco::writePlan(*again);
    if (rewritten != written)
        fuzz::fail("a plan changes on its way through the writer:",
                   QString::fromUtf8(written) + QStringLiteral("\n---\n") + QString::fromUtf8(rewritten));
    if (!tco::needsCatalog(*plan)) {
        const auto result = tco::evaluatePlan(*plan);
        if (!result && result.error().message.isEmpty())
            fuzz::fail("an evaluation refused without a message");
    }
    return 0;
}

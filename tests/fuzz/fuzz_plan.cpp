// The plan reader (docs/plan-format.md): any bytes are either a valid plan or refused with a message.
// A plan it accepts survives the writer unchanged (read, write, read again, write again: the same bytes),
// and, when it needs no catalog, evaluates without crashing (a refusal in words is fine); its uncertain inputs,
// if any, sample and analyse without crashing, and the same seed gives the same answer on 1 and 2 threads; its fleet plan
// request, if any, is answered (or refused in words) the same on 1 and 2 threads, its bound never above its value.
// The cut readPlan makes of a long scenario list (rootListSpans) stays inside the list and agrees with the parser.
#include "fuzzsupport.h"
#include "models/analytics/analysis.h"
#include "models/analytics/fleetoptimizer.h"
#include "models/plan/jsonkeys.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

using namespace mltco;

namespace {

// The cut a large plan is read in (readPlan's parts): ranges in order inside the brackets, and, on text that parses,
// as many elements as the parser finds in the list.
void checkListSpans(const QByteArray &json)
{
    const std::optional<tco::JsonListSpans> spans = tco::rootListSpans(json, "scenarios");
    if (!spans)
        return;
    qsizetype last = spans->open;
    for (const auto &[begin, end] : spans->elements) {
        if (begin <= last || end <= begin || end > spans->close)
            fuzz::fail("list elements out of order or outside their brackets");
        last = end - 1;
    }
    if (spans->close >= json.size() || json.at(spans->open) != '[' || json.at(spans->close) != ']')
        fuzz::fail("list brackets not where they are said to be");
    const QJsonDocument document = QJsonDocument::fromJson(json);
    const QJsonValue list = document.object().value(QLatin1String("scenarios"));
    if (list.isArray() && static_cast<std::size_t>(list.toArray().size()) != spans->elements.size())
        fuzz::fail("the cut finds a different number of elements than the parser");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    checkListSpans(fuzz::bytes(data, size));
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
        if (result && !plan->uncertainty.isEmpty() && plan->workload.horizonMonths <= 120 && plan->scenarios.size() <= 8) {
            tco::AnalysisOptions options;
            options.trials = 16;
            options.seed = 7;
            options.threads = 1;
            const auto one = tco::analyzePlan(*plan, *result, options);
            options.threads = 2;
            const auto two = tco::analyzePlan(*plan, *result, options);
            if (bool(one) != bool(two))
                fuzz::fail("an analysis depends on the number of threads");
            if (one) {
                for (std::size_t s = 0; s < one->scenarios.size(); ++s) {
                    const auto &a = one->scenarios[s].total, &b = two->scenarios[s].total;
                    if (!(a.p10 == b.p10 || (std::isnan(a.p10) && std::isnan(b.p10))) || !(a.p90 == b.p90 || (std::isnan(a.p90) && std::isnan(b.p90))))
                        fuzz::fail("an analysis depends on the number of threads");
                }
            }
        }
        // A small fleet plan request: the same answer on 1 and 2 threads, figures that are numbers, a bound below.
        if (result && plan->optimize && plan->workload.horizonMonths <= 60 && plan->scenarios.size() <= 8 &&
            (!plan->optimize->futures || plan->optimize->futures->size() <= 8) &&
            plan->optimize->maxServers.value_or(1000) <= 1000 && plan->optimize->maxInstances.value_or(1000) <= 1000) {
            tco::OptimizeOptions options;
            options.trials = 8;
            options.frontier = false;
            options.threads = 1;
            const auto one = tco::optimizeFleet(*plan, *result, options);
            // With more than three candidates a search under the sanitizers takes seconds (five took 10-14 s, twice):
            // searched once, its answer still checked below, rather than again on two threads.
            const bool compare = plan->optimize->own.size() + plan->optimize->reserve.size() <= 3;
            options.threads = 2;
            const auto two = compare ? tco::optimizeFleet(*plan, *result, options) : one;
            if (bool(one) != bool(two))
                fuzz::fail("a fleet plan depends on the number of threads");
            if (!one && one.error().message.isEmpty())
                fuzz::fail("a fleet plan refused without a message");
            if (one) {
                if (!(one->plan == two->plan) || !(one->value == two->value))
                    fuzz::fail("a fleet plan depends on the number of threads");
                if (!std::isfinite(one->value))
                    fuzz::fail("a fleet plan's value is not a number");
                if (one->bound && *one->bound > one->value + 1e-6 * std::max(1.0, std::abs(one->value)))
                    fuzz::fail("a fleet plan's bound is above its value");
            }
        }
    }
    return 0;
}

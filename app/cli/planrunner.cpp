#include "planrunner.h"

#include "cliio.h"

#include "models/catalog/instanceresolver.h"
#include "models/plan/examples.h"
#include "models/plan/planreader.h"

#include <QFile>

namespace mltco::cli {

Expected<QByteArray> readPlanArgument(const QString &planPath)
{
    const QLatin1String examplePrefix("example:");
    if (planPath.startsWith(examplePrefix))
        return tco::exampleJson(planPath.mid(examplePrefix.size()));
    QFile file(planPath);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read %1: %2").arg(planPath, file.errorString()), {}};
    return file.readAll();
}

int runExample(const QStringList &args, Io &io)
{
    const QString usage = QStringLiteral("mltco-cli example [NAME]");
    if (args.size() > 1)
        return usageError(io, QStringLiteral("example takes at most one name"), usage);
    if (args.isEmpty()) {
        for (const tco::Example &example : tco::bundledExamples())
            io.out << example.key << "  " << example.title << '\n';
        io.out << "\nPrint one with `mltco-cli example NAME > plan.json`, or evaluate it as `example:NAME`.\n";
        return ExitOk;
    }
    Expected<QByteArray> json = tco::exampleJson(args.first());
    if (!json)
        return inputError(io, json.error().message, {});
    io.out << QString::fromUtf8(*json);
    return ExitOk;
}

Expected<tco::PlanResult> preparePlanFile(const QString &planPath, const QString &documentPath, tco::Plan *planOut)
{
    Expected<QByteArray> bytes = readPlanArgument(planPath);
    if (!bytes)
        return bytes.error();
    Expected<tco::Plan> plan = tco::readPlan(*bytes);
    if (!plan)
        return Error{QStringLiteral("%1: %2").arg(planPath, plan.error().message), plan.error().details};
    if (planOut)
        *planOut = *plan;

    if (documentPath.isEmpty() && !tco::needsCatalog(*plan))
        return tco::preparePlan(*plan);

    Expected<std::unique_ptr<store::Document>> document = openDocumentOption(documentPath);
    if (!document)
        return Error{QStringLiteral("%1 needs a catalog: %2").arg(planPath, document.error().message),
                     document.error().details};
    // The resolver reads through the document's connection on this thread; the document stays open until
    // preparePlan() returns (evaluation needs no catalog).
    return tco::preparePlan(*plan, catalog::makeInstanceResolver((*document)->database()));
}

Expected<tco::PlanResult> evaluatePlanFile(const QString &planPath, const QString &documentPath, tco::Plan *planOut)
{
    Expected<tco::PlanResult> result = preparePlanFile(planPath, documentPath, planOut);
    if (result)
        tco::evaluateAllScenarios(*result);
    return result;
}

} // namespace mltco::cli

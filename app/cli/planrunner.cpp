#include "planrunner.h"

#include "cliio.h"

#include "models/catalog/instanceresolver.h"
#include "models/tco/planreader.h"

#include <QFile>

namespace mltco::cli {

Expected<tco::PlanResult> evaluatePlanFile(const QString &planPath, const QString &documentPath)
{
    QFile file(planPath);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read %1: %2").arg(planPath, file.errorString()), {}};
    Expected<tco::Plan> plan = tco::readPlan(file.readAll());
    if (!plan)
        return Error{QStringLiteral("%1: %2").arg(planPath, plan.error().message), plan.error().details};

    if (documentPath.isEmpty() && !tco::needsCatalog(*plan))
        return tco::evaluatePlan(*plan);

    Expected<std::unique_ptr<store::Document>> document = openDocumentOption(documentPath);
    if (!document)
        return Error{QStringLiteral("%1 needs a catalog: %2").arg(planPath, document.error().message),
                     document.error().details};
    // The resolver reads through the document's connection on this thread; the document stays open until
    // evaluatePlan() returns.
    return tco::evaluatePlan(*plan, catalog::makeInstanceResolver((*document)->database()));
}

} // namespace mltco::cli

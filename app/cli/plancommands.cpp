// mltco-cli plan list|save|show|remove: the plans a document keeps, headless. Each write is one
// transaction (store::PlanStore); a read-only document is refused in words before anything is written.
#include "cliio.h"
#include "planrunner.h"

#include "models/store/document.h"
#include "models/store/planstore.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace mltco::cli {
namespace {

const QString kPlanUsage = QStringLiteral(
    "mltco-cli plan list [--format table|json] [--document PATH]\n"
    "       mltco-cli plan save PLAN.json|example:NAME [--replace ID] [--document PATH]\n"
    "       mltco-cli plan show ID [--document PATH]\n"
    "       mltco-cli plan remove ID [--document PATH]");

std::optional<qint64> planId(const QString &text)
{
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    return ok && id > 0 ? std::optional<qint64>(id) : std::nullopt;
}

} // namespace

int runPlan(const QStringList &args, Io &io)
{
    if (args.isEmpty())
        return usageError(io, QStringLiteral("plan needs a subcommand: list, save, show or remove"), kPlanUsage);
    const QString sub = args.first();
    if (!QStringList{QStringLiteral("list"), QStringLiteral("save"), QStringLiteral("show"), QStringLiteral("remove")}.contains(sub))
        return usageError(io, QStringLiteral("unknown plan subcommand '%1' (list, save, show or remove)").arg(sub), kPlanUsage);

    QCommandLineParser parser;
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table or json."), QStringLiteral("F"), QStringLiteral("table")});
    parser.addOption({QStringLiteral("replace"), QStringLiteral("Save over the plan with this id."), QStringLiteral("ID")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args.mid(1)))
        return usageError(io, parser.errorText(), kPlanUsage);
    const QStringList positional = parser.positionalArguments();
    const qsizetype wanted = sub == QLatin1String("list") ? 0 : 1;
    if (positional.size() != wanted)
        return usageError(io, wanted == 0 ? QStringLiteral("plan list takes no argument")
                                          : QStringLiteral("plan %1 takes exactly one argument").arg(sub),
                          kPlanUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("table") && format != QLatin1String("json"))
        return usageError(io, QStringLiteral("--format must be table or json, not '%1'").arg(format), kPlanUsage);
    std::optional<qint64> id;
    if (sub == QLatin1String("show") || sub == QLatin1String("remove") || parser.isSet(QStringLiteral("replace"))) {
        const QString text = sub == QLatin1String("save") ? parser.value(QStringLiteral("replace")) : positional.first();
        id = planId(text);
        if (!id)
            return usageError(io, QStringLiteral("a plan id is a whole number from `plan list`, not '%1'").arg(text), kPlanUsage);
    }

    // A plan to save is read and checked before the document is touched.
    std::optional<tco::Plan> plan;
    if (sub == QLatin1String("save")) {
        Expected<QByteArray> bytes = readPlanArgument(positional.first());
        if (!bytes)
            return inputError(io, bytes.error().message, bytes.error().details);
        Expected<tco::Plan> read = tco::readPlan(*bytes);
        if (!read)
            return inputError(io, QStringLiteral("%1: %2").arg(positional.first(), read.error().message), read.error().details);
        plan = std::move(*read);
    }

    auto document = openDocumentOption(parser.value(QStringLiteral("document")));
    if (!document)
        return inputError(io, document.error().message);
    store::PlanStore plans((*document)->database());

    if (sub == QLatin1String("list")) {
        const QList<store::StoredPlan> all = plans.plans();
        if (Status s = plans.readStatus(); !s)
            return inputError(io, s.error().message);
        if (format == QLatin1String("json")) {
            QJsonArray array;
            for (const store::StoredPlan &p : all)
                array.append(QJsonObject{{QStringLiteral("id"), p.id}, {QStringLiteral("name"), p.name}});
            io.out << QJsonDocument(array).toJson(QJsonDocument::Indented);
        } else {
            for (const store::StoredPlan &p : all)
                io.out << p.id << "  " << p.name << '\n';
        }
        return ExitOk;
    }
    if (sub == QLatin1String("show")) {
        Expected<store::StoredPlan> stored = plans.plan(*id);
        if (!stored)
            return inputError(io, stored.error().message);
        io.out << QString::fromUtf8(stored->json);
        return ExitOk;
    }

    const QString action = sub == QLatin1String("remove") ? QStringLiteral("remove a plan from")
                                                         : QStringLiteral("save a plan into");
    if (Status s = (*document)->checkWritable(action); !s)
        return inputError(io, s.error().message);
    if (sub == QLatin1String("remove")) {
        if (Expected<store::StoredPlan> stored = plans.plan(*id); !stored)
            return inputError(io, stored.error().message);
        if (Status s = plans.remove(*id); !s)
            return inputError(io, s.error().message);
        io.out << "Removed plan " << *id << ".\n";
        return ExitOk;
    }
    const QByteArray json = tco::writePlan(*plan);
    if (id) {
        Expected<store::StoredPlan> stored = plans.plan(*id);
        if (!stored)
            return inputError(io, stored.error().message);
        // The file replaces the stored plan as a whole, whatever revision it is at now.
        if (Expected<qint64> saved = plans.update(*id, plan->name, json, stored->revision); !saved)
            return inputError(io, saved.error().message);
    } else {
        Expected<qint64> added = plans.insert(plan->name, json);
        if (!added)
            return inputError(io, added.error().message);
        id = *added;
    }
    io.out << "Saved plan " << *id << " \"" << plan->name << "\".\n";
    return ExitOk;
}

} // namespace mltco::cli

#include "models/report/problemtext.h"

#include "models/plan/parameters.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace mltco::report {

ProblemInWords problemInWords(const QString &detail, const tco::Plan &plan)
{
    static const QRegularExpression path(QStringLiteral("^(scenarios\\[(\\d+)\\]|workload|breakeven\\[(\\d+)\\])"
                                                        "(?:\\.(\\w+))?(?:\\[\\d+\\])?:\\s*(.*)$"));
    const QRegularExpressionMatch m = path.match(detail);
    if (!m.hasMatch())
        return {QString(), detail};
    QString where;
    if (m.captured(1) == QLatin1String("workload")) {
        where = QCoreApplication::translate("problemtext", "Workload");
    } else if (!m.captured(2).isEmpty()) {
        const int i = m.captured(2).toInt();
        where = i < plan.scenarios.size() ? QStringLiteral("\u201c%1\u201d").arg(plan.scenarios.at(i).name)
                                          : m.captured(1);
    } else {
        where = QCoreApplication::translate("problemtext", "Break-even");
    }
    QString field = m.captured(4);
    if (const tco::ParameterInfo *info = tco::parameterByKey(field))
        field = QString::fromUtf8(info->label);
    else if (field == QLatin1String("instance"))
        field = QCoreApplication::translate("problemtext", "Catalog instance");
    if (!field.isEmpty())
        where += QStringLiteral(" \u2014 ") + field;
    return {where, m.captured(5)};
}

QString problemText(const QString &detail, const tco::Plan &plan)
{
    const ProblemInWords words = problemInWords(detail, plan);
    return words.where.isEmpty() ? words.what : words.where + QStringLiteral(": ") + words.what;
}

QStringList leftOutText(const tco::PlanResult &result, const tco::Plan &plan)
{
    QStringList lines;
    for (const tco::LeftOut &l : result.leftOut) {
        QStringList why;
        for (const QString &p : l.problems)
            why << problemText(p, plan);
        lines << (l.scenario ? QCoreApplication::translate("problemtext",
                                                           "\u201c%1\u201d is left out until it can be evaluated: %2")
                             : QCoreApplication::translate("problemtext",
                                                           "The break-even %1 is left out until it can be evaluated: %2"))
                     .arg(l.name, why.join(QStringLiteral("; ")));
    }
    return lines;
}

} // namespace mltco::report

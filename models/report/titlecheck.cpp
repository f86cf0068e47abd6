#include "models/report/titlecheck.h"

#include <QRegularExpression>

#include <optional>

namespace mltco::report {
namespace {

std::optional<int> numberOf(const QString &word)
{
    static const QStringList words{QStringLiteral("one"),     QStringLiteral("two"),      QStringLiteral("three"),
                                   QStringLiteral("four"),    QStringLiteral("five"),     QStringLiteral("six"),
                                   QStringLiteral("seven"),   QStringLiteral("eight"),    QStringLiteral("nine"),
                                   QStringLiteral("ten"),     QStringLiteral("eleven"),   QStringLiteral("twelve"),
                                   QStringLiteral("thirteen"), QStringLiteral("fourteen"), QStringLiteral("fifteen"),
                                   QStringLiteral("sixteen"), QStringLiteral("seventeen"), QStringLiteral("eighteen"),
                                   QStringLiteral("nineteen"), QStringLiteral("twenty")};
    bool ok = false;
    const int n = word.toInt(&ok);
    if (ok)
        return n;
    const qsizetype at = words.indexOf(word.toLower());
    return at >= 0 ? std::optional<int>(static_cast<int>(at) + 1) : std::nullopt;
}

} // namespace

QStringList titleMismatches(const tco::Plan &plan)
{
    QStringList out;
    const QString number = QStringLiteral("(\\d+|[A-Za-z]+)");
    // "three years", "3-year", "36 months", "36-month"
    static const QRegularExpression period(QStringLiteral("\\b") + number +
                                           QStringLiteral("[ -](years?|months?)\\b"),
                                           QRegularExpression::CaseInsensitiveOption);
    // "four ML engineers", "12 engineers", "a team of 8 engineers"
    static const QRegularExpression team(QStringLiteral("\\b") + number +
                                         QStringLiteral("(?: ML| machine-learning)? (engineers?|people|researchers?)\\b"),
                                         QRegularExpression::CaseInsensitiveOption);
    const int horizon = plan.workload.horizonMonths;
    for (auto it = period.globalMatch(plan.name); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const std::optional<int> n = numberOf(m.captured(1));
        if (!n)
            continue;
        const bool years = m.captured(2).startsWith(QLatin1String("year"), Qt::CaseInsensitive);
        const int months = years ? *n * 12 : *n;
        if (months != horizon)
            out << QStringLiteral("The title says \u201c%1\u201d; the plan runs %2 months.").arg(m.captured(0)).arg(horizon);
    }
    const int engineers = plan.workload.engineers;
    for (auto it = team.globalMatch(plan.name); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const std::optional<int> n = numberOf(m.captured(1));
        if (n && *n != engineers)
            out << QStringLiteral("The title says \u201c%1\u201d; the plan has %2.")
                       .arg(m.captured(0))
                       .arg(engineers == 1 ? QStringLiteral("1 engineer") : QStringLiteral("%1 engineers").arg(engineers));
    }
    return out;
}

} // namespace mltco::report

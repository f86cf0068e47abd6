#include "ui/core/plurals.h"

#include <QCoreApplication>

namespace mltco::ui {

QString PluralTranslator::translate(const char *, const char *sourceText, const char *, int n) const
{
    if (n < 0 || !sourceText)
        return {};
    QString text = QString::fromUtf8(sourceText);
    if (!text.contains(QLatin1String("(s)")))
        return {}; // not ours: Qt keeps the source text
    text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
    return text;
}

void PluralTranslator::installOnce()
{
    static bool installed = false;
    if (installed || !QCoreApplication::instance())
        return;
    installed = true;
    QCoreApplication::installTranslator(new PluralTranslator(QCoreApplication::instance()));
}

} // namespace mltco::ui

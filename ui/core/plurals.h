#pragma once

#include <QTranslator>

namespace mltco::ui {

/// The app's own English plurals: a source text with "%n" and "(s)" ("%n month(s) of bills") reads "1 month of bills"
/// and "2 months of bills", as a translation would make it, without a translation file for the language the app is
/// written in. Installed once on the application by the first main window.
class PluralTranslator final : public QTranslator
{
    Q_OBJECT

public:
    using QTranslator::QTranslator;
    bool isEmpty() const override { return false; }
    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override;

    /// Installs one on the application (once, whichever window asks first).
    static void installOnce();
};

} // namespace mltco::ui

#pragma once

#include <QColor>
#include <QString>

class QChart;

// The app's colours by what they mean, for a light or a dark window. Qt gives the window its palette from the
// system (a dark desktop theme gives a dark palette); the widgets' own colours (cards, notes, messages, charts)
// come from here, so they read on either. The PDF is paper: it is always drawn light (PrintScope).
class QWidget;

namespace mltco::ui::theme {

enum class Role {
    Text,    ///< figures and headings
    Muted,   ///< captions, units, notes
    Surface, ///< cards and chart backgrounds
    Panel,   ///< a quiet band (a neutral message, the calculator list)
    Border,  ///< card and box edges, chart grid lines
    Accent,  ///< the app's blue: selection, a result's edge
    GoodText,
    GoodBackground,
    GoodBorder,
    WarningText,
    WarningBackground,
    WarningBorder,
    BadText,
    BadBackground,
    BadBorder,
    InfoBackground,
    InfoBorder,
};

/// Whether the application's palette is dark (its window colour darker than its text), and no PrintScope is open.
bool isDark();

QColor color(Role role);
/// "#rrggbb", for style sheets and rich text.
QString css(Role role);
/// The style sheet of a banner across the top of a page: the widget named `objectName` filled with `background`,
/// with a `border` line below.
QString bannerStyle(const QString &objectName, Role background, Role border);

/// While one exists (on this thread), isDark() is false: charts made for a PDF are drawn light whatever the
/// window's theme.
class PrintScope final
{
public:
    PrintScope();
    ~PrintScope();
    PrintScope(const PrintScope &) = delete;
    PrintScope &operator=(const PrintScope &) = delete;
};

/// A chart's background, title, axes, grid and legend text in the theme's colours (series keep theirs).
void colorChart(QChart *chart);

/// Results that no longer answer the plan or the settings as they stand (the plan changed, a setting moved): drawn
/// faded until they are found again, so an old figure never reads as a current one. isOutOfDate() says which.
void setOutOfDate(QWidget *widget, bool outOfDate);
bool isOutOfDate(const QWidget *widget);

} // namespace mltco::ui::theme

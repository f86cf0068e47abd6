#pragma once

#include <QString>

// The seed articles the calculators' default values come from; tooltips name the file so a reader can
// check a default against its source.
namespace mltco::ui::seedfiles {

inline QString seed002()
{
    return QStringLiteral("seed 002 (002_fc7df3566fc339fd.txt)");
}
inline QString seed003()
{
    return QStringLiteral("seed 003 (003_75159a26dc5619c9.txt)");
}
inline QString seed004()
{
    return QStringLiteral("seed 004 (004_f51af283e68b2414.txt)");
}

} // namespace mltco::ui::seedfiles

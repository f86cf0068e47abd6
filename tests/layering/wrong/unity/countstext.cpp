// … and this one's an integer: compiled together, a call here could silently take the other file's overload.
#include <QString>

namespace mltco::ui {
namespace {

QString money(qint64 cents)
{
    return QString::number(cents / 100);
}

} // namespace

using namespace Qt::StringLiterals;

QString centsText(qint64 cents)
{
    return money(cents);
}

} // namespace mltco::ui

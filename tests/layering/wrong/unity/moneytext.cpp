// A deliberate clash for the unity-build check (tests/layering/CMakeLists.txt): this file's helper takes a double…
#include <QString>

namespace mltco::ui {
namespace {

QString money(double amount)
{
    return QString::number(amount, 'f', 2);
}

} // namespace

QString priceText(double amount)
{
    return money(amount);
}

} // namespace mltco::ui

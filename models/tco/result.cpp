#include "models/tco/result.h"

namespace mltco::tco {

const char *categoryKey(Category category)
{
    switch (category) {
    case Category::Compute:
        return "compute";
    case Category::Capex:
        return "capex";
    case Category::Resale:
        return "resale";
    case Category::Financing:
        return "financing";
    case Category::Facilities:
        return "facilities";
    case Category::Power:
        return "power";
    case Category::Failures:
        return "failures";
    case Category::Staff:
        return "staff";
    case Category::Overhead:
        return "overhead";
    case Category::Tax:
        break;
    }
    return "tax";
}

} // namespace mltco::tco

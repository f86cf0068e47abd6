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
    case Category::Facilities:
        return "facilities";
    case Category::Failures:
        return "failures";
    case Category::Staff:
        return "staff";
    case Category::Overhead:
        break;
    }
    return "overhead";
}

} // namespace mltco::tco

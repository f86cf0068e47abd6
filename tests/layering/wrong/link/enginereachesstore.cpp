// A deliberately wrong room for the test layering_refuses_upward_link: code of the engine's room that calls into the
// store, which the engine does not link. Built only by that test, whose link must fail.
#include "models/store/location.h"

namespace mltco::tco {

bool readsTheStore(const QString &location)
{
    return store::isStoreUrl(location);
}

} // namespace mltco::tco

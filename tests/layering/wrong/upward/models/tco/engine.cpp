// A deliberately wrong tree for the test layering_refuses_upward_include: the engine reaching up into the store.
#include "models/store/document.h"

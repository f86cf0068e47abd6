// The Python-literal reader behind SkyPilot's GpuInfo column: any text is either one literal or an error
// naming a column inside the text; nesting is bounded, so no input exhausts the stack.
#include "fuzzsupport.h"
#include "models/catalog/importers/pythonliteral.h"


using namespace mltco;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(fuzz::bytes(data, size));
    const auto parsed = catalog::parsePythonLiteral(text);
    if (!parsed && parsed.error().message.isEmpty())
        fuzz::fail("refusal without a message");
    return 0;
}

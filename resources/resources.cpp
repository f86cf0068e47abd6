// Anchor translation unit for the mltco_resources library; the data itself is compiled in by
// qt_add_resources (see CMakeLists.txt): ":/seed/catalog.json" and ":/plans/sample-plan.json".
namespace mltco::resources {
int anchor() { return 0; }
} // namespace mltco::resources

# GUI timings: start-up to the main window shown, and an assumption edit to the charts redrawn.
add_executable(bench_gui ${CMAKE_CURRENT_LIST_DIR}/bench_gui.cpp)
target_link_libraries(bench_gui PRIVATE mltco_ui Qt6::Test)
mltco_set_compile_options(bench_gui)
target_compile_definitions(bench_gui PRIVATE MLTCO_BIN_DIR="${CMAKE_BINARY_DIR}/bin")
add_dependencies(bench_gui mltco)
add_test(NAME bench_gui COMMAND bench_gui 3)
set_tests_properties(bench_gui PROPERTIES LABELS bench ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300)

# bench_workbook: mltco-cli report --xlsx against report --csv of the same plan (time, peak RSS), on the growing-team
# example and on large plans (docs/benchmarks.md).
add_executable(bench_workbook ${CMAKE_CURRENT_LIST_DIR}/bench_workbook.cpp ${CMAKE_CURRENT_LIST_DIR}/bigdata.h ${CMAKE_CURRENT_LIST_DIR}/measure.h)
target_link_libraries(bench_workbook PRIVATE mltco_models)
target_compile_definitions(bench_workbook PRIVATE MLTCO_CLI="$<TARGET_FILE:mltco-cli>")
add_dependencies(bench_workbook mltco-cli)
mltco_set_compile_options(bench_workbook)
set_target_properties(bench_workbook PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_workbook COMMAND bench_workbook --quick)
set_tests_properties(bench_workbook PROPERTIES LABELS bench TIMEOUT 300)

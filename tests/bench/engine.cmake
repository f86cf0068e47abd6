# bench_engine: time of one 36-month evaluation and of a 1..1000-server break-even sweep, printed next to
# the targets (<= 2 us, <= 5 ms). Never asserted. CTest runs a quick count; `bench_engine --full` the full one.
add_executable(bench_engine ${CMAKE_CURRENT_LIST_DIR}/bench_engine.cpp)
target_link_libraries(bench_engine PRIVATE mltco_models)
target_compile_definitions(bench_engine PRIVATE
    MLTCO_SAMPLE_PLAN="${PROJECT_SOURCE_DIR}/resources/plans/sample-plan.json"
    MLTCO_GROWING_PLAN="${PROJECT_SOURCE_DIR}/resources/plans/growing-team.json"
    MLTCO_BUILD_TYPE="${CMAKE_BUILD_TYPE}")
mltco_set_compile_options(bench_engine)
set_target_properties(bench_engine PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_engine COMMAND bench_engine --quick)
set_tests_properties(bench_engine PROPERTIES LABELS bench TIMEOUT 300)

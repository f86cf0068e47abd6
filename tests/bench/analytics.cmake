# bench_analytics: 100,000 Monte Carlo trials of a 6-scenario, 36-month plan with 8 uncertain inputs, on one
# thread and on every core, beside one deterministic evaluation (goal: <= 0.5 s on 2 cores). Never asserted.
# CTest runs 2,000 trials; `bench_analytics` alone the full count.
add_executable(bench_analytics ${CMAKE_CURRENT_LIST_DIR}/bench_analytics.cpp)
target_link_libraries(bench_analytics PRIVATE mltco_models)
target_compile_definitions(bench_analytics PRIVATE
    MLTCO_UNCERTAIN_PLAN="${PROJECT_SOURCE_DIR}/tests/data/analysis/uncertain-plan.json"
    MLTCO_BUILD_TYPE="${CMAKE_BUILD_TYPE}")
mltco_set_compile_options(bench_analytics)
set_target_properties(bench_analytics PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_analytics COMMAND bench_analytics --quick)
set_tests_properties(bench_analytics PROPERTIES LABELS bench TIMEOUT 300)

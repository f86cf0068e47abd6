# bench_optimize: the fleet optimizer on the growing-team example (quarterly epochs, own + reserve + burst, 1,000 futures
# sampled from its uncertainty) on 1 and 2 threads, its gap to the proven bound, beside `analyze --trials 1000` of the
# same plan (goal: <= 2 s on 2 cores, gap <= 0.5 %). Never asserted. CTest runs 100 futures; `bench_optimize` alone 1,000.
add_executable(bench_optimize ${CMAKE_CURRENT_LIST_DIR}/bench_optimize.cpp)
target_link_libraries(bench_optimize PRIVATE mltco_models)
target_compile_definitions(bench_optimize PRIVATE MLTCO_BUILD_TYPE="${CMAKE_BUILD_TYPE}")
mltco_set_compile_options(bench_optimize)
set_target_properties(bench_optimize PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_optimize COMMAND bench_optimize --quick)
set_tests_properties(bench_optimize PROPERTIES LABELS bench TIMEOUT 300)

# bench_store: importing N prices and opening the catalog, a .mltco file beside a PostgreSQL team store. CTest runs
# it on 20,000 prices in the run's cluster; run build/tests/bench_store (1,000,000) by hand for the figures (it then
# starts and stops a cluster of its own).
add_executable(bench_store ${CMAKE_CURRENT_LIST_DIR}/bench_store.cpp ${CMAKE_CURRENT_LIST_DIR}/bigdata.h ${CMAKE_CURRENT_LIST_DIR}/measure.h)
target_link_libraries(bench_store PRIVATE mltco_models)
target_compile_definitions(bench_store PRIVATE
    MLTCO_CLI="$<TARGET_FILE:mltco-cli>"
    MLTCO_GUI="$<TARGET_FILE:mltco>"
    MLTCO_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    MLTCO_BUILD_TYPE="${CMAKE_BUILD_TYPE}")
add_dependencies(bench_store mltco-cli mltco)
mltco_set_compile_options(bench_store)
set_target_properties(bench_store PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_store COMMAND bench_store --quick)
set_tests_properties(bench_store PROPERTIES LABELS "bench;postgresql" TIMEOUT 600 FIXTURES_REQUIRED pg_cluster
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR}")

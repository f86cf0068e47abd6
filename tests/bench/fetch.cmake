# bench_fetch: `mltco-cli catalog update aws-pricelist` from a local HTTP server against `catalog import` of the same
# generated AWS Price List from disk, whole process (time, peak RSS). CTest runs it on 3 MB so it keeps working; run
# build/tests/bench_fetch (300 MB and 30 MB) by hand for the figures.
add_executable(bench_fetch ${CMAKE_CURRENT_LIST_DIR}/bench_fetch.cpp ${CMAKE_CURRENT_LIST_DIR}/awspricelist.h
    ${CMAKE_CURRENT_LIST_DIR}/measure.h ${CMAKE_SOURCE_DIR}/tests/support/httpserver.h)
target_link_libraries(bench_fetch PRIVATE mltco_models Qt6::Network ZLIB::ZLIB)
target_include_directories(bench_fetch PRIVATE ${CMAKE_SOURCE_DIR})
target_compile_definitions(bench_fetch PRIVATE MLTCO_CLI="$<TARGET_FILE:mltco-cli>")
add_dependencies(bench_fetch mltco-cli)
mltco_set_compile_options(bench_fetch)
set_target_properties(bench_fetch PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_fetch COMMAND bench_fetch 3)
set_tests_properties(bench_fetch PROPERTIES LABELS bench TIMEOUT 600)

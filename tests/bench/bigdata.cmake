# make_big_document: the 1,000,000-price document and the 20,000-scenario, 120-month plan the scale benchmarks
# (docs/benchmarks.md) are measured on. CTest makes small ones so the tool keeps working.
add_executable(make_big_document ${CMAKE_CURRENT_LIST_DIR}/make_big_document.cpp ${CMAKE_CURRENT_LIST_DIR}/bigdata.h)
target_link_libraries(make_big_document PRIVATE mltco_models)
mltco_set_compile_options(make_big_document)
set_target_properties(make_big_document PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME make_big_document
    COMMAND sh -c "rm -f make-big.mltco && $<TARGET_FILE:make_big_document> plan make-big.json 50 24 && $<TARGET_FILE:make_big_document> document make-big.mltco 2000 && $<TARGET_FILE:mltco-cli> evaluate make-big.json --format csv > /dev/null"
    WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(make_big_document PROPERTIES LABELS bench TIMEOUT 300)

# bench_evaluate: mltco-cli evaluate of the large plan, whole process, per format (time, peak RSS), against python3
# running tests/bench/model.py (a plain transcription of the model, checked to agree with the engine first).
add_executable(bench_evaluate ${CMAKE_CURRENT_LIST_DIR}/bench_evaluate.cpp ${CMAKE_CURRENT_LIST_DIR}/bigdata.h ${CMAKE_CURRENT_LIST_DIR}/measure.h)
target_link_libraries(bench_evaluate PRIVATE mltco_models)
target_compile_definitions(bench_evaluate PRIVATE
    MLTCO_CLI="$<TARGET_FILE:mltco-cli>"
    MLTCO_MODEL_PY="${CMAKE_CURRENT_LIST_DIR}/model.py"
    MLTCO_BUILD_TYPE="${CMAKE_BUILD_TYPE}")
add_dependencies(bench_evaluate mltco-cli)
mltco_set_compile_options(bench_evaluate)
set_target_properties(bench_evaluate PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_evaluate COMMAND bench_evaluate --quick)
set_tests_properties(bench_evaluate PROPERTIES LABELS bench TIMEOUT 300)

# bench_catalog: a document of 1,000,000 prices listed by mltco-cli and opened by the GUI (time, peak RSS), beside
# the sqlite3 shell's own run of the listing query and the seed-only document.
add_executable(bench_catalog ${CMAKE_CURRENT_LIST_DIR}/bench_catalog.cpp ${CMAKE_CURRENT_LIST_DIR}/bigdata.h ${CMAKE_CURRENT_LIST_DIR}/measure.h)
target_link_libraries(bench_catalog PRIVATE mltco_models)
target_compile_definitions(bench_catalog PRIVATE
    MLTCO_CLI="$<TARGET_FILE:mltco-cli>"
    MLTCO_GUI="$<TARGET_FILE:mltco>"
    MLTCO_MAKE_BIG="$<TARGET_FILE:make_big_document>"
    MLTCO_BUILD_TYPE="${CMAKE_BUILD_TYPE}")
add_dependencies(bench_catalog mltco-cli mltco make_big_document)
mltco_set_compile_options(bench_catalog)
set_target_properties(bench_catalog PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_catalog COMMAND bench_catalog --quick)
set_tests_properties(bench_catalog PROPERTIES LABELS bench TIMEOUT 600)

# make_big_document: the 1,000,000-price document and the 20,000-scenario, 120-month plan the scale benchmarks
# (README's table) are measured on. CTest makes small ones so the tool keeps working.
add_executable(make_big_document ${CMAKE_CURRENT_LIST_DIR}/make_big_document.cpp ${CMAKE_CURRENT_LIST_DIR}/bigdata.h)
target_link_libraries(make_big_document PRIVATE mltco_models)
mltco_set_compile_options(make_big_document)
set_target_properties(make_big_document PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME make_big_document
    COMMAND sh -c "rm -f make-big.mltco && $<TARGET_FILE:make_big_document> plan make-big.json 50 24 && $<TARGET_FILE:make_big_document> document make-big.mltco 2000 && $<TARGET_FILE:mltco-cli> evaluate make-big.json --format csv > /dev/null"
    WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(make_big_document PROPERTIES LABELS bench TIMEOUT 300)

# bench_import: `mltco-cli catalog import` of a generated N-row generic price CSV, whole process (time, peak RSS),
# against the sqlite3 shell's `.import --csv` of the same file. CTest runs it on 20,000 rows so it keeps working;
# run build/tests/bench_import (1,000,000 rows) by hand for the figures.
add_executable(bench_import ${CMAKE_CURRENT_LIST_DIR}/bench_import.cpp ${CMAKE_CURRENT_LIST_DIR}/bigdata.h
    ${CMAKE_CURRENT_LIST_DIR}/awspricelist.h ${CMAKE_CURRENT_LIST_DIR}/measure.h
    ${CMAKE_SOURCE_DIR}/tests/support/focusbill.h)
target_link_libraries(bench_import PRIVATE mltco_models)
target_compile_definitions(bench_import PRIVATE MLTCO_CLI="$<TARGET_FILE:mltco-cli>" MLTCO_BUILD_TYPE="${CMAKE_BUILD_TYPE}")
add_dependencies(bench_import mltco-cli)
mltco_set_compile_options(bench_import)
set_target_properties(bench_import PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
add_test(NAME bench_import COMMAND bench_import 20000)
set_tests_properties(bench_import PROPERTIES LABELS bench TIMEOUT 600)
# The AWS price list import: 3 MB in CTest; `bench_import --aws 300` by hand.
add_test(NAME bench_import_aws COMMAND bench_import --aws 3)
set_tests_properties(bench_import_aws PROPERTIES LABELS bench TIMEOUT 600)
# A FOCUS bill: 5 MB in CTest; `bench_import --focus 1000` by hand (a 1 GB export).
add_test(NAME bench_import_focus COMMAND bench_import --focus 5)
set_tests_properties(bench_import_focus PROPERTIES LABELS bench TIMEOUT 600)

# bench_import: a generated N-row generic price CSV through parseGenericCsv + CatalogRepository::applyImport,
# timed against the sqlite3 shell's `.import --csv` of the same file. CTest runs it on 20,000 rows so it
# keeps working; run build/bin/bench_import (1,000,000 rows) by hand for the figures.
add_executable(bench_import ${CMAKE_CURRENT_LIST_DIR}/bench_import.cpp)
target_link_libraries(bench_import PRIVATE mltco_models)
mltco_set_compile_options(bench_import)
add_test(NAME bench_import COMMAND bench_import 20000)
set_tests_properties(bench_import PROPERTIES LABELS bench TIMEOUT 600)

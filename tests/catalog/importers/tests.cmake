# The importers: each price-file parser on real and hostile files, and the writer that lands an import whole.
foreach(test csvreader pythonliteral genericcsvimporter skypilotimporter awspricelistimporter)
    mltco_add_test(tst_${test} SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_${test}.cpp LIBS mltco_importers)
endforeach()
foreach(test azureretailimporter sparecoresimporter)
    mltco_add_test(tst_${test} SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_${test}.cpp ${CMAKE_CURRENT_LIST_DIR}/feedfixtures.h LIBS mltco_importers Qt6::Sql SQLite::SQLite3
                   BOTH_STORES)
endforeach()
mltco_add_test(tst_importwriter SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_importwriter.cpp LIBS mltco_importers BOTH_STORES)
# The suite's longest tests (seconds, measured) start first, so two cores finish together; CTest replaces these with
# the times it measures once it has run.
set_tests_properties(tst_importwriter_pg PROPERTIES COST 9)
set_tests_properties(tst_importwriter PROPERTIES COST 2)

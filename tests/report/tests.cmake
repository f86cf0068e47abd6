mltco_add_test(tst_format SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_format.cpp LIBS mltco_report)
mltco_add_test(tst_csvexport SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_csvexport.cpp LIBS mltco_report)
mltco_add_test(tst_reportdata SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_reportdata.cpp LIBS mltco_report)
mltco_add_test(tst_reportcli SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_reportcli.cpp LIBS mltco_report LABELS cli report
               DEPENDS mltco-cli)
mltco_add_test(tst_summary SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_summary.cpp LIBS mltco_report)
# Evaluation output streamed to JSON and CSV, checked against the in-memory writers on large plans.
mltco_add_test(tst_streamedoutput SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_streamedoutput.cpp LIBS mltco_report mltco_store LABELS report)
set_tests_properties(tst_reportcli PROPERTIES COST 15) # among the longest: started first (catalog/importers/tests.cmake)

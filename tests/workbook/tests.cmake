# The plan as a live workbook (report --xlsx), recalculated in LibreOffice Calc and held against evaluate.
mltco_add_test(tst_workbook SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_workbook.cpp ${CMAKE_CURRENT_LIST_DIR}/../cli/clirunner.h
               ${CMAKE_CURRENT_LIST_DIR}/../cli/randomplan.h LIBS mltco_models LABELS workbook DEPENDS mltco-cli)
set_tests_properties(tst_workbook PROPERTIES COST 13 TIMEOUT 900) # LibreOffice runs for a minute or two: started early

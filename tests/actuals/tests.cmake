# Actual spend from FOCUS bills: the parser, the document's tables, the plan comparison, and the CLI.
mltco_add_test(tst_actuals SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_actuals.cpp ${CMAKE_CURRENT_LIST_DIR}/actualstestutil.h
               LIBS mltco_actuals mltco_importers mltco_catalog mltco_store BOTH_STORES)
mltco_add_test(tst_actualsdocument SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_actualsdocument.cpp
               ${CMAKE_CURRENT_LIST_DIR}/actualstestutil.h LIBS mltco_actuals mltco_importers mltco_catalog mltco_store
               BOTH_STORES)
# The bill tables' own checks.
mltco_add_test(tst_billschema SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_billschema.cpp LIBS mltco_catalog mltco_store BOTH_STORES)
# A plan held against the bills: variance, start month, calibration.
mltco_add_test(tst_plancompare SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_plancompare.cpp LIBS mltco_actuals mltco_catalog mltco_plan mltco_store BOTH_STORES)
mltco_add_test(tst_cli_actuals SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_actuals.cpp ${PROJECT_SOURCE_DIR}/tests/cli/clirunner.h LIBS mltco_models DEPENDS mltco-cli)

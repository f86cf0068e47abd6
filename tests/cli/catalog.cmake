mltco_add_test(tst_cli_catalog SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_catalog.cpp ${CMAKE_CURRENT_LIST_DIR}/clirunner.h
               LIBS mltco_models SQLite::SQLite3 DEPENDS mltco-cli)

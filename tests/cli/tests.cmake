# CLI tests run the real mltco-cli binary through QProcess.
include(${CMAKE_CURRENT_LIST_DIR}/catalog.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/evaluate.cmake OPTIONAL)
set_tests_properties(tst_cli_catalog PROPERTIES COST 14) # among the longest: started first (catalog/importers/tests.cmake)
mltco_add_test(tst_cli_fx SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_fx.cpp ${CMAKE_CURRENT_LIST_DIR}/clirunner.h
               LIBS mltco_models LABELS cli DEPENDS mltco-cli)
# Every write path on a disk that fills up (a small tmpfs of the test's own; skipped without root).
mltco_add_test(tst_cli_fulldisk SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_fulldisk.cpp ${CMAKE_CURRENT_LIST_DIR}/clirunner.h
               LIBS mltco_models LABELS cli DEPENDS mltco-cli)
set_tests_properties(tst_cli_fulldisk PROPERTIES COST 12) # about 20 s: started early
# Random valid plans of every kind and option, and the plans optimize --write-plan writes, through every command.
mltco_add_test(tst_cli_anyplan SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_anyplan.cpp ${CMAKE_CURRENT_LIST_DIR}/clirunner.h ${CMAKE_CURRENT_LIST_DIR}/randomplan.h
               LIBS mltco_models LABELS cli DEPENDS mltco-cli)
set_tests_properties(tst_cli_anyplan PROPERTIES COST 13 TIMEOUT 900) # about a minute of processes (five under the sanitizers): started early
# catalog update / fx update / catalog list imports against a server of the suite's own, and workload.prices_as_of.
mltco_add_test(tst_cli_update SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_update.cpp ${CMAKE_CURRENT_LIST_DIR}/clirunner.h
               ${PROJECT_SOURCE_DIR}/tests/support/httpserver.h
               LIBS mltco_models Qt6::Network ZLIB::ZLIB LABELS cli DEPENDS mltco-cli)

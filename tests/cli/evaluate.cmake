# mltco-cli evaluate and calc, run as real processes (QProcess) against the built binary.
mltco_add_test(tst_cli_evaluate SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_evaluate.cpp LIBS mltco_models LABELS cli tco
               DEPENDS mltco-cli)
mltco_add_test(tst_cli_calc SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_evaluate_calc.cpp LIBS mltco_models LABELS cli tco
               DEPENDS mltco-cli)
mltco_add_test(tst_cli_optimize SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_optimize.cpp ${CMAKE_CURRENT_LIST_DIR}/clirunner.h LIBS mltco_models LABELS cli analytics
               DEPENDS mltco-cli)

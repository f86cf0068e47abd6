# SIGKILL during imports and plan saves of the real mltco-cli (${CMAKE_CURRENT_LIST_DIR}/tst_crash_cli.cpp). CTest runs a few rounds;
# run.sh runs 100.
mltco_add_test(tst_crash_cli SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_crash_cli.cpp LIBS mltco_models LABELS crash DEPENDS mltco-cli)

# The Calculators page: every calculator driven through its widgets.
mltco_add_test(tst_calculators SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_calculators.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)

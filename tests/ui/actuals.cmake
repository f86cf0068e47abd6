# The Plan vs actual page: a bill imported through the page, the link chosen in its widgets, the charts, the
# variance table and calibration applied in one click (and undone).
mltco_add_test(tst_actualspage SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_actualspage.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)

# Dashboard page: KPI cards, cumulative / category / break-even charts, the "cannot evaluate" message.
mltco_add_test(tst_dashboard SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_dashboard.cpp LIBS mltco_ui LABELS ui)

# Dashboard page: KPI cards, cumulative / category / break-even charts, the "cannot evaluate" message.
mltco_add_test(tst_dashboard SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_dashboard.cpp ${CMAKE_CURRENT_LIST_DIR}/dashboardtestutil.h LIBS mltco_ui LABELS ui)
# The dashboard in a small window: the wheel, and cards that hold their text at 1024x700.
mltco_add_test(tst_dashboardlayout SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_dashboardlayout.cpp LIBS mltco_ui LABELS ui)
# The break-even card and chart: against the cheapest cloud option, and when there is nothing to compare.
mltco_add_test(tst_dashboardbreakeven SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_dashboardbreakeven.cpp LIBS mltco_ui LABELS ui)

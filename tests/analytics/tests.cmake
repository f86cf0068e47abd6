# Decision analytics: tornado, Monte Carlo, distributions, order statistics.
mltco_add_test(tst_analytics_analysis SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_analysis.cpp LIBS mltco_analytics LABELS analytics)

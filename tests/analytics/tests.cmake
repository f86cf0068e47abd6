# Decision analytics: tornado, Monte Carlo, distributions, order statistics.
mltco_add_test(tst_analytics_analysis SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_analysis.cpp LIBS mltco_analytics LABELS analytics)
# The fleet optimizer (model.md §11.4) against the newsvendor rule and every decision of small spaces.
mltco_add_test(tst_analytics_fleetoptimizer SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_fleetoptimizer.cpp
    LIBS mltco_analytics mltco_report LABELS analytics)

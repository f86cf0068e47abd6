# The plan's room: its file format (reader, writer, parameter table, diff) and its evaluation.
mltco_add_test(tst_plan_parameters SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_parameters.cpp LIBS mltco_plan LABELS plan)
mltco_add_test(tst_plan_plandiff SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_plandiff.cpp LIBS mltco_plan LABELS plan)
mltco_add_test(tst_plan_planreader SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_planreader.cpp ${CMAKE_CURRENT_LIST_DIR}/planreadertestutil.h LIBS mltco_plan mltco_catalog LABELS plan)
mltco_add_test(tst_plan_planreaderv3 SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_planreaderv3.cpp
               ${CMAKE_CURRENT_LIST_DIR}/planreadertestutil.h LIBS mltco_plan LABELS plan)
mltco_add_test(tst_plan_planreaderv4 SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_planreaderv4.cpp
               ${CMAKE_CURRENT_LIST_DIR}/planreadertestutil.h LIBS mltco_plan LABELS plan)
mltco_add_test(tst_plan_planevaluation SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_planevaluation.cpp LIBS mltco_plan mltco_report LABELS plan)

mltco_add_test(tst_plan_planelectricity SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_planelectricity.cpp
               LIBS mltco_plan mltco_analytics LABELS plan)

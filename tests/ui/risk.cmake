# The Risk page: uncertain inputs edited through its widgets, a run in the background with progress and
# cancel, and its charts and tables.
mltco_add_test(tst_riskpage SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_riskpage.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)
# The Fleet plan page: the request from the plan, a run in the background with progress and cancel, the answer's
# sentence, charts and comparison, and "Add to plan" as one undo step.
mltco_add_test(tst_fleetplanpage SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_fleetplanpage.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)

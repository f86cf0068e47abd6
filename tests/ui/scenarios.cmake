# The Scenarios page (ui/scenarios): form editing, undo, catalog instances, and the scenario list.
mltco_add_test(tst_scenarios SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_scenarios.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               ${CMAKE_CURRENT_LIST_DIR}/scenariostestutil.h LIBS mltco_ui)
mltco_add_test(tst_scenariopurchases SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_scenariopurchases.cpp
               ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h ${CMAKE_CURRENT_LIST_DIR}/scenariostestutil.h LIBS mltco_ui)
mltco_add_test(tst_scenariolist SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_scenariolist.cpp
               ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h LIBS mltco_ui)
mltco_add_test(tst_growingteam SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_growingteam.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)
mltco_add_test(tst_reservedprice SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_reservedprice.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)
mltco_add_test(tst_plancurrency SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_plancurrency.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)
# A purchase's Generation group and site keys (model.md §14) on the Scenarios page.
mltco_add_test(tst_generationform SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_generationform.cpp
               ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h LIBS mltco_ui)

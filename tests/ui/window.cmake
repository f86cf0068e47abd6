mltco_add_test(tst_mainwindow SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_mainwindow.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui)
mltco_add_test(tst_windowdocuments SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_windowdocuments.cpp
               ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h LIBS mltco_ui)
# The window driven at random for two minutes (fixed seed); tests/monkey/run.sh runs it for 30 minutes under ASan.
mltco_add_test(tst_monkey SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_monkey.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui mltco_models LABELS ui)
set_tests_properties(tst_monkey PROPERTIES COST 30 TIMEOUT 400) # the longest: started first
# A plan edit on a full disk: said in a dialog, kept in the window, saved once there is room (needs root for tmpfs).
mltco_add_test(tst_fulldiskwindow SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_fulldiskwindow.cpp
               ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h LIBS mltco_ui LABELS ui)

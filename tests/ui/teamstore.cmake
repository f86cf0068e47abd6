# A window on a team store (PostgreSQL): File › Connect to team store…, two windows following each other's edits, a
# stale save shown with its two ways out, and a reader's window read-only.
mltco_add_test(tst_teamstorewindow SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_teamstorewindow.cpp LIBS mltco_ui)
set_tests_properties(tst_teamstorewindow PROPERTIES FIXTURES_REQUIRED pg_cluster LABELS "postgresql;ui"
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR}")

# A team store whose link freezes or whose server restarts under an open window: the banner, the kept edits, the
# reconnection and a colleague's save left as it was.
mltco_add_test(tst_storelink SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_storelink.cpp LIBS mltco_ui)
set_tests_properties(tst_storelink PROPERTIES FIXTURES_REQUIRED pg_cluster LABELS "postgresql;ui"
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR}")

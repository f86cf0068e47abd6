mltco_add_test(tst_document SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_document.cpp LIBS mltco_catalog)
mltco_add_test(tst_transaction SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_transaction.cpp LIBS mltco_importers BOTH_STORES)
mltco_add_test(tst_planstore SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_planstore.cpp LIBS mltco_store BOTH_STORES)

# A writer that commits transactions in a loop until it is killed; tst_crashsafety kills it with
# SIGKILL at random moments and checks that the document is still valid.
add_executable(mltco-crashwriter ${CMAKE_CURRENT_LIST_DIR}/crashwriter.cpp)
target_link_libraries(mltco-crashwriter PRIVATE mltco_store)
mltco_set_compile_options(mltco-crashwriter)
mltco_no_moc(mltco-crashwriter)
set_target_properties(mltco-crashwriter PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
mltco_add_test(tst_crashsafety SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_crashsafety.cpp LIBS mltco_store
               DEFINITIONS MLTCO_CRASHWRITER="$<TARGET_FILE:mltco-crashwriter>" DEPENDS mltco-crashwriter)

# The team store itself (PostgreSQL only): refusals, roles, concurrent importers, passwords, notifications, copies.
mltco_add_test(tst_teamstore SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_teamstore.cpp LIBS mltco_importers mltco_storecopy)
set_tests_properties(tst_teamstore PROPERTIES FIXTURES_REQUIRED pg_cluster LABELS postgresql
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR}")
# Large reads on a team store (PostgreSQL only): the COPY stream, its values, transactions and failures.
mltco_add_test(tst_rowreader SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_rowreader.cpp LIBS mltco_catalog)
set_tests_properties(tst_rowreader PROPERTIES FIXTURES_REQUIRED pg_cluster LABELS postgresql
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR}")

# A team store whose link stalls (a TCP proxy that stops forwarding), is reset, or whose server is killed mid-write
# (a cluster of the test's own): said in words within the link watch's deadline, all or nothing kept.
mltco_add_test(tst_storefailures SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_storefailures.cpp
               ${PROJECT_SOURCE_DIR}/tests/support/tcpproxy.h LIBS mltco_importers mltco_storecopy DEPENDS mltco-cli)
set_tests_properties(tst_storefailures PROPERTIES FIXTURES_REQUIRED pg_cluster LABELS postgresql COST 10
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR}")
# The same stalled links watched by the link watch's own clock, as on every system without Linux's socket statistics.
add_test(NAME tst_storefailures_clock COMMAND mltco_tests_sql store/tst_storefailures
         aFrozenLinkDuringAPlanSaveIsCutInWords aLinkThatStallsMidImportIsCutAndNothingLands
         aLinkThatStallsMidCatalogEditIsCutAndNothingLands aReaderPausedLongerThanTheDeadlineIsNotCut
         aLinkThatStallsMidReadIsCutInWords aReadWhoseConnectionAloneStallsIsCutInWords
         aReadLeftAsTheLinkStallsReturnsWithinTheDeadline)
set_tests_properties(tst_storefailures_clock PROPERTIES FIXTURES_REQUIRED pg_cluster LABELS postgresql TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR};MLTCO_LINK_WATCH_CLOCK=1")

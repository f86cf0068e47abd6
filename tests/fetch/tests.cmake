# Prices fetched from the providers' addresses: against a server of the suite's own serving the real public files
# (tests/support/httpserver.h), with a real network's faults, on a file and on a team store.
mltco_add_test(tst_priceupdate SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_priceupdate.cpp ${PROJECT_SOURCE_DIR}/tests/support/httpserver.h
               LIBS mltco_fetch mltco_importers Qt6::Network Qt6::Sql ZLIB::ZLIB BOTH_STORES)

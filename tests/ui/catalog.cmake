# The Catalog and Price history pages (ui/catalog): item models, edits with undo, the import dialog, charts.
mltco_add_test(tst_catalogmodels SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_catalogmodels.cpp LIBS mltco_ui LABELS ui)
mltco_add_test(tst_catalogpage SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_catalogpage.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui LABELS ui)
mltco_add_test(tst_importdialog SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_importdialog.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui LABELS ui)
mltco_add_test(tst_pricehistory SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_pricehistory.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               LIBS mltco_ui LABELS ui)
# Catalog › Update prices… against a server of the suite's own (tests/support/httpserver.h).
mltco_add_test(tst_updateprices SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_updateprices.cpp ${CMAKE_CURRENT_LIST_DIR}/uitestutil.h
               ${PROJECT_SOURCE_DIR}/tests/support/httpserver.h LIBS mltco_ui Qt6::Network ZLIB::ZLIB LABELS ui)

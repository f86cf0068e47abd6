# The catalog's room: repository, editor, seed catalog, price trends, commitment terms, exchange rates. Some fill a document through
# the importers first.
mltco_add_test(tst_catalogrepository SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_catalogrepository.cpp LIBS mltco_importers BOTH_STORES)
mltco_add_test(tst_seedcatalog SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_seedcatalog.cpp LIBS mltco_catalog BOTH_STORES)
mltco_add_test(tst_catalogeditor SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_catalogeditor.cpp LIBS mltco_importers BOTH_STORES)
mltco_add_test(tst_pricetrend SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_pricetrend.cpp LIBS mltco_importers BOTH_STORES)
mltco_add_test(tst_fxrates SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_fxrates.cpp LIBS mltco_importers BOTH_STORES)
mltco_add_test(tst_commitmentterms SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_commitmentterms.cpp LIBS mltco_catalog)

include(${CMAKE_CURRENT_LIST_DIR}/importers/tests.cmake)

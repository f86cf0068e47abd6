mltco_add_test(tst_catalogrepository SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_catalogrepository.cpp LIBS mltco_models)
mltco_add_test(tst_seedcatalog SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_seedcatalog.cpp LIBS mltco_models)
mltco_add_test(tst_catalogeditor SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_catalogeditor.cpp LIBS mltco_models)
mltco_add_test(tst_pricetrend SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_pricetrend.cpp LIBS mltco_models)

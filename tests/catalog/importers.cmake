mltco_add_test(tst_csvreader SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_csvreader.cpp LIBS mltco_models)
mltco_add_test(tst_pythonliteral SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_pythonliteral.cpp LIBS mltco_models)
mltco_add_test(tst_genericcsvimporter SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_genericcsvimporter.cpp LIBS mltco_models)
mltco_add_test(tst_skypilotimporter SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_skypilotimporter.cpp LIBS mltco_models)
mltco_add_test(tst_awspricelistimporter SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_awspricelistimporter.cpp LIBS mltco_models)
mltco_add_test(tst_azureretailimporter SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_azureretailimporter.cpp
               ${CMAKE_CURRENT_LIST_DIR}/feedfixtures.h LIBS mltco_models Qt6::Sql SQLite::SQLite3 BOTH_STORES)
mltco_add_test(tst_sparecoresimporter SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_sparecoresimporter.cpp
               ${CMAKE_CURRENT_LIST_DIR}/feedfixtures.h LIBS mltco_models Qt6::Sql SQLite::SQLite3 BOTH_STORES)

target_sources(mltco_models PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/catalogrepository.h ${CMAKE_CURRENT_LIST_DIR}/catalogrepository.cpp
    ${CMAKE_CURRENT_LIST_DIR}/seedcatalog.h ${CMAKE_CURRENT_LIST_DIR}/seedcatalog.cpp
    ${CMAKE_CURRENT_LIST_DIR}/instanceresolver.h ${CMAKE_CURRENT_LIST_DIR}/instanceresolver.cpp
    ${CMAKE_CURRENT_LIST_DIR}/gputable.h ${CMAKE_CURRENT_LIST_DIR}/gputable.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tflopsquote.h ${CMAKE_CURRENT_LIST_DIR}/tflopsquote.cpp
    ${CMAKE_CURRENT_LIST_DIR}/commitmentterms.h ${CMAKE_CURRENT_LIST_DIR}/commitmentterms.cpp
    ${CMAKE_CURRENT_LIST_DIR}/pricetrend.h ${CMAKE_CURRENT_LIST_DIR}/pricetrend.cpp
    ${CMAKE_CURRENT_LIST_DIR}/pricequery.h ${CMAKE_CURRENT_LIST_DIR}/pricequery.cpp
    ${CMAKE_CURRENT_LIST_DIR}/pricebulkinsert.h ${CMAKE_CURRENT_LIST_DIR}/pricebulkinsert.cpp
    ${CMAKE_CURRENT_LIST_DIR}/importwriter.h ${CMAKE_CURRENT_LIST_DIR}/importwriter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/pricefile.h ${CMAKE_CURRENT_LIST_DIR}/pricefile.cpp
    ${CMAKE_CURRENT_LIST_DIR}/catalogeditor.h ${CMAKE_CURRENT_LIST_DIR}/catalogeditor.cpp ${CMAKE_CURRENT_LIST_DIR}/importrunner.h ${CMAKE_CURRENT_LIST_DIR}/importrunner.cpp
)

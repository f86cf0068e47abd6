target_sources(mltco_models PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/catalogrepository.h ${CMAKE_CURRENT_LIST_DIR}/catalogrepository.cpp
    ${CMAKE_CURRENT_LIST_DIR}/seedcatalog.h ${CMAKE_CURRENT_LIST_DIR}/seedcatalog.cpp
    ${CMAKE_CURRENT_LIST_DIR}/instanceresolver.h ${CMAKE_CURRENT_LIST_DIR}/instanceresolver.cpp
)

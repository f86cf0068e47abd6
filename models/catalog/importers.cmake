# Price-file parsers (docs/import-formats.md): pure parsing into ImportData, no database.
target_sources(mltco_models PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/csvreader.h ${CMAKE_CURRENT_LIST_DIR}/csvreader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/importhelpers.h ${CMAKE_CURRENT_LIST_DIR}/importhelpers.cpp
    ${CMAKE_CURRENT_LIST_DIR}/genericcsvimporter.h ${CMAKE_CURRENT_LIST_DIR}/genericcsvimporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/pythonliteral.h ${CMAKE_CURRENT_LIST_DIR}/pythonliteral.cpp
    ${CMAKE_CURRENT_LIST_DIR}/skypilotnames.h ${CMAKE_CURRENT_LIST_DIR}/skypilotnames.cpp
    ${CMAKE_CURRENT_LIST_DIR}/skypilotimporter.h ${CMAKE_CURRENT_LIST_DIR}/skypilotimporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/awspricelistimporter.h ${CMAKE_CURRENT_LIST_DIR}/awspricelistimporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/azureretailimporter.h ${CMAKE_CURRENT_LIST_DIR}/azureretailimporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/sparecoresimporter.h ${CMAKE_CURRENT_LIST_DIR}/sparecoresimporter.cpp
)

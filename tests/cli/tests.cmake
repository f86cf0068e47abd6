# CLI tests run the real mltco-cli binary through QProcess.
include(${CMAKE_CURRENT_LIST_DIR}/catalog.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/evaluate.cmake OPTIONAL)

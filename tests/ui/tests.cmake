# GUI tests: real widgets under the offscreen platform, found by object name and driven with QTest.
include(${CMAKE_CURRENT_LIST_DIR}/window.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/dashboard.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/scenarios.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/catalog.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/calculators.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/risk.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/actuals.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/teamstore.cmake OPTIONAL)

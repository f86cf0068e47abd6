# Shared compile settings for every mltco target.
function(mltco_set_compile_options target)
    target_compile_definitions(${target} PRIVATE
        QT_NO_CAST_TO_ASCII QT_NO_CAST_FROM_BYTEARRAY QT_NO_URL_CAST_FROM_STRING
        QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_USE_QSTRINGBUILDER)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                                 -Wold-style-cast -Wcast-align -Woverloaded-virtual)
        if(MLTCO_WARNINGS_AS_ERRORS)
            target_compile_options(${target} PRIVATE -Werror)
        endif()
    endif()
endfunction()

# mltco_add_test(NAME SOURCES file.cpp... LIBS lib... [GUI] [LABELS l...])
# One Qt Test executable per test class, registered with CTest; tests never touch the user's files
# (QStandardPaths test mode is switched on in each test's initTestCase).
function(mltco_add_test name)
    cmake_parse_arguments(ARG "GUI;BOTH_STORES" "" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    target_compile_definitions(${name} PRIVATE
        MLTCO_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
        MLTCO_SHARED_DIR="${PROJECT_SOURCE_DIR}/../shared"
        MLTCO_BIN_DIR="${CMAKE_BINARY_DIR}/bin")
    mltco_set_compile_options(${name})
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
    add_test(NAME ${name} COMMAND ${name})
    set(env "QT_QPA_PLATFORM=offscreen")
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}" TIMEOUT 300)
    if(ARG_LABELS)
        set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
    endif()
    # The same tests again against a team store: each document a new database in the run's PostgreSQL cluster.
    if(ARG_BOTH_STORES)
        add_test(NAME ${name}_pg COMMAND ${name})
        set_tests_properties(${name}_pg PROPERTIES
            ENVIRONMENT "${env};MLTCO_TEST_STORE=postgresql;MLTCO_TEST_PG_DIR=${MLTCO_TEST_PG_DIR}"
            FIXTURES_REQUIRED pg_cluster TIMEOUT 300 LABELS "postgresql;${ARG_LABELS}")
    endif()
endfunction()

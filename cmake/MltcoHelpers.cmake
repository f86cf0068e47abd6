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

# Where a test finds its data and the programs it runs.
function(mltco_test_definitions target)
    target_compile_definitions(${target} PRIVATE
        MLTCO_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
        MLTCO_SHARED_DIR="${PROJECT_SOURCE_DIR}/../shared"
        MLTCO_BIN_DIR="${CMAKE_BINARY_DIR}/bin")
endfunction()

# mltco_test_pch(TEST LIBS)
# The tests share three precompiled headers: Qt Test with the Qt Core headers, with the Sql ones too, and for tests
# of the widgets (those linking mltco_ui) with the Widgets and Charts headers. Qt Test defines each target's source
# and build folder as macros, and a precompiled header serves only files that define every macro it saw the same
# way: that is why the tests' lists are included into tests/CMakeLists.txt rather than added as folders.
function(mltco_test_pch name libs)
    if(NOT MLTCO_PCH OR MLTCO_FUZZ)
        return()
    endif()
    # Three kinds, as the test's own Qt modules are: a header that saw QT_SQL_LIB or QT_WIDGETS_LIB is no use
    # to a test that does not define it, nor one that includes Qt SQL to a test without its include path.
    set(headers <QTest> <QTemporaryDir> <QStandardPaths> <QFile> <QDir> <QBuffer>)
    set(sql_rooms mltco_models mltco_store mltco_storecopy mltco_catalog mltco_importers mltco_report Qt6::Sql)
    if("mltco_ui" IN_LIST libs)
        set(kind ui)
        list(APPEND headers ${MLTCO_PCH_SQL} <QWidget> <QLabel> <QPushButton> <QComboBox> <QLineEdit> <QTableWidget>
             <QAction> <QUndoStack> <QChart> <QLineSeries>)
        set(base mltco_ui)
    else()
        set(kind core)
        set(base mltco_tco)
        foreach(lib IN LISTS libs)
            if(lib IN_LIST sql_rooms)
                set(kind sql)
                set(base mltco_store)
            endif()
        endforeach()
        if(kind STREQUAL "sql")
            list(APPEND headers ${MLTCO_PCH_SQL})
        else()
            list(APPEND headers ${MLTCO_PCH_CORE})
        endif()
    endif()
    set(pch mltco_test_pch_${kind})
    if(NOT TARGET ${pch})
        add_library(${pch} STATIC ${PROJECT_SOURCE_DIR}/tests/support/pch.cpp)
        set_target_properties(${pch} PROPERTIES AUTOMOC OFF)
        target_link_libraries(${pch} PRIVATE Qt6::Test ${base})
        mltco_test_definitions(${pch})
        mltco_set_compile_options(${pch})
        target_precompile_headers(${pch} PRIVATE ${headers})
    endif()
    target_precompile_headers(${name} REUSE_FROM ${pch})
    # A test whose flags differ from the shared header's parses it as text instead: slower, never wrong.
    target_compile_options(${name} PRIVATE -Wno-error=invalid-pch)
    # A test's moc output is included by its own file (#include "tst_x.moc"), which leaves moc's own file empty: not
    # worth loading the precompiled header for.
    set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${name}_autogen/mocs_compilation.cpp
        TARGET_DIRECTORY ${name} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
endfunction()

# mltco_no_moc(TARGET...): programs that declare no QObject (fuzz targets, benchmarks, link checks) skip moc.
function(mltco_no_moc)
    set_target_properties(${ARGN} PROPERTIES AUTOMOC OFF)
endfunction()

# mltco_add_test(NAME SOURCES file.cpp... LIBS lib... [GUI] [LABELS l...])
# One Qt Test executable per test class, registered with CTest; tests never touch the user's files
# (QStandardPaths test mode is switched on in each test's initTestCase).
function(mltco_add_test name)
    cmake_parse_arguments(ARG "GUI;BOTH_STORES" "" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    mltco_test_definitions(${name})
    mltco_set_compile_options(${name})
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
    # A precompiled Qt Test header shared with the tests of the same Qt modules (mltco_test_pch).
    mltco_test_pch(${name} "${ARG_LIBS}")
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

# mltco_precompile(TARGET header...)
# Precompiled headers (MLTCO_PCH): the Qt and standard headers most files of a target include, parsed once for the
# target instead of once per file. Project headers are never precompiled: an edit to one would rebuild the whole
# target's header. Off for fuzzing builds, whose instrumentation flags differ per target.
function(mltco_precompile target)
    if(MLTCO_PCH AND NOT MLTCO_FUZZ)
        target_precompile_headers(${target} PRIVATE ${ARGN})
    endif()
endfunction()

# The headers of the rooms of models/ that read documents (Qt Core + Sql) and of those that do not (Qt Core).
set(MLTCO_PCH_CORE <QString> <QStringList> <QList> <QHash> <QByteArray> <QDate> <QJsonObject> <QJsonArray>
    <QJsonValue> <algorithm> <functional> <optional> <vector> CACHE INTERNAL "")
set(MLTCO_PCH_SQL ${MLTCO_PCH_CORE} <QSqlDatabase> <QSqlQuery> <QSqlError> CACHE INTERNAL "")

# mltco_add_room(TARGET SOURCES file... PUBLIC lib... PRIVATE lib... [PCH header...])
# One room of models/ (docs/architecture.md): a static library whose headers are included by their path from the
# source root ("models/<room>/x.h"). PUBLIC for what its own headers include, PRIVATE for the rest, so a room's
# dependants see no more than its API needs. PCH only for rooms of eight files or more: building the header costs
# about what it saves eight files.
function(mltco_add_room target)
    cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC;PRIVATE;PCH" ${ARGN})
    add_library(${target} STATIC ${ARG_SOURCES})
    target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
    target_link_libraries(${target} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
    mltco_set_compile_options(${target})
    # No room of models/ declares a QObject: moc has nothing to do there.
    set_target_properties(${target} PROPERTIES AUTOMOC OFF)
    if(ARG_PCH)
        mltco_precompile(${target} ${ARG_PCH})
    endif()
endfunction()

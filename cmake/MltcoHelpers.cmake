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

# Where a test finds its data, the source tree (example plans, docs) and the programs it runs.
function(mltco_test_definitions target)
    target_compile_definitions(${target} PRIVATE
        MLTCO_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
        MLTCO_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        MLTCO_SHARED_DIR="${PROJECT_SOURCE_DIR}/../shared"
        MLTCO_BIN_DIR="${CMAKE_BINARY_DIR}/bin")
endfunction()

# mltco_test_kind(LIBS OUT): the kind of a test by the Qt modules it compiles with: "ui" for tests of the widgets
# (those linking mltco_ui), "sql" for those of a room that reads documents, "core" for the rest.
function(mltco_test_kind libs out)
    set(sql_rooms mltco_models mltco_store mltco_storecopy mltco_catalog mltco_importers mltco_report mltco_actuals
        Qt6::Sql SQLite::SQLite3)
    set(kind core)
    foreach(lib IN LISTS libs)
        if(lib STREQUAL "mltco_ui")
            set(kind ui)
            break()
        elseif(lib IN_LIST sql_rooms)
            set(kind sql)
        endif()
    endforeach()
    set(${out} ${kind} PARENT_SCOPE)
endfunction()

# mltco_test_optimization(TARGET): the test runners' own files (and their precompiled headers, which must match) are
# compiled with -O1 instead of the build's -O2: a fifth less compile time for code that drives the libraries, which
# keep the build's optimization. (A Debug build keeps -O0.)
function(mltco_test_optimization target)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang" AND CMAKE_BUILD_TYPE MATCHES "^(RelWithDebInfo|Release)$")
        target_compile_options(${target} PRIVATE -O1)
    endif()
endfunction()

# mltco_test_pch(TARGET KIND)
# The tests share three precompiled headers, one per kind (mltco_test_kind): Qt Test with the Qt Core headers, with
# the Sql ones too, and with the Widgets and Charts headers. A header that saw QT_SQL_LIB or QT_WIDGETS_LIB is no use
# to a test that does not define it, nor one that includes Qt SQL to a test without its include path. Qt Test
# defines each target's source and build folder as macros, and a precompiled header serves only files that define
# every macro it saw the same way: that is why the tests' lists are included into tests/CMakeLists.txt rather than
# added as folders.
function(mltco_test_pch target kind)
    if(NOT MLTCO_PCH OR MLTCO_FUZZ)
        return()
    endif()
    set(headers <QTest> <QTemporaryDir> <QStandardPaths> <QFile> <QDir> <QBuffer>)
    if(kind STREQUAL "ui")
        list(APPEND headers ${MLTCO_PCH_SQL} <QWidget> <QLabel> <QPushButton> <QComboBox> <QLineEdit> <QTableWidget>
             <QAction> <QUndoStack> <QChart> <QLineSeries>)
        set(base mltco_ui)
    elseif(kind STREQUAL "sql")
        list(APPEND headers ${MLTCO_PCH_SQL})
        set(base mltco_store)
    else()
        list(APPEND headers ${MLTCO_PCH_CORE})
        set(base mltco_tco)
    endif()
    set(pch mltco_test_pch_${kind})
    if(NOT TARGET ${pch})
        add_library(${pch} STATIC ${PROJECT_SOURCE_DIR}/tests/support/pch.cpp)
        set_target_properties(${pch} PROPERTIES AUTOMOC OFF)
        target_link_libraries(${pch} PRIVATE Qt6::Test ${base})
        # The sql and ui runners hold the price-update tests, which link Qt Network: QtTest's header reads
        # QT_NETWORK_LIB, so the shared header is built with it too (else no file of those runners could use it).
        if(NOT kind STREQUAL "core")
            target_link_libraries(${pch} PRIVATE Qt6::Network)
        endif()
        mltco_test_definitions(${pch})
        mltco_set_compile_options(${pch})
        target_precompile_headers(${pch} PRIVATE ${headers})
        mltco_test_optimization(${pch})
    endif()
    target_precompile_headers(${target} REUSE_FROM ${pch})
    # A runner's moc output is included by each test's own file (#include "tst_x.moc"), which leaves moc's own file
    # empty: not worth loading the precompiled header for.
    set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp
        TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
endfunction()

# mltco_no_moc(TARGET...): programs that declare no QObject (fuzz targets, benchmarks, link checks) skip moc.
function(mltco_no_moc)
    set_target_properties(${ARGN} PROPERTIES AUTOMOC OFF)
endfunction()

# mltco_add_test(NAME SOURCES file.cpp... LIBS lib... [BOTH_STORES] [LABELS l...] [DEPENDS target...]
#                [DEFINITIONS NAME=value...])
# One Qt Test class, registered with CTest as NAME. Its sources join the runner of its kind (mltco_tests_core,
# mltco_tests_sql or mltco_tests_ui: one executable, one moc step and one link for every test of a kind, see
# tests/support/testmain.h), and CTest runs it alone in a process of its own: `mltco_tests_<kind> <dir>/tst_x`.
# DEFINITIONS are the test file's own; DEPENDS are programs it runs (built before its runner). Tests never touch the
# user's files (QStandardPaths test mode is switched on in each test's initTestCase).
function(mltco_add_test name)
    cmake_parse_arguments(ARG "BOTH_STORES" "" "SOURCES;LIBS;LABELS;DEPENDS;DEFINITIONS" ${ARGN})
    mltco_test_kind("${ARG_LIBS}" kind)
    set(runner mltco_tests_${kind})
    if(NOT TARGET ${runner})
        add_executable(${runner} ${PROJECT_SOURCE_DIR}/tests/support/testrunner.cpp
                                 ${PROJECT_SOURCE_DIR}/tests/support/testmain.h)
        target_link_libraries(${runner} PRIVATE Qt6::Test)
        mltco_test_definitions(${runner})
        mltco_set_compile_options(${runner})
        set_target_properties(${runner} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
        mltco_test_optimization(${runner})
        mltco_test_pch(${runner} ${kind})
        # A test whose flags differ from the shared header's parses it as text instead: slower, never wrong.
        target_compile_options(${runner} PRIVATE -Wno-error=invalid-pch)
    endif()
    target_sources(${runner} PRIVATE ${ARG_SOURCES})
    target_link_libraries(${runner} PRIVATE ${ARG_LIBS})
    if(ARG_DEPENDS)
        add_dependencies(${runner} ${ARG_DEPENDS})
    endif()
    # The test's key in its runner: the path of its first source below tests/, without ".cpp" (testmain.h).
    list(GET ARG_SOURCES 0 main_source)
    file(RELATIVE_PATH key ${PROJECT_SOURCE_DIR}/tests ${main_source})
    string(REGEX REPLACE "\\.cpp$" "" key "${key}")
    if(ARG_DEFINITIONS)
        set_source_files_properties(${main_source} TARGET_DIRECTORY ${runner} PROPERTIES
            COMPILE_DEFINITIONS "${ARG_DEFINITIONS}")
    endif()
    add_test(NAME ${name} COMMAND ${runner} ${key})
    set(env "QT_QPA_PLATFORM=offscreen")
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}" TIMEOUT 300)
    if(ARG_LABELS)
        set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
    endif()
    # The same tests again against a team store: each document a new database in the run's PostgreSQL cluster.
    if(ARG_BOTH_STORES)
        add_test(NAME ${name}_pg COMMAND ${runner} ${key})
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

# mltco_room_pch(TARGET core|sql)
# The rooms of models/ share two precompiled headers, one per set of Qt modules a room compiles with: Qt Core alone
# (common, tco, analytics) or Core and Sql (the rooms that read documents, and those above them). One header built
# once serves every room of its kind, however few files a room has. A room declared of the wrong kind fails to
# compile (-Winvalid-pch is an error there), so the kinds cannot drift from the rooms' links.
function(mltco_room_pch target kind)
    if(NOT MLTCO_PCH OR MLTCO_FUZZ)
        return()
    endif()
    set(pch mltco_room_pch_${kind})
    if(NOT TARGET ${pch})
        add_library(${pch} STATIC ${PROJECT_SOURCE_DIR}/models/common/pch.cpp)
        set_target_properties(${pch} PROPERTIES AUTOMOC OFF)
        if(kind STREQUAL "sql")
            target_link_libraries(${pch} PRIVATE Qt6::Core Qt6::Sql)
            target_precompile_headers(${pch} PRIVATE ${MLTCO_PCH_SQL})
        else()
            target_link_libraries(${pch} PRIVATE Qt6::Core)
            target_precompile_headers(${pch} PRIVATE ${MLTCO_PCH_CORE})
        endif()
        mltco_set_compile_options(${pch})
    endif()
    target_precompile_headers(${target} REUSE_FROM ${pch})
endfunction()

# In a unity batch every file but the first is "included", and GCC's -Wsubobject-linkage warns of a class whose
# member has a file-local type as if the class were in a header shared by several files: it is not, so the warning is
# off where files are batched (the file-local names themselves are checked by cmake/check_unity_names.py).
function(mltco_unity_warnings target)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
    endif()
endfunction()

# mltco_unity(TARGET)
# Compiles TARGET's .cpp files in batches of 8, each batch one translation unit (CMake's UNITY_BUILD): the headers,
# templates and inline functions they share are compiled once per batch instead of once per file. Files of a batch
# share one scope, so cmake/check_unity_names.py runs before the target compiles and refuses two files that give a
# file-local name (anonymous namespace, `static`) the same spelling, or a using-directive at file scope. Off with
# MLTCO_UNITY (and in the sanitizer and fuzzing builds).
find_package(Python3 COMPONENTS Interpreter QUIET)
# mltco_cpp_files(TARGET OUT): the absolute paths of TARGET's .cpp files, as the name check reads them.
function(mltco_cpp_files target out)
    get_target_property(sources ${target} SOURCES)
    get_target_property(dir ${target} SOURCE_DIR)
    set(files "")
    foreach(source IN LISTS sources)
        if(source MATCHES "\\.cpp$")
            cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${dir}" OUTPUT_VARIABLE path)
            list(APPEND files "${path}")
        endif()
    endforeach()
    set(${out} ${files} PARENT_SCOPE)
endfunction()

function(mltco_unity target)
    if(NOT MLTCO_UNITY)
        return()
    endif()
    if(NOT Python3_Interpreter_FOUND)
        message(STATUS "${target}: no unity build (python3, which checks its names, was not found)")
        return()
    endif()
    mltco_cpp_files(${target} checked)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
    mltco_unity_warnings(${target})
    set(stamp "${CMAKE_CURRENT_BINARY_DIR}/${target}_unity_names.stamp")
    add_custom_command(OUTPUT "${stamp}"
        COMMAND ${Python3_EXECUTABLE} "${PROJECT_SOURCE_DIR}/cmake/check_unity_names.py" ${target} ${checked}
        COMMAND ${CMAKE_COMMAND} -E touch "${stamp}"
        DEPENDS "${PROJECT_SOURCE_DIR}/cmake/check_unity_names.py" ${checked}
        COMMENT "Checking ${target}'s file-local names for a unity build" VERBATIM)
    add_custom_target(${target}_unity_names DEPENDS "${stamp}")
    add_dependencies(${target} ${target}_unity_names)
endfunction()

# mltco_unity_groups(TARGET): a unity build of a target whose files name their helpers alike (the test runners, where
# every test file has its own `cli()`, `kPlan` …): cmake/check_unity_names.py --groups puts the files in batches of 8
# that clash in nothing and use the same using-directives, and CMake compiles each batch as one file (UNITY_BUILD_MODE
# GROUP). The batches are made again whenever one of the files changes (CMAKE_CONFIGURE_DEPENDS). Files with
# definitions of their own are compiled alone (CMake leaves them out of a batch).
function(mltco_unity_groups target)
    if(NOT MLTCO_UNITY OR NOT Python3_Interpreter_FOUND)
        return()
    endif()
    mltco_cpp_files(${target} files)
    execute_process(
        COMMAND ${Python3_EXECUTABLE} "${PROJECT_SOURCE_DIR}/cmake/check_unity_names.py" --groups 8 ${target} ${files}
        OUTPUT_VARIABLE batches RESULT_VARIABLE failed)
    if(failed)
        message(FATAL_ERROR "${target}: the unity batches could not be made")
    endif()
    string(REPLACE "\n" ";" batches "${batches}")
    foreach(line IN LISTS batches)
        if(line MATCHES "^([^\t]+)\t(.+)$")
            set_source_files_properties("${CMAKE_MATCH_2}" TARGET_DIRECTORY ${target} PROPERTIES
                UNITY_GROUP "${CMAKE_MATCH_1}")
        endif()
    endforeach()
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
    mltco_unity_warnings(${target})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${files}
        "${PROJECT_SOURCE_DIR}/cmake/check_unity_names.py")
endfunction()

# mltco_add_room(TARGET SOURCES file... PUBLIC lib... PRIVATE lib... PCH core|sql [NO_UNITY])
# One room of models/ (docs/architecture.md): a static library whose headers are included by their path from the
# source root ("models/<room>/x.h"). PUBLIC for what its own headers include, PRIVATE for the rest, so a room's
# dependants see no more than its API needs. PCH names the room's kind of precompiled header (mltco_room_pch).
function(mltco_add_room target)
    cmake_parse_arguments(ARG "NO_UNITY" "PCH" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
    add_library(${target} STATIC ${ARG_SOURCES})
    target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
    target_link_libraries(${target} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
    mltco_set_compile_options(${target})
    # No room of models/ declares a QObject: moc has nothing to do there.
    set_target_properties(${target} PROPERTIES AUTOMOC OFF)
    if(NOT ARG_PCH MATCHES "^(core|sql)$")
        message(FATAL_ERROR "mltco_add_room(${target}): PCH must be core or sql")
    endif()
    mltco_room_pch(${target} ${ARG_PCH})
    if(NOT ARG_NO_UNITY)
        mltco_unity(${target})
    endif()
endfunction()

#pragma once
// One executable per kind of test (mltco_tests_core, mltco_tests_sql, mltco_tests_ui; cmake/MltcoHelpers.cmake)
// holds every Qt Test class of that kind. Each class registers itself under its file's path below tests/
// ("tco/tst_engine") with MLTCO_TEST_MAIN or MLTCO_TEST_GUILESS_MAIN, which do what QTEST_MAIN and
// QTEST_GUILESS_MAIN do, in a function of the file's own instead of main(). The runner's main()
// (testrunner.cpp) runs the one class its first argument names, with the rest of the arguments:
//   build/tests/mltco_tests_core tco/tst_engine -functions
// so CTest still runs each class as a test of its own, in a process of its own.
//
// A test file keeps its helpers in an anonymous namespace (or in a header of tests/support used by every file
// alike): two files of one runner that define the same name differently would break the one-definition rule.

#include <QTest>

namespace mltco::test {

using TestMain = int (*)(int argc, char **argv);

/// Registers `main` under the path of `file` below tests/ without ".cpp"; called once per test file at start-up.
bool registerTest(const char *file, TestMain main);

} // namespace mltco::test

// The function and the flag get names of their file's own (__COUNTER__), so that test files compiled together in one
// unity batch (cmake/MltcoHelpers.cmake, mltco_unity_groups) do not define them twice.
#define MLTCO_TEST_PASTE2(a, b) a##b
#define MLTCO_TEST_PASTE(a, b) MLTCO_TEST_PASTE2(a, b)
#define MLTCO_TEST_MAIN_WRAPPER(TestObject, ...)                                                                 \
    MLTCO_TEST_MAIN_NAMED(MLTCO_TEST_PASTE(mltcoTestMain, __COUNTER__), TestObject, __VA_ARGS__)
#define MLTCO_TEST_MAIN_NAMED(function, TestObject, ...)                                                          \
    namespace {                                                                                                  \
    int function(int argc, char *argv[])                                                                         \
    {                                                                                                            \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                                       \
        __VA_ARGS__                                                                                              \
        TestObject tc;                                                                                           \
        QTEST_SET_MAIN_SOURCE_PATH                                                                               \
        return QTest::qExec(&tc, argc, argv);                                                                    \
    }                                                                                                            \
    [[maybe_unused]] const bool MLTCO_TEST_PASTE(function, Registered) =                                         \
        ::mltco::test::registerTest(__FILE__, &function);                                                        \
    }

/// QTEST_MAIN in a runner: the application object of the test's Qt modules (QApplication with widgets).
#define MLTCO_TEST_MAIN(TestObject) MLTCO_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
/// QTEST_GUILESS_MAIN in a runner: a QCoreApplication.
#define MLTCO_TEST_GUILESS_MAIN(TestObject) MLTCO_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))

// main() of the test runners (testmain.h): runs the test class its first argument names.
#include "tests/support/testmain.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace mltco::test {
namespace {

std::map<std::string, TestMain> &registry()
{
    static std::map<std::string, TestMain> tests;
    return tests;
}

/// "/src/main/tests/tco/tst_engine.cpp" -> "tco/tst_engine": the path below the last "/tests/", without ".cpp".
std::string keyOf(const char *file)
{
    std::string key(file);
    if (const auto at = key.rfind("/tests/"); at != std::string::npos)
        key.erase(0, at + std::strlen("/tests/"));
    if (key.size() > 4 && key.compare(key.size() - 4, 4, ".cpp") == 0)
        key.resize(key.size() - 4);
    return key;
}

void listTests(std::FILE *out)
{
    for (const auto &entry : registry())
        std::fprintf(out, "  %s\n", entry.first.c_str());
}

} // namespace

bool registerTest(const char *file, TestMain main)
{
    const bool added = registry().emplace(keyOf(file), main).second;
    if (!added) {
        std::fprintf(stderr, "Two test files register as %s\n", keyOf(file).c_str());
        std::abort();
    }
    return true;
}

} // namespace mltco::test

int main(int argc, char *argv[])
{
    using namespace mltco::test;
    if (argc < 2 || argv[1][0] == '-') {
        std::fprintf(argc < 2 ? stderr : stdout,
                     "usage: %s TEST [Qt Test options]\nruns one test of this runner; its tests:\n", argv[0]);
        listTests(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const auto found = registry().find(argv[1]);
    if (found == registry().end()) {
        std::fprintf(stderr, "%s has no test %s; it has:\n", argv[0], argv[1]);
        listTests(stderr);
        return 2;
    }
    // The test sees the runner's name and its own options, as if it were a program of its own.
    for (int i = 1; i + 1 < argc; ++i)
        argv[i] = argv[i + 1];
    argv[argc - 1] = nullptr;
    return found->second(argc - 1, argv);
}

#!/usr/bin/env bash
# The window driven at random (tests/ui/tst_monkey.cpp) for MINUTES (default 30) in the sanitizer build:
#   bash tests/monkey/run.sh [MINUTES] [SEED]
# Builds build-asan/ the way `bash .ci/bootstrap.sh asan` does (ASan + UBSan + LSan), then runs the one test. Any
# crash, sanitizer report or dialog that cannot be closed fails it; the last line gives the figures and the seed.
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=${1:-30}
seed=${2:-20261128}
build=${MLTCO_ASAN_BUILD_DIR:-build-asan}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMLTCO_SANITIZE=ON >/dev/null
fi
cmake --build "$build" -j2 --target mltco_tests_ui
export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# QtTest ends a test function after 5 minutes by default: this one runs for MINUTES, plus room to close.
export QTEST_FUNCTION_TIMEOUT=$(((minutes * 60 + 600) * 1000))
MLTCO_MONKEY_SECONDS=$((minutes * 60)) MLTCO_MONKEY_SEED=$seed \
  "$build/tests/mltco_tests_ui" ui/tst_monkey -maxwarnings 0

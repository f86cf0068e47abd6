#!/usr/bin/env bash
# The whole test suite under AddressSanitizer, UndefinedBehaviorSanitizer and LeakSanitizer (gcc's runtimes).
# Called by `bash .ci/bootstrap.sh asan` once the packages are there. Any report fails its test: UBSan
# stops at the first finding, ASan and LSan exit non-zero. .ci/lsan.supp lists the only leaks tolerated,
# all inside third-party libraries, each with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${MLTCO_ASAN_BUILD_DIR:-build-asan}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMLTCO_SANITIZE=ON >/dev/null
fi
cmake --build "$build" -j2

export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build" --output-on-failure -j2 --timeout 900

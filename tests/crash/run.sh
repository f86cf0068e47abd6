#!/usr/bin/env bash
# Kills mltco-cli with SIGKILL at 100 random moments during imports and 100 during plan saves, checking
# the document after each (tst_crash_cli.cpp). Usage: bash tests/crash/run.sh [ROUNDS] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-100}
build=${2:-${MLTCO_BUILD_DIR:-build}}
[ -f "$build/build.ninja" ] || { echo "no build in $build: run bash .ci/bootstrap.sh test first" >&2; exit 2; }
cmake --build "$build" -j2 --target mltco_tests_sql mltco-cli
MLTCO_CRASH_ROUNDS=$rounds QT_QPA_PLATFORM=offscreen "$build/tests/mltco_tests_sql" crash/tst_crash_cli

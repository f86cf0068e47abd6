#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (run as root, or as a user with sudo):
#   bash .ci/bootstrap.sh run             install what is missing, build, open the app on the sample plan
#   bash .ci/bootstrap.sh test            install what is missing, build, run the whole test suite
#   bash .ci/bootstrap.sh asan            the whole test suite built with ASan + UBSan + LSan (build-asan/)
#   bash .ci/bootstrap.sh fuzz [SECONDS]  build the libFuzzer targets with clang and run each for SECONDS
#                                         (default 60; tests/fuzz/README.md), two at a time
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
case "$mode" in
  run|test|asan|fuzz) ;;
  *) echo "usage: bash .ci/bootstrap.sh run|test|asan|fuzz [SECONDS]" >&2; exit 2 ;;
esac

packages=(
  g++ cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libqt6sql6-sqlite libqt6sql6-psql qt6-svg-dev libqt6svg6 libgl-dev
  libcsv-dev libsqlite3-dev libpq-dev libzip-dev libssl-dev zlib1g-dev qtkeychain-qt6-dev coinor-libclp-dev
  libxlsxwriter-dev
  ca-certificates
  postgresql
  sqlite3 poppler-utils fonts-dejavu-core python3
  dpkg-dev file appstream desktop-file-utils
)
# ca-certificates: the system's certificates, which Catalog › Update prices… and `catalog update` trust for HTTPS.
# libFuzzer and clang's sanitizer runtimes; gcc's ASan/UBSan runtimes come with g++.
if [ "$mode" = fuzz ]; then packages+=(clang libclang-rt-14-dev); fi
# The tests hold exported workbooks against LibreOffice Calc, the real client (recalculated through python3-uno), and
# read them as a reader that does not recalculate (openpyxl); the app itself needs neither.
if [ "$mode" = test ] || [ "$mode" = asan ]; then packages+=(libreoffice-calc-nogui python3-uno python3-openpyxl); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$mode" = asan ]; then
  exec bash .ci/sanitize.sh
fi
if [ "$mode" = fuzz ]; then
  exec bash .ci/fuzz.sh "${2:-60}"
fi

build=${MLTCO_BUILD_DIR:-build}
if [ ! -f "$build/build.ninja" ]; then
  # RelWithDebInfo with line tables only (-g1): the same code, backtraces and profiles with file and line, and a
  # third less compile and link time than full debug information (configure a Debug build to step through locals).
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DMLTCO_WARNINGS_AS_ERRORS=ON >/dev/null
fi
if [ "$mode" = run ]; then
  # Only what the window and the CLI need; the tests, benchmarks and fuzz replays are built by `test`.
  cmake --build "$build" -j2 --target mltco mltco-cli
else
  cmake --build "$build" -j2
fi

if [ "$mode" = test ]; then
  export QT_QPA_PLATFORM=offscreen
  ctest --test-dir "$build" --output-on-failure -j2
  exit $?
fi

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  cat <<MSG
There is no display here, so the window cannot open. Instead:
  QT_QPA_PLATFORM=offscreen $build/bin/mltco      # runs the GUI without a screen
  $build/bin/mltco-cli evaluate resources/plans/sample-plan.json --format table
Here is the sample plan, evaluated headless:
MSG
  exec "$build/bin/mltco-cli" evaluate resources/plans/sample-plan.json --format table
fi
exec "$build/bin/mltco"

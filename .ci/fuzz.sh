#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan) and runs each for SECONDS.
# Called by `bash .ci/bootstrap.sh fuzz [SECONDS]` once clang is installed. Two targets run at a time
# (MLTCO_FUZZ_JOBS). Corpora grow across runs in build-fuzz/fuzz/corpus/<target>; a crash lands in
# build-fuzz/fuzz/crashes/<target>/ and fails the run (tests/fuzz/README.md says how it becomes a
# regression input).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
case "$seconds" in ''|*[!0-9]*) echo "fuzz: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
build=${MLTCO_FUZZ_BUILD_DIR:-build-fuzz}
jobs=${MLTCO_FUZZ_JOBS:-2}

if [ ! -f "$build/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMLTCO_FUZZ=ON \
    -DMLTCO_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j2 --target mltco_fuzzers

out=$build/fuzz
# Every target tests/fuzz/CMakeLists.txt declares: it writes one <target>.seeds file per target.
targets=()
for seeds in "$out"/*.seeds; do
  t=$(basename "$seeds" .seeds)
  [ -x "$out/fuzz_$t" ] && targets+=("$t")
done
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export QT_QPA_PLATFORM=offscreen

run_one() {
  local t=$1 corpus=$out/corpus/$1 crashes=$out/crashes/$1
  mkdir -p "$corpus" "$crashes"
  # libFuzzer takes folders as corpora (a file argument would only be replayed), so seeds are copied in.
  while IFS= read -r seed; do
    [ -n "$seed" ] || continue
    if [ -d "$seed" ]; then cp -n "$seed"/* "$corpus"/ 2>/dev/null || true; else cp -n "$seed" "$corpus"/; fi
  done < "$out/$t.seeds"
  "$out/fuzz_$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$corpus" > "$out/$t.log" 2>&1 || true
}

echo "Fuzzing ${targets[*]} for $seconds s each, $jobs at a time (logs in $out/<target>.log)"
running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

status=0
printf '%-14s %10s %12s %10s %8s\n' target seconds executions corpus crashes
for t in "${targets[@]}"; do
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log" | tail -1)
  crashes=$(find "$out/crashes/$t" -type f | wc -l)
  corpus=$(find "$out/corpus/$t" -type f | wc -l)
  printf '%-14s %10s %12s %10s %8s\n' "$t" "$seconds" "${execs:-?}" "$corpus" "$crashes"
  if [ "$crashes" -gt 0 ] || [ -z "$execs" ]; then
    status=1
    echo "  $t: see $out/$t.log; inputs in $out/crashes/$t/" >&2
  fi
done
exit $status

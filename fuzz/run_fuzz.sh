#!/bin/bash
# Runs every libFuzzer target of fuzz/ (fuzz/README.md) for SECONDS seconds each, over its seeds
# (fuzz/seeds), every crash found so far (fuzz/regressions), the corpus generated from the tests
# and games (make_corpus.py) and, for the log readers, the shared real logs read in place.
# New interesting inputs go to FUZZ_BUILD/corpus/<target>; a crash to FUZZ_BUILD/crashes/<target>/
# (copy it into fuzz/regressions/<target>/ once fixed: it then stays a test).
# Prints one line per target: runs, executions per second, new coverage, result. Exit 1 when a
# target crashed.
#
# usage: fuzz/run_fuzz.sh FUZZ_BUILD RIICHI_CLI SECONDS [target...]
# (RIICHI_SHARED_DATA: the shared data folder, default ../shared/data next to the repository;
#  FUZZ_QUICK=1: the smaller seed set of `make test`; FUZZ_JOBS: targets run at once, default nproc)
set -u
build=$1
riichi=$2
seconds=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
shared=${RIICHI_SHARED_DATA:-$here/../../shared/data}
targets=${*:-hand score_vector rules_spec record record_text mjlog tenhou6 mjai_log mjai_bot mjai_server web_protocol log}

seed_dir=$build/corpus-seed
if [ ! -d "$seed_dir" ]; then
  /usr/bin/python3 "$here/make_corpus.py" --riichi "$riichi" --source "$here/.." --out "$seed_dir" \
    --shared "$shared" > /dev/null || { echo "error: cannot generate the seed corpus"; exit 2; }
fi

# FUZZ_JOBS (default: the number of cores) targets run at once, each SECONDS on its own core;
# the lines are printed in the order of the targets.
jobs=${FUZZ_JOBS:-$(nproc)}
run_target() {
  local t=$1 bin=$build/fuzz/fuzz_$1 extra=() d dirs
  mkdir -p "$build/corpus/$t" "$build/crashes/$t"; rm -f "$build/crashes/$t.rc"
  for d in "$here/seeds/$t" "$here/regressions/$t" "$seed_dir/$t"; do [ -d "$d" ] && extra+=("$d"); done
  case $t in
    mjlog)  # FUZZ_QUICK (make test): the 45 logs only, not the 300 houou games
      dirs="tenhou-mjlog tenhou-mjlog-houou2021"; [ -n "${FUZZ_QUICK:-}" ] && dirs=tenhou-mjlog
      for d in $dirs; do [ -d "$shared/$d" ] && extra+=("$shared/$d"); done ;;
    tenhou6|log) [ -d "$shared/tenhou6" ] && extra+=("$shared/tenhou6") ;;
  esac
  local log=$build/crashes/$t.log
  "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=262144 \
    -print_final_stats=1 -artifact_prefix="$build/crashes/$t/" \
    "$build/corpus/$t" "${extra[@]}" \
    > "$log" 2>&1
  echo $? > "$build/crashes/$t.rc"
}

for t in $targets; do
  [ -x "$build/fuzz/fuzz_$t" ] || { echo "error: $build/fuzz/fuzz_$t is not built (make fuzz builds it)"; exit 2; }
done
running=0
for t in $targets; do
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  run_target "$t" &
  running=$((running + 1))
done
wait

status=0
printf '%-14s %10s %10s %8s %8s  %s\n' target runs "exec/s" cov features result
for t in $targets; do
  log=$build/crashes/$t.log
  rc=$(cat "$build/crashes/$t.rc" 2>/dev/null || echo 1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  if [ "$rc" -eq 0 ]; then result=ok; else result="CRASH (see $log; inputs in $build/crashes/$t/)"; status=1; fi
  printf '%-14s %10s %10s %8s %8s  %s\n' "$t" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit $status

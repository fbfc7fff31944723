#!/bin/sh
# Checks tools/arena_phases.py against the arena's own report (ctest arena_phases_check): a small
# run of efficiency x2 against defensive x2 with --db; over all games the place difference at the
# start of East 1 must be 0 (equal scores, seat order, complete blocks of rotations) and the final
# one the difference of the two bots' average ranks in the arena's --json report; a database
# without the bots named, or no database, must fail with a message.
# Usage: tools/arena_phases_check.sh RIICHI_BINARY
set -eu
riichi=$1
tools=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$riichi" arena --bots efficiency,efficiency,defensive,defensive --games 8 --seed 3 \
  --threads 1 --db "$dir/a.db" --json > "$dir/a.json"
/usr/bin/python3 "$tools/arena_phases.py" "$dir/a.db" --a efficiency > "$dir/out.txt"
/usr/bin/python3 - "$dir" <<'PY'
import json, re, sys
d = sys.argv[1]
r = {b["name"]: b for b in json.load(open(f"{d}/a.json"))["bots"]}
want = r["efficiency"]["avg_rank"] - r["defensive"]["avg_rank"]
text = open(f"{d}/out.txt").read()
m = re.search(r"all \(8 games\): East 1 ([+-]\d+\.\d+) .*; final ([+-]\d+\.\d+) ", text)
if not m:
    sys.exit("arena_phases_check: no 'all' line in\n" + text)
if float(m.group(1)) != 0.0:
    sys.exit(f"arena_phases_check: East 1 {m.group(1)}, expected +0.000")
if abs(float(m.group(2)) - want) > 0.0005:
    sys.exit(f"arena_phases_check: final {m.group(2)}, the arena's report {want:+.4f}")
for needed in ("reach All-Last", "points per hand"):
    if needed not in text:
        sys.exit(f"arena_phases_check: '{needed}' missing from\n" + text)
PY
if /usr/bin/python3 "$tools/arena_phases.py" "$dir/a.db" --a strong 2> "$dir/err.txt"; then
  echo "arena_phases_check: a bot not in the games was accepted"; exit 1
fi
grep -q "without both strong and defensive" "$dir/err.txt"
if /usr/bin/python3 "$tools/arena_phases.py" "$dir/none.db" 2> "$dir/err.txt"; then
  echo "arena_phases_check: a missing database was accepted"; exit 1
fi
grep -q "not an arena database" "$dir/err.txt"
echo "arena_phases_check: ok"

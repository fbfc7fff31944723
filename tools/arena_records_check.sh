#!/bin/sh
# Checks tools/arena_records.py with `riichi danger-check` (ctest arena_records_check): a small
# arena run of efficiency x2 against defensive x2 with --db, its records written one file per
# game; danger-check must read every game and every hand the arena played (the four rotations of
# a wall deal the same hands to different players: none is a duplicate) with none failing to
# replay; a missing database must fail with a message.
# Usage: tools/arena_records_check.sh RIICHI_BINARY
set -eu
riichi=$1
tools=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$riichi" arena --bots efficiency,efficiency,defensive,defensive --rules tenhou --games 8 \
  --seed 3 --threads 1 --db "$dir/a.db" --json > "$dir/a.json"
/usr/bin/python3 "$tools/arena_records.py" "$dir/a.db" "$dir/rec" > "$dir/out.txt"
grep -q "^8 games written" "$dir/out.txt"
"$riichi" danger-check "$dir/rec" --json > "$dir/danger.json"
/usr/bin/python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
arena = json.load(open(f"{d}/a.json"))
got = json.load(open(f"{d}/danger.json"))
for key, want in (("games", 8), ("hands", arena["hands"]), ("duplicate_hands", 0),
                  ("mismatched_hands", 0)):
    if got[key] != want:
        sys.exit(f"arena_records_check: danger-check {key} {got[key]}, expected {want}")
if got["discards"] <= 0:
    sys.exit("arena_records_check: no discards")
PY
if /usr/bin/python3 "$tools/arena_records.py" "$dir/none.db" "$dir/x" 2> "$dir/err.txt"; then
  echo "arena_records_check: a missing database was accepted"; exit 1
fi
grep -q "not an arena database" "$dir/err.txt"

#!/bin/sh
# Every game of DIR exported to tenhou.net/6 JSON and to mjai JSON lines (`riichi export`), and
# each export replayed through the engine (`riichi tenhou-check`): 0 mismatches, or it fails.
# Usage: tools/export_check.sh RIICHI DIR   (exit 77: DIR absent, the test is skipped)
set -eu
riichi=$1
dir=$2
if [ ! -d "$dir" ]; then
  echo "skipped: no logs in $dir"
  exit 77
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir "$out/tenhou6" "$out/mjai"
for f in "$dir"/*; do
  name=$(basename "$f")
  "$riichi" export --to tenhou6 "$f" -o "$out/tenhou6/$name.json" 2>/dev/null
  "$riichi" export --to mjai "$f" -o "$out/mjai/$name.jsonl" 2>/dev/null
done
status=0
for format in tenhou6 mjai; do
  echo "== $format"
  "$riichi" tenhou-check -j 2 --no-progress "$out/$format" >"$out/$format.txt" || status=1
  grep -v ': [0-9]* hands, all match$' "$out/$format.txt" || true
done
exit $status

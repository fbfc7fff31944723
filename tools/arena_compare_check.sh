#!/bin/sh
# Checks tools/arena_compare.py against the arena's own report (ctest arena_compare_check):
# two small runs of efficiency x2 against defensive x2 with --db; for each, the tool's
# "efficiency - defensive" must equal the difference of the two bots' average ranks in the
# arena's --json report, and its win and deal-in rates the report's; a run compared with itself
# must be paired +0.000 with every block identical, and two runs on different walls paired by
# their blocks' difference (the second run's mean minus the first's).
# Usage: tools/arena_compare_check.sh RIICHI_BINARY
set -eu
riichi=$1
tools=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for seed in 3 6; do
  "$riichi" arena --bots efficiency,efficiency,defensive,defensive --games 8 --seed $seed \
    --threads 1 --db "$dir/$seed.db" --json > "$dir/$seed.json"
done
/usr/bin/python3 "$tools/arena_compare.py" "$dir/3.db" "$dir/3.db" --a efficiency > "$dir/same.txt"
/usr/bin/python3 "$tools/arena_compare.py" "$dir/3.db" "$dir/6.db" --a efficiency \
  > "$dir/diff.txt" 2> "$dir/diff.err"
/usr/bin/python3 - "$dir" <<'PY'
import json, re, sys
d = sys.argv[1]
def expected(seed):
    r = {b["name"]: b for b in json.load(open(f"{d}/{seed}.json"))["bots"]}
    e = r["efficiency"]
    return (e["avg_rank"] - r["defensive"]["avg_rank"], 100 * e["win_rate"], 100 * e["deal_in_rate"])
def run_line(text, name):
    m = re.search(re.escape(name) + r": (\d+) blocks, efficiency - defensive ([+-]\d+\.\d+) .*"
                  r"win (\d+\.\d)% deal-in (\d+\.\d)%", text)
    assert m, f"no summary of {name} in:\n{text}"
    return int(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4))
same = open(f"{d}/same.txt").read()
diff = open(f"{d}/diff.txt").read()
for seed, text in ((3, same), (6, diff)):
    blocks, mean, win, deal_in = run_line(text, f"{d}/{seed}.db")
    rank, ew, ed = expected(seed)
    assert blocks == 2, f"seed {seed}: {blocks} blocks, 8 games are 2 blocks of 4 rotations"
    assert abs(mean - rank) < 0.0006, f"seed {seed}: tool {mean} vs arena {rank}"
    assert abs(win - ew) < 0.06 and abs(deal_in - ed) < 0.06, f"seed {seed}: rates {text}"
assert "paired (new - base) over 2 blocks: +0.000 ± 0.000 (2 blocks identical)" in same, same
m = re.search(r"paired \(new - base\) over 2 blocks: ([+-]\d+\.\d+)", diff)
want = expected(6)[0] - expected(3)[0]
assert m and abs(float(m.group(1)) - want) < 0.0006, f"paired {diff} vs {want}"
assert "the runs differ" in open(f"{d}/diff.err").read(), "no warning for different seeds"
print(f"arena_compare: ok (paired difference {want:+.3f} over two runs' blocks)")
PY

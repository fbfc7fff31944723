#!/bin/sh
# Checks riichi's reference hand-value model against tools/ev_reference_check.py, an independent
# implementation of ../shared/ev-reference/MODEL.md (ctest ev_reference_check, docs/eval.md):
# the script must reproduce the 0/1-shanten hands of examples.tsv (when ../shared is there) and
# agree with `riichi analyze --ev --model reference` on the hand-picked cases and 16 seeded
# random hands at shanten 0-1 (every discard, every turn, 6 significant digits); a riichi whose
# values are off by 2e-6 somewhere must be caught (exit 1); a bad hand must be an error (exit 2).
# Usage: tools/ev_reference_check.sh RIICHI_BINARY [EXAMPLES_TSV]
set -eu
riichi=$1
examples=${2:-}
tools=$(dirname "$0")
py=/usr/bin/python3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

if [ -n "$examples" ] && [ -f "$examples" ]; then
  "$py" "$tools/ev_reference_check.py" --examples "$examples" --max-example-shanten 1 \
    > "$dir/examples.txt"
  grep -q "^examples: 2244 values, 0 mismatches" "$dir/examples.txt"
else
  echo "ev_reference_check: no examples.tsv, the examples part skipped"
fi

"$py" "$tools/ev_reference_check.py" --hands 16 --seed 1 --riichi "$riichi" > "$dir/hands.txt"
tail -n 1 "$dir/hands.txt"
grep -q "^riichi: 43 hands, .* values, 0 mismatches" "$dir/hands.txt"

# A riichi that is wrong in the 6th digit of one value: the check must fail.
cat > "$dir/off_riichi" <<EOF
#!/bin/sh
"$riichi" "\$@" | "$py" -c '
import json, sys
d = json.load(sys.stdin)
d["discards"][0]["ev"]["exp_score_by_turn"][9] *= 1 + 2e-6
json.dump(d, sys.stdout)'
EOF
chmod +x "$dir/off_riichi"
status=0
"$py" "$tools/ev_reference_check.py" --hand 23456m234p567s1z44s --dora 1z --riichi \
  "$dir/off_riichi" > "$dir/off.txt" || status=$?
if [ "$status" -ne 1 ] || ! grep -q "^MISMATCH .* exp turn 9" "$dir/off.txt"; then
  echo "ev_reference_check: a value off by 2e-6 was not caught (status $status)"; exit 1
fi

# Bad input: a clear error, exit status 2.
status=0
"$py" "$tools/ev_reference_check.py" --hand 2345m234p567s1z44s > /dev/null 2> "$dir/err.txt" ||
  status=$?
if [ "$status" -ne 2 ] || ! grep -q "13 tiles, expected 14" "$dir/err.txt"; then
  echo "ev_reference_check: a 13-tile hand was not refused (status $status)"; exit 1
fi
echo "ev_reference_check: ok"

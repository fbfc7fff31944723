#!/bin/sh
# Checks tools/arena_divergence.py (ctest arena_divergence_check) on a small run of efficiency x2
# against defensive x2 with --db (2 blocks of 4 rotations). From the arena's rules: the pairs of
# games that differ in exactly two seats are the 4 adjacent rotations of each block (8 pairs);
# East 1 starts every game from the same setup, so at least one pair of hands per pair of games;
# every pair of hands compared is identical, or diverges at one seat. From the bots' rules:
# `defensive` is `efficiency` plus a fold, and neither reads the scores (only riichi's legality
# does, under 1,000 points: not in this run), so no divergence is by a seat with the same bot in
# both games, `efficiency` never folds where defensive pushes, never plays dama where defensive
# declares riichi, and never passes a call defensive makes. The same
# database read with A and B swapped must give the mirror image: the same counts, the classes
# with A and B exchanged, the means negated, the win and deal-in rates swapped. The run compared
# with itself as the base build (--base): every game paired with itself, every hand identical.
# Bad input (bots not in the run, no database, not one base per database, a base run on other
# walls: its hands differ before any action does) must fail with a message.
# Usage: tools/arena_divergence_check.sh RIICHI_BINARY PYTHON_MODULE_DIR
set -eu
riichi=$1
module=$2
tools=$(dirname "$0")
if ! ls "$module"/_riichi*.so > /dev/null 2>&1; then
  echo "skipped: no _riichi module in $module"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$riichi" arena --bots efficiency,efficiency,defensive,defensive --games 8 --seed 3 \
  --threads 1 --db "$dir/a.db" > /dev/null
py=/usr/bin/python3
$py "$tools/arena_divergence.py" "$dir/a.db" --a efficiency --module "$module" --json \
  --detail > "$dir/ab.json"
$py "$tools/arena_divergence.py" "$dir/a.db" --a defensive --b efficiency --module "$module" \
  --json --detail > "$dir/ba.json"
$py "$tools/arena_divergence.py" "$dir/a.db" --a efficiency --module "$module" > "$dir/ab.txt"
$py "$tools/arena_divergence.py" "$dir/a.db" --base "$dir/a.db" --a efficiency --module "$module" \
  --json > "$dir/self.json"
if $py "$tools/arena_divergence.py" "$dir/a.db" --base "$dir/a.db" "$dir/a.db" --module "$module" \
  2> "$dir/bad3.err"; then
  echo "arena_divergence_check: two base databases for one accepted"; exit 1
fi
grep -q "one database per database" "$dir/bad3.err"
"$riichi" arena --bots efficiency,efficiency,defensive,defensive --games 4 --seed 6 \
  --threads 1 --db "$dir/other.db" > /dev/null
if $py "$tools/arena_divergence.py" "$dir/other.db" --base "$dir/a.db" --a efficiency \
  --module "$module" 2> "$dir/bad4.err"; then
  echo "arena_divergence_check: runs on other walls compared as two builds"; exit 1
fi
grep -q "not the same wall" "$dir/bad4.err"
if $py "$tools/arena_divergence.py" "$dir/a.db" --a strong --module "$module" 2> "$dir/bad.err"
then
  echo "arena_divergence_check: bots not in the run accepted"; exit 1
fi
grep -q "not both strong and defensive" "$dir/bad.err"
if $py "$tools/arena_divergence.py" "$dir/none.db" --module "$module" 2> "$dir/bad2.err"; then
  echo "arena_divergence_check: a missing database accepted"; exit 1
fi
grep -q "none.db" "$dir/bad2.err"
$py - "$dir" <<'PY'
import json, re, sys
d = sys.argv[1]
ab, ba = (json.load(open(f"{d}/{n}.json")) for n in ("ab", "ba"))
def fail(msg):
    sys.exit(f"arena_divergence_check: {msg}")
if ab["blocks"] != 2 or ab["pairs"] != 8:
    fail(f"{ab['blocks']} blocks, {ab['pairs']} pairs: expected 2 and 8")
if ab["hands"] < ab["pairs"]:
    fail(f"{ab['hands']} pairs of hands, fewer than the {ab['pairs']} East 1s")
diverged = sum(c["n"] for c in ab["classes"].values())
if ab["identical"] + diverged + sum(ab["same bot"].values()) != ab["hands"]:
    fail("identical + diverged + same bot != hands")
if ab["same bot"]:
    fail(f"divergences by a seat with the same bot in both games: {ab['same bot']}")
if diverged == 0:
    fail("no divergence: defensive never folded in 8 hanchan?")
for key, c in ab["classes"].items():
    name = c["class"]
    if name.startswith("A folds") or name.startswith("both fold") or name.startswith("A dama") \
            or (name.startswith("B ") and "A passes" in name):
        fail(f"efficiency (A) {name}: impossible by its rules")
def mirror(name):
    """The class of the same divergence read with A and B swapped (the classifier's names)."""
    m = re.fullmatch(r"(A pushes, B folds|A folds, B pushes|both push, other tile|"
                     r"both fold, other tile) \((.*); A (\w+), B (\w+)\)", name)
    if m:
        swap = {"A pushes, B folds": "A folds, B pushes", "A folds, B pushes": "A pushes, B folds"}
        return f"{swap.get(m[1], m[1])} ({m[2]}; A {m[4]}, B {m[3]})"
    m = re.fullmatch(r"A riichi, B dama(.*)|A dama, B riichi(.*)", name)
    if m:
        return ("A dama, B riichi" + m[1]) if m[1] is not None else ("A riichi, B dama" + m[2])
    m = re.fullmatch(r"([AB]) (.*), ([AB]) passes", name)
    if m:
        return f"{m[3]} {m[2]}, {m[1]} passes"
    m = re.fullmatch(r"A (\w+), B (\w+)", name)
    if m:
        return f"A {m[2]}, B {m[1]}"
    return name
for key, c in ab["classes"].items():
    c2 = ba["classes"].get(f"{mirror(c['class'])} | {c['context']}")
    if c2 is None:
        fail(f"no mirror image of {key} ({mirror(c['class'])}) with A and B swapped")
    if c2["n"] != c["n"] or abs(c2["mean"] + c["mean"]) > 1e-6 or \
            abs(c2["win_a"] - c["win_b"]) > 1e-12 or abs(c2["deal_in_a"] - c["deal_in_b"]) > 1e-12:
        fail(f"{key}: {c} is not the mirror of {c2}")
if sorted(c["n"] for c in ab["classes"].values()) != sorted(c["n"] for c in ba["classes"].values()):
    fail("the swapped reading has other class sizes")
own = json.load(open(f"{d}/self.json"))
import sqlite3
played = sqlite3.connect(f"{d}/a.db").execute("SELECT SUM(hands) FROM games").fetchone()[0]
if own["pairs"] != 8 or own["hands"] != played or own["identical"] != played or own["classes"]:
    fail(f"a run compared with itself as its base: {own['pairs']} games, {own['hands']} hands,"
         f" {own['identical']} identical, classes {list(own['classes'])}")
text = open(f"{d}/ab.txt").read()
if "pairs of hands from the same setup" not in text or "all divergences" not in text:
    fail("no table in the text output:\n" + text)
print(f"arena_divergence: ok ({ab['hands']} pairs of hands, {diverged} divergences,"
      f" {len(ab['classes'])} classes)")
PY

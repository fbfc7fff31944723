#!/usr/bin/python3
"""When in the game one bot's rank edge over another is made (docs/bots.md, "Thirteenth round").

Input: an arena database with the games' records (`riichi arena ... --db FILE`). For each game
the place of every seat is read from the scores at the start of East 1, South 1 and the
scheduled last hand (All-Last: South 4, or East 4 of an east-only game), ties to the earlier
seat as the final ranking without split ties, and the final rank from the game's end. The
statistic of a game is the mean place of bot A's seats minus that of bot B's seats; printed per
stage, its mean with a 95% half-width over the games, over all games (East 1 is 0 when every
block of rotations is complete; final is the arena's own average-rank difference), then
separately for the games that reach All-Last and those that end before it (a bankruptcy), and
the points per hand of A and B
before All-Last and in it.

Usage: tools/arena_phases.py DB [--a strong] [--b defensive] [--run ID] (default: last run)
"""
import argparse
import json
import math
import sqlite3
import sys

STAGES = ("East 1", "South 1", "All-Last", "final")


def place(scores, seat):
    return sum(1 for s in range(len(scores)) if s != seat and
               (scores[s] > scores[seat] or (scores[s] == scores[seat] and s < seat)))


def mean_hw(values):
    n = len(values)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(values) / n
    if n < 2:
        return m, float("nan")
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def game_stats(record, a, b):
    """(reaches All-Last, {stage: A - B mean place}, {bot: [(all_last, delta)...]}) or None."""
    events = [json.loads(line) for line in record.split("\n") if line.strip()]
    header = events[0]
    players = header["players"]
    if a not in players or b not in players:
        return None
    east_only = header["rules"]["fields"].get("east_only") == "true"
    last = "East 4" if east_only else "South 4"
    starts, deltas, final, late = {}, [], None, False
    for e in events:
        if e["type"] == "hand":
            late = late or e["hand"] == last  # All-Last and the extension hands after it
            starts.setdefault("All-Last" if e["hand"] == last else e["hand"], e["scores"])
        elif e["type"] == "hand_end":
            deltas.append((late, e["deltas"]))
        elif e["type"] == "game_end":
            final = e["ranks"]
    if final is None:
        sys.exit("arena_phases: a game record without its game_end")
    out = {}
    for stage in STAGES:
        if stage == "final":
            places = [r - 1 for r in final]
        elif stage in starts:
            places = [place(starts[stage], s) for s in range(len(players))]
        else:
            continue
        pa = [places[s] for s in range(len(players)) if players[s] == a]
        pb = [places[s] for s in range(len(players)) if players[s] == b]
        out[stage] = sum(pa) / len(pa) - sum(pb) / len(pb)
    points = {a: [], b: []}
    for late, d in deltas:
        for s, name in enumerate(players):
            if name in points:
                points[name].append((late, d[s]))
    return "All-Last" in starts, out, points


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("db")
    ap.add_argument("--a", default="strong")
    ap.add_argument("--b", default="defensive")
    ap.add_argument("--run", type=int)
    args = ap.parse_args()
    try:
        con = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
        run = args.run
        if run is None:
            run = con.execute("SELECT MAX(id) FROM runs").fetchone()[0]
        rows = con.execute("SELECT record FROM games WHERE run_id = ?", (run,)).fetchall()
    except sqlite3.Error as e:
        sys.exit(f"arena_phases: {args.db}: not an arena database ({e})")
    if not rows:
        sys.exit(f"arena_phases: {args.db}: no game in run {run}")
    groups = {True: {s: [] for s in STAGES}, False: {s: [] for s in STAGES}}
    counts = {True: 0, False: 0}
    points = {args.a: {False: [], True: []}, args.b: {False: [], True: []}}
    for (record,) in rows:
        g = game_stats(record, args.a, args.b)
        if g is None:
            sys.exit(f"arena_phases: a game without both {args.a} and {args.b}")
        reach, stages, pts = g
        counts[reach] += 1
        for stage, v in stages.items():
            groups[reach][stage].append(v)
        for name, seq in pts.items():
            for late, d in seq:
                points[name][late].append(d)
    print(f"{args.db} run {run}: {len(rows)} games; {args.a} - {args.b}, mean place at the start"
          " of each stage (final: the final rank), 95% half-width over the games")
    pooled = []
    for stage in ("East 1", "final"):
        m, hw = mean_hw(groups[True][stage] + groups[False][stage])
        pooled.append(f"{stage} {m:+.3f} ± {hw:.3f}")
    print(f"  all ({len(rows)} games): " + "; ".join(pooled))
    for reach, label in ((True, "reach All-Last"), (False, "end before All-Last")):
        cells = []
        for stage in STAGES:
            m, hw = mean_hw(groups[reach][stage])
            if groups[reach][stage]:
                cells.append(f"{stage} {m:+.3f} ± {hw:.3f}")
        print(f"  {label} ({counts[reach]} games): " + "; ".join(cells))
    for name in (args.a, args.b):
        early, late = points[name][False], points[name][True]
        e = sum(early) / len(early) if early else float("nan")
        l_ = sum(late) / len(late) if late else float("nan")
        print(f"  {name} points per hand: before All-Last {e:+.0f} ({len(early)} seat-hands),"
              f" All-Last {l_:+.0f} ({len(late)})")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Paired comparison of two arena runs played on the same walls (docs/bots.md, "Sixth round").

Each run is an arena database (`riichi arena ... --db FILE`); both must hold a run with the
same seed, rules and bot names (e.g. two builds of a bot, or a bot with and without a screening
switch). For each block of rotations (the games sharing a wall seed, one per seat rotation),
the statistic is the average rank of bot A's seats minus that of bot B's seats, averaged over
the block's games. The tool prints, for each run, the mean of that statistic with its 95%
half-width over the blocks, and the per-block paired difference of the two runs (second minus
first) with its 95% half-width: the walls' noise cancels in the pairing, so a change to one bot
is measured far more precisely than by comparing the two runs' own intervals.

Also printed per run: A's average final score, win, deal-in, riichi and call rates per hand.

Usage: tools/arena_compare.py BASE.db NEW.db [--a strong] [--b defensive] [--run-base ID]
       [--run-new ID]   (default: the last run of each database)
"""
import argparse
import math
import sqlite3
import sys


def last_run(con):
    row = con.execute("SELECT MAX(id) FROM runs").fetchone()
    if row is None or row[0] is None:
        sys.exit("arena_compare: no run in the database")
    return row[0]


def load(path, run, a, b):
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        run = run if run is not None else last_run(con)
        meta = con.execute("SELECT bots, rules, seed FROM runs WHERE id = ?", (run,)).fetchone()
    except sqlite3.Error as e:
        sys.exit(f"arena_compare: {path}: not an arena database ({e})")
    if meta is None:
        sys.exit(f"arena_compare: {path}: no run {run}")
    blocks = {}
    rates = {"hands": 0, "wins": 0, "deal_ins": 0, "riichi": 0, "calls": 0, "score": 0, "seats": 0}
    rows = con.execute(
        "SELECT g.block, g.game_index, p.bot, p.rank, p.final_score, p.hands, p.wins, p.deal_ins,"
        " p.riichi, p.calls FROM games g JOIN players p ON p.game_id = g.id WHERE g.run_id = ?",
        (run,))
    games = {}
    for block, index, bot, rank, score, hands, wins, deal_ins, riichi, calls in rows:
        g = games.setdefault((block, index), {a: [], b: []})
        if bot in g:
            g[bot].append(rank)
        if bot == a:
            rates["hands"] += hands
            rates["wins"] += wins
            rates["deal_ins"] += deal_ins
            rates["riichi"] += riichi
            rates["calls"] += calls
            rates["score"] += score
            rates["seats"] += 1
    for (block, _), g in games.items():
        if not g[a] or not g[b]:
            sys.exit(f"arena_compare: {path}: a game without both {a} and {b}")
        d = sum(g[a]) / len(g[a]) - sum(g[b]) / len(g[b])
        blocks.setdefault(block, []).append(d)
    return meta, {k: sum(v) / len(v) for k, v in blocks.items()}, rates


def mean_ci(xs):
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", help="arena database of the reference version")
    ap.add_argument("new", help="arena database of the version screened, on the same walls")
    ap.add_argument("--a", default="strong", help="the bot measured (default strong)")
    ap.add_argument("--b", default="defensive", help="the bot it is measured against")
    ap.add_argument("--run-base", type=int, help="run id in BASE (default: the last)")
    ap.add_argument("--run-new", type=int, help="run id in NEW (default: the last)")
    args = ap.parse_args()
    mb, base, rb = load(args.base, args.run_base, args.a, args.b)
    mn, new, rn = load(args.new, args.run_new, args.a, args.b)
    if mb != mn:
        print(f"warning: the runs differ (bots, rules, seed): {mb} / {mn}", file=sys.stderr)
    for name, blocks, r in ((args.base, base, rb), (args.new, new, rn)):
        m, h = mean_ci(list(blocks.values()))
        hands = max(1, r["hands"])
        print(f"{name}: {len(blocks)} blocks, {args.a} - {args.b} {m:+.3f} ± {h:.3f};"
              f" {args.a} final score {r['score'] / max(1, r['seats']):+.0f},"
              f" win {100 * r['wins'] / hands:.1f}% deal-in {100 * r['deal_ins'] / hands:.1f}%"
              f" riichi {100 * r['riichi'] / hands:.1f}% call {100 * r['calls'] / hands:.1f}%")
    common = sorted(set(base) & set(new))
    if not common:
        sys.exit("arena_compare: no block in common")
    m, h = mean_ci([new[k] - base[k] for k in common])
    same = sum(1 for k in common if new[k] == base[k])
    print(f"paired (new - base) over {len(common)} blocks: {m:+.3f} ± {h:.3f}"
          f" ({same} blocks identical)")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Where each bot of an arena run wins and loses its points, hand by hand (docs/bots.md,
"Sixth round").

Input: arena databases with the games' records (`riichi arena ... --db FILE`, several allowed:
their games are pooled). Every hand of every record is replayed from its events (the deals,
draws, discards and calls) to know each seat's concealed hand at any moment; shanten comes from
the engine itself (the `_riichi` extension module of the Python package, `--module`). Printed
per bot name:

  hands       points per hand (the hand_end deltas), as dealer and as non-dealer;
  situations  the hands where nobody declared riichi, where this seat declared the first
              riichi, and where an opponent did, split by this seat's shanten at that moment
              (the first riichi's declaration discard): share of the hands and points per hand;
  wins        per hand, by the winner's state (riichi, open, closed without riichi), with the
              average points gained;
  deal-ins    per hand, by the state of the seat that dealt in (in riichi, else its shanten
              after the discard, open or closed) and by the winner's state, with the average
              points lost;
  draws       exhaustive draws per hand, the share of them this seat was tenpai, the noten
              payments per hand.

Usage: tools/arena_situations.py DB [DB...] [--games N] [--module build/python/riichi]
"""
import argparse
import collections
import glob
import importlib.util
import json
import os
import sqlite3
import sys


def load_engine(directory, tool="arena_situations"):
    """The `_riichi` extension module (no numpy needed, unlike the package)."""
    found = glob.glob(os.path.join(directory, "_riichi*.so"))
    if not found:
        sys.exit(f"{tool}: no _riichi*.so in {directory} (build the Python module, "
                 "or pass --module)")
    spec = importlib.util.spec_from_file_location("_riichi", found[0])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tiles_of(text):
    """'1305m67p' -> ['1m', '3m', '5m', '5m', '6p', '7p'] (a red five is a five)."""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append("5" if ch == "0" else ch)
        else:
            out += [d + ch for d in digits]
            digits = []
    return out


def hand_text(counts):
    by_suit = collections.defaultdict(str)
    for tile, n in sorted(counts.items()):
        by_suit[tile[1]] += tile[0] * n
    return "".join(by_suit[s] + s for s in "mpsz" if by_suit[s])


class Shanten:
    def __init__(self, engine):
        self.engine, self.cache = engine, {}

    def __call__(self, counts):
        key = hand_text(counts)
        if key not in self.cache:
            self.cache[key] = self.engine.analyze(key)["shanten"]
        return self.cache[key]

    def after(self, counts, tile):
        """The shanten of `counts` without one `tile`."""
        c = collections.Counter(counts)
        remove(c, tile)
        return self(c)


def remove(counts, tile):
    counts[tile] -= 1
    if counts[tile] <= 0:
        del counts[tile]


def called_tiles(e):
    """The tiles a record's call event takes from the caller's hand, and whether it opens it."""
    meld = tiles_of(e["meld"][1:])
    if e["call"] == "ankan":
        return meld, False
    if e["call"] == "kakan":
        return [tiles_of(e["tile"])[0]], False
    taken = list(meld)
    taken.remove(tiles_of(e["tile"])[0])
    return taken, True


def tally_game(record, shanten, stats):
    players = None
    for line in record.splitlines():
        if not line.strip():
            continue
        e = json.loads(line)
        t = e["type"]
        if t == "header":
            players = e["players"]
        elif t == "hand":
            hands = [collections.Counter() for _ in players]
            opened = [False] * len(players)
            riichi = set()
            dealer = e["dealer"]
            first = None  # (seat of the first riichi, {other seat: its shanten then})
            wins = []
            last = None  # (seat, its state) of the last discard
        elif t == "deal":
            hands[e["seat"]].update(tiles_of(e["tiles"]))
        elif t == "draw":
            hands[e["seat"]][tiles_of(e["tile"])[0]] += 1
        elif t == "discard":
            s = e["seat"]
            remove(hands[s], tiles_of(e["tile"])[0])
            if s in riichi or e.get("riichi"):
                state = "in riichi"
            else:
                state = f"{min(shanten(hands[s]), 3)}{'+' if shanten(hands[s]) >= 3 else ''}" \
                        f"-shanten {'open' if opened[s] else 'closed'}"
                state = state.replace("0-shanten", "tenpai")
            last = (s, state)
            if e.get("riichi"):
                riichi.add(s)
                if first is None:
                    first = (s, {o: min(shanten(hands[o]), 3) for o in range(len(players))
                                 if o != s})
        elif t == "call":
            s = e["seat"]
            taken, opens = called_tiles(e)
            opened[s] = opened[s] or opens
            for tile in taken:
                remove(hands[s], tile)
        elif t == "win":
            wins.append(e)
        elif t == "exhaustive_draw":
            for s, bot in enumerate(players):
                b = stats[bot]
                b["draws"] += 1
                b["draw tenpai"] += s in e["tenpai"]
                b["draw points"] += e["deltas"][s]
        elif t == "hand_end":
            deltas = e["deltas"]
            for s, bot in enumerate(players):
                b = stats[bot]
                b["hands"] += 1
                b["points"] += deltas[s]
                role = "dealer" if s == dealer else "non-dealer"
                b[role] += 1
                b[role + " points"] += deltas[s]
                if first is None:
                    situation = "no riichi"
                elif first[0] == s:
                    situation = "own first riichi"
                else:
                    sh = first[1][s]
                    situation = f"opponent's riichi, own {'tenpai' if sh == 0 else sh}" \
                                f"{'-shanten' if sh else ''}{'+' if sh == 3 else ''}"
                b["situations"][situation][0] += 1
                b["situations"][situation][1] += deltas[s]
            for w in wins:
                ws = w["seat"]
                kind = "riichi" if ws in riichi else ("open" if opened[ws] else "closed dama")
                b = stats[players[ws]]
                b["wins"][kind][0] += 1
                b["wins"][kind][1] += deltas[ws]
                if w["from"] is not None and last is not None and last[0] == w["from"]:
                    f = w["from"]
                    d = stats[players[f]]
                    d["deal-ins"][(last[1], "into " + kind)][0] += 1
                    d["deal-ins"][(last[1], "into " + kind)][1] += deltas[f]


def new_stats():
    return {"situations": collections.defaultdict(lambda: [0, 0]),
            "wins": collections.defaultdict(lambda: [0, 0]),
            "deal-ins": collections.defaultdict(lambda: [0, 0]),
            **{k: 0 for k in ("hands", "points", "dealer", "dealer points", "non-dealer",
                              "non-dealer points", "draws", "draw tenpai", "draw points")}}


def report(stats):
    for bot, b in sorted(stats.items()):
        h = max(1, b["hands"])
        print(f"{bot}: {b['hands']} hands, {b['points'] / h:+.0f} points per hand"
              f" (dealer {b['dealer points'] / max(1, b['dealer']):+.0f},"
              f" non-dealer {b['non-dealer points'] / max(1, b['non-dealer']):+.0f})")
        print("  situation (at the hand's first riichi)      share   points/hand   share x points")
        for name, (n, p) in sorted(b["situations"].items()):
            print(f"    {name:<42} {100 * n / h:5.1f}%  {p / max(1, n):+9.0f}  {p / h:+9.0f}")
        print("  wins                per hand   avg points")
        for name, (n, p) in sorted(b["wins"].items()):
            print(f"    {name:<16} {100 * n / h:6.2f}%  {p / max(1, n):+9.0f}")
        total = sum(n for n, _ in b["deal-ins"].values())
        print(f"  deal-ins {100 * total / h:.2f}% per hand: own state, winner  per hand  avg points")
        for (state, into), (n, p) in sorted(b["deal-ins"].items()):
            print(f"    {state:<22} {into:<18} {100 * n / h:5.2f}%  {p / max(1, n):+7.0f}")
        print(f"  exhaustive draws {100 * b['draws'] / h:.1f}% of hands, tenpai at"
              f" {100 * b['draw tenpai'] / max(1, b['draws']):.1f}% of them, noten payments"
              f" {b['draw points'] / h:+.0f} per hand")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("db", nargs="+", help="arena databases with records (riichi arena --db)")
    ap.add_argument("--games", type=int, default=0, help="games read per database (0: all)")
    ap.add_argument("--module", default="build/python/riichi",
                    help="directory of the _riichi extension (default build/python/riichi)")
    args = ap.parse_args()
    shanten = Shanten(load_engine(args.module))
    stats = collections.defaultdict(new_stats)
    for path in args.db:
        try:
            con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            query = "SELECT record FROM games ORDER BY run_id, game_index"
            rows = con.execute(query + (" LIMIT ?" if args.games else ""),
                               (args.games,) if args.games else ())
            for (record,) in rows:
                tally_game(record, shanten, stats)
        except sqlite3.Error as e:
            sys.exit(f"arena_situations: {path}: not an arena database ({e})")
    if not stats:
        sys.exit("arena_situations: no game read")
    report(stats)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Where two bots' play first differs on the same wall, and what it is worth (docs/bots.md,
"Fifteenth round").

Input: an arena database with the games' records (`riichi arena ... --db FILE`; the last run, or
`--run ID`). An arena plays each block of walls in every seat rotation (docs/arena.md), and a
hand's wall is `hand_seed(game_seed, hand index)`: the hands with the same index in two games of a
block are dealt from the same wall. Two such hands are compared when they start from the same
setup (round wind, dealer, honba and riichi sticks; the scores may differ) and the two games' seat
assignments differ in exactly two seats, one bot A in one game and bot B in the other (the
`A,A,B,B` seating: adjacent rotations; `A,B,B,B`: every pair of rotations). Their action lines are
walked side by side; up to the first action that differs both hands are the same move for move
(same observations but for the scores). That first differing action is the divergence: its
seat's bot in each game (A in one game and B in the other: a decision where the two bots differ;
the same bot in both: a decision that depends on the scores, such as All-Last or a riichi not
legal under 1,000 points), and its class:

  own turn   discard against discard (the shanten after each tile against the lowest the hand
             can keep: "A pushes, B folds" when only B's tile raises it, "A folds, B pushes",
             "both push" or "both fold", a different tile), riichi against dama, a kan, a tsumo,
             kyuushu;
  claim      a call (pon, chi, daiminkan, ron) against a pass; a yakuhai pon is a pon of a
             dragon, of the seat's or of the round's wind;

and its context: "riichi" when an opponent has declared riichi, else "open" when an opponent has
an open meld, else "quiet".

Printed per class: how many divergences, the mean of (A's points in that hand - B's points in the
same hand from the same seat: the hand_end deltas) with its 95% half-width (clustered by block:
the pairs of one block share their walls), the total (sum of the differences divided by the hands
compared: what the class is worth per hand), and the win and deal-in rates of the diverging seat
after the divergence, as A and as B; then every divergence together, per hand compared.
`--detail` splits the discard classes by each tile's safety (genbutsu against every threat: the
opponents in riichi, else those with an open meld) and riichi/dama by whether the dama discard
keeps tenpai; `--split` splits the contexts by the stage (All-Last), the turn or the dealer.

`--base BASE.db` compares two builds of a bot instead (a screening run against its reference on
the same walls, as tools/arena_compare.py pairs them by rank): each game of DB with the same game
(block and rotation) of BASE, hand by hand from the same setup; A is bot --a of the new build, B
the same bot of the base, and the table shows exactly the decisions the change altered and what
each was worth in its hand.

Usage: tools/arena_divergence.py DB [DB...] [--base BASE [BASE...]] [--run ID] [--a strong]
       [--b defensive] [--detail] [--split stage|turn|dealer] [--module build/python/riichi]
       [--games N] [--json] [--examples K]
"""
import argparse
import collections
import itertools
import json
import math
import sqlite3
import sys

import arena_situations  # (tools/: the shared readers of an arena database)
from arena_situations import Shanten, called_tiles, hand_text, remove, tiles_of

HONOURS_VALUE = {"5z", "6z", "7z"}
WIND_TILE = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}


def load_engine(directory):
    return arena_situations.load_engine(directory, "arena_divergence")


def split_hands(record):
    """The record's hands: [{'setup': ..., 'lines': [...], 'end': hand_end}] by hand index."""
    hands, cur = [], None
    for line in record.splitlines():
        if not line.strip():
            continue
        e = json.loads(line)
        t = e["type"]
        if t == "hand":
            cur = {"setup": e, "lines": []}
        elif t == "hand_end":
            cur["end"] = e
            hands.append(cur)
            cur = None
        elif cur is not None:
            cur["lines"].append(e)
    return hands


def setup_key(setup):
    return (setup["round_wind"], setup["hand_number"], setup["dealer"], setup["honba"],
            setup["riichi_sticks"])


def action_key(a):
    return (a["seat"], a["action"], a.get("tile"), a.get("tsumogiri"), a.get("uses"))


class State:
    """What the events before the divergence show: hands, melds, riichi, discards."""

    def __init__(self, players=4):
        self.hands = [collections.Counter() for _ in range(players)]
        self.melds = [0] * players
        self.riichi = set()
        self.ponds = [set() for _ in range(players)]
        self.discards = [0] * players

    def apply(self, e):
        t = e["type"]
        if t == "deal":
            self.hands[e["seat"]].update(tiles_of(e["tiles"]))
        elif t == "draw":
            self.hands[e["seat"]][tiles_of(e["tile"])[0]] += 1
        elif t == "discard":
            s, tile = e["seat"], tiles_of(e["tile"])[0]
            remove(self.hands[s], tile)
            self.ponds[s].add(tile)
            self.discards[s] += 1
        elif t == "riichi_declared":
            self.riichi.add(e["seat"])
        elif t == "call":
            s = e["seat"]
            taken, opens = called_tiles(e)
            self.melds[s] += opens
            for tile in taken:
                remove(self.hands[s], tile)


def context(state, seat):
    others = [o for o in range(len(state.hands)) if o != seat]
    if any(o in state.riichi for o in others):
        return "riichi"
    if any(state.melds[o] for o in others):
        return "open"
    return "quiet"


def is_yakuhai(tile, setup, seat):
    seat_wind = "ESWN"[(seat - setup["dealer"]) % 4]
    return tile in HONOURS_VALUE or tile in (WIND_TILE[setup["round_wind"]], WIND_TILE[seat_wind])


OWN_TURN = {"discard", "riichi", "tsumo", "ankan", "kakan", "kyuushu"}


def threats(state, seat):
    """The opponents in riichi, else the opponents with an open meld."""
    others = [o for o in range(len(state.hands)) if o != seat]
    return [o for o in others if o in state.riichi] or [o for o in others if state.melds[o]]


def safety(state, seat, tile):
    """'genbutsu' when every threat (threats()) has discarded the tile, else 'unsafe'."""
    found = threats(state, seat)
    return "genbutsu" if found and all(tile in state.ponds[o] for o in found) else "unsafe"


def classify(act_a, act_b, state, setup, shanten, detail=False):
    """The class of a divergence: A's action act_a against B's act_b in the same position.
    With detail, a discard's class names each tile's safety (safety()), riichi/dama whether
    the dama discard keeps tenpai."""
    seat = act_a["seat"]
    ka, kb = act_a["action"], act_b["action"]
    if ka in OWN_TURN and kb in OWN_TURN:
        if {ka, kb} <= {"discard", "riichi"}:
            hand = state.hands[seat]
            if ka != kb:
                name = "A riichi, B dama" if ka == "riichi" else "A dama, B riichi"
                dama = act_b if ka == "riichi" else act_a
                if detail:
                    kept = shanten.after(hand, tiles_of(dama["tile"])[0]) == 0
                    name += " (tenpai kept)" if kept else " (tenpai broken)"
                return name
            lowest = min(shanten.after(hand, t) for t in hand)
            ta, tb = tiles_of(act_a["tile"])[0], tiles_of(act_b["tile"])[0]
            if ta == tb:  # the red five against a plain one, or tsumogiri against a held copy
                return "same tile, other copy"
            push_a = shanten.after(hand, ta) == lowest
            push_b = shanten.after(hand, tb) == lowest
            level = "tenpai" if lowest == 0 else ("1-shanten" if lowest == 1 else "2+-shanten")
            if detail:
                level += f"; A {safety(state, seat, ta)}, B {safety(state, seat, tb)}"
            if push_a and not push_b:
                return f"A pushes, B folds ({level})"
            if push_b and not push_a:
                return f"A folds, B pushes ({level})"
            return f"both {'push' if push_a else 'fold'}, other tile ({level})"
        for kind in ("tsumo", "kyuushu", "ankan", "kakan"):
            if ka == kind:
                return f"A {kind}, B {kb}"
            if kb == kind:
                return f"A {ka}, B {kind}"
    if ka == "pass" or kb == "pass":
        call, who = (kb, "B") if ka == "pass" else (ka, "A")
        tile = tiles_of((act_b if ka == "pass" else act_a)["tile"])[0]
        if call == "pon" and is_yakuhai(tile, setup, seat):
            call = "yakuhai pon"
        return f"{who} {call}, {'A' if who == 'B' else 'B'} passes"
    return f"A {ka}, B {kb}"


def outcome(hand, seat):
    """(points, won, dealt in) of the seat in a hand."""
    won = dealt = False
    for e in hand["lines"]:
        if e["type"] == "win":
            won |= e["seat"] == seat
            dealt |= e["from"] == seat
    return hand["end"]["deltas"][seat], won, dealt


def diverge(h1, h2):
    """(index in h1's lines, index in h2's lines) of the first differing action, or None when
    the hands are the same. Up to that action the two hands must be the same line for line (the
    deal, draws and discards follow from the wall and the actions): a ValueError otherwise, the
    hands were not dealt from the same wall."""
    for i, (e1, e2) in enumerate(zip(h1["lines"], h2["lines"])):
        if e1["type"] == "action" and e2["type"] == "action":
            if action_key(e1) != action_key(e2):
                return i, i
        elif e1 != e2:
            raise ValueError(f"{h1['setup']['hand']}: the hands differ before their actions do"
                             f" ({e1['type']} / {e2['type']}): not the same wall")
    if len(h1["lines"]) != len(h2["lines"]):
        raise ValueError(f"{h1['setup']['hand']}: one hand goes on where the other ends with the"
                         " same actions")
    return None


def load(path, run):
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        if run is None:
            run = con.execute("SELECT MAX(id) FROM runs").fetchone()[0]
        if run is None:
            sys.exit("arena_divergence: no run in the database")
        meta = con.execute("SELECT bots, rules, seed FROM runs WHERE id = ?", (run,)).fetchone()
        games = con.execute("SELECT id, block, rotation, record FROM games WHERE run_id = ?"
                            " ORDER BY game_index", (run,)).fetchall()
        seats = collections.defaultdict(dict)
        for gid, seat, bot in con.execute(
                "SELECT p.game_id, p.seat, p.bot FROM players p JOIN games g ON g.id = p.game_id"
                " WHERE g.run_id = ?", (run,)):
            seats[gid][seat] = bot
    except sqlite3.Error as e:
        sys.exit(f"arena_divergence: {path}: not an arena database ({e})")
    if meta is None:
        sys.exit(f"arena_divergence: {path}: no run {run}")
    return meta, games, seats


def split_of(split, state, setup, seat):
    """The extra part of a class's context asked by --split."""
    if split == "stage":
        last = setup["round_wind"] != "E" and setup["dealer"] == len(state.hands) - 1
        return "All-Last" if last or setup["round_wind"] in ("W", "N") else "earlier"
    if split == "turn":
        n = state.discards[seat]
        return "turn 1-6" if n < 6 else ("turn 7-12" if n < 12 else "turn 13+")
    if split == "dealer":
        return "dealer" if seat == setup["dealer"] else "non-dealer"
    return None


def group_blocks(games, seats, limit):
    """{block: [(rotation, bots by seat, record)]}, the first limit // 4 blocks when limit."""
    blocks = collections.defaultdict(list)
    for gid, block, rotation, record in games:
        blocks[block].append((rotation, [seats[gid][s] for s in sorted(seats[gid])], record))
    if limit:
        blocks = dict(itertools.islice(sorted(blocks.items()), max(1, limit // 4)))
    return blocks


def rotation_pairs(blocks, a, b):
    """The pairs of games of a block whose seatings differ in exactly two seats, A in one game
    and B in the other: (block, bots1, hands1, bots2, hands2)."""
    for block, members in sorted(blocks.items()):
        parsed = [(rot, bots, split_hands(rec)) for rot, bots, rec in sorted(members)]
        for (_, bots1, hands1), (_, bots2, hands2) in itertools.combinations(parsed, 2):
            differ = [s for s in range(len(bots1)) if bots1[s] != bots2[s]]
            if len(differ) == 2 and all({bots1[s], bots2[s]} == {a, b} for s in differ):
                yield block, bots1, hands1, bots2, hands2


def build_pairs(new_blocks, base_blocks):
    """The same game (block and rotation) played by two builds: (block, bots, new hands, bots,
    base hands)."""
    for block, members in sorted(new_blocks.items()):
        base = {rot: (bots, rec) for rot, bots, rec in base_blocks.get(block, [])}
        for rot, bots, rec in sorted(members):
            if rot in base:
                if base[rot][0] != bots:
                    raise ValueError(f"block {block} rotation {rot}: the two runs seat other bots")
                yield block, bots, split_hands(rec), bots, split_hands(base[rot][1])


def analyse(pairs, a, shanten, examples=0, detail=False, split=None, builds=False):
    """Every pair of hands from the same setup in `pairs` (rotation_pairs, or build_pairs when
    builds: the first game of each pair is the new build, its seat's bot is A)."""
    out = {"blocks": 0, "pairs": 0, "hands": 0, "identical": 0,
           "same bot": collections.Counter(), "classes": {}, "examples": []}
    cells = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0.0]))
    rows = collections.defaultdict(lambda: {"n": 0, "sum": 0.0, "win a": 0,
                                            "win b": 0, "deal a": 0, "deal b": 0})
    blocks = collections.Counter()  # the hands compared per block
    for block, bots1, hands1, bots2, hands2 in pairs:
        blocks[block] += 0
        out["pairs"] += 1
        for h1, h2 in zip(hands1, hands2):
            if setup_key(h1["setup"]) != setup_key(h2["setup"]):
                continue
            out["hands"] += 1
            blocks[block] += 1
            at = diverge(h1, h2)
            if at is None:
                out["identical"] += 1
                continue
            act1, act2 = h1["lines"][at[0]], h2["lines"][at[1]]
            seat = act1["seat"]
            if act2["seat"] != seat:
                raise ValueError(f"block {block}: the first differing actions are by two seats")
            if bots1[seat] == bots2[seat] and not builds:
                out["same bot"][bots1[seat]] += 1
                continue
            if builds and bots1[seat] != a:
                out["same bot"][bots1[seat]] += 1  # another bot: the scores changed its play
                continue
            state = State(len(bots1))
            for e in h1["lines"][:at[0]]:
                state.apply(e)
            ha, hb, act_a, act_b = (h1, h2, act1, act2) if builds or bots1[seat] == a else \
                (h2, h1, act2, act1)
            name = classify(act_a, act_b, state, h1["setup"], shanten, detail)
            extra = split_of(split, state, h1["setup"], seat)
            key = (name, context(state, seat) + (f", {extra}" if extra else ""))
            pa, wa, da = outcome(ha, seat)
            pb, wb, db = outcome(hb, seat)
            row = rows[key]
            row["n"] += 1
            row["sum"] += pa - pb
            row["win a"] += wa
            row["win b"] += wb
            row["deal a"] += da
            row["deal b"] += db
            cell = cells[key][block]
            cell[0] += 1
            cell[1] += pa - pb
            if len(out["examples"]) < examples:
                out["examples"].append({"block": block, "hand": h1["setup"]["hand"],
                                        "seat": seat, "class": name, "context": key[1],
                                        "a": act_a, "b": act_b, "hand_tiles":
                                        hand_text(state.hands[seat]), "points": [pa, pb]})
    out["blocks"] = len(blocks)
    nblocks = max(2, len(blocks))
    for key, row in rows.items():
        n, mean = row["n"], row["sum"] / row["n"]
        # The ratio estimator's variance, clustered by block (blocks without the class add
        # nothing to the sums but count in the number of clusters).
        dev = sum((s - mean * c) ** 2 for c, s in cells[key].values())
        half = 1.96 * math.sqrt(nblocks / (nblocks - 1) * dev) / n
        out["classes"][f"{key[0]} | {key[1]}"] = {
            "class": key[0], "context": key[1], "n": n, "mean": mean, "ci95": half,
            "per_hand": row["sum"] / max(1, out["hands"]),
            "win_a": row["win a"] / n, "win_b": row["win b"] / n,
            "deal_in_a": row["deal a"] / n, "deal_in_b": row["deal b"] / n}
    # Every divergence together: the sum of A - B per block over the hands compared.
    total = collections.defaultdict(float)
    for key in rows:
        for block, (_, s) in cells[key].items():
            total[block] += s
    if out["hands"]:
        mean = sum(total.values()) / out["hands"]
        dev = sum((total.get(k, 0.0) - mean * n) ** 2 for k, n in blocks.items())
        out["all"] = {"per_hand": mean,
                      "ci95": 1.96 * math.sqrt(nblocks / (nblocks - 1) * dev) / out["hands"]}
    out["same bot"] = dict(out["same bot"])
    return out


def report(out, a, b, builds=False):
    pairs = "games played by both builds" if builds else \
        f"pairs of games differing in two seats ({a} and {b})"
    print(f"{out['blocks']} blocks, {out['pairs']} {pairs}, {out['hands']} pairs of hands from"
          f" the same setup, {out['identical']} played identically"
          f" ({100 * out['identical'] / max(1, out['hands']):.1f}%); divergences at a seat with"
          f" {'another bot' if builds else 'the same bot in both games (the scores)'}:"
          f" {out['same bot'] or 0}")
    print(f"A = {a}, B = {b}; points: A's hand delta minus B's, same hand, same seat;"
          " ± the 95% half-width clustered by block; per hand: the class's sum over every hand"
          " compared")
    width = max([40] + [len(c["class"]) for c in out["classes"].values()])
    cwidth = max([7] + [len(c["context"]) for c in out["classes"].values()])
    print(f"{'class':<{width}} {'context':<{cwidth}} {'n':>6} {'share':>6} {'mean A-B':>15}"
          f" {'per hand':>8}  {'win A/B':>11}  {'deal-in A/B':>11}")
    for c in sorted(out["classes"].values(), key=lambda c: -c["n"]):
        print(f"{c['class']:<{width}} {c['context']:<{cwidth}} {c['n']:>6}"
              f" {100 * c['n'] / max(1, out['hands']):5.1f}% {c['mean']:+7.0f} ± {c['ci95']:<5.0f}"
              f" {c['per_hand']:+8.1f}  {100 * c['win_a']:4.1f}/{100 * c['win_b']:4.1f}%"
              f"  {100 * c['deal_in_a']:4.1f}/{100 * c['deal_in_b']:4.1f}%")
    if "all" in out:
        print(f"all divergences: {out['all']['per_hand']:+.1f} ± {out['all']['ci95']:.1f}"
              " points per hand compared")
    for ex in out["examples"]:
        print(f"  example: block {ex['block']} {ex['hand']} seat {ex['seat']} {ex['class']}"
              f" ({ex['context']}): hand {ex['hand_tiles']}, A {ex['a']['action']}"
              f" {ex['a'].get('tile')}, B {ex['b']['action']} {ex['b'].get('tile')},"
              f" points {ex['points'][0]:+d} / {ex['points'][1]:+d}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("db", nargs="+", help="arena databases with records (riichi arena --db;"
                    " several: their blocks are pooled)")
    ap.add_argument("--run", type=int, help="run id (default: the last)")
    ap.add_argument("--a", default="strong", help="bot A (default strong)")
    ap.add_argument("--b", default="defensive", help="bot B (default defensive)")
    ap.add_argument("--module", default="build/python/riichi",
                    help="directory of the _riichi extension (default build/python/riichi)")
    ap.add_argument("--games", type=int, default=0, help="games read (whole blocks; 0: all)")
    ap.add_argument("--examples", type=int, default=0, help="print the first K divergences")
    ap.add_argument("--detail", action="store_true",
                    help="split the discard classes by the tiles' safety (genbutsu against every"
                    " threat or not) and riichi/dama by whether the dama discard keeps tenpai")
    ap.add_argument("--split", choices=("stage", "turn", "dealer"),
                    help="split each context further: All-Last (South 4 or an extension round)"
                    " or earlier; the diverging seat's turn (its discards before); dealer or not")
    ap.add_argument("--base", nargs="+", metavar="BASE",
                    help="compare two builds instead: each DB (new) with its BASE database, the"
                    " same run played by the reference build; game by game (block and rotation),"
                    " A is bot --a of the new build, B the same bot of the base")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    if args.base is not None and len(args.base) != len(args.db):
        sys.exit("arena_divergence: --base needs one database per database compared")
    if args.base is None and args.a == args.b:
        sys.exit("arena_divergence: --a and --b name the same bot")

    def read(paths, check_b):
        games, seats, metas = [], {}, []
        for i, path in enumerate(paths):
            meta, g, s = load(path, args.run)
            if not g:
                sys.exit(f"arena_divergence: {path}: no game in the run")
            names = set(meta[0].split(","))
            if args.a not in names or (check_b and args.b not in names):
                sys.exit(f"arena_divergence: {path}: the run's bots are {meta[0]}, not both"
                         f" {args.a} and {args.b}")
            metas.append(meta)
            games += [((i, gid), (i, block), rot, record) for gid, block, rot, record in g]
            seats.update({(i, gid): bots for gid, bots in s.items()})
        return group_blocks(games, seats, args.games), metas

    blocks, metas = read(args.db, args.base is None)
    meta = [",".join(sorted(set(str(m[k]) for m in metas))) for k in range(3)]
    try:
        if args.base is None:
            pairs = rotation_pairs(blocks, args.a, args.b)
        else:
            base_blocks, base_metas = read(args.base, False)
            if base_metas != metas:
                print(f"warning: the runs differ (bots, rules, seed): {base_metas} / {metas}",
                      file=sys.stderr)
            pairs = build_pairs(blocks, base_blocks)
        out = analyse(pairs, args.a, Shanten(load_engine(args.module)), args.examples,
                      args.detail, args.split, args.base is not None)
    except ValueError as e:
        sys.exit(f"arena_divergence: {e}")
    if args.json:
        out["bots"], out["rules"], out["seed"] = meta
        print(json.dumps(out))
    else:
        print(f"runs: {meta[0]}, rules {meta[1]}, seeds {meta[2]}")
        if args.base is None:
            report(out, args.a, args.b)
        else:
            report(out, f"{args.a} (new)", f"{args.a} (base)", builds=True)


if __name__ == "__main__":
    main()

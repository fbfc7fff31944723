#!/usr/bin/python3
"""An independent implementation of the reference hand-value model, to check riichi's.

tools/ev_reference_model.py, written from ../shared/ev-reference/MODEL.md alone (not from
src/eval): the 37 tile ids (red fives separate), the wall with discards returned, the `S0 - t`
denominator, the state graph with the `extra = 1` bound and its two-way edges (MODEL.md 7.1),
necessary / unnecessary tiles over the regular, chiitoitsu and kokushi forms, the backward
recursion of section 6, and the scoring of section 3 (closed riichi + menzen tsumo, yaku, fu,
limits without kiriage, dora, red fives, the ura expectation, yakuman multiples, the reading choice
by pattern han then fu).

Modes (docs/eval.md, "Tests" of the hand-value section):
  --examples FILE   every hand of MODEL.md's examples.tsv against this implementation;
  --hands N         N seeded random closed hands (shanten 0 to --max-shanten, default 1)
                    plus the hand-picked edge cases, each against `riichi analyze --ev --model
                    reference --json` (--riichi BINARY);
  --hand HAND       one hand (with --dora, --seat, --round): prints this implementation's values,
                    and riichi's difference with --riichi.
  --reading-search N  N random complete hands: where the reading with the most pattern han
                    (MODEL.md section 3) pays less than another; with --riichi, a tenpai hand of
                    each kind where two readings of different han pay the same, compared.
Values agree when |a - b| <= 5e-7 * max(|a|, |b|) + floor (floor 5e-11 for probabilities, 5e-6
points: half a unit of the 6th digit of the smallest non-zero value of examples.tsv); against
examples.tsv (%.6g) a value agrees when it prints the same with %.6g or is within one unit of the
6th digit (a rounding boundary).
Exit status 0 when everything agrees, 1 on a mismatch, 2 on bad input.
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys

from ev_reference_model import (InputError, KIND_OF_ID, NUM_IDS, RED_OF_KIND, T_MAX, WinContext,
                                basic_points, common_han, evaluate, kinds_of, make_model,
                                parse_wind, reading_yaku, regular_readings, shanten, tile_name,
                                tsumo_total, wind_letter, yakuman_multiple)

# ---------------------------------------------------------------------------------------------
# Comparison.

# Relative 5e-7 = half a unit of the 6th significant digit. The absolute floors only matter for
# values that are 0 in the model: half a unit of the 6th digit of the smallest non-zero value of
# examples.tsv (probability 6.86692e-05, points 0.37135), so every value the examples resolve is
# still compared to 6 digits.
PROB_FLOOR = 5e-11
SCORE_FLOOR = 5e-6
REL = 5e-7


def close(a, b, floor):
    return abs(a - b) <= REL * max(abs(a), abs(b)) + floor


def run_riichi(binary, hand, dora, seat, round_wind):
    cmd = [binary, "analyze", hand, "--ev", "--model", "reference", "--dora", dora,
           "--seat", wind_letter(seat), "--round", wind_letter(round_wind), "--json"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip()}")
    out = {}
    for d in json.loads(p.stdout)["discards"]:
        ev = d["ev"]
        out[d["tile"]] = (ev["tenpai_prob_by_turn"], ev["win_prob_by_turn"],
                          ev["exp_score_by_turn"])
    return out


def compare(ours, theirs, label, turns=range(1, T_MAX)):
    """Mismatch messages between two {tile name: (tp, wp, es)} tables."""
    msgs = []
    if set(ours) != set(theirs):
        msgs.append(f"{label}: discards {sorted(ours)} here, {sorted(theirs)} there")
    names = ("tenpai", "win", "exp")
    for tile in sorted(set(ours) & set(theirs)):
        for m in range(3):
            floor = SCORE_FLOOR if m == 2 else PROB_FLOOR
            for t in turns:
                a, b = ours[tile][m][t], theirs[tile][m][t]
                if not close(a, b, floor):
                    msgs.append(f"{label} discard {tile} {names[m]} turn {t}: here {a:.9g}, "
                                f"there {b:.9g}")
                    break
    return msgs


def check_examples(path, max_shanten):
    rows = {}
    try:
        f = open(path)
    except OSError as e:
        raise InputError(f"examples '{path}': {e.strerror}")
    with f:
        for n, line in enumerate(f, 1):
            if line.startswith("#") or line.startswith("hand_id") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 9:
                raise InputError(f"{path}:{n}: {len(parts)} fields, expected 9")
            hid, hand, dora, seat, rnd, disc = parts[:6]
            vecs = [[""] + p.split(",") + [""] for p in parts[6:]]
            rows.setdefault((hid, hand, dora, seat, rnd), {})[disc] = tuple(vecs)
    bad, values = [], 0
    for (hid, hand, dora, seat, rnd), want in rows.items():
        if make_model(hand, dora, seat, rnd).shanten0 > max_shanten:
            print(f"example hand {hid} {hand}: skipped (shanten above {max_shanten})")
            continue
        got, model = evaluate(hand, dora, seat, rnd)
        for tile in sorted(set(got) | set(want)):
            if tile not in got or tile not in want:
                bad.append(f"hand {hid} {hand}: discard {tile} missing on one side")
                continue
            for m in range(3):
                for t in range(1, T_MAX):
                    a, text = got[tile][m][t], want[tile][m][t]
                    b = float(text)
                    values += 1
                    unit = 10.0**(math.floor(math.log10(abs(b))) - 5) if b else 0.0
                    floor = SCORE_FLOOR if m == 2 else PROB_FLOOR
                    if f"{a:.6g}" != text and abs(a - b) > max(unit, floor):
                        bad.append(f"hand {hid} {hand} discard {tile} measure {m} turn {t}: "
                                   f"here {a:.9g}, examples {text}")
        print(f"example hand {hid} {hand} (shanten {model.shanten0}): {len(got)} discards, "
              f"{model.stats[2]} edges", flush=True)
    return bad, values


# hand-picked cases: (hand, dora indicators, seat, round)
EDGE_CASES = [
    ("1122334455667m7p", "6m", "N", "E"),         # chiitoitsu / ryanpeikou tenpai
    ("1122334455667s1z", "1z", "E", "E"),         # chinitsu chiitoi/ryanpeikou, dealer
    ("19m19p19s1234567z5m", "4z", "S", "E"),      # kokushi 13-wait
    ("119m19p19s123456z5p", "9m", "W", "S"),      # kokushi tanki
    ("111222333m4445p5s", "4m3p", "S", "E"),      # suuankou shapes, two indicators
    ("123m0556p789s1155z", "4p4p", "E", "E"),     # red and plain five, double east, dealer
    ("234m0567p55s111z22z", "1z9s4z", "E", "E"),  # double wind triplet, three indicators
    ("555666777z11p24s9s", "5z", "N", "S"),       # daisangen
    ("1112345678999m1z", "1m", "S", "S"),         # chuuren 9-wait shapes
    ("11122233344z55z6z", "7z", "N", "E"),        # winds and honours heavy
    ("234506m234406p0s5s", "3s2p", "W", "E"),     # all three red fives, sanshoku
    ("123456789p11z23m4s", "8p", "E", "S"),       # ittsu, dealer
    ("2223334445m678s9s", "1m1m", "S", "W"),      # several waits, repeated indicator
    ("1199m1199p1199s1z2z", "2z", "N", "N"),      # chiitoi honroutou-ish, double north
    ("2233446688s666z2s", "5s", "S", "E"),        # ryuuiisou shapes
    ("1234567899m1234z", "9p", "E", "E"),         # dealer, ittsu / honours (2-shanten)
    ("1133557799m13p5z7s", "2p", "S", "E"),       # chiitoitsu 1-shanten
    ("19m19p19s123456z5m6p", "1z", "W", "E"),     # kokushi 1-shanten
    ("11z234m567p99p06s8s3m", "0p", "E", "E"),    # double east pair, dealer, red fives
    ("0m56m0p5p7p12s99s34z77z", "4m4p", "N", "S"), # red and plain fives of two suits
    ("2233445566778m1z", "1m2m3m", "S", "E"),     # three indicators, several waits
    ("111333555777z1p3s", "2z", "S", "W"),        # tsuuiisou / suuankou shapes
    ("123m456m789s9999p5z", "1z", "S", "E"),      # four 9p: no wait on a fifth
    ("1111m234p567s8899s", "3z", "W", "S"),       # four 1m, shanpon shapes
    ("22224444m6666p11z", "7z", "N", "E"),        # three fours, chiitoitsu blocked
    ("89m777888999p66z1z", "7z", "N", "W"),       # two readings pay the same (5 han 30 fu,
    ("23445566677s33z9m", "7z", "N", "E"),        # 4 han 50 fu): the ura picks the reading
]


def random_hand(rng, want_shanten, pool="mixed"):
    """A random closed hand of the wanted shanten: 14 tiles from the whole set (mixed), or from
    the tiles of one suit and the honours (one-suit: chinitsu / honitsu shapes with many readings),
    or half honours (honours); the indicators (1 to 3) from the tiles left."""
    tiles = [i for i in range(34) for _ in range(4)]
    for k in (4, 13, 22):
        tiles.remove(k)
        tiles.append(RED_OF_KIND[k])
    while True:
        rng.shuffle(tiles)
        if pool == "one-suit":
            suit = rng.randrange(3)
            mine = [i for i in tiles if KIND_OF_ID[i] // 9 == suit or i >= 27 and i < 34]
            hand = [i for i in mine if KIND_OF_ID[i] < 27][:rng.choice((11, 12, 14))]
            hand += [i for i in mine if 27 <= i < 34][:14 - len(hand)]
        elif pool == "honours":
            hand = [i for i in tiles if 27 <= i < 34][:7] + [i for i in tiles if i < 27
                                                          or i >= 34][:7]
        else:
            hand = tiles[:14]
        rest = list(tiles)
        for i in hand:
            rest.remove(i)
        ind = rest[:rng.choice((1, 1, 1, 2, 3))]
        counts = [0] * NUM_IDS
        for i in hand:
            counts[i] += 1
        if shanten(kinds_of(counts)) in want_shanten:
            break
    text = "".join(tile_name(i) for i in sorted(hand, key=lambda i: (KIND_OF_ID[i], i)))
    return (text, "".join(tile_name(i) for i in ind), rng.choice("ESWN"), rng.choice("ESWN"))


def reading_search(n, seed):
    """Random complete closed hands won by riichi tsumo: the hands where the reading with the most
    pattern han (then fu) pays less than the best-paying reading (MODEL.md section 3 against a
    choice by payment), and a tenpai hand for each kind of hand where two readings of different
    han pay the same (there the ura expectation depends on the choice)."""
    rng = random.Random(seed)
    differ, ties = 0, {}
    for _ in range(n):
        c = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for j in range(3):
                    c[start + j] += 1
            else:
                c[rng.randrange(34)] += 3
        c[rng.randrange(34)] += 2
        if max(c) > 4:
            continue
        kinds = tuple(c)
        win = rng.choice([k for k in range(34) if c[k]])
        ctx = WinContext(27 + rng.randrange(4), 27 + rng.randrange(4), [33])
        readings = regular_readings(kinds)
        if yakuman_multiple(kinds, win, ctx, readings):
            continue
        options = []
        for pair, blocks in readings:
            trips = [b[1] for b in blocks if b[0] == "t"]
            for pattern, fu in reading_yaku(pair, blocks, win, kinds, ctx):
                han = pattern + common_han(kinds, ctx, trips, pair, False) + 1  # riichi
                points = tsumo_total(basic_points(han, (fu + 9) // 10 * 10), ctx.dealer)
                options.append(((pattern, fu), points, han))
        chosen = max(options, key=lambda o: o[0])
        best = max(o[1] for o in options)
        if chosen[1] != best:
            differ += 1
        elif any(o[1] == best and o[2] != chosen[2] for o in options):
            key = tuple(sorted({(o[0], o[1], o[2]) for o in options}))
            if key not in ties:
                h = list(kinds)
                h[win] -= 1
                extra = next(i for i in (27, 28, 29, 30, 31, 32, 0, 8, 9, 17)
                             if h[i] == 0 and i not in (ctx.seat, ctx.round)
                             and abs(i - win) > 2)
                h[extra] += 1
                ids = [0] * NUM_IDS
                for k in range(34):
                    ids[k] = h[k]
                    if k in RED_OF_KIND and h[k] == 4:
                        ids[k], ids[RED_OF_KIND[k]] = 3, 1
                text = "".join(tile_name(i) * ids[i] for i in range(NUM_IDS))
                ties[key] = (text, "7z", wind_letter(ctx.seat), wind_letter(ctx.round))
    return differ, list(ties.values())


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--examples", metavar="FILE", help="check MODEL.md's examples.tsv")
    ap.add_argument("--max-example-shanten", type=int, default=3, metavar="S",
                    help="with --examples: skip hands above this shanten (default 3)")
    ap.add_argument("--riichi", metavar="BINARY", help="riichi CLI to compare with")
    ap.add_argument("--hands", type=int, default=0, metavar="N", help="random hands to compare")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    ap.add_argument("--max-shanten", type=int, default=1, choices=(0, 1, 2, 3),
                    help="random hands have shanten 0..this (default 1)")
    ap.add_argument("--pool", default="mixed", choices=("mixed", "one-suit", "honours"),
                    help="random hands from all tiles (default), one suit and honours, or half "
                    "honours")
    ap.add_argument("--no-edge-cases", action="store_true",
                    help="with --hands: skip the hand-picked cases")
    ap.add_argument("--reading-search", type=int, default=0, metavar="N",
                    help="N random complete hands: where the reading choice by pattern han and "
                    "by payment differ; with --riichi, tenpai hands on equal-paying readings "
                    "compared")
    ap.add_argument("--hand", help="one closed 14-tile hand, mpsz (0 = red five)")
    ap.add_argument("--dora", default="1z", help="with --hand: dora indicator(s), e.g. 3m0p")
    ap.add_argument("--seat", default="S", help="with --hand: seat wind E|S|W|N (E = dealer)")
    ap.add_argument("--round", default="E", help="with --hand: round wind E|S|W|N")
    args = ap.parse_args(argv)
    if not (args.examples or args.hands or args.hand or args.reading_search):
        ap.error("nothing to do: give --examples FILE, --hands N, --hand HAND or "
                 "--reading-search N")
    if args.hands < 0:
        ap.error("--hands must be >= 0")
    if args.hands and not args.riichi:
        ap.error("--hands needs --riichi BINARY")
    if args.riichi and not (os.path.isfile(args.riichi) and os.access(args.riichi, os.X_OK)):
        ap.error(f"--riichi '{args.riichi}': not an executable file")
    failures = []
    try:
        if args.examples:
            bad, n = check_examples(args.examples, args.max_example_shanten)
            print(f"examples: {n} values, {len(bad)} mismatches")
            failures += bad
        if args.hand:
            ours, model = evaluate(args.hand, args.dora, args.seat, args.round)
            print(f"{args.hand} dora {args.dora} seat {args.seat} round {args.round}: shanten "
                  f"{model.shanten0}, {model.stats[0]} draw nodes, {model.stats[1]} discard "
                  f"nodes, {model.stats[2]} edges")
            for tile in sorted(ours):
                tp, wp, es = ours[tile]
                print(f"  {tile}: turn 1 tenpai {tp[1]:.6g} win {wp[1]:.6g} exp {es[1]:.6g}")
            if args.riichi:
                seat, rnd = parse_wind(args.seat, "seat"), parse_wind(args.round, "round")
                failures += compare(ours, run_riichi(args.riichi, args.hand, args.dora, seat,
                                                     rnd), args.hand)
        cases = []
        if args.reading_search:
            differ, ties = reading_search(args.reading_search, args.seed)
            print(f"readings: {args.reading_search} random complete hands, {differ} where the "
                  f"most pattern han pays less than another reading, {len(ties)} kinds of "
                  "equal-paying readings of different han")
            if differ:
                failures.append("the reading choices differ")
            if args.riichi:
                cases += ties
        if args.hands or cases:
            rng = random.Random(args.seed)
            cases += [] if args.no_edge_cases or not args.hands else list(EDGE_CASES)
            shantens = list(range(args.max_shanten + 1))
            for i in range(args.hands):
                cases.append(random_hand(rng, {shantens[i % len(shantens)]}, args.pool))
            values = 0
            for hand, dora, seat, rnd in cases:
                ours, model = evaluate(hand, dora, seat, rnd)
                theirs = run_riichi(args.riichi, hand, dora, parse_wind(seat, "seat"),
                                    parse_wind(rnd, "round"))
                label = f"{hand} dora {dora} seat {seat} round {rnd}"
                msgs = compare(ours, theirs, label)
                values += 3 * (T_MAX - 1) * len(ours)
                print(f"{label}: shanten {model.shanten0}, {len(ours)} discards, "
                      f"{model.stats[2]} edges: {'MISMATCH' if msgs else 'ok'}", flush=True)
                failures += msgs
            print(f"riichi: {len(cases)} hands, {values} values, {len(failures)} mismatches")
    except (InputError, RuntimeError) as e:  # bad input, or the riichi binary failing
        print(f"ev_reference_check: {e}", file=sys.stderr)
        return 2
    for m in failures:
        print("MISMATCH " + m)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

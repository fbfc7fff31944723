#!/usr/bin/python3
"""An independent implementation of the reference hand-value model, to check riichi's.

Written from ../shared/ev-reference/MODEL.md alone (not from src/eval): the 37 tile ids (red
fives separate), the wall with discards returned, the `S0 - t` denominator, the state graph with
the `extra = 1` bound and its two-way edges (MODEL.md 7.1), necessary / unnecessary tiles over the
regular, chiitoitsu and kokushi forms, the backward recursion of section 6, and the scoring of
section 3 (closed riichi + menzen tsumo, yaku, fu, limits without kiriage, dora, red fives, the ura
expectation, yakuman multiples, the reading choice by pattern han then fu).

Modes (docs/eval.md, "Tests" of the hand-value section):
  --examples FILE   every hand of MODEL.md's examples.tsv against this implementation;
  --hands N         N seeded random closed hands (shanten 0 and 1, and 2 with --max-shanten 2)
                    plus the hand-picked edge cases, each against `riichi analyze --ev --model
                    reference --json` (--riichi BINARY);
  --hand HAND       one hand (with --dora, --seat, --round): prints this implementation's values,
                    and riichi's difference with --riichi.
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
from functools import lru_cache

import numpy as np

# ---------------------------------------------------------------------------------------------
# Tiles: ids 0-8 man 1-9, 9-17 pin, 18-26 sou, 27-33 honours E S W N haku hatsu chun,
# 34 35 36 the red fives 0m 0p 0s. Kinds: the 34 first ids (a red five is of kind 5).
NUM_IDS = 37
RED_OF_KIND = {4: 34, 13: 35, 22: 36}
KIND_OF_ID = list(range(34)) + [4, 13, 22]
WIND_IDS = {"E": 27, "S": 28, "W": 29, "N": 30}
DRAGONS = (31, 32, 33)
TERMINAL_HONOUR = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = {19, 20, 21, 23, 25, 32}  # 2 3 4 6 8 sou, hatsu


class InputError(Exception):
    pass


def tile_name(i):
    if i >= 34:
        return "0" + "mps"[i - 34]
    if i >= 27:
        return f"{i - 26}z"
    return f"{i % 9 + 1}{'mps'[i // 9]}"


def parse_tiles(text, what):
    """mpsz notation (0 = red five) -> list of ids; raises InputError naming the bad part."""
    ids, digits = [], []
    for pos, ch in enumerate(text):
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mpsz":
            if not digits:
                raise InputError(f"{what} '{text}': suit '{ch}' at {pos} without digits")
            for d in digits:
                n = int(d)
                if ch == "z":
                    if not 1 <= n <= 7:
                        raise InputError(f"{what} '{text}': no honour {n}z")
                    ids.append(26 + n)
                elif n == 0:
                    ids.append(34 + "mps".index(ch))
                else:
                    ids.append("mps".index(ch) * 9 + n - 1)
            digits = []
        else:
            raise InputError(f"{what} '{text}': unexpected '{ch}' at {pos}")
    if digits:
        raise InputError(f"{what} '{text}': digits without a suit at the end")
    return ids


def kinds_of(counts):
    k = list(counts[:34])
    k[4] += counts[34]
    k[13] += counts[35]
    k[22] += counts[36]
    return tuple(k)


def dora_of(kind):
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind < 31:
        return 27 if kind == 30 else kind + 1
    return 31 if kind == 33 else kind + 1


# ---------------------------------------------------------------------------------------------
# Shanten (min over regular, chiitoitsu, kokushi) by a decomposition search of each suit.


def group_targets(size, honour):
    """{(sets, pairs): array of the count vectors of `sets` sets and `pairs` (0/1) pair within
    one suit (size 9) or the honours (size 7), every kind at most four times."""
    set_vectors = []
    for i in range(size):
        v = [0] * size
        v[i] = 3
        set_vectors.append(v)
    if not honour:
        for i in range(7):
            v = [0] * size
            v[i] = v[i + 1] = v[i + 2] = 1
            set_vectors.append(v)
    targets = {}
    combos = {(): [0] * size}
    for m in range(5):
        if m:
            nxt = {}
            for key, v in combos.items():
                start = key[-1] if key else 0
                for j in range(start, len(set_vectors)):
                    w = [a + b for a, b in zip(v, set_vectors[j])]
                    if max(w) <= 4:
                        nxt[key + (j,)] = w
            combos = nxt
        vectors = {tuple(v) for v in combos.values()}
        targets[(m, 0)] = vectors
        with_pair = set()
        for v in vectors:
            for i in range(size):
                if v[i] + 2 <= 4:
                    w = list(v)
                    w[i] += 2
                    with_pair.add(tuple(w))
        targets[(m, 1)] = with_pair
    return {k: np.array(sorted(v), dtype=np.int64).reshape(-1, size)
            for k, v in targets.items() if v}


SUIT_TARGETS = group_targets(9, False)
HONOUR_TARGETS = group_targets(7, True)


INF = 99


@lru_cache(maxsize=None)
def group_missing(counts, honour):
    """Fewest tiles missing to hold m sets and p pairs (p 0/1) in this group, at index 2m + p."""
    have = np.array(counts, dtype=np.int64)
    table = HONOUR_TARGETS if honour else SUIT_TARGETS
    out = [INF] * 10
    for (m, p), t in table.items():
        out[2 * m + p] = int(np.maximum(t - have, 0).sum(axis=1).min())
    return tuple(out)


def combine(a, b):
    out = [INF] * 10
    for i in range(10):
        if a[i] >= INF:
            continue
        for j in range(10 - (i & ~1)):
            if (i & 1) + (j & 1) > 1 or b[j] >= INF:
                continue
            k = i + j
            if a[i] + b[j] < out[k]:
                out[k] = a[i] + b[j]
    return tuple(out)


@lru_cache(maxsize=None)
def two_suits(first, second):
    return combine(group_missing(first, False), group_missing(second, False))


@lru_cache(maxsize=None)
def suit_and_honours(suit, honours):
    return combine(group_missing(suit, False), group_missing(honours, True))


@lru_cache(maxsize=None)
def regular_shanten(kinds):
    """Tiles missing to the nearest four sets and a pair (each kind at most four times), less
    one. MODEL.md section 4 does not say which shanten; this one is riichi's (docs/eval.md) and,
    unlike the usual block count 8 - 2 sets - partial sets - head, it knows that four copies of
    a kind cannot wait on a fifth: 123m456m789s9999p is 1-shanten, not tenpai. Both give the
    examples to 6 digits; they differ only on hands holding four of a kind."""
    a = two_suits(kinds[0:9], kinds[9:18])
    b = suit_and_honours(kinds[18:27], tuple(sorted(kinds[27:34])))
    best = min(a[i] + b[9 - i] for i in range(10))
    return best - 1


def chiitoi_shanten(kinds):
    pairs = sum(1 for c in kinds if c >= 2)
    types = sum(1 for c in kinds if c >= 1)
    return 6 - pairs + max(0, 7 - types)


def kokushi_shanten(kinds):
    present = sum(1 for i in TERMINAL_HONOUR if kinds[i])
    pair = any(kinds[i] >= 2 for i in TERMINAL_HONOUR)
    return 13 - present - (1 if pair else 0)


@lru_cache(maxsize=None)
def shanten(kinds):
    return min(regular_shanten(kinds), chiitoi_shanten(kinds), kokushi_shanten(kinds))


# ---------------------------------------------------------------------------------------------
# Scoring of a closed tsumo win (MODEL.md section 3).


def ceil100(x):
    return (x + 99) // 100 * 100


def basic_points(han, fu):
    if han >= 13:
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5:
        return 2000
    return min(2000, fu * (1 << (2 + han)))


def tsumo_total(basic, dealer):
    if dealer:
        return 3 * ceil100(2 * basic)
    return ceil100(2 * basic) + 2 * ceil100(basic)


def regular_readings(kinds):
    """Every (pair kind, [blocks]) with blocks ('s', start) or ('t', kind), for a 14-tile hand."""
    out = []
    c = list(kinds)

    def rec(i, blocks, pair):
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            out.append((pair, list(blocks)))
            return
        if c[i] >= 3:
            c[i] -= 3
            blocks.append(("t", i))
            rec(i, blocks, pair)
            blocks.pop()
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            blocks.append(("s", i))
            rec(i, blocks, pair)
            blocks.pop()
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1

    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            rec(0, [], p)
            c[p] += 2
    return out


def is_terminal_or_honour(k):
    return k >= 27 or k % 9 in (0, 8)


class WinContext:
    def __init__(self, seat, round_wind, indicators):
        self.seat = seat
        self.round = round_wind
        self.dealer = seat == 27
        self.indicators = indicators  # ids
        self.dora_kinds = [dora_of(KIND_OF_ID[i]) for i in indicators]

    def yakuhai_kinds(self):
        return set(DRAGONS) | {self.seat, self.round}


def yakuman_multiple(kinds, win, ctx, readings):
    """Sum of the yakuman multiples of a complete 14-tile hand (0 if none)."""
    total = 0
    if kokushi_shanten(kinds) == -1:
        return 2 if kinds[win] == 2 else 1
    honours_only = all(kinds[k] == 0 for k in range(27))
    if chiitoi_shanten(kinds) == -1 and not readings:
        return 1 if honours_only else 0
    if honours_only:
        total += 1
    if all(kinds[k] == 0 or (k < 27 and k % 9 in (0, 8)) for k in range(34)):
        total += 1  # chinroutou
    if all(kinds[k] == 0 or k in GREEN for k in range(34)):
        total += 1  # ryuuiisou
    for s in range(3):
        suit = kinds[9 * s:9 * s + 9]
        if sum(suit) == 14:
            need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
            if all(suit[i] >= need[i] for i in range(9)):
                before = list(suit)
                before[win - 9 * s] -= 1
                total += 2 if before == need else 1
    best_reading = 0
    for pair, blocks in readings:
        v = 0
        trip = [b[1] for b in blocks if b[0] == "t"]
        if len(trip) == 4:
            v += 2 if pair == win else 1  # suuankou (tsumo: every triplet concealed)
        if all(d in trip for d in DRAGONS):
            v += 1
        winds = [k for k in trip if 27 <= k <= 30]
        if len(winds) == 4:
            v += 2
        elif len(winds) == 3 and 27 <= pair <= 30:
            v += 1
        best_reading = max(best_reading, v)
    return total + best_reading


def reading_yaku(pair, blocks, win, kinds, ctx):
    """Pattern han and fu of each way the winning tile sits in this reading: [(pattern, fu)]."""
    yh = ctx.yakuhai_kinds()
    seqs = sorted(b[1] for b in blocks if b[0] == "s")
    trips = [b[1] for b in blocks if b[0] == "t"]
    pattern = 0
    peikou = sum(seqs.count(s) // 2 for s in set(seqs))
    if peikou == 2:
        pattern += 3
    elif peikou == 1:
        pattern += 1
    if len(trips) == 4:
        pattern += 2  # toitoi
    if len(trips) >= 3:
        pattern += 2  # sanankou (tsumo)
    for n in range(9):
        if all(s * 9 + n in trips for s in range(3)):
            pattern += 2  # sanshoku doukou
        if n <= 6 and all(s * 9 + n in seqs for s in range(3)):
            pattern += 2  # sanshoku doujun
    for s in range(3):
        if all(s * 9 + n in seqs for n in (0, 3, 6)):
            pattern += 2  # ittsu
    if seqs:
        units = [pair] + trips
        all_t = all(is_terminal_or_honour(k) for k in units) and all(
            s % 9 in (0, 6) for s in seqs)
        if all_t:
            honours = any(k >= 27 for k in units)
            pattern += 2 if honours else 3  # chanta / junchan
    pair_fu = (2 if pair in DRAGONS else 0) + (2 if pair == ctx.seat else 0) + (
        2 if pair == ctx.round else 0)
    trip_fu = sum(8 if is_terminal_or_honour(k) else 4 for k in trips)
    out = []
    # where the winning tile sits: the pair (tanki), a triplet (shanpon), a sequence
    if pair == win:
        out.append((pattern, 20 + 2 + 2 + pair_fu + trip_fu))
    if win in trips:
        out.append((pattern, 20 + 2 + pair_fu + trip_fu))
    for s in set(seqs):
        if s <= win <= s + 2:
            pos = win - s
            if pos == 1:
                wait_fu = 2  # kanchan
            elif (pos == 2 and s % 9 == 0) or (pos == 0 and s % 9 == 6):
                wait_fu = 2  # penchan
            else:
                wait_fu = 0  # ryanmen
            if wait_fu == 0 and len(seqs) == 4 and pair not in yh:
                out.append((pattern + 1, 20))  # pinfu tsumo
            else:
                out.append((pattern, 20 + 2 + wait_fu + pair_fu + trip_fu))
    return out


def common_han(kinds, ctx, trips, pair, chiitoi):
    """Han of the yaku that do not depend on the reading, plus dora (no red fives)."""
    han = 1  # menzen tsumo
    present = [k for k in range(34) if kinds[k]]
    if all(not is_terminal_or_honour(k) for k in present):
        han += 1  # tanyao
    suits = {k // 9 for k in present if k < 27}
    honours = any(k >= 27 for k in present)
    if len(suits) == 1:
        han += 3 if honours else 6  # honitsu / chinitsu
    if all(is_terminal_or_honour(k) for k in present):
        han += 2  # honroutou (toitoi or chiitoitsu form: chinroutou / tsuuiisou are yakuman)
    if not chiitoi:
        for k in trips:
            if k in DRAGONS:
                han += 1
            if k == ctx.seat:
                han += 1
            if k == ctx.round:
                han += 1
        if sum(1 for d in DRAGONS if d in trips) == 2 and pair in DRAGONS:
            han += 2  # shousangen
    han += sum(kinds[d] for d in ctx.dora_kinds)
    return han


def ura_distribution(kinds, wall_kinds, n_ind):
    """P(k ura) for n_ind indicators drawn without replacement from wall_kinds (34 counts)."""
    groups = [0] * 5
    for y in range(34):
        if wall_kinds[y]:
            groups[kinds[dora_of(y)]] += wall_kinds[y]
    n_total = sum(wall_kinds)
    dist = {}

    def rec(v, left, ways, k):
        if v == 5:
            if left == 0:
                dist[k] = dist.get(k, 0) + ways
            return
        for n in range(0, min(left, groups[v]) + 1):
            rec(v + 1, left - n, ways * math.comb(groups[v], n), k + v * n)

    rec(0, n_ind, 1, 0)
    denom = math.comb(n_total, n_ind)
    return {k: w / denom for k, w in dist.items()}


def win_score(counts, win_id, riichi, ctx, wall_counts):
    """Points of a tsumo win on the 14-tile hand `counts` (37 ids), win_id the drawn tile."""
    kinds = kinds_of(counts)
    win = KIND_OF_ID[win_id]
    readings = regular_readings(kinds)
    ym = yakuman_multiple(kinds, win, ctx, readings)
    if ym:
        return float(tsumo_total(8000 * ym, ctx.dealer))
    if readings:
        best = None
        for pair, blocks in readings:
            for pattern, fu in reading_yaku(pair, blocks, win, kinds, ctx):
                key = (pattern, fu)
                if best is None or key > best[0]:
                    best = (key, pair, blocks)
        (pattern, fu), pair, blocks = best
        trips = [b[1] for b in blocks if b[0] == "t"]
        han = pattern + common_han(kinds, ctx, trips, pair, False)
        fu = (fu + 9) // 10 * 10
    elif chiitoi_shanten(kinds) == -1:
        han = 2 + common_han(kinds, ctx, [], None, True)
        fu = 25
    else:
        raise AssertionError("not a complete hand")
    han += counts[34] + counts[35] + counts[36]
    if riichi:
        han += 1
    if not riichi:
        return float(tsumo_total(basic_points(han, fu), ctx.dealer))
    wall_kinds = kinds_of(wall_counts)
    total = 0.0
    for k, p in ura_distribution(kinds, wall_kinds, len(ctx.indicators)).items():
        total += p * tsumo_total(basic_points(han + min(k, 12), fu), ctx.dealer)
    return total


# ---------------------------------------------------------------------------------------------
# The state graph (MODEL.md section 4) and the recursion (section 6).

T_MAX = 18


class Model:
    def __init__(self, hand_ids, indicator_ids, seat, round_wind):
        self.hand0 = [0] * NUM_IDS
        for i in hand_ids:
            self.hand0[i] += 1
        self.hand0 = tuple(self.hand0)
        self.ctx = WinContext(seat, round_wind, indicator_ids)
        physical = [4] * 34 + [1, 1, 1]
        for k in (4, 13, 22):
            physical[k] = 3
        seen = list(self.hand0)
        for i in indicator_ids:
            seen[i] += 1
        self.wall0 = tuple(physical[i] - seen[i] for i in range(NUM_IDS))
        for i in range(NUM_IDS):
            if self.wall0[i] < 0:
                raise InputError(f"more than the existing copies of {tile_name(i)} "
                                 "in the hand and dora indicators")
        self.s0_total = 136 - 14 - len(indicator_ids)
        self.shanten0 = shanten(kinds_of(self.hand0))
        if self.shanten0 < 0:
            raise InputError("the hand is already complete")
        self.score_cache = {}

    def wall(self, h, x):
        return self.wall0[x] + self.hand0[x] - h[x]

    def dist(self, h):
        return sum(max(a - b, 0) for a, b in zip(h, self.hand0))

    def can_extend(self, h, s):
        return self.dist(h) + s < self.shanten0 + 1

    def score(self, H, x, riichi):
        key = (H, x, riichi)
        if key not in self.score_cache:
            wall = tuple(self.wall0[i] + self.hand0[i] - H[i] for i in range(NUM_IDS))
            self.score_cache[key] = win_score(H, x, riichi, self.ctx, wall)
        return self.score_cache[key]

    def build(self):
        draw_idx, disc_idx = {}, {}
        draw_list, disc_list = [], []
        edges = {}
        todo = []

        def draw_node(h, r):
            key = (h, r)
            if key not in draw_idx:
                draw_idx[key] = len(draw_list)
                draw_list.append(key)
                todo.append(("d", key))
            return draw_idx[key]

        def disc_node(H, r):
            key = (H, r)
            if key not in disc_idx:
                disc_idx[key] = len(disc_list)
                disc_list.append(key)
                todo.append(("D", key))
            return disc_idx[key]

        root = disc_node(self.hand0, False)
        self.results = {}
        while todo:
            kind, (hand, r) = todo.pop()
            kinds = kinds_of(hand)
            s = shanten(kinds)
            ext = (not r) and self.can_extend(hand, s)
            if kind == "d":
                d = draw_idx[(hand, r)]
                for x in range(NUM_IDS):
                    w = self.wall(hand, x)
                    if w <= 0:
                        continue
                    k2 = list(kinds)
                    k2[KIND_OF_ID[x]] += 1
                    s2 = shanten(tuple(k2))
                    if s2 < s or ext:
                        H = list(hand)
                        H[x] += 1
                        H = tuple(H)
                        D = disc_node(H, r)
                        if (d, D) not in edges:
                            sc = self.score(H, x, r) if s2 == -1 else 0.0
                            edges[(d, D)] = (w, sc)
            else:
                D = disc_idx[(hand, r)]
                for x in range(NUM_IDS):
                    if hand[x] == 0:
                        continue
                    k2 = list(kinds)
                    k2[KIND_OF_ID[x]] -= 1
                    unnecessary = shanten(tuple(k2)) == s
                    if unnecessary or ext:
                        r2 = True if (s == 0 and unnecessary) else r
                        h = list(hand)
                        h[x] -= 1
                        h = tuple(h)
                        d = draw_node(h, r2)
                        if D == root:
                            self.results[x] = d
                        if (d, D) not in edges:
                            sc = self.score(hand, x, r2) if s == -1 else 0.0
                            edges[(d, D)] = (self.wall(h, x), sc)
        self.draw_list, self.disc_list, self.edges = draw_list, disc_list, edges

    def evaluate(self):
        """{discard id: (tenpai[19], win[19], exp[19])}, index = turn (0 left at 0)."""
        self.build()
        nd, nD = len(self.draw_list), len(self.disc_list)
        src = np.array([e[0] for e in self.edges], dtype=np.int64)
        dst = np.array([e[1] for e in self.edges], dtype=np.int64)
        w = np.array([v[0] for v in self.edges.values()], dtype=np.float64)
        sc = np.array([v[1] for v in self.edges.values()], dtype=np.float64)
        is_win = sc > 0
        tenpai_d = np.array([shanten(kinds_of(h)) == 0 for h, _ in self.draw_list])
        vals = np.zeros((T_MAX + 1, 3, nd))
        vals[T_MAX, 0] = tenpai_d.astype(np.float64)
        disc = self.disc_values(vals[T_MAX], dst, src, nD)
        for t in range(T_MAX - 1, 0, -1):
            nxt = disc[:, dst]  # (3, E): the discard node's values at t + 1
            nxt = nxt.copy()
            nxt[0, is_win] = 1.0
            nxt[1, is_win] = 1.0
            nxt[2, is_win] = np.maximum(sc[is_win], nxt[2, is_win])
            prev = vals[t + 1]
            for m in range(3):
                acc = np.bincount(src, weights=w * (nxt[m] - prev[m, src]), minlength=nd)
                vals[t, m] = prev[m] + acc / (self.s0_total - t)
            vals[t, 0, tenpai_d] = 1.0
            disc = self.disc_values(vals[t], dst, src, nD)
        self.stats = (nd, nD, len(self.edges))
        return {x: tuple(vals[:, m, d] for m in range(3)) for x, d in self.results.items()}

    @staticmethod
    def disc_values(draw_vals, dst, src, nD):
        out = np.zeros((3, nD))
        for m in range(3):
            np.maximum.at(out[m], dst, draw_vals[m, src])
        return out


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


def parse_wind(text, what):
    t = text.strip().upper()
    if t in WIND_IDS:
        return WIND_IDS[t]
    if t in ("1Z", "2Z", "3Z", "4Z"):
        return 26 + int(t[0])
    raise InputError(f"{what} '{text}': expected E, S, W, N (or 1z-4z)")


def wind_letter(i):
    return "ESWN"[i - 27]


def make_model(hand, dora, seat, round_wind):
    ids = parse_tiles(hand, "hand")
    if len(ids) != 14:
        raise InputError(f"hand '{hand}': {len(ids)} tiles, expected 14 (a closed hand)")
    ind = parse_tiles(dora, "dora indicators")
    if not 1 <= len(ind) <= 5:
        raise InputError(f"dora indicators '{dora}': 1 to 5 expected")
    return Model(ids, ind, parse_wind(seat, "seat"), parse_wind(round_wind, "round"))


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


def evaluate(hand, dora, seat, round_wind):
    model = make_model(hand, dora, seat, round_wind)
    res = model.evaluate()
    return {tile_name(x): v for x, v in res.items()}, model


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


def random_hand(rng, want_shanten):
    tiles = [i for i in range(34) for _ in range(4)]
    for k in (4, 13, 22):
        tiles.remove(k)
        tiles.append(RED_OF_KIND[k])
    while True:
        rng.shuffle(tiles)
        hand = tiles[:14]
        ind = tiles[14:14 + rng.choice((1, 1, 1, 2, 3))]
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
                cases.append(random_hand(rng, {shantens[i % len(shantens)]}))
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
    except InputError as e:
        print(f"ev_reference_check: {e}", file=sys.stderr)
        return 2
    except RuntimeError as e:
        print(f"ev_reference_check: {e}", file=sys.stderr)
        return 2
    for m in failures:
        print("MISMATCH " + m)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
